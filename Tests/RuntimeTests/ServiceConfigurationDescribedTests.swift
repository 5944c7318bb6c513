@testable import Runtime
import ServiceLifecycle
import XCTest

final class ServiceConfigurationDescribedTests: XCTestCase {
    private struct NamedService: Service, CustomStringConvertible {
        var description: String { "board" }
        func run() async throws {}
    }

    func testAServiceIsNamedByItsDescriptionAsServiceLifecyclesInterpolationWouldNameIt() {
        let configuration = ServiceGroupConfiguration.ServiceConfiguration.described(
            NamedService(), onSuccess: .ignore, onFailure: .gracefullyShutdownGroup)
        XCTAssertEqual(configuration.serviceName, "board")
        XCTAssertEqual(configuration.serviceName,
                       ServiceGroupConfiguration.ServiceConfiguration(service: NamedService()).serviceName,
                       "the name ServiceLifecycle's initializer without one gives")
        XCTAssertEqual(configuration.successTerminationBehavior.description, "ignore")
        XCTAssertEqual(configuration.failureTerminationBehavior.description, "gracefullyShutdownGroup")
    }

    func testBackgroundWorkIsNamedByItsWork() {
        let service = BackgroundWorkService(work: BackgroundWork(name: "upload", run: {}))
        let configuration = ServiceGroupConfiguration.ServiceConfiguration.described(service, onSuccess: .ignore, onFailure: .ignore)
        XCTAssertEqual(configuration.serviceName, "upload")
    }
}

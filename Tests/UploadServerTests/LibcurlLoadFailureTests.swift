import UploadTransport
import XCTest

/// What a system without a usable libcurl is told, for each way loading it fails: which file, why,
/// and what to do. (Through the binary, with `WAYFINDER_LIBCURL`: LibcurlLoadingCommandLineTests.)
final class LibcurlLoadFailureTests: XCTestCase {
    func testAMissingLibcurlSaysWhichPackageToInstall() {
        let failure = LibcurlLoadFailure(path: "libcurl.so.4", fromEnvironment: false, reason: .notFound,
                                         detail: "cannot open shared object file: No such file or directory")
        XCTAssertEqual(failure.description, "cannot load libcurl.so.4 (cannot open shared object file: No such file or directory): "
                       + "the upload needs Debian's libcurl; install it (apt-get install libcurl4, libcurl4t64 on Debian 13)")
        XCTAssertEqual(TransportError.libcurlUnavailable(failure).description, failure.description)
    }

    func testALibraryWithoutCurlsFunctionsSaysTheSame() {
        let failure = LibcurlLoadFailure(path: "libcurl.so.4", fromEnvironment: false, reason: .notLibcurl,
                                         detail: "/usr/lib/libcurl.so.4: undefined symbol: curl_easy_reset")
        XCTAssertEqual(failure.description, "cannot load libcurl.so.4 (/usr/lib/libcurl.so.4: undefined symbol: curl_easy_reset): "
                       + "the upload needs Debian's libcurl; install it (apt-get install libcurl4, libcurl4t64 on Debian 13)")
    }

    func testAFailedInitialisationNamesCurlGlobalInit() {
        let failure = LibcurlLoadFailure(path: "libcurl.so.4", fromEnvironment: false, reason: .initialisation,
                                         detail: "Failed initialization")
        XCTAssertEqual(failure.description, "libcurl could not initialise (curl_global_init: Failed initialization): the upload cannot send")
    }

    func testAFileNamedByTheEnvironmentNamesTheVariable() {
        let failure = LibcurlLoadFailure(path: "/opt/curl/libcurl.so.4", fromEnvironment: true, reason: .notFound,
                                         detail: "cannot open shared object file: No such file or directory")
        XCTAssertEqual(failure.description, "cannot load /opt/curl/libcurl.so.4, named by WAYFINDER_LIBCURL "
                       + "(cannot open shared object file: No such file or directory): "
                       + "name Debian's libcurl there, or unset it to load libcurl.so.4")
    }
}

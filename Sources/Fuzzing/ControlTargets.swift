import Status

/// The control socket's messages: what any local user in the wayfinder group can send the
/// appliance, and what the command line reads back.
enum ControlTargets {
    /// A request packet: refused with words or understood, and an understood request written back
    /// out reads as itself.
    static let request = FuzzTarget(
        name: "control-request",
        summary: "a control socket request (JSON) to a request, written back and read again"
    ) { input throws(FuzzViolation) in
        let text = String(decoding: input.rest(), as: UTF8.self)
        let request: ControlRequest
        do throws(ControlRequestError) {
            request = try ControlRequest(line: text)
        } catch {
            try expect(!error.description.isEmpty, "a refusal without words")
            return
        }
        try expect((try? ControlRequest(line: request.line)) == request, "\(request) does not read back as itself from \(request.line)")
    }

    /// An answer as `wayfinder status` reads it: understood or refused, and the page and the follow
    /// line render whatever the numbers are.
    static let response = FuzzTarget(
        name: "control-response",
        summary: "an appliance's answer (JSON) to a status page and back"
    ) { input throws(FuzzViolation) in
        guard let response = try? ControlResponse(line: String(decoding: input.rest(), as: UTF8.self)) else { return }
        if let report = response.status {
            try expect(!StatusPage.render(report).isEmpty, "an empty page")
            _ = StatusPage.line(report)
        }
        try expect((try? ControlResponse(line: response.line)) == response, "\(response.line) does not read back as itself")
    }
}

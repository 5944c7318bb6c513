/// FE14 `0C …`: one error-log entry, development firmware only (FSLib-iOS `FSBeltErrorLog.swift`).
package struct BeltErrorLogEntry: Sendable, Hashable {
    package var errorCode: UInt32
    package var timeMilliseconds: UInt32
    package var session: UInt16
    package var more: Bool

    package init(errorCode: UInt32, timeMilliseconds: UInt32, session: UInt16, more: Bool) {
        self.errorCode = errorCode
        self.timeMilliseconds = timeMilliseconds
        self.session = session
        self.more = more
    }
}

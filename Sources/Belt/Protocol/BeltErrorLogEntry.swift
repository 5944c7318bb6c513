/// FE14 `0C …`: one error-log entry, development firmware only (FSLib-iOS `FSBeltErrorLog.swift`).
public struct BeltErrorLogEntry: Sendable, Hashable {
    public var errorCode: UInt32
    public var timeMilliseconds: UInt32
    public var session: UInt16
    public var more: Bool

    public init(errorCode: UInt32, timeMilliseconds: UInt32, session: UInt16, more: Bool) {
        self.errorCode = errorCode
        self.timeMilliseconds = timeMilliseconds
        self.session = session
        self.more = more
    }
}

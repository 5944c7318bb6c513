/// FE14 `0B …`: the header of an error-log answer, development firmware only (FSLib-iOS `FSBeltErrorLog.swift`).
public struct BeltErrorLogHeader: Sendable, Hashable {
    public var session: UInt16
    /// Entries that follow; 0 ends the request.
    public var entryCount: UInt8
    public var firstError: UInt32
    public var lastError: UInt32

    public init(session: UInt16, entryCount: UInt8, firstError: UInt32, lastError: UInt32) {
        self.session = session
        self.entryCount = entryCount
        self.firstError = firstError
        self.lastError = lastError
    }
}

/// FE14 `0B …`: the header of an error-log answer, development firmware only (FSLib-iOS `FSBeltErrorLog.swift`).
package struct BeltErrorLogHeader: Sendable, Hashable {
    package var session: UInt16
    /// Entries that follow; 0 ends the request.
    package var entryCount: UInt8
    package var firstError: UInt32
    package var lastError: UInt32

    package init(session: UInt16, entryCount: UInt8, firstError: UInt32, lastError: UInt32) {
        self.session = session
        self.entryCount = entryCount
        self.firstError = firstError
        self.lastError = lastError
    }
}

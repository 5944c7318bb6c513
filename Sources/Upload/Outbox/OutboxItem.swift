/// One file that goes up, and the object key it goes to.
package struct OutboxItem: Sendable, Hashable {
    package var key: String
    package var file: ScannedFile
    /// Samples are written while `wayfinder record` runs; they go up once they have stopped changing.
    package var isSample: Bool

    package init(key: String, file: ScannedFile, isSample: Bool) {
        self.key = key
        self.file = file
        self.isSample = isSample
    }
}

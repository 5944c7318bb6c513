/// What `[upload] what` may name: the finished walks (track, event journal, trip report, manifest)
/// and the gesture sample files of `wayfinder record`.
package enum UploadContent: String, Sendable, Hashable, CaseIterable {
    case walks
    case samples
}

/// `[upload] when`: `idle` uploads only while no walk is in progress (stopped or finished; a paused
/// walk is in progress), so the upload never competes with guidance; `always` uploads during a walk too.
package enum UploadTiming: String, Sendable, Hashable, CaseIterable {
    case idle
    case always
}

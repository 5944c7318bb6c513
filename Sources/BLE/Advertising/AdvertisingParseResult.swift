/// What `AdvertisingData.parse` found: the data, and every problem on the way.
///
/// Why not a throwing parse: a peripheral's malformed tail must not hide the name and services it
/// sent before it, so problems are reported beside the data instead of replacing it.
public struct AdvertisingParseResult: Sendable, Hashable {
    public var data: AdvertisingData
    /// Empty for well-formed input. At most one `.truncated`, and it is the last.
    public var errors: [AdvertisingDataError]

    public init(data: AdvertisingData, errors: [AdvertisingDataError] = []) {
        self.data = data
        self.errors = errors
    }
}

/// What `AdvertisingData.parse` found: the data, and every problem on the way.
///
/// Why not a throwing parse: a peripheral's malformed tail must not hide the name and services it
/// sent before it, so problems are reported beside the data instead of replacing it.
package struct AdvertisingParseResult: Sendable, Hashable {
    package var data: AdvertisingData
    /// Empty for well-formed input. At most one `.truncated`, and it is the last.
    package var errors: [AdvertisingDataError]

    package init(data: AdvertisingData, errors: [AdvertisingDataError] = []) {
        self.data = data
        self.errors = errors
    }
}

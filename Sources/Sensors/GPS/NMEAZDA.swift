/// ZDA, time and date: UTC time, day, month, four-digit year, local zone hours and minutes.
public struct NMEAZDA: Sendable, Hashable {
    public var timeOfDay: Int?
    public var date: GPSDate?

    public init(timeOfDay: Int?, date: GPSDate?) {
        self.timeOfDay = timeOfDay
        self.date = date
    }

    @inline(__always) // built straight into the decoded message: no copy through a temporary
    init(_ f: NMEAFields) throws(NMEAFieldError) {
        try f.require(4)
        timeOfDay = try f.timeOfDay(1)
        let day = try f.int(2), month = try f.int(3), year = try f.int(4)
        switch (day, month, year) {
        case (nil, nil, nil):
            date = nil
        case let (day?, month?, year?):
            guard let valid = GPSDate(year: year, month: month, day: day) else {
                throw NMEAFieldError(field: 2, reason: "no such date")
            }
            date = valid
        default:
            throw NMEAFieldError(field: 2, reason: "partial date")
        }
    }
}

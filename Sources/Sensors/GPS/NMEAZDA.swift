/// ZDA, time and date: UTC time, day, month, four-digit year, local zone hours and minutes.
package struct NMEAZDA: Sendable, Hashable {
    package var timeOfDay: Int?
    package var date: GPSDate?

    package init(timeOfDay: Int?, date: GPSDate?) {
        self.timeOfDay = timeOfDay
        self.date = date
    }

    @_transparent // built straight into the decoded message (see `NMEADecoder.rmc`)
    init(_ fields: NMEAFields) throws(NMEAFieldError) {
        var f = fields
        timeOfDay = try f.timeOfDay()
        let day = try f.int(), month = try f.int()
        try f.require(4)
        let year = try f.int()
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

/// When the navigation actor moves the alarm for the guidance's next check (`RouteGuidance.nextCheck`).
///
/// Each fix moves the GPS check on (each heading the compass's), and moving the alarm makes a task
/// and cancels one. An alarm left at an earlier time would wake the loop only to find nothing due;
/// so one that is earlier than the check is kept only while it is at least halfway there, and moved
/// once it is not. With inputs more often than every half timeout (a 1 Hz GPS, `fix_timeout_s` 10)
/// the alarm is moved every half timeout and never fires early; after a longer gap (the GPS going
/// quiet) it may fire once early, find nothing due and be set for the check. It is never later than
/// the check.
package enum CheckAlarmRule {
    /// Whether the alarm set for `armed` may stay for a check due at `due`, at `now`.
    package static func keeps(armed: Duration, for due: Duration, now: Duration) -> Bool {
        armed == due || (armed < due && armed - now >= (due - now) / 2)
    }
}

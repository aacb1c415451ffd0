import Foundation

/// The one source of "now" and "today" for every job, in the office's time zone.
///
/// Jobs never read the wall clock themselves; they are handed a clock, so tests and demos can fix
/// today (`SLOTSHEET_TODAY=2026-12-01`) and get the same answers on any day.
///
///     let clock = OfficeClock.fixed(today: LocalDate(iso: "2026-12-01")!)
///     clock.today.adding(days: 3)   // 2026-12-04: the first bookable day
public struct OfficeClock: Sendable {
    /// The time zone that decides where one day ends; the office's, not the machine's.
    public let timeZone: TimeZone
    private let instant: @Sendable () -> Date
    private let fixedToday: LocalDate?

    /// The office time zone when none is configured.
    public static let defaultTimeZone = TimeZone(identifier: "Europe/Amsterdam")!

    public init(timeZone: TimeZone = OfficeClock.defaultTimeZone, now: @escaping @Sendable () -> Date = Date.init) {
        self.timeZone = timeZone
        self.instant = now
        self.fixedToday = nil
    }

    private init(timeZone: TimeZone, now: @escaping @Sendable () -> Date, today: LocalDate?) {
        self.timeZone = timeZone
        self.instant = now
        self.fixedToday = today
    }

    /// A clock whose today is `today`; the time of day still runs, so event times keep their order,
    /// and "now" falls on that day, so "the last 24 hours" means the day before it.
    public static func fixed(today: LocalDate, timeZone: TimeZone = OfficeClock.defaultTimeZone) -> OfficeClock {
        OfficeClock(timeZone: timeZone, now: {
            let real = Date()
            let shift = LocalDate(real, in: timeZone).days(to: today)
            return real.addingTimeInterval(Double(shift) * 86_400)
        }, today: today)
    }

    /// The current instant (for created/updated times and logs).
    public var now: Date { instant() }

    /// The office's current date: the fixed one, or the wall clock's date in `timeZone`.
    public var today: LocalDate { fixedToday ?? LocalDate(now, in: timeZone) }

    /// A clock stopped at a local wall-clock time on `date` that then runs on, so event times
    /// keep their order (`SLOTSHEET_NOW`, for tests and demos of the day's closing time).
    public static func fixed(at time: ClockTime, on date: LocalDate, timeZone: TimeZone = OfficeClock.defaultTimeZone) -> OfficeClock {
        let zoneless = OfficeClock(timeZone: timeZone)
        let start = zoneless.instant(on: date, at: time)
        let started = Date()
        return OfficeClock(timeZone: timeZone, now: { start.addingTimeInterval(Date().timeIntervalSince(started)) })
    }

    /// `now` as an ISO 8601 UTC timestamp, the form times take in the database.
    public func timestamp() -> String {
        Timestamp.iso(now)
    }
}

/// ISO 8601 UTC timestamps (`2026-12-01T09:30:00Z`), the form every stored time takes.
public enum Timestamp {
    public static func iso(_ instant: Date) -> String {
        let seconds = Int(instant.timeIntervalSince1970.rounded(.down))
        let day = LocalDate(dayNumber: Int((Double(seconds) / 86_400).rounded(.down)))
        let secondOfDay = seconds - day.dayNumber * 86_400
        return String(format: "%@T%02d:%02d:%02dZ", day.iso, secondOfDay / 3600, secondOfDay / 60 % 60, secondOfDay % 60)
    }
}

extension OfficeClock {
    /// The instant of a local wall-clock time on `date` in the office zone (on a summer-time
    /// change, the offset in force just before it).
    public func instant(on date: LocalDate, at time: ClockTime) -> Date {
        let localSeconds = Double(date.dayNumber * 86_400 + time.minuteOfDay * 60)
        let guess = Date(timeIntervalSince1970: localSeconds)
        let offset = Double(timeZone.secondsFromGMT(for: guess.addingTimeInterval(-Double(timeZone.secondsFromGMT(for: guess)))))
        return Date(timeIntervalSince1970: localSeconds - offset)
    }

    /// The UTC timestamp of a local wall-clock time on `date` in the office zone.
    public func timestamp(on date: LocalDate, at time: ClockTime) -> String {
        Timestamp.iso(instant(on: date, at: time))
    }

    /// Now, as the office's clock shows it.
    public var localNow: LocalTime {
        let instant = now
        let offset = timeZone.secondsFromGMT(for: instant)
        let local = Int(instant.timeIntervalSince1970.rounded(.down)) + offset
        let day = LocalDate(dayNumber: Int((Double(local) / 86_400).rounded(.down)))
        let secondOfDay = local - day.dayNumber * 86_400
        return LocalTime(date: day, hour: secondOfDay / 3600, minute: secondOfDay / 60 % 60, second: secondOfDay % 60, offsetSeconds: offset)
    }
}

/// A moment as the office's clock shows it.
public struct LocalTime: Hashable, Sendable {
    public var date: LocalDate
    public init(date: LocalDate, hour: Int, minute: Int, second: Int = 0, offsetSeconds: Int = 0) {
        self.date = date
        self.hour = hour
        self.minute = minute
        self.second = second
        self.offsetSeconds = offsetSeconds
    }

    public var hour: Int
    public var minute: Int
    public var second: Int
    /// Offset from UTC in seconds at that moment (summer time included).
    public var offsetSeconds: Int

    /// `2026-12-08T09:30:00+01:00`.
    public var iso: String {
        String(format: "%@T%02d:%02d:%02d", date.iso, hour, minute, second) + offsetText
    }
}

extension OfficeClock {
    /// A stored UTC timestamp (`2026-12-08T08:30:00Z`) on the office's clock; nil if it is not one.
    public func localTime(ofTimestamp text: String) -> LocalTime? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes[10] == UInt8(ascii: "T"), bytes.last == UInt8(ascii: "Z"),
              let date = LocalDate(iso: text.prefix(10)) else { return nil }
        let clock = text.dropFirst(11).prefix(8).split(separator: ":").compactMap { Int($0) }
        guard clock.count == 3 else { return nil }
        let utcSeconds = date.dayNumber * 86_400 + clock[0] * 3600 + clock[1] * 60 + clock[2]
        let offset = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(utcSeconds)))
        let local = utcSeconds + offset
        let day = LocalDate(dayNumber: Int((Double(local) / 86_400).rounded(.down)))
        let secondOfDay = local - day.dayNumber * 86_400
        return LocalTime(date: day, hour: secondOfDay / 3600, minute: secondOfDay / 60 % 60, second: secondOfDay % 60, offsetSeconds: offset)
    }

    /// The UTC instant at which the office's day `date` begins (midnight, local).
    public func startOfDay(_ date: LocalDate) -> String {
        timestamp(on: date, at: ClockTime("00:00")!)
    }
}

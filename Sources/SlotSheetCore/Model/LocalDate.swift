import Foundation
import XLSXReader

/// A calendar date without a time or a zone: the `date` of a slot, stored as ISO `YYYY-MM-DD`.
///
/// Kept as a day number so that ranges, arithmetic and hashing are cheap for year-long templates
/// (550k cells), and free of `Calendar`, which is slow and locale-dependent.
///
///     let day = LocalDate(iso: "2026-12-08")!
///     day.adding(days: 3).iso   // "2026-12-11"
///     day.weekday               // .tuesday
public struct LocalDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Days since 1970-01-01 (negative before it).
    public let dayNumber: Int

    public init(dayNumber: Int) {
        self.dayNumber = dayNumber
    }

    /// A date from its parts, or nil when the day does not exist (31 April, 29 February 2027).
    public init?(year: Int, month: Int, day: Int) {
        guard CivilCalendar.isValid(year: year, month: month, day: day) else { return nil }
        self.dayNumber = CivilCalendar.dayNumber(year: year, month: month, day: day)
    }

    /// Parses exactly `YYYY-MM-DD`; anything else (or a day that does not exist) is nil.
    public init?(iso text: some StringProtocol) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              let year = LocalDate.number(bytes[0..<4]),
              let month = LocalDate.number(bytes[5..<7]),
              let day = LocalDate.number(bytes[8..<10]) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The parts of the date (proleptic Gregorian calendar).
    public var parts: (year: Int, month: Int, day: Int) { CivilCalendar.date(dayNumber: dayNumber) }

    /// `YYYY-MM-DD`, the form dates take in the database, CSV files and metadata.
    public var iso: String {
        let (year, month, day) = parts
        guard (0...9999).contains(year) else { return String(format: "%04d-%02d-%02d", year, month, day) }
        // Digit by digit: Foundation's String(format:) costs about 20,000 instructions a call, and a
        // year template's export and import name each of its 2,190 rows' dates several times.
        let digit = { (value: Int) in UInt8(ascii: "0") + UInt8(value) }
        let bytes: [UInt8] = [digit(year / 1000), digit(year / 100 % 10), digit(year / 10 % 10), digit(year % 10), UInt8(ascii: "-"),
                              digit(month / 10), digit(month % 10), UInt8(ascii: "-"), digit(day / 10), digit(day % 10)]
        return String(decoding: bytes, as: UTF8.self)
    }

    public var description: String { iso }

    public var weekday: Weekday {
        // 1970-01-01 was a Thursday.
        let index = ((dayNumber % 7) + 7 + 3) % 7
        return Weekday.allCases[index]
    }

    public func adding(days: Int) -> LocalDate {
        LocalDate(dayNumber: dayNumber + days)
    }

    /// Whole days from `self` to `other` (positive when `other` is later).
    public func days(to other: LocalDate) -> Int {
        other.dayNumber - dayNumber
    }

    /// The date it is at `instant` in `timeZone`.
    public init(_ instant: Date, in timeZone: TimeZone) {
        let local = instant.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: instant))
        self.init(dayNumber: Int((local / 86_400).rounded(.down)))
    }

    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
        lhs.dayNumber < rhs.dayNumber
    }

    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for digit in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else { return nil }
            value = value * 10 + Int(digit - UInt8(ascii: "0"))
        }
        return value
    }
}

/// ISO weekdays, Monday first, as the office plans its weeks.
public enum Weekday: Int, CaseIterable, Sendable {
    case monday = 1, tuesday, wednesday, thursday, friday, saturday, sunday

    public var isWeekend: Bool { self == .saturday || self == .sunday }
}

/// A closed range of dates, `from` through `to`, as the commands take them (`--from`, `--to`).
public struct DateRange: Hashable, Sendable, Sequence, CustomStringConvertible {
    public let from: LocalDate
    public let to: LocalDate

    /// Nil when `to` is before `from`.
    public init?(from: LocalDate, to: LocalDate) {
        guard from <= to else { return nil }
        self.from = from
        self.to = to
    }

    public var dayCount: Int { from.days(to: to) + 1 }

    public func contains(_ date: LocalDate) -> Bool {
        from <= date && date <= to
    }

    public func makeIterator() -> AnyIterator<LocalDate> {
        var next = from
        return AnyIterator {
            guard next <= to else { return nil }
            defer { next = next.adding(days: 1) }
            return next
        }
    }

    public var description: String { "\(from.iso)..\(to.iso)" }
}

/// The ranges a person picks by name ("next month" on the Template page), worked out once in the
/// core rather than by each front.
extension DateRange {
    /// The whole calendar month after the one `date` is in (December: January of the next year).
    public static func monthAfter(_ date: LocalDate) -> DateRange {
        let first = firstOfNextMonth(date)
        return DateRange(from: first, to: firstOfNextMonth(first).adding(days: -1))!
    }

    /// The four weeks after `date`: the next day and the 27 after it.
    public static func fourWeeks(after date: LocalDate) -> DateRange {
        DateRange(from: date.adding(days: 1), to: date.adding(days: 28))!
    }

    private static func firstOfNextMonth(_ date: LocalDate) -> LocalDate {
        let (year, month, _) = date.parts
        return LocalDate(year: month == 12 ? year + 1 : year, month: month == 12 ? 1 : month + 1, day: 1)!
    }
}

/// The two ways a workbook counts days. Most use 1900 (day 1 is 1900-01-01, with Lotus's phantom
/// 1900-02-29 as day 60); old Mac workbooks use 1904 (day 0 is 1904-01-01).
public enum DateSystem: Sendable, Equatable {
    case from1900
    case from1904

    /// The day a bare time (a serial below 1) is dated on: 1899-12-30 or 1904-01-01.
    var epochDay: Int { self == .from1900 ? CivilCalendar.dayNumber(year: 1899, month: 12, day: 30) : CivilCalendar.dayNumber(year: 1904, month: 1, day: 1) }
}

/// A date and time as a cell shows it: no time zone, to the millisecond.
///
///     XLSXDateTime(serial: 45000.5, system: .from1900)?.iso8601   // "2023-03-15T12:00:00"
public struct XLSXDateTime: Hashable, Sendable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int
    public var hour: Int
    public var minute: Int
    public var second: Int
    public var millisecond: Int
    /// True when the cell held only a time of day (a serial below 1, or `t="d"` text like `10:30:00`);
    /// the date is then the epoch day of the workbook's date system.
    public var isTimeOfDay: Bool

    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0,
                millisecond: Int = 0, isTimeOfDay: Bool = false) {
        (self.year, self.month, self.day) = (year, month, day)
        (self.hour, self.minute, self.second, self.millisecond) = (hour, minute, second, millisecond)
        self.isTimeOfDay = isTimeOfDay
    }

    /// `YYYY-MM-DDTHH:MM:SS`, with `.fff` when there are milliseconds.
    public var iso8601: String {
        var text = "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))"
        if millisecond != 0 { text += ".\(pad(millisecond, 3))" }
        return text
    }

    public var description: String { iso8601 }

    /// The date and time of a serial number in a date system; nil when it falls outside years 1-9999.
    /// Fractions are rounded to the millisecond, as Excel displays them.
    public init?(serial: Double, system: DateSystem) {
        guard serial.isFinite, abs(serial) < 4_000_000 else { return nil }
        let wholeDays = serial.rounded(.down)
        let milliseconds = Int(((serial - wholeDays) * 86_400 * 1000).rounded(.toNearestOrEven))
        var days = Int(wholeDays)
        let timeOnly = serial >= 0 && serial < 1 && milliseconds < 86_400_000
        // Day 60 of the 1900 system is the phantom 1900-02-29: days before it shift by one.
        if system == .from1900 && serial > 0 && serial < 60 && !timeOnly { days += 1 }
        self.init(epochMilliseconds: (system.epochDay + days) * 86_400_000 + milliseconds, isTimeOfDay: timeOnly)
        guard (1...9999).contains(year) else { return nil }
    }

    /// A duration (a number with an elapsed-time format such as `[h]:mm`) as the epoch day plus that
    /// many days: 1.5 in the 1900 system is 1899-12-31T12:00:00. nil outside years 1-9999.
    public init?(duration: Double, system: DateSystem) {
        guard duration.isFinite, abs(duration) < 4_000_000 else { return nil }
        self.init(milliseconds: Int((duration * 86_400 * 1000).rounded(.toNearestOrEven)), after: system.epochDay)
    }

    /// A duration of `milliseconds` counted from the start of day number `epochDay` (an .ods time value
    /// from its null date); nil outside years 1-9999.
    init?(milliseconds: Int, after epochDay: Int) {
        guard abs(milliseconds) < 4_000_000 * 86_400_000, abs(epochDay) < 4_000_000 else { return nil }
        self.init(epochMilliseconds: epochDay * 86_400_000 + milliseconds,
                  isTimeOfDay: milliseconds >= 0 && milliseconds < 86_400_000)
        guard (1...9999).contains(year) else { return nil }
    }

    /// Parses a `t="d"` cell: `2021-01-01`, `2021-01-01T10:10:10(.fff)(Z|+01:00)` or a bare `10:10:10`,
    /// which is dated on the epoch day of `system`. A zone suffix is dropped: cells show local time.
    init?(iso text: UnsafeBufferPointer<UInt8>, system: DateSystem) {
        var scanner = DigitScanner(bytes: text)
        scanner.skipSpaces()
        if let year = scanner.number(digits: 4), scanner.skip("-"),
           let month = scanner.number(digits: 2), scanner.skip("-"), let day = scanner.number(digits: 2) {
            guard (1...12).contains(month), (1...CivilCalendar.daysIn(month: month, year: year)).contains(day),
                  year >= 1 else { return nil }
            self.init(year: year, month: month, day: day)
            if scanner.skip("T") || scanner.skip(" ") {
                guard scanner.time(into: &self) else { return nil }
            }
        } else {
            scanner = DigitScanner(bytes: text)
            scanner.skipSpaces()
            let epoch = XLSXDateTime(epochMilliseconds: system.epochDay * 86_400_000, isTimeOfDay: true)
            self = epoch
            guard scanner.time(into: &self) else { return nil }
        }
        scanner.skipZone()
        scanner.skipSpaces()
        guard scanner.atEnd else { return nil }
    }

    private init(epochMilliseconds: Int, isTimeOfDay: Bool) {
        let days = epochMilliseconds >= 0 ? epochMilliseconds / 86_400_000 : (epochMilliseconds - 86_399_999) / 86_400_000
        var rest = epochMilliseconds - days * 86_400_000
        (year, month, day) = CivilCalendar.date(dayNumber: days)
        hour = rest / 3_600_000
        rest %= 3_600_000
        minute = rest / 60_000
        rest %= 60_000
        second = rest / 1000
        millisecond = rest % 1000
        self.isTimeOfDay = isTimeOfDay
    }

    private func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}

/// Reads the fixed-width digit groups of ISO 8601 text.
private struct DigitScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    var atEnd: Bool { index == bytes.count }

    mutating func skipSpaces() {
        while index < bytes.count, XMLText.isSpace(bytes[index]) { index += 1 }
    }

    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    mutating func number(digits: Int) -> Int? {
        guard index + digits <= bytes.count else { return nil }
        var value = 0
        for offset in 0..<digits {
            let digit = bytes[index + offset] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
        }
        index += digits
        return value
    }

    /// `HH:MM[:SS[.fraction]]` into the time fields of `date`.
    mutating func time(into date: inout XLSXDateTime) -> Bool {
        guard let hour = number(digits: 2), skip(":"), let minute = number(digits: 2),
              hour < 24, minute < 60 else { return false }
        var second = 0, millisecond = 0
        if skip(":") {
            guard let value = number(digits: 2), value < 60 else { return false }
            second = value
            if skip(".") || skip(",") {
                var scale = 100.0, fraction = 0.0, digits = 0
                while index < bytes.count, case let digit = bytes[index] &- UInt8(ascii: "0"), digit < 10 {
                    fraction += Double(digit) * scale
                    scale /= 10
                    digits += 1
                    index += 1
                }
                guard digits > 0 else { return false }
                millisecond = Int(fraction.rounded(.toNearestOrEven))
                if millisecond >= 1000 { millisecond = 999 }
            }
        }
        (date.hour, date.minute, date.second, date.millisecond) = (hour, minute, second, millisecond)
        return true
    }

    mutating func skipZone() {
        if skip("Z") || skip("z") { return }
        let start = index
        guard skip("+") || skip("-") else { return }
        guard number(digits: 2) != nil else {
            index = start
            return
        }
        let afterHours = index
        _ = skip(":")
        if number(digits: 2) == nil { index = afterHours }
    }
}

/// Reads the dates spreadsheet programs write into a CSV, from the field's bytes (no `String`):
///
/// | form | example | read as |
/// |---|---|---|
/// | ISO 8601 | `2026-12-08` | year-month-day |
/// | with dashes or dots | `8-12-2026`, `08-12-26`, `8.12.2026` | day-month-year (Dutch Excel, LibreOffice in Dutch, German) |
/// | with slashes | `25/12/2026`, `12/25/2026`, `5/5/2026` | the one order that gives a date |
///
/// A two-digit year is 2000-2029 below 30 and 1930-1999 from 30, as Excel and LibreOffice read it.
/// With slashes, Europe writes the day first and the United States the month first, and a CSV
/// does not say which: when both orders give a different date (`08/12/2026`) the date is
/// `ambiguous`, never guessed.
enum CSVDate {
    enum Reading: Equatable {
        case date(LocalDate)
        /// A date with slashes that only one order makes a date; the file must keep to it.
        case ordered(LocalDate, DateOrder)
        case ambiguous(dayFirst: LocalDate, monthFirst: LocalDate)
        /// Not a date in any accepted form, or a day that does not exist.
        case invalid
    }

    static func read(_ bytes: UnsafeBufferPointer<UInt8>) -> Reading {
        var numbers = (0, 0, 0), digits = (0, 0, 0)
        var group = 0, separator: UInt8 = 0
        for byte in bytes {
            switch byte {
            case 0x30...0x39:
                let value = Int(byte &- 0x30)
                switch group {
                case 0: numbers.0 = numbers.0 * 10 + value; digits.0 += 1
                case 1: numbers.1 = numbers.1 * 10 + value; digits.1 += 1
                default: numbers.2 = numbers.2 * 10 + value; digits.2 += 1
                }
                if digits.0 > 4 || digits.1 > 2 || digits.2 > 4 { return .invalid }
            case 0x2D, 0x2F, 0x2E:
                if separator == 0 { separator = byte } else if byte != separator { return .invalid }
                group += 1
                if group > 2 { return .invalid }
            default:
                return .invalid
            }
        }
        guard group == 2, digits.0 > 0, digits.1 > 0, digits.2 > 0, digits.0 <= 4, digits.1 <= 2, digits.2 <= 4 else { return .invalid }
        if digits.0 == 4 {
            guard separator == 0x2D, digits.1 == 2, digits.2 == 2,
                  let date = LocalDate(year: numbers.0, month: numbers.1, day: numbers.2) else { return .invalid }
            return .date(date)
        }
        guard digits.0 <= 2, digits.2 == 4 || digits.2 == 2 else { return .invalid }
        let year = digits.2 == 4 ? numbers.2 : numbers.2 < 30 ? 2000 + numbers.2 : 1900 + numbers.2
        let dayFirst = LocalDate(year: year, month: numbers.1, day: numbers.0)
        guard separator == 0x2F else { return dayFirst.map { Reading.date($0) } ?? .invalid }
        let monthFirst = LocalDate(year: year, month: numbers.0, day: numbers.1)
        switch (dayFirst, monthFirst) {
        case let (day?, month?): return day == month ? .date(day) : .ambiguous(dayFirst: day, monthFirst: month)
        case let (day?, nil): return .ordered(day, .dayFirst)
        case let (nil, month?): return .ordered(month, .monthFirst)
        case (nil, nil): return .invalid
        }
    }

    /// Reads a date from text (tests, the slow path of fields that are not ASCII).
    static func read(_ text: String) -> Reading {
        var text = text
        return text.withUTF8 { read($0) }
    }
}

/// A date as people and cron lines write it: `2026-12-01`, `01-12-2026`, `today`, or days from
/// today (`+3`, `-1`), resolved against a clock when it is needed.
///
///     RelativeDate("+14")?.resolve(clock)   // two weeks from today
public struct RelativeDate: Hashable, Sendable, CustomStringConvertible {
    enum Value: Hashable, Sendable {
        case absolute(LocalDate)
        case relative(days: Int)
    }

    let value: Value
    public let description: String

    /// The most days from today a date may be written as (a century): further is no date anyone
    /// plans with, and an offset near `Int.max` would overflow the day count.
    public static let daysFromTodayLimit = 36_525

    public init?(_ text: String) {
        description = text
        if text == "today" {
            value = .relative(days: 0)
        } else if let first = text.first, first == "+" || first == "-", let days = Int(text.dropFirst()), days >= 0,
                  days <= Self.daysFromTodayLimit {
            value = .relative(days: first == "+" ? days : -days)
        } else if let date = LocalDate(iso: text) ?? RelativeDate.dayMonthYear(text) {
            value = .absolute(date)
        } else {
            return nil
        }
    }

    public func resolve(_ clock: OfficeClock) -> LocalDate {
        switch value {
        case let .absolute(date): return date
        case let .relative(days): return clock.today.adding(days: days)
        }
    }

    /// `dd-mm-yyyy`, the way Dutch offices write dates.
    private static func dayMonthYear(_ text: String) -> LocalDate? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 2, parts[1].count == 2, parts[2].count == 4,
              let day = Int(parts[0]), let month = Int(parts[1]), let year = Int(parts[2]) else { return nil }
        return LocalDate(year: year, month: month, day: day)
    }
}

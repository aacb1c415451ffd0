import ArgumentParser
import SlotSheetCore

/// A date on the command line: `2026-12-01`, `01-12-2026`, `today`, or days from today
/// (`+3`, `-7`), so cron lines and demos need no date arithmetic.
struct DateArgument: ExpressibleByArgument, CustomStringConvertible {
    enum Value {
        case absolute(LocalDate)
        case relative(days: Int)
    }

    let value: Value
    let description: String

    init?(argument: String) {
        description = argument
        if argument == "today" {
            value = .relative(days: 0)
        } else if let first = argument.first, first == "+" || first == "-", let days = Int(argument.dropFirst()) {
            value = .relative(days: first == "+" ? days : -days)
        } else if let date = LocalDate(iso: argument) ?? DateArgument.dayMonthYear(argument) {
            value = .absolute(date)
        } else {
            return nil
        }
    }

    /// The date, with relative ones counted from the clock's today.
    func resolve(_ clock: OfficeClock) -> LocalDate {
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

    static var defaultCompletionKind: CompletionKind { .default }
}

/// A `--from`/`--to` pair, checked to be in order.
struct DateRangeOptions: ParsableArguments {
    @Option(help: "First date: YYYY-MM-DD, DD-MM-YYYY, today, or +N/-N days from today.")
    var from: DateArgument

    @Option(help: "Last date, included; same forms as --from.")
    var to: DateArgument

    func resolve(_ clock: OfficeClock) throws -> DateRange {
        let first = from.resolve(clock), last = to.resolve(clock)
        guard let range = DateRange(from: first, to: last) else {
            throw CommandFailure(exitStatus: .usage, message: "--to (\(last.iso)) is before --from (\(first.iso)).")
        }
        return range
    }
}

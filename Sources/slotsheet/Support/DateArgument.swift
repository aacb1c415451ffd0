import ArgumentParser
import SlotSheetCore

/// A date on the command line: `2026-12-01`, `01-12-2026`, `today`, or days from today
/// (`+3`, `-7`), so cron lines and demos need no date arithmetic.
struct DateArgument: ExpressibleByArgument, CustomStringConvertible {
    let date: RelativeDate

    init?(argument: String) {
        guard let date = RelativeDate(argument) else { return nil }
        self.date = date
    }

    var description: String { date.description }

    func resolve(_ clock: OfficeClock) -> LocalDate {
        date.resolve(clock)
    }

    static var defaultCompletionKind: CompletionKind { .default }
}

/// A `--from`/`--to` pair, checked to be in order.
struct DateRangeOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "First date: YYYY-MM-DD, DD-MM-YYYY, today, or +N/-N days from today.")
    var from: DateArgument

    @Option(parsing: .unconditional, help: "Last date, included; same forms as --from.")
    var to: DateArgument

    func resolve(_ clock: OfficeClock) throws -> DateRange {
        let first = from.resolve(clock), last = to.resolve(clock)
        guard let range = DateRange(from: first, to: last) else {
            throw CommandFailure(.usage, .rangeReversed(from: first, to: last))
        }
        return range
    }
}

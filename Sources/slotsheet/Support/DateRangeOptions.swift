import ArgumentParser
import SlotSheetCore

/// A `--from`/`--to` pair, as typed: SlotSheetCore's `DateRangeText` reads and checks it, for the
/// command line and the web front alike.
struct DateRangeOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "First date: YYYY-MM-DD, DD-MM-YYYY, today, or +N/-N days from today.")
    var from: String

    @Option(parsing: .unconditional, help: "Last date, included; same forms as --from.")
    var to: String

    var text: DateRangeText { DateRangeText(from: from, to: to) }

    func resolve(_ clock: OfficeClock) throws -> DateRange {
        try text.resolve(clock)
    }
}

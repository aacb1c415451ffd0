import ArgumentParser
import SlotSheetCore

/// `--csv-dialect` of every command that writes CSV: the form of the file (separator, byte-order
/// mark, dates, decimals). Left out, the office's `office.csv_dialect` (excel-nl for a Dutch office).
struct CSVDialectOption: ParsableArguments {
    @Option(name: [.customLong("csv-dialect"), .customLong("dialect")], help: ArgumentHelp(
        "A CSV's form: excel-nl (; byte-order mark, 8-12-2026, decimal comma: Dutch Excel), excel (, and a byte-order mark) or rfc4180 (, no mark, ISO dates; default: office.csv_dialect).",
        valueName: "dialect"))
    var csvDialect: CSVDialect?

    /// The dialect asked for, else the office's.
    func resolve(_ context: CommandContext) -> CSVDialect {
        csvDialect ?? context.settings.office.effectiveCSVDialect
    }
}

extension CSVDialect: ExpressibleByArgument {}

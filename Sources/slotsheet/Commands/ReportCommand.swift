import ArgumentParser
import Foundation
import SlotSheetCore

extension ReportKind: ExpressibleByArgument {}
extension ReportFormat: ExpressibleByArgument {}

struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write a report as .xlsx or CSV: requests, utilization, staff or imports.",
        discussion: """
            requests     the repair-request overview (dates are slot dates; filters:
                         --status, --corporation)
            utilization  capacity, booked and free per slot; in .xlsx a heat map and
                         a chart per day
            staff        per staff member: slots available and visits assigned
            imports      the import batches made on those days and every change they made

            The format follows --format, else the file name (.csv or .xlsx). In CSV, text
            that would run as a formula gets a leading apostrophe; in .xlsx, text is
            always text.

            Examples:
              slotsheet report requests --from -7 --to +7 --status new -o requests.xlsx
              slotsheet report utilization --from today --to +13 --lang nl -o bez.xlsx
              slotsheet report staff --from 2026-12-01 --to 2026-12-31 -o staff.csv
              slotsheet report imports --from -7 --to today -o imports.xlsx
            """)

    @OptionGroup var store: StoreOptions
    @OptionGroup var settings: SettingsOptions
    @OptionGroup var dates: DateRangeOptions

    @Argument(help: "requests, utilization, staff or imports.")
    var name: ReportKind

    @Option(help: "xlsx or csv (default: from the file name, else xlsx).")
    var format: ReportFormat?

    @Option(help: ArgumentHelp("Requests report: only these statuses.", valueName: "new,approved,..."))
    var status: String?

    @Option(help: "Requests report: only this housing corporation (its name).")
    var corporation: String?

    @Option(name: [.short, .customLong("output")], help: "The file to write (replaced if it exists).")
    var output: String

    @OptionGroup var dialect: CSVDialectOption

    func run() throws {
        let context = try settings.load()
        let order = ReportOrder(kind: name, dates: dates.text, format: format ?? (output.lowercased().hasSuffix(".csv") ? .csv : .xlsx),
                                statuses: status, corporation: corporation)
        let request = try order.request(clock: context.clock, language: context.language, paper: context.settings.office.paperSize, path: output,
                                        csvDialect: dialect.resolve(context))
        let exporter = ReportExporter(store: try store.openMigrated(), rules: context.rules)
        let result = try exporter.export(request)
        context.say(.wroteReport(path: result.path, report: name.rawValue, rows: result.rows))
    }
}

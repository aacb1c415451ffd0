import ArgumentParser
import Foundation
import SlotSheetCore

struct TemplateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "template",
        abstract: "Availability templates for the office to fill in.",
        discussion: """
            Example:
              slotsheet template export --from +1 --to +28 --all-staff -o avail.xlsx
            """,
        subcommands: [ExportTemplate.self])
}

struct ExportTemplate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write an availability template (.xlsx), pre-filled from the database.",
        discussion: """
            One row per date and daypart, one column per staff member; x marks
            availability. Past dates are grey and locked; the importer reads the file
            back.

            Examples:
              slotsheet template export --from 2026-12-01 --to +30 --all-staff -o dec.xlsx
              slotsheet template export --from +1 --to +28 --staff ANB,BRW -o rooster.xlsx
              slotsheet template export --from +1 --to +7 --all-staff --lang nl -o w.xlsx
            """)

    @OptionGroup var store: StoreOptions
    @OptionGroup var settings: SettingsOptions
    @OptionGroup var dates: DateRangeOptions
    @OptionGroup var staff: StaffOptions

    @Option(name: [.short, .customLong("output")], help: "The .xlsx file to write (replaced if it exists).")
    var output: String

    func run() throws {
        let context = try settings.load()
        let request = TemplateExportRequest(
            range: try dates.resolve(context.clock), staff: try staff.selection(), language: context.language,
            paper: context.settings.office.paperSize, path: output)
        let exporter = TemplateExporter(store: try store.openMigrated(), rules: context.rules)
        let result = try exporter.export(request)
        context.say(.wroteTemplate(path: result.path, rows: result.rows, days: request.range.dayCount, staff: result.staffCount))
    }
}

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export data from the database as files.",
        discussion: """
            Example:
              slotsheet export availability --from today --to +27 --all-staff -o avail.csv
            """,
        subcommands: [ExportAvailability.self])
}

struct ExportAvailability: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "availability",
        abstract: "Write availability as CSV: date,daypart,staff,available (one row per date, daypart, staff).",
        discussion: """
            available is x where the person is available and empty where not, as in the
            template. --csv-dialect excel-nl writes what Dutch Excel opens right by a
            double-click: semicolons, a UTF-8 byte-order mark and dates as 8-12-2026;
            excel commas and the mark; rfc4180 commas, no mark and ISO dates. Left out,
            office.csv_dialect decides (excel-nl for a Dutch office). The import reads all.

            Examples:
              slotsheet export availability --from +1 --to +28 --staff ANB,BRW -o two.csv
              slotsheet export availability --from +1 --to +28 --all-staff --format csv --csv-dialect excel-nl -o rooster.csv
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case csv
    }

    @OptionGroup var store: StoreOptions
    @OptionGroup var settings: SettingsOptions
    @OptionGroup var dates: DateRangeOptions
    @OptionGroup var staff: StaffOptions

    @Option(help: "File format (csv; for .xlsx use 'slotsheet template export').")
    var format: Format = .csv

    @OptionGroup var dialect: CSVDialectOption

    @Option(name: [.short, .customLong("output")], help: "The file to write (replaced if it exists).")
    var output: String

    func run() throws {
        let context = try settings.load()
        let exporter = AvailabilityCSVExporter(store: try store.openMigrated(), clock: context.clock)
        let result = try exporter.export(range: try dates.resolve(context.clock), staff: try staff.selection(), path: output, dialect: dialect.resolve(context))
        context.say(.wroteAvailability(path: result.path, rows: result.rows, staff: result.staffCount))
    }
}


import ArgumentParser
import Foundation
import SlotSheetCore
import SlotSheetTemplates

/// A list the office manages as a file (`slotsheet staff ...`, `slotsheet dayparts ...`): one
/// command group each, with the same export and import.
protocol OfficeListCommand {
    static var kind: ListKind { get }
    static var example: String { get }
    /// Two rows of a file of this list, for the help's example.
    static var exampleRows: [String] { get }
}

extension OfficeListCommand {
    /// The list's columns as its header names them (from `ListKind`, so the help cannot drift).
    static var columns: String { kind.columns.map(\.english).joined(separator: ",") }

    /// The help's paragraph on the file: its columns in both languages and a file to copy.
    static var fileHelp: String {
        """
        Columns, in any order: \(columns)
        (Dutch: \(kind.columns.map(\.dutch).joined(separator: ","))); active is x or empty.
        A CSV may use , or ; and be saved by Excel. For example:
          \(columns)
        \(exampleRows.map { "  " + $0 }.joined(separator: "\n"))
        """
    }
}

enum StaffListCommand: OfficeListCommand {
    static let kind = ListKind.staff
    static let example = "staff"
    static let exampleRows = ["ANB,Anouk Bakker,E1040,x", "BRW,Bram de Wit,E1047,"]
}

enum DaypartListCommand: OfficeListCommand {
    static let kind = ListKind.dayparts
    static let example = "dayparts"
    static let exampleRows = ["AM,08:00-12:00,08:00,12:00,1,x", "PM,13:00-17:00,13:00,17:00,2,x"]
}

enum CatalogueListCommand: OfficeListCommand {
    static let kind = ListKind.catalogue
    static let example = "catalogue"
    static let exampleRows = ["Woning,Keuken,Kraan,Lekt,x", "Woning,Badkamer,Douche,Verstopt,x"]
}

struct StaffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "staff",
        abstract: "The staff list as a file: export it, edit it, import it back.",
        discussion: """
            Columns: code,name,employee_number,active (Dutch: code,naam,personeelsnummer,
            actief); active is x or empty. The code is the key: a new code adds a person,
            a changed name or number updates, an empty active makes the person inactive
            and removes their availability from the first open day on. A person the file
            does not mention stays as they are.

            Examples:
              slotsheet staff export -o staff.xlsx
              slotsheet staff import staff.csv --dry-run
            """,
        subcommands: [ListExport<StaffListCommand>.self, ListImport<StaffListCommand>.self])
}

struct DaypartsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dayparts",
        abstract: "The dayparts as a file: export them, edit them, import them back.",
        discussion: """
            Columns: code,label,start,end,order,active (Dutch: code,omschrijving,begin,
            einde,volgorde,actief); times HH:MM; an empty order sorts by the start time;
            active is x or empty. Active dayparts may not overlap.

            Examples:
              slotsheet dayparts export -o dayparts.csv
              slotsheet dayparts import dayparts.csv --dry-run
            """,
        subcommands: [ListExport<DaypartListCommand>.self, ListImport<DaypartListCommand>.self])
}

struct CatalogueCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "catalogue",
        abstract: "The defect catalogue as a file: export it, edit it, import it back.",
        discussion: """
            One row per defect: location,space,element,defect,active (Dutch: locatie,
            ruimte,onderdeel,gebrek,actief), the catalogue's four levels as four columns.
            A new path adds the nodes it needs; an empty active hides the defect from the
            tenants' choices. An import never deletes.

            Examples:
              slotsheet catalogue export -o catalogue.xlsx
              slotsheet catalogue import catalogue.xlsx --dry-run
            """,
        subcommands: [ListExport<CatalogueListCommand>.self, ListImport<CatalogueListCommand>.self])
}

struct ListExport<List: OfficeListCommand>: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "export",
            abstract: "Write the \(List.example) list as .xlsx or CSV (\(List.columns)).",
            discussion: """
                The format follows the file name: .xlsx, else CSV.

                \(List.fileHelp)

                Example:
                  slotsheet \(List.example) export -o \(List.example).xlsx
                """)
    }

    @OptionGroup var store: StoreOptions
    @OptionGroup var settings: SettingsOptions

    @Option(name: [.short, .customLong("output")], help: "The .xlsx or .csv file to write (replaced if it exists).")
    var output: String

    @OptionGroup var dialect: CSVDialectOption

    func run() throws {
        let context = try settings.load()
        let exporter = ListExporter(store: try store.openMigrated(forReading: true), rules: context.rules)
        let result = try exporter.export(List.kind, to: output, language: context.language, paper: context.settings.office.paperSize,
                                         csvDialect: dialect.resolve(context))
        context.say(.wroteList(path: result.path, list: List.kind.title(context.language), rows: result.rows))
    }
}

struct ListImport<List: OfficeListCommand>: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "import",
            abstract: "Read an edited \(List.example) list (.xlsx or CSV) back in, all or nothing.",
            discussion: """
                \(List.fileHelp)

                Every problem of the file is listed at once, with its line or cell and a
                fix; nothing is written unless the whole file is valid. The batch is in
                'slotsheet history', and 'slotsheet import undo BATCH' reverts it. An
                exported .xlsx whose rows the database changed since export is refused
                (exit 3) unless --force, which applies only the fields the office edited.

                Examples:
                  slotsheet \(List.example) import \(List.example).csv --dry-run
                  slotsheet \(List.example) import \(List.example).xlsx --operator maria --json
                  slotsheet \(List.example) import \(List.example).xlsx --errors-out fix-me.xlsx
                """)
    }

    @OptionGroup var store: StoreOptions
    @OptionGroup var settings: SettingsOptions

    @Argument(help: "The edited list: .xlsx, .ods or CSV.")
    var file: String

    @Flag(help: "Show what would change; write nothing.")
    var dryRun = false

    @Flag(help: "Print one JSON object instead of the summary.")
    var json = false

    @Option(name: .customLong("operator"), help: "Who imports (recorded with the batch; default: the login name).")
    var operatorName: String?

    @Option(name: .customLong("errors-out"), help: ArgumentHelp("When the file has problems, write a copy with each bad cell marked and explained, and a list of every problem.", valueName: "FILE.xlsx"))
    var errorsOut: String?

    @Flag(help: "Import a list workbook whose rows the database changed since export anyway, applying only the fields the office edited.")
    var force = false

    func run() throws {
        let context = try settings.load()
        let job = ListJob(store: try store.openMigrated(forReading: dryRun), rules: context.rules)
        let outcome = try OfficeFileImport.run(json: json, language: context.language) {
            try job.run(try job.read(path: file, kind: List.kind),
                        ListRequest(dryRun: dryRun, operatorName: operatorName ?? ImportFile.loginName(), force: force))
        }
        // As the availability import's: only a refused file has one, and the problems are printed above
        // even when it cannot be written (exit 7).
        if outcome.status == .rejected, let errorsOut {
            try ErrorWorkbook.write(list: List.kind, source: file, problems: outcome.problems, language: context.language,
                                    paper: context.settings.office.paperSize, to: errorsOut)
        }
        try OfficeFileImport.exit(outcome.status)
    }
}

/// A list import as the command line shows it (`OfficeFileImport`): what the plan adds, changes
/// and makes inactive.
extension ListOutcome: ReportedFileOutcome {
    var planIsEmpty: Bool { plan.isEmpty }

    func staleHeadline(_ language: Language) -> String { ListReportLine.staleHeadline(rows: staleRows).text(language) }

    func planLines(_ language: Language) -> [String] { ListReportLine.lines(of: plan, kind: kind).map { $0.text(language) } }

    func json(_ language: Language) throws -> String { try ImportReport.encoded(ListOutcomeJSON(self, language)) }
}

extension ListUndoError: ReportableError {
    var exitStatus: ExitStatus { .validationFailed }

    func message(_ language: Language) -> String {
        guard case let .rejected(_, problems) = self else { return text(language) }
        return ([text(language)] + problems.map { "  \($0.sentence(language))" }).joined(separator: "\n")
    }
}

import ArgumentParser
import Foundation
import SlotSheetCore
import SlotSheetTemplates

/// `slotsheet requests export|import`: the office decides its repair requests in a file.
struct RequestsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "requests",
        abstract: "The repair requests as a file: export the queue, decide in it, import the decisions.",
        discussion: """
            Columns: request,created,resident,address,corporation,defects,description,date,
            daypart,status,staff,subcontractor,note (Dutch: verzoek,aangemaakt,bewoner,adres,
            corporatie,gebreken,omschrijving,datum,dagdeel,status,medewerker,onderaannemer,
            notitie). Decide by editing a row: a new status (new, approved, cancelled,
            completed, archived; Dutch nieuw, goedgekeurd, geannuleerd, afgerond,
            gearchiveerd), another date or daypart (a move), a staff code or subcontractor
            (empty clears it), a note for the log. docs/requests.md is the guide.

            Examples:
              slotsheet requests export --status new -o requests.xlsx
              slotsheet requests import requests.xlsx --dry-run
              slotsheet requests export --status new -o requests.csv
            """,
        subcommands: [RequestsExport.self, RequestsImport.self])
}

struct RequestsExport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the requests queue as a workbook (.xlsx) or CSV, one row a request ordered by slot.",
        discussion: """
            Examples:
              slotsheet requests export --status new -o requests.xlsx
              slotsheet requests export --status new -o requests.csv
              slotsheet requests export --status new,approved --from today --to +14 --corporation Woonstede --lang nl -o verzoeken.csv
              slotsheet requests export --status new --csv-dialect excel-nl -o verzoeken.csv
            """)

    @OptionGroup var store: StoreOptions
    @OptionGroup var settings: SettingsOptions

    @Option(help: ArgumentHelp("Only these statuses, English or Dutch.", valueName: "new,approved,..."))
    var status: String?

    @Option(parsing: .unconditional, help: "First slot date: YYYY-MM-DD, DD-MM-YYYY, today, or +N/-N days from today.")
    var from: String?

    @Option(parsing: .unconditional, help: "Last slot date, included; same forms as --from.")
    var to: String?

    @Option(help: "Only this housing corporation (its name).")
    var corporation: String?

    @Option(name: [.short, .customLong("output")], help: "The .xlsx or .csv file to write (replaced if it exists).")
    var output: String

    @OptionGroup var dialect: CSVDialectOption

    func run() throws {
        let context = try settings.load()
        let filter = try RequestQueueOrder(statuses: status, from: from, to: to, corporation: corporation).filter(context.clock)
        let exporter = RequestQueueExporter(store: try store.openMigrated(forReading: true), rules: context.rules)
        let result = try exporter.export(filter, to: output, language: context.language, paper: context.settings.office.paperSize,
                                       csvDialect: dialect.resolve(context))
        context.say(.wroteRequests(path: result.path, rows: result.rows))
    }
}

struct RequestsImport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Read the office's decisions (the workbook, .xlsx or .ods, or CSV) back in, all or nothing.",
        discussion: """
            Every problem of the file is listed at once, with its line, column and a fix;
            nothing is written unless every decision is allowed. A row the office did not
            change changes nothing. The batch is in 'slotsheet history', and
            'slotsheet import undo BATCH' reverts it.

            Examples:
              slotsheet requests import requests.csv --dry-run
              slotsheet requests import requests.csv --operator maria --json
              slotsheet requests import requests.xlsx --errors-out fix-me.xlsx
            """)

    @OptionGroup var store: StoreOptions
    @OptionGroup var settings: SettingsOptions

    @Argument(help: "The edited requests file (.xlsx, .ods or CSV).")
    var file: String

    @Flag(help: "Show what would change; write nothing.")
    var dryRun = false

    @Flag(help: "Print one JSON object instead of the summary.")
    var json = false

    @Flag(help: "Apply a file whose requests were changed since export anyway: only your own edits still allowed from each request's status now.")
    var force = false

    @Option(name: .customLong("errors-out"), help: ArgumentHelp("When the file has problems, write a copy with each bad cell marked and explained, and a list of every problem (a name ending in .csv: the list alone, as a CSV).", valueName: "FILE.xlsx"))
    var errorsOut: String?

    @Option(name: .customLong("operator"), help: "Who decides (recorded with the batch and in the log; default: the login name).")
    var operatorName: String?

    func run() throws {
        let context = try settings.load()
        let job = RequestDecisionJob(store: try store.openMigrated(forReading: dryRun), rules: context.rules,
                                     notices: NoticeOffice(settings: context.settings))
        let outcome = try OfficeFileImport.run(json: json, language: context.language) {
            try job.run(try job.read(path: file),
                        DecisionRequest(dryRun: dryRun, operatorName: operatorName ?? ImportFile.loginName(), channel: .file, force: force))
        }
        if outcome.status == .rejected || outcome.status == .stale, let errorsOut {
            if errorsOut.lowercased().hasSuffix(".csv") {
                try DecisionProblemsCSV.write(outcome.problems, language: context.language, to: errorsOut)
            } else {
                try ErrorWorkbook.write(decisions: outcome.problems, source: file, language: context.language,
                                        paper: context.settings.office.paperSize, to: errorsOut)
            }
        }
        try OfficeFileImport.exit(outcome.status)
    }
}

/// A decisions import as the command line shows it (`OfficeFileImport`): the counts per decision,
/// the first changes, the edits a forced run left out, and the notices an apply queued.
extension DecisionOutcome: ReportedFileOutcome {
    var planIsEmpty: Bool { plan.isEmpty }

    func staleHeadline(_ language: Language) -> String { DecisionReportLine.staleHeadline(requests: problems.count).text(language) }

    func planLines(_ language: Language) -> [String] {
        var lines = [DecisionReportLine.counts(plan.counts, unchanged: plan.unchanged).text(language)]
        lines += changeLines.prefix(ImportReport.problemsShown).map { $0.text(language) }
        if plan.changes.count > ImportReport.problemsShown {
            lines.append("  " + CommandMessage.moreChanges(count: plan.changes.count - ImportReport.problemsShown).text(language))
        }
        return lines
    }

    func afterPlanLines(_ language: Language) -> [String] {
        plan.skipped.map { DecisionReportLine.skipped(request: $0.requestID, column: $0.column).text(language) }
    }

    func appliedLines(_ language: Language) -> [String] {
        guard let notices else { return [] }
        return [DecisionReportLine.noticesQueued(queued: notices.queued.count, withoutAddress: notices.withoutAddress.count).text(language)]
    }

    /// The outcome as `--json`, its changes encoded `changesEncodedTogether` at a time and put in
    /// place: `JSONEncoder` builds a tree of every value before it writes a byte, which for 19,000
    /// changes was 13 MB, more than the dry run itself held. The text is the one encoding of the
    /// whole: keys sorted, so `"changes":[]` is the top level's one key of that name (a value's
    /// quotes are escaped).
    func json(_ language: Language) throws -> String {
        var report = DecisionOutcomeJSON(self, language)
        let changes = report.changes
        report.changes = []
        let whole = try ImportReport.encoded(report)
        guard !changes.isEmpty, let empty = whole.range(of: #""changes":[]"#) else { return whole }
        var parts: [Substring] = []
        for start in stride(from: 0, to: changes.count, by: Self.changesEncodedTogether) {
            let part = try ImportReport.encoded(Array(changes[start..<min(start + Self.changesEncodedTogether, changes.count)]))
            parts.append(part.dropFirst().dropLast())
        }
        return whole.replacingCharacters(in: empty, with: #""changes":["# + parts.joined(separator: ",") + "]")
    }

    static let changesEncodedTogether = 1_000
}

extension RequestExportError: ReportableError {
    var exitStatus: ExitStatus { .usage }
}

extension RequestUndoError: ReportableError {
    var exitStatus: ExitStatus { .validationFailed }
}

import ArgumentParser
import Foundation
import SlotSheetCore
import SlotSheetTemplates

/// `slotsheet import FILE` (the default, `ImportFile`) and `slotsheet import undo BATCH`.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Read an edited template or CSV back into the database, all or nothing.",
        // The group's own page (man slotsheet.import) says what `slotsheet import FILE` reads and does.
        discussion: ImportFile.fileHelp + "\n\n" + ImportFile.behaviour,
        subcommands: [ImportFile.self, UndoImport.self],
        defaultSubcommand: ImportFile.self)

    /// The help shown for `slotsheet import --help` (and `-h`, `slotsheet help import`): that of
    /// importing a file, the group's default, with its options and examples, which is what a user
    /// asking there wants. The parser itself would show only the list of subcommands.
    static func groupHelp(for arguments: [String]) -> String? {
        let asksForHelp = arguments == ["import", "--help"] || arguments == ["import", "-h"] || arguments == ["help", "import"]
        return asksForHelp ? SlotSheet.helpMessage(for: ImportFile.self) : nil
    }
}

struct ImportFile: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "file",
        abstract: "Import an availability template (.xlsx) or CSV (date,daypart,staff,available).",
        usage: """
            slotsheet import <file> [--dry-run] [--json] [--errors-out <FILE.xlsx>] [--force] [<options>]
            slotsheet import undo <batch> [--operator <operator>]
            """,
        discussion: fileHelp + "\n\n" + behaviour)

    /// What the file is: a filled-in template, or a CSV with these columns.
    static let fileHelp = """
        The file is a template from 'slotsheet template export' (or the web front),
        filled in and saved as .xlsx, .xlsm or .ods; or a CSV with the columns
        date,daypart,staff,available (Dutch: datum,dagdeel,medewerker,beschikbaar), in
        any order, separated by , or ;. Dates as 2026-12-08 or 08-12-2026; available
        is x (or yes) or empty (or no). For example:
          date,daypart,staff,available
          2026-12-08,D09,ANB,x
          2026-12-08,D10,ANB,
        """

    /// What the import does, and examples.
    static let behaviour = """
        Every problem of the file is listed at once; nothing is written unless the
        whole file is valid. A template changed in the database since export is
        refused (exit 3) unless --force, which applies only the cells the office
        edited. 'slotsheet import undo BATCH' reverts an import (see its --help).

        Examples:
          slotsheet import december.xlsx --dry-run
          slotsheet import december.xlsx --operator maria --errors-out errors.xlsx
          slotsheet import availability.csv --lang nl --json
          slotsheet import undo 12
        """

    @OptionGroup var store: StoreOptions
    @OptionGroup var settings: SettingsOptions

    @Argument(help: "The edited template (.xlsx) or a CSV file.")
    var file: String

    @Flag(help: "Show what would change; write nothing.")
    var dryRun = false

    @Flag(help: "Print one JSON object instead of the summary.")
    var json = false

    @Option(help: ArgumentHelp("When the file has problems, write a copy with each one marked.", valueName: "FILE.xlsx"))
    var errorsOut: String?

    @Flag(help: "Import a stale template anyway, applying only the cells the office edited.")
    var force = false

    @Option(name: .customLong("operator"), help: "Who imports (recorded with the batch; default: the login name).")
    var operatorName: String?

    func run() throws {
        // The file is opened on another core while the settings and the database are; their errors
        // still come first, and the file's only once they are open.
        let opening = ImportSource.beginOpening(path: file)
        let context = try settings.load()
        let database = try store.openMigrated(forReading: dryRun)
        let progress = ProgressBar(label: CommandMessage.reading(file: URL(fileURLWithPath: file).lastPathComponent).text(context.language))
        let request = ImportRequest(dryRun: dryRun, force: force, operatorName: operatorName ?? ImportFile.loginName())
        let outcome: ImportOutcome, parsed: ParsedSheet
        do {
            let source = try opening.join()
            (outcome, parsed) = try ImportJob(store: database, rules: context.rules).run(source, request) { progress.update(done: $0, total: $1) }
            progress.finish()
        } catch {
            progress.finish()
            // A script reading --json learns why the file was refused whole, and the exit code says it too.
            if json, let refusal = error as? ImportFileError {
                print(try ImportReport.json(refusal, language: context.language))
            }
            throw error
        }
        let report = ImportReport(outcome: outcome, language: context.language, clock: context.clock)
        print(json ? try report.json() : report.text())
        // Only a rejected import has an error workbook, and a rejected import writes nothing to the
        // database: when this file cannot be written (exit 7), the problems are printed above all the same.
        if outcome.status == .rejected, let errorsOut {
            try ErrorWorkbook.write(parsed, problems: outcome.problems, total: outcome.problemTotal, source: file, language: context.language,
                                    store: database, rules: context.rules, paper: context.settings.office.paperSize, to: errorsOut)
        }
        let status: ExitStatus
        switch outcome.status {
        case .rejected: status = .validationFailed
        case .stale, .planChanged: status = .staleTemplate
        case .applied, .nothingToChange, .dryRun: status = .success
        }
        // A dry run has nothing left to do once it has reported (and written its error workbook):
        // it ends here, its connection having only read, and leaves the year's cells and snapshot
        // to the system rather than freeing them object by object (~3 ms of a year's 72).
        if dryRun { status.endProcess() }
        if status != .success { throw ExitCode(status.rawValue) }
    }

    static func loginName() -> String {
        let environment = ProcessInfo.processInfo.environment
        return environment["USER"] ?? environment["LOGNAME"] ?? "unknown"
    }
}

struct UndoImport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "undo",
        abstract: "Revert an import batch, unless a later batch changed the same cells.",
        discussion: """
            The revert is a batch of its own, checked by the same rules as an import.

            Example:
              slotsheet import undo 12 --operator maria
            """)

    @OptionGroup var store: StoreOptions
    @OptionGroup var settings: SettingsOptions

    @Argument(help: "The batch number ('slotsheet history' lists them).")
    var batch: Int64

    @Option(name: .customLong("operator"), help: "Who undoes (default: the login name).")
    var operatorName: String?

    func run() throws {
        let context = try settings.load()
        let job = UndoJob(store: try store.openMigrated(), rules: context.rules, notices: NoticeOffice(settings: context.settings))
        switch try job.undoing(batchID: batch, operatorName: operatorName ?? ImportFile.loginName()) {
        case let (batchID, .availability(plan)):
            context.say(.undone(batch: batch, asBatch: batchID, added: plan.added, removed: plan.removed, unchanged: plan.unchanged))
        case let (batchID, .requests(reverted, notices)):
            print(DecisionReportLine.undone(batch: batch, asBatch: batchID, requests: reverted.count).text(context.language))
            print(DecisionReportLine.noticesWithdrawn(withdrawn: notices.withdrawn.count, corrections: notices.corrections.count).text(context.language))
        }
    }
}

struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "List import attempts and undos, newest first.",
        discussion: """
            Every import that is not a dry run is listed with its outcome: applied,
            unchanged (nothing to change), rejected (with its number of problems), stale
            (with the number of database changes since export) or plan_changed (an apply
            whose plan was no longer the one previewed).

            Examples:
              slotsheet history --limit 20
              slotsheet history --outcome rejected,stale
            """)

    @OptionGroup var store: StoreOptions
    @OptionGroup var settings: SettingsOptions

    @Option(help: "How many batches to show.")
    var limit = 50

    @Option(help: ArgumentHelp("Only attempts with these outcomes, comma-separated: \(HistoryCommand.outcomeNames).",
                               valueName: "OUTCOME,..."))
    var outcome: String?

    /// The outcomes `--outcome` takes: every one but a dry run, which is never recorded.
    static var outcomes: [String] { ImportBatch.Outcome.allCases.filter { $0 != .dryRun }.map(\.rawValue) }
    static var outcomeNames: String { outcomes.joined(separator: ", ") }

    /// The `--outcome` choices, checked here rather than in `validate()`, so the message is in the office's language.
    private func outcomes() throws -> Set<ImportBatch.Outcome>? {
        guard let outcome else { return nil }
        var chosen = Set<ImportBatch.Outcome>()
        for name in outcome.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !name.isEmpty {
            guard let value = ImportBatch.Outcome(rawValue: name), value != .dryRun else {
                throw CommandFailure(.usage, .unknownOutcome(word: name, outcomes: HistoryCommand.outcomes))
            }
            chosen.insert(value)
        }
        guard !chosen.isEmpty else { throw CommandFailure(.usage, .outcomeNeeded(outcomes: HistoryCommand.outcomes)) }
        return chosen
    }

    func run() throws {
        let context = try settings.load()
        guard limit > 0 else { throw CommandFailure(.usage, .limitTooSmall) }
        let filter = try outcomes()
        let batches = try store.openMigrated(forReading: true).read { try $0.importBatches(limit: limit, outcomes: filter) }
        guard !batches.isEmpty else {
            context.say(filter == nil ? .noImports : .noImportsWithOutcome)
            return
        }
        context.say(.historyHeader)
        for batch in batches {
            let kind = (batch.kind == .undo ? CommandMessage.undoOf(batch: batch.revertsBatchID).text(context.language) : "")
                + (batch.subject == .requests ? CommandMessage.requestsBatch.text(context.language) : "")
                + (batch.listKind.map { CommandMessage.listBatch($0).text(context.language) } ?? "")
            print("\(String(batch.id ?? 0).leftPadded(to: 5))  \(context.clock.moment(batch.createdAt).text(context.language).padding(toLength: 24, withPad: " ", startingAt: 0))  "
                  + "\(batch.operatorName.padding(toLength: 12, withPad: " ", startingAt: 0))  "
                  + "\(context.words.reports.outcome(batch.outcome.rawValue).padding(toLength: 17, withPad: " ", startingAt: 0))  "
                  + "\(String(batch.problems).leftPadded(to: 9))  "
                  + "\(String(batch.added).leftPadded(to: 6))  \(String(batch.removed).leftPadded(to: 7))  "
                  + "\(String(batch.unchanged).leftPadded(to: 9))  \(kind)\(batch.fileName)")
        }
    }
}

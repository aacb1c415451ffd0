import ArgumentParser
import Foundation
import SlotSheetCore
import SlotSheetTemplates

/// A problem of an office file as the command line lists it: its place, what is wrong, the fix.
protocol ReportedProblem {
    func placeText(_ language: Language) -> String
    func message(_ language: Language) -> String
    func hint(_ language: Language) -> String
}

extension ListProblem: ReportedProblem {
    func placeText(_ language: Language) -> String { location.text(language) }
}

extension DecisionProblem: ReportedProblem {}

/// The outcome of importing an office file with a header line (a list, the requests file) as the
/// command line reports it. The summary, the JSON, the refusal of a file and the exit status are
/// the same for every such kind (`OfficeFileImport`); the kind says only its own lines.
protocol ReportedFileOutcome {
    associatedtype Problem: ReportedProblem
    var fileName: String { get }
    var status: BatchAttemptStatus { get }
    var auditBatchID: RowID? { get }
    var problems: [Problem] { get }
    /// Nothing would change.
    var planIsEmpty: Bool { get }
    /// The headline of a stale file, before its problems.
    func staleHeadline(_ language: Language) -> String
    /// What the plan changes, when it changes something.
    func planLines(_ language: Language) -> [String]
    /// What follows the plan, applied or not (the edits a forced run left out); none by default.
    func afterPlanLines(_ language: Language) -> [String]
    /// What follows "applied as batch N" (the notices queued); none by default.
    func appliedLines(_ language: Language) -> [String]
    /// The one JSON object `--json` prints.
    func json(_ language: Language) throws -> String
}

extension ReportedFileOutcome {
    func afterPlanLines(_ language: Language) -> [String] { [] }
    func appliedLines(_ language: Language) -> [String] { [] }
}

/// The import of an office file by the command line, the same for a list and the requests file:
/// the kind's job run, a file refused whole printed as JSON when asked and thrown (its exit
/// status), the outcome printed as a summary or JSON, and the outcome's exit status.
enum OfficeFileImport {
    /// Runs `job` and prints what it did; the caller writes the errors file, then `exit`s.
    static func run<Outcome: ReportedFileOutcome>(json: Bool, language: Language, _ job: () throws -> Outcome) throws -> Outcome {
        let outcome: Outcome
        do {
            outcome = try job()
        } catch let refusal as ImportFileError {
            if json { print(try ImportReport.json(refusal, language: language)) }
            throw refusal
        }
        print(json ? try outcome.json(language) : text(outcome, language))
        return outcome
    }

    /// Exit 1 (validation failed) for a refused file, 3 for a stale one or a changed plan, else 0.
    static func exit(_ status: BatchAttemptStatus) throws {
        switch status {
        case .rejected: throw ExitCode(ExitStatus.validationFailed.rawValue)
        case .stale, .planChanged: throw ExitCode(ExitStatus.staleTemplate.rawValue)
        case .applied, .nothingToChange, .dryRun: break
        }
    }

    /// The summary for people: the file, then its problems (the first `ImportReport.problemsShown`),
    /// or what it changes and whether that was applied; a refused attempt's audit batch last.
    static func text<Outcome: ReportedFileOutcome>(_ outcome: Outcome, _ language: Language) -> String {
        let say = { (line: ImportReportLine) in line.text(language) }
        var lines = [EchoedText.escaped(outcome.fileName)]
        switch outcome.status {
        case .rejected, .stale:
            let problems = outcome.problems
            lines.append(outcome.status == .stale ? outcome.staleHeadline(language) : say(.problemsHeadline(problems: problems.count)))
            let shown = problems.prefix(ImportReport.problemsShown).map { "  \($0.placeText(language)): \($0.message(language))\n      \($0.hint(language))" }
            lines += shown
            if problems.count > shown.count { lines.append("  " + say(.moreProblems(count: problems.count - shown.count))) }
        case .nothingToChange:
            lines.append(say(.nothingToChange))
        case .planChanged:
            lines.append(say(.planChanged))
        case .dryRun, .applied:
            lines += outcome.planIsEmpty ? [say(.nothingToChange)] : outcome.planLines(language)
            lines += outcome.afterPlanLines(language)
            if case let .applied(batchID) = outcome.status {
                lines.append(say(.appliedAs(batch: batchID)))
                lines += outcome.appliedLines(language)
            } else {
                lines.append(say(.dryRunNote))
            }
        }
        if let batch = outcome.auditBatchID, outcome.status != .applied(batchID: batch) {
            lines.append(say(.recordedAs(batch: batch)))
        }
        return lines.joined(separator: "\n")
    }
}

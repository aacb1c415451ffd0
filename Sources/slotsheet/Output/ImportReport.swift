import Foundation
import SlotSheetCore
import SlotSheetTemplates

/// How an import is shown: a summary for people (in their language), or one JSON object for machines.
struct ImportReport {
    let outcome: ImportOutcome
    let language: Language
    /// The office's clock, on which the template's making time is shown.
    let clock: OfficeClock
    private var words: Words { language.words }
    /// Problems listed on the terminal before "... and N more"; JSON and the error workbook list all.
    static let problemsShown = 50

    func text() -> String {
        let say = { (line: ImportReportLine) in line.text(language) }
        var lines: [String] = []
        let range = outcome.range.map { " (\(DateText.long($0.from, language)) - \(DateText.long($0.to, language)))" } ?? ""
        lines.append(EchoedText.escaped("\(outcome.fileName)\(range)"))
        switch outcome.status {
        case .stale:
            lines += staleLines()
        case .rejected:
            lines += problemLines()
        case .nothingToChange:
            lines.append(say(.nothingToChange))
        case .dryRun, .applied:
            lines += planLines()
            if case let .applied(batchID) = outcome.status {
                lines.append(say(.appliedAs(batch: batchID)))
            } else {
                lines.append(say(.dryRunNote))
            }
        case .planChanged:
            lines.append(say(.planChanged))
            switch outcome.verdict {
            case .stale: lines += staleLines()
            case .rejected: lines += problemLines()
            case .nothingToChange: lines.append(say(.nothingToChange))
            case .changes: lines += planLines()
            }
        }
        // A refused attempt changed nothing, and is in the audit trail all the same.
        if let batch = outcome.auditBatchID, outcome.status != .applied(batchID: batch) {
            lines.append(say(.recordedAs(batch: batch)))
        }
        return lines.joined(separator: "\n")
    }

    /// A stale file's own problems first (every problem at once), then what changed since export.
    private func staleLines() -> [String] {
        (outcome.problems.isEmpty ? [] : problemLines())
            + [ImportReportLine.staleHeadline(generatedAt: clock.moment(outcome.generatedAt ?? "?"), changes: outcome.staleChanges.count).text(language)]
            + limited(outcome.staleChanges.map { "  \($0.text(language))" })
            + [ImportReportLine.staleHint.text(language), ImportReportLine.nothingWritten.text(language)]
    }

    private func problemLines() -> [String] {
        [ImportReportLine.problemsHeadline(problems: outcome.problemTotal).text(language)]
            + limited(outcome.problems.map { "  \($0.sentence(language))\n      \($0.hint(language))" }, of: outcome.problemTotal)
    }

    private func planLines() -> [String] {
        let plan = outcome.plan
        var lines = ["\(words.importing.perDateTitle):"]
        lines += plan.perDate.map { "  \(DateText.long($0.date, language))  +\($0.added) -\($0.removed)" }
        lines.append("\(words.importing.perStaffTitle):")
        lines += plan.perStaff.map { "  \(EchoedText.escaped($0.staff))  +\($0.added) -\($0.removed)" }
        lines.append(ImportReportLine.planSummary(added: plan.added, removed: plan.removed, unchanged: plan.unchanged).text(language))
        return lines
    }

    /// The first `problemsShown` lines and how many more there are of `total` (the problems'
    /// lines are only the first `ProblemTally.kept` of them).
    private func limited(_ lines: [String], of total: Int? = nil) -> [String] {
        let total = max(total ?? lines.count, lines.count)
        guard total > ImportReport.problemsShown else { return lines }
        return Array(lines.prefix(ImportReport.problemsShown))
            + ["  " + ImportReportLine.moreProblems(count: total - min(lines.count, ImportReport.problemsShown)).text(language)]
    }

    func json() throws -> String {
        try Self.encoded(ImportOutcomeJSON(outcome, language))
    }

    /// `{"message": "...", "status": "template_edited"}` for a file refused whole.
    static func json(_ refusal: ImportFileError, language: Language) throws -> String {
        try encoded(["status": refusal.jsonStatus, "message": refusal.text(language)])
    }

    /// Every command's `--json` form: keys sorted, slashes left as they are.
    static func encoded(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}

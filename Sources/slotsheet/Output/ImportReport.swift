import Foundation
import SlotSheetCore
import SlotSheetTemplates

/// How an import is shown: a summary for people (in their language), or one JSON object for machines.
struct ImportReport {
    let outcome: ImportOutcome
    let words: Words
    /// Problems listed on the terminal before "... and N more"; JSON and the error workbook list all.
    static let problemsShown = 50

    func text() -> String {
        let w = words.importing
        var lines: [String] = []
        let range = outcome.range.map { " (\(DateText.long($0.from, words.template)) - \(DateText.long($0.to, words.template)))" } ?? ""
        lines.append("\(outcome.fileName)\(range)")
        switch outcome.status {
        case .stale:
            lines += staleLines()
        case .rejected:
            lines += problemLines()
        case .nothingToChange:
            lines.append(w.nothingToChange)
        case .dryRun, .applied:
            lines += planLines()
            if case let .applied(batchID) = outcome.status {
                lines.append(w.appliedAs("\(batchID)"))
            } else {
                lines.append(w.dryRunNote)
            }
        case .planChanged:
            lines.append(w.planChanged)
            switch outcome.verdict {
            case .stale: lines += staleLines()
            case .rejected: lines += problemLines()
            case .nothingToChange: lines.append(w.nothingToChange)
            case .changes: lines += planLines()
            }
        }
        // A refused attempt changed nothing, and is in the audit trail all the same.
        if let batch = outcome.auditBatchID, outcome.status != .applied(batchID: batch) {
            lines.append(w.recordedAs("\(batch)"))
        }
        return lines.joined(separator: "\n")
    }

    private func staleLines() -> [String] {
        let w = words.importing
        return [w.staleHeadline(outcome.generatedAt ?? "?", "\(outcome.staleChanges.count)")]
            + limited(outcome.staleChanges.map { "  \($0.text(words))" }) + [w.staleHint, w.nothingWritten]
    }

    private func problemLines() -> [String] {
        [words.importing.problemsHeadline("\(outcome.problems.count)")]
            + limited(outcome.problems.map { "  \($0.sentence(words))\n      \($0.hint(words))" })
    }

    private func planLines() -> [String] {
        let plan = outcome.plan
        var lines = ["\(words.importing.perDateTitle):"]
        lines += plan.perDate.map { "  \(DateText.long($0.date, words.template))  +\($0.added) -\($0.removed)" }
        lines.append("\(words.importing.perStaffTitle):")
        lines += plan.perStaff.map { "  \($0.staff)  +\($0.added) -\($0.removed)" }
        lines.append(words.importing.planSummary("\(plan.added)", "\(plan.removed)", "\(plan.unchanged)"))
        return lines
    }

    private func limited(_ lines: [String]) -> [String] {
        guard lines.count > ImportReport.problemsShown else { return lines }
        return Array(lines.prefix(ImportReport.problemsShown)) + ["  " + words.importing.moreProblems("\(lines.count - ImportReport.problemsShown)")]
    }

    func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(ImportOutcomeJSON(outcome, words)), as: UTF8.self)
    }
}

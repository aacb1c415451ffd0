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
        return String(decoding: try encoder.encode(JSONReport(outcome, words)), as: UTF8.self)
    }
}

/// The JSON shape of an import (stable: scripts read it).
private struct JSONReport: Encodable {
    struct Count: Encodable { let key: String; let added: Int; let removed: Int }
    struct Change: Encodable { let date: String; let daypart: String; let staff: String; let available: Bool }
    struct Problem: Encodable {
        let place: String
        let sheet: String?
        let cell: String?
        let line: Int?
        let slot: String?
        let staff: String?
        let message: String
        let hint: String
    }

    let status: String
    /// How the checks ended: `changes`, `nothing_to_change`, `rejected`, `stale`.
    let verdict: String
    /// The `import_batch` row recording the attempt (every import that is not a dry run).
    let recordedAs: RowID?
    /// Identifies the plan: the same digest, the same plan.
    let planDigest: String
    let file: String
    let sha256: String
    let kind: String
    let from: String?
    let to: String?
    let batch: RowID?
    let added: Int
    let removed: Int
    let unchanged: Int
    let perDate: [Count]
    let perStaff: [Count]
    let changes: [Change]
    let problems: [Problem]
    let stale: [String]

    init(_ outcome: ImportOutcome, _ words: Words) {
        switch outcome.status {
        case let .applied(id): status = "applied"; batch = id
        case .nothingToChange: status = "nothing_to_change"; batch = nil
        case .dryRun: status = "dry_run"; batch = nil
        case .rejected: status = "rejected"; batch = nil
        case .stale: status = "stale"; batch = nil
        case .planChanged: status = "plan_changed"; batch = nil
        }
        verdict = outcome.verdict == .nothingToChange ? "nothing_to_change" : outcome.verdict.rawValue
        recordedAs = outcome.auditBatchID
        planDigest = outcome.planDigest
        file = outcome.fileName
        sha256 = outcome.sha256
        kind = outcome.isTemplate ? "template" : "csv"
        from = outcome.range?.from.iso
        to = outcome.range?.to.iso
        added = outcome.plan.added
        removed = outcome.plan.removed
        unchanged = outcome.plan.unchanged
        perDate = outcome.plan.perDate.map { Count(key: $0.date.iso, added: $0.added, removed: $0.removed) }
        perStaff = outcome.plan.perStaff.map { Count(key: $0.staff, added: $0.added, removed: $0.removed) }
        changes = outcome.plan.changes.map { Change(date: $0.key.date.iso, daypart: $0.daypartCode, staff: $0.staffCode, available: $0.available) }
        problems = outcome.problems.map { problem in
            var sheet: String?, cell: String?, line: Int?
            switch problem.location {
            case let .cell(name, reference): sheet = name; cell = reference
            case let .line(number): line = number
            case let .sheet(name): sheet = name
            case .batch: break
            }
            return Problem(place: problem.location.text(words.importing), sheet: sheet, cell: cell, line: line, slot: problem.slot?.text(words.template),
                           staff: problem.staffCode, message: problem.message(words), hint: problem.hint(words))
        }
        stale = outcome.staleChanges.map { $0.text(words) }
    }
}

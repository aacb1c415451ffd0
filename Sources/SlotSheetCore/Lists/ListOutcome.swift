import Crypto
import Foundation

/// What a list import or a batch of decisions did or would do, the same for both (their `Status`).
public enum BatchAttemptStatus: Hashable, Sendable {
    /// Checked and planned; nothing written (a dry run).
    case dryRun
    case applied(batchID: RowID)
    /// The database already says what the file says.
    case nothingToChange
    /// The file has problems (or a decision breaks the rules); nothing changed.
    case rejected
    /// The database changed rows or requests the office edited after the export (and the import is
    /// not forced): the problems name them with what changed, after the file's own problems, if any;
    /// nothing changed.
    case stale
    /// Not applied: the plan is no longer the one previewed (the request's expected plan digest);
    /// the outcome is the new preview.
    case planChanged

    /// Its word in `--json` and the API.
    public var jsonWord: String {
        switch self {
        case .dryRun: "dry_run"
        case .applied: "applied"
        case .nothingToChange: "nothing_to_change"
        case .rejected: "rejected"
        case .stale: "stale"
        case .planChanged: "plan_changed"
        }
    }
}

/// What a list import did or would do: the plan, the problems that refuse it, and the batch that
/// records the attempt.
public struct ListOutcome: Sendable {
    public typealias Status = BatchAttemptStatus

    public var kind: ListKind
    public var fileName: String
    public var status: Status
    public var plan: ListPlan
    public var problems: [ListProblem]
    /// How many of `problems` are rows the database changed since export (a stale file's).
    public var staleRows: Int {
        problems.count { if case .changedSinceExport = $0.kind { return true } else { return false } }
    }
    /// The `import_batch` row recording this attempt; nil for a dry run.
    public var auditBatchID: RowID?
    /// The SHA-256 of the file read.
    public var fileSHA256 = ""

    /// A SHA-256 of exactly what an apply would do with this file: the list, the file, every row
    /// added, changed or made inactive with its fields, the availability that goes with them, the
    /// rows left as they are and every problem. The same digest, the same plan: the web front
    /// shows a preview and applies only while the plan is still the one with this digest.
    public var planDigest: String {
        var hasher = SHA256()
        func feed(_ line: String) { hasher.update(data: Array((line + "\n").utf8)) }
        feed("slotsheet-list-plan-v1 \(kind.rawValue)")
        feed("file \(fileSHA256)")
        feed("unchanged \(plan.unchanged)")
        for (name, rows) in [("added", plan.added), ("changed", plan.changed), ("deactivated", plan.deactivated), ("deleted", plan.deleted)] {
            // Fields as JSON-like quoted text: a value holding a separator cannot pass for two.
            for row in rows { feed("\(name) \(String(reflecting: row.key)) \(String(reflecting: row.before)) \(String(reflecting: row.after))") }
        }
        for change in plan.availability.sorted(by: PlanDifference.cellOrder) {
            feed("availability \(change.key.date.iso) \(change.key.daypartID) \(change.key.staffID) \(change.available ? 1 : 0)")
        }
        for problem in problems { feed("problem \(String(reflecting: problem))") }
        return hasher.finalize().map { String(format: "%02x", $0) }.joined()
    }
}

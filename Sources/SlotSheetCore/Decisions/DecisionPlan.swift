import Crypto
import Foundation

/// A request's status, slot and who does it, by key: what a change sets and the log records.
public struct RequestState: Hashable, Sendable {
    public var status: RequestStatus
    public var slot: SlotKey
    public var staffID: RowID?
    public var subcontractorID: RowID?

    public init(status: RequestStatus, slot: SlotKey, staffID: RowID?, subcontractorID: RowID?) {
        self.status = status
        self.slot = slot
        self.staffID = staffID
        self.subcontractorID = subcontractorID
    }
}

/// One request changed by a batch: before and after, the status decision when there is one, and
/// the office's note for the log.
public struct RequestChange: Hashable, Sendable {
    public var requestID: RowID
    public var before: RequestState
    public var after: RequestState
    /// Nil when only the slot or the people change.
    public var decision: RequestDecision?
    public var note: String?

    public init(requestID: RowID, before: RequestState, after: RequestState, decision: RequestDecision?, note: String?) {
        self.requestID = requestID
        self.before = before
        self.after = after
        self.decision = decision
        self.note = note
    }

    public var isMove: Bool { before.slot != after.slot }
    public var isAssignment: Bool { before.staffID != after.staffID || before.subcontractorID != after.subcontractorID }
}

/// How many requests each decision touches: what a preview shows and `--json` gives.
public struct DecisionCounts: Hashable, Sendable, Codable {
    public var approved = 0
    public var cancelled = 0
    public var completed = 0
    public var archived = 0
    public var restored = 0
    public var reopened = 0
    public var moved = 0
    /// Given or cleared a staff member or a subcontractor.
    public var assigned = 0

    public init() {}

    public init(_ changes: [RequestChange]) {
        for change in changes {
            switch change.decision {
            case .approve: approved += 1
            case .cancel: cancelled += 1
            case .complete: completed += 1
            case .archive: archived += 1
            case .restore: restored += 1
            case .reopen: reopened += 1
            case nil: break
            }
            if change.isMove { moved += 1 }
            if change.isAssignment { assigned += 1 }
        }
    }

    /// The count of one decision.
    public subscript(decision: RequestDecision) -> Int {
        switch decision {
        case .approve: return approved
        case .cancel: return cancelled
        case .complete: return completed
        case .archive: return archived
        case .restore: return restored
        case .reopen: return reopened
        }
    }
}

/// An edit of the office's that `--force` left out: the request changed since the export and the
/// edit is no longer allowed from its status now.
public struct SkippedEdit: Hashable, Sendable {
    public var requestID: RowID
    public var column: RequestColumn
    public var reason: DecisionProblem

    public init(requestID: RowID, column: RequestColumn, reason: DecisionProblem) {
        self.requestID = requestID
        self.column = column
        self.reason = reason
    }
}

/// What a batch of decisions does: the requests it changes, in request order, and the rows that
/// change nothing.
public struct DecisionPlan: Hashable, Sendable {
    public var changes: [RequestChange] = []
    /// Rows that ask for nothing the database does not already say.
    public var unchanged = 0
    /// Edits a forced import left out (`DecisionRequest.force`).
    public var skipped: [SkippedEdit] = []

    public init(changes: [RequestChange] = [], unchanged: Int = 0, skipped: [SkippedEdit] = []) {
        self.changes = changes
        self.unchanged = unchanged
        self.skipped = skipped
    }

    public var isEmpty: Bool { changes.isEmpty }
    public var counts: DecisionCounts { DecisionCounts(changes) }

    /// Every slot the plan takes a request out of or puts one in: what the apply locks.
    public var slots: Set<SlotKey> { Set(changes.flatMap { [$0.before.slot, $0.after.slot] }) }
}

/// What a batch of decisions did or would do: the plan, the problems that refuse it, and the
/// batch recording the attempt.
public struct DecisionOutcome: Sendable {
    public typealias Status = BatchAttemptStatus

    public var fileName: String
    public var fileSHA256: String
    public var status: Status
    public var plan: DecisionPlan
    public var problems: [DecisionProblem]
    /// The `import_batch` row recording this attempt; nil for a dry run.
    public var auditBatchID: RowID?
    /// The tenants' notices the apply queued in its transaction (docs/notices.md); nil when
    /// nothing was applied (a dry run, a refused, stale or changed plan, nothing to change).
    public var notices: NoticeQueueReport?
    /// Data rows read.
    public var rows = 0
    /// One line a change, its slot, staff and subcontractor named (what a preview lists), for the
    /// first `changeLinesKept` changes: no front shows more, and the plan has them all.
    public var changeLines: [DecisionReportLine] = []
    /// The changes `changeLines` names at most: as many as a preview page shows.
    public static let changeLinesKept = DecisionPreview.shownRows

    public init(fileName: String, fileSHA256: String, status: Status, plan: DecisionPlan, problems: [DecisionProblem]) {
        self.fileName = fileName
        self.fileSHA256 = fileSHA256
        self.status = status
        self.plan = plan
        self.problems = problems
    }

    /// A SHA-256 of exactly what an apply would do: the file, every change before and after with
    /// its decision and note, the rows left alone, the edits left out and every problem. The same
    /// digest, the same plan: a preview is applied only while its plan still has this digest.
    public var planDigest: String {
        var hasher = SHA256()
        func feed(_ line: String) { hasher.update(data: Array((line + "\n").utf8)) }
        func state(_ s: RequestState) -> String {
            "\(s.status.rawValue) \(s.slot.date.iso) \(s.slot.daypartID) \(s.staffID.map(String.init) ?? "-") \(s.subcontractorID.map(String.init) ?? "-")"
        }
        feed("slotsheet-decision-plan-v1")
        feed("file \(fileSHA256)")
        feed("unchanged \(plan.unchanged)")
        for change in plan.changes {
            feed("change \(change.requestID) \(change.decision?.rawValue ?? "-") \(state(change.before)) > \(state(change.after)) \(String(reflecting: change.note))")
        }
        for skipped in plan.skipped { feed("skipped \(skipped.requestID) \(skipped.column.rawValue) \(String(reflecting: skipped.reason))") }
        for problem in problems { feed("problem \(String(reflecting: problem))") }
        return hasher.finalize().map { String(format: "%02x", $0) }.joined()
    }
}

/// How a batch of decisions is run.
public struct DecisionRequest: Sendable {
    public var dryRun: Bool
    public var operatorName: String
    /// How the decisions came in (recorded in the log).
    public var channel: RequestChannel
    /// The digest of the preview a person saw (`DecisionOutcome.planDigest`): apply only that plan.
    public var expectedPlanDigest: String?
    /// Apply a stale file anyway: only the office's own edits, on top of the database as it is
    /// now, and of those only what is still allowed from each request's status now.
    public var force: Bool

    public init(dryRun: Bool, operatorName: String, channel: RequestChannel = .file, expectedPlanDigest: String? = nil, force: Bool = false) {
        self.dryRun = dryRun
        self.operatorName = operatorName
        self.channel = channel
        self.expectedPlanDigest = expectedPlanDigest
        self.force = force
    }
}

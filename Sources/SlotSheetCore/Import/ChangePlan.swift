/// One cell an import changes: a person becomes available, or stops being available, in a slot.
public struct AvailabilityChange: Hashable, Sendable {
    public var key: AvailabilityKey
    /// The state after the change; before it was the opposite.
    public var available: Bool
    public var staffCode: String
    public var daypartCode: String

    public init(key: AvailabilityKey, available: Bool, staffCode: String, daypartCode: String) {
        self.key = key
        self.available = available
        self.staffCode = staffCode
        self.daypartCode = daypartCode
    }

    /// The same cell, changed back.
    public var reverted: AvailabilityChange {
        AvailabilityChange(key: key, available: !available, staffCode: staffCode, daypartCode: daypartCode)
    }
}

/// What an import would change: the third plain value of the pipeline. Applying it is the only
/// step that writes.
public struct ChangePlan: Hashable, Sendable {
    public var changes: [AvailabilityChange]
    /// Cells the file gives that already match the database (or that the office left as exported).
    public var unchanged: Int

    public init(changes: [AvailabilityChange] = [], unchanged: Int = 0) {
        self.changes = changes
        self.unchanged = unchanged
    }

    public var added: Int { changes.filter(\.available).count }
    public var removed: Int { changes.count - added }
    public var isEmpty: Bool { changes.isEmpty }

    /// Added and removed per date, in date order (`PlanSummary` counts them).
    public var perDate: [(date: LocalDate, added: Int, removed: Int)] {
        PlanSummary(self).perDate.map { ($0.key, $0.added, $0.removed) }
    }

    /// Added and removed per staff member, by code.
    public var perStaff: [(staff: String, added: Int, removed: Int)] {
        PlanSummary(self).perStaff.map { ($0.key, $0.added, $0.removed) }
    }
}

/// One import attempt or undo as recorded in `import_batch`. Every import that is not a dry run
/// is recorded, whatever its outcome; only an `applied` one has changes.
public struct ImportBatch: Hashable, Sendable {
    public enum Kind: String, Sendable, CaseIterable { case `import`, undo }
    public enum Outcome: String, Sendable, CaseIterable {
        /// Changes written (`availability_change` holds them).
        case applied
        /// The file matched the database: nothing to change.
        case unchanged
        /// Never written: a dry run writes nothing. Kept because the schema allows it.
        case dryRun = "dry_run"
        /// Refused for its problems (`problems` counts them).
        case rejected
        /// Refused: the database changed since the template was exported (`problems` counts the changes).
        case stale
        /// An apply whose plan was no longer the one previewed: nothing applied.
        case planChanged = "plan_changed"
    }

    public var id: RowID?
    public var fileName: String
    public var sha256: String
    public var operatorName: String
    public var createdAt: String
    public var dryRun: Bool
    public var kind: Kind
    public var revertsBatchID: RowID?
    public var range: DateRange?
    public var added: Int
    public var removed: Int
    public var unchanged: Int
    public var outcome: Outcome
    /// What refused the attempt: its problems (`rejected`) or the database changes since export (`stale`); 0 otherwise.
    public var problems: Int
    /// What the batch changed (`import_batch.list_kind`).
    public var subject: BatchSubject = .availability

    /// The list a list batch changed (staff, dayparts, catalogue); nil for availability and requests.
    public var listKind: ListKind? {
        get { if case let .list(kind) = subject { kind } else { nil } }
        set { subject = newValue.map(BatchSubject.list) ?? .availability }
    }

    public init(id: RowID? = nil, fileName: String, sha256: String, operatorName: String, createdAt: String, dryRun: Bool = false,
                kind: Kind = .import, revertsBatchID: RowID? = nil, range: DateRange?, added: Int, removed: Int, unchanged: Int,
                outcome: Outcome, problems: Int = 0) {
        self.id = id
        self.fileName = fileName
        self.sha256 = sha256
        self.operatorName = operatorName
        self.createdAt = createdAt
        self.dryRun = dryRun
        self.kind = kind
        self.revertsBatchID = revertsBatchID
        self.range = range
        self.added = added
        self.removed = removed
        self.unchanged = unchanged
        self.outcome = outcome
        self.problems = problems
    }
}

/// What a batch changed, as `import_batch.list_kind` records it: availability (null), one of the
/// office's lists (its name), or repair requests' decisions (`requests`).
public enum BatchSubject: Hashable, Sendable {
    case availability
    case list(ListKind)
    case requests

    /// The value of `import_batch.list_kind`.
    var recorded: String? {
        switch self {
        case .availability: return nil
        case let .list(kind): return kind.rawValue
        case .requests: return "requests"
        }
    }

    /// The subject a recorded `list_kind` names; nil for a value this build does not know.
    init?(recorded text: String?) {
        guard let text else { self = .availability; return }
        if text == "requests" { self = .requests; return }
        guard let kind = ListKind(rawValue: text) else { return nil }
        self = .list(kind)
    }
}

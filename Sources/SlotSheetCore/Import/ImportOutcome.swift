import Crypto

/// What to import and how.
public struct ImportRequest: Sendable {
    public var dryRun: Bool
    /// Import a stale template anyway, applying only the office's edits.
    public var force: Bool
    public var operatorName: String

    public init(dryRun: Bool = false, force: Bool = false, operatorName: String) {
        self.dryRun = dryRun
        self.force = force
        self.operatorName = operatorName
    }
}

/// How the checks of a file end, before anything is written: what an apply acts on.
public enum ImportVerdict: String, Hashable, Sendable {
    /// Valid, with changes to write.
    case changes
    /// Valid, and the database already says everything the file says.
    case nothingToChange
    /// The file has problems.
    case rejected
    /// The database changed in the template's dates since export (and the import is not forced).
    case stale

    /// Its word in `--json` and the API (`nothing_to_change`, as `BatchAttemptStatus.jsonWord`);
    /// the raw value is the plan digest's and the stored preview's, and stays as it is.
    public var jsonWord: String {
        switch self {
        case .changes: "changes"
        case .nothingToChange: "nothing_to_change"
        case .rejected: "rejected"
        case .stale: "stale"
        }
    }
}

/// How an import ended, and everything the command reports about it.
public struct ImportOutcome: Sendable {
    /// The status every batch attempt has, availability imports, list imports and decisions alike
    /// (one closed type, one set of words). `.planChanged`: `apply` was given the digest of the plan
    /// a person previewed, and the plan is now another: nothing applied; the outcome's plan,
    /// problems and stale changes are the new preview, `verdict` says how it ends, `planChange`
    /// what changed.
    public typealias Status = BatchAttemptStatus

    public var status: Status
    /// With `.planChanged`: the digest expected and what differs from that preview.
    public var planChange: PlanChange? = nil
    /// How the checks ended (the same for a preview and the apply of the same plan).
    public var verdict: ImportVerdict
    public var fileName: String
    public var sha256: String
    public var isTemplate: Bool
    public var range: DateRange?
    public var plan: ChangePlan
    public var problems: [ImportProblem]
    public var staleChanges: [StaleChange]
    /// When the template was made (templates only).
    public var generatedAt: String?
    /// The `import_batch` row that records this attempt: every import that is not a dry run has one,
    /// whatever its outcome; nil for a preview.
    public var auditBatchID: RowID?
    /// Set when `problems` was cut to its first ones (`bounded()`): how many there are in all, per kind.
    public var problemTally: ProblemTally? = nil
    /// The whole outcome's digest, kept when its problems were cut.
    var keptPlanDigest: String? = nil

    /// A SHA-256 of exactly what an apply would do with this file: the file, the verdict, every
    /// change and the number of cells left as they are, every problem and every change made in the
    /// database since export. The same digest, the same plan: the web front shows a preview, and
    /// applies only if the plan is still the one with the digest it showed.
    public var planDigest: String {
        if let keptPlanDigest { return keptPlanDigest }
        var hasher = SHA256()
        func feed(_ line: String) { hasher.update(data: Array((line + "\n").utf8)) }
        feed("slotsheet-import-plan-v1")
        feed("file \(sha256)")
        feed("verdict \(verdict.rawValue)")
        feed("unchanged \(plan.unchanged)")
        for change in plan.changes.sorted(by: PlanDifference.cellOrder) {
            feed("change \(change.key.date.iso) \(change.key.daypartID) \(change.key.staffID) \(change.available ? 1 : 0)")
        }
        // Problems and stale changes are plain values; their full description is their identity.
        for problem in problems { feed("problem \(String(reflecting: problem))") }
        for change in staleChanges { feed("stale \(String(reflecting: change))") }
        return hasher.finalize().map { String(format: "%02x", $0) }.joined()
    }
}

/// What `apply` found when the plan was no longer the previewed one.
public struct PlanChange: Hashable, Sendable {
    /// The digest of the plan the caller previewed (`ImportOutcome.planDigest`).
    public var expectedDigest: String
    /// What differs from the preview of the same prepared import, when that preview is the one with
    /// `expectedDigest`; nil when the caller previewed another (`ImportOutcome.difference(from:)`
    /// compares with a preview the caller kept).
    public var difference: PlanDifference?
}

/// How a plan differs from an earlier one of the same file: what the office sees when the database
/// changed between preview and apply.
public struct PlanDifference: Hashable, Sendable {
    public var verdictBefore: ImportVerdict
    public var verdictNow: ImportVerdict
    /// Cells the plan changes now that the earlier one did not (or changed the other way).
    public var newlyChanged: [AvailabilityChange]
    /// Cells the earlier plan changed that this one does not (or changes the other way).
    public var noLongerChanged: [AvailabilityChange]
    public var problemsBefore: Int
    public var problemsNow: Int
    public var staleChangesBefore: Int
    public var staleChangesNow: Int

    /// By date, daypart and staff, then the direction.
    static func cellOrder(_ a: AvailabilityChange, _ b: AvailabilityChange) -> Bool {
        (a.key.date, a.key.daypartID, a.key.staffID, a.available ? 1 : 0) < (b.key.date, b.key.daypartID, b.key.staffID, b.available ? 1 : 0)
    }
}

extension ImportOutcome {
    /// How this outcome's plan differs from `earlier`'s (a preview of the same file).
    public func difference(from earlier: ImportOutcome) -> PlanDifference {
        let before = Set(earlier.plan.changes), now = Set(plan.changes)
        return PlanDifference(
            verdictBefore: earlier.verdict, verdictNow: verdict,
            newlyChanged: now.subtracting(before).sorted(by: PlanDifference.cellOrder),
            noLongerChanged: before.subtracting(now).sorted(by: PlanDifference.cellOrder),
            problemsBefore: earlier.problemTotal, problemsNow: problemTotal,
            staleChangesBefore: earlier.staleChanges.count, staleChangesNow: staleChanges.count)
    }
}

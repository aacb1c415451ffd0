import SlotSheetTemplates

/// The JSON shape of an import outcome, as `slotsheet import --json` prints it and the web API's
/// `GET /api/imports/{id}` answers (stable: scripts read it).
public struct ImportOutcomeJSON: Encodable, Sendable {
    public struct Count: Encodable, Sendable { let key: String; let added: Int; let removed: Int }
    public struct Change: Encodable, Sendable { let date: String; let daypart: String; let staff: String; let available: Bool }
    public struct Problem: Encodable, Sendable {
        let place: String
        let sheet: String?
        let cell: String?
        let line: Int?
        let slot: String?
        let staff: String?
        let message: String
        let hint: String
    }

    public let status: String
    /// How the checks ended: `changes`, `nothing_to_change`, `rejected`, `stale`.
    public let verdict: String
    /// The `import_batch` row recording the attempt (every import that is not a dry run).
    public let recordedAs: RowID?
    /// Identifies the plan: the same digest, the same plan.
    public let planDigest: String
    public let file: String
    public let sha256: String
    public let kind: String
    public let from: String?
    public let to: String?
    public let batch: RowID?
    public let added: Int
    public let removed: Int
    public let unchanged: Int
    public let perDate: [Count]
    public let perStaff: [Count]
    /// Every change, or when paged (the web API's `changesOffset`, `changesLimit`) a page of them.
    public let changes: [Change]
    /// Where `changes` starts among all of them, and how many there are in all, when paged.
    public let changesOffset: Int?
    public let changesTotal: Int?
    /// Every problem (the web front's, cut by `ImportOutcome.bounded()`: the first `ProblemTally.kept`);
    /// `problemsTotal` and `problemsPerKind` count them all.
    public private(set) var problems: [Problem]
    /// Where `problems` starts among the kept ones, when paged (`pageProblems`).
    public private(set) var problemsOffset: Int?
    public let problemsTotal: Int
    public let problemsPerKind: [KindCount]
    public struct KindCount: Encodable, Sendable { let kind: String; let count: Int }
    public let stale: [String]

    /// The outcome's JSON; with `changesPage`, only `limit` changes from `offset` on (a plan may
    /// hold a million: the web API pages them).
    public init(_ outcome: ImportOutcome, _ language: Language, changesPage: (offset: Int, limit: Int)? = nil) {
        let shown = changesPage.map { outcome.plan.changes.dropFirst($0.offset).prefix($0.limit) } ?? outcome.plan.changes[...]
        self.init(outcome, plan: PlanSummary(outcome.plan), changes: shown, changesPage: changesPage.map { ($0.offset, outcome.plan.changes.count) },
                  language)
    }

    /// The JSON of a stored preview's summary (`OutcomeSummary`) and the page of changes it holds.
    public init(_ summary: OutcomeSummary, _ language: Language) {
        self.init(summary.outcome, plan: summary.plan, changes: summary.changes[...], changesPage: (summary.changesOffset, summary.plan.changes),
                  language)
    }

    /// `outcome`'s JSON with its plan counted as `plan` says and `changes` shown; `changesPage`: where
    /// they start and how many there are in all, when paged.
    private init(_ outcome: ImportOutcome, plan: PlanSummary, changes shown: ArraySlice<AvailabilityChange>,
                 changesPage: (offset: Int, total: Int)?, _ language: Language) {
        status = outcome.status.jsonWord
        if case let .applied(id) = outcome.status { batch = id } else { batch = nil }
        verdict = outcome.verdict.jsonWord
        recordedAs = outcome.auditBatchID
        planDigest = outcome.planDigest
        file = outcome.fileName
        sha256 = outcome.sha256
        kind = outcome.isTemplate ? "template" : "csv"
        from = outcome.range?.from.iso
        to = outcome.range?.to.iso
        added = plan.added
        removed = plan.removed
        unchanged = plan.unchanged
        perDate = plan.perDate.map { Count(key: $0.key.iso, added: $0.added, removed: $0.removed) }
        perStaff = plan.perStaff.map { Count(key: $0.key, added: $0.added, removed: $0.removed) }
        changes = shown.map { Change(date: $0.key.date.iso, daypart: $0.daypartCode, staff: $0.staffCode, available: $0.available) }
        changesOffset = changesPage?.offset
        changesTotal = changesPage?.total
        let tally = outcome.problemTally ?? ProblemTally(outcome.problems)
        problemsTotal = tally.total
        problemsPerKind = tally.perKind.map { KindCount(kind: $0.kind, count: $0.count) }
        problems = outcome.problems.map { problem in
            Problem(at: problem.location, language, slot: problem.slot?.text(language), staff: problem.staffCode,
                    message: problem.message(language), hint: problem.hint(language))
        }
        stale = outcome.staleChanges.map { $0.text(language) }
    }

    /// Keeps `limit` problems from `offset` on (of the kept ones): the web API's pages.
    public mutating func pageProblems(offset: Int, limit: Int) {
        problems = Array(problems.dropFirst(offset).prefix(limit))
        problemsOffset = offset
    }
}

extension ImportOutcomeJSON.Problem {
    /// A problem at `location`, its place also as sheet and cell, or line (the list imports' too).
    init(at location: ImportProblem.Location, _ language: Language, slot: String?, staff: String?, message: String, hint: String) {
        var sheet: String?, cell: String?, line: Int?
        switch location {
        case let .cell(name, reference): sheet = name; cell = reference
        case let .line(number): line = number
        case let .sheet(name): sheet = name
        case .batch: break
        }
        self.init(place: location.text(language), sheet: sheet, cell: cell, line: line, slot: slot, staff: staff, message: message, hint: hint)
    }
}

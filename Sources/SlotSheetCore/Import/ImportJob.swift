import Foundation

/// The import, in three steps with plain values between them, so that only database work happens
/// inside a transaction and the web front can show a preview before it applies:
///
/// 1. `prepare` reads the file (and, beside it, a read snapshot of the database for its dates):
///    no write lock is taken, however long the file takes to read;
/// 2. `preview` checks it against that snapshot: the plan, the problems, the stale changes and
///    the plan's digest; nothing is written;
/// 3. `apply`, inside one write transaction, locks the slots the file may change, runs the checks
///    again against the database as it is then, and writes: the changes of a valid file as one
///    `import_batch` with its `availability_change` rows, and for every other outcome the
///    attempt's `import_batch` row alone (rejected, stale, nothing to change, plan changed), so the
///    audit trail holds every attempt while a refused file changes no availability. A server
///    backend may run the transaction again (after a deadlock); it re-checks and re-plans, and
///    never reads the file again.
///
///     let job = ImportJob(store: store, rules: rules)
///     let prepared = try job.prepare(try ImportSource.open(path: "december.xlsx"))
///     let preview = try job.preview(prepared, request)
///     let outcome = try job.apply(prepared, request, expectedPlanDigest: preview.planDigest)
public struct ImportJob {
    public let store: any RepairStore
    /// What is past (never changed), on the office's clock.
    public let rules: OfficeRules
    public var clock: OfficeClock { rules.clock }

    public init(store: any RepairStore, rules: OfficeRules) {
        self.store = store
        self.rules = rules
    }

    // MARK: - The steps

    /// Reads the file's cells. With `prefetch`, also reads the database for the file's dates in one
    /// read snapshot (for a template on this thread while the cells are read on another; for a
    /// CSV, whose dates are known only once read, afterwards), which `preview` checks against.
    /// `progress` is called with (rows read, rows) while a template streams by.
    public func prepare(_ source: ImportSource, prefetch: Bool = true,
                        progress: (@Sendable (Int, Int) -> Void)? = nil) throws -> PreparedImport {
        guard prefetch else {
            return PreparedImport(parsed: try source.parse(progress: progress), snapshot: nil)
        }
        guard let layout = source.layout else {
            return try prepare(try source.parse(progress: progress))
        }
        let parsing = source.beginParse(progress: progress)
        // On this core while the other parses: the database read and the stale check's rows from it,
        // then the file's recorded rows checked, unless the parse got to them first (it checks them
        // after the cells): whichever of the two paths is shorter takes the check.
        let snapshot = Result { () throws -> DatabaseSnapshot in
            let snapshot = try store.read { try DatabaseSnapshot(session: $0, dates: layout.range) }.withTemplateState(of: layout)
            try source.checkRecordedRows()
            return snapshot
        }
        // A file that cannot be read is the first thing to report, before any database error.
        let parsed = try parsing.wait()
        return PreparedImport(parsed: parsed, snapshot: try snapshot.get())
    }

    /// Prepares a file parsed already: reads the snapshot `preview` checks against.
    public func prepare(_ parsed: ParsedSheet) throws -> PreparedImport {
        PreparedImport(parsed: parsed, snapshot: try store.read { try DatabaseSnapshot(session: $0, dates: parsed.datesChecked) })
    }

    /// What an apply would do, as of the snapshot read while preparing (or, without one, a snapshot
    /// read now). Writes nothing. Status `dryRun` (with the plan, possibly empty), `rejected` or
    /// `stale`; `planDigest` identifies the plan for `apply(expectedPlanDigest:)`.
    public func preview(_ prepared: PreparedImport, _ request: ImportRequest) throws -> ImportOutcome {
        guard let snapshot = prepared.snapshot else {
            return try store.read { session in
                try evaluate(prepared.parsed, request, reading: try ImportReading(
                    session: session, dates: prepared.parsed.datesChecked, reading: prepared.parsed.partsChecked))
            }
        }
        return try evaluate(prepared.parsed, request, reading: ImportReading(snapshot))
    }

    /// Checks and plans again inside one write transaction and writes what the outcome calls for
    /// (see the type's summary); a dry-run request only previews.
    ///
    /// - `expectedPlanDigest`: the `planDigest` of the preview a person saw. When the plan is now
    ///   another, nothing is applied: the attempt is recorded as `plan_changed`, and the outcome
    ///   (status `.planChanged`) is the new preview, with what changed.
    /// - `alsoInTransaction`: the caller's own database work, run in the same transaction when the
    ///   import goes through (applied, or nothing to change), after its rows are written; if it
    ///   throws, nothing at all is written and its error is thrown. The web front marks its upload
    ///   applied there, so that two clicks apply once. Like the rest of the transaction, it may run
    ///   again: database work only.
    public func apply(_ prepared: PreparedImport, _ request: ImportRequest, expectedPlanDigest: String? = nil,
                      alsoInTransaction: ((any StoreSession, ImportOutcome) throws -> Void)? = nil) throws -> ImportOutcome {
        if request.dryRun { return try preview(prepared, request) }
        var outcome = try store.writeTakingLocks { session in
            try applyInTransaction(prepared.parsed, request, expectedPlanDigest: expectedPlanDigest,
                                   alsoInTransaction: alsoInTransaction, session: session)
        }
        // What changed since the preview: worked out after COMMIT, from the snapshot the preview
        // was made from, so the write lock is not held for it.
        if outcome.status == .planChanged, let change = outcome.planChange, let snapshot = prepared.snapshot {
            let previewed = try evaluate(prepared.parsed, request, reading: ImportReading(snapshot))
            if previewed.planDigest == change.expectedDigest {
                outcome.planChange = PlanChange(expectedDigest: change.expectedDigest, difference: outcome.difference(from: previewed))
            }
        }
        return outcome
    }

    /// The three steps as the command runs them: a dry run prepares with a snapshot and previews;
    /// an import prepares without one (its transaction reads for itself) and applies.
    public func run(_ source: ImportSource, _ request: ImportRequest,
                    progress: (@Sendable (Int, Int) -> Void)? = nil) throws -> (ImportOutcome, ParsedSheet) {
        let prepared = try prepare(source, prefetch: request.dryRun, progress: progress)
        return (request.dryRun ? try preview(prepared, request) : try apply(prepared, request), prepared.parsed)
    }

    /// Previews or applies a file parsed already.
    public func run(_ parsed: ParsedSheet, _ request: ImportRequest) throws -> ImportOutcome {
        let prepared = request.dryRun ? try prepare(parsed) : PreparedImport(parsed: parsed, snapshot: nil)
        return request.dryRun ? try preview(prepared, request) : try apply(prepared, request)
    }

    // MARK: - Inside the transaction

    private func applyInTransaction(_ parsed: ParsedSheet, _ request: ImportRequest, expectedPlanDigest: String?,
                                    alsoInTransaction: ((any StoreSession, ImportOutcome) throws -> Void)?,
                                    session: any StoreSession) throws -> ImportOutcome {
        // The slots it may change locked first, then read and checked as the last writer of each
        // left it (docs/design.md, "Locks").
        let references = try References(session: session)
        try session.lockSlots(parsed.slotsItMayChange(references))
        let reading = try ImportReading(session: session, references: references, dates: parsed.datesChecked, reading: parsed.partsChecked)
        var outcome = try evaluate(parsed, request, reading: reading)
        if let expected = expectedPlanDigest, outcome.planDigest != expected {
            outcome.status = .planChanged
            outcome.planChange = PlanChange(expectedDigest: expected, difference: nil)
            outcome.auditBatchID = try session.insertImportBatch(attempt(parsed, request, outcome: .planChanged))
            return outcome
        }
        switch outcome.verdict {
        case .stale:
            outcome.status = .stale
            outcome.auditBatchID = try session.insertImportBatch(attempt(parsed, request, outcome: .stale, problems: outcome.staleChanges.count))
            return outcome
        case .rejected:
            outcome.status = .rejected
            outcome.auditBatchID = try session.insertImportBatch(attempt(parsed, request, outcome: .rejected, problems: outcome.problemTotal))
            return outcome
        case .nothingToChange:
            outcome.status = .nothingToChange
            outcome.auditBatchID = try session.insertImportBatch(attempt(parsed, request, outcome: .unchanged, plan: outcome.plan))
        case .changes:
            let batchID = try ChangeWriter.write(outcome.plan.changes, as: attempt(parsed, request, outcome: .applied, plan: outcome.plan),
                                                 session: session)
            outcome.status = .applied(batchID: batchID)
            outcome.auditBatchID = batchID
        }
        try alsoInTransaction?(session, outcome)
        return outcome
    }

    /// The `import_batch` row of one attempt. Counts are of what was written: a refused attempt
    /// adds and removes nothing, whatever its plan would have.
    private func attempt(_ parsed: ParsedSheet, _ request: ImportRequest, outcome: ImportBatch.Outcome,
                         plan: ChangePlan = ChangePlan(), problems: Int = 0) -> ImportBatch {
        ImportBatch(fileName: parsed.fileName, sha256: parsed.sha256, operatorName: request.operatorName, createdAt: clock.timestamp(),
                    range: parsed.dateRange, added: plan.added, removed: plan.removed, unchanged: plan.unchanged,
                    outcome: outcome, problems: problems)
    }

    // MARK: - The checks

    /// The stale check, validation and plan of one file against what `reading` shows. Reads only.
    private func evaluate(_ parsed: ParsedSheet, _ request: ImportRequest, reading: ImportReading) throws -> ImportOutcome {
        var outcome = ImportOutcome(
            status: .rejected, verdict: .rejected, fileName: parsed.fileName, sha256: parsed.sha256, isTemplate: parsed.template != nil,
            range: parsed.dateRange, plan: ChangePlan(), problems: [], staleChanges: [], generatedAt: parsed.template?.generatedAt)
        if let template = parsed.template {
            outcome.staleChanges = try StaleCheck.changes(since: template, file: parsed, reading: reading)
        }
        let analysis = try ImportAnalyzer.analyze(parsed, reading: reading, day: rules.now())
        // Every problem at once: a stale file's own problems are reported with its stale changes.
        outcome.problems = analysis.problems.kept
        outcome.problemTally = analysis.problems.tally
        if !outcome.staleChanges.isEmpty && !request.force {
            outcome.status = .stale
            outcome.verdict = .stale
            return outcome
        }
        outcome.plan = analysis.plan
        outcome.verdict = !analysis.problems.isEmpty ? .rejected : analysis.plan.isEmpty ? .nothingToChange : .changes
        outcome.status = outcome.verdict == .rejected ? .rejected : .dryRun
        return outcome
    }
}

/// Writes a batch and its changes in multi-row statements (a year's import is a few hundred, not
/// a hundred thousand, round trips to a database server); the caller's transaction makes it all
/// or nothing.
enum ChangeWriter {
    static func write(_ changes: [AvailabilityChange], as batch: ImportBatch,
                      session: some ImportHistorySession & AvailabilityWriteSession) throws -> RowID {
        let batchID = try session.insertImportBatch(batch)
        try session.addAbsentAvailability(changes.filter(\.available).map(\.key))
        try session.removeAvailability(changes.filter { !$0.available }.map(\.key))
        try session.recordAvailabilityChanges(batchID: batchID, changes)
        return batchID
    }
}

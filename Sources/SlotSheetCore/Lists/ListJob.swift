import Foundation

/// A list import (staff or dayparts), on the availability import's pipeline: *parse* (the file
/// into a `ListTable`, no lock taken), *validate* (every problem at once, each with its line or
/// cell and a fix), *plan* (added, changed with before and after, made inactive) and *apply* (one
/// `import_batch` marked with the list, a `list_change` row per changed row, and for staff made
/// inactive their availability from the first open day on with its `availability_change` rows,
/// in one transaction). Every attempt that is not a dry run is recorded, refused ones too.
///
///     let job = ListJob(store: store, rules: rules)
///     let table = try job.read(path: "staff.csv", kind: .staff)
///     let outcome = try job.run(table, ListRequest(dryRun: false, operatorName: "maria"))
public struct ListJob {
    public let store: any RepairStore
    public let rules: OfficeRules

    public init(store: any RepairStore, rules: OfficeRules) {
        self.store = store
        self.rules = rules
    }

    /// Reads the file; throws `ImportFileError` when it cannot be read as a list at all.
    public func read(path: String, kind: ListKind) throws -> ListFile {
        ListFile(table: try ListTable.read(path: path, kind: kind))
    }

    /// Previews (a dry run: one read snapshot, nothing written) or applies (checked again and
    /// written in one transaction).
    ///
    /// - `request.expectedPlanDigest`: the `planDigest` of the preview a person saw. When the plan
    ///   is now another, nothing is applied: the attempt is recorded as `plan_changed` and the
    ///   outcome (status `.planChanged`) is the new preview.
    /// - `alsoInTransaction`: the caller's own database work, run in the same transaction when the
    ///   list is applied or has nothing to change; if it throws, nothing at all is written. The web
    ///   front marks its upload applied there, so that two clicks apply once. It may run again
    ///   (a retried transaction): database work only.
    public func run(_ file: ListFile, _ request: ListRequest,
                    alsoInTransaction: ((any StoreSession, ListOutcome) throws -> Void)? = nil) throws -> ListOutcome {
        let day = rules.now()
        if request.dryRun {
            return try store.read { session in try evaluate(file.table, force: request.force, session: session, day: day) }
        }
        return try store.write { session in
            var outcome = try evaluate(file.table, force: request.force, session: session, day: day)
            let planChanged = request.expectedPlanDigest.map { $0 != outcome.planDigest } ?? false
            let batch = ImportBatch(
                fileName: file.table.fileName, sha256: file.table.sha256, operatorName: request.operatorName,
                createdAt: rules.clock.timestamp(), range: nil, added: outcome.plan.added.count,
                removed: outcome.plan.deactivated.count, unchanged: outcome.plan.unchanged,
                outcome: planChanged ? .planChanged : outcome.status == .stale ? .stale : outcome.status == .rejected ? .rejected
                    : outcome.plan.isEmpty ? .unchanged : .applied,
                problems: outcome.problems.count)
            if batch.outcome == .applied {
                let id = try ListWriter.write(outcome.plan, kind: file.table.kind, as: batch, session: session)
                outcome.status = .applied(batchID: id)
                outcome.auditBatchID = id
            } else {
                let id = try session.insertImportBatch(batch)
                try session.setListKind(file.table.kind, ofBatch: id)
                if planChanged {
                    outcome.status = .planChanged
                } else if outcome.status != .rejected && outcome.status != .stale {
                    outcome.status = .nothingToChange
                }
                outcome.auditBatchID = id
            }
            if batch.outcome == .applied || batch.outcome == .unchanged { try alsoInTransaction?(session, outcome) }
            return outcome
        }
    }

    /// The stale check (a list workbook that recorded what its export saw), validation and plan of
    /// one file against what `session` shows. Reads only. `force`: of a stale file's rows only the
    /// fields the office edited are planned, on top of the database as it is.
    func evaluate(_ table: ListTable, force: Bool, session: some ScheduleSession & ListSession, day: OfficeDay) throws -> ListOutcome {
        var outcome = ListOutcome(kind: table.kind, fileName: table.fileName, status: .rejected, plan: ListPlan(), problems: table.problems)
        outcome.fileSHA256 = table.sha256
        let list = table.kind.rules
        var checks = ListFieldChecks()
        var wishes = list.wishes(table, checks: &checks)
        let current = try list.current(session)
        var stale: [ListProblem] = []
        if let exported = table.exported {
            stale = ListStaleCheck.changes(wishes, kind: table.kind, exported: exported, current: current)
            if force { wishes = ListStaleCheck.forced(wishes, stale: stale, exported: exported, current: current) }
        }
        var plan = ListPlan.make(wishes, current: current)
        let ruleProblems = try list.check(&plan, wishes: wishes, current: current, session: session, day: day)
        let problems = (table.problems + checks.problems + ruleProblems).sorted { $0.location.order.lexicographicallyPrecedes($1.location.order) }
        if !stale.isEmpty && !force {
            // Every problem at once: the file's own problems first, then the rows changed since export.
            outcome.problems = problems + stale
            outcome.status = .stale
            return outcome
        }
        outcome.plan = plan
        outcome.problems = problems
        outcome.status = problems.isEmpty ? .dryRun : .rejected
        return outcome
    }
}

/// A list file read and ready to check: what `ListJob.read` gives and `run` takes.
public struct ListFile: Sendable {
    let table: ListTable
    public var kind: ListKind { table.kind }
    public var fileName: String { table.fileName }
    /// Data rows read.
    public var rows: Int { table.rows.count }
}

/// How a list import is run.
public struct ListRequest: Sendable {
    public var dryRun: Bool
    public var operatorName: String
    /// The digest of the preview a person saw (`ListOutcome.planDigest`): apply only that plan.
    public var expectedPlanDigest: String?
    /// Import a stale list workbook anyway: only the rows the office edited, on top of the
    /// database as it is now (`--force`).
    public var force: Bool

    public init(dryRun: Bool, operatorName: String, expectedPlanDigest: String? = nil, force: Bool = false) {
        self.dryRun = dryRun
        self.force = force
        self.operatorName = operatorName
        self.expectedPlanDigest = expectedPlanDigest
    }
}

/// Writes a list batch: its `import_batch` row marked with the list, the rows, their
/// `list_change` records, and the availability that goes with them; the caller's transaction
/// makes it all or nothing.
enum ListWriter {
    static func write(_ plan: ListPlan, kind: ListKind, as batch: ImportBatch,
                      session: some ImportHistorySession & ListSession & SeedSession & AvailabilityWriteSession) throws -> RowID {
        let id = try session.insertImportBatch(batch)
        try session.setListKind(kind, ofBatch: id)
        for change in plan.added + plan.changed + plan.deactivated { try kind.rules.write(change.after, session: session) }
        try session.recordListChanges(batchID: id, kind: kind, plan.rowChanges)
        if !plan.availability.isEmpty {
            // After the rows: an undo restores the availability of a person it makes active again.
            try session.addAvailability(plan.availability.filter(\.available).map(\.key))
            try session.removeAvailability(plan.availability.filter { !$0.available }.map(\.key))
            try session.recordAvailabilityChanges(batchID: id, plan.availability)
        }
        return id
    }
}

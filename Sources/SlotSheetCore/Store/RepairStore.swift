/// The repair-request database as the jobs see it, whatever the backend.
///
/// Work happens in sessions: `read` gives one consistent snapshot, `write` one transaction that
/// commits when the closure returns and rolls back when it throws, so a job either completes
/// or leaves nothing behind.
///
///     let counts = try store.read { try $0.tableCounts() }
///     try store.write { session in
///         let id = try session.upsertCorporation(name: "Woonstede")
///         ...
///     }
public protocol RepairStore: AnyObject, Sendable {
    /// Where the database is (for messages; passwords redacted).
    var location: StoreLocation { get }

    /// Creates the schema or brings it up to `Schema.version`; safe to run again.
    /// Returns the schema version afterwards.
    @discardableResult
    func migrate() throws(StoreError) -> Int

    /// The number of migrations applied (0 for an empty database).
    func schemaVersion() throws(StoreError) -> Int

    /// The database system, its version and the settings of it that matter for slotsheet's
    /// transactions and durability (`db status`).
    func engine() throws(StoreError) -> DatabaseEngine

    /// Runs `work` on one consistent snapshot of the database.
    func read<T>(_ work: (any StoreSession) throws -> T) throws -> T

    /// Runs `work` in one transaction: all of it is committed, or none of it. A server backend
    /// may run `work` again when it aborts the transaction for a concurrent one (PostgreSQL's
    /// serialization failures, at any statement or at COMMIT), so `work` does database work only:
    /// a file renamed, a folder published or an upload removed goes in an `AfterCommit` effect
    /// (`write(deferringEffects:)`), which runs once, after COMMIT.
    func write<T>(_ work: (any StoreSession) throws -> T) throws -> T

    /// Runs `work` in one transaction, as `write` does, for work that locks what it changes
    /// (`AvailabilityWriteSession.lockSlots`) before it reads what it checks: an import's apply, an undo. On
    /// PostgreSQL the transaction is READ COMMITTED, so every statement after the locks sees the
    /// locked slots as the last writer committed them, writers of other slots never refuse each
    /// other, and `work` runs again only when the server broke a deadlock by aborting it (the
    /// same rules for effects as `write`). On SQLite it is `write`: one writer at a time.
    func writeTakingLocks<T>(_ work: (any StoreSession) throws -> T) throws -> T

    /// After a bulk load has committed (a seed), what a server's autovacuum does to `tables` a
    /// minute or more later: PostgreSQL's VACUUM marks their pages all-visible, so that a range's
    /// read is an index-only scan that does not visit every row's page (a year's availability: 30
    /// ms of heap fetches -> 20 ms). SQLite has no such map: nothing.
    func settleAfterBulkLoad(of tables: [String]) throws(StoreError)
}

extension RepairStore {
    /// A backend whose write transaction is the database's only writer needs no other.
    public func writeTakingLocks<T>(_ work: (any StoreSession) throws -> T) throws -> T {
        try write(work)
    }
}

/// Something outside the database that a write transaction leads to (a finished file renamed into
/// place, a day folder published, an upload removed). It runs once, after COMMIT succeeded, never
/// inside a transaction that may run again or roll back. When it fails, `compensation` runs in a
/// second write transaction to take back what the first one recorded about it (the `export_run`
/// rows of a file that could not be published), so the database never lists an effect that did
/// not happen.
public struct AfterCommit {
    let effect: () throws -> Void
    let compensation: ((any StoreSession) throws -> Void)?

    public init(_ effect: @escaping () throws -> Void, ifItFails compensation: ((any StoreSession) throws -> Void)? = nil) {
        self.effect = effect
        self.compensation = compensation
    }
}

/// What the work of `write(deferringEffects:)` gives back: its value, and the effects to run once
/// the transaction has committed. Only the attempt that commits has its effects run; an attempt the
/// server aborted is forgotten with everything it built.
public struct Committable<Value> {
    public var value: Value
    public var afterCommit: [AfterCommit]

    public init(_ value: Value, afterCommit: [AfterCommit]) {
        self.value = value
        self.afterCommit = afterCommit
    }
}

extension RepairStore {
    /// Runs `work` in one write transaction as `write` does, then, once COMMIT succeeded, the
    /// effects of the committed attempt, in order, each once. If an effect fails, its compensation
    /// and those of the effects after it (which did not run) run in one second write transaction,
    /// and the effect's error is thrown; effects that ran before it stay done.
    ///
    ///     try store.write(deferringEffects: { session in
    ///         let id = try session.recordExportRun(run)
    ///         return Committable(id, afterCommit: [
    ///             AfterCommit(output.publish, ifItFails: { try $0.deleteExportRuns([id]) }),
    ///         ])
    ///     })
    public func write<T>(deferringEffects work: (any StoreSession) throws -> Committable<T>) throws -> T {
        let committed = try write(work)
        for (index, step) in committed.afterCommit.enumerated() {
            do {
                try step.effect()
            } catch {
                let undone = committed.afterCommit[index...].compactMap(\.compensation)
                if !undone.isEmpty {
                    // The effect's error is what the caller must hear about; a failing compensation
                    // (the database gone meanwhile) leaves a row whose file does not match its
                    // sha256, which every reader of `export_run` checks.
                    try? write { session in for compensation in undone { try compensation(session) } }
                }
                throw error
            }
        }
        return committed.value
    }
}

extension RepairStore {
    /// Throws unless the schema is exactly the one this build expects, so no job runs on a
    /// database it would misread.
    public func requireCurrentSchema() throws(StoreError) {
        let found = try schemaVersion()
        guard found == Schema.version else {
            throw .needsMigration(found: found, expected: Schema.version)
        }
    }
}

/// Every query and change of the store, inside one snapshot or transaction: what `RepairStore.read`
/// and `write` hand their work, and what each backend's session implements. It is only the sum of
/// the narrow sessions, one a concern; a use case takes the narrowest of them (or a composition,
/// `some ScheduleSession & ImportHistorySession`) it uses, so its signature says what it touches
/// (docs/design.md, "Store"). Upserts match on the natural key of docs/design.md and return the
/// surrogate key.
public protocol StoreSession: ScheduleSession, AvailabilityWriteSession, ImportHistorySession, ExportRecordSession, SeedSession,
    ReportSession, ListSession, DecisionSession, NoticeSession, WebAccountSession, WebStateSession {}

/// Requests holding one slot.
public struct SlotDemand: Hashable, Sendable {
    public var held: Int
    /// Held requests with someone assigned: (staff, request).
    public var assignments: [(staffID: RowID, requestID: RowID)]

    public init(held: Int = 0, assignments: [(staffID: RowID, requestID: RowID)] = []) {
        self.held = held
        self.assignments = assignments
    }

    /// Staff assigned to those requests (a person appears once per request).
    public var assignedStaffIDs: [RowID] { assignments.map(\.staffID) }

    /// The requests assigned to one person in this slot, by number.
    public func requests(assignedTo staffID: RowID) -> [RowID] {
        assignments.filter { $0.staffID == staffID }.map(\.requestID).sorted()
    }

    public static func == (lhs: SlotDemand, rhs: SlotDemand) -> Bool {
        lhs.held == rhs.held && lhs.assignments.elementsEqual(rhs.assignments) { $0 == $1 }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(held)
        for assignment in assignments {
            hasher.combine(assignment.staffID)
            hasher.combine(assignment.requestID)
        }
    }
}

/// One file written by an export: what, with which parameters, where, and its checksum.
public struct ExportRun: Hashable, Sendable {
    public var kind: String
    /// The parameters as JSON text, so they can be read back without a schema change.
    public var parameters: String
    /// Where the file is; for a file sent to someone and not kept (the web front's downloads),
    /// what they received (`ExportRun.sent(as:)`).
    public var path: String
    /// Of the file's bytes.
    public var sha256: String
    public var rows: Int
    public var createdAt: String
    /// Of what the file says (its rows, or a template's fingerprint): equal when only the
    /// creation time in the file differs.
    public var contentSHA256: String?

    public init(kind: String, parameters: String, path: String, sha256: String, rows: Int, createdAt: String, contentSHA256: String? = nil) {
        self.kind = kind
        self.parameters = parameters
        self.path = path
        self.sha256 = sha256
        self.rows = rows
        self.createdAt = createdAt
        self.contentSHA256 = contentSHA256
    }

    /// What `path` records for a file written only to be sent and then removed: the name it was
    /// sent as (`web:availability-2026-12-07-2026-12-13.xlsx`), not the scratch file that is gone.
    public static func sent(as name: String) -> String { "web:\(name)" }
}

/// A database system as `db status` shows it: "PostgreSQL 15.14" and the settings that decide
/// isolation, locking, durability, time and text.
public struct DatabaseEngine: Sendable {
    /// The system and its version.
    public var name: String
    /// Setting names as the system spells them, with their values, in a fixed order.
    public var settings: [(name: String, value: String)]

    public init(name: String, settings: [(name: String, value: String)]) {
        self.name = name
        self.settings = settings
    }
}

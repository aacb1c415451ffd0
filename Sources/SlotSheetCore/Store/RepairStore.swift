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
    /// (`StoreSession.lockSlots`) before it reads what it checks: an import's apply, an undo. On
    /// PostgreSQL the transaction is READ COMMITTED, so every statement after the locks sees the
    /// locked slots as the last writer committed them, writers of other slots never refuse each
    /// other, and `work` runs again only when the server broke a deadlock by aborting it (the
    /// same rules for effects as `write`). On SQLite it is `write`: one writer at a time.
    func writeTakingLocks<T>(_ work: (any StoreSession) throws -> T) throws -> T
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

/// The queries and changes of the jobs, inside one snapshot or transaction.
/// Upserts match on the natural key of DESIGN.md and return the surrogate key.
public protocol StoreSession: WebAccountSession, WebStateSession, ListSession, DecisionSession, NoticeSession {
    /// Rows per table, in the order of `Schema.tables`.
    func tableCounts() throws -> [(table: String, rows: Int)]

    func upsertCorporation(name: String) throws -> RowID
    func upsertResident(_ resident: Resident) throws -> RowID
    /// A catalogue node named `name` under `parentID` (nil for a location).
    func upsertCatalogueNode(_ level: CatalogueLevel, parentID: RowID?, name: String) throws -> RowID
    func upsertSubcontractor(_ subcontractor: Subcontractor) throws -> RowID
    func upsertDaypart(_ daypart: Daypart) throws -> RowID
    func upsertStaff(_ staff: StaffMember) throws -> RowID
    /// Marks (person, slot) pairs available, in bulk statements (imports and seeding write tens of
    /// thousands; a server backend would otherwise pay a round trip a row); nothing happens for a
    /// pair that already is.
    func addAvailability(_ keys: [AvailabilityKey]) throws
    /// `addAvailability` for pairs the transaction read as not available after locking their
    /// slots (an apply's, an undo's changes): a pair that is available after all is a
    /// `constraintViolated` error, never skipped.
    func addAbsentAvailability(_ keys: [AvailabilityKey]) throws
    /// Inserts or replaces the request with this id, its defects included.
    func upsertRequest(_ request: RepairRequest) throws
    /// After rows were inserted with ids of their own (seeded requests), makes the backend's id
    /// generator continue after the highest, so rows other programs add get fresh ids.
    func continueKeysAfterExplicitIDs() throws
    /// After a bulk load (a seed): the query planner's statistics of `tables` made from the rows
    /// there are now, in this transaction, so the next job plans for them (PostgreSQL's ANALYZE;
    /// autovacuum does it only a minute or more later, and till then a year's read, planned for a
    /// thousand rows, sorted 350,000 on disk). SQLite's planner works from its indexes: nothing.
    func refreshPlannerStatistics(of tables: [String]) throws

    /// Every daypart, in sort order.
    func dayparts() throws -> [Identified<Daypart>]
    /// Every staff member, by code.
    func staff() throws -> [Identified<StaffMember>]
    /// Capacity and held requests of every slot in `range` that has either.
    func slotOccupancy(in range: DateRange) throws -> [SlotKey: SlotOccupancy]

    /// Calls `visit` with the schedule of every date of `range`, in order (a date without staff or
    /// requests too), read in one statement for the whole range (a server backend would otherwise
    /// pay two round trips a date): memory follows the rows a fetch brings, never the range.
    func schedules(in range: DateRange, _ visit: (DaySchedule) throws -> Void) throws
    /// Locks the slots until the transaction ends, taken in one statement in ascending order,
    /// waiting (up to the busy timeout) while another transaction holds one: what every writer that
    /// changes a slot's capacity or its bookings takes before it reads what it checks (the protocol
    /// of docs/design.md, "Locks"). Nothing on SQLite, whose write transaction is the only writer.
    func lockSlots(_ slots: [SlotKey]) throws

    /// Who is available on one date, as (daypart, staff) pairs.
    func availability(on date: LocalDate) throws -> [(daypartID: RowID, staffID: RowID)]
    /// Requests holding a slot on one date, per daypart: how many, and who is assigned.
    func slotDemand(on date: LocalDate) throws -> [RowID: SlotDemand]

    /// Records a file an export wrote (`export_run`).
    @discardableResult
    func recordExportRun(_ run: ExportRun) throws -> RowID
    /// Removes `export_run` rows: the records of files that could not be published after all.
    func deleteExportRuns(_ ids: [RowID]) throws

    /// Marks (person, slot) pairs not available, in bulk statements; nothing happens for a pair
    /// that already is not.
    func removeAvailability(_ keys: [AvailabilityKey]) throws
    /// Adds an `import_batch` row and returns its id.
    func insertImportBatch(_ batch: ImportBatch) throws -> RowID
    /// Records the changes of a batch in `availability_change`, in bulk statements.
    func recordAvailabilityChanges(batchID: RowID, _ changes: [AvailabilityChange]) throws
    func importBatch(id: RowID) throws -> ImportBatch?
    /// The batches `filter` asks for, newest first (`HistoryFilter`; `importBatches(limit:outcomes:)`).
    func importBatches(_ filter: HistoryFilter) throws -> [ImportBatch]
    /// The batches created from `start` up to (not including) `end`, ISO 8601 UTC instants, oldest first.
    func importBatches(createdFrom start: String, before end: String) throws -> [ImportBatch]
    func availabilityChanges(ofBatch batchID: RowID) throws -> [AvailabilityChange]
    /// Batches after `batchID` that changed any cell `batchID` changed, by id.
    func laterBatches(touchingCellsOf batchID: RowID) throws -> [RowID]
    /// The batch that reverted `batchID`, if one did.
    func batch(reverting batchID: RowID) throws -> RowID?

    /// Calls `visit` for every request the filter selects, by slot date, daypart and id, streamed:
    /// a million requests never sit in memory.
    func forEachRequest(matching filter: RequestFilter, _ visit: (RequestReportRow) throws -> Void) throws
    /// Per staff member with any: slots available and held requests assigned in `range`.
    func staffLoad(in range: DateRange) throws -> [StaffLoad]
    /// The newest export of a kind with these parameters, to tell an unchanged file.
    func lastExportRun(kind: String, parameters: String) throws -> ExportRun?
}

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

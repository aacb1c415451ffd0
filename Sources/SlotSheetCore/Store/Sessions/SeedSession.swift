/// Rows inserted or updated by their natural key (docs/design.md, "The data"), returning the
/// surrogate key: what the seed loads (`Seeder`), and the staff, dayparts and catalogue rows the
/// list imports write (`StaffList`, `DaypartList`, `CatalogueList`).
public protocol SeedSession {
    func upsertCorporation(name: String) throws -> RowID
    func upsertResident(_ resident: Resident) throws -> RowID
    /// A catalogue node named `name` under `parentID` (nil for a location).
    func upsertCatalogueNode(_ level: CatalogueLevel, parentID: RowID?, name: String) throws -> RowID
    func upsertSubcontractor(_ subcontractor: Subcontractor) throws -> RowID
    func upsertDaypart(_ daypart: Daypart) throws -> RowID
    func upsertStaff(_ staff: StaffMember) throws -> RowID
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
    /// Makes this transaction's COMMIT return only once the server's log holds it, whatever the
    /// server's `synchronous_commit`: PostgreSQL marks rows, and pages, visible to every transaction
    /// only once their commit is flushed, so only then can the VACUUM after a bulk load
    /// (`RepairStore.settleAfterBulkLoad`) mark the load's pages all-visible. SQLite: nothing (its
    /// `synchronous` is the connection's, set when the store opens).
    func commitDurably() throws
}

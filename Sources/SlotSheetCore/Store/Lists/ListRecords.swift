/// One row of a list as a batch changed it: the natural key, and the row's fields (in the list's
/// export columns) before and after; `before` is nil for a row the batch added. What `list_change`
/// holds, and what `import undo` replays backwards.
public struct ListRowChange: Hashable, Sendable, Codable {
    public var key: String
    public var before: [String]?
    public var after: [String]

    public init(key: String, before: [String]?, after: [String]) {
        self.key = key
        self.before = before
        self.after = after
    }
}

/// A defect of the catalogue: its path and whether the tenants' app offers it.
public struct CatalogueDefect: Hashable, Sendable {
    public var id: RowID
    public var path: DefectPath
    public var active: Bool
}

/// A held request assigned to a person, for the checks of a deactivation.
public struct AssignedVisit: Hashable, Sendable {
    public var requestID: RowID
    public var slot: SlotKey
}

/// The queries and changes of list imports, inside one snapshot or transaction.
public protocol ListSession {
    /// Marks an `import_batch` row as a batch of `kind` (null for availability).
    func setListKind(_ kind: ListKind, ofBatch batchID: RowID) throws
    /// The list a batch changed; nil for an availability batch.
    func listKind(ofBatch batchID: RowID) throws -> ListKind?
    /// What a batch changed: availability, a list, or repair requests.
    func subject(ofBatch batchID: RowID) throws -> BatchSubject
    func recordListChanges(batchID: RowID, kind: ListKind, _ changes: [ListRowChange]) throws
    func listChanges(ofBatch batchID: RowID) throws -> [ListRowChange]
    /// Later batches that changed any row `batchID` changed, by id.
    func laterBatches(touchingRowsOf batchID: RowID) throws -> [RowID]
    /// The slots a person is available in from `date` on.
    func availability(ofStaff staffID: RowID, from date: LocalDate) throws -> [AvailabilityKey]
    /// Held requests assigned to a person from `date` on.
    func heldVisits(assignedTo staffID: RowID, from date: LocalDate) throws -> [AssignedVisit]
    /// Held requests in a daypart from `date` on: how many, and the first date.
    func heldRequests(inDaypart daypartID: RowID, from date: LocalDate) throws -> (count: Int, first: LocalDate?)
    /// Every defect of the catalogue with its path and whether the app offers it.
    func catalogueDefects() throws -> [CatalogueDefect]
    /// Shows a defect among the app's choices, or hides it.
    func setDefectActive(_ defectID: RowID, active: Bool) throws
    /// Deletes a row no other row refers to; false (and nothing deleted) when one does.
    func deleteUnreferenced(_ kind: ListKind, id: RowID) throws -> Bool
}

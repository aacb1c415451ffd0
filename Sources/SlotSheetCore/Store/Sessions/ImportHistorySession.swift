/// The history of imports and undos: `import_batch` rows and the availability cells each changed
/// (`availability_change`). What an apply records (`ImportJob`, `ListJob`, the decisions' jobs), what
/// an undo replays and checks (`UndoJob`, `ListUndo`, `RequestUndo`), the history's pages and the
/// imports report, and the refused-apply limit (`UploadApplyJob`) read.
public protocol ImportHistorySession {
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
}

/// A request as a batch of decisions reads it: its state now, and for an archived one the status
/// it had before (from its log), which a restore returns it to.
public struct StoredRequest: Hashable, Sendable {
    public var id: RowID
    public var state: RequestState
    public var statusBeforeArchiving: RequestStatus?

    public init(id: RowID, state: RequestState, statusBeforeArchiving: RequestStatus?) {
        self.id = id
        self.state = state
        self.statusBeforeArchiving = statusBeforeArchiving
    }
}

/// A later row of a request's log than a batch's own: what refuses that batch's undo.
public struct LaterLogRow: Hashable, Sendable {
    public var requestID: RowID
    /// Nil for a row no batch made (the seed's).
    public var batchID: RowID?
}

/// The queries and changes of repair-request decisions, inside one snapshot or transaction.
public protocol DecisionSession {
    /// The requests with these numbers, by number (a number without a request is absent), read in one statement.
    func storedRequests(_ ids: [RowID]) throws -> [RowID: StoredRequest]
    /// Every subcontractor, by name.
    func subcontractors() throws -> [Identified<Subcontractor>]
    /// Sets each changed request's status, slot, staff and subcontractor, in bulk statements.
    func applyRequestChanges(_ changes: [RequestChange], updatedAt: String) throws
    /// Appends rows to `request_status_log`, in bulk statements.
    func appendStatusLog(_ entries: [RequestLogEntry]) throws
    /// The requests the filter selects from the `offset`th on, at most `limit`, in slot order (date,
    /// daypart, number), with their defects: one page of the queue, in one statement.
    func forEachRequest(matching filter: RequestFilter, offset: Int, limit: Int, _ visit: (RequestReportRow) throws -> Void) throws
    /// How many requests the filter selects.
    func countRequests(matching filter: RequestFilter) throws -> Int
    /// A request's log, oldest first.
    func statusLog(ofRequest requestID: RowID) throws -> [RequestLogEntry]
    /// The log rows a batch appended, oldest first.
    func statusLog(ofBatch batchID: RowID) throws -> [RequestLogEntry]
    /// Rows of the log after a batch's own, of the requests the batch changed.
    func laterLogRows(afterBatch batchID: RowID) throws -> [LaterLogRow]
    /// Marks an `import_batch` row as a batch of decisions about requests.
    func markRequestsBatch(_ batchID: RowID) throws
    /// Appends a row for every request whose state its log's last row does not say (or that has
    /// none): what the seed writes after loading requests. Returns the rows appended.
    @discardableResult
    func logRequestsTheLogDoesNotMatch(operatorName: String, channel: RequestChannel) throws -> Int
}

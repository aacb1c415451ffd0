/// How a change of a request came about, as `request_status_log.channel` records it.
public enum RequestChannel: String, CaseIterable, Sendable, Codable {
    /// A decisions file (CSV or workbook) imported on the command line or uploaded.
    case file
    /// The web front's Requests page.
    case web
    /// The JSON API.
    case api
    /// `slotsheet import undo`: the reverse of an earlier batch.
    case undo
    /// Written by `db seed` for the sample or synthetic requests it loads.
    case seed
    /// Written by migration 011 for each request that existed before the log: its state then.
    case migration
}

/// One row of `request_status_log`: a request's change, before and after. The log is append-only
/// (both backends refuse an UPDATE or DELETE on it), and a request's current state is its last row.
public struct RequestLogEntry: Hashable, Sendable {
    public var id: RowID?
    public var requestID: RowID
    /// Nil for a request's first row.
    public var fromStatus: RequestStatus?
    public var toStatus: RequestStatus
    /// Nil for a request's first row.
    public var slotBefore: SlotKey?
    public var slotAfter: SlotKey
    public var staffBefore: RowID?
    public var staffAfter: RowID?
    public var subcontractorBefore: RowID?
    public var subcontractorAfter: RowID?
    public var note: String?
    public var operatorName: String
    public var channel: RequestChannel
    /// The `import_batch` that made the change; nil for the seed's and the migration's rows.
    public var batchID: RowID?
    /// ISO 8601 UTC.
    public var createdAt: String

    public init(id: RowID? = nil, requestID: RowID, fromStatus: RequestStatus?, toStatus: RequestStatus, slotBefore: SlotKey?, slotAfter: SlotKey,
                staffBefore: RowID?, staffAfter: RowID?, subcontractorBefore: RowID?, subcontractorAfter: RowID?,
                note: String?, operatorName: String, channel: RequestChannel, batchID: RowID?, createdAt: String) {
        self.id = id
        self.requestID = requestID
        self.fromStatus = fromStatus
        self.toStatus = toStatus
        self.slotBefore = slotBefore
        self.slotAfter = slotAfter
        self.staffBefore = staffBefore
        self.staffAfter = staffAfter
        self.subcontractorBefore = subcontractorBefore
        self.subcontractorAfter = subcontractorAfter
        self.note = note
        self.operatorName = operatorName
        self.channel = channel
        self.batchID = batchID
        self.createdAt = createdAt
    }

    /// The row that records `change`.
    init(_ change: RequestChange, operatorName: String, channel: RequestChannel, batchID: RowID, createdAt: String) {
        self.init(requestID: change.requestID, fromStatus: change.before.status, toStatus: change.after.status,
                  slotBefore: change.before.slot, slotAfter: change.after.slot,
                  staffBefore: change.before.staffID, staffAfter: change.after.staffID,
                  subcontractorBefore: change.before.subcontractorID, subcontractorAfter: change.after.subcontractorID,
                  note: change.note, operatorName: operatorName, channel: channel, batchID: batchID, createdAt: createdAt)
    }

    /// The state the row leaves the request in.
    public var after: RequestState {
        RequestState(status: toStatus, slot: slotAfter, staffID: staffAfter, subcontractorID: subcontractorAfter)
    }
}

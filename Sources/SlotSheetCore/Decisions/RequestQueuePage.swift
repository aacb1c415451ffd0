/// One page of the requests queue: the requests a filter selects, in slot order, from `offset` on,
/// and how many there are in all (the Requests page and `GET /api/requests`).
public struct RequestQueuePage: Sendable {
    public var rows: [RequestQueueRow]
    public var total: Int
    public var offset: Int
    public var limit: Int
    /// Each daypart's label by its code ("D09": "09:00-10:00"), for showing the rows' slots.
    public var daypartLabels: [String: String]

    /// The most requests one page holds: a page the office reads and ticks, never the whole queue.
    public static let maxLimit = 200

    /// Reads the page in one snapshot (the count and the rows agree); `limit` is bounded by
    /// `maxLimit`.
    public static func read(_ filter: RequestFilter, offset: Int, limit: Int, store: any RepairStore) throws -> RequestQueuePage {
        let limit = min(max(limit, 1), maxLimit), offset = max(offset, 0)
        return try store.read { session in
            var rows: [RequestQueueRow] = []
            try session.forEachRequest(matching: filter, offset: offset, limit: limit) { rows.append(RequestQueueRow($0)) }
            let labels = Dictionary(try session.dayparts().map { ($0.value.code, $0.value.label) }, uniquingKeysWith: { first, _ in first })
            return RequestQueuePage(rows: rows, total: try session.countRequests(matching: filter), offset: offset, limit: limit,
                                    daypartLabels: labels)
        }
    }
}

extension RequestQueueRow {
    /// The row of a request as the store reads it.
    init(_ row: RequestReportRow) {
        self.init(id: row.id, createdAt: row.createdAt, resident: row.residentName,
                  address: "\(row.street) \(row.houseNumber), \(row.postcode) \(row.city)", corporation: row.corporation,
                  defects: row.defects, description: row.description,
                  recorded: RecordedRequest(status: row.status, date: row.slotDate, daypartCode: row.daypartCode, staffCode: row.staffCode,
                                            subcontractor: row.subcontractor))
    }
}

/// One row of a request's status log in the office's words: the slots by date and daypart label,
/// the staff by code, the subcontractors by name (a request's page, `GET /api/requests/{id}`).
public struct RequestLogLine: Hashable, Sendable {
    public var entry: RequestLogEntry
    /// Nil for the request's first row.
    public var slotBefore: SlotName?
    public var slotAfter: SlotName
    /// The daypart codes of the slots (what files and the API name them by).
    public var daypartBefore: String?
    public var daypartAfter: String
    public var staffBefore: String?
    public var staffAfter: String?
    public var subcontractorBefore: String?
    public var subcontractorAfter: String?
}

/// A request with its status log, oldest row first.
public struct RequestDetail: Sendable {
    public var request: RequestQueueRow
    /// The daypart's label of its slot ("09:00-10:00").
    public var daypartLabel: String
    public var log: [RequestLogLine]

    /// The request `id` and its log, read in one snapshot; nil when there is none.
    public static func read(_ id: RowID, store: any RepairStore) throws -> RequestDetail? {
        try store.read { session in
            var found: RequestReportRow?
            try session.forEachRequest(matching: RequestFilter(requestID: id)) { found = $0 }
            guard let found else { return nil }
            let references = try DecisionReferences(session: session)
            let log = try session.statusLog(ofRequest: id).map { entry in
                RequestLogLine(entry: entry, slotBefore: entry.slotBefore.map(references.slotName), slotAfter: references.slotName(entry.slotAfter),
                               daypartBefore: entry.slotBefore.flatMap { references.daypartsByID[$0.daypartID]?.code },
                               daypartAfter: references.daypartsByID[entry.slotAfter.daypartID]?.code ?? String(entry.slotAfter.daypartID),
                               staffBefore: entry.staffBefore.flatMap { references.staffByID[$0]?.code },
                               staffAfter: entry.staffAfter.flatMap { references.staffByID[$0]?.code },
                               subcontractorBefore: entry.subcontractorBefore.flatMap { references.subcontractorsByID[$0]?.name },
                               subcontractorAfter: entry.subcontractorAfter.flatMap { references.subcontractorsByID[$0]?.name })
            }
            return RequestDetail(request: RequestQueueRow(found), daypartLabel: found.daypartLabel, log: log)
        }
    }
}

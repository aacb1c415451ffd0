/// The requests queue a page at a time, on every backend (see `DecisionSession`).
extension PortableSession {
    func forEachRequest(matching filter: RequestFilter, offset: Int, limit: Int, _ visit: (RequestReportRow) throws -> Void) throws {
        let (conditions, arguments) = filter.sqlConditions
        try forEachRequestRow(StoreSQL.requestReportPage(conditions: conditions), arguments + [limit.sqlValue, offset.sqlValue], visit)
    }

    func countRequests(matching filter: RequestFilter) throws -> Int {
        let (conditions, arguments) = filter.sqlConditions
        return try connection.firstRow(StoreSQL.requestCount(conditions: conditions), arguments) { try $0.int(0) } ?? 0
    }
}

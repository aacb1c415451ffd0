/// The streamed reads of the reports and of the request lists (`RequestsReport`, the requests
/// workbook, the request queue), and the rows per table `db status` shows.
public protocol ReportSession {
    /// Rows per table, in the order of `Schema.tables`.
    func tableCounts() throws -> [(table: String, rows: Int)]
    /// Calls `visit` for every request the filter selects, by slot date, daypart and id, streamed:
    /// a million requests never sit in memory.
    func forEachRequest(matching filter: RequestFilter, _ visit: (RequestReportRow) throws -> Void) throws
    /// Per staff member with any: slots available and held requests assigned in `range`.
    func staffLoad(in range: DateRange) throws -> [StaffLoad]
}

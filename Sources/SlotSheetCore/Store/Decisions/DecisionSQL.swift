/// The statements of repair-request decisions on every backend, in the SQL both accept (bulk
/// writes also in PostgreSQL's array form). Nullable keys travel as 0 and nullable text as ''
/// (the array binding has no NULLs) and are turned back by NULLIF.
enum DecisionSQL {
    /// Requests by number, with the status an archived one had before (its last archiving's from).
    static func storedRequests(_ dialect: SQLDialect) -> String {
        """
        SELECT r.id, r.status, r.slot_date, r.daypart_id, r.staff_id, r.subcontractor_id, \
        CASE WHEN r.status = 'archived' THEN (SELECT l.from_status FROM request_status_log l \
        WHERE l.request_id = r.id AND l.to_status = 'archived' ORDER BY l.id DESC LIMIT 1) END \
        FROM repair_request r WHERE \(dialect.inIntegerList("r.id")) ORDER BY r.id
        """
    }

    static let subcontractors = "SELECT id, name, phone, email FROM subcontractor ORDER BY name"

    static let applyChanges = BulkStatement(
        columns: [.integer, .text, .text, .integer, .integer, .integer, .text],
        values: { rows in
            """
            UPDATE repair_request SET status = v.column2, slot_date = v.column3, daypart_id = v.column4, \
            staff_id = NULLIF(v.column5, 0), subcontractor_id = NULLIF(v.column6, 0), updated_at = v.column7 \
            FROM (VALUES \(StoreSQL.valueRows(rows, width: 7))) AS v WHERE repair_request.id = v.column1
            """
        },
        arrays: """
            UPDATE repair_request r SET status = v.status, slot_date = v.slot_date, daypart_id = v.daypart_id, \
            staff_id = NULLIF(v.staff_id, 0), subcontractor_id = NULLIF(v.subcontractor_id, 0), updated_at = v.updated_at \
            FROM unnest(?::bigint[], ?::text[], ?::text[], ?::bigint[], ?::bigint[], ?::bigint[], ?::text[]) \
            AS v(id, status, slot_date, daypart_id, staff_id, subcontractor_id, updated_at) WHERE r.id = v.id
            """)

    private static let logColumns = """
        request_id, from_status, to_status, slot_date_before, daypart_id_before, slot_date_after, daypart_id_after, \
        staff_id_before, staff_id_after, subcontractor_id_before, subcontractor_id_after, note, operator, channel, batch_id, created_at
        """

    static let appendLog = BulkStatement(
        columns: [.integer, .text, .text, .text, .integer, .text, .integer, .integer, .integer, .integer, .integer, .text, .text, .text, .integer, .text],
        values: { rows in
            """
            INSERT INTO request_status_log (\(logColumns)) SELECT column1, NULLIF(column2, ''), column3, NULLIF(column4, ''), \
            NULLIF(column5, 0), column6, column7, NULLIF(column8, 0), NULLIF(column9, 0), NULLIF(column10, 0), NULLIF(column11, 0), \
            NULLIF(column12, ''), column13, column14, NULLIF(column15, 0), column16 FROM (VALUES \(StoreSQL.valueRows(rows, width: 16))) AS v
            """
        },
        arrays: """
            INSERT INTO request_status_log (\(logColumns)) SELECT r, NULLIF(fs, ''), ts, NULLIF(sdb, ''), NULLIF(dpb, 0), sda, dpa, \
            NULLIF(stb, 0), NULLIF(sta, 0), NULLIF(sub, 0), NULLIF(sua, 0), NULLIF(n, ''), o, c, NULLIF(b, 0), t \
            FROM unnest(?::bigint[], ?::text[], ?::text[], ?::text[], ?::bigint[], ?::text[], ?::bigint[], ?::bigint[], ?::bigint[], \
            ?::bigint[], ?::bigint[], ?::text[], ?::text[], ?::text[], ?::bigint[], ?::text[]) \
            AS v(r, fs, ts, sdb, dpb, sda, dpa, stb, sta, sub, sua, n, o, c, b, t)
            """,
        references: [
            ForeignKeyColumn(column: 0, table: "repair_request"),
            ForeignKeyColumn(column: 4, table: "daypart", zeroIsNull: true), ForeignKeyColumn(column: 6, table: "daypart"),
            ForeignKeyColumn(column: 7, table: "staff", zeroIsNull: true), ForeignKeyColumn(column: 8, table: "staff", zeroIsNull: true),
            ForeignKeyColumn(column: 9, table: "subcontractor", zeroIsNull: true),
            ForeignKeyColumn(column: 10, table: "subcontractor", zeroIsNull: true),
            ForeignKeyColumn(column: 14, table: "import_batch", zeroIsNull: true),
        ], table: "request_status_log")

    private static let logSelect = "SELECT id, \(logColumns) FROM request_status_log"
    static let logOfRequest = "\(logSelect) WHERE request_id = ? ORDER BY id"
    static let logOfBatch = "\(logSelect) WHERE batch_id = ? ORDER BY id"

    static let laterLogRows = """
        SELECT DISTINCT later.request_id, later.batch_id FROM request_status_log earlier JOIN request_status_log later \
        ON later.request_id = earlier.request_id AND later.id > earlier.id \
        WHERE earlier.batch_id = ? AND (later.batch_id IS NULL OR later.batch_id <> earlier.batch_id) ORDER BY later.request_id
        """

    static let markRequestsBatch = "UPDATE import_batch SET list_kind = 'requests' WHERE id = ?"

    /// A row for every request whose last log row does not say its state (or that has none); the
    /// row's time is the request's last update.
    static let logWhatTheLogDoesNotSay = """
        INSERT INTO request_status_log (\(logColumns)) \
        SELECT r.id, l.to_status, r.status, l.slot_date_after, l.daypart_id_after, r.slot_date, r.daypart_id, \
        l.staff_id_after, r.staff_id, l.subcontractor_id_after, r.subcontractor_id, NULL, CAST(? AS TEXT), CAST(? AS TEXT), NULL, r.updated_at \
        FROM repair_request r LEFT JOIN request_status_log l \
        ON l.id = (SELECT MAX(m.id) FROM request_status_log m WHERE m.request_id = r.id) \
        WHERE l.id IS NULL OR l.to_status <> r.status OR l.slot_date_after <> r.slot_date OR l.daypart_id_after <> r.daypart_id \
        OR COALESCE(l.staff_id_after, 0) <> COALESCE(r.staff_id, 0) OR COALESCE(l.subcontractor_id_after, 0) <> COALESCE(r.subcontractor_id, 0) \
        ORDER BY r.id
        """
}

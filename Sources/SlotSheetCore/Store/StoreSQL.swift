/// The statements every backend runs, written once in SQL that SQLite and PostgreSQL both
/// accept (`?` placeholders; a backend with numbered ones rewrites them).
enum StoreSQL {
    /// `INSERT ... ON CONFLICT (key) DO UPDATE ... RETURNING id`: an upsert on a natural key that
    /// leaves the surrogate key of an existing row as it is.
    static func upsert(into table: String, columns: [String], conflictOn key: [String]) -> String {
        let placeholders = Array(repeating: "?", count: columns.count).joined(separator: ", ")
        let updates = columns.filter { !key.contains($0) }
        // With nothing else to update, touch the key so that RETURNING still yields the row.
        let assignments = (updates.isEmpty ? key : updates).map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
        return """
            INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES (\(placeholders)) \
            ON CONFLICT (\(key.joined(separator: ", "))) DO UPDATE SET \(assignments) RETURNING id
            """
    }

    static let upsertCorporation = upsert(into: "housing_corporation", columns: ["name"], conflictOn: ["name"])
    static let upsertResident = upsert(
        into: "resident",
        columns: ["name", "email", "phone", "postcode", "house_number", "street", "city", "housing_corporation_id"],
        conflictOn: ["email"])
    static let upsertSubcontractor = upsert(into: "subcontractor", columns: ["name", "phone", "email"], conflictOn: ["name"])
    static let upsertDaypart = upsert(
        into: "daypart", columns: ["code", "label", "starts_at", "ends_at", "sort_order", "active"], conflictOn: ["code"])
    static let upsertStaff = upsert(into: "staff", columns: ["code", "employee_number", "name", "active"], conflictOn: ["code"])

    static func upsertCatalogueNode(_ level: CatalogueLevel) -> String {
        guard let parent = level.parentColumn else {
            return upsert(into: level.rawValue, columns: ["name"], conflictOn: ["name"])
        }
        return upsert(into: level.rawValue, columns: [parent, "name"], conflictOn: [parent, "name"])
    }

    /// `(?, ?, ?), (?, ?, ?), ...`: the VALUES of a multi-row statement, `width` placeholders a row.
    static func valueRows(_ rows: Int, width: Int) -> String {
        let row = "(" + Array(repeating: "?", count: width).joined(separator: ", ") + ")"
        return Array(repeating: row, count: rows).joined(separator: ", ")
    }

    /// Cells made available; a cell that is already is left as it is.
    static let addAvailability = insertingAvailability(then: " ON CONFLICT (date, daypart_id, staff_id) DO NOTHING")
    /// Cells known not to be available (read under their slots' locks): a plain INSERT, which on
    /// PostgreSQL spares ON CONFLICT's speculative insertion (a probe of the unique index and a
    /// confirmation in the WAL a row); a cell that is available after all breaks the unique key.
    static let addAbsentAvailability = insertingAvailability(then: "")

    private static func insertingAvailability(then conflictClause: String) -> BulkStatement {
        BulkStatement(
            columns: [.text, .integer, .integer],
            values: { rows in
                "INSERT INTO availability (date, daypart_id, staff_id) VALUES \(valueRows(rows, width: 3))\(conflictClause)"
            },
            arrays: """
                INSERT INTO availability (date, daypart_id, staff_id) SELECT * FROM unnest(?::text[], ?::bigint[], ?::bigint[])\
                \(conflictClause)
                """,
            references: [ForeignKeyColumn(column: 1, table: "daypart"), ForeignKeyColumn(column: 2, table: "staff")], table: "availability")
    }

    static let upsertRequest = """
        INSERT INTO repair_request (id, resident_id, description, photo_path, status, slot_date, daypart_id, \
        staff_id, subcontractor_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) \
        ON CONFLICT (id) DO UPDATE SET resident_id = excluded.resident_id, description = excluded.description, \
        photo_path = excluded.photo_path, status = excluded.status, slot_date = excluded.slot_date, \
        daypart_id = excluded.daypart_id, staff_id = excluded.staff_id, subcontractor_id = excluded.subcontractor_id, \
        created_at = excluded.created_at, updated_at = excluded.updated_at
        """
    static let requestDefects = "SELECT defect_id FROM repair_request_defect WHERE request_id = ?"
    static let addRequestDefect = """
        INSERT INTO repair_request_defect (request_id, defect_id) VALUES (?, ?) \
        ON CONFLICT (request_id, defect_id) DO NOTHING
        """
    static let removeRequestDefect = "DELETE FROM repair_request_defect WHERE request_id = ? AND defect_id = ?"

    static let dayparts = "SELECT \(DaypartColumn.selectList) FROM daypart ORDER BY sort_order, code"
    static let staff = "SELECT \(StaffColumn.selectList) FROM staff ORDER BY code"

    static let capacityPerSlot = """
        SELECT date, daypart_id, COUNT(*) FROM availability WHERE date BETWEEN ? AND ? GROUP BY date, daypart_id
        """
    static var heldPerSlot: String {
        let holding = RequestStatus.holding.map { "'\($0.rawValue)'" }.joined(separator: ", ")
        return """
            SELECT slot_date, daypart_id, COUNT(*) FROM repair_request \
            WHERE slot_date BETWEEN ? AND ? AND status IN (\(holding)) GROUP BY slot_date, daypart_id
            """
    }

    /// Every slot of a range that has staff available or requests holding it, in date order, one
    /// row a slot and kind (`SlotScheduleColumn`): kind 0 lists the staff available; kind 1 counts
    /// the held requests and lists the assigned ones, staff and request paired by position (in the
    /// order the rows come; `PortableSession.schedules` puts them in request order). `parts` says
    /// which kinds; the range's bounds are `?` 1-2, and again 3-4 when both are read. One statement
    /// for any range: a year is a few thousand rows, not a round trip a date.
    ///
    /// On PostgreSQL the union is a subquery whose branches have the same column types, so the
    /// planner flattens it and, for a cursor, merges the two branches (each in date order from its
    /// index) instead of sorting the year's rows before the first fetch; and `array_agg` has no
    /// ORDER BY, which PostgreSQL 15 carries out as a sort in every group although the index
    /// gives the rows in order already.
    static func slotSchedules(_ dialect: SQLDialect, _ parts: ScheduleParts = .all) -> String {
        let holding = RequestStatus.holding.map { "'\($0.rawValue)'" }.joined(separator: ", ")
        let assigned = "staff_id IS NOT NULL"
        let available = """
            SELECT 0, date, daypart_id, \(dialect.integerList("staff_id")), \(dialect.noIntegerList), \(dialect.zeroCount) FROM availability \
            WHERE date BETWEEN ? AND ? GROUP BY date, daypart_id
            """
        let held = """
            SELECT 1, slot_date, daypart_id, \(dialect.integerList("staff_id", where: assigned)), \
            \(dialect.integerList("id", where: assigned)), COUNT(*) FROM repair_request \
            WHERE slot_date BETWEEN ? AND ? AND status IN (\(holding)) GROUP BY slot_date, daypart_id
            """
        switch (parts, dialect) {
        case (.availability, _): return available + " ORDER BY 2"
        case (.demand, _): return held + " ORDER BY 2"
        case (.all, .sqlite): return available + " UNION ALL " + held + " ORDER BY 2"
        case (.all, .postgres): return "SELECT * FROM (\(available) UNION ALL \(held)) AS slot ORDER BY 2"
        }
    }

    /// PostgreSQL's transaction-level advisory lock on each slot, keyed `(YYYYMMDD, daypart id)` in
    /// the two-integer key space, all taken in this one statement in ascending key order, so two
    /// writers locking overlapping slots never wait for each other in a cycle (docs/design.md,
    /// "Locks": the protocol every writer of a slot's capacity or bookings follows).
    static let lockSlots = BulkStatement(
        columns: [.integer, .integer],
        values: { rows in
            """
            SELECT COUNT(pg_advisory_xact_lock(s.day::int, s.daypart::int)) FROM (SELECT DISTINCT column1 AS day, \
            column2 AS daypart FROM (VALUES \(valueRows(rows, width: 2))) AS v ORDER BY 1, 2) AS s
            """
        },
        arrays: """
            SELECT COUNT(pg_advisory_xact_lock(s.day::int, s.daypart::int)) FROM (SELECT DISTINCT day, daypart \
            FROM unnest(?::bigint[], ?::bigint[]) AS u(day, daypart) ORDER BY day, daypart) AS s
            """)

    static let availabilityOnDate = "SELECT \(DayAvailabilityColumn.selectList) FROM availability WHERE date = ?"
    static var demandOnDate: String {
        let holding = RequestStatus.holding.map { "'\($0.rawValue)'" }.joined(separator: ", ")
        return "SELECT \(DemandColumn.selectList) FROM repair_request WHERE slot_date = ? AND status IN (\(holding))"
    }

    static let recordExportRun = """
        INSERT INTO export_run (kind, parameters, path, sha256, rows, created_at, content_sha256) VALUES (?, ?, ?, ?, ?, ?, ?) \
        RETURNING id
        """
    static let deleteExportRun = "DELETE FROM export_run WHERE id = ?"

    /// Rows are found through the natural key's unique index (both backends name the columns of a
    /// VALUES list `column1`, `column2`, ...); a row-value `IN (VALUES ...)` would scan the table in SQLite.
    static let removeAvailability = BulkStatement(
        columns: [.text, .integer, .integer],
        values: { rows in
            """
            DELETE FROM availability WHERE id IN (SELECT a.id FROM (VALUES \(valueRows(rows, width: 3))) AS v \
            JOIN availability a ON a.date = v.column1 AND a.daypart_id = v.column2 AND a.staff_id = v.column3)
            """
        },
        arrays: """
            DELETE FROM availability a USING unnest(?::text[], ?::bigint[], ?::bigint[]) AS v(date, daypart_id, staff_id) \
            WHERE a.date = v.date COLLATE "C" AND a.daypart_id = v.daypart_id AND a.staff_id = v.staff_id
            """)
    static let insertImportBatch = """
        INSERT INTO import_batch (file_name, sha256, operator, created_at, dry_run, kind, reverts_batch_id, range_from, \
        range_to, added, removed, unchanged, outcome, problems) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id
        """
    static let recordAvailabilityChanges = BulkStatement(
        columns: [.integer, .text, .integer, .integer, .boolean, .boolean],
        values: { rows in
            """
            INSERT INTO availability_change (batch_id, date, daypart_id, staff_id, available_before, available_after) \
            VALUES \(valueRows(rows, width: 6))
            """
        },
        arrays: """
            INSERT INTO availability_change (batch_id, date, daypart_id, staff_id, available_before, available_after) \
            SELECT * FROM unnest(?::bigint[], ?::text[], ?::bigint[], ?::bigint[], ?::boolean[], ?::boolean[])
            """,
        references: [ForeignKeyColumn(column: 0, table: "import_batch"), ForeignKeyColumn(column: 2, table: "daypart"),
                     ForeignKeyColumn(column: 3, table: "staff")], table: "availability_change")

    static let batchColumns = ImportBatchColumn.selectList
    static let importBatch = "SELECT \(batchColumns) FROM import_batch WHERE id = ?"
    /// The newest batches whose outcome is one of `outcomes` (a `?` each), of an operator in any
    /// ASCII case when `byOperator` (a `?`), then the limit and the offset.
    static func recentImportBatches(outcomes: Int, byOperator: Bool) -> String {
        let conditions = (outcomes == 0 ? [] : ["outcome IN (\(Array(repeating: "?", count: outcomes).joined(separator: ", ")))"])
            + (byOperator ? ["LOWER(operator) = LOWER(?)"] : [])
        let filter = conditions.isEmpty ? "" : "WHERE \(conditions.joined(separator: " AND ")) "
        return "SELECT \(batchColumns) FROM import_batch \(filter)ORDER BY id DESC LIMIT ? OFFSET ?"
    }
    static let importBatchesCreatedBetween = "SELECT \(batchColumns) FROM import_batch WHERE created_at >= ? AND created_at < ? ORDER BY id"
    static let changesOfBatch = """
        SELECT \(BatchChangeColumn.selectList) FROM availability_change c \
        JOIN staff s ON s.id = c.staff_id JOIN daypart d ON d.id = c.daypart_id WHERE c.batch_id = ? \
        ORDER BY c.date, d.sort_order, s.code
        """
    /// The batches after a batch (both `?` its id) that changed one of its cells: the changes of
    /// the later batches, each looked up in the batch's own unique index (batch, date, daypart,
    /// staff), the one index that serves both this and `changesOfBatch` (015).
    static let laterBatchesTouching = """
        SELECT DISTINCT later.batch_id FROM availability_change later WHERE later.batch_id > ? AND EXISTS \
        (SELECT 1 FROM availability_change earlier WHERE earlier.batch_id = ? AND earlier.date = later.date \
        AND earlier.daypart_id = later.daypart_id AND earlier.staff_id = later.staff_id) ORDER BY later.batch_id
        """
    static let batchReverting = "SELECT id FROM import_batch WHERE reverts_batch_id = ? ORDER BY id LIMIT 1"

    /// The request overview, one row per defect (or one without), in report order; `conditions`
    /// are the filter's, joined with AND, each with `?` placeholders.
    static func requestReport(conditions: [String]) -> String {
        requestReport(filter: conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND "))
    }

    /// One page of the request overview: the requests `conditions` select, in slot order, from
    /// the `offset`th on, at most `limit` (the last two placeholders), with their defects.
    static func requestReportPage(conditions: [String]) -> String {
        let filter = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
        return requestReport(filter: """
            WHERE r.id IN (SELECT r.id FROM repair_request r \
            JOIN resident re ON re.id = r.resident_id \
            JOIN housing_corporation hc ON hc.id = re.housing_corporation_id \
            JOIN daypart dp ON dp.id = r.daypart_id \
            \(filter) ORDER BY r.slot_date, dp.sort_order, r.id LIMIT ? OFFSET ?)
            """)
    }

    /// How many requests `conditions` select.
    static func requestCount(conditions: [String]) -> String {
        let filter = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
        return """
            SELECT COUNT(*) FROM repair_request r JOIN resident re ON re.id = r.resident_id \
            JOIN housing_corporation hc ON hc.id = re.housing_corporation_id \(filter)
            """
    }

    private static func requestReport(filter: String) -> String {
        """
            SELECT \(RequestReportColumn.selectList) \
            FROM repair_request r \
            JOIN resident re ON re.id = r.resident_id \
            JOIN housing_corporation hc ON hc.id = re.housing_corporation_id \
            JOIN daypart dp ON dp.id = r.daypart_id \
            LEFT JOIN staff st ON st.id = r.staff_id \
            LEFT JOIN subcontractor sc ON sc.id = r.subcontractor_id \
            LEFT JOIN repair_request_defect rd ON rd.request_id = r.id \
            LEFT JOIN defect de ON de.id = rd.defect_id \
            LEFT JOIN element el ON el.id = de.element_id \
            LEFT JOIN space sp ON sp.id = el.space_id \
            LEFT JOIN location l ON l.id = sp.location_id \
            \(filter) \
            ORDER BY r.slot_date, dp.sort_order, r.id, l.name, sp.name, el.name, de.name
            """
    }

    static let staffLoad = "SELECT \(StaffLoadColumn.selectList) FROM staff s ORDER BY s.code"

    static let lastExportRun = """
        SELECT \(ExportRunColumn.selectList) FROM export_run WHERE kind = ? AND parameters = ? \
        ORDER BY id DESC LIMIT 1
        """

    static func count(_ table: String) -> String { "SELECT COUNT(*) FROM \(table)" }
}

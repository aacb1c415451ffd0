/// The statements of the tenants' outbox (`resident_notice`), portable like `StoreSQL`.
enum NoticeSQL {
    /// The columns `PortableSession.residentNotice` reads, in this order.
    static let columns = """
        id, request_id, batch_id, kind, recipient, recipient_name, language, subject, body, calendar, calendar_method, \
        calendar_sequence, message_id, state, attempts, next_attempt_ms, lease_owner, lease_until_ms, last_answer, created_at, \
        sent_at, corrects_notice_id, slot_date, daypart_id, queued_ms
        """

    /// The tenant and address of each request of a list (`SQLDialect.integerListParameter`).
    static func facts(_ d: SQLDialect) -> String {
        """
        SELECT r.id, p.name, p.email, p.street, p.house_number, p.postcode, p.city \
        FROM repair_request r JOIN resident p ON p.id = r.resident_id WHERE \(d.inIntegerList("r.id"))
        """
    }
    /// The defects of each request of a list, by request, as the catalogue orders them.
    static func defects(_ d: SQLDialect) -> String {
        """
        SELECT rd.request_id, l.name, s.name, e.name, de.name FROM repair_request_defect rd \
        JOIN defect de ON de.id = rd.defect_id JOIN element e ON e.id = de.element_id \
        JOIN space s ON s.id = e.space_id JOIN location l ON l.id = s.location_id \
        WHERE \(d.inIntegerList("rd.request_id")) ORDER BY rd.request_id, l.name, s.name, e.name, de.name
        """
    }
    /// The highest calendar SEQUENCE each request of a list had (requests without one: no row).
    /// On PostgreSQL the ids are a set the server hashes or looks up in the index, not `= ANY` of
    /// the array: a decisions apply reads this once a chunk of 1,000 notices, after inserting the
    /// earlier chunks in the same transaction, and `= ANY` tested each of those rows against every
    /// id of the array (the 19th chunk's read took 0.6 s; `NoticeChunks`).
    static func lastSequences(_ d: SQLDialect) -> String {
        let ids = d == .postgres ? "request_id IN (SELECT unnest(CAST(? AS bigint[])))" : d.inIntegerList("request_id")
        return """
            SELECT request_id, MAX(calendar_sequence) FROM resident_notice \
            WHERE \(ids) AND calendar IS NOT NULL GROUP BY request_id
            """
    }

    private static let insertColumns = """
        id, message_id, request_id, batch_id, kind, recipient, recipient_name, language, subject, body, calendar, calendar_method, \
        calendar_sequence, state, next_attempt_ms, queued_ms, created_at, corrects_notice_id, slot_date, daypart_id
        """

    /// Adds queued notices with the ids `newIDs` reserved and their Message-IDs (`messageID`), so
    /// no notice is written twice (an UPDATE giving the Message-ID after the insert wrote every
    /// notice's text again: as much WAL as the insert). Nullable keys travel as 0 and nullable
    /// text as '' (the array binding has no NULLs), turned back by NULLIF.
    static let insert = BulkStatement(
        columns: [.integer, .text, .integer, .integer, .text, .text, .text, .text, .text, .text, .text, .text, .integer, .integer, .text,
                  .integer, .text, .integer],
        values: { rows in
            """
            INSERT INTO resident_notice (\(insertColumns)) SELECT column1, column2, column3, NULLIF(column4, 0), column5, column6, column7, \
            column8, column9, column10, NULLIF(column11, ''), NULLIF(column12, ''), column13, 'queued', column14, column14, column15, \
            NULLIF(column16, 0), NULLIF(column17, ''), NULLIF(column18, 0) FROM (VALUES \(StoreSQL.valueRows(rows, width: 18))) AS v
            """
        },
        arrays: """
            INSERT INTO resident_notice (\(insertColumns)) SELECT id, mid, r, NULLIF(b, 0), k, rc, rn, lg, sj, bd, NULLIF(cal, ''), \
            NULLIF(cm, ''), sq, 'queued', due, due, ca, NULLIF(co, 0), NULLIF(sd, ''), NULLIF(dp, 0) \
            FROM unnest(?::bigint[], ?::text[], ?::bigint[], ?::bigint[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], \
            ?::text[], ?::text[], ?::bigint[], ?::bigint[], ?::text[], ?::bigint[], ?::text[], ?::bigint[]) \
            AS v(id, mid, r, b, k, rc, rn, lg, sj, bd, cal, cm, sq, due, ca, co, sd, dp)
            """,
        references: [
            ForeignKeyColumn(column: 2, table: "repair_request"), ForeignKeyColumn(column: 15, table: "resident_notice", zeroIsNull: true),
            ForeignKeyColumn(column: 17, table: "daypart", zeroIsNull: true),
        ], table: "resident_notice")

    /// A notice's Message-ID, made from its id: `notice-<id>@<domain>`.
    static func messageID(_ id: RowID, domain: String) -> String {
        "notice-\(id)@\(domain)"
    }

    /// Withdraws the listed notices that are in one of `count` states (bound: the notices, the
    /// states), returning the ids withdrawn.
    static func withdraw(_ d: SQLDialect, fromStates count: Int) -> String {
        let states = Array(repeating: "?", count: count).joined(separator: ", ")
        return """
            UPDATE resident_notice SET state = 'withdrawn', lease_owner = NULL, lease_until_ms = NULL \
            WHERE \(d.inIntegerList("id")) AND state IN (\(states)) RETURNING id
            """
    }

    static let byID = "SELECT \(columns) FROM resident_notice WHERE id = ?"
    static let newest = "SELECT \(columns) FROM resident_notice ORDER BY id DESC LIMIT ?"
    static let newestInState = "SELECT \(columns) FROM resident_notice WHERE state = ? ORDER BY id DESC LIMIT ?"
    static let ofBatch = "SELECT \(columns) FROM resident_notice WHERE batch_id = ? AND kind <> 'correction' ORDER BY id"

    /// Claims a due notice: first one whose sender died sending it (its lease ran out), else the
    /// queued one due longest. Each part reads its own index range (`resident_notice_due`), never
    /// the sent notices, so a claim costs the same with ten or a million sent. PostgreSQL skips rows
    /// another sender is claiming; SQLite has one writer.
    static func claim(_ d: SQLDialect) -> String {
        let skipLocked = d == .postgres ? " FOR UPDATE SKIP LOCKED" : ""
        return """
            UPDATE resident_notice SET state = 'sending', lease_owner = ?, lease_until_ms = ?, attempts = attempts + 1 WHERE id = COALESCE(\
            (SELECT id FROM resident_notice WHERE state = 'sending' AND lease_until_ms < ? ORDER BY lease_until_ms, id LIMIT 1\(skipLocked)), \
            (SELECT id FROM resident_notice WHERE state = 'queued' AND next_attempt_ms <= ? ORDER BY next_attempt_ms, id LIMIT 1\(skipLocked))\
            ) RETURNING \(columns)
            """
    }
    static let finish = """
        UPDATE resident_notice SET state = ?, next_attempt_ms = ?, last_answer = ?, sent_at = ?, lease_owner = NULL, \
        lease_until_ms = NULL WHERE id = ? AND state = 'sending' AND lease_owner = ? RETURNING id
        """

    /// Moves a notice to `to` when it is in one of `count` states (bound: to, next attempt, to, next
    /// attempt, id, the states): one moved to `queued` is queued anew from its next attempt.
    static func move(fromStates count: Int) -> String {
        let states = Array(repeating: "?", count: count).joined(separator: ", ")
        return """
            UPDATE resident_notice SET state = ?, next_attempt_ms = ?, lease_owner = NULL, lease_until_ms = NULL, \
            queued_ms = CASE WHEN ? = 'queued' THEN ? ELSE queued_ms END \
            WHERE id = ? AND state IN (\(states)) RETURNING id
            """
    }

    static let stats = """
        SELECT \
        (SELECT COUNT(*) FROM resident_notice WHERE state IN ('queued', 'sending')), \
        (SELECT MIN(created_at) FROM resident_notice WHERE state IN ('queued', 'sending')), \
        (SELECT COUNT(*) FROM resident_notice WHERE state = 'failed')
        """
}

import Logging
import PostgresNIO

/// `SQLConnection` over one PostgresNIO connection inside a transaction of `PostgresStore`.
/// The store's SQL uses `?` placeholders; they become `$1, $2, ...` here. Calls block the calling
/// thread until the server answers, which is what the synchronous jobs want; they never run on
/// one of NIO's event loops.
final class PostgresSQLConnection: SQLConnection {
    let connection: PostgresConnection
    let logger: Logger
    /// Whether the role may set `session_replication_role` (a superuser, or granted `SET` on it),
    /// which checking a bulk statement's foreign keys once for the statement takes.
    let checksReferencesPerStatement: Bool
    /// Open cursors get distinct names.
    private var cursors = 0

    /// Rows a streamed result fetches from the server first, and at most at a time: each fetch
    /// asks for twice as many as the one before, so a small result takes one round trip and a
    /// large one a few (a year of 100,000 requests: 6), while memory holds at most the largest.
    static let firstFetch = 2_000
    static let largestFetch = 32_000

    init(_ connection: PostgresConnection, logger: Logger, checksReferencesPerStatement: Bool) {
        self.connection = connection
        self.logger = logger
        self.checksReferencesPerStatement = checksReferencesPerStatement
    }

    var dialect: SQLDialect { .postgres }

    func execute(_ sql: String, _ arguments: [SQLValue]) throws {
        _ = try run(sql, arguments)
    }

    func forEachRow(_ sql: String, _ arguments: [SQLValue], _ visit: (PostgresSQLRow) throws -> Void) throws {
        for row in try run(sql, arguments) {
            try visit(PostgresSQLRow(row: row.makeRandomAccess()))
        }
    }

    /// Reads through a server-side cursor, in fetches that grow from `firstFetch` to `largestFetch`
    /// rows, so a million requests never sit in memory (the sessions are transactions, where
    /// cursors live).
    func streamRows(_ sql: String, _ arguments: [SQLValue], _ visit: (PostgresSQLRow) throws -> Void) throws {
        cursors += 1
        let cursor = "slotsheet_cursor_\(cursors)"
        try execute("DECLARE \(cursor) NO SCROLL CURSOR FOR \(sql)", arguments)
        var fetch = PostgresSQLConnection.firstFetch
        while true {
            let rows = try run("FETCH FORWARD \(fetch) FROM \(cursor)", [])
            var count = 0
            for row in rows {
                count += 1
                try visit(PostgresSQLRow(row: row.makeRandomAccess()))
            }
            if count < fetch { break }
            fetch = min(2 * fetch, PostgresSQLConnection.largestFetch)
        }
        try execute("CLOSE \(cursor)", [])
    }

    /// Rows one array statement carries at most, so one message to the server stays a few MB.
    static let rowsPerArrayStatement = 50_000

    /// The array form: one statement for up to `rowsPerArrayStatement` rows, each column bound
    /// as one array and turned back into rows by `unnest` on the server. Planning a VALUES list of
    /// thousands of parameters cost more than executing it. The statement's foreign keys are
    /// checked once for all its rows where the role may (`lockReferencesTurningOffRowChecks`).
    func execute(_ statement: BulkStatement, forRows rows: [[SQLValue]]) throws {
        let rowChecksOff = try lockReferencesTurningOffRowChecks(statement, of: rows)
        try insertInArrays(statement, rows)
        if rowChecksOff { _ = try run(PostgresSQLConnection.rowChecksBackOn, []) }
    }

    /// PostgreSQL checks a foreign key with a trigger a row (PostgreSQL 15 has no set-based form):
    /// a year's apply, 15,000 cells with five references each, spent half of the server's time on
    /// those lookups and row locks. Where the role may, this checks them once instead, as the
    /// triggers would: in one query, every referred row is locked `FOR KEY SHARE` (none can be
    /// deleted or get another id until this transaction ends, while other writers go on) and found,
    /// and only when all are, the row triggers are turned off for this transaction
    /// (`session_replication_role = replica`, local to it) until the statement has run. A missing
    /// row turns nothing off: the triggers refuse the statement with PostgreSQL's own foreign-key
    /// error. The referred tables keep their triggers (a delete of a row still referred to is
    /// refused), and so does every other statement and transaction. True when it turned them off.
    private func lockReferencesTurningOffRowChecks(_ statement: BulkStatement, of rows: [[SQLValue]]) throws -> Bool {
        let references = statement.references
        guard checksReferencesPerStatement, !references.isEmpty, !rows.isEmpty else { return false }
        var binds = PostgresBindings(capacity: references.count)
        for reference in references {
            let ids = rows.compactMap { row -> Int64? in
                guard case let .integer(id) = row[reference.column], !(reference.zeroIsNull && id == 0) else { return nil }
                return id
            }
            binds.append(PostgresArrayBind(.integers(Set(ids).sorted())))
        }
        var turnedOff = false
        for _ in try run(PostgresSQLConnection.lockingReferences(references, writing: statement.table), binds: binds) { turnedOff = true }
        return turnedOff
    }

    /// Locks the rows of each reference's table whose ids are in its array (`$1`, `$2`, ...) and,
    /// when it found every one and the row triggers are on, turns them off for the transaction:
    /// one row when it did, none when it did not. Nothing is turned off either when `table` (the
    /// one written) has a trigger of anyone's own that fires on INSERT, which replica mode would
    /// skip (an office's audit trigger, say), or a foreign key that `references` does not check.
    /// A trigger that fires only on UPDATE, DELETE or TRUNCATE (the status log's append-only
    /// guard) has nothing to do while the INSERT runs, and is on again before any other statement.
    static func lockingReferences(_ references: [ForeignKeyColumn], writing table: String) -> String {
        let found = references.indices.map { index in
            let (referred, ids) = (references[index].table, "$\(index + 1)::bigint[]")
            return "(SELECT COUNT(*) FROM (SELECT 1 FROM \(referred) r WHERE r.id = ANY(\(ids)) FOR KEY SHARE OF r) AS l) = cardinality(\(ids))"
        }
        // pg_trigger.tgtype's bit 2 (TRIGGER_TYPE_INSERT): the trigger fires on INSERT.
        let onlyOurChecks = [
            "NOT EXISTS (SELECT 1 FROM pg_trigger t WHERE t.tgrelid = '\(table)'::regclass AND NOT t.tgisinternal AND (t.tgtype & 4) <> 0)",
            "(SELECT COUNT(*) FROM pg_constraint c WHERE c.conrelid = '\(table)'::regclass AND c.contype = 'f') = \(references.count)",
        ]
        return "SELECT set_config('session_replication_role', 'replica', true) WHERE current_setting('session_replication_role') = 'origin' AND "
            + (onlyOurChecks + found).joined(separator: " AND ")
    }

    /// The row triggers on again, for the rest of the transaction.
    static let rowChecksBackOn = "SELECT set_config('session_replication_role', 'origin', true)"

    private func insertInArrays(_ statement: BulkStatement, _ rows: [[SQLValue]]) throws {
        try forEachChunk(of: rows, size: PostgresSQLConnection.rowsPerArrayStatement) { chunk in
            var binds = PostgresBindings(capacity: statement.columns.count)
            for (column, type) in statement.columns.enumerated() {
                let values = chunk.map { $0[column] }
                switch type {
                case .integer: binds.append(PostgresArrayBind(.integers(try PostgresSQLConnection.array(values, column) { if case let .integer(v) = $0 { v } else { nil } })))
                case .text: binds.append(PostgresArrayBind(.texts(try PostgresSQLConnection.array(values, column) { if case let .text(v) = $0 { v } else { nil } })))
                case .boolean: binds.append(PostgresArrayBind(.booleans(try PostgresSQLConnection.array(values, column) { if case let .boolean(v) = $0 { v } else { nil } })))
                }
            }
            _ = try run(statement.arrays, binds: binds)
        }
    }

    /// One column's values as a Swift array of the column's type; a value of another kind is a bug.
    private static func array<T>(_ values: [SQLValue], _ column: Int, _ extract: (SQLValue) -> T?) throws -> [T] {
        try values.map { value in
            guard let typed = extract(value) else { throw StoreError.failed("column \(column + 1) holds \(value), not \(T.self)") }
            return typed
        }
    }

    /// Sends one statement and waits for all of its rows.
    func run(_ sql: String, _ arguments: [SQLValue]) throws -> PostgresQueryResult {
        var binds = PostgresBindings(capacity: arguments.count)
        for argument in arguments {
            switch argument {
            case let .integer(number): binds.append(number)
            case let .text(text): binds.append(text)
            case let .boolean(flag): binds.append(flag)
            case let .bytes(bytes): binds.append(ByteBuffer(bytes: bytes))
            case .null: binds.appendNull()
            }
        }
        return try run(sql, binds: binds)
    }

    private func run(_ sql: String, binds: PostgresBindings) throws -> PostgresQueryResult {
        let query = PostgresQuery(unsafeSQL: PostgresSQLConnection.numberingPlaceholders(sql), binds: binds)
        return try connection.query(query, logger: logger).wait()
    }

    /// `?` placeholders as PostgreSQL's `$1, $2, ...`; a `?` inside a quoted literal stays.
    static func numberingPlaceholders(_ sql: String) -> String {
        guard sql.contains("?") else { return sql }
        var result = ""
        result.reserveCapacity(sql.utf8.count + sql.utf8.count / 2)
        var number = 0
        var quote: Character?
        for character in sql {
            if let open = quote {
                if character == open { quote = nil }
                result.append(character)
            } else if character == "'" || character == "\"" {
                quote = character
                result.append(character)
            } else if character == "?" {
                number += 1
                result += "$\(number)"
            } else {
                result.append(character)
            }
        }
        return result
    }
}

/// A PostgreSQL row read by column position.
struct PostgresSQLRow: SQLRow {
    let row: PostgresRandomAccessRow

    func optionalInteger(_ column: Int) throws -> Int64? { try row[column].decode(Int64?.self) }
    func optionalText(_ column: Int) throws -> String? { try row[column].decode(String?.self) }
    func optionalBoolean(_ column: Int) throws -> Bool? { try row[column].decode(Bool?.self) }
    func optionalIntegerList(_ column: Int) throws -> [Int64]? { try PostgresIntegerArray.decode(row[column]) }
    func optionalBytes(_ column: Int) throws -> [UInt8]? {
        try row[column].decode(ByteBuffer?.self).map { Array($0.readableBytesView) }
    }
}

import GRDB

/// `SQLConnection` over one GRDB connection, inside the snapshot or transaction of its store.
/// Statements are cached, so the bulk paths (seeding, imports) prepare each one once, and rows
/// come from a cursor, so a result of any size streams.
struct SQLiteConnection: SQLConnection {
    let db: Database

    var dialect: SQLDialect { .sqlite }

    func execute(_ sql: String, _ arguments: [SQLValue]) throws {
        try db.cachedStatement(sql: sql).execute(arguments: SQLiteConnection.arguments(arguments))
    }

    func forEachRow(_ sql: String, _ arguments: [SQLValue], _ visit: (SQLiteRow) throws -> Void) throws {
        // A cursor reuses one row object: a year of templates reads a day at a time 365 times.
        let rows = try GRDB.Row.fetchCursor(db.cachedStatement(sql: sql), arguments: SQLiteConnection.arguments(arguments))
        while let row = try rows.next() {
            try visit(SQLiteRow(row: row))
        }
    }

    func streamRows(_ sql: String, _ arguments: [SQLValue], _ visit: (SQLiteRow) throws -> Void) throws {
        try forEachRow(sql, arguments, visit)
    }

    private static func arguments(_ values: [SQLValue]) -> StatementArguments {
        StatementArguments(values.map { value -> (any DatabaseValueConvertible)? in
            switch value {
            case let .integer(number): return number
            case let .text(text): return text
            case let .boolean(flag): return flag
            case .null: return nil
            }
        })
    }
}

/// A GRDB row read by column position.
struct SQLiteRow: SQLRow {
    let row: GRDB.Row

    func optionalInteger(_ column: Int) throws -> Int64? { row[column] }
    func optionalText(_ column: Int) throws -> String? { row[column] }
    func optionalBoolean(_ column: Int) throws -> Bool? { row[column] }
}

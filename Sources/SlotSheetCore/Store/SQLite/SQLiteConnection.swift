import Foundation
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
        let statement = try db.cachedStatement(sql: sql)
        let rows = try GRDB.Row.fetchCursor(statement, arguments: SQLiteConnection.arguments(arguments))
        while let row = try rows.next() {
            try visit(SQLiteRow(row: row, statement: statement.sqliteStatement))
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
            case let .bytes(bytes): return Data(bytes)
            case .null: return nil
            }
        })
    }
}

/// A GRDB row read by column position. Integers and text are read from the statement's current
/// row as they are stored (GRDB's generic decoding costs about 1,900 instructions an integer here,
/// a quarter of a year template's export); any other storage goes through GRDB's conversions.
struct SQLiteRow: SQLRow {
    let row: GRDB.Row
    /// The statement the cursor stepped to this row.
    let statement: SQLiteStatement

    private func stored(_ column: Int) -> DatabaseValue.Storage {
        DatabaseValue(sqliteStatement: statement, index: CInt(column)).storage
    }

    func optionalInteger(_ column: Int) throws -> Int64? {
        switch stored(column) {
        case .null: return nil
        case let .int64(value): return value
        default: return row[column]
        }
    }

    func optionalText(_ column: Int) throws -> String? {
        switch stored(column) {
        case .null: return nil
        case let .string(text): return text
        default: return row[column]
        }
    }

    func optionalBoolean(_ column: Int) throws -> Bool? { row[column] }

    func optionalBytes(_ column: Int) throws -> [UInt8]? { (row[column] as Data?).map { [UInt8]($0) } }

    /// A blob of `SQLiteIntegerList`'s aggregate, read in place from the statement's row.
    func optionalIntegerList(_ column: Int) throws -> [Int64]? {
        try row.withUnsafeData(atIndex: column) { data in
            guard let data else { return nil }
            guard let values = data.withUnsafeBytes(SQLiteIntegerList.values) else {
                throw StoreError.failed("column \(column + 1) holds \(data.count) bytes, not a list of eight-byte integers")
            }
            return values
        }
    }
}

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

    /// `group_concat`'s text: decimal integers separated by commas.
    func optionalIntegerList(_ column: Int) throws -> [Int64]? {
        guard let text = try optionalText(column) else { return nil }
        // Through the string's own storage: a view's iterator cost ~120 instructions an id, 250k
        // ids in a year's schedule (`PortableSession.schedules`).
        let values = text.utf8.withContiguousStorageIfAvailable(SQLiteRow.integers) ?? SQLiteRow.integers(Array(text.utf8))
        guard let values else { throw StoreError.failed("'\(text)' in column \(column + 1) is not a list of integers") }
        return values
    }

    /// Decimal integers separated by commas, each at least one digit, `-` allowed before one; nil
    /// for anything else.
    private static func integers<Bytes: Collection>(_ bytes: Bytes) -> [Int64]? where Bytes.Element == UInt8 {
        var values: [Int64] = []
        values.reserveCapacity(bytes.count / 2 + 1)
        var current: Int64 = 0, digits = 0, negative = false
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                current = current * 10 + Int64(byte - UInt8(ascii: "0"))
                digits += 1
            case UInt8(ascii: "-") where digits == 0 && !negative:
                negative = true
            case UInt8(ascii: ",") where digits > 0:
                values.append(negative ? -current : current)
                current = 0; digits = 0; negative = false
            default:
                return nil
            }
        }
        guard digits > 0 else { return nil }
        values.append(negative ? -current : current)
        return values
    }
}

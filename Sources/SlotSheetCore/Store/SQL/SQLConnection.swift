/// A value bound to one `?` placeholder of a statement: the few kinds the schema uses.
enum SQLValue: Sendable, Hashable {
    case integer(Int64)
    case text(String)
    case boolean(Bool)
    /// Bytes as they are (an upload's chunk): a BLOB in SQLite, a bytea in PostgreSQL.
    case bytes([UInt8])
    case null
}

/// The type of a column written in bulk, for backends that bind one array a column.
enum SQLColumnType: Sendable {
    case integer, text, boolean
}

/// One statement written for many rows at once, in the two forms the backends take: a VALUES list
/// of `?` placeholders for any number of rows (portable), and one array parameter a column
/// (`unnest(?::text[], ...)`, PostgreSQL), which makes any number of rows a single statement.
struct BulkStatement: Sendable {
    let columns: [SQLColumnType]
    /// The statement for `rows` rows.
    let values: @Sendable (_ rows: Int) -> String
    /// The statement over one array a column.
    let arrays: String
    /// The columns that are foreign keys, which a backend that checks them row by row may check
    /// once for the whole statement instead (`PostgresSQLConnection`): every foreign key of
    /// `table`, the table the statement inserts into (only an INSERT names them).
    var references: [ForeignKeyColumn] = []
    var table = ""
}

/// A column of a bulk statement (by position) that refers to the `id` of `table`. A nullable
/// key travels as 0 (the array binding has no NULLs; the statement turns it back by NULLIF):
/// `zeroIsNull` says so, and a 0 there refers to nothing.
struct ForeignKeyColumn: Sendable {
    let column: Int
    let table: String
    var zeroIsNull = false
}

/// A Swift value that can be bound to a placeholder.
protocol SQLBindable {
    var sqlValue: SQLValue { get }
}

extension Int64: SQLBindable { var sqlValue: SQLValue { .integer(self) } }
extension Int: SQLBindable { var sqlValue: SQLValue { .integer(Int64(self)) } }
extension String: SQLBindable { var sqlValue: SQLValue { .text(self) } }
extension Bool: SQLBindable { var sqlValue: SQLValue { .boolean(self) } }
extension Optional: SQLBindable where Wrapped: SQLBindable {
    var sqlValue: SQLValue { self?.sqlValue ?? .null }
}

/// One row of a result, read by column position (0-based) in the order of the SELECT.
/// A NULL read through a non-optional accessor is an error, never a made-up value.
/// `SendableMetatype`: `PortableSession` hands its static row readers (`PortableSession.batch`)
/// to the connection as closures, which capture `Connection.Type` and `Connection.Row.Type`.
protocol SQLRow: SendableMetatype {
    func optionalInteger(_ column: Int) throws -> Int64?
    func optionalText(_ column: Int) throws -> String?
    func optionalBoolean(_ column: Int) throws -> Bool?
    /// A list of integers made by `SQLDialect.integerList`; nil for NULL (a group without one).
    func optionalIntegerList(_ column: Int) throws -> [Int64]?
    /// A BLOB (SQLite) or bytea (PostgreSQL) column's bytes.
    func optionalBytes(_ column: Int) throws -> [UInt8]?
}

extension SQLRow {
    func integer(_ column: Int) throws -> Int64 { try required(optionalInteger(column), column) }
    func int(_ column: Int) throws -> Int { Int(try integer(column)) }
    func text(_ column: Int) throws -> String { try required(optionalText(column), column) }
    func boolean(_ column: Int) throws -> Bool { try required(optionalBoolean(column), column) }
    func bytes(_ column: Int) throws -> [UInt8] { try required(optionalBytes(column), column) }
    func date(_ column: Int) throws -> LocalDate {
        let iso = try text(column)
        guard let date = LocalDate(iso: iso) else { throw StoreError.failed("'\(iso)' in column \(column + 1) is not a date") }
        return date
    }

    // Inlined: called on a backend's row type that is not specialised, an out-of-line generic
    // instantiates `T?`'s metadata on every call, 450 instructions a value (a year template reads 580k).
    @inline(__always)
    private func required<T>(_ value: T?, _ column: Int) throws -> T {
        guard let value else { throw StoreError.failed("unexpected NULL in column \(column + 1)") }
        return value
    }
}

/// The statements of one backend inside one snapshot or transaction: what `PortableSession` needs
/// to run the store's portable SQL (`?` placeholders) on SQLite or PostgreSQL.
protocol SQLConnection: SendableMetatype {
    associatedtype Row: SQLRow

    /// Which SQL this backend speaks where the backends differ.
    var dialect: SQLDialect { get }

    /// Runs a statement that returns no rows.
    func execute(_ sql: String, _ arguments: [SQLValue]) throws

    /// Runs a query and calls `visit` for each row, in order. A backend may read the whole result
    /// first: use it for results whose size the caller bounds (a day, a batch, a table of staff).
    func forEachRow(_ sql: String, _ arguments: [SQLValue], _ visit: (Row) throws -> Void) throws

    /// Like `forEachRow`, for results of any size: memory holds a bounded number of rows.
    func streamRows(_ sql: String, _ arguments: [SQLValue], _ visit: (Row) throws -> Void) throws

    /// Runs `statement` for every row (each row's values in the statement's column order), in as
    /// few round trips as the backend allows.
    func execute(_ statement: BulkStatement, forRows rows: [[SQLValue]]) throws
}

/// Rows a multi-row VALUES statement carries at most: far below both backends' bind limits
/// (SQLite 32,766, PostgreSQL 65,535), large enough that a year's import is a few hundred statements.
let rowsPerValuesStatement = 1_000

/// Calls `body` with consecutive slices of at most `size` elements of `items`, in order.
func forEachChunk<T>(of items: [T], size: Int, _ body: (ArraySlice<T>) throws -> Void) rethrows {
    var start = items.startIndex
    while start < items.endIndex {
        let end = min(start + size, items.endIndex)
        try body(items[start..<end])
        start = end
    }
}

extension SQLConnection {
    /// The portable form: VALUES lists of at most `rowsPerValuesStatement` rows.
    func execute(_ statement: BulkStatement, forRows rows: [[SQLValue]]) throws {
        try forEachChunk(of: rows, size: rowsPerValuesStatement) { chunk in
            try execute(statement.values(chunk.count), chunk.flatMap { $0 })
        }
    }

    /// The rows of a query, each turned into a value.
    func rows<T>(_ sql: String, _ arguments: [SQLValue] = [], _ transform: (Row) throws -> T) throws -> [T] {
        var values: [T] = []
        try forEachRow(sql, arguments) { values.append(try transform($0)) }
        return values
    }

    /// The first row of a query turned into a value, or nil when there is none.
    func firstRow<T>(_ sql: String, _ arguments: [SQLValue] = [], _ transform: (Row) throws -> T) throws -> T? {
        var value: T?
        try forEachRow(sql, arguments) { row in
            if value == nil { value = try transform(row) }
        }
        return value
    }

    /// The id an `INSERT ... RETURNING id` gave.
    func returningID(_ sql: String, _ arguments: [SQLValue]) throws -> RowID {
        guard let id = try firstRow(sql, arguments, { try $0.integer(0) }) else {
            throw StoreError.failed("no id returned by: \(sql)")
        }
        return id
    }
}

import GRDB
import Testing
@testable import SlotSheetCore

@Suite struct SQLiteIntegerListTests {
    /// A connection as the store opens one: with the aggregate registered.
    private func connection() throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.prepareDatabase { db in try SQLiteIntegerList.register(on: db) }
        return try DatabaseQueue(configuration: configuration)
    }

    private func lists(_ sql: String) throws -> [[Int64]?] {
        try connection().read { db in
            var lists: [[Int64]?] = []
            try SQLiteConnection(db: db).forEachRow(sql, []) { lists.append(try $0.optionalIntegerList($0.row.count - 1)) }
            return lists
        }
    }

    /// Each group's integers come back as they were stored, in the order of the group's rows, the
    /// extremes of 64 bits included; NULLs are left out, and a group with none (or no rows) is NULL.
    @Test func groupsReadBackInTheirRowsOrder() throws {
        #expect(try lists("SELECT slotsheet_integer_list(value) FROM json_each('[3, 70000, -2, 9223372036854775807, -9223372036854775808, 0]')")
            == [[3, 70_000, -2, .max, .min, 0]])
        #expect(try lists("SELECT slotsheet_integer_list(value) FROM json_each('[null, 5, null]')") == [[5]])
        #expect(try lists("SELECT slotsheet_integer_list(value) FROM json_each('[null, null]')") == [nil])
        #expect(try lists("SELECT slotsheet_integer_list(value) FROM json_each('[]')") == [nil])
        let grouped = """
            SELECT g, slotsheet_integer_list(CASE WHEN v > 0 THEN v END) FROM (SELECT column1 AS g, column2 AS v
            FROM (VALUES (1, 12), (2, -1), (1, 10), (3, 30), (1, 11)) ORDER BY g, v) GROUP BY g ORDER BY g
            """
        #expect(try lists(grouped) == [[10, 11, 12], nil, [30]])
    }

    /// A group far larger than the first buffer grows it without losing a value.
    @Test func aLargeGroupKeepsEveryValue() throws {
        let many = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100000) SELECT slotsheet_integer_list(i * 7) FROM n"
        #expect(try lists(many) == [(1...100_000).map { Int64($0 * 7) }])
    }

    /// Anything but an integer fails the statement, naming the aggregate, instead of being converted.
    @Test func aValueThatIsNotAnIntegerFailsTheStatement() throws {
        for value in ["'7'", "1.5", "x'00'"] {
            #expect {
                try lists("SELECT slotsheet_integer_list(\(value))")
            } throws: { error in
                (error as? DatabaseError)?.message == "slotsheet_integer_list: a value that is not an integer"
            }
        }
    }

    /// A column that is not such a list is refused with the column named, never read as a shorter list.
    @Test func otherBytesAreRefused() throws {
        for (blob, size) in [("x'01020304'", 4), ("x'000000000000000000'", 9)] {
            #expect(throws: StoreError.failed("column 1 holds \(size) bytes, not a list of eight-byte integers")) {
                try lists("SELECT \(blob)")
            }
        }
    }
}

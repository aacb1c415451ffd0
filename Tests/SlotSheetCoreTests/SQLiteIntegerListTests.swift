import GRDB
import Testing
@testable import SlotSheetCore

@Suite struct SQLiteIntegerListTests {
    /// `group_concat`'s lists read back as the integers they list; NULL is no list; any other text
    /// is refused with the text and the column named, never read as a shorter list.
    @Test func listsReadBackAndOtherTextIsRefused() throws {
        let queue = try DatabaseQueue()
        try queue.read { db in
            let connection = SQLiteConnection(db: db)
            let query = "SELECT (SELECT group_concat(value) FROM json_each('[3, 70000, -2, 9223372036854775807]')), NULL, '7'"
            try connection.forEachRow(query, []) { row in
                let listed = try row.optionalIntegerList(0), none = try row.optionalIntegerList(1), one = try row.optionalIntegerList(2)
                #expect(listed == [3, 70_000, -2, Int64.max])
                #expect(none == nil)
                #expect(one == [7])
            }
            for bad in ["1,,2", "1,", "", "-", "1-2", "x"] {
                try connection.forEachRow("SELECT ?", [bad.sqlValue]) { row in
                    #expect(throws: StoreError.failed("'\(bad)' in column 1 is not a list of integers")) {
                        try row.optionalIntegerList(0)
                    }
                }
            }
        }
    }
}

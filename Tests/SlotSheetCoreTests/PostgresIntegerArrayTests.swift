import InteropSupport
import PostgresNIO
import Testing
@testable import SlotSheetCore

/// The store's own reading of `bigint[]` cells (`PostgresIntegerArray`) gives what PostgresNIO's
/// decoding gives, for arrays as the server sends them, and refuses what the store never asks for
/// (NULL elements, two dimensions) instead of making up values.
@Suite struct PostgresIntegerArrayTests {
    /// The cells of one row the server sent for `sql`.
    private func cells(_ sql: String) throws -> PostgresRandomAccessRow {
        let server = try #require(PostgresTestServer.url)
        let connection = try PostgresTestServer.connect(server)
        defer { try? connection.close().wait() }
        let rows = try connection.query(PostgresQuery(unsafeSQL: sql), logger: connection.logger).wait()
        return try #require(rows.first).makeRandomAccess()
    }

    @Test(.enabled(if: PostgresTestServer.url != nil)) func arraysReadAsPostgresNIOReadsThem() throws {
        let row = try cells("""
            SELECT ARRAY[7, -2, 9223372036854775807, -9223372036854775808]::bigint[], '{}'::bigint[], NULL::bigint[], \
            (SELECT array_agg(n) FROM generate_series(1, 5000) AS n)::bigint[], ARRAY[3, 4]::int[]
            """)
        for column in 0..<5 {
            #expect(try PostgresIntegerArray.decode(row[column]) == row[column].decode([Int64]?.self), "column \(column + 1)")
        }
        #expect(try PostgresIntegerArray.decode(row[0]) == [7, -2, .max, .min])
        #expect(try PostgresIntegerArray.decode(row[1]) == [])
        #expect(try PostgresIntegerArray.decode(row[2]) == nil)
        #expect(try PostgresIntegerArray.decode(row[3])?.count == 5000)
        #expect(try PostgresIntegerArray.decode(row[4]) == [3, 4])
    }

    @Test(.enabled(if: PostgresTestServer.url != nil)) func aNullElementOrASecondDimensionIsAnError() throws {
        let row = try cells("SELECT ARRAY[1, NULL]::bigint[], ARRAY[[1, 2], [3, 4]]::bigint[]")
        for column in 0..<2 {
            #expect(throws: StoreError.self, "column \(column + 1)") { try PostgresIntegerArray.decode(row[column]) }
        }
    }
}

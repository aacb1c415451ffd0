import InteropSupport
import PostgresNIO
import Testing
@testable import SlotSheetCore

/// The store's own writing of bulk statements' array parameters (`PostgresArrayBind`) reaches the
/// server as the same arrays PostgresNIO's encoding sends: equal there, element for element, for
/// integers at their limits, text beyond ASCII and empty arrays.
@Suite struct PostgresArrayBindTests {
    @Test(.enabled(if: PostgresTestServer.url != nil)) func arraysArriveAsPostgresNIOSendsThem() throws {
        let integers: [Int64] = [7, -2, .max, .min]
        let texts = ["2026-01-01", "", "Zoë's €5 𝄞", String(repeating: "x", count: 5000)]
        let booleans = [true, false, false]
        var binds = PostgresBindings()
        for values: PostgresArrayBind.Values in [.integers(integers), .integers([]), .texts(texts), .texts([]), .booleans(booleans), .booleans([])] {
            binds.append(PostgresArrayBind(values))
        }
        binds.append(integers)
        binds.append([Int64]())
        binds.append(texts)
        binds.append([String]())
        binds.append(booleans)
        binds.append([Bool]())
        let sql = """
            SELECT $1::bigint[] = $7::bigint[], $2::bigint[] = $8::bigint[], $3::text[] = $9::text[], $4::text[] = $10::text[], \
            $5::boolean[] = $11::boolean[], $6::boolean[] = $12::boolean[], cardinality($1::bigint[]), cardinality($2::bigint[]), \
            ($3::text[])[3], cardinality($6::boolean[])
            """
        let server = try #require(PostgresTestServer.url)
        let connection = try PostgresTestServer.connect(server)
        defer { try? connection.close().wait() }
        let rows = try connection.query(PostgresQuery(unsafeSQL: sql, binds: binds), logger: connection.logger).wait()
        let row = try #require(rows.first).makeRandomAccess()
        for column in 0..<6 {
            #expect(try row[column].decode(Bool.self), "parameter \(column + 1)")
        }
        #expect(try row[6].decode(Int64.self) == 4)
        #expect(try row[7].decode(Int64.self) == 0)
        #expect(try row[8].decode(String.self) == "Zoë's €5 𝄞")
        #expect(try row[9].decode(Int64.self) == 0)
    }
}

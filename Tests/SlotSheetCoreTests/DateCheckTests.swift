import Foundation
import InteropSupport
import Testing
@testable import SlotSheetCore

/// The CHECK of an ISO date column: on PostgreSQL, migration 016 replaced its regular expression
/// `^[0-9]{4}-[0-9]{2}-[0-9]{2}$` by three cheaper tests, which must accept exactly the texts it
/// accepted; SQLite's GLOB must agree with both.
@Suite struct DateCheckTests {
    /// Dates, and texts one step away from one: a character too many or too few, a `-` moved,
    /// doubled or replaced by a look-alike, the bytes just below and above the digits, digits of
    /// other scripts, white space, LIKE's own wildcards, a combining mark, quotes and backslashes.
    static let texts = [
        "2026-12-08", "0000-00-00", "9999-99-99", "2026-02-30", "2026-13-45",
        "", "2026-12-0", "2026-12-080", "02026-12-08", "2026-1-08", "2026-12-8", "26-12-08", "20261208", "2026120800",
        "2026/12/08", "2026.12.08", "2026,12,08", "2026--2-08", "2026-12--8", "-026-12-08", "2026-12-0-", "202--12-08",
        "2026-1-2-08", "----------", "2026-12-08-", "2026-12-0/", "2026-12-0:", "/026-12-08", ":026-12-08",
        "2026-12-0a", "a026-12-08", "2026-1a-08", "2026-12-0 ", " 026-12-08", "2026-12-08 ", " 2026-12-08",
        "2026-12-0\n", "\n026-12-08", "2026-12-08\n", "2026-12-0\t", "2026-12-0\r",
        "２０２６-１２-０８", "2026-12-0١", "2026-12-0۸", "2026−12−08", "2026–12–08", "2026‐12‐08",
        "2026-12-0é", "é026-12-08", "2026-12-08\u{301}", "2026-12-0\u{301}", "2026\u{301}-12-08",
        "2026-12-0%", "2026-12-0_", "____-__-__", "%%%%-%%-%%", "%", "_",
        "2026-12-0'", "2026-12-0\"", "2026-12-0\\", "2026-12-0?", "2026-12-0[", "2026-12-0]", "2026-12-0^", "2026-12-0*",
    ]

    /// The rule itself, on Unicode scalars as both servers count characters: ten, a `-` fifth and
    /// eighth, an ASCII digit everywhere else.
    static func hasTheShape(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        return scalars.count == 10 && scalars.indices.allSatisfy { index in
            index == 4 || index == 7 ? scalars[index] == "-" : ("0"..."9").contains(scalars[index])
        }
    }

    /// The text as an SQL literal, which both backends read as written (no backslash escapes).
    static func literal(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    }

    /// Whether the store took `statement`, or refused it for a broken schema rule.
    private func accepts(_ statement: String, in database: TestDatabase) throws -> Bool {
        do {
            try database.store.write { try ($0 as! any RawSQLSession).executeRaw(statement) }
            return true
        } catch StoreError.constraintViolated {
            return false
        }
    }

    @Test(.enabled(if: Backend.available.contains(.postgres))) func theRuleIsTheOldExpressionOfPostgres() throws {
        let database = try TestDatabase(.postgres)
        let values = Self.texts.map { "(\(Self.literal($0)))" }.joined(separator: ", ")
        let matched = try PostgresTestServer.rows(
            "SELECT (t ~ '^[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]$')::text FROM (VALUES \(values)) AS v(t)", url: database.location)
        #expect(matched.map { $0.first ?? nil } == Self.texts.map { Self.hasTheShape($0) ? "true" : "false" })
    }

    /// A NOT NULL date (`availability`, `availability_change`) and a nullable one (`import_batch`)
    /// take exactly the texts of the shape, and refuse the rest as a broken rule, on both backends.
    @Test(arguments: Backend.available) func aDateColumnTakesExactlyTheShape(_ backend: Backend) throws {
        let database = try TestDatabase(backend)
        try database.store.write { session in
            for statement in [
                "INSERT INTO staff (code, employee_number, name) VALUES ('ABC', 'E1', 'Anna')",
                "INSERT INTO daypart (code, label, starts_at, ends_at, sort_order) VALUES ('D09', '09:00-10:00', '09:00', '10:00', 1)",
                "INSERT INTO import_batch (file_name, sha256, operator, created_at, outcome) VALUES ('a.csv', 'x', 'test', '2026-12-01T10:00:00Z', 'applied')",
            ] { try (session as! any RawSQLSession).executeRaw(statement) }
        }
        for text in Self.texts {
            let date = Self.literal(text), expected = Self.hasTheShape(text)
            #expect(try accepts("INSERT INTO availability (date, daypart_id, staff_id) VALUES (\(date), 1, 1)", in: database) == expected,
                    "availability.date \(text.debugDescription)")
            #expect(try accepts("""
                INSERT INTO availability_change (batch_id, date, daypart_id, staff_id, available_before, available_after) \
                VALUES (1, \(date), 1, 1, \(backend == .sqlite ? "0, 1" : "FALSE, TRUE"))
                """, in: database) == expected, "availability_change.date \(text.debugDescription)")
            #expect(try accepts("""
                INSERT INTO import_batch (file_name, sha256, operator, created_at, outcome, range_from) \
                VALUES ('a.csv', 'x', 'test', '2026-12-01T10:00:00Z', 'applied', \(date))
                """, in: database) == expected, "import_batch.range_from \(text.debugDescription)")
        }
        #expect(try accepts("""
            INSERT INTO import_batch (file_name, sha256, operator, created_at, outcome, range_from) \
            VALUES ('a.csv', 'x', 'test', '2026-12-01T10:00:00Z', 'applied', NULL)
            """, in: database), "a nullable date stays nullable")
    }

    /// Every date column's CHECK of PostgreSQL before 016, under its name.
    static let regexChecks: [(table: String, column: String, nullable: Bool)] = [
        ("availability", "date", false), ("availability_change", "date", false), ("repair_request", "slot_date", false),
        ("import_batch", "range_from", true), ("import_batch", "range_to", true),
        ("request_status_log", "slot_date_before", true), ("request_status_log", "slot_date_after", false),
        ("resident_notice", "slot_date", true),
    ]

    /// The statement that gives a date column its CHECK of before 016 again (on PostgreSQL).
    static func restoringRegexCheck(_ check: (table: String, column: String, nullable: Bool)) -> String {
        let (table, column) = (check.table, check.column)
        let test = "\(column) ~ '^[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]$'"
        return """
            ALTER TABLE \(table) DROP CONSTRAINT \(table)_\(column)_check, \
            ADD CONSTRAINT \(table)_\(column)_check CHECK (\(check.nullable ? "\(column) IS NULL OR \(test)" : test))
            """
    }

    /// A database a slotsheet of schema 15 left (the requests, their log, availability and batches
    /// of the sample) migrates to 16: every row kept, no date column checked by an expression on
    /// PostgreSQL any more, and a date of the wrong shape still refused.
    @Test(arguments: Backend.available) func aDatabaseOfSchema15Migrates(_ backend: Backend) throws {
        let database = try TestDatabase(backend)
        _ = try Seeder.load(try SampleDataset(clock: .testDay), into: database.store)
        let before = try database.dump()
        switch backend {
        case .sqlite:
            try database.rawConnection().write { try $0.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = '016-date-checks-without-regex'") }
        case .postgres:
            for check in Self.regexChecks {
                _ = try PostgresTestServer.rows(Self.restoringRegexCheck(check), url: database.location)
            }
            _ = try PostgresTestServer.rows("DELETE FROM slotsheet_migration WHERE identifier = '016-date-checks-without-regex'", url: database.location)
            #expect(try regexDateChecks(database).count == Self.regexChecks.count)
        }
        #expect(try database.store.schemaVersion() == Schema.version - 1)
        #expect(try database.store.migrate() == Schema.version)
        #expect(try database.dump() == before, "migrating keeps every row")
        if backend == .postgres {
            #expect(try regexDateChecks(database).isEmpty, "016 leaves no date checked by a regular expression")
            let names = try database.strings("SELECT conname::text FROM pg_constraint WHERE contype = 'c'")
            #expect(Set(names).isSuperset(of: Self.regexChecks.map { "\($0.table)_\($0.column)_check" }), "each CHECK keeps its name: \(names)")
        }
        #expect(try !accepts("UPDATE repair_request SET slot_date = '2026-12-0x'", in: database))
        #expect(try !accepts("UPDATE availability SET date = '2026-12-8'", in: database))
        #expect(try database.dump() == before)
    }

    /// The CHECKs of the database that test a date column with the old regular expression.
    private func regexDateChecks(_ database: TestDatabase) throws -> [String] {
        try database.strings("""
            SELECT conname::text FROM pg_constraint WHERE contype = 'c' \
            AND pg_get_constraintdef(oid) LIKE '%[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]%'
            """)
    }
}

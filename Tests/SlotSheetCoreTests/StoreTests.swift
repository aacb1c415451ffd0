import Foundation
import GRDB
import InteropSupport
import Testing
@testable import SlotSheetCore

@Suite struct StoreTests {
    @Test(arguments: Backend.available) func migratesFromEmptyAndAgain(_ backend: Backend) throws {
        let database = try TestDatabase(backend, migrated: false)
        #expect(try database.store.schemaVersion() == 0)
        #expect(throws: StoreError.needsMigration(found: 0, expected: Schema.version)) {
            try database.store.requireCurrentSchema()
        }
        #expect(try database.store.migrate() == Schema.version)
        #expect(try database.store.migrate() == Schema.version)
        try database.store.requireCurrentSchema()
        let tables = try database.strings(backend == .sqlite
            ? "SELECT name FROM sqlite_master WHERE type = 'table'"
            : "SELECT tablename::text FROM pg_tables WHERE schemaname = 'public'")
        for table in Schema.tables { #expect(tables.contains(table), "missing table \(table)") }
    }

    @Test func anOlderDatabaseIsMigratedForward() throws {
        let database = try TestDatabase()
        _ = try Seeder.load(try SampleDataset(clock: .testDay), into: database.store)
        let before = try database.dump()
        // Put the database back at version 1, as a slotsheet of that version left it.
        try database.rawConnection().write { db in
            try db.execute(sql: """
                DROP INDEX repair_request_held_by_slot;
                DROP INDEX repair_request_held_in_slot_order;
                CREATE INDEX repair_request_by_slot ON repair_request(slot_date, daypart_id, status);
                DROP INDEX import_batch_by_time;
                ALTER TABLE export_run DROP COLUMN content_sha256;
                ALTER TABLE import_batch DROP COLUMN problems;
                DROP TABLE request_status_log;
                DROP TABLE web_session;
                DROP TABLE sign_in_record;
                DROP TABLE upload_result_chunk;
                DROP TABLE upload_errors_chunk;
                DROP TABLE upload_chunk;
                DROP TABLE web_upload;
                DROP TABLE app_user;
                DROP TABLE list_change;
                DROP TABLE resident_notice;
                ALTER TABLE import_batch DROP COLUMN list_kind;
                ALTER TABLE defect DROP COLUMN active;
                CREATE INDEX availability_change_by_cell ON availability_change(date, daypart_id, staff_id);
                DELETE FROM grdb_migrations WHERE identifier IN ('002-covering-index-for-held-requests', '003-export-content-digest',
                                                                 '004-every-import-attempt', '005-web-users-and-uploads', '006-office-lists',
                                                                 '007-web-sessions-and-sign-in-throttle', '008-uploads-in-the-database',
                                                                 '009-list-uploads', '010-held-requests-in-slot-order',
                                                                 '011-request-status-log', '012-resident-notice', '013-stored-upload-preview', '014-upload-kind',
                                                                 '015-availability-change-by-batch-only', '016-date-checks-without-regex', '017-cell-rows-keyed-by-their-cell');
                """)
        }
        #expect(try database.store.schemaVersion() == 1)
        #expect(throws: StoreError.needsMigration(found: 1, expected: Schema.version)) { try database.store.requireCurrentSchema() }
        #expect(try database.store.migrate() == Schema.version)
        let indexes = try database.rawConnection().read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'repair_request'")
        }
        #expect(indexes.contains("repair_request_held_by_slot") && !indexes.contains("repair_request_by_slot"))
        #expect(indexes.contains("repair_request_held_in_slot_order"))
        let changeIndexes = try database.rawConnection().read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'availability_change'")
        }
        #expect(!changeIndexes.contains("availability_change_by_cell"), "015 drops the cell index")
        // Every row kept; the status log is new in 011 and starts with one row a request (LogMigrationTests).
        #expect(try database.dump().removingStatusLog == before.removingStatusLog, "migrating keeps every row")
    }

    @Test func opensInWALModeWithForeignKeysOn() throws {
        let database = try TestDatabase()
        let mode = try database.rawConnection().read { try String.fetchOne($0, sql: "PRAGMA journal_mode") }
        #expect(mode == "wal")
        #expect(throws: StoreError.self) {
            try database.store.write { session in
                _ = try session.upsertResident(Resident(
                    name: "Nobody", email: "nobody@example.nl", phone: nil, postcode: "6811 AB", houseNumber: "1",
                    street: "Steenstraat", city: "Arnhem", corporationID: 999))
            }
        }
    }

    @Test(arguments: Backend.available) func refusesADatabaseFromANewerSlotsheet(_ backend: Backend) throws {
        let database = try TestDatabase(backend)
        let table = backend == .sqlite ? "grdb_migrations" : "slotsheet_migration"
        try database.store.write { try ($0 as! any RawSQLSession).executeRaw("INSERT INTO \(table) (identifier) VALUES ('999-from-the-future')") }
        #expect(throws: StoreError.newerSchema(found: ["999-from-the-future"])) { try database.store.migrate() }
        #expect(throws: StoreError.self) { try database.store.schemaVersion() }
    }

    @Test func aMissingFileIsNotSilentlyCreated() throws {
        let path = FileManager.default.temporaryDirectory.appending(path: "absent-\(UUID().uuidString).sqlite").path
        #expect(throws: StoreError.notFound(path: path)) { try SQLiteStore(path: path) }
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    /// A database the store creates has 16 KiB pages (a range's read makes a quarter of the reads);
    /// one made before, with SQLite's 4 KiB, keeps them and is read and migrated as it is.
    @Test func aNewDatabaseHasLargePagesAndAnOldOneKeepsItsOwn() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "pages-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func pageSize(_ path: String) throws -> Int? { try DatabaseQueue(path: path).read { try Int.fetchOne($0, sql: "PRAGMA page_size") } }

        let new = folder.appending(path: "new.sqlite").path
        let store = try SQLiteStore(path: new, create: true)
        #expect(try store.migrate() == Schema.version)
        #expect(try pageSize(new) == SQLiteStore.pageSize)
        #expect(SQLiteStore.pageSize == 16_384)

        let old = folder.appending(path: "old.sqlite").path
        try DatabaseQueue(path: old).write { db in
            try db.execute(sql: "PRAGMA page_size = 4096; PRAGMA journal_mode = WAL; CREATE TABLE earlier (id INTEGER PRIMARY KEY)")
        }
        let opened = try SQLiteStore(path: old)
        #expect(try opened.migrate() == Schema.version)
        #expect(try opened.read { try $0.staff() }.isEmpty)
        #expect(try pageSize(old) == 4096)
    }

    /// A seed leaves PostgreSQL's tables as autovacuum would a minute later: every page of the
    /// availability marked all-visible, so that a range's read can be an index-only scan that fetches
    /// no row from the table (a year's apply read 30 ms of heap fetches before).
    @Test(.enabled(if: Backend.available.contains(.postgres)))
    func aSeedLeavesPostgresTablesVacuumed() throws {
        let database = try TestDatabase(.postgres)
        _ = try Seeder.load(try SampleDataset(clock: .testDay), into: database.store)
        let pages = try PostgresTestServer.rows(
            "SELECT relpages::text, relallvisible::text FROM pg_class WHERE relname = 'availability'", url: database.location)
        let (all, visible) = (Int(pages.first?[0] ?? "") ?? -1, Int(pages.first?[1] ?? "") ?? -2)
        #expect(all > 0 && visible == all, "\(visible) of \(all) pages all-visible (\(pages))")
    }

    /// Runs statements one by one through the store, as a program beside slotsheet would.
    private func execute(_ statements: [String], in database: TestDatabase) throws {
        try database.store.write { session in
            for statement in statements { try (session as! any RawSQLSession).executeRaw(statement) }
        }
    }

    /// Whether `error` is the store's word for a broken schema rule.
    private func isConstraintViolation(_ error: StoreError?) -> Bool {
        if case .constraintViolated = error { return true }
        return false
    }

    @Test(arguments: Backend.available, [
        "INSERT INTO staff (code, employee_number, name) VALUES ('ABC', 'E2', 'Second Anna')",
        "INSERT INTO daypart (code, label, starts_at, ends_at, sort_order) VALUES ('D09', 'again', '09:00', '10:00', 9)",
        "INSERT INTO housing_corporation (name) VALUES ('Woonstede')",
        "INSERT INTO availability (date, daypart_id, staff_id) VALUES ('2026-12-08', 1, 1)",
    ])
    func refusesADuplicateNaturalKey(_ backend: Backend, _ duplicate: String) throws {
        let database = try TestDatabase(backend)
        try execute([
            "INSERT INTO housing_corporation (name) VALUES ('Woonstede')",
            "INSERT INTO staff (code, employee_number, name) VALUES ('ABC', 'E1', 'Anna')",
            "INSERT INTO daypart (code, label, starts_at, ends_at, sort_order) VALUES ('D09', '09:00-10:00', '09:00', '10:00', 2)",
            "INSERT INTO availability (date, daypart_id, staff_id) VALUES ('2026-12-08', 1, 1)",
        ], in: database)
        let error = #expect(throws: StoreError.self) { try execute([duplicate], in: database) }
        #expect(isConstraintViolation(error), "\(String(describing: error))")
    }

    @Test(arguments: Backend.available, [
        "INSERT INTO space (location_id, name) VALUES (42, 'Light')",
        "INSERT INTO availability (date, daypart_id, staff_id) VALUES ('2026-12-08', 7, 7)",
        "INSERT INTO repair_request_defect (request_id, defect_id) VALUES (1, 1)",
    ])
    func refusesAForeignKeyViolation(_ backend: Backend, _ orphan: String) throws {
        let database = try TestDatabase(backend)
        let error = #expect(throws: StoreError.self) { try execute([orphan], in: database) }
        #expect(isConstraintViolation(error), "\(String(describing: error))")
        if backend == .sqlite { #expect(error == .constraintViolated("FOREIGN KEY constraint failed")) }
    }

    @Test(arguments: Backend.available, [
        "UPDATE repair_request SET status = 'lost'",
        "UPDATE repair_request SET slot_date = '8-12-2026'",
        "UPDATE daypart SET starts_at = '9am'",
        "UPDATE daypart SET ends_at = '08:00'",
        "UPDATE staff SET active = 2",
    ])
    func refusesValuesOutsideTheirFixedSet(_ backend: Backend, _ update: String) throws {
        let database = try TestDatabase(backend)
        _ = try Seeder.load(try SampleDataset(clock: .testDay), into: database.store)
        let before = try database.dump()
        #expect(throws: StoreError.self) { try execute([update], in: database) }
        #expect(try database.dump() == before)
    }

    @Test(arguments: Backend.available) func aFailedWriteLeavesNothingBehind(_ backend: Backend) throws {
        let database = try TestDatabase(backend)
        struct Interrupted: Error {}
        #expect(throws: Interrupted.self) {
            try database.store.write { session in
                _ = try session.upsertCorporation(name: "Half-written Wonen")
                throw Interrupted()
            }
        }
        #expect(try database.store.read { try $0.tableCounts() }.first { $0.table == "housing_corporation" }?.rows == 0)
    }

    @Test(arguments: Backend.available) func upsertsKeepTheSurrogateKey(_ backend: Backend) throws {
        let database = try TestDatabase(backend)
        let (first, second) = try database.store.write { session in
            (try session.upsertStaff(StaffMember(code: "ABC", employeeNumber: "E1", name: "Anna")),
             try session.upsertStaff(StaffMember(code: "ABC", employeeNumber: "E1", name: "Anna Bakker", active: false)))
        }
        #expect(first == second)
        let staff = try database.store.read { try $0.staff() }
        #expect(staff.map(\.value) == [StaffMember(code: "ABC", employeeNumber: "E1", name: "Anna Bakker", active: false)])
    }

    @Test func locationsParse() throws {
        #expect(try StoreLocation(parsing: "sqlite:./a.sqlite") == .sqlite(path: "./a.sqlite"))
        #expect(try StoreLocation(parsing: "sqlite:///tmp/a.sqlite") == .sqlite(path: "/tmp/a.sqlite"))
        #expect(try StoreLocation(parsing: "postgres://u:pw@db/x").description == "postgres://u:***@db/x")
        #expect(throws: StoreError.invalidLocation("mysql://x")) { try StoreLocation(parsing: "mysql://x") }
        #expect(throws: StoreError.invalidLocation("sqlite:")) { try StoreLocation(parsing: "sqlite:") }
    }
}

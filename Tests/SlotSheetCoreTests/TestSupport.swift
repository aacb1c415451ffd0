import Foundation
import GRDB
import InteropSupport
import Testing
@testable import SlotSheetCore

typealias Backend = TestBackend

/// A fresh database, removed when the test ends: a SQLite file in its own temporary folder, or a
/// new database on the PostgreSQL test server.
final class TestDatabase {
    let backend: Backend
    let folder: URL
    /// The SQLite file, or the PostgreSQL database's name.
    let path: String
    let store: any RepairStore

    init(_ backend: Backend = .sqlite, migrated: Bool = true) throws {
        self.backend = backend
        folder = FileManager.default.temporaryDirectory.appending(path: "slotsheet-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        switch backend {
        case .sqlite:
            path = folder.appending(path: "test.sqlite").path
            store = try SQLiteStore(path: path, create: true)
        case .postgres:
            let database = try PostgresTestServer.createDatabase()
            path = database.name
            store = try PostgresStore(url: database.url)
        }
        if migrated { try store.migrate() }
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
        if backend == .postgres { PostgresTestServer.dropDatabase(path) }
    }

    /// The `--db` location of this database, for the command line.
    var location: String {
        backend == .sqlite ? "sqlite:\(path)" : PostgresTestServer.databaseURL(path)
    }

    /// A plain GRDB connection beside a SQLite store, for checks the store API does not offer.
    /// With the store's busy timeout: a store another thread just let go of may still hold the
    /// file for its closing checkpoint, and a raw connection without one fails at once with
    /// "database is locked" (seen in RequestRaceTests under a loaded machine).
    func rawConnection() throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.busyMode = .timeout(SQLiteStore.defaultBusyTimeout)
        return try DatabaseQueue(path: path, configuration: configuration)
    }

    /// The one number a query returns (`SELECT COUNT(*) ...`), on either backend.
    func integer(_ sql: String) throws -> Int {
        switch backend {
        case .sqlite: return try rawConnection().read { try Int.fetchOne($0, sql: sql) ?? 0 }
        case .postgres: return Int(try PostgresTestServer.rows("SELECT (\(sql))::text", url: location).first?.first??.description ?? "") ?? 0
        }
    }

    /// The first column of every row of a text query, on either backend.
    func strings(_ sql: String) throws -> [String] {
        switch backend {
        case .sqlite: return try rawConnection().read { try String.fetchAll($0, sql: sql) }
        case .postgres: return try PostgresTestServer.rows(sql, url: location).map { ($0.first ?? nil) ?? "" }
        }
    }

    /// Every row of every table as text, keys included: two equal dumps are the same database.
    func dump() throws -> [String: [String]] {
        var tables: [String: [String]] = [:]
        switch backend {
        case .sqlite:
            try rawConnection().read { db in
                for table in Schema.tables {
                    tables[table] = try Row.fetchAll(db, sql: "SELECT * FROM \(table) ORDER BY id").map(\.description)
                }
            }
        case .postgres:
            for table in Schema.tables {
                // By the row's text: PostgreSQL's cell tables have no id (017), only their natural key.
                tables[table] = try PostgresTestServer.rows("SELECT t::text FROM \(table) t ORDER BY 1", url: location)
                    .map { $0.first.flatMap { $0 } ?? "" }
            }
        }
        return tables
    }
}

extension OfficeClock {
    /// The fixed day most tests run on: Tuesday 1 December 2026.
    static let testDay = OfficeClock.fixed(today: LocalDate(iso: "2026-12-01")!)

    /// The default booking rules (3 to 7 days ahead, open until midnight) on this clock.
    var standardRules: OfficeRules { OfficeRules(booking: .standard, clock: self) }
}

/// `make test` must test PostgreSQL, never skip it silently.
@Suite struct BackendAvailabilityTests {
    @Test(.enabled(if: PostgresTestServer.isRequired)) func thePostgresTestServerIsThere() {
        #expect(Backend.available.contains(.postgres), "make test started no PostgreSQL server")
    }
}

extension Dictionary where Key == String, Value == [String] {
    /// A `TestDatabase.dump` without `request_status_log`, which migration 011 fills anew from the
    /// requests: for tests that take a database back to before it and migrate it forward again.
    var removingStatusLog: [String: [String]] {
        var tables = self
        tables.removeValue(forKey: "request_status_log")
        return tables
    }
}

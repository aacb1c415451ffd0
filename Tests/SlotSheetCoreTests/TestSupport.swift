import Foundation
import GRDB
@testable import SlotSheetCore

/// A fresh SQLite database in its own temporary folder, removed when the test ends.
final class TestDatabase {
    let folder: URL
    let path: String
    let store: SQLiteStore

    init(migrated: Bool = true) throws {
        folder = FileManager.default.temporaryDirectory.appending(path: "slotsheet-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        path = folder.appending(path: "test.sqlite").path
        store = try SQLiteStore(path: path, create: true)
        if migrated { try store.migrate() }
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// A plain GRDB connection beside the store, for checks the store API does not offer.
    func rawConnection() throws -> DatabaseQueue {
        try DatabaseQueue(path: path)
    }

    /// Every row of every table as text, keys included: two equal dumps are the same database.
    func dump() throws -> [String: [String]] {
        try rawConnection().read { db in
            var tables: [String: [String]] = [:]
            for table in Schema.tables {
                tables[table] = try Row.fetchAll(db, sql: "SELECT * FROM \(table) ORDER BY id").map(\.description)
            }
            return tables
        }
    }
}

extension OfficeClock {
    /// The fixed day most tests run on: Tuesday 1 December 2026.
    static let testDay = OfficeClock.fixed(today: LocalDate(iso: "2026-12-01")!)
}

import ArgumentParser
import Foundation
import SlotSheetCore

/// `--db`, shared by every command that opens the database.
struct StoreOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The database: sqlite:PATH or a postgres:// URL (default: $SLOTSHEET_DB, else \(StoreLocation.defaultValue)).",
        valueName: "location"))
    var db: String?

    @Option(name: .long, help: "Seconds to wait for another program's database lock before giving up.")
    var busyTimeout: Double = SQLiteStore.defaultBusyTimeout

    /// The location from `--db`, else `SLOTSHEET_DB`, else the default file in this folder.
    func location() throws -> StoreLocation {
        let text = db ?? ProcessInfo.processInfo.environment["SLOTSHEET_DB"].flatMap { $0.isEmpty ? nil : $0 }
            ?? StoreLocation.defaultValue
        return try StoreLocation(parsing: text)
    }

    /// Opens the database; `create` makes a new SQLite file where none exists. `forReading`:
    /// the command only reads, so it must never wait for another program's write lock.
    func open(create: Bool = false, forReading: Bool = false) throws -> any RepairStore {
        switch try location() {
        case let .sqlite(path):
            return try SQLiteStore(path: path, create: create, busyTimeout: busyTimeout, forReading: forReading)
        case let .postgres(url):
            return try PostgresStore(url: url, busyTimeout: busyTimeout)
        }
    }

    /// Opens a database whose schema is current, for the jobs.
    func openMigrated(forReading: Bool = false) throws -> any RepairStore {
        let store = try open(forReading: forReading)
        try store.requireCurrentSchema()
        return store
    }
}

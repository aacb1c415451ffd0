import Foundation
import GRDB

/// The embedded default backend: one SQLite file, opened in WAL mode with foreign keys on and a
/// busy timeout, so a reader never blocks the nightly export and a second writer waits its turn.
///
///     let store = try SQLiteStore(path: "slotsheet.sqlite", create: true)
///     try store.migrate()
public final class SQLiteStore: RepairStore {
    public let location: StoreLocation
    /// A pool (a writer beside concurrent readers), or one plain connection for `forReading`.
    private let pool: any DatabaseWriter
    private let busyTimeout: Double

    /// The page size of a database this store creates: a year template's read takes about 7 % less
    /// than with SQLite's 4,096 (a quarter of the reads of the file, each a system call that copies a
    /// page), and so does every range's read; writes are no slower for it.
    public static let pageSize = 16_384

    /// How long a writer waits for another process's lock before giving up, when not configured.
    public static let defaultBusyTimeout: Double = 10

    /// Opens the database at `path`. Without `create`, a missing file is an error rather than
    /// a new empty database, so a mistyped path is not silently accepted; a folder on the way
    /// that this user may not enter is said as such (not as a missing file, nor as SQLite's
    /// "unable to open database file").
    ///
    /// `forReading` is for commands that only read (`db status`, `history`, a dry run): it opens
    /// one plain connection, which writes nothing while opening. A pool makes sure of WAL mode
    /// when it opens, and when the WAL file is empty that is a write, which would wait for (and
    /// time out behind) another program's write lock although a reader need not.
    public init(path: String, create: Bool = false, busyTimeout: Double = SQLiteStore.defaultBusyTimeout,
                forReading: Bool = false) throws(StoreError) {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        if let closed = AtomicOutput.folderNotEnterable(on: folder) {
            throw .cannotEnter(path: path, folder: closed, user: AtomicOutput.userName)
        }
        if !create && !FileManager.default.fileExists(atPath: path) {
            throw .notFound(path: path)
        }
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(busyTimeout)
        configuration.label = "slotsheet"
        configuration.prepareDatabase { db in
            // Takes effect only on a file with nothing in it yet (before WAL mode is set, which GRDB
            // does after this): a database made by `db init`. One that exists keeps its page size.
            try db.execute(sql: "PRAGMA page_size = \(SQLiteStore.pageSize)")
        }
        self.location = .sqlite(path: path)
        self.busyTimeout = busyTimeout
        do {
            self.pool = forReading
                ? try DatabaseQueue(path: path, configuration: configuration)
                : try DatabasePool(path: path, configuration: configuration)
        } catch {
            throw SQLiteStore.storeError(error, busyTimeout: busyTimeout)
        }
    }

    private var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for migration in Schema.migrations {
            migrator.registerMigration(migration.identifier) { db in
                try db.execute(sql: migration.sql(.sqlite))
            }
        }
        return migrator
    }

    @discardableResult
    public func migrate() throws(StoreError) -> Int {
        try translatingErrors {
            try refuseNewerSchema()
            try migrator.migrate(pool)
        }
        return try schemaVersion()
    }

    public func schemaVersion() throws(StoreError) -> Int {
        try refuseNewerSchema()
        return try translatingErrors {
            try pool.read { db in try migrator.appliedMigrations(db).count }
        }
    }

    private func refuseNewerSchema() throws(StoreError) {
        try Schema.refuseNewer(applied: Array(try translatingErrors { try pool.read { db in try migrator.appliedIdentifiers(db) } }))
    }

    public func engine() throws(StoreError) -> DatabaseEngine {
        let settings: [(name: String, value: String)] = try translatingErrors {
            try pool.read { db in
                try ["journal_mode", "synchronous", "foreign_keys"].map { name in
                    (name, try DatabaseValue.fetchOne(db, sql: "PRAGMA \(name)").map { value in
                        switch value.storage {
                        case let .int64(number): return String(number)
                        case let .string(text): return text
                        default: return value.description
                        }
                    } ?? "")
                }
            }
        }
        return DatabaseEngine(name: "SQLite \(SQLiteLibrary.version)", settings: settings)
    }

    public func settleAfterBulkLoad(of tables: [String]) throws(StoreError) {}

    public func read<T>(_ work: (any StoreSession) throws -> T) throws -> T {
        try mappingDatabaseErrors {
            try pool.read { db in try work(PortableSession(SQLiteConnection(db: db))) }
        }
    }

    public func write<T>(_ work: (any StoreSession) throws -> T) throws -> T {
        try mappingDatabaseErrors {
            try pool.write { db in try work(PortableSession(SQLiteConnection(db: db))) }
        }
    }

    /// Runs `body`, turning SQLite's errors into `StoreError`s.
    private func translatingErrors<T>(_ body: () throws -> T) throws(StoreError) -> T {
        try StoreError.translating({ SQLiteStore.storeError($0, busyTimeout: busyTimeout) }, body)
    }

    /// Turns SQLite's errors into `StoreError`s and lets every other error (a job's own) pass.
    private func mappingDatabaseErrors<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DatabaseError {
            throw SQLiteStore.storeError(error, busyTimeout: busyTimeout)
        }
    }

    static func storeError(_ error: any Error, busyTimeout: Double) -> StoreError {
        guard let error = error as? DatabaseError else { return .failed(String(describing: error)) }
        switch error.resultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return .busy(seconds: busyTimeout)
        case .SQLITE_CONSTRAINT:
            return .constraintViolated(error.message ?? "constraint failed")
        default:
            return .failed(error.message ?? error.description)
        }
    }
}

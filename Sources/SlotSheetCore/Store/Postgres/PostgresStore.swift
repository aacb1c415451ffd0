import Logging
import PostgresNIO

/// The shared-server backend: the repair-request database on PostgreSQL, where the office web
/// system and the resident API keep it too. Same schema (`Schema`, in `SQLDialect.postgres`), same
/// statements (`StoreSQL`), same jobs as SQLite.
///
/// Reads run in `REPEATABLE READ READ ONLY` transactions: one snapshot, so an export made while
/// an import commits sees all of the import or none of it. Writes run `SERIALIZABLE`: two imports
/// on overlapping slots cannot both check the rules against the same old state and both commit
/// (no lost update, no capacity broken between them). When the server aborts one of them for
/// that, the work runs again on the new state after a short random pause that grows with each
/// attempt (so that writers who collided do not collide again in step), up to `attemptsOnConflict`
/// times, and then fails with `StoreError.conflict`. A lock held by another program is waited for up to the busy timeout.
///
///     let store = try PostgresStore(url: "postgres://slotsheet@db.office.lan/repairs")
///     try store.migrate()
public final class PostgresStore: RepairStore {
    public let location: StoreLocation
    private let connection: PostgresConnection
    private let logger: Logger
    private let busyTimeout: Double

    /// How often a write transaction is tried when the server aborts it for a concurrent one. A web
    /// server's clients apply at the same moment: 3 attempts without a pause let 6 of them exhaust it.
    public static let attemptsOnConflict = 8
    /// The longest pause before another attempt, in milliseconds (the pause is random below
    /// 5 ms x 2^attempt, capped here).
    static let longestPauseMilliseconds = 250

    /// A key for `pg_advisory_xact_lock`, so two `db init`s never migrate at the same time.
    private static let migrationLockKey: Int64 = 0x736c_6f74_7368_6565   // "slotshee"

    /// Connects to the server at `url` (see `PostgresLocation` for the form and TLS settings).
    public init(url: String, busyTimeout: Double = SQLiteStore.defaultBusyTimeout) throws(StoreError) {
        let target = try PostgresLocation(url: url)
        var logger = Logger(label: "slotsheet.postgres")
        logger.logLevel = .error
        self.location = .postgres(url: url)
        self.logger = logger
        self.busyTimeout = busyTimeout
        do {
            self.connection = try PostgresConnection.connect(
                on: PostgresConnection.defaultEventLoopGroup.any(), configuration: target.configuration,
                id: 1, logger: logger
            ).wait()
        } catch {
            throw PostgresStore.storeError(error, location: StoreLocation.redactingPassword(url), busyTimeout: busyTimeout)
        }
    }

    deinit {
        try? connection.close().wait()
    }

    @discardableResult
    public func migrate() throws(StoreError) -> Int {
        try translatingErrors {
            try transaction("BEGIN ISOLATION LEVEL SERIALIZABLE") { sql in
                _ = try sql.run("SELECT pg_advisory_xact_lock(\(PostgresStore.migrationLockKey))", [])
                try sql.execute(PostgresStore.createMigrationTable, [])
                let applied = try appliedMigrations(sql)
                try Schema.refuseNewer(applied: applied)
                for migration in Schema.migrations where !applied.contains(migration.identifier) {
                    for statement in PostgresStore.statements(of: migration.sql(.postgres)) {
                        try sql.execute(statement, [])
                    }
                    try sql.execute("INSERT INTO \(PostgresStore.migrationTable) (identifier) VALUES (?)", [migration.identifier.sqlValue])
                }
            }
        }
        return try schemaVersion()
    }

    public func schemaVersion() throws(StoreError) -> Int {
        let applied = try translatingErrors {
            try transaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY") { try appliedMigrations($0) }
        }
        try Schema.refuseNewer(applied: applied)
        return applied.count
    }

    public func read<T>(_ work: (any StoreSession) throws -> T) throws -> T {
        try mappingDatabaseErrors {
            try transaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY") { try work(PortableSession($0)) }
        }
    }

    public func write<T>(_ work: (any StoreSession) throws -> T) throws -> T {
        var attempt = 1
        while true {
            do {
                return try mappingDatabaseErrors {
                    try transaction("BEGIN ISOLATION LEVEL SERIALIZABLE") { try work(PortableSession($0)) }
                }
            } catch StoreError.conflict where attempt < PostgresStore.attemptsOnConflict {
                let ceiling = min(PostgresStore.longestPauseMilliseconds, 5 << attempt)
                usleep(UInt32(Int.random(in: 1...ceiling) * 1000))
                attempt += 1
            }
        }
    }

    // MARK: - Transactions

    /// Runs `body` between `begin` and COMMIT, or ROLLBACK when it throws. Lock waits are bounded
    /// by the busy timeout.
    private func transaction<T>(_ begin: String, _ body: (PostgresSQLConnection) throws -> T) throws -> T {
        let sql = PostgresSQLConnection(connection, logger: logger)
        try sql.execute(begin, [])
        do {
            try sql.execute("SET LOCAL lock_timeout = '\(Int(busyTimeout * 1000))ms'", [])
            let result = try body(sql)
            try sql.execute("COMMIT", [])
            return result
        } catch {
            _ = try? sql.execute("ROLLBACK", [])
            throw error
        }
    }

    // MARK: - Migrations

    /// Which migrations ran, kept in the database itself like SQLite's `grdb_migrations`.
    private static let migrationTable = "slotsheet_migration"
    private static let createMigrationTable = """
        CREATE TABLE IF NOT EXISTS \(migrationTable) (identifier TEXT COLLATE "C" PRIMARY KEY, \
        applied_at TIMESTAMPTZ NOT NULL DEFAULT now())
        """

    private func appliedMigrations(_ sql: PostgresSQLConnection) throws -> [String] {
        let exists = try sql.firstRow("SELECT to_regclass(?) IS NOT NULL", [PostgresStore.migrationTable.sqlValue]) { try $0.boolean(0) }
        guard exists == true else { return [] }
        return try sql.rows("SELECT identifier FROM \(PostgresStore.migrationTable) ORDER BY identifier") { try $0.text(0) }
    }

    /// A migration's script as single statements: the extended query protocol takes one at a time.
    static func statements(of script: String) -> [String] {
        var statements: [String] = []
        var current = ""
        var inLiteral = false
        for character in script {
            if character == "'" { inLiteral.toggle() }
            if character == ";" && !inLiteral {
                statements.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        statements.append(current)
        return statements.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
    }

    // MARK: - Errors

    /// Runs `body`, turning the server's and the driver's errors into `StoreError`s.
    private func translatingErrors<T>(_ body: () throws -> T) throws(StoreError) -> T {
        try StoreError.translating({ PostgresStore.storeError($0, location: location.description, busyTimeout: busyTimeout) }, body)
    }

    /// Turns the server's and the driver's errors into `StoreError`s; the jobs' own errors pass.
    private func mappingDatabaseErrors<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as PSQLError {
            throw PostgresStore.storeError(error, location: location.description, busyTimeout: busyTimeout)
        } catch let error as PostgresDecodingError {
            throw StoreError.failed("a value from the server has an unexpected type: \(error)")
        }
    }

    static func storeError(_ error: any Error, location: String, busyTimeout: Double) -> StoreError {
        guard let error = error as? PSQLError else {
            return .unreachable(location: location, reason: String(describing: error))
        }
        guard error.code == .server, let state = error.serverInfo?[.sqlState] else {
            return .unreachable(location: location, reason: PostgresStore.connectionReason(error))
        }
        let message = error.serverInfo?[.message] ?? "error \(state)"
        switch state {
        case "40001", "40P01":   // serialization failure, deadlock
            return .conflict
        case "55P03":            // lock not available
            return .busy(seconds: busyTimeout)
        case "3D000", "28000", "28P01", "42501":   // no such database, not allowed, wrong password, no privilege
            return .unreachable(location: location, reason: message)
        default:
            if state.hasPrefix("23") { return .constraintViolated(message) }
            return .failed(message)
        }
    }

    private static func connectionReason(_ error: PSQLError) -> String {
        if let underlying = error.underlying { return String(describing: underlying) }
        return error.code.description
    }
}

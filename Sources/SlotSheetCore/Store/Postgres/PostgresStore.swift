import Logging
import PostgresNIO

/// The shared-server backend: the repair-request database on PostgreSQL, where the office web
/// system and the resident API keep it too. Same schema (`Schema`, in `SQLDialect.postgres`), same
/// statements (`StoreSQL`), same jobs as SQLite.
///
/// Reads run in `REPEATABLE READ READ ONLY` transactions: one snapshot, so an export made while
/// an import commits sees all of the import or none of it. An import's apply and an undo
/// (`writeTakingLocks`) run `READ COMMITTED` and lock the slots they change before they read what
/// they check, so writers of different staff on the same dates never refuse each other and a
/// booking that follows the same protocol never overbooks (docs/design.md, "Locks"); the server
/// aborts one of two transactions waiting for each other in a cycle (a deadlock), and that one
/// runs again. Every other write (export records, seeding, the web front's rows) runs
/// `SERIALIZABLE` and runs again when the server aborts it for a concurrent one. The attempts
/// after the first wait a short random pause that grows with each (so writers who collided do not
/// collide again in step), up to `attemptsOnConflict` in all, and then fail with
/// `StoreError.conflict`. A lock held by another program is waited for up to the busy timeout.
///
public final class PostgresStore: RepairStore {
    public let location: StoreLocation
    private let connection: PostgresConnection
    private let logger: Logger
    private let busyTimeout: Double
    /// Whether this role may check a bulk write's foreign keys once a statement
    /// (`PostgresSQLConnection.execute(_:forRows:)`): a superuser, or one granted
    /// `SET ON PARAMETER session_replication_role`. Otherwise the server checks them row by row.
    private let checksReferencesPerStatement: Bool

    /// How often a write transaction is tried when the server aborts it for a concurrent one (a
    /// serialization failure, a deadlock). A web server's clients apply at the same moment: under
    /// SERIALIZABLE, 3 attempts without a pause let 6 of them exhaust it.
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
            let connection = try PostgresConnection.connect(
                on: PostgresConnection.defaultEventLoopGroup.any(), configuration: target.configuration,
                id: 1, logger: logger
            ).wait()
            self.connection = connection
            self.checksReferencesPerStatement = try PostgresStore.startSession(connection, busyTimeout: busyTimeout, logger: logger)
        } catch {
            throw PostgresStore.storeError(error, location: StoreLocation.redactingPassword(url), busyTimeout: busyTimeout)
        }
    }

    /// Sets the lock timeout for every lock wait of this connection (once rather than in each
    /// transaction) and tells whether the role may set `session_replication_role`.
    private static func startSession(_ connection: PostgresConnection, busyTimeout: Double, logger: Logger) throws -> Bool {
        let settings = try connection.query(PostgresQuery(unsafeSQL: """
            SELECT set_config('lock_timeout', '\(Int(busyTimeout * 1000))ms', false), current_setting('is_superuser') = 'on', \
            current_setting('server_version_num')::int >= 150000
            """), logger: logger).wait()
        var superuser = false, grantable = false
        for row in settings { (_, superuser, grantable) = try row.decode((String, Bool, Bool).self) }
        if superuser || !grantable { return superuser }
        let granted = try connection.query(PostgresQuery(unsafeSQL: "SELECT has_parameter_privilege('session_replication_role', 'SET')"),
                                           logger: logger).wait()
        for row in granted { return try row.decode(Bool.self) }
        return false
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

    /// The server settings `db status` shows: isolation and locks (what a transaction of another
    /// program gets, how many locks one may hold: a year's apply takes a lock per changed slot),
    /// durability, the server's time zone and text.
    static let reportedSettings = [
        "default_transaction_isolation", "max_connections", "max_locks_per_transaction", "deadlock_timeout",
        "synchronous_commit", "fsync", "TimeZone", "server_encoding", "lc_collate",
    ]

    public func engine() throws(StoreError) -> DatabaseEngine {
        try translatingErrors {
            try transaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY") { sql in
                let names = ["server_version"] + PostgresStore.reportedSettings
                let values = try sql.firstRow("SELECT " + names.map { "current_setting('\($0)')" }.joined(separator: ", ")) { row in
                    try names.indices.map { try row.text($0) }
                } ?? []
                return DatabaseEngine(name: "PostgreSQL \(values.first ?? "?")", settings: zip(names, values).dropFirst().map { (name: $0, value: $1) })
            }
        }
    }

    /// VACUUM runs outside a transaction, on the store's connection as it is between transactions.
    /// It marks a page all-visible only when its rows' commit is flushed, which the load asked for
    /// (`SeedSession.commitDurably`): on a server that commits asynchronously a later transaction's
    /// flush does not do (tried: the pages stay unmarked till the hint bits are set, a second later).
    public func settleAfterBulkLoad(of tables: [String]) throws(StoreError) {
        guard !tables.isEmpty else { return }
        try translatingErrors {
            try statements().execute("VACUUM (SKIP_LOCKED) " + tables.joined(separator: ", "), [])
        }
    }

    public func read<T>(_ work: (any StoreSession) throws -> T) throws -> T {
        try mappingDatabaseErrors {
            try transaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY") { try work(PortableSession($0)) }
        }
    }

    public func write<T>(_ work: (any StoreSession) throws -> T) throws -> T {
        try writing("BEGIN ISOLATION LEVEL SERIALIZABLE", runningAgainAfter: PostgresStore.serializationFailures, work)
    }

    public func writeTakingLocks<T>(_ work: (any StoreSession) throws -> T) throws -> T {
        try writing("BEGIN ISOLATION LEVEL READ COMMITTED", runningAgainAfter: [PostgresStore.deadlockDetected], work)
    }

    /// SQLSTATEs of a transaction the server aborted for a concurrent one.
    private static let deadlockDetected = "40P01"
    private static let serializationFailures: Set<String> = ["40001", deadlockDetected]

    /// Runs `work` in a transaction begun with `begin`, again (after a pause) while the server
    /// aborts it with one of `states`, up to `attemptsOnConflict` attempts in all.
    private func writing<T>(_ begin: String, runningAgainAfter states: Set<String>, _ work: (any StoreSession) throws -> T) throws -> T {
        var attempt = 1
        while true {
            do {
                return try transaction(begin) { try work(PortableSession($0)) }
            } catch let error as PSQLError where attempt < PostgresStore.attemptsOnConflict && states.contains(error.serverInfo?[.sqlState] ?? "") {
                let ceiling = min(PostgresStore.longestPauseMilliseconds, 5 << attempt)
                usleep(UInt32(Int.random(in: 1...ceiling) * 1000))
                attempt += 1
            } catch {
                throw databaseErrorMapped(error)
            }
        }
    }

    // MARK: - Transactions

    /// The store's connection as statements run on it, in a transaction or between them.
    private func statements() -> PostgresSQLConnection {
        PostgresSQLConnection(connection, logger: logger, checksReferencesPerStatement: checksReferencesPerStatement)
    }

    /// Runs `body` between `begin` and COMMIT, or ROLLBACK when it throws. Lock waits are bounded
    /// by the busy timeout (`lock_timeout`, set when connecting).
    private func transaction<T>(_ begin: String, _ body: (PostgresSQLConnection) throws -> T) throws -> T {
        let sql = statements()
        try sql.execute(begin, [])
        do {
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
        } catch {
            throw databaseErrorMapped(error)
        }
    }

    /// A `StoreError` for an error of the server or the driver; any other error (a job's own) as it is.
    private func databaseErrorMapped(_ error: any Error) -> any Error {
        switch error {
        case let error as PSQLError: return PostgresStore.storeError(error, location: location.description, busyTimeout: busyTimeout)
        case let error as PostgresDecodingError: return StoreError.failed("a value from the server has an unexpected type: \(error)")
        default: return error
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

/// Why the database could not be used. Every case says what to do about it.
public enum StoreError: Error, Equatable, CustomStringConvertible {
    /// `--db` is neither `sqlite:PATH` nor a `postgres://` URL.
    case invalidLocation(String)
    /// No database file at the path (and the command does not create one).
    case notFound(path: String)
    /// A folder on the way to the SQLite file is one this process's user may not enter (the
    /// database is another user's, as /var/lib/slotsheet is the `slotsheet` user's): whether the
    /// file is there cannot even be seen, so "no database" would not be true.
    case cannotEnter(path: String, folder: String, user: String)
    /// The database has no schema or an older one; `db init` migrates it.
    case needsMigration(found: Int, expected: Int)
    /// The database was migrated by a newer slotsheet; this one must not touch it.
    case newerSchema(found: [String])
    /// Another process holds the database lock longer than the busy timeout.
    case busy(seconds: Double)
    /// A row breaks a rule of the schema (a unique natural key, a foreign key, a CHECK).
    case constraintViolated(String)
    /// The database server cannot be reached or refuses the connection (PostgreSQL).
    case unreachable(location: String, reason: String)
    /// Another program changed the same data at the same time, again and again; nothing was written.
    case conflict
    /// Anything else the database reported.
    case failed(String)

    public var description: String {
        switch self {
        case let .invalidLocation(text):
            return "'\(text)' is not a database location; use sqlite:PATH or postgres://user@host/db."
        case let .notFound(path):
            return "No database at \(path); create it with 'slotsheet db init'."
        case let .cannotEnter(path, folder, user):
            return "The user \(user) may not enter the folder \(folder), so the database \(path) cannot be used. Run the command as the user the database belongs to (sudo -u slotsheet ... for the package's), or ask the administrator to let \(user) in."
        case let .needsMigration(found, expected):
            return "The database schema is at version \(found), this slotsheet needs \(expected); run 'slotsheet db init' to migrate it."
        case let .newerSchema(found):
            return "The database was migrated by a newer slotsheet (\(found.joined(separator: ", "))); upgrade slotsheet before using it."
        case let .busy(seconds):
            return "The database is locked by another program; gave up after \(seconds) s. Try again when it has finished."
        case let .constraintViolated(detail):
            return "The database refused a row: \(detail)"
        case let .unreachable(location, reason):
            return "Cannot use the database \(location): \(reason). Check the address, the user and password, and that the server is running."
        case .conflict:
            return "Another program changed the same data at the same time; nothing was written. Run the command again."
        case let .failed(detail):
            return "Database error: \(detail)"
        }
    }
}

extension StoreError {
    /// Runs `body` for a store: a `StoreError` passes as it is, any other error (the backend's) is
    /// turned into one by `translate`. For the store's own work (migrations, versions), where no
    /// job's error can arise.
    static func translating<T>(_ translate: (any Error) -> StoreError, _ body: () throws -> T) throws(StoreError) -> T {
        do {
            return try body()
        } catch let error as StoreError {
            throw error
        } catch {
            throw translate(error)
        }
    }
}

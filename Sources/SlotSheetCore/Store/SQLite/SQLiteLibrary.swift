import GRDB

/// The SQLite library the embedded backend runs on, as the running process has it loaded.
public enum SQLiteLibrary {
    /// `sqlite3_libversion_number()` (3040001) written as SQLite writes it ("3.40.1"). Asked at
    /// run time: a packaged binary runs with whatever libsqlite3 the system has installed since.
    public static var version: String {
        let number = Int(Database.sqliteLibVersionNumber)
        return "\(number / 1_000_000).\(number / 1000 % 1000).\(number % 1000)"
    }
}

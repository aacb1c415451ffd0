import Foundation
import GRDB
import SlotSheetCore

/// What an import leaves in a database, as one SHA-256 per table over its rows in key order:
/// `availability`, `import_batch` (every column but `created_at`, the wall-clock time of the run)
/// and `availability_change`. Two databases with equal states hold the same imports to the row.
struct ImportState: Equatable, CustomStringConvertible {
    let availability: String
    let batches: String
    let changes: String
    let rows: [Int]

    /// The rows of each table as text, one line a row, in a stable order.
    private static let canonicalRows = [
        "SELECT date || ' ' || daypart_id || ' ' || staff_id AS line FROM availability ORDER BY date, daypart_id, staff_id",
        """
        SELECT id || ' ' || quote(file_name) || ' ' || sha256 || ' ' || quote(operator) || ' ' || dry_run || ' ' || kind || ' ' ||
               quote(reverts_batch_id) || ' ' || quote(range_from) || ' ' || quote(range_to) || ' ' || added || ' ' || removed || ' ' ||
               unchanged || ' ' || outcome AS line
        FROM import_batch ORDER BY id
        """,
        """
        SELECT id || ' ' || batch_id || ' ' || date || ' ' || daypart_id || ' ' || staff_id || ' ' || available_before || ' ' ||
               available_after AS line
        FROM availability_change ORDER BY id
        """,
    ]

    /// Reads the state of the database at `path` (opening it recovers what a killed writer left in its WAL).
    static func read(_ path: String, scratch: String) throws -> ImportState {
        let database = try DatabaseQueue(path: path)
        var digests: [String] = [], rows: [Int] = []
        for sql in canonicalRows {
            // SQLite joins the lines, so a year of rows costs one fetch, not a row object each.
            let (count, text) = try database.read { db -> (Int, String) in
                let row = try Row.fetchOne(db, sql: "SELECT count(*), group_concat(line, char(10)) FROM (\(sql))")
                return ((row?[0] as Int?) ?? 0, (row?[1] as String?) ?? "")
            }
            try Data(text.utf8).write(to: URL(fileURLWithPath: scratch))
            digests.append(try FileDigest.sha256(ofFileAt: scratch))
            rows.append(count)
        }
        try? FileManager.default.removeItem(atPath: scratch)
        return ImportState(availability: digests[0], batches: digests[1], changes: digests[2], rows: rows)
    }

    var description: String {
        "availability \(rows[0]) rows (\(availability.prefix(12))), import_batch \(rows[1]) (\(batches.prefix(12))), "
            + "availability_change \(rows[2]) (\(changes.prefix(12)))"
    }
}

/// What a user (or the next command) would find wrong with a database after a crash; empty when
/// nothing: SQLite's own integrity check, foreign keys, every batch's counts against its change
/// rows, and the newest batch's changes against the availability they claim to have made.
enum DatabaseHealth {
    static func problems(_ path: String) throws -> [String] {
        let database = try DatabaseQueue(path: path)
        return try database.read { db in
            var problems: [String] = []
            let integrity = try String.fetchAll(db, sql: "PRAGMA integrity_check")
            if integrity != ["ok"] { problems.append("integrity_check: \(integrity.prefix(5).joined(separator: "; "))") }
            let orphans = try Row.fetchAll(db, sql: "PRAGMA foreign_key_check")
            if !orphans.isEmpty { problems.append("\(orphans.count) rows break a foreign key, first \(orphans[0])") }
            let counts = try Row.fetchAll(db, sql: """
                SELECT b.id, b.added, b.removed, COALESCE(SUM(c.available_after = 1), 0), COALESCE(SUM(c.available_after = 0), 0)
                FROM import_batch b LEFT JOIN availability_change c ON c.batch_id = b.id GROUP BY b.id
                """)
            for row in counts where row[1] as Int != row[3] as Int || row[2] as Int != row[4] as Int {
                problems.append("batch \(row[0] as Int64) says \(row[1] as Int) added, \(row[2] as Int) removed; its changes: \(row[3] as Int), \(row[4] as Int)")
            }
            let disagreeing = try Int.fetchOne(db, sql: """
                SELECT count(*) FROM availability_change c
                WHERE c.batch_id = (SELECT max(id) FROM import_batch)
                  AND c.available_after != EXISTS (SELECT 1 FROM availability a
                                                   WHERE a.date = c.date AND a.daypart_id = c.daypart_id AND a.staff_id = c.staff_id)
                """) ?? 0
            if disagreeing > 0 { problems.append("\(disagreeing) changes of the newest batch are not what availability holds") }
            return problems
        }
    }
}

import Foundation
import InteropSupport
import PostgresNIO
@testable import SlotSheetCore

/// Ways for a PostgreSQL test to make transactions meet at a chosen point, and to see them wait.
enum PostgresLockSupport {
    /// Holds `import_batch` locked while `body` runs, until `release` is called by it: an import's
    /// apply then waits at its first write, after its locks and its checks.
    static func withImportsHeldAtTheirFirstWrite(_ url: String, _ body: (_ release: () throws -> Void) throws -> Void) throws {
        let holder = try PostgresTestServer.connect(url)
        defer { try? holder.close().wait() }
        try PostgresTestServer.run("BEGIN", on: holder)
        try PostgresTestServer.run("LOCK TABLE import_batch IN EXCLUSIVE MODE", on: holder)
        var released = false
        defer { if !released { _ = try? PostgresTestServer.run("ROLLBACK", on: holder) } }
        try body {
            released = true
            try PostgresTestServer.run("COMMIT", on: holder)
        }
    }

    /// Waits until `count` sessions of `database` wait for a lock (`event`: any, or `advisory`,
    /// `relation`, as `pg_stat_activity.wait_event` names them).
    static func waitForSessionsWaitingOnALock(_ count: Int, url: String, database: String, event: String? = nil) throws {
        let deadline = Date().addingTimeInterval(20)
        let filter = event.map { " AND wait_event = '\($0)'" } ?? ""
        while Date() < deadline {
            let waiting = try PostgresTestServer.rows("""
                SELECT COUNT(*)::text FROM pg_stat_activity WHERE datname = '\(database)' AND wait_event_type = 'Lock'\(filter)
                """, url: url)
            if Int(waiting.first?.first??.description ?? "") == count { return }
            Thread.sleep(forTimeInterval: 0.02)
        }
        throw Interop.Failure(description: "\(count) sessions never waited for a lock\(event.map { " (\($0))" } ?? "")")
    }
}

/// The tenants' app booking a slot on its own connection, step by step so a test can interleave
/// it with an import: the protocol of docs/design.md ("Locks") is `lock()` before
/// `insertIfFree()`, in one READ COMMITTED transaction.
final class SimulatedBooking {
    let connection: PostgresConnection
    let slot: SlotKey
    let residentID: RowID

    init(url: String, slot: SlotKey, residentID: RowID) throws {
        connection = try PostgresTestServer.connect(url)
        self.slot = slot
        self.residentID = residentID
        try PostgresTestServer.run("BEGIN ISOLATION LEVEL READ COMMITTED", on: connection)
    }

    deinit { try? connection.close().wait() }

    /// The slot's lock, as the design gives it: `pg_advisory_xact_lock(YYYYMMDD, daypart id)`.
    func lock() throws {
        try PostgresTestServer.run("SELECT pg_advisory_xact_lock(\(slot.date.lockKey), \(slot.daypartID))", on: connection)
    }

    /// Books the slot if it has a free place (capacity above the requests holding it), and commits.
    /// Returns whether it booked.
    func insertIfFree() throws -> Bool {
        let date = slot.date.iso, daypart = slot.daypartID
        let rows = try PostgresTestServer.run("""
            INSERT INTO repair_request (resident_id, description, status, slot_date, daypart_id, created_at, updated_at)
            SELECT \(residentID), 'booked by the app', 'new', '\(date)', \(daypart), '2026-12-01T09:00:00Z', '2026-12-01T09:00:00Z'
            WHERE (SELECT COUNT(*) FROM availability WHERE date = '\(date)' AND daypart_id = \(daypart))
                > (SELECT COUNT(*) FROM repair_request WHERE slot_date = '\(date)' AND daypart_id = \(daypart)
                   AND status IN ('new', 'approved'))
            RETURNING id::text
            """, on: connection)
        try PostgresTestServer.run("COMMIT", on: connection)
        return !rows.isEmpty
    }
}

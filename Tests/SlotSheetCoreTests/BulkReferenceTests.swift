import Foundation
import InteropSupport
import Testing
@testable import SlotSheetCore

/// The foreign keys of the bulk writes (an apply's availability rows and change log) hold as
/// before on both backends, though PostgreSQL checks them once a statement where the role may
/// (`PostgresSQLConnection.execute(_:forRows:)`): a missing staff member, daypart or batch is
/// refused with nothing written, the rest of the transaction is checked row by row again, a
/// referred row cannot be deleted while the writer's transaction is open nor afterwards, and a
/// role that may not set `session_replication_role` writes through the row checks.
@Suite struct BulkReferenceTests {
    private let day = LocalDate(iso: "2026-12-08")!

    /// A database with one daypart and two staff members: their ids.
    private func database(_ backend: Backend) throws -> (TestDatabase, daypart: RowID, staff: [RowID]) {
        let database = try TestDatabase(backend)
        let (daypart, staff) = try database.store.write { session in
            (try session.upsertDaypart(Daypart(code: "D09", label: "09:00-10:00", startsAt: "09:00", endsAt: "10:00", sortOrder: 1)),
             [try session.upsertStaff(StaffMember(code: "ABC", employeeNumber: "E1", name: "Anna")),
              try session.upsertStaff(StaffMember(code: "DEF", employeeNumber: "E2", name: "Daan"))])
        }
        return (database, daypart, staff)
    }

    private func batch() -> ImportBatch {
        ImportBatch(fileName: "f.csv", sha256: "0", operatorName: "test", createdAt: "2026-12-01T10:00:00Z", range: nil,
                    added: 1, removed: 0, unchanged: 0, outcome: .applied, problems: 0)
    }

    private func change(_ key: AvailabilityKey) -> AvailabilityChange {
        AvailabilityChange(key: key, available: true, staffCode: "ABC", daypartCode: "D09")
    }

    private func isConstraintViolation(_ error: StoreError?) -> Bool {
        if case .constraintViolated = error { return true }
        return false
    }

    @Test(arguments: Backend.available) func aBulkWriteReferringToAMissingRowIsRefusedWithNothingWritten(_ backend: Backend) throws {
        let (database, daypart, staff) = try database(backend)
        let before = try database.dump()
        let writes: [(String, (any StoreSession) throws -> Void)] = [
            ("staff", { try $0.addAvailability([AvailabilityKey(date: day, daypartID: daypart, staffID: staff[0]),
                                                 AvailabilityKey(date: day, daypartID: daypart, staffID: 999)]) }),
            ("daypart", { try $0.addAvailability([AvailabilityKey(date: day, daypartID: 999, staffID: staff[1])]) }),
            ("batch", { try $0.recordAvailabilityChanges(batchID: 999, [change(AvailabilityKey(date: day, daypartID: daypart, staffID: staff[0]))]) }),
            ("change's staff", { session in
                let batchID = try session.insertImportBatch(batch())
                try session.recordAvailabilityChanges(batchID: batchID, [change(AvailabilityKey(date: day, daypartID: daypart, staffID: 999))])
            }),
        ]
        for (missing, write) in writes {
            let error = #expect(throws: StoreError.self, "missing \(missing)") { try database.store.writeTakingLocks(write) }
            #expect(isConstraintViolation(error), "missing \(missing): \(String(describing: error))")
            if backend == .postgres { #expect("\(String(describing: error))".contains("foreign key"), "\(String(describing: error))") }
        }
        #expect(try database.dump() == before)
    }

    @Test(arguments: Backend.available) func theRestOfTheTransactionIsCheckedRowByRowAgain(_ backend: Backend) throws {
        let (database, daypart, staff) = try database(backend)
        let error = #expect(throws: StoreError.self) {
            try database.store.writeTakingLocks { session in
                try session.addAvailability([AvailabilityKey(date: day, daypartID: daypart, staffID: staff[0])])
                try (session as! any RawSQLSession).executeRaw(
                    "INSERT INTO availability (date, daypart_id, staff_id) VALUES ('2026-12-09', \(daypart), 999)")
            }
        }
        #expect(isConstraintViolation(error), "\(String(describing: error))")
        #expect(try database.integer("SELECT COUNT(*) FROM availability") == 0)
    }

    /// An apply adds the cells it read as not available with a plain INSERT: one that is available
    /// after all is refused with the transaction, never skipped as seeding's `addAvailability` does.
    @Test(arguments: Backend.available) func anAbsentCellThatIsAvailableAfterAllIsRefused(_ backend: Backend) throws {
        let (database, daypart, staff) = try database(backend)
        let cell = AvailabilityKey(date: day, daypartID: daypart, staffID: staff[0])
        try database.store.writeTakingLocks { try $0.addAbsentAvailability([cell]) }
        try database.store.writeTakingLocks { try $0.addAvailability([cell]) }
        let error = #expect(throws: StoreError.self) {
            try database.store.writeTakingLocks { try $0.addAbsentAvailability([AvailabilityKey(date: day, daypartID: daypart, staffID: staff[1]), cell]) }
        }
        #expect(isConstraintViolation(error), "\(String(describing: error))")
        #expect(try database.integer("SELECT COUNT(*) FROM availability") == 1)
    }

    /// A repair request in the daypart, for the status log and the notices to refer to.
    private func request(_ database: TestDatabase, daypart: RowID) throws -> RowID {
        try database.store.write { session in
            let corporation = try session.upsertCorporation(name: "Woonstede")
            let resident = try session.upsertResident(Resident(name: "Emma de Vries", email: "emma@example.nl", phone: nil, postcode: "6811 AB",
                                                               houseNumber: "1", street: "Markt", city: "Arnhem", corporationID: corporation))
            try session.upsertRequest(RepairRequest(
                id: 1001, residentID: resident, description: "Leaking tap", photoPath: nil, status: .new, slotDate: day, daypartID: daypart,
                staffID: nil, subcontractorID: nil, createdAt: "2026-11-20T09:00:00Z", updatedAt: "2026-11-20T09:00:00Z", defectIDs: []))
            return 1001
        }
    }

    private func logEntry(request: RowID, daypart: RowID, staff: RowID?) -> RequestLogEntry {
        RequestLogEntry(requestID: request, fromStatus: .new, toStatus: .approved, slotBefore: SlotKey(date: day, daypartID: daypart),
                        slotAfter: SlotKey(date: day, daypartID: daypart), staffBefore: nil, staffAfter: staff, subcontractorBefore: nil,
                        subcontractorAfter: nil, note: nil, operatorName: "test", channel: .file, batchID: nil, createdAt: "2026-12-01T10:00:00Z")
    }

    private func notice(request: RowID, daypart: RowID?) -> NewNotice {
        NewNotice(requestID: request, batchID: nil, kind: .approved, recipient: "emma@example.nl", recipientName: "Emma de Vries", language: .en,
                  subject: "Your repair visit", text: "We come on 8 December.", calendar: nil, calendarSequence: 0, nextAttemptMS: 0,
                  createdAt: "2026-12-01T10:00:00Z", correctsNoticeID: nil, slot: daypart.map { NoticeSlot(date: day, daypartID: $0) })
    }

    /// The status log's and the outbox's bulk inserts keep their foreign keys too (PostgreSQL
    /// checks them once a statement there as well: the log's append-only trigger fires on UPDATE
    /// and DELETE only): a missing request, daypart, staff member or corrected notice is refused
    /// with nothing written; the rows that refer to what exists go in, each notice with the
    /// Message-ID made from its id.
    @Test(arguments: Backend.available) func theStatusLogAndTheNoticesReferringToAMissingRowAreRefused(_ backend: Backend) throws {
        let (database, daypart, staff) = try database(backend)
        let request = try request(database, daypart: daypart)
        let before = try database.dump()
        var corrects = notice(request: request, daypart: daypart)
        corrects.correctsNoticeID = 999
        let writes: [(String, (any StoreSession) throws -> Void)] = [
            ("log's request", { try $0.appendStatusLog([self.logEntry(request: request, daypart: daypart, staff: nil),
                                                        self.logEntry(request: 999, daypart: daypart, staff: nil)]) }),
            ("log's daypart", { try $0.appendStatusLog([self.logEntry(request: request, daypart: 999, staff: nil)]) }),
            ("log's staff", { try $0.appendStatusLog([self.logEntry(request: request, daypart: daypart, staff: 999)]) }),
            ("notice's request", { _ = try $0.insertNotices([self.notice(request: 999, daypart: daypart)], messageDomain: "example.org") }),
            ("notice's daypart", { _ = try $0.insertNotices([self.notice(request: request, daypart: 999)], messageDomain: "example.org") }),
            ("corrected notice", { _ = try $0.insertNotices([corrects], messageDomain: "example.org") }),
        ]
        for (missing, write) in writes {
            let error = #expect(throws: StoreError.self, "missing \(missing)") { try database.store.writeTakingLocks(write) }
            #expect(isConstraintViolation(error), "missing \(missing): \(String(describing: error))")
            if backend == .postgres { #expect("\(String(describing: error))".contains("foreign key"), "\(String(describing: error))") }
        }
        #expect(try database.dump() == before)

        let ids = try database.store.writeTakingLocks { session in
            try session.appendStatusLog([logEntry(request: request, daypart: daypart, staff: staff[0])])
            return try session.insertNotices([notice(request: request, daypart: daypart), notice(request: request, daypart: nil)],
                                             messageDomain: "example.org")
        }
        #expect(ids.count == 2 && ids[0] < ids[1], "\(ids)")
        let stored = try database.store.read { session in try ids.map { try session.notice(id: $0) } }
        #expect(stored.map { $0?.messageID } == ids.map { "notice-\($0)@example.org" })
        #expect(stored.map { $0?.slot?.daypartID } == [daypart, nil])
        #expect(try database.integer("SELECT COUNT(*) FROM request_status_log WHERE staff_id_after = \(staff[0])") == 1)
    }

    /// The locks the statement's check takes: another program's delete of a referred person waits
    /// for the writer (here: past its lock timeout), and once the rows are committed the server's
    /// own foreign key refuses it. The check did run once for the statement and turned the row
    /// checks off (the server counted the row it returns then).
    @Test(.enabled(if: Backend.available.contains(.postgres)))
    func aReferredRowCannotBeDeletedWhileTheWriterRunsNorAfter() throws {
        let (database, daypart, staff) = try database(.postgres)
        _ = try PostgresTestServer.rows("CREATE EXTENSION IF NOT EXISTS pg_stat_statements", url: database.location)
        let other = try PostgresStore(url: database.location, busyTimeout: 0.3)
        let delete: (any StoreSession) throws -> Void = { try ($0 as! any RawSQLSession).executeRaw("DELETE FROM staff WHERE id = \(staff[0])") }
        try database.store.writeTakingLocks { session in
            try session.addAvailability([AvailabilityKey(date: day, daypartID: daypart, staffID: staff[0])])
            let waited = #expect(throws: StoreError.self) { try other.write(delete) }
            #expect(waited == .busy(seconds: 0.3), "\(String(describing: waited))")
        }
        let refused = #expect(throws: StoreError.self) { try other.write(delete) }
        #expect(isConstraintViolation(refused), "\(String(describing: refused))")
        #expect(try database.integer("SELECT COUNT(*) FROM staff") == 2)
        let checks = try database.integer("""
            SELECT COALESCE(SUM(rows), 0) FROM pg_stat_statements WHERE query LIKE '%FOR KEY SHARE%' \
            AND dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
            """)
        #expect(checks >= 1)
    }

    /// A role that is neither a superuser nor granted `SET` on `session_replication_role` writes
    /// the same rows through the server's row checks, and is refused the same way.
    @Test(.enabled(if: Backend.available.contains(.postgres)))
    func aRoleThatMayNotTurnOffRowChecksWritesThroughThem() throws {
        let (database, daypart, staff) = try database(.postgres)
        let role = "plain_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(12).lowercased()
        for statement in ["CREATE ROLE \(role) LOGIN", "GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO \(role)",
                          "GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO \(role)"] {
            _ = try PostgresTestServer.rows(statement, url: database.location)
        }
        defer {
            _ = try? PostgresTestServer.rows("DROP OWNED BY \(role)", url: database.location)
            _ = try? PostgresTestServer.rows("DROP ROLE \(role)", url: database.location)
        }
        let plain = try PostgresStore(url: database.location.replacingOccurrences(of: "//slotsheet@", with: "//\(role)@"))
        let keys = staff.map { AvailabilityKey(date: day, daypartID: daypart, staffID: $0) }
        let refused = #expect(throws: StoreError.self) {
            try plain.writeTakingLocks { try $0.addAvailability(keys + [AvailabilityKey(date: day, daypartID: daypart, staffID: 999)]) }
        }
        #expect(isConstraintViolation(refused), "\(String(describing: refused))")
        try plain.writeTakingLocks { session in
            try session.addAvailability(keys)
            try session.recordAvailabilityChanges(batchID: try session.insertImportBatch(batch()), keys.map(change))
        }
        #expect(try database.integer("SELECT COUNT(*) FROM availability") == 2)
        #expect(try database.integer("SELECT COUNT(*) FROM availability_change") == 2)
    }

    /// An office's own trigger on a table the apply writes (an audit log, say) fires for every row
    /// as before: replica mode would skip it, so the statement is left to the row checks.
    @Test(.enabled(if: Backend.available.contains(.postgres)))
    func anOfficesOwnTriggerOnTheWrittenTableStillFires() throws {
        let (database, daypart, staff) = try database(.postgres)
        for statement in [
            "CREATE TABLE availability_audit (staff_id bigint NOT NULL)",
            "CREATE FUNCTION audit_availability() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN INSERT INTO availability_audit VALUES (NEW.staff_id); RETURN NEW; END $$",
            "CREATE TRIGGER availability_audited AFTER INSERT ON availability FOR EACH ROW EXECUTE FUNCTION audit_availability()",
        ] { _ = try PostgresTestServer.rows(statement, url: database.location) }
        try database.store.writeTakingLocks { session in
            try session.addAvailability(staff.map { AvailabilityKey(date: day, daypartID: daypart, staffID: $0) })
        }
        #expect(try database.integer("SELECT COUNT(*) FROM availability_audit") == 2, "the office's trigger saw both rows")
    }
}

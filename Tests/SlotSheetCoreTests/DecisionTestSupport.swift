import Foundation
import Testing
@testable import SlotSheetCore
import SlotSheetTemplates

/// A small database whose every slot and request a decisions test knows, on Tuesday 1 December
/// 2026 (`OfficeClock.testDay`): dayparts D09 (09:00-10:00), D10 (10:00-11:00) and OLD
/// (inactive); staff ANB, BRW, CHP and OUT (inactive); one subcontractor.
///
/// | slot | staff available | requests held |
/// |---|---|---|
/// | Tue 8 Dec D09 | ANB, BRW | 1001, 1002 (new) |
/// | Tue 8 Dec D10 | ANB | 1003 (new); 1005 cancelled there |
/// | Wed 9 Dec D09 | CHP | 1004 (approved, CHP) |
/// | Wed 9 Dec D10 | nobody | 1008 cancelled there |
/// | Thu 10 Dec D09 | ANB, BRW, CHP | none: the free slot |
/// | Fri 11 Dec D09 | ANB, BRW, CHP | 1011, 1012, 1013 (new) |
/// | Fri 11 Dec D10 | ANB, BRW | 1014, 1015 (new) |
///
/// and in the past: 1006 completed, 1007 archived (its log does not say what it was before),
/// 1009 cancelled, 1010 archived (before: cancelled). Each request's log ends in its state.
struct DecisionFixture {
    let database: TestDatabase
    let clock = OfficeClock.testDay
    var store: any RepairStore { database.store }
    var rules: OfficeRules { clock.standardRules }
    let day = { (offset: Int) in OfficeClock.testDay.today.adding(days: offset) }

    static let subcontractor = "Loodgieter Öztürk & Zn."

    init(_ backend: Backend) throws {
        database = try TestDatabase(backend)
        let today = clock.today
        try database.store.write { session in
            let corporation = try session.upsertCorporation(name: "Woonstede")
            let resident = try session.upsertResident(Resident(name: "Emma de Vries", email: "emma@example.nl", phone: nil, postcode: "6811 AB",
                                                               houseNumber: "12", street: "Steenstraat", city: "Arnhem", corporationID: corporation))
            let d09 = try session.upsertDaypart(Daypart(code: "D09", label: "09:00-10:00", startsAt: "09:00", endsAt: "10:00", sortOrder: 1))
            let d10 = try session.upsertDaypart(Daypart(code: "D10", label: "10:00-11:00", startsAt: "10:00", endsAt: "11:00", sortOrder: 2))
            _ = try session.upsertDaypart(Daypart(code: "OLD", label: "07:00-08:00", startsAt: "07:00", endsAt: "08:00", sortOrder: 0, active: false))
            var staff: [String: RowID] = [:]
            for (index, code) in ["ANB", "BRW", "CHP", "OUT"].enumerated() {
                staff[code] = try session.upsertStaff(StaffMember(code: code, employeeNumber: "E\(index)", name: "Person \(code)", active: code != "OUT"))
            }
            _ = try session.upsertSubcontractor(Subcontractor(name: DecisionFixture.subcontractor))
            let available: [(Int, RowID, [String])] = [
                (7, d09, ["ANB", "BRW"]), (7, d10, ["ANB"]), (8, d09, ["CHP"]), (9, d09, ["ANB", "BRW", "CHP"]), (10, d09, ["ANB", "BRW", "CHP"]), (10, d10, ["ANB", "BRW"]),
            ]
            try session.addAvailability(available.flatMap { offset, daypart, codes in
                codes.map { AvailabilityKey(date: today.adding(days: offset), daypartID: daypart, staffID: staff[$0]!) }
            })
            let requests: [(RowID, RequestStatus, Int, RowID, String?)] = [
                (1001, .new, 7, d09, nil), (1002, .new, 7, d09, nil), (1003, .new, 7, d10, nil), (1004, .approved, 8, d09, "CHP"),
                (1005, .cancelled, 7, d10, nil), (1006, .completed, -11, d09, "ANB"), (1007, .archived, -11, d09, nil),
                (1008, .cancelled, 8, d10, nil), (1009, .cancelled, -6, d09, nil), (1010, .archived, -11, d10, nil),
                (1011, .new, 10, d09, nil), (1012, .new, 10, d09, nil), (1013, .new, 10, d09, nil), (1014, .new, 10, d10, nil), (1015, .new, 10, d10, nil),
            ]
            for (id, status, offset, daypart, code) in requests {
                try session.upsertRequest(RepairRequest(
                    id: id, residentID: resident, description: id == 1001 ? "=HYPERLINK(\"http://evil\")" : "Leaking tap \(id)", photoPath: nil,
                    status: status, slotDate: today.adding(days: offset), daypartID: daypart, staffID: code.map { staff[$0]! }, subcontractorID: nil,
                    createdAt: "2026-11-20T09:00:00Z", updatedAt: "2026-11-20T09:00:00Z", defectIDs: []))
            }
            try session.logRequestsTheLogDoesNotMatch(operatorName: "seed", channel: .seed)
            // 1010 was cancelled before it was archived.
            let slot = SlotKey(date: today.adding(days: -11), daypartID: d10)
            try session.appendStatusLog([RequestLogEntry(requestID: 1010, fromStatus: .cancelled, toStatus: .archived, slotBefore: slot, slotAfter: slot,
                                                         staffBefore: nil, staffAfter: nil, subcontractorBefore: nil, subcontractorAfter: nil, note: nil,
                                                         operatorName: "seed", channel: .seed, batchID: nil, createdAt: "2026-11-21T09:00:00Z")])
        }
    }

    /// The queue as `requests export` writes it, read back as rows of fields (the header first).
    func export(_ order: RequestQueueOrder = RequestQueueOrder(), language: Language = .en) throws -> [[String]] {
        let path = database.folder.appending(path: "\(UUID().uuidString.prefix(6))-requests.csv").path
        _ = try RequestQueueExporter(store: store, rules: rules).exportCSV(try order.filter(clock), to: path, language: language)
        var reader = try CSVReader(path: path)
        var rows: [[String]] = []
        while let record = try reader.next() { rows.append(record.fields) }
        return rows
    }

    /// `rows` (the header first) as a CSV file.
    func csv(_ rows: [[String]]) throws -> String {
        var writer = CSVWriter(neutralizeFormulas: true)
        for row in rows { writer.write(row) }
        let path = database.folder.appending(path: "\(UUID().uuidString.prefix(6))-decisions.csv").path
        try writer.text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Runs a decisions file.
    func run(_ path: String, dryRun: Bool = false, force: Bool = false, on store: (any RepairStore)? = nil) throws -> DecisionOutcome {
        let job = RequestDecisionJob(store: store ?? self.store, rules: rules, notices: .forTests)
        return try job.run(try job.read(path: path), DecisionRequest(dryRun: dryRun, operatorName: "maria", force: force))
    }

    /// A request's status in the database.
    func status(_ id: RowID) throws -> String {
        try database.strings("SELECT status FROM repair_request WHERE id = \(id)").first ?? ""
    }

    /// Requests whose status is not their log's last row: none, always.
    func requestsOutOfStepWithTheirLog() throws -> Int {
        try database.integer("""
            SELECT COUNT(*) FROM repair_request r WHERE r.status <> (SELECT l.to_status FROM request_status_log l \
            WHERE l.request_id = r.id ORDER BY l.id DESC LIMIT 1) OR NOT EXISTS (SELECT 1 FROM request_status_log l WHERE l.request_id = r.id)
            """)
    }

    /// Slots holding more requests than staff available.
    func overbookedSlots() throws -> Int {
        try database.integer("""
            SELECT COUNT(*) FROM (SELECT r.slot_date, r.daypart_id, COUNT(*) AS held FROM repair_request r \
            WHERE r.status IN ('new', 'approved') GROUP BY r.slot_date, r.daypart_id) h \
            WHERE h.held > (SELECT COUNT(*) FROM availability a WHERE a.date = h.slot_date AND a.daypart_id = h.daypart_id)
            """)
    }
}

/// A table of exported rows, edited by column name and request number.
struct DecisionRows {
    var rows: [[String]]

    init(_ rows: [[String]]) { self.rows = rows }

    private func column(_ name: RequestColumn) -> Int {
        rows[0].firstIndex { $0 == name.english || $0 == name.dutch }!
    }

    /// Sets a field of the row of request `id`.
    mutating func set(_ id: RowID, _ name: RequestColumn, _ value: String) {
        let index = column(name)
        for row in rows.indices.dropFirst() where rows[row][0] == String(id) { rows[row][index] = value }
    }

    func value(_ id: RowID, _ name: RequestColumn) -> String? {
        rows.dropFirst().first { $0[0] == String(id) }?[column(name)]
    }

    /// The line of request `id` in the file (the header is line 1).
    func line(_ id: RowID) -> Int { (rows.firstIndex { $0[0] == String(id) } ?? -1) + 1 }

    /// What each row says about its request, as a workbook's snapshot records it.
    var recorded: [RowID: RecordedRequest] {
        Dictionary(uniqueKeysWithValues: rows.dropFirst().map { row in
            let value = { (name: RequestColumn) in row[column(name)] }
            return (RowID(row[0])!, RecordedRequest(status: RequestStatus(word: value(.status))!, date: LocalDate(iso: value(.date))!,
                                                     daypartCode: value(.daypart), staffCode: value(.staff).isEmpty ? nil : value(.staff),
                                                     subcontractor: value(.subcontractor).isEmpty ? nil : value(.subcontractor)))
        })
    }
}

extension NoticeOffice {
    /// The office of the tests' notices: English, Amsterdam time, the test domain.
    static let forTests = NoticeOffice(timeZone: TimeZone(identifier: "Europe/Amsterdam")!, language: .en, domain: "repairs.example",
                                       from: "office@repairs.example")
}

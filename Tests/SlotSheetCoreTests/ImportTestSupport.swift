import Foundation
@testable import SlotSheetCore

/// A sample database on Tuesday 1 December 2026 and the facts import tests need from it.
final class ImportFixture {
    let database: TestDatabase
    let clock = OfficeClock.testDay
    var store: any RepairStore { database.store }

    init(_ backend: Backend = .sqlite) throws {
        database = try TestDatabase(backend)
        _ = try Seeder.load(try SampleDataset(clock: clock), into: database.store)
    }

    var today: LocalDate { clock.today }

    func dayparts() throws -> [Identified<Daypart>] { try store.read { try $0.dayparts() } }
    func staff() throws -> [Identified<StaffMember>] { try store.read { try $0.staff() } }

    /// Every availability row as "date daypart staff", to compare databases.
    func availability() throws -> Set<String> {
        let codes = Dictionary(uniqueKeysWithValues: try staff().map { ($0.id, $0.code) })
        let parts = Dictionary(uniqueKeysWithValues: try dayparts().map { ($0.id, $0.code) })
        let range = DateRange(from: LocalDate(iso: "2026-11-01")!, to: LocalDate(iso: "2027-01-31")!)!
        var rows = Set<String>()
        try store.read { session in
            try session.walkSchedule(range) { day in
                for (daypart, staff) in day.available {
                    for id in staff { rows.insert("\(day.date.iso) \(parts[daypart]!) \(codes[id]!)") }
                }
            }
        }
        return rows
    }

    /// A future slot that is exactly full and has someone available to remove.
    func fullSlot(after date: LocalDate) throws -> (date: LocalDate, daypart: Identified<Daypart>, available: [String], held: Int)? {
        let range = DateRange(from: date, to: date.adding(days: 30))!
        let occupancy = try store.read { try $0.slotOccupancy(in: range) }
        let dayparts = try dayparts()
        let codes = Dictionary(uniqueKeysWithValues: try staff().map { ($0.id, $0.code) })
        for (slot, value) in occupancy.sorted(by: { ($0.key.date, $0.key.daypartID) < ($1.key.date, $1.key.daypartID) })
        where value.held > 0 && value.held == value.capacity {
            let available = try store.read { try $0.availability(on: slot.date) }.filter { $0.daypartID == slot.daypartID }.map { codes[$0.staffID]! }
            return (slot.date, dayparts.first { $0.id == slot.daypartID }!, available.sorted(), value.held)
        }
        return nil
    }

    /// A future held request with someone assigned, in a slot with spare capacity.
    func assignedVisit(after date: LocalDate) throws -> (date: LocalDate, daypart: Identified<Daypart>, staff: String, request: RowID)? {
        let dayparts = try dayparts()
        let codes = Dictionary(uniqueKeysWithValues: try staff().map { ($0.id, $0.code) })
        for offset in 0..<30 {
            let day = date.adding(days: offset)
            let schedule = try store.read { try $0.daySchedule(on: day) }
            for (daypartID, demand) in schedule.demand {
                if let assignment = demand.assignments.first, schedule.availableStaff(daypartID: daypartID).count > demand.held {
                    return (day, dayparts.first { $0.id == daypartID }!, codes[assignment.staffID]!, assignment.requestID)
                }
            }
        }
        return nil
    }

    /// A CSV file in a temporary folder.
    func csv(_ lines: [String]) throws -> String {
        let path = database.folder.appending(path: "import-\(UUID().uuidString.prefix(6)).csv").path
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func parseCSV(_ lines: [String]) throws -> ParsedSheet {
        try ImportFileReader.parse(path: try csv(lines))
    }

    func run(_ parsed: ParsedSheet, dryRun: Bool = false) throws -> ImportOutcome {
        try ImportJob(store: store, rules: clock.standardRules).run(parsed, ImportRequest(dryRun: dryRun, operatorName: "test"))
    }
}

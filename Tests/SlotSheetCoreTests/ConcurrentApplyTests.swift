import Foundation
import InteropSupport
import Testing
@testable import SlotSheetCore

/// Many offices applying at once, each from its own connection (as 20 `slotsheet import` processes
/// or 20 web clients do): writers of different staff never refuse each other, and writers that
/// compete for the last free places of one slot are applied exactly while the slot keeps a place
/// for every request it holds; the others are refused with the capacity message.
@Suite(.serialized)
struct ConcurrentApplyTests {
    static let writers = 20

    /// The sample database with `count` extra staff `LK01`, `LK02`, ... (active, available nowhere).
    private func fixture(_ backend: Backend, extraStaff count: Int) throws -> (ImportFixture, [String]) {
        let fixture = try ImportFixture(backend)
        let codes = (1...count).map { String(format: "LK%02d", $0) }
        try fixture.store.write { session in
            for code in codes {
                _ = try session.upsertStaff(StaffMember(code: code, employeeNumber: "E-\(code)", name: "Lock test \(code)"))
            }
        }
        return (fixture, codes)
    }

    /// A store of its own on the database at `location`, as another process would open it.
    static func open(_ location: String) throws -> any RepairStore {
        switch try StoreLocation(parsing: location) {
        case let .sqlite(path): return try SQLiteStore(path: path)
        case let .postgres(url): return try PostgresStore(url: url)
        }
    }

    /// Runs `work(index)` on `count` threads started together, each with a store of its own.
    func concurrently<T: Sendable>(_ count: Int, location: String,
                                           _ work: @escaping @Sendable (Int, any RepairStore) throws -> T) -> [Result<T, any Error>] {
        let results = Results<T>()
        let start = DispatchSemaphore(value: 0)
        let group = DispatchGroup()
        for index in 0..<count {
            DispatchQueue.global().async(group: group) {
                let store = Result { try ConcurrentApplyTests.open(location) }
                start.wait()
                results.record(index, Result { try work(index, try store.get()) })
            }
        }
        for _ in 0..<count { start.signal() }
        group.wait()
        return results.all
    }

    @Test(arguments: Backend.available)
    func writersOfDisjointStaffOnTheSameDatesAreAllApplied(_ backend: Backend) throws {
        let (fixture, codes) = try fixture(backend, extraStaff: 2 * ConcurrentApplyTests.writers)
        let dates = (7..<35).map { fixture.today.adding(days: $0) }
        let dayparts = try fixture.dayparts().map(\.code)
        // Writer i: its two people available in every slot of four weeks.
        let files = try (0..<ConcurrentApplyTests.writers).map { writer in
            try fixture.parseCSV(["date,daypart,staff,available"] + dates.flatMap { date in
                dayparts.flatMap { daypart in codes[(2 * writer)..<(2 * writer + 2)].map { "\(date.iso),\(daypart),\($0),x" } }
            })
        }
        let rules = fixture.clock.standardRules
        let outcomes = concurrently(files.count, location: fixture.database.location) { index, store in
            try ImportJob(store: store, rules: rules).run(files[index], ImportRequest(operatorName: "office \(index)")).status
        }
        let statuses = try outcomes.map { try $0.get() }
        let applied = statuses.filter { if case .applied = $0 { true } else { false } }
        #expect(applied.count == files.count, "every writer applied, none refused: \(statuses)")
        let cells = dates.count * dayparts.count * 2
        let added = try fixture.database.integer("SELECT COUNT(*) FROM availability a JOIN staff s ON s.id = a.staff_id WHERE s.code LIKE 'LK%'")
        #expect(added == files.count * cells)
        #expect(try fixture.database.integer("SELECT COUNT(*) FROM availability_change") == files.count * cells)
    }

    @Test(arguments: Backend.available)
    func writersTakingTheLastFreePlacesOfOneSlotAreAppliedOnlyWhileTheyLast(_ backend: Backend) throws {
        let (fixture, codes) = try fixture(backend, extraStaff: ConcurrentApplyTests.writers)
        let free = 3
        let slot = try slotWithFreePlaces(free, available: codes, fixture)
        // Writer i: takes LKi out of the slot.
        let files = try codes.map { try fixture.parseCSV(["date,daypart,staff,available", "\(slot.date.iso),D13,\($0),no"]) }
        let rules = fixture.clock.standardRules
        let outcomes = concurrently(files.count, location: fixture.database.location) { index, store in
            try ImportJob(store: store, rules: rules).run(files[index], ImportRequest(operatorName: "office \(index)"))
        }
        let results = try outcomes.map { try $0.get() }
        let applied = results.filter { if case .applied = $0.status { true } else { false } }
        let refused = results.filter { $0.status == .rejected }
        #expect(applied.count == free, "exactly the writers that leave a place for every request: \(results.map(\.status))")
        #expect(refused.count == files.count - free)
        for outcome in refused {
            #expect(outcome.problems.map(\.kind) == [.capacityBelowHeld(held: slot.held, available: slot.held - 1)],
                    "refused with the capacity message: \(outcome.problems)")
        }
        let occupancy = try #require(try fixture.store.read { try $0.slotOccupancy(in: DateRange(from: slot.date, to: slot.date)!) }[slot.key])
        #expect(occupancy.capacity == slot.held && occupancy.held == slot.held, "the slot is exactly full: \(occupancy)")
    }

    /// A future D13 slot where `available` (and the sample's staff) are available, made to hold
    /// requests up to `free` places short of its capacity.
    private func slotWithFreePlaces(_ free: Int, available codes: [String], _ fixture: ImportFixture) throws
        -> (key: SlotKey, date: LocalDate, held: Int) {
        let date = fixture.today.adding(days: 10)
        let daypart = try #require(try fixture.dayparts().first { $0.code == "D13" })
        let staff = Dictionary(uniqueKeysWithValues: try fixture.staff().map { ($0.code, $0.id) })
        let key = SlotKey(date: date, daypartID: daypart.id)
        try fixture.store.write { session in
            try session.addAvailability(codes.map { AvailabilityKey(date: date, daypartID: daypart.id, staffID: staff[$0]!) })
        }
        let before = try #require(try fixture.store.read { try $0.slotOccupancy(in: DateRange(from: date, to: date)!) }[key])
        let resident = try fixture.database.integer("SELECT MIN(id) FROM resident")
        let firstID = try fixture.database.integer("SELECT MAX(id) FROM repair_request") + 1
        let added = before.capacity - free - before.held
        try fixture.store.write { session in
            for offset in 0..<added {
                try session.upsertRequest(RepairRequest(
                    id: RowID(firstID + offset), residentID: RowID(resident), description: "Lock test", photoPath: nil, status: .new,
                    slotDate: date, daypartID: daypart.id, staffID: nil, subcontractorID: nil,
                    createdAt: "2026-11-30T09:00:00Z", updatedAt: "2026-11-30T09:00:00Z", defectIDs: []))
            }
            try session.continueKeysAfterExplicitIDs()
        }
        return (key, date, before.capacity - free)
    }
}

/// Results handed from the writing threads to the test, by writer.
final class Results<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Int: Result<T, any Error>] = [:]

    func record(_ index: Int, _ result: Result<T, any Error>) {
        lock.withLock { results[index] = result }
    }

    var all: [Result<T, any Error>] {
        lock.withLock { results.keys.sorted().map { results[$0]! } }
    }
}

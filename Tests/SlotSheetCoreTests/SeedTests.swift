import Foundation
import GRDB
import Testing
@testable import SlotSheetCore

@Suite struct SampleSeedTests {
    @Test(arguments: Backend.available) func seedingTwiceLeavesTheSameDatabase(_ backend: Backend) throws {
        let database = try TestDatabase(backend)
        let first = try Seeder.load(try SampleDataset(clock: .testDay), into: database.store)
        let afterFirst = try database.dump()
        _ = try Seeder.load(try SampleDataset(clock: .testDay), into: database.store)
        #expect(try database.dump() == afterFirst)
        #expect(first.requests >= 400)
    }

    @Test func theSamplesHoldWhatTheIssueAsksFor() throws {
        let database = try TestDatabase()
        _ = try Seeder.load(try SampleDataset(clock: .testDay), into: database.store)
        let counts = Dictionary(uniqueKeysWithValues: try database.store.read { try $0.tableCounts() }.map { ($0.table, $0.rows) })
        #expect(counts["housing_corporation"] == 2)
        #expect(counts["resident"]! >= 150)
        #expect(counts["location"]! >= 4)
        #expect(counts["defect"]! >= 40)
        #expect(counts["daypart"] == 6)
        #expect(counts["staff"]! >= 30)
        #expect(counts["repair_request"]! >= 400)

        try database.rawConnection().read { db in
            #expect(try String.fetchAll(db, sql: "SELECT DISTINCT status FROM repair_request ORDER BY status")
                    == RequestStatus.allCases.map(\.rawValue).sorted())
            #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM daypart WHERE starts_at = '09:00' AND ends_at = '10:00'") == 1)
            let names = try String.fetchAll(db, sql: "SELECT name FROM staff")
            #expect(names.contains { $0.unicodeScalars.contains { !$0.isASCII } })
            let severalDefects = try Int.fetchOne(db, sql: """
                SELECT COUNT(*) FROM (SELECT request_id FROM repair_request_defect GROUP BY request_id HAVING COUNT(*) > 1)
                """)
            #expect(severalDefects! > 0)
            #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM repair_request WHERE staff_id IS NOT NULL")! > 0)
            let span = try Row.fetchOne(db, sql: "SELECT MIN(date), MAX(date) FROM availability")!
            // Monday of the week before last to the Saturday five weeks on: nobody works Sundays.
            let first = LocalDate(iso: span[0] as String)!, last = LocalDate(iso: span[1] as String)!
            #expect(first.weekday == .monday && last.weekday == .saturday)
            #expect(first.days(to: last) + 1 == 41, "six weeks of availability")
            let postcodes = try String.fetchAll(db, sql: "SELECT postcode FROM resident")
            #expect(postcodes.allSatisfy { $0.wholeMatch(of: /[1-9][0-9]{3} [A-Z]{2}/) != nil })
        }
    }

    /// Seeded early in the morning, a request "made today at 14:19" would be made in the future,
    /// and so would its status log's first row: every time the data sets write is at most now.
    @Test func nothingSeededIsLaterThanNow() throws {
        let clock = OfficeClock.fixed(at: ClockTime("07:00")!, on: LocalDate(iso: "2026-12-01")!)
        for dataset in [try SampleDataset(clock: clock) as any SeedSource,
                        try SyntheticDataset(staffCount: 40, range: DateRange(from: LocalDate(iso: "2026-11-20")!, to: LocalDate(iso: "2026-12-20")!)!,
                                             seed: 3, clock: clock)] {
            let database = try TestDatabase()
            _ = try Seeder.load(dataset, into: database.store)
            let now = clock.timestamp()
            try database.rawConnection().read { db in
                let latest = try String.fetchOne(db, sql: """
                    SELECT MAX(t) FROM (SELECT created_at AS t FROM repair_request UNION ALL SELECT updated_at FROM repair_request
                    UNION ALL SELECT created_at FROM request_status_log)
                    """)
                #expect(latest.map { $0 <= now } == true, "latest \(latest ?? "none") against now \(now)")
            }
        }
    }

    @Test func sampleDatesFollowToday() throws {
        let tuesday = try SampleDataset(clock: .testDay)
        let nextWeek = try SampleDataset(clock: .fixed(today: LocalDate(iso: "2026-12-08")!))
        var first: [LocalDate] = [], second: [LocalDate] = []
        try tuesday.forEachAvailability { date, _, _ in first.append(date) }
        try nextWeek.forEachAvailability { date, _, _ in second.append(date) }
        #expect(zip(first, second).allSatisfy { $0.days(to: $1) == 7 })
        #expect(first.min()!.weekday == .monday)
    }

    /// The sample is a believable office: no slot holds more requests than staff, and whoever a
    /// held request is assigned to is available in its slot.
    @Test(arguments: Backend.available) func heldRequestsFitTheirSlots(_ backend: Backend) throws {
        let database = try TestDatabase(backend)
        _ = try Seeder.load(try SampleDataset(clock: .testDay), into: database.store)
        let range = DateRange(from: LocalDate(iso: "2026-11-01")!, to: LocalDate(iso: "2027-01-31")!)!
        let slots = try database.store.read { try $0.slotOccupancy(in: range) }
        #expect(!slots.isEmpty)
        #expect(slots.values.allSatisfy { !$0.isOverbooked })
        #expect(slots.values.contains { $0.held == $0.capacity && $0.held > 0 }, "some slots are exactly full")
        let orphans = try database.integer("""
            SELECT COUNT(*) FROM repair_request r WHERE r.status IN ('new', 'approved') AND r.staff_id IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM availability a WHERE a.date = r.slot_date AND a.daypart_id = r.daypart_id AND a.staff_id = r.staff_id)
            """)
        #expect(orphans == 0)
    }
}

@Suite struct SyntheticSeedTests {
    let range = DateRange(from: LocalDate(iso: "2026-11-16")!, to: LocalDate(iso: "2026-12-13")!)!

    private func seeded(seed: UInt64, on backend: Backend = .sqlite) throws -> TestDatabase {
        let database = try TestDatabase(backend)
        _ = try Seeder.load(try SyntheticDataset(staffCount: 40, range: range, seed: seed, clock: .testDay), into: database.store)
        return database
    }

    @Test(arguments: Backend.available) func theSameSeedGivesTheSameDatabase(_ backend: Backend) throws {
        let one = try seeded(seed: 7, on: backend), two = try seeded(seed: 7, on: backend), other = try seeded(seed: 8, on: backend)
        #expect(try one.dump() == two.dump())
        #expect(try one.dump()["availability"] != other.dump()["availability"])
        _ = try Seeder.load(try SyntheticDataset(staffCount: 40, range: range, seed: 7, clock: .testDay), into: one.store)
        #expect(try one.dump() == two.dump(), "seeding again changes nothing")
    }

    @Test func availabilityHasRealisticGaps() throws {
        let database = try seeded(seed: 3)
        try database.rawConnection().read { db in
            let total = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM availability")!
            let cells = 40 * range.dayCount * 6
            #expect(total > cells / 3 && total < cells * 3 / 4, "\(total) of \(cells) cells")
            let sundays = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM availability WHERE date = '2026-11-22'")
            #expect(sundays == 0)
            let saturday = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM availability WHERE date = '2026-11-21'")!
            let monday = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM availability WHERE date = '2026-11-23'")!
            #expect(saturday < monday / 2)
        }
    }

    @Test(arguments: Backend.available) func requestsFillPartOfCapacity(_ backend: Backend) throws {
        let database = try seeded(seed: 3, on: backend)
        let slots = try database.store.read { try $0.slotOccupancy(in: range) }
        #expect(slots.values.allSatisfy { !$0.isOverbooked })
        let capacity = slots.values.map(\.capacity).reduce(0, +), held = slots.values.map(\.held).reduce(0, +)
        #expect(held > capacity / 10 && held < capacity * 7 / 10, "\(held) held of \(capacity)")
        let pastHolding = try database.integer("""
            SELECT COUNT(*) FROM repair_request WHERE slot_date < '2026-12-01' AND status IN ('new', 'approved')
            """)
        #expect(pastHolding == 0)
        #expect(try database.integer("SELECT COUNT(DISTINCT status) FROM repair_request") == 5)
    }
}

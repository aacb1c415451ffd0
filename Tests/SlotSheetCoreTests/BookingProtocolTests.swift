import Foundation
import InteropSupport
import Testing
@testable import SlotSheetCore

/// The tenants' app books a slot while an import takes its last free place away. Booking by the
/// protocol of docs/design.md ("Locks": the slot's advisory lock, then the check, then the insert),
/// whichever comes first, the slot never holds more requests than it has staff. Without the lock,
/// the same interleaving overbooks it: the lock is what keeps the rule.
@Suite(.enabled(if: Backend.available.contains(.postgres)), .serialized)
struct BookingProtocolTests {
    /// A future slot with exactly one free place, one person `remover` whose import takes it away,
    /// and a resident to book with.
    private struct Race {
        let fixture: ImportFixture
        let slot: SlotKey
        let held: Int
        let remover: ParsedSheet
        let residentID: RowID

        init() throws {
            fixture = try ImportFixture(.postgres)
            let daypart = try #require(try fixture.dayparts().first { $0.code == "D13" })
            let codes = Dictionary(uniqueKeysWithValues: try fixture.staff().map { ($0.id, $0.code) })
            // A future D13 slot holding requests, with people who have no visit there.
            var found: (date: LocalDate, day: DaySchedule, demand: SlotDemand, free: [RowID], spare: Int)?
            for offset in 5..<40 where found == nil {
                let date = fixture.today.adding(days: offset)
                let day = try fixture.store.read { try $0.daySchedule(on: date) }
                let demand = day.demand[daypart.id] ?? SlotDemand()
                let available = day.availableStaff(daypartID: daypart.id)
                let free = available.subtracting(demand.assignedStaffIDs).sorted()
                let spare = available.count - demand.held
                if demand.held > 0 && spare >= 1 && free.count >= spare { found = (date, day, demand, free, spare) }
            }
            let (date, _, demand, free, spare) = try #require(found, "the sample has a D13 slot with requests and a free place")
            slot = SlotKey(date: date, daypartID: daypart.id)
            // Leave exactly one free place: take away the unassigned people beyond it.
            let extra = free.prefix(spare - 1).map { AvailabilityKey(date: date, daypartID: daypart.id, staffID: $0) }
            try fixture.store.write { try $0.removeAvailability(extra) }
            held = demand.held
            remover = try fixture.parseCSV(["date,daypart,staff,available", "\(date.iso),D13,\(codes[free[spare - 1]]!),no"])
            residentID = RowID(try fixture.database.integer("SELECT MIN(id) FROM resident"))
        }

        var url: String { fixture.database.location }
        var database: String { fixture.database.path }

        /// The import, on a store of its own, in the background.
        func startImport() -> PendingResult<ImportOutcome> {
            .onThreadOfItsOwn { [url, remover, rules = fixture.clock.standardRules] in
                try ImportJob(store: try PostgresStore(url: url), rules: rules).run(remover, ImportRequest(operatorName: "office"))
            }
        }

        var occupancy: SlotOccupancy {
            get throws {
                try fixture.store.read { try $0.slotOccupancy(in: DateRange(from: slot.date, to: slot.date)!) }[slot]
                    ?? SlotOccupancy(capacity: 0, held: 0)
            }
        }
    }

    @Test func aBookingHoldingTheSlotFirstMakesTheImportRefuseTheLastPlace() throws {
        let race = try Race()
        let booking = try SimulatedBooking(url: race.url, slot: race.slot, residentID: race.residentID)
        try booking.lock()
        let importing = race.startImport()
        try PostgresLockSupport.waitForSessionsWaitingOnALock(1, url: race.url, database: race.database, event: "advisory")
        #expect(try booking.insertIfFree(), "the booking takes the free place")
        let outcome = try importing.wait()
        #expect(outcome.status == .rejected)
        #expect(outcome.problems.map(\.kind) == [.capacityBelowHeld(held: race.held + 1, available: race.held)],
                "refused with the capacity message, counting the booking: \(outcome.problems)")
        let occupancy = try race.occupancy
        #expect(occupancy.held == race.held + 1 && occupancy.capacity == race.held + 1 && !occupancy.isOverbooked, "\(occupancy)")
    }

    @Test func anImportHoldingTheSlotFirstMakesTheBookingFindItFull() throws {
        let race = try Race()
        var importing: PendingResult<ImportOutcome>?
        var booked: PendingResult<Bool>?
        try PostgresLockSupport.withImportsHeldAtTheirFirstWrite(race.url) { release in
            // The import has its slot lock and has checked; it waits to write.
            importing = race.startImport()
            try PostgresLockSupport.waitForSessionsWaitingOnALock(1, url: race.url, database: race.database, event: "relation")
            booked = .onThreadOfItsOwn { [race] in
                let booking = try SimulatedBooking(url: race.url, slot: race.slot, residentID: race.residentID)
                try booking.lock()
                return try booking.insertIfFree()
            }
            try PostgresLockSupport.waitForSessionsWaitingOnALock(1, url: race.url, database: race.database, event: "advisory")
            try release()
        }
        let outcome = try #require(importing).wait()
        guard case .applied = outcome.status else { Issue.record("not applied: \(outcome.status)"); return }
        #expect(try #require(booked).wait() == false, "the booking waited for the import and found the slot full")
        let occupancy = try race.occupancy
        #expect(occupancy.held == race.held && occupancy.capacity == race.held, "\(occupancy)")
    }

    /// The control: the same interleaving with a booking that checks without the lock overbooks.
    @Test func withoutTheLockTheSameInterleavingOverbooks() throws {
        let race = try Race()
        var importing: PendingResult<ImportOutcome>?
        try PostgresLockSupport.withImportsHeldAtTheirFirstWrite(race.url) { release in
            importing = race.startImport()
            try PostgresLockSupport.waitForSessionsWaitingOnALock(1, url: race.url, database: race.database, event: "relation")
            let booking = try SimulatedBooking(url: race.url, slot: race.slot, residentID: race.residentID)
            #expect(try booking.insertIfFree(), "the free place is still there for a booking that does not wait")
            try release()
        }
        let outcome = try #require(importing).wait()
        guard case .applied = outcome.status else { Issue.record("not applied: \(outcome.status)"); return }
        #expect(try race.occupancy.isOverbooked, "the slot holds one request more than its staff")
    }
}

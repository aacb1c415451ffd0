import Foundation
import InteropSupport
import Testing
@testable import SlotSheetCore

/// Two offices importing at once into the shared PostgreSQL database: never a lost update, never a
/// slot left with fewer staff than requests, and a reader sees one snapshot while an import commits.
///
/// The imports are made to overlap for certain: a third connection holds a lock on `import_batch`
/// that both imports need for their first write; the first takes the slot's lock, checks, and waits
/// there, the second waits for the slot's lock; the table is released once the server shows both
/// waiting. The second then checks the state the first left.
@Suite(.enabled(if: Backend.available.contains(.postgres)), .serialized)
struct PostgresConcurrencyTests {
    /// Rounds of each scenario; `SLOTSHEET_CONCURRENCY_ROUNDS=20` for the long run by hand.
    static let rounds = Int(ProcessInfo.processInfo.environment["SLOTSHEET_CONCURRENCY_ROUNDS"] ?? "") ?? 3

    /// A future slot with held requests and spare capacity, and two disjoint groups of unassigned
    /// staff, each as large as the spare: either group may leave, not both.
    private func contestedSlot(_ fixture: ImportFixture) throws -> (date: LocalDate, daypart: String, first: [String], second: [String]) {
        let dayparts = Dictionary(uniqueKeysWithValues: try fixture.dayparts().map { ($0.id, $0.code) })
        let codes = Dictionary(uniqueKeysWithValues: try fixture.staff().map { ($0.id, $0.code) })
        for offset in 3..<30 {
            let date = fixture.today.adding(days: offset)
            let day = try fixture.store.read { try $0.daySchedule(on: date) }
            for (daypartID, demand) in day.demand.sorted(by: { $0.key < $1.key }) where demand.held > 0 {
                let available = day.availableStaff(daypartID: daypartID)
                let spare = available.count - demand.held
                let free = available.filter { !demand.assignedStaffIDs.contains($0) }.map { codes[$0]! }.sorted()
                if spare >= 1 && free.count >= 2 * spare {
                    return (date, dayparts[daypartID]!, Array(free.prefix(spare)), Array(free.dropFirst(spare).prefix(spare)))
                }
            }
        }
        throw Interop.Failure(description: "the sample has no contested slot")
    }

    @Test func twoImportsOnTheSameSlotNeverBothBreakItsCapacity() throws {
        for round in 1...PostgresConcurrencyTests.rounds {
            let fixture = try ImportFixture(.postgres)
            let slot = try contestedSlot(fixture)
            let files = [slot.first, slot.second].map { group in
                ["date,daypart,staff,available"] + group.map { "\(slot.date.iso),\(slot.daypart),\($0),no" }
            }
            let parsed = try files.map { try fixture.parseCSV($0) }
            let url = fixture.database.location, clock = fixture.clock
            let outcomes = Results<ImportOutcome.Status>()
            try PostgresLockSupport.withImportsHeldAtTheirFirstWrite(url) { release in
                let group = DispatchGroup()
                for (index, file) in parsed.enumerated() {
                    DispatchQueue.global().async(group: group) {
                        outcomes.record(index, Result {
                            let store = try PostgresStore(url: url)
                            return try ImportJob(store: store, rules: clock.standardRules).run(file, ImportRequest(operatorName: "office \(index)")).status
                        })
                    }
                }
                try PostgresLockSupport.waitForSessionsWaitingOnALock(2, url: url, database: fixture.database.path)
                try release()
                group.wait()
            }
            let statuses = try outcomes.all.map { try $0.get() }
            let applied = statuses.filter { if case .applied = $0 { return true } else { return false } }
            #expect(applied.count == 1, "round \(round): exactly one import commits: \(statuses)")
            #expect(statuses.contains(.rejected), "round \(round): the other, run again on the new state, is refused: \(statuses)")
            let range = DateRange(from: slot.date, to: slot.date)!
            let occupancy = try fixture.store.read { try $0.slotOccupancy(in: range) }
            #expect(occupancy.values.allSatisfy { !$0.isOverbooked }, "round \(round): no slot below its requests")
            // Both attempts are in the audit trail; only the applied one has changes.
            #expect(try fixture.database.strings("SELECT outcome FROM import_batch ORDER BY outcome") == ["applied", "rejected"])
            #expect(try fixture.database.integer("SELECT COUNT(DISTINCT batch_id) FROM availability_change") == 1)
        }
    }

    @Test func aReaderSeesOneSnapshotWhileAnImportCommits() throws {
        for round in 1...PostgresConcurrencyTests.rounds {
            let fixture = try ImportFixture(.postgres)
            let slot = try contestedSlot(fixture)
            let file = try fixture.parseCSV(["date,daypart,staff,available"] + slot.first.map { "\(slot.date.iso),\(slot.daypart),\($0),no" })
            let url = fixture.database.location
            let (before, during) = try fixture.store.read { session in
                let before = try session.availability(on: slot.date).count
                // Another office's import commits while this snapshot is open.
                let outcome = try ImportJob(store: try PostgresStore(url: url), rules: fixture.clock.standardRules).run(file, ImportRequest(operatorName: "office"))
                guard case .applied = outcome.status else { throw Interop.Failure(description: "not applied: \(outcome.status)") }
                return (before, try session.availability(on: slot.date).count)
            }
            #expect(during == before, "round \(round): the open snapshot does not see the import")
            let after = try fixture.store.read { try $0.availability(on: slot.date).count }
            #expect(after == before - slot.first.count, "round \(round): a new snapshot does")
        }
    }
}

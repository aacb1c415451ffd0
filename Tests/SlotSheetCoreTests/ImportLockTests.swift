import Foundation
import Testing
@testable import SlotSheetCore

/// An import reads its file before it takes SQLite's write lock: while a large template is read,
/// another program writes without waiting for it.
///
/// The template is the import benchmark's shape (250 staff, every daypart, `SLOTSHEET_LOCK_TEST_DAYS`
/// days, default the year 2026): in a debug build its reading takes seconds. A third of
/// the way through, another connection (as another program would) writes one row and times how
/// long it waited. When the import still took its lock before reading, that write waited for the
/// whole read and the apply (and here, where the read waits for the write, until its busy timeout).
@Suite(.serialized) struct ImportLockTests {
    static let days = Int(ProcessInfo.processInfo.environment["SLOTSHEET_LOCK_TEST_DAYS"] ?? "") ?? 365

    @Test func anotherWriterIsNotHeldUpWhileALargeTemplateIsRead() throws {
        let database = try TestDatabase()
        let clock = OfficeClock.fixed(today: LocalDate(iso: "2026-01-01")!)
        let range = DateRange(from: clock.today, to: clock.today.adding(days: ImportLockTests.days - 1))!
        _ = try Seeder.load(try SyntheticDataset(staffCount: 250, range: range, seed: 1, clock: clock), into: database.store)
        let path = database.folder.appending(path: "year.xlsx").path
        _ = try TemplateExporter(store: database.store, rules: clock.standardRules)
            .export(TemplateExportRequest(range: range, staff: .allActive, language: .en, path: path))

        // Another program on the same file; its busy timeout (5 s) is far above a one-row write
        // (milliseconds) and far below the read of the template (seconds in a debug build).
        let other = try SQLiteStore(path: database.path, busyTimeout: 5)
        let after = range.to.adding(days: 1)
        let staffID = try other.read { try $0.staff().first!.id }
        let daypartID = try other.read { try $0.dayparts().first!.id }
        let probe = WriteProbe()
        let started = Date()
        let (outcome, _) = try ImportJob(store: database.store, rules: clock.standardRules)
            .run(try ImportSource.open(path: path), ImportRequest(operatorName: "office")) { done, total in
                probe.progress(done: done, total: total) {
                    try other.write { try $0.addAvailability([AvailabilityKey(date: after, daypartID: daypartID, staffID: staffID)]) }
                }
            }
        let importSeconds = Date().timeIntervalSince(started)
        let result = try #require(probe.result, "the probe wrote during the read")
        print(String(format: "import lock: %d days x 250 staff; import %.2f s; the other writer waited %.3f s, a third of the way through the read",
                     ImportLockTests.days, importSeconds, result.seconds))
        #expect(result.error == nil, "the other program's write went through: \(String(describing: result.error))")
        // Causal, not only timed: the read went on after the write had committed.
        #expect(probe.rowsReadAfterWrite > 0, "the write finished while the template was still being read")
        // A one-row write takes milliseconds; one second is generous on a loaded shared machine and
        // still far below the read it would otherwise have waited for.
        #expect(result.seconds < 1, "the other writer waited \(result.seconds) s")
        #expect(outcome.status == .nothingToChange, "the unedited template imports, checked after the other write: \(outcome.status)")
        #expect(try database.store.read { try $0.availability(on: after) }.count == 1)
    }
}

/// Writes once, a third of the way through a read, from the reading thread, and keeps the result.
private final class WriteProbe: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var result: (seconds: TimeInterval, error: (any Error)?)?
    private var rowsAtWrite = 0
    private var lastRows = 0

    func progress(done: Int, total: Int, write: () throws -> Void) {
        let due = lock.withLock { () -> Bool in
            lastRows = done
            return result == nil && done >= total / 3
        }
        guard due else { return }
        let started = Date()
        let error: (any Error)?
        do { try write(); error = nil } catch let failure { error = failure }
        lock.withLock {
            result = (Date().timeIntervalSince(started), error)
            rowsAtWrite = done
        }
    }

    /// Rows the read reported after the write returned.
    var rowsReadAfterWrite: Int { lock.withLock { lastRows - rowsAtWrite } }
}

import Foundation
import SlotSheetCore
import NIOConcurrencyHelpers

/// Watches an upload's row from the moment the instance holding its lease was killed: how many
/// seconds until another owner held the lease, and the row once it is no longer `reading`.
///
/// It polls on a thread of its own, started at once: the suite's cooperative threads (as many as
/// cores) can be held for many seconds by other suites' blocking work, long enough for a whole
/// takeover and read to pass unseen by a loop that waits its turn there.
final class LeaseWatch: Sendable {
    struct Seen: Sendable {
        /// Seconds from the kill until an owner other than the killed one held the lease.
        var takeover: Double?
        /// The row when the watch ended (no longer `reading`, or the time ran out).
        var row: WebUpload?
        /// Why the watch could not read the row, if it could not.
        var failure: String?
    }

    private let seen = NIOLockedValueBox(Seen())
    private let done = DispatchSemaphore(value: 0)

    /// Starts watching upload `id`, whose lease `killedOwner` held until `killedAt`, for at most
    /// `limit` seconds after the kill.
    init(store: any RepairStore, id: Int, killedOwner: String?, killedAt: Date, limit: TimeInterval = 120) {
        Thread.detachNewThread { [self] in
            defer { self.done.signal() }
            do {
                while Date().timeIntervalSince(killedAt) < limit {
                    let row = try store.read { try $0.upload(id: RowID(id)) }
                    self.seen.withLockedValue { seen in
                        seen.row = row
                        if seen.takeover == nil, let owner = row?.leaseOwner, owner != killedOwner {
                            seen.takeover = Date().timeIntervalSince(killedAt)
                        }
                    }
                    if row?.state != .reading { return }
                    Thread.sleep(forTimeInterval: 0.02)
                }
            } catch {
                self.seen.withLockedValue { $0.failure = "\(error)" }
            }
        }
    }

    /// What was seen, once the watch has ended.
    func result() async throws -> Seen {
        try await offThread { [self] in
            self.done.wait()
            return self.seen.withLockedValue { $0 }
        }
    }
}


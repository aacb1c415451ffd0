import Foundation
import NIOConcurrencyHelpers
import NIOPosix
import SlotSheetCore

/// Checks passwords (bcrypt, a quarter of a second of a thread each) on threads of its own, so
/// sign-ins, however many, never take the threads the database work and the health checks use.
/// At most `threads` checks run and `waitingLimit` wait; a sign-in beyond that is refused at once
/// (`nil`), and the caller answers 429 with `Retry-After`.
final class PasswordChecker: Sendable {
    /// Half the machine's cores, at least one: the other half stays for the event loops, the
    /// database work and the health checks however many sign-ins come.
    static let threads = max(1, ProcessInfo.processInfo.activeProcessorCount / 2)
    static let waitingLimit = 16

    private let pool: NIOThreadPool
    private let admitted = NIOLockedValueBox(0)
    /// bcrypt's cost for the dummy check of a name without a hash (the users' own cost).
    private let cost: UInt8

    init(cost: UInt8) {
        self.cost = cost
        pool = NIOThreadPool(numberOfThreads: Self.threads)
        pool.start()
    }

    func shutdown() async throws {
        try await pool.shutdownGracefully()
    }

    /// Whether `password` matches `hash` (no hash: a dummy check of the same cost, so the time does
    /// not tell whether the name exists); nil when too many checks are under way.
    func check(_ password: String, against hash: String?) async throws -> Bool? {
        let entered = admitted.withLockedValue { count -> Bool in
            guard count < Self.threads + Self.waitingLimit else { return false }
            count += 1
            return true
        }
        guard entered else { return nil }
        defer { admitted.withLockedValue { $0 -= 1 } }
        return try await pool.runIfActive {
            UserDirectory.checkPassword(password, hash: hash, cost: self.cost)
        }
    }
}

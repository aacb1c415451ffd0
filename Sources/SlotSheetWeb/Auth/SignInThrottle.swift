import Foundation
import Logging

/// Slows down guessing a password: after `freeAttempts` failed sign-ins in a row for a name, that
/// name must wait before the next attempt, 1 second after the fifth failure and twice as long after
/// each further one (at most 15 minutes). An attempt while it waits is refused without looking at
/// the password. Each failure from the fifth on is logged. A success clears the name's record.
///
/// Names are counted case-insensitively; at most `maxNames` are remembered (the oldest go first),
/// so a flood of made-up names cannot fill the memory.
actor SignInThrottle {
    static let freeAttempts = 5
    static let maxDelay: Duration = .seconds(900)
    static let maxNames = 10_000

    private struct Record {
        var failures: Int
        var waitUntil: ContinuousClock.Instant?
        var lastSeen: ContinuousClock.Instant
    }

    private var records: [String: Record] = [:]
    private let logger: Logger
    /// The time, injected so tests can move it.
    private let clock: @Sendable () -> ContinuousClock.Instant

    init(logger: Logger, clock: @escaping @Sendable () -> ContinuousClock.Instant = { .now }) {
        self.logger = logger
        self.clock = clock
    }

    /// How long `name` must still wait, or nil when it may try now.
    func waitRemaining(for name: String) -> Duration? {
        let now = clock()
        guard let until = records[name.lowercased()]?.waitUntil, until > now else { return nil }
        return until - now
    }

    /// Counts a failure; returns how long the name must now wait (nil: not yet).
    @discardableResult
    func recordFailure(for name: String, client: String?) -> Duration? {
        let now = clock()
        let key = name.lowercased()
        var record = records[key] ?? Record(failures: 0, waitUntil: nil, lastSeen: now)
        record.failures += 1
        record.lastSeen = now
        var delay: Duration?
        if record.failures >= Self.freeAttempts {
            let exponent = min(record.failures - Self.freeAttempts, 20)
            delay = min(.seconds(1 << exponent), Self.maxDelay)
            record.waitUntil = now + delay!
            logger.warning("sign-in: \(record.failures) failed attempts in a row for name \(LogText.safe(name)) (last from \(client ?? "-")); it waits \(delay!.components.seconds)s")
        }
        records[key] = record
        if records.count > Self.maxNames, let oldest = records.min(by: { $0.value.lastSeen < $1.value.lastSeen })?.key {
            records.removeValue(forKey: oldest)
        }
        return delay
    }

    func recordSuccess(for name: String) {
        records.removeValue(forKey: name.lowercased())
    }
}

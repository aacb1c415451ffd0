import Foundation
import Logging

/// Decides whether a sign-in may be tried now, and hears how each one ended. Behind a protocol
/// so the state can move into the database (shared by every instance) without the routes changing.
protocol SignInLimiter: Sendable {
    /// Starts an attempt for `name` from `client`: nil when it may go on (the caller then calls
    /// `finish`), else how long to wait first. An attempt that must wait is not counted.
    func begin(name: String, client: String?) async -> Duration?
    /// Ends an attempt `begin` let through.
    func finish(name: String, client: String?, result: SignInOutcome) async
}

/// How a sign-in attempt ended, as the limiter counts it.
enum SignInOutcome: Sendable {
    case succeeded
    case failed
    /// The password was not checked (the checker was busy, or the database failed): not counted.
    case notChecked
}

/// Slows down guessing a password without letting a guesser lock anyone out:
///
/// - **per name and address**: after `freeAttempts` failures in a row for a name from one
///   address, that name waits there, 1 second after the fifth failure and twice as long after
///   each further one (at most 15 minutes). The same name from another address is not held up,
///   so nobody can lock a user out by failing their password from elsewhere;
/// - **per address**: after `freeAddressAttempts` failures in a row from one address, whatever
///   the names, that address waits the same way; and it has at most `concurrentPerAddress`
///   sign-ins under way at once (a password check costs a quarter of a second of a thread);
/// - **per name, from anywhere** (the ceiling): after `nameCeiling` failures in a row for a name
///   from all addresses together, the name waits everywhere: guessing one password from many
///   addresses stays slow.
///
/// An attempt while it waits is refused without looking at the password. Failures from the fifth
/// on are logged. A success clears its name-and-address record and its address's.
///
/// Names are counted case-insensitively; at most `maxRecords` of each kind are remembered (the
/// oldest go first), so a flood of made-up names or addresses cannot fill the memory.
actor SignInThrottle: SignInLimiter {
    static let freeAttempts = 5
    static let freeAddressAttempts = 20
    static let nameCeiling = 100
    static let concurrentPerAddress = 4
    static let maxDelay: Duration = .seconds(900)
    static let maxRecords = 10_000

    private struct Record {
        var failures = 0
        var waitUntil: ContinuousClock.Instant?
        var lastSeen: ContinuousClock.Instant
    }

    private var pairs: [String: Record] = [:]
    private var addresses: [String: Record] = [:]
    private var names: [String: Record] = [:]
    private var underWay: [String: Int] = [:]
    private let logger: Logger
    /// The time, injected so tests can move it.
    private let clock: @Sendable () -> ContinuousClock.Instant

    init(logger: Logger, clock: @escaping @Sendable () -> ContinuousClock.Instant = { .now }) {
        self.logger = logger
        self.clock = clock
    }

    func begin(name: String, client: String?) -> Duration? {
        let now = clock()
        let address = client ?? "-"
        let waits = [pairs[Self.pairKey(name, address)], addresses[address], names[name.lowercased()]].compactMap { record -> Duration? in
            guard let until = record?.waitUntil, until > now else { return nil }
            return until - now
        }
        if let longest = waits.max() { return longest }
        if underWay[address, default: 0] >= Self.concurrentPerAddress { return .seconds(1) }
        underWay[address, default: 0] += 1
        return nil
    }

    func finish(name: String, client: String?, result: SignInOutcome) {
        let address = client ?? "-"
        underWay[address] = underWay[address].flatMap { $0 > 1 ? $0 - 1 : nil }
        let pair = Self.pairKey(name, address)
        switch result {
        case .notChecked: return
        case .failed: break
        case .succeeded:
            pairs.removeValue(forKey: pair)
            addresses.removeValue(forKey: address)
            names.removeValue(forKey: name.lowercased())
            return
        }
        let now = clock()
        if let wait = count(&pairs, pair, free: Self.freeAttempts, now: now) {
            logger.warning("sign-in: \(pairs[pair]!.failures) failed attempts in a row for name \(LogText.safe(name)) from \(address); it waits \(wait.components.seconds)s")
        }
        if let wait = count(&addresses, address, free: Self.freeAddressAttempts, now: now) {
            logger.warning("sign-in: \(addresses[address]!.failures) failed attempts in a row from \(address), whatever the name; it waits \(wait.components.seconds)s")
        }
        if let wait = count(&names, name.lowercased(), free: Self.nameCeiling, now: now) {
            logger.warning("sign-in: \(names[name.lowercased()]!.failures) failed attempts in a row for name \(LogText.safe(name)) from all addresses; it waits \(wait.components.seconds)s everywhere")
        }
    }

    /// Counts a failure in `records[key]`; returns how long it must now wait (nil: not yet).
    private func count(_ records: inout [String: Record], _ key: String, free: Int, now: ContinuousClock.Instant) -> Duration? {
        var record = records[key] ?? Record(lastSeen: now)
        record.failures += 1
        record.lastSeen = now
        var delay: Duration?
        if record.failures >= free {
            let exponent = min(record.failures - free, 20)
            delay = min(.seconds(1 << exponent), Self.maxDelay)
            record.waitUntil = now + delay!
        }
        records[key] = record
        if records.count > Self.maxRecords, let oldest = records.min(by: { $0.value.lastSeen < $1.value.lastSeen })?.key {
            records.removeValue(forKey: oldest)
        }
        return delay
    }

    private static func pairKey(_ name: String, _ address: String) -> String {
        name.lowercased() + "\u{0}" + address
    }
}

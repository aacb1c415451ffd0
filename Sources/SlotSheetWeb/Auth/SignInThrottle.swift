import Foundation
import Logging
import NIOConcurrencyHelpers
import SlotSheetCore

/// Decides whether a sign-in may be tried now, and hears how each one ended.
protocol SignInLimiter: Sendable {
    /// Starts an attempt for `name` from `client`: nil when it may go on (the caller then calls
    /// `finish`), else how long to wait first. An attempt that must wait is not counted.
    func begin(name: String, client: String?) async throws -> Duration?
    /// Ends an attempt `begin` let through.
    func finish(name: String, client: String?, result: SignInOutcome) async throws
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
/// on are logged. A success clears the records of its name at its address, its address and its name.
///
/// The counts are in the database (`sign_in_record`), so every instance on it and a restart see
/// them, and their times come from the web front's clock (`signInClock`). Only the sign-ins under
/// way per address are counted in memory: they bound this instance's password-checking threads.
/// Names are counted case-insensitively; at most `maxRecords` of each kind are remembered (the
/// least recently seen go first), so a flood of made-up names or addresses cannot fill the table.
final class SignInThrottle: SignInLimiter {
    static let freeAttempts = 5
    static let freeAddressAttempts = 20
    static let nameCeiling = 100
    static let concurrentPerAddress = 4
    static let maxDelay: Duration = .seconds(900)
    static let maxRecords = 10_000

    private let database: StoreAccess
    private let underWay = NIOLockedValueBox<[String: Int]>([:])
    private let logger: Logger
    /// The time, injected so tests can move it.
    private let clock: @Sendable () -> Date

    init(database: StoreAccess, logger: Logger, clock: @escaping @Sendable () -> Date) {
        self.database = database
        self.logger = logger
        self.clock = clock
    }

    func begin(name: String, client: String?) async throws -> Duration? {
        let address = client ?? "-", now = Self.milliseconds(clock())
        let keys = Self.keys(name: name, address: address)
        let records = try await database.read { try $0.signInRecords(keys) }
        if let until = records.compactMap(\.waitUntilMS).max(), until > now { return .milliseconds(until - now) }
        let admitted = underWay.withLockedValue { counts in
            guard counts[address, default: 0] < Self.concurrentPerAddress else { return false }
            counts[address, default: 0] += 1
            return true
        }
        return admitted ? nil : .seconds(1)
    }

    func finish(name: String, client: String?, result: SignInOutcome) async throws {
        let address = client ?? "-"
        underWay.withLockedValue { $0[address] = $0[address].flatMap { $0 > 1 ? $0 - 1 : nil } }
        let keys = Self.keys(name: name, address: address)
        switch result {
        case .notChecked: return
        case .succeeded: try await database.write { try $0.clearSignInRecords(keys) }
        case .failed:
            let now = Self.milliseconds(clock())
            let counted = try await database.write { store in try keys.map { try Self.count($0, store: store, now: now) } }
            for (key, (failures, wait)) in zip(keys, counted) {
                guard let wait else { continue }
                switch key.counter {
                case .nameAtAddress:
                    logger.warning("sign-in: \(failures) failed attempts in a row for name \(LogText.safe(name)) from \(address); it waits \(wait.components.seconds)s")
                case .address:
                    logger.warning("sign-in: \(failures) failed attempts in a row from \(address), whatever the name; it waits \(wait.components.seconds)s")
                case .name:
                    logger.warning("sign-in: \(failures) failed attempts in a row for name \(LogText.safe(name)) from all addresses; it waits \(wait.components.seconds)s everywhere")
                }
            }
        }
    }

    /// The three records an attempt counts in: the name at the address ("ADDRESS NAME": an address
    /// holds no space), the address, the name.
    private static func keys(name: String, address: String) -> [SignInKey] {
        let name = subject(name: name)
        return [SignInKey(.nameAtAddress, address + " " + name), SignInKey(.address, address), SignInKey(.name, name)]
    }

    /// A name as it is counted: lower-cased; a name no user can have (too long, a control
    /// character, a NUL that PostgreSQL's text refuses) as the SHA-256 of that, so what a client
    /// typed never breaks or bloats the table.
    static func subject(name: String) -> String {
        let lowered = name.lowercased()
        return UserDirectory.isValidName(lowered) ? lowered : "sha256:" + RandomToken.sha256(lowered)
    }

    /// Counts a failure for `key`; returns the failures in a row and how long it must now wait (nil: not yet).
    private static func count(_ key: SignInKey, store: some WebStateSession, now: Int64) throws -> (Int, Duration?) {
        let failures = try store.countSignInFailure(key, at: now)
        if failures == 1 { try store.pruneSignInRecords(key.counter, keeping: maxRecords) }
        guard failures >= threshold(of: key.counter) else { return (failures, nil) }
        let delay = min(Duration.seconds(1 << min(failures - threshold(of: key.counter), 20)), maxDelay)
        try store.setSignInWait(key, until: now + delay.components.seconds * 1000)
        return (failures, delay)
    }

    /// The failures in a row a counter lets through before it makes its subject wait.
    private static func threshold(of counter: SignInCounter) -> Int {
        switch counter {
        case .nameAtAddress: return freeAttempts
        case .address: return freeAddressAttempts
        case .name: return nameCeiling
        }
    }

    private static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    }
}

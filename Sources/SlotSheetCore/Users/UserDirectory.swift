import HummingbirdBcrypt
import Synchronization

/// Why a user cannot be added or changed (its words: `Messages/UserMessages.swift`).
public enum UserError: Error, Equatable {
    /// Not 1 to 64 letters, digits, `.`, `-`, `_` or `@`.
    case invalidName(String)
    case passwordTooShort(minimum: Int)
    /// Names stay taken, a disabled user's too (the history names them).
    case nameTaken(String)
    case notFound(String)
}

/// The people who sign in to the web front, and their API tokens: what `slotsheet user ...` and
/// the sign-in page use; one use case for both fronts. Passwords are kept as bcrypt hashes; a token is shown once and kept only
/// as its SHA-256 (a token is long and random, so a fast hash is enough and lets it be looked up).
///
///     let users = UserDirectory(store: store, clock: clock)
///     try users.add(name: "maria", role: .office, password: "a long passphrase")
///     let token = try users.newToken(for: "maria")   // "sst_..."; shown once
public struct UserDirectory: Sendable {
    public let store: any RepairStore
    public let clock: OfficeClock
    /// bcrypt's cost (2^cost rounds): 12 takes about a quarter of a second.
    public let cost: UInt8

    public static let minimumPasswordLength = 10
    public static let defaultCost: UInt8 = 12
    public static let tokenPrefix = "sst_"

    public init(store: any RepairStore, clock: OfficeClock, cost: UInt8 = UserDirectory.defaultCost) {
        self.store = store
        self.clock = clock
        self.cost = cost
    }

    /// Adds a user with this password (hashed here; the text is not kept).
    @discardableResult
    public func add(name: String, role: AppUser.Role, password: String) throws -> AppUser {
        guard Self.isValidName(name) else { throw UserError.invalidName(name) }
        guard password.count >= Self.minimumPasswordLength else { throw UserError.passwordTooShort(minimum: Self.minimumPasswordLength) }
        let user = AppUser(name: name, role: role, passwordHash: Bcrypt.hash(password, cost: cost), createdAt: clock.timestamp())
        return try store.write { session in
            guard try session.user(named: name) == nil else { throw UserError.nameTaken(name) }
            var added = user
            added.id = try session.insertUser(user)
            return added
        }
    }

    public func list() throws -> [AppUser] {
        try store.read { try $0.users() }
    }

    /// Disables a user: they can no longer sign in, their sessions end at once on every instance
    /// (their rows are deleted) and their token stops working. (Adding them again is not possible:
    /// names stay taken, for the history.)
    public func disable(name: String) throws {
        let found = try store.write { session in
            guard try session.setUserActive(name, active: false), let id = try session.user(named: name)?.id else { return false }
            try session.deleteWebSessions(ofUser: id)
            return true
        }
        guard found else { throw UserError.notFound(name) }
    }

    /// A new API token for the user, replacing any earlier one. Only its hash is stored.
    public func newToken(for name: String) throws -> String {
        let token = Self.tokenPrefix + RandomToken.make(bytes: 32)
        guard try store.write({ try $0.setUserToken(name, sha256: RandomToken.sha256(token)) }) else { throw UserError.notFound(name) }
        return token
    }

    /// The active user with this name and password, or nil. A name that does not exist costs the
    /// same bcrypt work as a wrong password, so the answer's time does not tell which it was.
    public func verify(name: String, password: String) throws -> AppUser? {
        let user = try signInCandidate(name: name)
        return Self.checkPassword(password, hash: user?.passwordHash, cost: cost) ? user : nil
    }

    /// The active user with this name and a password, whose hash `checkPassword` checks (the web
    /// front does that on threads of its own); nil when there is none. A name no user can have (a
    /// NUL, which PostgreSQL's text refuses) is not looked up.
    public func signInCandidate(name: String) throws -> AppUser? {
        guard Self.isValidName(name), let user = try store.read({ try $0.user(named: name) }), user.active, user.passwordHash != nil else {
            return nil
        }
        return user
    }

    /// Whether `password` matches `hash`; without a hash, the same bcrypt work (at `cost`, the
    /// cost the directory hashes with) on a hash of nothing anyone knows, and false.
    public static func checkPassword(_ password: String, hash: String?, cost: UInt8 = defaultCost) -> Bool {
        guard let hash else {
            _ = Bcrypt.verify(password, hash: dummyHash(cost: cost))
            return false
        }
        return Bcrypt.verify(password, hash: hash)
    }

    /// The active user holding this API token, or nil.
    public func user(token: String) throws -> AppUser? {
        guard token.hasPrefix(Self.tokenPrefix), token.count < 200 else { return nil }
        return try store.read { try $0.activeUser(tokenSHA256: RandomToken.sha256(token)) }
    }

    /// 1 to 64 letters, digits, `.`, `-`, `_` or `@`: a name that reads the same in a log and a page.
    public static func isValidName(_ name: String) -> Bool {
        (1...64).contains(name.count) && name.allSatisfy { $0.isLetter || $0.isNumber || ".-_@".contains($0) }
    }

    /// A hash of nothing anyone knows at each cost asked for, to spend a verification's time on an
    /// unknown name: as long as a known name's at the same cost.
    private static func dummyHash(cost: UInt8) -> String {
        dummyHashes.withLock { hashes in
            if let hash = hashes[cost] { return hash }
            let hash = Bcrypt.hash(RandomToken.make(bytes: 16), cost: cost)
            hashes[cost] = hash
            return hash
        }
    }

    private static let dummyHashes = Mutex<[UInt8: String]>([:])
}

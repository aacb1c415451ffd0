/// A signed-in browser's session (`web_session`). The cookie holds a random id; the table holds
/// only its SHA-256 (and the SHA-256 of the session's form token), so reading the table does not
/// let anyone sign in. A session ends at `expiresAt` (fixed when it starts), at sign-out, or when
/// its user is disabled.
public struct StoredWebSession: Hashable, Sendable {
    public var idSHA256: String
    public var userID: RowID
    public var csrfSHA256: String
    /// ISO 8601 UTC (`Timestamp.iso`), like every stored time a person may read.
    public var createdAt: String
    public var expiresAt: String

    public init(idSHA256: String, userID: RowID, csrfSHA256: String, createdAt: String, expiresAt: String) {
        self.idSHA256 = idSHA256
        self.userID = userID
        self.csrfSHA256 = csrfSHA256
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }
}

/// What the sign-in throttle counts failures of (`sign_in_record.counter`).
public enum SignInCounter: String, CaseIterable, Sendable {
    /// One name from one address.
    case nameAtAddress = "name_address"
    /// One address, whatever the names.
    case address
    /// One name, from every address together.
    case name
}

/// One counted subject of the sign-in throttle: a counter and what it counts (a lower-cased name,
/// an address, or both).
public struct SignInKey: Hashable, Sendable {
    public var counter: SignInCounter
    public var subject: String

    public init(_ counter: SignInCounter, _ subject: String) {
        self.counter = counter
        self.subject = subject
    }
}

/// A subject's failed sign-ins in a row (`sign_in_record`). Times are milliseconds since 1970 on
/// the web front's clock.
public struct SignInRecord: Hashable, Sendable {
    public var key: SignInKey
    public var failures: Int
    /// Until when a sign-in for it is refused without a look at the password; nil: not held up.
    public var waitUntilMS: Int64?
    public var lastSeenMS: Int64

    public init(key: SignInKey, failures: Int, waitUntilMS: Int64?, lastSeenMS: Int64) {
        self.key = key
        self.failures = failures
        self.waitUntilMS = waitUntilMS
        self.lastSeenMS = lastSeenMS
    }
}

/// The web front's state that every instance shares and a restart keeps: sessions and the sign-in
/// throttle's counts. Every session of every backend has these queries (`StoreSession` refines this
/// protocol). A GET only reads them: sessions are written at sign-in and sign-out, counts at sign-in.
public protocol WebStateSession {
    func insertWebSession(_ session: StoredWebSession) throws
    /// The session with this id hash that has not ended at `now` (ISO 8601 UTC), if any.
    func webSession(idSHA256: String, validAt now: String) throws -> StoredWebSession?
    func deleteWebSession(idSHA256: String) throws
    /// Ends every session of a user; returns how many there were.
    @discardableResult func deleteWebSessions(ofUser userID: RowID) throws -> Int
    /// Removes the sessions that ended at or before `now`; returns how many.
    @discardableResult func deleteWebSessions(endedBy now: String) throws -> Int
    /// The sessions that have not ended at `now`.
    func webSessionCount(validAt now: String) throws -> Int

    /// The records of these keys that exist.
    func signInRecords(_ keys: [SignInKey]) throws -> [SignInRecord]
    /// Counts one more failure for `key` (a new record starts at one) seen at `nowMS`; returns the
    /// failures in a row now.
    func countSignInFailure(_ key: SignInKey, at nowMS: Int64) throws -> Int
    func setSignInWait(_ key: SignInKey, until waitUntilMS: Int64) throws
    /// Forgets these keys' failures (a sign-in succeeded).
    func clearSignInRecords(_ keys: [SignInKey]) throws
    /// Keeps the `keeping` records of `counter` seen last and removes older ones, so a flood of
    /// made-up names or addresses cannot grow the table without bound.
    func pruneSignInRecords(_ counter: SignInCounter, keeping: Int) throws
}

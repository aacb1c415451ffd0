import Foundation
import Hummingbird
import SlotSheetCore

/// The web front's sessions, kept in the database (`web_session`), so every instance behind a load
/// balancer knows a session and a restart keeps it.
///
/// The cookie holds a random id (32 bytes); the table only its SHA-256, with the user, the SHA-256
/// of the session's form token and a fixed end (`lifetime` after signing in; using a session does
/// not extend it, so a GET reads and never writes). A session ends at that time, at sign-out
/// (everywhere at once: the row is gone) and when its user is disabled (`UserDirectory.disable`
/// deletes the user's rows). Ended rows are removed at the next sign-in.
///
/// Its own small type rather than hummingbird-auth's `SessionMiddleware` over a `PersistDriver`: a
/// driver stores opaque values by key, so it could neither end a user's sessions nor read a
/// session and its user in one snapshot, and it would need the id hashed behind its back.
struct WebSessions: Sendable {
    static let cookieName = "slotsheet_session"
    let database: StoreAccess
    let lifetime: Duration
    /// The web front's time (`WebServices`' `signInClock`): tests move it by hand.
    let clock: @Sendable () -> Date

    /// The live session a cookie names and its user, read in one snapshot; nil when the cookie is
    /// malformed, the session has ended or never was.
    func find(cookie value: String) async throws -> (session: WebSession, user: AppUser)? {
        guard RandomToken.isWellFormed(value) else { return nil }
        let idSHA256 = RandomToken.sha256(value), now = Timestamp.iso(clock())
        return try await database.read { store in
            guard let stored = try store.webSession(idSHA256: idSHA256, validAt: now), let user = try store.user(id: stored.userID) else { return nil }
            return (WebSession(idSHA256: stored.idSHA256, userID: stored.userID, csrfSHA256: stored.csrfSHA256), user)
        }
    }

    /// Starts a session for a user who signed in with the form token `csrfToken`, ending the one the
    /// browser had (`replacing`); returns the cookie that carries it.
    func start(userID: RowID, csrfToken: String, replacing previous: WebSession?, secure: Bool) async throws -> Cookie {
        let id = RandomToken.make(bytes: 32), started = clock()
        let stored = StoredWebSession(idSHA256: RandomToken.sha256(id), userID: userID, csrfSHA256: RandomToken.sha256(csrfToken),
                                      createdAt: Timestamp.iso(started), expiresAt: Timestamp.iso(started + lifetime.timeInterval))
        try await database.write { store in
            if let previous { try store.deleteWebSession(idSHA256: previous.idSHA256) }
            try store.deleteWebSessions(endedBy: stored.createdAt)
            try store.insertWebSession(stored)
        }
        return Cookie(name: Self.cookieName, value: id, maxAge: Int(lifetime.components.seconds), path: "/", secure: secure,
                      httpOnly: true, sameSite: .lax)
    }

    /// Ends a session on every instance; returns the cookie that removes it from the browser.
    func end(_ session: WebSession, secure: Bool) async throws -> Cookie {
        try await database.write { try $0.deleteWebSession(idSHA256: session.idSHA256) }
        return Self.removal(secure: secure)
    }

    /// The cookie that removes the session cookie from a browser.
    static func removal(secure: Bool) -> Cookie {
        Cookie(name: cookieName, value: "", maxAge: 0, path: "/", secure: secure, httpOnly: true, sameSite: .lax)
    }
}

extension Duration {
    /// The duration in seconds, as Foundation counts time.
    var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}

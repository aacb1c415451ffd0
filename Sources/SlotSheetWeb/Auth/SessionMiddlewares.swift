import Hummingbird
import HummingbirdAuth
import SlotSheetCore

/// hummingbird-auth's session middleware, twice: one sets `Secure` cookies (for requests that came
/// over TLS) and one does not, over the same storage, picked per request. Cookies are `HttpOnly`
/// and `SameSite=Lax`; every form also carries a token (`CSRFMiddleware`).
struct TransportAwareSessionMiddleware: RouterMiddleware {
    typealias Context = WebContext
    static let cookieName = "slotsheet_session"
    private let plain: SessionMiddleware<WebContext>
    private let secure: SessionMiddleware<WebContext>

    init(storage: any PersistDriver, lifetime: Duration) {
        func configuration(secure: Bool) -> SessionMiddlewareConfiguration {
            SessionMiddlewareConfiguration(
                sessionCookieParameters: .init(name: Self.cookieName, path: "/", secure: secure, sameSite: .lax),
                keyPrefix: "slotsheet.session.", defaultSessionExpiration: lifetime)
        }
        plain = SessionMiddleware(storage: storage, configuration: configuration(secure: false))
        secure = SessionMiddleware(storage: storage, configuration: configuration(secure: true))
    }

    func handle(_ request: Request, context: WebContext, next: (Request, WebContext) async throws -> Response) async throws -> Response {
        context.isSecure ? try await secure.handle(request, context: context, next: next)
                         : try await plain.handle(request, context: context, next: next)
    }
}

/// Reads the session's user from the database on every request, so a disabled user is signed out
/// at once; a session of a user who is gone or disabled is cleared.
struct SessionUserMiddleware: RouterMiddleware {
    typealias Context = WebContext
    let database: StoreAccess

    func handle(_ request: Request, context: WebContext, next: (Request, WebContext) async throws -> Response) async throws -> Response {
        var context = context
        if let session = context.sessions.session {
            let user = try await database.read { try $0.user(id: session.userID) }
            if let user, user.active, let id = user.id {
                context.user = SignedInUser(id: id, name: user.name, role: user.role)
                context.requestNote.user = context.user
            } else {
                context.sessions.clearSession()
            }
        }
        return try await next(request, context)
    }
}

/// Pages behind it need a signed-in user (else the browser goes to the sign-in page) and,
/// when `role` is admin, an admin.
struct RequireUserMiddleware: RouterMiddleware {
    typealias Context = WebContext
    let role: AppUser.Role

    func handle(_ request: Request, context: WebContext, next: (Request, WebContext) async throws -> Response) async throws -> Response {
        guard let user = context.user else { throw WebError.signInRequired }
        if role == .admin && user.role != .admin { throw WebError.forbidden(needs: .admin) }
        return try await next(request, context)
    }
}

import Hummingbird
import SlotSheetCore

/// Reads the session the cookie names, and its user, from the database on every request (reading
/// only: a GET writes nothing), so a session started on another instance or before a restart is
/// known here, and a session ended or a user disabled anywhere is signed out at once. A cookie
/// that names no live session is taken out of the browser.
struct StoredSessionMiddleware: RouterMiddleware {
    typealias Context = WebContext
    let sessions: WebSessions

    func handle(_ request: Request, context: WebContext, next: (Request, WebContext) async throws -> Response) async throws -> Response {
        var context = context
        var stale = false
        if let cookie = request.cookies[WebSessions.cookieName].map({ String($0.value) }), !cookie.isEmpty {
            if let (session, user) = try await sessions.find(cookie: cookie), user.active, let id = user.id {
                context.session = session
                context.user = SignedInUser(id: id, name: user.name, role: user.role)
                context.requestNote.user = context.user
            } else {
                stale = true
            }
        }
        var response = try await next(request, context)
        let setsSession = response.headers[values: .setCookie].contains { $0.hasPrefix(WebSessions.cookieName + "=") }
        if stale && !setsSession { response.setCookie(WebSessions.removal(secure: context.isSecure)) }
        return response
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

import Foundation
import Hummingbird
import SlotSheetCore

/// Every form carries a token that a page on another site cannot know (`csrf`, a hidden field).
///
/// The token is the value of the `slotsheet_csrf` cookie (random, `HttpOnly`, `SameSite=Strict`,
/// set on the first page a browser gets); a form must send the same value back. Once signed in, the
/// session also holds (the SHA-256 of) the token it was signed in with, and a form must match that too, so a cookie
/// planted by someone else does not help them. Signing in sets a new token.
///
/// URL-encoded forms are read here (at most 64 KB) and passed on; a multipart form is an upload,
/// whose token `UploadReceiver` checks before the first byte of the file is kept.
struct CSRFMiddleware: RouterMiddleware {
    typealias Context = WebContext
    static let cookieName = "slotsheet_csrf"
    static let fieldName = "csrf"
    /// The routes that take a multipart body (an upload, of availability, a list or requests) and check
    /// its token themselves.
    static let uploadPaths: Set<String> = Set(["/upload", "/requests/upload"] + ListKind.allCases.map { "/lists/\($0.rawValue)" })

    func handle(_ request: Request, context: WebContext, next: (Request, WebContext) async throws -> Response) async throws -> Response {
        var context = context
        var request = request
        let existing = request.cookies[Self.cookieName].map { String($0.value) }.flatMap { RandomToken.isWellFormed($0) ? $0 : nil }
        context.csrfToken = existing ?? Self.newToken()
        context.requestNote.formToken = context.csrfToken
        if request.isMultipart && request.method != .get && !Self.uploadPaths.contains(request.uri.path) {
            // Only the upload form is multipart, and its receiver checks the token; anywhere else a
            // multipart body would slip past the check here, so it is refused.
            throw WebError.csrf
        }
        if request.method != .get && request.method != .head && !request.isMultipart {
            let body = try await request.formBody(context: context)
            let form = FormFields(body)
            try Self.check(form[Self.fieldName], context: context, cookie: existing)
            request.body = .init(buffer: body)
        }
        var response = try await next(request, context)
        if let rotated = context.requestNote.rotatedCSRFToken {
            response.setCookie(Self.cookie(rotated, secure: context.isSecure))
        } else if existing == nil {
            response.setCookie(Self.cookie(context.csrfToken, secure: context.isSecure))
        }
        return response
    }

    /// Throws `WebError.csrf` unless `sent` is the cookie's token and, once signed in, the session's.
    static func check(_ sent: String?, context: WebContext, cookie: String?) throws {
        guard let sent, let cookie, constantTimeEqual(sent, cookie) else { throw WebError.csrf }
        if let session = context.session, !constantTimeEqual(RandomToken.sha256(sent), session.csrfSHA256) { throw WebError.csrf }
    }

    static func cookie(_ token: String, secure: Bool) -> Cookie {
        Cookie(name: cookieName, value: token, path: "/", secure: secure, httpOnly: true, sameSite: .strict)
    }

    static func newToken() -> String { RandomToken.make(bytes: 32) }

    static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}

extension Request {
    var isMultipart: Bool { headers[.contentType]?.lowercased().hasPrefix("multipart/") ?? false }
}

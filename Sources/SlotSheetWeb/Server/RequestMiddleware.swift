import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOConcurrencyHelpers
import SlotSheetCore
import SlotSheetTemplates

/// One log line a request, after it is answered: method, path (never the query, which may hold
/// values a person typed), status, time taken, client address and the user, if any.
///
///     INFO slotsheet.web: GET /uploads 200 4ms client=127.0.0.1 user=maria id=3
struct RequestLogMiddleware: RouterMiddleware {
    typealias Context = WebContext
    let logger: Logger

    func handle(_ request: Request, context: WebContext, next: (Request, WebContext) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let response = try await next(request, context)
        let elapsed = ContinuousClock.now - start
        let milliseconds = elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000
        var line = "\(request.method) \(LogText.safe(request.uri.path)) \(response.status.code) \(milliseconds)ms"
        line += " client=\(context.clientAddress ?? "-")"
        if let user = context.requestNote.user { line += " user=\(LogText.safe(user.name))" }
        line += " id=\(context.id)"
        logger.info("\(line)")
        return response
    }
}

/// Text from a request made safe for a log line: control characters (a newline would forge a
/// second line) are shown escaped, and it is cut at 200 characters.
enum LogText {
    static func safe(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars.prefix(200) {
            if scalar.properties.generalCategory == .control || scalar == " " {
                result += scalar == " " ? "%20" : "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

/// Facts inner middleware learn that the request log, outside them, prints.
final class RequestNote: Sendable {
    private let signedIn = NIOLockedValueBox<SignedInUser?>(nil)
    private let csrf = NIOLockedValueBox<String?>(nil)
    private let formTokenBox = NIOLockedValueBox<String?>(nil)

    /// The signed-in user, for the log line and for error pages (made outside the middleware that
    /// found the user).
    var user: SignedInUser? {
        get { signedIn.withLockedValue { $0 } }
        set { signedIn.withLockedValue { $0 = newValue } }
    }

    /// A new form token (set by signing in), which `CSRFMiddleware` sends as the new cookie.
    var rotatedCSRFToken: String? {
        get { csrf.withLockedValue { $0 } }
        set { csrf.withLockedValue { $0 = newValue } }
    }

    /// The form token of this request, for error pages: their sign-out form needs it too.
    var formToken: String? {
        get { formTokenBox.withLockedValue { $0 } }
        set { formTokenBox.withLockedValue { $0 = newValue } }
    }
}

/// Decides whether the request came over TLS and from which client. `X-Forwarded-Proto` and
/// `X-Forwarded-For` are believed only from a configured trusted proxy; from anyone else they
/// are ignored, so a client cannot claim TLS (and get `Secure` cookies on plain HTTP) or another address.
struct ClientOriginMiddleware: RouterMiddleware {
    typealias Context = WebContext
    let settings: WebSettings

    func handle(_ request: Request, context: WebContext, next: (Request, WebContext) async throws -> Response) async throws -> Response {
        var context = context
        if let peer = context.peerAddress, settings.isTrustedProxy(peer) {
            context.isSecure = request.headers[.xForwardedProto]?.lowercased() == "https"
            if let forwarded = request.headers[.xForwardedFor]?.split(separator: ",").last?.trimmingCharacters(in: .whitespaces),
               IPAddress(forwarded) != nil {
                context.clientAddress = forwarded
            }
        } else {
            context.isSecure = request.uri.scheme == .https
        }
        return try await next(request, context)
    }
}

/// The page language: the `slotsheet_lang` cookie (set by the language link), else the first of
/// the browser's `Accept-Language` that slotsheet speaks, else English.
struct LanguageMiddleware: RouterMiddleware {
    typealias Context = WebContext
    static let cookieName = "slotsheet_lang"

    func handle(_ request: Request, context: WebContext, next: (Request, WebContext) async throws -> Response) async throws -> Response {
        var context = context
        context.language = LanguageMiddleware.language(cookie: request.cookies[LanguageMiddleware.cookieName]?.value,
                                                       acceptLanguage: request.headers[.acceptLanguage])
        return try await next(request, context)
    }

    static func language(cookie: String?, acceptLanguage: String?) -> Language {
        if let cookie, let language = Language(rawValue: String(cookie)) { return language }
        guard let acceptLanguage else { return .en }
        // "nl-NL,nl;q=0.9,en;q=0.8": by weight, then order.
        let ranked = acceptLanguage.split(separator: ",").enumerated().compactMap { index, item -> (Double, Int, Language)? in
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = parts.first?.lowercased().split(separator: "-").first, let language = Language(rawValue: String(tag)) else { return nil }
            let weight = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            return weight > 0 ? (weight, index, language) : nil
        }
        return ranked.sorted { $0.0 != $1.0 ? $0.0 > $1.0 : $0.1 < $1.1 }.first?.2 ?? .en
    }
}

/// Headers every response carries: no framing, no sniffing, scripts and styles from this server only.
struct SecurityHeadersMiddleware: RouterMiddleware {
    typealias Context = WebContext

    func handle(_ request: Request, context: WebContext, next: (Request, WebContext) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        response.headers[.contentSecurityPolicy] = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[.referrerPolicy] = "same-origin"
        response.headers[.xFrameOptions] = "DENY"
        return response
    }
}

extension HTTPField.Name {
    static let xForwardedProto = HTTPField.Name("X-Forwarded-Proto")!
    static let xForwardedFor = HTTPField.Name("X-Forwarded-For")!
    static let referrerPolicy = HTTPField.Name("Referrer-Policy")!
    static let xFrameOptions = HTTPField.Name("X-Frame-Options")!
}

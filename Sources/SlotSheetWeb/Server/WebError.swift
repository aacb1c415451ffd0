import Hummingbird
import SlotSheetCore

/// Why a request is refused, each case with the status it answers with. Pages and the JSON API
/// turn them into a page or a JSON error in the request's language (`ErrorResponder`).
public enum WebError: Error, Equatable {
    /// A page needs a signed-in user: the browser goes to the sign-in page.
    case signInRequired
    /// The API needs a valid bearer token (401).
    case tokenRequired
    /// The signed-in user's role is not enough (403).
    case forbidden(needs: AppUser.Role)
    /// A form without the right token (403).
    case csrf
    /// Nothing at this address (404).
    case notFound
    /// A request that cannot be understood; the message is in the request's language (400).
    case badRequest(String)
    /// A body that broke off or could not be decoded (400, logged as a notice with `reason`).
    case brokenBody(reason: String)
    /// A query parameter that is missing, malformed or out of bounds (400); the API names it.
    case badParameter(name: String, message: String)
    /// A method the address does not take (405); `allowed` goes in the `Allow` header.
    case methodNotAllowed(method: String, allowed: [String])
    /// An upload past the limit, refused while it was arriving (413).
    case tooLarge(limitMB: Int)
    /// A form or JSON body past `WebContext.maxUploadSize` (413).
    case bodyTooLarge(limitKB: Int)
    /// A per-user limit reached (429, with `Retry-After`); `code` is the API's stable code.
    case tooMany(code: String, message: String, retryAfterSeconds: Int)
    /// The database cannot be reached (503).
    case databaseUnavailable
    /// The request conflicts with the state of what it names (409): an upload applied already or
    /// not ready, a batch that cannot be undone. `code` is the API's stable code.
    case conflict(code: String, message: String)

    public var status: HTTPResponse.Status {
        switch self {
        case .signInRequired: return .seeOther
        case .tokenRequired: return .unauthorized
        case .forbidden, .csrf: return .forbidden
        case .notFound: return .notFound
        case .badRequest, .badParameter, .brokenBody: return .badRequest
        case .methodNotAllowed: return .methodNotAllowed
        case .tooLarge, .bodyTooLarge: return .contentTooLarge
        case .tooMany: return .tooManyRequests
        case .databaseUnavailable: return .serviceUnavailable
        case .conflict: return .conflict
        }
    }

    /// The stable `code` of the JSON API's errors.
    public var code: String {
        switch self {
        case .signInRequired, .tokenRequired: return "unauthorized"
        case .forbidden: return "forbidden"
        case .csrf: return "csrf"
        case .notFound: return "not_found"
        case .badRequest, .brokenBody: return "bad_request"
        case .badParameter: return "bad_parameter"
        case .methodNotAllowed: return "method_not_allowed"
        case .tooLarge, .bodyTooLarge: return "too_large"
        case .databaseUnavailable: return "database_unavailable"
        case let .conflict(code, _), let .tooMany(code, _, _): return code
        }
    }
}

extension StoreError {
    /// The database is not there for the server (as opposed to a request it refused).
    var meansUnavailable: Bool {
        switch self {
        case .unreachable, .busy, .notFound, .needsMigration: return true
        default: return false
        }
    }
}

extension Duration {
    /// Whole seconds, rounded up, as `Retry-After` and the words say a wait.
    var wholeSecondsUp: Int {
        Int(components.seconds) + (components.attoseconds > 0 ? 1 : 0)
    }
}

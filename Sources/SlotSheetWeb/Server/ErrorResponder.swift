import Foundation
import Hummingbird
import Logging
import SlotSheetCore
import SlotSheetTemplates

/// Turns every error a route throws into an answer a person (a page) or a script (JSON with a
/// stable `code`, under `/api/`) can read, in the request's language. Nothing unexpected is ever
/// shown: an unknown error is a 500 page with a reference, and the details go to the log under it.
struct ErrorResponderMiddleware: RouterMiddleware {
    typealias Context = WebContext
    let logger: Logger
    /// To answer 405 rather than 404 for a known address asked with a method it does not take.
    let routes: KnownRoutes
    /// Counts the database's errors.
    let metrics: WebMetrics

    func handle(_ request: Request, context: WebContext, next: (Request, WebContext) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            if error is StoreError { metrics.countDatabaseError() }
            return respond(to: error, request: request, context: context)
        }
    }

    func respond(to error: any Error, request: Request, context: WebContext) -> Response {
        let isAPI = request.uri.path.hasPrefix("/api/")
        let webError: WebError
        switch error {
        case let WebError.brokenBody(reason):
            logger.notice("request body broke off or could not be read: \(request.method) \(LogText.safe(request.uri.path)) client=\(context.clientAddress ?? "-") id=\(context.id): \(reason)")
            webError = .brokenBody(reason: reason)
        case let error as WebError:
            webError = error
        case let error as any HTTPResponseError where error.status == .notFound:
            let allowed = routes.methods(for: request.uri.path)
            webError = allowed.isEmpty || allowed.contains(request.method.rawValue)
                ? .notFound : .methodNotAllowed(method: request.method.rawValue, allowed: allowed)
        case let error as any HTTPResponseError where error.status == .contentTooLarge:
            // `collect(upTo:)` past the limit (NIOTooManyBytesError): a form or JSON body; an
            // upload's file is limited as it arrives (`UploadReceiver`).
            webError = .bodyTooLarge(limitKB: context.maxUploadSize / 1024)
        case let error as any HTTPResponseError where error.status.code < 500:
            // Hummingbird's own refusal: its reason phrase and message are English, so neither is passed on.
            logger.notice("request refused: \(request.method) \(LogText.safe(request.uri.path)) id=\(context.id): HTTP \(error.status.code)")
            webError = .badRequest(context.words.apiBadRequest)
        case StoreError.conflict:
            // Collided with other writers on every attempt the store makes: nothing was written.
            logger.notice("request collided with other writers: \(request.method) \(LogText.safe(request.uri.path)) id=\(context.id)")
            webError = .conflict(code: "concurrent_change", message: context.words.concurrentChange)
        case let error as StoreError where error.meansUnavailable:
            logger.error("database unavailable: \(error.description) id=\(context.id)")
            webError = .databaseUnavailable
        default:
            // The reference is the request's id, which the request log line carries too.
            logger.error("request failed: \(request.method) \(LogText.safe(request.uri.path)) id=\(context.id): \(String(reflecting: error))")
            return isAPI ? APIErrorBody.response(status: .internalServerError, code: "server_error",
                                                 message: context.words.apiServerError(context.id))
                         : ErrorPages.serverError(reference: context.id, context: context, path: request.uri.path)
        }
        if webError == .signInRequired && !isAPI {
            let back = request.method == .get ? request.uri.description : "/"
            return Response(status: .seeOther, headers: [.location: "/sign-in?next=\(PageFrame.queryEscaped(back))"])
        }
        var response: Response
        if isAPI {
            var parameter: String?
            if case let .badParameter(name, _) = webError { parameter = name }
            response = APIErrorBody.response(status: webError.status, code: webError.code, message: message(webError, context.words),
                                             parameter: parameter)
            if webError == .tokenRequired { response.headers[.wwwAuthenticate] = "Bearer" }
        } else {
            response = ErrorPages.page(for: webError, context: context, path: request.uri.path)
        }
        if case let .methodNotAllowed(_, allowed) = webError { response.headers[.allow] = allowed.joined(separator: ", ") }
        // The rest of the upload is not read: the connection closes after this answer (`ConnectionGuard` lingers first).
        if case .tooLarge = webError { response.headers[.connection] = "close" }
        if case let .tooMany(_, _, seconds) = webError {
            response.headers[.retryAfter] = String(seconds)
            // An upload refused before its body was read: close after answering (lingering first).
            if request.isMultipart { response.headers[.connection] = "close" }
        }
        return response
    }

    private func message(_ error: WebError, _ words: WebWords) -> String {
        switch error {
        case .signInRequired, .tokenRequired: return words.apiUnauthorized
        case let .forbidden(needs): return words.apiForbidden(needs == .admin ? words.roleAdmin : words.roleOffice)
        case .csrf: return words.csrfMessage
        case .notFound: return words.apiNotFound
        case let .badRequest(message), let .badParameter(_, message): return message
        case .brokenBody: return words.requestBroken
        case let .methodNotAllowed(method, allowed): return words.methodNotAllowed(method, allowed.joined(separator: ", "))
        case let .tooLarge(limit): return words.fileTooLarge(limit)
        case let .bodyTooLarge(limit): return words.requestTooLarge(limit)
        case .databaseUnavailable: return words.unavailableMessage
        case let .conflict(_, message), let .tooMany(_, message, _): return message
        }
    }
}

/// The JSON of an API error: `{"code": "...", "message": "..."}`, and for a bad query parameter
/// its name (`"parameter": "limit"`).
struct APIErrorBody: Encodable {
    let code: String
    let message: String
    var parameter: String?

    static func response(status: HTTPResponse.Status, code: String, message: String, parameter: String? = nil) -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = (try? encoder.encode(APIErrorBody(code: code, message: message, parameter: parameter))) ?? Data("{}".utf8)
        return Response(status: status, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
                        body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}

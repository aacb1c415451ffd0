import Hummingbird
import SlotSheetCore

/// Refuses a request whose query holds a control character (a NUL, a line break, an escape) in a
/// parameter's name or value, with 400 naming the parameter, before any route sees it. No
/// parameter of slotsheet's takes one (names, codes, dates, numbers), and a NUL would otherwise
/// reach PostgreSQL, which refuses it as a server error (schemathesis found `user=...%00...` on
/// `GET /api/batches`). Inside the error responder, so a page gets a page and the API JSON.
struct QueryTextMiddleware: RouterMiddleware {
    typealias Context = WebContext

    func handle(_ request: Request, context: WebContext, next: (Request, WebContext) async throws -> Response) async throws -> Response {
        for (name, value) in request.uri.queryParameters {
            let name = String(name)
            guard EchoedText.holdsControlCharacter(name) || EchoedText.holdsControlCharacter(String(value)) else { continue }
            let shown = EchoedText.escaped(name)
            throw WebError.badParameter(name: shown, message: context.words.apiControlCharacter(shown))
        }
        return try await next(request, context)
    }
}

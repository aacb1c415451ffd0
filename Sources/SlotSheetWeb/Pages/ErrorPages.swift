import Hummingbird
import SlotSheetCore

/// The pages that say no: what is missing or wrong, in the request's language, and a way on.
enum ErrorPages {
    static func page(for error: WebError, context: WebContext, path: String) -> Response {
        let frame = PageFrame(context, path: path)
        let w = frame.words
        let (title, text): (String, String)
        switch error {
        case let .forbidden(needs):
            let user = frame.user
            title = w.forbiddenTitle
            text = w.forbiddenNeedsRole(frame.roleName(needs), user?.name ?? "-", user.map { frame.roleName($0.role) } ?? "-")
        case .csrf: (title, text) = (w.csrfTitle, w.csrfMessage)
        case .notFound: (title, text) = (w.notFoundTitle, w.notFoundMessage)
        case let .badRequest(message), let .badParameter(_, message): (title, text) = (w.badRequestTitle, message)
        case .brokenBody: (title, text) = (w.badRequestTitle, w.requestBroken)
        case let .methodNotAllowed(method, allowed): (title, text) = (w.methodNotAllowedTitle, w.methodNotAllowed(method, allowed.joined(separator: ", ")))
        case let .tooLarge(limit): (title, text) = (w.badRequestTitle, w.fileTooLarge(limit))
        case let .bodyTooLarge(limit): (title, text) = (w.badRequestTitle, w.requestTooLarge(limit))
        case .databaseUnavailable: (title, text) = (w.unavailableTitle, w.unavailableMessage)
        case let .conflict(_, message), let .tooMany(_, message, _): (title, text) = (w.badRequestTitle, message)
        case .signInRequired, .tokenRequired: (title, text) = (w.signInTitle, w.apiUnauthorized)
        }
        return render(frame, title: title, text: text, status: error.status)
    }

    static func serverError(reference: String, context: WebContext, path: String) -> Response {
        let frame = PageFrame(context, path: path)
        return render(frame, title: frame.words.serverErrorTitle, text: frame.words.serverErrorMessage(reference), status: .internalServerError)
    }

    private static func render(_ frame: PageFrame, title: String, text: String, status: HTTPResponse.Status) -> Response {
        let node = frame.page(title) {
            frame.message("error", text)
            element("p") { element("a", [.href("/")]) { frame.words.goHome } }
        }
        return HTMLPage(node, status: status).response
    }
}

import Foundation
import Hummingbird
import SlotSheetCore
import SlotSheetTemplates

/// The parts of the page frame (navigation, language link, sign-out) that depend on the request.
struct PageFrame: Sendable {
    enum Section { case home, template, upload, uploads, history, lists, requests, reports, exports, users, notices }

    let words: WebWords
    let language: Language
    let user: SignedInUser?
    let csrfToken: String
    /// The path of this page, for the language link to come back to.
    let path: String

    init(_ context: WebContext, path: String) {
        words = context.words
        language = context.language
        user = context.user ?? context.requestNote.user
        // An error page is made outside `CSRFMiddleware`, which noted the token for it.
        csrfToken = context.csrfToken.isEmpty ? context.requestNote.formToken ?? "" : context.csrfToken
        self.path = path
    }

    /// A hidden field with the form token: every form carries one.
    var csrfField: Node {
        element("input", [.type("hidden"), .name(CSRFMiddleware.fieldName), .value(csrfToken)])
    }

    func roleName(_ role: AppUser.Role) -> String {
        role == .admin ? words.roleAdmin : words.roleOffice
    }

    /// A whole page: head, the top bar (for a signed-in user: navigation, who, sign-out), the content.
    func page(_ title: String, section: Section? = nil, refreshSeconds: Int? = nil, scripts: [String] = [],
              @NodeBuilder content: () -> [Node]) -> Node {
        let other: Language = language == .en ? .nl : .en
        return element("html", [Attribute("lang", language.rawValue)]) {
            element("head") {
                element("meta", [Attribute("charset", "utf-8")])
                element("meta", [.name("viewport"), Attribute("content", "width=device-width, initial-scale=1")])
                element("title") { "\(title) - \(words.appName)" }
                element("link", [Attribute("rel", "stylesheet"), .href("/static/style.css")])
                element("link", [Attribute("rel", "icon"), Attribute("type", "image/svg+xml"), .href("/static/icon.svg")])
                if let refreshSeconds {
                    // Without JavaScript the page refreshes itself; with it, the progress script takes over.
                    element("noscript") { element("meta", [Attribute("http-equiv", "refresh"), Attribute("content", String(refreshSeconds))]) }
                }
                for script in scripts { element("script", [Attribute("src", script), Attribute("defer", nil)]) }
            }
            element("body") {
                element("a", [.class("skip"), .href("#content")]) { words.skipToContent }
                element("header", [.class("top")]) {
                    element("a", [.class("brand"), .href("/")]) { words.appName }
                    if user != nil { navigation(section) }
                    element("div", [.class("who")]) {
                        element("a", [.href("/language/\(other.rawValue)?back=\(PageFrame.queryEscaped(path))"),
                                      Attribute("hreflang", other.rawValue), Attribute("lang", other.rawValue),
                                      Attribute("title", words.otherLanguageLabel)]) { words.otherLanguageName }
                        if let user {
                            element("span") { words.signedInAs(user.name, roleName(user.role)) }
                            element("form", [Attribute("method", "post"), Attribute("action", "/sign-out")]) {
                                csrfField
                                element("button", [.type("submit")]) { words.signOut }
                            }
                        }
                    }
                }
                element("main", [.id("content")]) {
                    element("h1") { title }
                    content()
                }
            }
        }
    }

    private func navigation(_ current: Section?) -> Node {
        let items: [(Section, String, String)] = [
            (.home, "/", words.navHome), (.template, "/template", words.navTemplate), (.upload, "/upload", words.navUpload),
            (.uploads, "/uploads", words.navUploads), (.history, "/history", words.navHistory), (.lists, "/lists", words.navLists),
            (.requests, "/requests", language.requestPage.nav),
        ] + (user?.role == .admin ? [(.reports, "/reports", language.reportPage.nav), (.exports, "/exports", words.navExports), (.users, "/users", words.navUsers),
                                        (.notices, "/notices", language.noticePage.nav)] : [])
        return element("nav", [Attribute("aria-label", words.appName)]) {
            for (section, href, label) in items {
                element("a", [.href(href), section == current ? Attribute("aria-current", "page") : nil]) { label }
            }
        }
    }

    /// A notice box: `error`, `info` or `ok`.
    func message(_ kind: String, _ text: String) -> Node {
        element("div", [.class("message \(kind)"), Attribute("role", kind == "error" ? "alert" : "status")]) { text }
    }

    static func queryEscaped(_ text: String) -> String {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&=+?#")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? "/"
    }
}

/// An HTML page as a response: UTF-8, never cached (pages show who is signed in and their data).
struct HTMLPage: ResponseGenerator {
    var node: Node
    var status: HTTPResponse.Status = .ok

    init(_ node: Node, status: HTTPResponse.Status = .ok) {
        self.node = node
        self.status = status
    }

    var response: Response {
        Response(status: status, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
                 body: .init(byteBuffer: ByteBuffer(string: node.renderDocument())))
    }

    func response(from request: Request, context: some RequestContext) throws -> Response { response }
}

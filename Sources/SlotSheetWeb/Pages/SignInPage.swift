import Hummingbird

/// The sign-in form.
struct SignInPage {
    let frame: PageFrame
    let next: String?
    let name: String
    /// A message above the form: ("error" or "ok", text).
    let notice: (String, String)?

    func response(status: HTTPResponse.Status) -> Response {
        let w = frame.words
        let node = frame.page(w.signInTitle) {
            element("div", [.class("card signin")]) {
                element("p", [.class("intro")]) { w.signInIntro }
                if let notice { frame.message(notice.0, notice.1) }
                element("form", [Attribute("method", "post"), Attribute("action", "/sign-in")]) {
                    frame.csrfField
                    if let next { element("input", [.type("hidden"), .name("next"), .value(Redirect.localPath(next))]) }
                    element("label", [.for("name")]) { w.nameLabel }
                    element("input", [.type("text"), .id("name"), .name("name"), .value(name), Attribute("autocomplete", "username"),
                                      Attribute.flag("required"), Attribute.flag("autofocus", name.isEmpty)])
                    element("label", [.for("password")]) { w.passwordLabel }
                    element("input", [.type("password"), .id("password"), .name("password"),
                                      Attribute("autocomplete", "current-password"), Attribute.flag("required"),
                                      Attribute.flag("autofocus", !name.isEmpty)])
                    element("p") { element("button", [.type("submit"), .class("primary")]) { w.signInButton } }
                }
            }
        }
        return HTMLPage(node, status: status).response
    }
}

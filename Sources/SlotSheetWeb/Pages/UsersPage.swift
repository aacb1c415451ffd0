import SlotSheetCore

/// Users (admins only): who signs in, with which role, and whether they have an API token.
struct UsersPage {
    let frame: PageFrame
    let users: [AppUser]
    let clock: OfficeClock

    var node: Node {
        let w = frame.words
        return frame.page(w.usersTitle, section: .users) {
            element("p", [.class("intro")]) { w.usersIntro }
            element("table") {
                element("thead") {
                    element("tr") {
                        for title in [w.nameLabel, w.roleColumn, w.activeColumn, w.tokenColumn, w.whenColumn] {
                            element("th", [Attribute("scope", "col")]) { title }
                        }
                    }
                }
                element("tbody") {
                    for user in users {
                        element("tr") {
                            element("td") { user.name }
                            element("td") { frame.roleName(user.role) }
                            element("td") { user.active ? w.yes : w.no }
                            element("td") { user.tokenSHA256 == nil ? w.no : w.yes }
                            element("td") { DateLabel.instant(user.createdAt, clock: clock, frame.language) }
                        }
                    }
                }
            }
        }
    }
}

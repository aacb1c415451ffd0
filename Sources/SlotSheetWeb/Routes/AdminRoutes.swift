import Hummingbird
import SlotSheetCore

/// Pages for admins only (behind `RequireUserMiddleware(role: .admin)`).
struct AdminRoutes {
    let services: WebServices

    func add(to router: some RouterMethods<WebContext>) {
        router.get("/users", use: users)
    }

    @Sendable func users(_ request: Request, context: WebContext) async throws -> HTMLPage {
        let users = try await services.database.read { try $0.users() }
        return HTMLPage(UsersPage(frame: PageFrame(context, path: "/users"), users: users, clock: services.clock).node)
    }
}

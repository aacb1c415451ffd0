import Hummingbird
import SlotSheetCore
import SlotSheetTemplates

/// Pages for admins only (behind `RequireUserMiddleware(role: .admin)`): the users, undoing a
/// batch from the history, and the tenants' notices with their retry.
struct AdminRoutes {
    let services: WebServices

    func add(to router: some RouterMethods<WebContext>) {
        router.get("/users", use: users)
        router.post("/history/:id/undo", use: undo)
        router.get("/notices", use: notices)
        router.post("/notices/:id/retry", use: retryNotice)
    }

    /// The newest notices of the outbox and its counts, read from the database.
    @Sendable func notices(_ request: Request, context: WebContext) async throws -> HTMLPage {
        let retried = request.uri.queryParameters.get("retried").flatMap { RowID($0) }
        return try await noticesPage(context, notice: retried.map { ("ok", context.language.noticePage.retried($0)) })
    }

    /// Queues a failed notice again as `slotsheet notices retry` does: 303 to the page; 404 for a
    /// notice that does not exist, 409 with why for one that has not failed.
    @Sendable func retryNotice(_ request: Request, context: WebContext) async throws -> Response {
        let user = try context.requireUser()
        guard let id = context.parameters.get("id").flatMap({ RowID($0) }) else { throw WebError.notFound }
        do {
            _ = try await services.database.run { [clock = services.clock] store in try NoticeOutbox.retry(id, store: store, now: clock.now) }
            services.logger.info("notice \(id): queued again by \(user.name)")
            return Redirect.to("/notices?retried=\(id)")
        } catch let refusal as NoticeMessage {
            let status: HTTPResponse.Status
            if case .notFound = refusal { status = .notFound } else { status = .conflict }
            return try await noticesPage(context, notice: ("error", refusal.text(context.language)), status: status).response
        }
    }

    private static let noticesShown = 200

    private func noticesPage(_ context: WebContext, notice: (String, String)?, status: HTTPResponse.Status = .ok) async throws -> HTMLPage {
        let (notices, stats) = try await services.database.read { (try $0.notices(in: nil, limit: AdminRoutes.noticesShown), try $0.noticeQueueStats()) }
        let page = NoticesPage(frame: PageFrame(context, path: "/notices"), notices: notices, stats: stats, clock: services.clock, notice: notice)
        return HTMLPage(page.node, status: status)
    }

    @Sendable func users(_ request: Request, context: WebContext) async throws -> HTMLPage {
        let users = try await services.database.read { try $0.users() }
        return HTMLPage(UsersPage(frame: PageFrame(context, path: "/users"), users: users, clock: services.clock).node)
    }

    /// Undoes a batch as `slotsheet import undo` does: 303 to the history once undone; 409 with the
    /// history and why, when it cannot be.
    @Sendable func undo(_ request: Request, context: WebContext) async throws -> Response {
        let user = try context.requireUser()
        guard let id = context.parameters.get("id").flatMap({ RowID($0) }) else { throw WebError.notFound }
        switch try await BatchUndo(services: services).undo(id, user: user) {
        case let .undone(undoBatch, _):
            return Redirect.to("/history?undone=\(id)&as=\(undoBatch)")
        case let .refused(error):
            return try await refused(context, because: error.text(context.language),
                                     status: error == .notFound(id) ? .notFound : .conflict)
        case let .refusedList(error):
            return try await refused(context, because: error.text(context.language), status: .conflict)
        case let .refusedRequests(error):
            return try await refused(context, because: error.text(context.language), status: .conflict)
        }
    }

    /// The history with why an undo was refused.
    private func refused(_ context: WebContext, because message: String, status: HTTPResponse.Status) async throws -> Response {
        let batches = try await services.database.read { try $0.importBatches(limit: PageRoutes.historyLength, outcomes: nil) }
        let page = HistoryPage(frame: PageFrame(context, path: "/history"), batches: batches, clock: services.clock,
                               notice: ("error", message))
        return HTMLPage(page.node, status: status).response
    }
}

/// Undoing a batch for the pages and the API: `UndoJob`, and its refusals in the person's language.
struct BatchUndo {
    let services: WebServices

    enum Result {
        /// Undone as the new batch; for a batch of decisions, how many requests were put back.
        case undone(RowID, requests: Int?)
        case refused(UndoError)
        /// A list batch (staff, dayparts, catalogue) whose undo its list's rules refuse.
        case refusedList(ListUndoError)
        /// A batch of decisions whose undo a later change or the planning rules refuse.
        case refusedRequests(RequestUndoError)
    }

    func undo(_ batchID: RowID, user: SignedInUser) async throws -> Result {
        do {
            let undone = try await services.database.run { [rules = services.rules, notices = services.notices] store in
                try UndoJob(store: store, rules: rules, notices: notices).undoing(batchID: batchID, operatorName: user.name)
            }
            var requests: Int?
            if case let .requests(entries, notices: _) = undone.reverted { requests = entries.count }
            services.logger.info("batch \(batchID): undone by \(user.name) as batch \(undone.batchID)\(requests.map { ", \($0) requests reverted" } ?? "")")
            return .undone(undone.batchID, requests: requests)
        } catch let error as UndoError {
            return .refused(error)
        } catch let error as ListUndoError {
            return .refusedList(error)
        } catch let error as RequestUndoError {
            return .refusedRequests(error)
        }
    }
}

import Foundation
import Hummingbird
import SlotSheetCore
import SlotSheetTemplates

/// The Requests page for office and admin users (behind `RequireUserMiddleware(role: .office)`):
/// the queue, a bulk decision's preview and apply (`BulkDecisionJob`, the plan's digest, 409 when
/// the database changed in between), its result, a request with its log, and the queue as the
/// requests workbook. The routes parse, call the core and render; the rules and the refusals are
/// the core's.
struct RequestRoutes {
    let services: WebServices

    func add(to router: some RouterMethods<WebContext>) {
        router.get("/requests", use: queue)
        router.post("/requests/decisions", use: preview)
        router.post("/requests/decisions/apply", use: apply)
        router.get("/requests/decisions/:batch", use: result)
        router.post("/requests/download", use: download)
        router.get("/requests/:id", use: detail)
    }

    /// The queue a page at a time (`page`, 200 a page), filtered by `status`, `from`, `to` and
    /// `corporation`; `select=all` ticks every box of the page. 400 with the page and why for a
    /// filter that is none.
    @Sendable func queue(_ request: Request, context: WebContext) async throws -> HTMLPage {
        let fields = FormFields(request.uri.query ?? "")
        return try await queuePage(RequestQueueQuery(fields), context: context, selectAll: fields["select"] == "all")
    }

    /// A bulk decision's preview (a dry run: nothing changes). 422 with the queue, the boxes still
    /// ticked, when the decision is none (no request ticked, a cancel without a reason).
    @Sendable func preview(_ request: Request, context: WebContext) async throws -> Response {
        let user = try context.requireUser()
        let (order, query, checked) = Self.form(FormFields(try await request.formBody(context: context)))
        let decision: BulkDecision
        switch checked {
        case let .success(checked): decision = checked
        case let .failure(error): return try await queuePage(query, context: context, refusal: error, order: order).response
        }
        let outcome = try await services.decide(decision, planDigest: nil, user: user, channel: .web)
        let page = RequestDecisionPage(frame: PageFrame(context, path: query.path(page: query.page)), order: order, query: query, preview: outcome)
        return HTMLPage(page.node, status: outcome.outcome.problems.isEmpty ? .ok : .unprocessableContent).response
    }

    /// Applies the decision whose preview the person saw (its digest is the form's `plan`): 303
    /// to the result once applied; 409 with the new preview when the requests changed since (the
    /// plan is another one); 422 when it is refused; 400 without a digest.
    @Sendable func apply(_ request: Request, context: WebContext) async throws -> Response {
        let user = try context.requireUser()
        let fields = FormFields(try await request.formBody(context: context))
        let w = context.words
        guard let digest = fields["plan"], !digest.isEmpty else { throw WebError.badRequest(w.noPlanGiven) }
        let (order, query, checked) = Self.form(fields)
        let decision = try checked.mapError { WebError.badRequest($0.text(context.language)) }.get()
        let applied = try await services.decide(decision, planDigest: digest, user: user, channel: .web)
        let frame = PageFrame(context, path: query.path(page: query.page))
        switch applied.outcome.status {
        case let .applied(batch):
            services.logger.info("requests: \(decision.action.word) of \(decision.requestIDs.count) applied by \(user.name) as batch \(batch)")
            return Redirect.to("/requests/decisions/\(batch)")
        case .planChanged, .stale:
            // What the person would apply now: the new preview, with its own digest.
            let now = try await services.decide(decision, planDigest: nil, user: user, channel: .web)
            let notice = "\(w.planChangedTitle): \(ImportReportLine.planChanged.text(context.language))"
            return HTMLPage(RequestDecisionPage(frame: frame, order: order, query: query, preview: now, notice: ("error", notice)).node,
                            status: .conflict).response
        case .nothingToChange, .dryRun:
            return HTMLPage(RequestDecisionPage(frame: frame, order: order, query: query, preview: applied).node).response
        case .rejected:
            return HTMLPage(RequestDecisionPage(frame: frame, order: order, query: query, preview: applied).node, status: .unprocessableContent).response
        }
    }

    /// What an applied decision did: its batch's log rows. 404 for a batch that is no decisions' batch.
    @Sendable func result(_ request: Request, context: WebContext) async throws -> HTMLPage {
        guard let batch = context.parameters.get("batch").flatMap({ RowID($0) }) else { throw WebError.notFound }
        let (log, notices) = try await services.database.read { (try $0.statusLog(ofBatch: batch), try $0.notices(ofBatch: batch).count) }
        guard !log.isEmpty, log.allSatisfy({ $0.channel == .web || $0.channel == .api }) else { throw WebError.notFound }
        return HTMLPage(RequestDecisionResultPage(frame: PageFrame(context, path: "/requests/decisions/\(batch)"), batch: batch, log: log,
                                                  notices: notices).node)
    }

    /// A request and its status log; 404 for a number without one.
    @Sendable func detail(_ request: Request, context: WebContext) async throws -> HTMLPage {
        guard let id = context.parameters.get("id").flatMap({ RowID($0) }), id > 0 else { throw WebError.notFound }
        guard let detail = try await services.database.run({ store in try RequestDetail.read(id, store: store) }) else { throw WebError.notFound }
        return HTMLPage(RequestDetailPage(frame: PageFrame(context, path: "/requests/\(id)"), detail: detail, clock: services.clock).node)
    }

    /// The queue with the page's filters as the requests workbook (`slotsheet requests export -o
    /// FILE.xlsx`), in the person's language, recorded, streamed and removed (a POST: the export is
    /// recorded in `export_run`). 400 for a filter that is none.
    @Sendable func download(_ request: Request, context: WebContext) async throws -> Response {
        let query = RequestQueueQuery(FormFields(try await request.formBody(context: context)))
        let filter: RequestFilter
        do {
            filter = try query.order.filter(services.clock)
        } catch let error as any OfficeMessage & Error {
            throw WebError.badRequest(error.text(context.language))
        }
        let language = context.language
        let path = services.uploads.scratchPath(extension: "xlsx")
        let name = "\(language == .nl ? "verzoeken" : "requests")-\(services.clock.today.iso).xlsx"
        return try await StreamedFile.exported(to: path, name: name, contentType: ReportFormat.xlsx.contentType, database: services.database) {
            [rules = services.rules, paper = services.office.paperSize] store in
            _ = try RequestQueueExporter(store: store, rules: rules).export(filter, to: path, language: language, paper: paper)
        }
    }

    /// The decision form: the decision as sent (the ticked `request`s, the `decision` button, the
    /// `note`), the filters to go back to, and the decision checked (or why it is none).
    static func form(_ fields: FormFields) -> (BulkDecisionOrder, RequestQueueQuery, Result<BulkDecision, BulkDecisionError>) {
        let order = BulkDecisionOrder(requests: fields.all("request"), decision: fields["decision"] ?? "", note: fields["note"], date: fields["date"],
                                      daypart: fields["daypart"], staff: fields["staff"], subcontractor: fields["subcontractor"])
        return (order, RequestQueueQuery(fields), Result { () throws(BulkDecisionError) in try order.checked() })
    }

    /// The queue page; with the filters' refusal (400) or a decision's (422, the boxes still ticked),
    /// or another notice with its status (an upload refused).
    func queuePage(_ query: RequestQueueQuery, context: WebContext, selectAll: Bool = false, refusal: BulkDecisionError? = nil,
                   order: BulkDecisionOrder? = nil, notice: (String, String)? = nil, status: HTTPResponse.Status = .ok) async throws -> HTMLPage {
        let frame = PageFrame(context, path: query.path(page: query.page))
        let filter: RequestFilter
        do {
            filter = try query.order.filter(services.clock)
        } catch let error as any OfficeMessage & Error {
            return HTMLPage(RequestsPage(frame: frame, query: query, queue: nil, notice: ("error", error.text(context.language))).node, status: .badRequest)
        }
        let limit = RequestQueuePage.maxLimit
        let queue = try await services.database.run { store in
            try RequestQueuePage.read(filter, offset: (query.page - 1) * limit, limit: limit, store: store)
        }
        var page = RequestsPage(frame: frame, query: query, queue: queue, limitMB: services.settings.uploadLimitMB, notice: notice)
        if selectAll { page.selected = Set(queue.rows.map(\.id)) }
        if let refusal {
            page.notice = ("error", refusal.text(context.language))
            page.selected = Set((order?.requests ?? []).compactMap { RowID($0) })
            page.note = order?.note ?? ""
            return HTMLPage(page.node, status: .unprocessableContent)
        }
        return HTMLPage(page.node, status: status)
    }
}

extension WebServices {
    /// A bulk decision previewed (`planDigest` nil) or applied as `user`, on a worker thread: the
    /// Requests page's and the API's one way to `BulkDecisionJob`.
    func decide(_ decision: BulkDecision, planDigest: String?, user: SignedInUser, channel: RequestChannel) async throws -> BulkDecisionOutcome {
        try await database.run { [rules, notices] store in
            try BulkDecisionJob(store: store, rules: rules, notices: notices).run(decision, planDigest: planDigest, operatorName: user.name, channel: channel)
        }
    }
}

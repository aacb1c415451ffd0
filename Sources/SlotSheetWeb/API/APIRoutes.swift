import Foundation
import Hummingbird
import HummingbirdAuth
import SlotSheetCore
import SlotSheetTemplates

/// The JSON API for scripts (`docs/openapi.yaml`): the same jobs as the pages, behind a bearer
/// token from `slotsheet user token NAME`. Errors are `{"code": ..., "message": ...}` with a
/// stable code and a message in the request's language (`Accept-Language`).
struct APIRoutes {
    let services: WebServices

    func add(to group: RouterGroup<WebContext>) {
        let api = group.add(middleware: BearerTokenMiddleware(services: services))
        api.get("/template", use: template)
        api.post("/imports", use: createImport)
        api.get("/imports/:id", use: importState)
        api.post("/imports/:id/apply", use: applyImport)
        api.get("/batches", use: batches)
        api.post("/batches/:id/undo", use: undoBatch)
        RequestAPIRoutes(services: services).add(to: api)
    }

    /// `GET /api/template?from=YYYY-MM-DD&to=YYYY-MM-DD&staff=all|CODE,CODE&lang=en|nl`: the .xlsx.
    @Sendable func template(_ request: Request, context: WebContext) async throws -> Response {
        let query = request.uri.queryParameters
        let w = context.words
        let range: DateRange
        do {
            range = try DateRangeText(from: query["from"].map(String.init) ?? "", to: query["to"].map(String.init) ?? "")
                .resolve(services.clock, limit: WebSettings.templateDaysLimit, isoOnly: true)
        } catch {
            if let bound = error.bound { throw WebError.badParameter(name: bound.rawValue, message: error.text(context.language)) }
            throw WebError.badRequest(error.text(context.language))
        }
        let staffText = query["staff"].map(String.init) ?? "all"
        let staff = StaffSelection.chosen(all: staffText == "all", list: staffText)
        if staff.namesNobody { throw WebError.badRequest(w.noStaffChosen) }
        var language = context.language
        if let text = query["lang"].map(String.init) {
            guard let chosen = Language(rawValue: text) else { throw WebError.badParameter(name: "lang", message: w.apiBadLanguage(text)) }
            language = chosen
        }
        do {
            return try await TemplateDownload.export(range: range, staff: staff, language: language, services: services)
        } catch let error as TemplateError {
            throw WebError.badRequest(error.text(context.language))
        }
    }

    /// `POST /api/imports` (multipart field `file`): 202 with `{"id": N, "state": "reading"}`.
    @Sendable func createImport(_ request: Request, context: WebContext) async throws -> Response {
        let user = try context.requireUser()
        do {
            // A bearer token is no cookie a browser sends by itself: no form token is needed.
            let id = try await UploadIntake(services: services).accept(request, user: user, words: context.words) { _ in }
            var response = try JSONBody.response(ImportState(id: id, state: UploadState.reading.rawValue, result: nil), status: .accepted)
            response.headers[.location] = "/api/imports/\(id)"
            return response
        } catch let failure as UploadReceiver.Failure {
            throw WebError.badRequest(failure.message(context.words))
        }
    }

    /// `GET /api/imports/{id}`: the state, and once read the same JSON as `slotsheet import --json`
    /// (its `planDigest` is what `apply` takes), its problems paged by `offset` and `limit` and its
    /// changes by `changesOffset` and `changesLimit` (`changesPageLimit` at most).
    @Sendable func importState(_ request: Request, context: WebContext) async throws -> Response {
        let upload = try await ownUpload(context)
        let offset = try Self.number("offset", in: request, context: context, range: 0...ProblemTally.kept, default: 0)
        let limit = try Self.number("limit", in: request, context: context, range: 1...ProblemTally.kept, default: ProblemTally.kept)
        let changesOffset = try Self.number("changesOffset", in: request, context: context, range: 0...Int(Int32.max), default: 0)
        let changesLimit = try Self.number("changesLimit", in: request, context: context, range: 1...Self.changesPageLimit,
                                           default: Self.changesPageLimit)
        return try await stateResponse(upload, page: (offset, limit), changes: (changesOffset, changesLimit), context: context)
    }

    /// The most changes one answer holds: a plan of years holds a million (79 MB of JSON unpaged).
    static let changesPageLimit = 10_000

    /// The whole-number query parameter `name`, or `default` without one; one outside `range` or
    /// not a number is refused naming it rather than quietly bent into range.
    static func number(_ name: String, in request: Request, context: WebContext, range: ClosedRange<Int>, default value: Int) throws -> Int {
        guard let text = request.uri.queryParameters[Substring(name)].map(String.init) else { return value }
        guard let number = Int(text), range.contains(number) else {
            throw WebError.badParameter(name: name, message: context.words.apiBadNumber(name, text, range.lowerBound, range.upperBound))
        }
        return number
    }

    /// `POST /api/imports/{id}/apply` with `{"planDigest": "..."}` (the `planDigest` of the state): applies that plan. 200 with the
    /// state once applied; 409 with the state and the new preview (status `plan_changed`) when the
    /// plan is no longer that one; 409 `already_applied` or `not_ready` when the upload cannot be.
    /// For a stale template, `{"planDigest": onTop.planDigest, "onTop": true}` applies the office's
    /// edits on top of the database as it is now (the page's "Apply your edits on top").
    @Sendable func applyImport(_ request: Request, context: WebContext) async throws -> Response {
        let user = try context.requireUser()
        let upload = try await ownUpload(context)
        let w = context.words
        let body = try await request.formBody(context: context)
        let sent = try ApplyRequest(body, words: w)
        switch try await UploadApply(services: services).apply(upload, planDigest: sent.planDigest, onTop: sent.onTop ?? false, user: user) {
        case let .applied(outcome):
            return try JSONBody.response(ImportState(id: upload.id!, state: UploadState.applied.rawValue,
                                                     result: ImportOutcomeJSON(outcome, context.language), batch: outcome.auditBatchID))
        case let .notApplied(outcome):
            let now = try await services.database.read { try $0.upload(id: upload.id!) } ?? upload
            return try JSONBody.response(ImportState(id: upload.id!, state: now.state.rawValue,
                                                     result: ImportOutcomeJSON(outcome, context.language)), status: .conflict)
        case let .alreadyApplied(batch):
            throw WebError.conflict(code: "already_applied", message: w.alreadyApplied(batch ?? 0))
        case let .notReady(state):
            throw WebError.conflict(code: "not_ready", message: w.cannotApply(UploadWords.stateText(state, w)))
        case .beingRead:
            throw WebError.conflict(code: "being_read", message: w.previewBeingRead)
        case let .tooManyRefused(wait):
            throw WebError.tooMany(code: "too_many_refused_applies", message: w.tooManyRefusedApplies(wait.wholeSecondsUp),
                                   retryAfterSeconds: wait.wholeSecondsUp)
        }
    }

    /// `POST /api/batches/{id}/undo` (admin role): 200 with the new batch; 409 `undo_refused` with why.
    @Sendable func undoBatch(_ request: Request, context: WebContext) async throws -> Response {
        let user = try context.requireUser()
        guard user.role == .admin else { throw WebError.forbidden(needs: .admin) }
        guard let id = context.parameters.get("id").flatMap({ RowID($0) }) else { throw WebError.notFound }
        switch try await BatchUndo(services: services).undo(id, user: user) {
        case let .undone(undoBatch, requests):
            return try JSONBody.response(UndoAnswer(batch: id, undoneAs: undoBatch, requests: requests))
        case let .refused(error):
            if error == .notFound(id) { throw WebError.notFound }
            throw WebError.conflict(code: "undo_refused", message: error.text(context.language))
        case let .refusedList(error):
            throw WebError.conflict(code: "undo_refused", message: error.text(context.language))
        case let .refusedRequests(error):
            throw WebError.conflict(code: "undo_refused", message: error.text(context.language))
        }
    }

    private func ownUpload(_ context: WebContext) async throws -> WebUpload {
        try await services.ownUpload(context)
    }

    /// The upload's state; `page` picks the problems shown (of the first `ProblemTally.kept`).
    private func stateResponse(_ upload: WebUpload, page: (offset: Int, limit: Int), changes: (offset: Int, limit: Int),
                               context: WebContext) async throws -> Response {
        let id = upload.id!
        let state = ImportState(id: id, state: upload.state.rawValue, result: nil, batch: upload.batchID,
                                rows: services.readers.progress(of: upload)?.rows)
        guard upload.state == .ready || upload.state == .refused else { return try JSONBody.response(state) }
        // No stored preview (read by a slotsheet from before them): queued to be read again; `result` comes once it is.
        let preview = try await services.readers.currentSummary(of: upload, changes: PreviewSummary.ChangesPage(offset: changes.offset, limit: changes.limit))
        let language = context.language
        // The answer (up to 10,000 changes and a plan's every date) is made on a worker thread, so
        // requests that want none of it (`/healthz`, a page) are not kept waiting behind it.
        return try await services.database.offload { [state] in
            var state = state
            if preview == nil { state.beingRead = true }
            switch preview?.result {
            case let .checked(summary)?:
                state.result = ImportOutcomeJSON(summary, language)
                state.result?.pageProblems(offset: page.offset, limit: page.limit)
                // A stale template: the plan of its edits on top, as the page offers it.
                state.onTop = preview?.onTop.map { ImportOutcomeJSON($0, language) }
            case let .unreadable(error)?:
                // The same code as `slotsheet import --json` gives this refusal.
                state.errorCode = error.jsonStatus
                state.error = error.text(language)
            case nil: break
            }
            return try JSONBody.response(state)
        }
    }

    /// `GET /api/batches?limit=N&offset=M&outcome=O&user=U`: the import batches, newest first, as
    /// the history page shows them (`HistoryQuery`); `limit` is 1 to 1000 (default 50), and
    /// anything else is refused naming it rather than quietly bent into range.
    @Sendable func batches(_ request: Request, context: WebContext) async throws -> Response {
        let batches = try await HistoryQuery(request, context: context).batches(services).batches
        return try JSONBody.response(batches.map { BatchJSON($0, clock: services.clock) })
    }
}

/// The body of `POST /api/imports/{id}/apply`: the digest of the plan seen, and `onTop` to apply
/// a stale template's edits on top (then the digest is the state's `onTop.planDigest`).
struct ApplyRequest: Decodable {
    let planDigest: String
    let onTop: Bool?

    /// Reads the body, refusing it with a message of our own for each way it can be wrong (the
    /// decoder's descriptions are English and name Swift types, so none reaches the answer).
    init(_ body: ByteBuffer, words: WebWords) throws {
        let sent: ApplyRequest
        do {
            sent = try JSONDecoder().decode(ApplyRequest.self, from: body)
        } catch {
            throw WebError.badRequest(Self.message(error, words))
        }
        guard !sent.planDigest.isEmpty else { throw WebError.badRequest(words.apiPlanDigestMissing) }
        self = sent
    }

    /// The field a decoding error is about, if it is one of ours; else the body is no JSON object of this shape.
    private static func message(_ error: any Error, _ words: WebWords) -> String {
        let field: CodingKey?
        switch error as? DecodingError {
        case let .keyNotFound(key, _)?: field = key
        case let .valueNotFound(_, context)?, let .typeMismatch(_, context)?: field = context.codingPath.first
        default: field = nil
        }
        switch field?.stringValue {
        case CodingKeys.planDigest.stringValue?: return words.apiPlanDigestMissing
        case CodingKeys.onTop.stringValue?: return words.apiOnTopNotBoolean
        default: return words.apiBodyNotJSON
        }
    }
}

/// The answer of `POST /api/batches/{id}/undo`.
struct UndoAnswer: Encodable {
    let batch: RowID
    let undoneAs: RowID
    /// For a batch of repair-request decisions: how many requests were put back (left out otherwise).
    let requests: Int?
}

/// An upload as the API shows it.
struct ImportState: Encodable, Sendable {
    let id: RowID
    let state: String
    var result: ImportOutcomeJSON?
    /// For a stale template: what applying its edits on top of the database as it is now would do.
    var onTop: ImportOutcomeJSON?
    /// For a file refused whole: `slotsheet import --json`'s status for it (`template_edited`, `unreadable`).
    var errorCode: String?
    var error: String?
    var batch: RowID?
    var rows: Int?
    /// The upload was read by a slotsheet from before stored previews, and the instance asked is
    /// reading it again for its preview: ask again.
    var beingRead: Bool?

    init(id: RowID, state: String, result: ImportOutcomeJSON?, error: String? = nil, batch: RowID? = nil, rows: Int? = nil) {
        self.id = id
        self.state = state
        self.result = result
        self.error = error
        self.batch = batch
        self.rows = rows
    }
}

/// A batch as the API shows it.
struct BatchJSON: Encodable {
    let id: RowID
    let kind: String
    let revertsBatch: RowID?
    let file: String
    let sha256: String
    let operatorName: String
    let createdAt: String
    let from: String?
    let to: String?
    let added: Int
    let removed: Int
    let unchanged: Int
    let outcome: String
    /// The list a list batch changed (`staff`, `dayparts`, `catalogue`); absent for availability.
    let list: String?

    enum CodingKeys: String, CodingKey {
        case id, kind, revertsBatch = "reverts_batch", file, sha256, operatorName = "operator", createdAt = "created_at"
        case from, to, added, removed, unchanged, outcome, list
    }

    /// `created_at` is ISO 8601 with the office's offset (`2026-11-25T21:05:24+01:00`).
    init(_ batch: ImportBatch, clock: OfficeClock) {
        id = batch.id ?? 0
        kind = batch.kind.rawValue
        revertsBatch = batch.revertsBatchID
        file = batch.fileName
        sha256 = batch.sha256
        operatorName = batch.operatorName
        createdAt = clock.moment(batch.createdAt).iso
        from = batch.range?.from.iso
        to = batch.range?.to.iso
        added = batch.added
        removed = batch.removed
        unchanged = batch.unchanged
        outcome = batch.outcome.rawValue
        list = batch.listKind?.rawValue
    }
}

/// The API's door: `Authorization: Bearer TOKEN` of an active user, else 401.
struct BearerTokenMiddleware: RouterMiddleware {
    typealias Context = WebContext
    let services: WebServices

    func handle(_ request: Request, context: WebContext, next: (Request, WebContext) async throws -> Response) async throws -> Response {
        guard let token = request.headers.bearer?.token else { throw WebError.tokenRequired }
        let user = try await services.database.run { [clock = services.clock] store in
            try UserDirectory(store: store, clock: clock).user(token: token)
        }
        guard let user, let id = user.id else { throw WebError.tokenRequired }
        var context = context
        context.user = SignedInUser(id: id, name: user.name, role: user.role)
        context.requestNote.user = context.user
        return try await next(request, context)
    }
}

import Foundation
import Hummingbird
import SlotSheetCore
import SlotSheetTemplates

/// The requests workbook uploaded back from the Requests page (office and admin users): one more
/// kind of upload (`UploadKind.requests`) on the one upload pipeline. `UploadIntake` stores its
/// row and bytes, any instance's reading queue reads and checks it off the request path
/// (`RequestUploads`) and stores its decision preview and error workbooks once, its page shows the
/// stored preview, and the apply (`RequestUploadJob`) applies only the plan with the digest the
/// person saw, moving the upload to `applied` in the decisions' own transaction.
struct RequestUploadRoutes {
    let services: WebServices

    func add(to router: some RouterMethods<WebContext>) {
        router.post("/requests/upload", use: upload)
        router.get("/request-uploads/:id", use: page)
        router.get("/request-uploads/:id/progress", use: progress)
        router.post("/request-uploads/:id/apply", use: apply)
        router.get("/request-uploads/:id/errors.xlsx", use: errorWorkbook)
    }

    /// 303 to the upload's page, where it is previewed once read; else the Requests page with why
    /// not: 400 (no file, not a form), 413 (too large).
    @Sendable func upload(_ request: Request, context: WebContext) async throws -> Response {
        try await UploadIntake(services: services).acceptForm(request, context: context, kind: .requests, page: { "/request-uploads/\($0)" }) {
            try await RequestRoutes(services: services).queuePage(RequestQueueQuery(FormFields("")), context: context, notice: ("error", $0),
                                                                  status: $1).response
        }
    }

    /// The upload's page: while it is read, its progress; then its stored decision preview (200),
    /// or why it cannot be applied (422: unreadable, or with problems, each with its place); once
    /// applied, its batch.
    @Sendable func page(_ request: Request, context: WebContext) async throws -> Response {
        try await render(try await ownUpload(context), context: context)
    }

    @Sendable func progress(_ request: Request, context: WebContext) async throws -> Response {
        try UploadProgress.response(try await ownUpload(context), services: services, words: context.words)
    }

    /// The error workbook `requests import --errors-out` writes, made once in each language when
    /// the upload was read (409 when it has none, or was applied).
    @Sendable func errorWorkbook(_ request: Request, context: WebContext) async throws -> Response {
        try await UploadErrorWorkbook(services: services).response(for: try await ownUpload(context), language: context.language,
                                                                   words: context.words)
    }

    /// Applies the plan the person saw (its digest is the form's `plan`; `on_top=1`: a stale
    /// workbook's own edits on top, as `--force`): 303 to the upload once applied (or found to
    /// have nothing to change); 409 with the new preview when the requests changed since or the
    /// upload was applied already or cannot be; 429 after too many refused applies; 400 without a
    /// digest.
    @Sendable func apply(_ request: Request, context: WebContext) async throws -> Response {
        let user = try context.requireUser()
        let upload = try await ownUpload(context)
        let id = upload.id!
        let fields = FormFields(try await request.formBody(context: context))
        let w = context.words
        guard let digest = fields["plan"], !digest.isEmpty else { throw WebError.badRequest(w.noPlanGiven) }
        let applied = try await services.database.run { [rules = services.rules, notices = services.notices, scratch = services.uploadScratch] store in
            try RequestUploadJob(store: store, rules: rules, notices: notices, scratch: scratch)
                .apply(upload, planDigest: digest, onTop: fields["on_top"] == "1", operatorName: user.name)
        }
        guard let notice = try applied.refusalNotice(context) else {
            if case let .applied(batch) = applied { services.logger.info("requests upload \(id): applied by \(user.name) as batch \(batch)") }
            return Redirect.to("/request-uploads/\(id)")
        }
        let now = try await services.database.read { try $0.upload(id: id) } ?? upload
        return try await render(now, notice: notice, status: .conflict, context: context)
    }

    /// The page of a requests upload as its row and its stored preview say (reads only); `status`
    /// instead of the page's own when given (an apply's 409).
    private func render(_ upload: WebUpload, notice: (String, String)? = nil, status: HTTPResponse.Status? = nil,
                        context: WebContext) async throws -> Response {
        guard let id = upload.id else { throw WebError.notFound }
        let w = context.words
        var page = RequestUploadPage(frame: PageFrame(context, path: "/request-uploads/\(id)"), fileName: upload.fileName, uploadID: id,
                                     notice: notice)
        if let staged = try await services.stagedPage(page, of: upload, notice: notice, nothingToChange: context.language.requestPage.nothingToChange,
                                                      status: status) {
            return staged
        }
        guard let preview = try await services.database.read({ try StoredDecisionPreview.read(uploadID: id, from: $0) }) else {
            throw WebError.conflict(code: "no_preview", message: w.cannotApply(UploadWords.stateText(upload.state, w)))
        }
        page.preview = preview
        switch preview.result {
        case let .unreadable(refusal):
            page.notice = notice ?? ("error", "\(w.unreadableFile): \(refusal.text(context.language))")
            return HTMLPage(page.node, status: status ?? .unprocessableContent).response
        case let .checked(outcome, _) where outcome.problemTotal > 0 && !preview.canApplyOnTop:
            return HTMLPage(page.node, status: status ?? .unprocessableContent).response
        case .checked:
            return HTMLPage(page.node, status: status ?? .ok).response
        }
    }

    /// The requests upload named in the path, the user's own (or an admin's to see): else 404.
    private func ownUpload(_ context: WebContext) async throws -> WebUpload {
        try await services.ownUpload(context, kinds: [.requests])
    }
}

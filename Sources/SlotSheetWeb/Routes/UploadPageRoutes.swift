import Hummingbird
import SlotSheetCore
import SlotSheetTemplates

/// A kind of upload with a page of its own on the one upload pipeline (a list, the requests
/// workbook): what `UploadPageRoutes` asks of it. The kind decides only which form the file comes
/// from, which page shows it and which job applies it; the routes, their statuses and the
/// pipeline's steps are the same for every such kind.
protocol PageUploadKind: Sendable {
    associatedtype Preview: CheckedPreview
    associatedtype Page: UploadStagePage where Page.Preview == Preview

    /// Where the form posts the file (`/lists/:kind`, `/requests/upload`).
    var formPath: String { get }
    /// Where an upload's pages are (`/list-uploads`); its id follows.
    var pagePath: String { get }
    /// The upload kinds these pages show: any other upload is 404, as a missing one is.
    var kinds: Set<UploadKind> { get }
    /// How the log names an upload of the kind ("list upload").
    var logName: String { get }

    /// The kind of a file posted to `formPath` (a list's is named in the path: 404 for another word).
    func uploadKind(_ context: WebContext) throws -> UploadKind
    /// The page the form is on again, saying why the file was not taken (`message`, with `status`).
    func formRefused(_ message: String, status: HTTPResponse.Status, context: WebContext, services: WebServices) async throws -> Response
    /// The upload's page, its preview not yet set.
    func page(of upload: WebUpload, id: RowID, notice: (String, String)?, context: WebContext) throws -> Page
    /// What the page says of an upload found with nothing to change.
    func nothingToChange(_ upload: WebUpload, context: WebContext) -> String
    /// Whether the page of a preview with nothing to change says so in its notice too (a list's).
    var noticesNothingToChange: Bool { get }
    /// Whether the page of a readable preview answers 422: it cannot be applied as it is.
    func refuses(_ outcome: Preview.Outcome, of preview: Preview) -> Bool
    /// Applies the plan with `planDigest` (`onTop`: a stale file's own edits on top) with the kind's job.
    func apply(_ upload: WebUpload, planDigest: String, onTop: Bool, operatorName: String,
               services: WebServices) async throws -> UploadApplied<Preview>
}

/// The routes of an upload with a page of its own, for every such kind: the form's upload, the
/// upload's page (its progress, then its stored preview), its progress for the script, its apply
/// with the digest the person saw, and its error workbook. An upload goes through the one
/// pipeline (`UploadKind`): its row and bytes are stored by `UploadIntake`, any instance's reading
/// queue reads and checks it off the request path and stores its preview and error workbooks
/// once, and its page shows the stored preview (no view reads the file again). The apply (the
/// kind's job) applies the file only while its plan still has the digest, moving the upload to
/// `applied` in the same transaction.
struct UploadPageRoutes<Kind: PageUploadKind> {
    let services: WebServices
    let kind: Kind

    func add(to router: some RouterMethods<WebContext>) {
        router.post(RouterPath(kind.formPath), use: upload)
        router.get(RouterPath("\(kind.pagePath)/:id"), use: page)
        router.post(RouterPath("\(kind.pagePath)/:id/apply"), use: apply)
        UploadFileRoutes(services: services, pagePath: kind.pagePath, kinds: kind.kinds).add(to: router)
    }

    /// 303 to the upload's page, where it is previewed once read; else the form's page with why
    /// not: 400 (no file, not a form), 413 (too large).
    @Sendable func upload(_ request: Request, context: WebContext) async throws -> Response {
        try await UploadIntake(services: services).acceptForm(request, context: context, kind: try kind.uploadKind(context),
                                                              page: { [pagePath = kind.pagePath] in "\(pagePath)/\($0)" }) {
            try await kind.formRefused($0, status: $1, context: context, services: services)
        }
    }

    /// The upload's page: while it is read, its progress (the page refreshes itself); then its
    /// stored preview (200), or why it cannot be applied (422: unreadable, or with problems, each
    /// with its place); once applied, its batch.
    @Sendable func page(_ request: Request, context: WebContext) async throws -> Response {
        try await render(try await ownUpload(context), context: context)
    }

    /// Applies the plan the person saw (its digest is the form's `plan`; `on_top=1`: a stale
    /// workbook's own edits on top, as `--force`): 303 to the upload once applied (or found to
    /// have nothing to change); 409 with the new preview when the plan changed or the file is now
    /// refused, or when the upload was applied already or cannot be; 429 after too many refused
    /// applies; 400 without a digest.
    @Sendable func apply(_ request: Request, context: WebContext) async throws -> Response {
        let user = try context.requireUser()
        let upload = try await ownUpload(context)
        let id = upload.id!
        let form = try await UploadApplyForm(request, context: context)
        let applied = try await kind.apply(upload, planDigest: form.digest, onTop: form.onTop, operatorName: user.name, services: services)
        guard let notice = try applied.refusalNotice(context) else {
            if case let .applied(batch) = applied { services.logger.info("\(kind.logName) \(id): applied by \(user.name) as batch \(batch)") }
            return Redirect.to("\(kind.pagePath)/\(id)")
        }
        let now = try await services.database.read { try $0.upload(id: id) } ?? upload
        return try await render(now, notice: notice, status: .conflict, context: context)
    }

    /// The page of an upload as its row and its stored preview say (reads only): being read,
    /// applied (or found with nothing to change when applied), discarded or expired, or its
    /// preview: 422 when the file is unreadable or cannot be applied as it is, 200 otherwise;
    /// `status` instead when given (an apply's 409).
    func render(_ upload: WebUpload, notice: (String, String)? = nil, status: HTTPResponse.Status? = nil,
                context: WebContext) async throws -> Response {
        guard let id = upload.id else { throw WebError.notFound }
        let w = context.words
        var page = try kind.page(of: upload, id: id, notice: notice, context: context)
        let nothingToChange = kind.nothingToChange(upload, context: context)
        if let staged = try await services.stagedPage(page, of: upload, notice: notice, nothingToChange: nothingToChange, status: status) {
            return staged
        }
        guard let preview = try await services.database.read({ try Kind.Preview.stored(uploadID: id, from: $0) }) else {
            throw WebError.conflict(code: "no_preview", message: w.cannotApply(UploadWords.stateText(upload.state, w)))
        }
        page.preview = preview
        switch preview.result {
        case let .unreadable(refusal):
            page.notice = notice ?? ("error", "\(w.unreadableFile): \(refusal.text(context.language))")
            return HTMLPage(page.node, status: status ?? .unprocessableContent).response
        case let .checked(outcome, _) where kind.refuses(outcome, of: preview):
            return HTMLPage(page.node, status: status ?? .unprocessableContent).response
        case let .checked(outcome, _):
            if kind.noticesNothingToChange && outcome.isEmpty && notice == nil { page.notice = ("ok", nothingToChange) }
            return HTMLPage(page.node, status: status ?? .ok).response
        }
    }

    /// The upload named in the path, of one of the kind's upload kinds, if it is the user's own
    /// or the user is an admin: else 404, whether it is missing, someone else's or another kind.
    private func ownUpload(_ context: WebContext) async throws -> WebUpload {
        try await services.ownUpload(context, kinds: kind.kinds)
    }
}

/// The routes every upload has, whatever its kind and page: its progress for the page's script,
/// and its error workbook.
struct UploadFileRoutes {
    let services: WebServices
    /// Where the upload's pages are (`/uploads`); its id follows.
    let pagePath: String
    /// The upload kinds of those pages: any other upload is 404.
    let kinds: Set<UploadKind>

    func add(to router: some RouterMethods<WebContext>) {
        router.get(RouterPath("\(pagePath)/:id/progress"), use: progress)
        router.get(RouterPath("\(pagePath)/:id/errors.xlsx"), use: errorWorkbook)
    }

    /// `{"state": "reading", "rows": 120, "total": 744, "text": "120 rows read"}` for the progress script.
    @Sendable func progress(_ request: Request, context: WebContext) async throws -> Response {
        try UploadProgress.response(try await services.ownUpload(context, kinds: kinds), services: services, words: context.words)
    }

    /// The error workbook of an upload with problems (the one the kind's `import --errors-out`
    /// writes), made once in each language when it was read and streamed from the database (409
    /// when it has none, or was applied).
    @Sendable func errorWorkbook(_ request: Request, context: WebContext) async throws -> Response {
        try await UploadErrorWorkbook(services: services).response(for: try await services.ownUpload(context, kinds: kinds),
                                                                   language: context.language, words: context.words)
    }
}

/// What an apply form posts, for an upload of any kind: the digest of the plan the person saw
/// (`plan`; 400 without one) and whether a stale file's own edits go on top (`on_top=1`).
struct UploadApplyForm {
    let digest: String
    let onTop: Bool

    init(_ request: Request, context: WebContext) async throws {
        let fields = FormFields(try await request.formBody(context: context))
        guard let digest = fields["plan"], !digest.isEmpty else { throw WebError.badRequest(context.words.noPlanGiven) }
        self.digest = digest
        onTop = fields["on_top"] == "1"
    }
}

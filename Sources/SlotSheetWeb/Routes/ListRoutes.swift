import Foundation
import Hummingbird
import SlotSheetCore
import SlotSheetTemplates

/// The Lists page for everyone signed in: the lists and their downloads (a POST: the export is
/// recorded in `export_run`, and a GET never changes anything).
struct ListRoutes {
    let services: WebServices

    func add(to router: some RouterMethods<WebContext>) {
        router.get("/lists", use: lists)
        router.post("/lists/:kind/download", use: download)
    }

    @Sendable func lists(_ request: Request, context: WebContext) async throws -> HTMLPage {
        try await ListPageRender(services: services).lists(context)
    }

    /// The same workbook as `slotsheet staff|dayparts|catalogue export -o FILE.xlsx`, in the
    /// person's language, written into the private folder, streamed and removed (`StreamedFile`):
    /// a catalogue of 50,000 defects is never held whole in memory.
    @Sendable func download(_ request: Request, context: WebContext) async throws -> Response {
        let kind = try ListRoutes.kind(context)
        let language = context.language
        let path = services.uploads.scratchPath(extension: "xlsx")
        do {
            _ = try await services.database.run { [rules = services.rules, paper = services.office.paperSize] store in
                try ListExporter(store: store, rules: rules).export(kind, to: path, language: language, paper: paper)
            }
        } catch {
            try? FileManager.default.removeItem(atPath: path)
            throw error
        }
        let name = "\(kind.title(language).lowercased())-\(services.clock.today.iso).xlsx"
        return try StreamedFile.response(path, name: name, contentType: ReportFormat.xlsx.contentType)
    }

    /// The list named in the path (`:kind`); 404 for any other word.
    static func kind(_ context: WebContext) throws -> ListKind {
        guard let kind = context.parameters.get("kind").flatMap(ListKind.init(rawValue:)) else { throw WebError.notFound }
        return kind
    }
}

/// Changing a list (admins only): upload an edited one, see its preview, apply it. A list upload
/// goes through the one upload pipeline (`UploadKind`): its row and bytes are stored by
/// `UploadIntake`, any instance's reading queue reads and checks it off the request path and
/// stores its preview and error workbooks once, and its page shows the stored preview (no view
/// reads the file again). The preview carries the plan's digest, and the apply
/// (`ListUploadJob`) applies the file only while its plan still has that digest, moving the
/// upload to `applied` in the same transaction.
struct ListAdminRoutes {
    let services: WebServices

    func add(to router: some RouterMethods<WebContext>) {
        router.post("/lists/:kind", use: upload)
        router.get("/list-uploads/:id", use: preview)
        router.get("/list-uploads/:id/progress", use: progress)
        router.post("/list-uploads/:id/apply", use: apply)
        router.get("/list-uploads/:id/errors.xlsx", use: errorWorkbook)
    }

    /// 303 to the upload's page, where it is previewed once read; else the Lists page with why
    /// not: 400 (no file, not a form), 413 (too large).
    @Sendable func upload(_ request: Request, context: WebContext) async throws -> Response {
        let kind = try ListRoutes.kind(context)
        return try await UploadIntake(services: services).acceptForm(request, context: context, kind: UploadKind(kind), page: { "/list-uploads/\($0)" }) {
            try await ListPageRender(services: services).lists(context, notice: ("error", $0), status: $1).response
        }
    }

    /// The error workbook of an upload with problems, made once when it was read and streamed
    /// from the database (409 when it has none, or was applied).
    @Sendable func errorWorkbook(_ request: Request, context: WebContext) async throws -> Response {
        try await UploadErrorWorkbook(services: services).response(for: try await ownUpload(context), language: context.language,
                                                                   words: context.words)
    }

    /// The upload's page: while it is read, its progress (the page refreshes itself); then its
    /// stored preview (200), or why it cannot be applied (422: unreadable, or with problems, each
    /// with its place); once applied, its batch.
    @Sendable func preview(_ request: Request, context: WebContext) async throws -> Response {
        try await ListPageRender(services: services).page(of: try await ownUpload(context), context: context)
    }

    /// `{"state": "reading", "rows": 120, ...}` for the progress script, as an availability upload's.
    @Sendable func progress(_ request: Request, context: WebContext) async throws -> Response {
        try UploadProgress.response(try await ownUpload(context), services: services, words: context.words)
    }

    /// Applies the plan the person saw (its digest is the form's `plan`; `on_top=1`: a stale list
    /// workbook's edits on top, as `--force`): 303 to the upload once applied (or found to have
    /// nothing to change); 409 with the new preview when the plan changed or the file is now
    /// refused, or when the upload was applied already or cannot be; 429 after too many refused
    /// applies; 400 without a digest.
    @Sendable func apply(_ request: Request, context: WebContext) async throws -> Response {
        let user = try context.requireUser()
        let upload = try await ownUpload(context)
        let id = upload.id!
        let fields = FormFields(try await request.formBody(context: context))
        let w = context.words
        guard let digest = fields["plan"], !digest.isEmpty else { throw WebError.badRequest(w.noPlanGiven) }
        let render = ListPageRender(services: services)
        let applied = try await services.database.run { [rules = services.rules, scratch = services.uploadScratch] store in
            try ListUploadJob(store: store, rules: rules, scratch: scratch)
                .apply(upload, planDigest: digest, onTop: fields["on_top"] == "1", operatorName: user.name)
        }
        guard let notice = try applied.refusalNotice(context) else {
            if case let .applied(batch) = applied { services.logger.info("list upload \(id): applied by \(user.name) as batch \(batch)") }
            return Redirect.to("/list-uploads/\(id)")
        }
        let now = try await services.database.read { try $0.upload(id: id) } ?? upload
        return try await render.page(of: now, notice: notice, status: .conflict, context: context)
    }

    /// The list upload named in the path, if it is the user's own or the user is an admin (only
    /// admins come here): else 404, whether it is missing, someone else's or not a list.
    private func ownUpload(_ context: WebContext) async throws -> WebUpload {
        try await services.ownUpload(context, kinds: Set(ListKind.allCases.map(UploadKind.init)))
    }
}

/// The Lists page and a list upload's page: shared by the routes above.
struct ListPageRender {
    let services: WebServices

    func lists(_ context: WebContext, notice: (String, String)? = nil, status: HTTPResponse.Status = .ok) async throws -> HTMLPage {
        let counts = try await services.database.run { [rules = services.rules] store in try ListExporter(store: store, rules: rules).counts() }
        return HTMLPage(ListsPage(frame: PageFrame(context, path: "/lists"), counts: counts, limitMB: services.settings.uploadLimitMB,
                                  notice: notice).node, status: status)
    }

    /// The page of a list upload as its row and its stored preview say (reads only): being read,
    /// applied (or found with nothing to change when applied), discarded or expired, or its
    /// preview: 422 when the file is unreadable or has problems, 200 otherwise; `status` instead
    /// when given (an apply's 409).
    func page(of upload: WebUpload, notice: (String, String)? = nil, status: HTTPResponse.Status? = nil,
              context: WebContext) async throws -> Response {
        guard let id = upload.id, let kind = upload.kind.list else { throw WebError.notFound }
        let w = context.words
        var page = ListPreviewPage(frame: PageFrame(context, path: "/list-uploads/\(id)"), kind: kind, fileName: upload.fileName, uploadID: id,
                                   preview: nil, notice: notice)
        if let staged = try await services.stagedPage(page, of: upload, notice: notice, nothingToChange: "\(kind.title(context.language)): \(w.nothingToChange)",
                                                      status: status) {
            return staged
        }
        guard let preview = try await services.database.read({ try StoredListPreview.read(uploadID: id, from: $0) }) else {
            throw WebError.conflict(code: "no_preview", message: w.cannotApply(UploadWords.stateText(upload.state, w)))
        }
        page.preview = preview
        switch preview.result {
        case let .unreadable(refusal):
            page.notice = notice ?? ("error", "\(w.unreadableFile): \(refusal.text(context.language))")
            return HTMLPage(page.node, status: status ?? .unprocessableContent).response
        case let .checked(outcome, _) where outcome.problemTotal > 0 || outcome.status == .rejected:
            return HTMLPage(page.node, status: status ?? .unprocessableContent).response
        case let .checked(outcome, _):
            if outcome.isEmpty && notice == nil { page.notice = ("ok", "\(kind.title(context.language)): \(w.nothingToChange)") }
            return HTMLPage(page.node, status: status ?? .ok).response
        }
    }
}

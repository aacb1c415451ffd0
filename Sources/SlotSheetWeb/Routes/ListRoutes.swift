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

/// Changing a list (admins only): upload an edited one, see its preview, apply it.
///
/// The upload is read and checked at once (a list is small; the upload limit applies). A file that
/// cannot be read, or has nothing to change, is answered so and not kept; one with problems is
/// answered with them and kept (`list_upload`, swept with the others) for its error workbook; one
/// with changes is kept and its preview shown from there, so any instance shows it and applies it. The preview page carries the plan's digest, and the apply applies the file only
/// while its plan still has that digest, marking the upload applied in the same transaction.
struct ListAdminRoutes {
    let services: WebServices

    func add(to router: some RouterMethods<WebContext>) {
        router.post("/lists/:kind", use: upload)
        router.get("/list-uploads/:id", use: preview)
        router.post("/list-uploads/:id/apply", use: apply)
        router.get("/list-uploads/:id/errors.xlsx", use: errorWorkbook)
    }

    /// 303 to the preview when the file would change something; else the page with why not:
    /// 200 (nothing to change), 400 (no file, not a form), 413 (too large), 422 (unreadable or
    /// with problems, every one with its place).
    @Sendable func upload(_ request: Request, context: WebContext) async throws -> Response {
        let user = try context.requireUser()
        let kind = try ListRoutes.kind(context)
        let render = ListPageRender(services: services)
        let received: UploadReceiver.Received
        do {
            received = try await UploadReceiver(folder: services.uploads, limitBytes: services.settings.uploadLimitBytes).receive(request) { token in
                try CSRFMiddleware.check(token, context: context, cookie: request.cookies[CSRFMiddleware.cookieName].map { String($0.value) })
            }
        } catch let failure as UploadReceiver.Failure {
            return try await render.lists(context, notice: ("error", failure.message(context.words)), status: .badRequest).response
        } catch let error as WebError {
            guard case let .tooLarge(limit) = error else { throw error }
            var response = try await render.lists(context, notice: ("error", context.words.fileTooLarge(limit)), status: .contentTooLarge).response
            // The rest of the body is not read: the connection closes after this answer.
            response.headers[.connection] = "close"
            return response
        }
        let stored = services.uploads.file(received.storedName)!
        defer { services.uploads.remove(received.storedName) }
        let contents = try await services.database.offload { try Data(contentsOf: URL(fileURLWithPath: stored)) }
        let upload = ListUpload(userID: user.id, kind: kind, fileName: received.clientName, contents: contents,
                                createdAt: Timestamp.iso(services.clock.now))
        let checked = try await render.check(upload, operatorName: user.name)
        guard case let .checked(outcome, _) = checked, outcome.status == .dryRun, !outcome.plan.isEmpty else {
            // Kept when it has problems, for the error workbook its page offers (and a stale
            // list workbook for its apply on top).
            let kept = checked.hasProblems ? try await keep(upload, user: user) : nil
            return try await render.refusal(checked, upload: upload, uploadID: kept, context: context)
        }
        return Redirect.to("/list-uploads/\(try await keep(upload, user: user))")
    }

    /// Stores the upload (removing uploads past their expiry), and says so in the log.
    private func keep(_ upload: ListUpload, user: SignedInUser) async throws -> RowID {
        let expired = Timestamp.iso(services.clock.now.addingTimeInterval(-TimeInterval(services.settings.uploadExpiry.components.seconds)))
        let id = try await services.database.write { session in
            try session.deleteListUploads(createdBefore: expired)
            return try session.insertListUpload(upload)
        }
        services.logger.info("list upload \(id): \(upload.kind.rawValue), \(upload.contents.count) bytes from \(user.name)")
        return id
    }

    /// The error workbook of an upload with problems: the very file `slotsheet staff|dayparts|catalogue
    /// import --errors-out` writes (`ErrorWorkbook.write(list:)`), made from the upload's bytes and
    /// its problems now, in the person's language, streamed and removed. 409 when it has none (or
    /// was applied).
    @Sendable func errorWorkbook(_ request: Request, context: WebContext) async throws -> Response {
        let (id, upload) = try await ownUpload(context)
        let w = context.words
        let checked = upload.batchID == nil ? try await ListPageRender(services: services).check(upload, operatorName: context.requireUser().name) : nil
        guard case let .checked(outcome, _)? = checked, !outcome.problems.isEmpty else {
            throw WebError.conflict(code: "no_error_workbook", message: w.errorWorkbookUnavailable)
        }
        let language = context.language
        let source = services.uploads.scratchPath(extension: "upload")
        let path = services.uploads.scratchPath(extension: "xlsx")
        do {
            try await services.database.offload { [paper = services.office.paperSize] in
                defer { try? FileManager.default.removeItem(atPath: source) }
                guard FileManager.default.createFile(atPath: source, contents: upload.contents, attributes: [.posixPermissions: 0o600]) else {
                    throw CocoaError(.fileWriteUnknown)
                }
                try ErrorWorkbook.write(list: upload.kind, source: source, problems: outcome.problems, language: language, paper: paper, to: path)
            }
        } catch {
            try? FileManager.default.removeItem(atPath: path)
            throw error
        }
        // The client's file name is not used: a name from the upload's number.
        return try StreamedFile.response(path, name: "\(language == .nl ? "fouten" : "errors")-list-upload-\(id).xlsx",
                                         contentType: ReportFormat.xlsx.contentType)
    }

    /// The preview, checked again now against the database as it is (reads only).
    @Sendable func preview(_ request: Request, context: WebContext) async throws -> Response {
        let (id, upload) = try await ownUpload(context)
        let render = ListPageRender(services: services)
        if let batch = upload.batchID {
            // Applied, or found with nothing to change when it was applied (the batch says which).
            guard try await services.database.read({ try $0.importBatch(id: batch) })?.outcome == .unchanged else {
                return render.page(upload, id: id, outcome: nil, appliedBatch: batch, context: context).response
            }
            return render.page(upload, id: id, outcome: nil, notice: ("ok", context.words.nothingToChange), context: context).response
        }
        let checked = try await render.check(upload, operatorName: context.requireUser().name)
        guard case let .checked(outcome, onTop) = checked else { return try await render.refusal(checked, upload: upload, uploadID: id, context: context) }
        return render.page(upload, id: id, outcome: outcome, onTop: onTop, context: context).response
    }

    /// Applies the plan the person saw (its digest is the form's `plan`; `on_top=1`: a stale list
    /// workbook's edits on top, as `--force`): 303 to the upload once applied (or found to have
    /// nothing to change); 409 with the new preview when the plan changed or the file is now
    /// refused, or when the upload was applied already; 400 without a digest.
    @Sendable func apply(_ request: Request, context: WebContext) async throws -> Response {
        let user = try context.requireUser()
        let (id, upload) = try await ownUpload(context)
        let fields = FormFields(try await request.formBody(context: context))
        let w = context.words
        guard let digest = fields["plan"], !digest.isEmpty else { throw WebError.badRequest(w.noPlanGiven) }
        let render = ListPageRender(services: services)
        let applied = try await services.database.run { [rules = services.rules, folder = services.uploads.path] store in
            try ListUploadJob(store: store, rules: rules, scratchFolder: folder).apply(upload, id: id, planDigest: digest, onTop: fields["on_top"] == "1",
                                                                                      operatorName: user.name)
        }
        switch applied {
        case let .applied(batch):
            services.logger.info("list upload \(id): applied by \(user.name) as batch \(batch)")
            return Redirect.to("/list-uploads/\(id)")
        case .nothingToChange:
            return Redirect.to("/list-uploads/\(id)")
        case let .alreadyApplied(batch):
            return alreadyApplied(upload, id: id, batch: batch, context: context)
        case let .unreadable(error):
            return try await render.refusal(.unreadable(error), upload: upload, uploadID: id, context: context)
        case let .notApplied(outcome):
            let notice = "\(w.planChangedTitle): \(ImportReportLine.planChanged.text(context.language))"
            return render.page(upload, id: id, outcome: outcome, notice: ("error", notice), status: .conflict, context: context).response
        }
    }

    /// 409: another request applied this upload first.
    private func alreadyApplied(_ upload: ListUpload, id: RowID, batch: RowID, context: WebContext) -> Response {
        ListPageRender(services: services).page(upload, id: id, outcome: nil, appliedBatch: batch,
                                                       notice: ("error", context.words.alreadyApplied(batch)), status: .conflict,
                                                       context: context).response
    }

    /// The list upload named in the path, if it is the user's own or the user is an admin (only
    /// admins come here): else 404, whether it is missing or someone else's.
    private func ownUpload(_ context: WebContext) async throws -> (RowID, ListUpload) {
        let user = try context.requireUser()
        guard let id = context.parameters.get("id").flatMap({ RowID($0) }),
              let upload = try await services.database.read({ try $0.listUpload(id: id) }),
              upload.userID == user.id || user.role == .admin else { throw WebError.notFound }
        return (id, upload)
    }
}

/// Reading, checking and showing list uploads: shared by the routes above.
struct ListPageRender {
    let services: WebServices

    typealias Checked = ListUploadJob.Checked

    func lists(_ context: WebContext, notice: (String, String)? = nil, status: HTTPResponse.Status = .ok) async throws -> HTMLPage {
        let counts = try await services.database.run { [rules = services.rules] store in try ListExporter(store: store, rules: rules).counts() }
        return HTMLPage(ListsPage(frame: PageFrame(context, path: "/lists"), counts: counts, limitMB: services.settings.uploadLimitMB,
                                  notice: notice).node, status: status)
    }

    /// A dry run of the upload against the database as it is now (and of a stale list's edits
    /// on top), on a worker thread.
    func check(_ upload: ListUpload, operatorName: String) async throws -> Checked {
        try await services.database.run { [rules = services.rules, folder = services.uploads.path] store in
            try ListUploadJob(store: store, rules: rules, scratchFolder: folder).check(upload, operatorName: operatorName)
        }
    }

    /// A file that cannot be read or has problems (refused, or stale): 422 with why (every problem with its place);
    /// one with nothing to change: 200 with the lists and a note.
    func refusal(_ checked: Checked, upload: ListUpload, uploadID: RowID?, context: WebContext) async throws -> Response {
        switch checked {
        case let .unreadable(error):
            let notice = ("error", "\(context.words.unreadableFile): \(error.text(context.language))")
            return page(upload, id: uploadID, outcome: nil, notice: notice, status: .unprocessableContent, context: context).response
        case let .checked(outcome, onTop) where !outcome.problems.isEmpty:
            return page(upload, id: uploadID, outcome: outcome, onTop: onTop, status: .unprocessableContent, context: context).response
        case .checked:
            let notice = ("ok", "\(upload.kind.title(context.language)): \(context.words.nothingToChange)")
            return try await lists(context, notice: notice).response
        }
    }

    func page(_ upload: ListUpload, id: RowID?, outcome: ListOutcome?, onTop: ListOutcome? = nil, appliedBatch: RowID? = nil,
              notice: (String, String)? = nil, status: HTTPResponse.Status = .ok, context: WebContext) -> HTMLPage {
        let page = ListPreviewPage(frame: PageFrame(context, path: id.map { "/list-uploads/\($0)" } ?? "/lists"), kind: upload.kind,
                                   fileName: upload.fileName, uploadID: id, outcome: outcome, onTop: onTop, appliedBatch: appliedBatch,
                                   notice: notice)
        return HTMLPage(page.node, status: status)
    }
}

import Foundation
import Hummingbird
import SlotSheetCore
import SlotSheetTemplates

/// Upload, the upload list, one upload (with its progress and preview), applying and discarding
/// it. An office user sees their own uploads; an admin sees everyone's.
struct UploadRoutes {
    let services: WebServices

    func add(to router: some RouterMethods<WebContext>) {
        router.get("/upload", use: form)
        router.post("/upload", use: upload)
        router.get("/uploads", use: list)
        router.get("/uploads/:id", use: detail)
        router.post("/uploads/:id/apply", use: apply)
        router.post("/uploads/:id/discard", use: discard)
        UploadFileRoutes(services: services, pagePath: "/uploads", kinds: [.availability]).add(to: router)
    }

    @Sendable func form(_ request: Request, context: WebContext) async throws -> HTMLPage {
        HTMLPage(UploadFormPage(frame: PageFrame(context, path: "/upload"), limitMB: services.settings.uploadLimitMB, problem: nil).node)
    }

    @Sendable func upload(_ request: Request, context: WebContext) async throws -> Response {
        let user = try context.requireUser()
        do {
            let id = try await UploadIntake(services: services).accept(request, user: user, words: context.words) { token in
                try CSRFMiddleware.check(token, context: context, cookie: request.cookies[CSRFMiddleware.cookieName].map { String($0.value) })
            }
            return Redirect.to("/uploads/\(id)")
        } catch let failure as UploadReceiver.Failure {
            return HTMLPage(UploadFormPage(frame: PageFrame(context, path: "/upload"), limitMB: services.settings.uploadLimitMB,
                                           problem: failure.message(context.words)).node, status: .badRequest).response
        } catch let error as WebError {
            guard case let .tooLarge(limit) = error else { throw error }
            var response = HTMLPage(UploadFormPage(frame: PageFrame(context, path: "/upload"), limitMB: limit,
                                                   problem: context.words.fileTooLarge(limit)).node, status: .contentTooLarge).response
            // The rest of the body is not read: the connection closes after this answer.
            response.headers[.connection] = "close"
            return response
        }
    }

    @Sendable func list(_ request: Request, context: WebContext) async throws -> HTMLPage {
        let user = try context.requireUser()
        let uploads = try await services.database.read { try $0.uploads(of: user.role == .admin ? nil : user.id, limit: 200) }
        return HTMLPage(UploadListPage(frame: PageFrame(context, path: "/uploads"), uploads: uploads, showOwner: user.role == .admin,
                                       expiryHours: services.settings.uploadExpiryHours, clock: services.clock).node)
    }

    @Sendable func detail(_ request: Request, context: WebContext) async throws -> Response {
        let upload = try await ownUpload(context)
        let id = upload.id!
        let preview = try await services.readers.currentSummary(of: upload, changes: .none)
        let names = try await services.database.read { try CodeNames.read($0) }
        let page = UploadDetailPage(frame: PageFrame(context, path: "/uploads/\(id)"), upload: upload,
                                    progress: services.readers.progress(of: upload), preview: preview, notice: nil, names: names)
        // A plan's page (a table of its every date, the grid) is made on a worker thread, as the
        // API's state is, so `/healthz` and other pages are not kept waiting behind it.
        return try await services.database.offload { HTMLPage(page.node).response }
    }

    /// Applies the plan the person saw (its digest is the form's `plan`): 303 to the upload once
    /// applied; 409 with the upload's page when nothing was applied (the plan changed, the upload
    /// was applied already or cannot be).
    @Sendable func apply(_ request: Request, context: WebContext) async throws -> Response {
        let user = try context.requireUser()
        let upload = try await ownUpload(context)
        let id = upload.id!
        let form = try await UploadApplyForm(request, context: context)
        let w = context.words
        let notice: (String, String)
        switch try await UploadApply(services: services).apply(upload, planDigest: form.digest, onTop: form.onTop, user: user) {
        case .applied:
            return Redirect.to("/uploads/\(id)")
        case let .notApplied(outcome):
            if outcome.status == .planChanged {
                let cells = outcome.planChange?.difference.map { " " + w.planChangedCells($0.newlyChanged.count, $0.noLongerChanged.count) } ?? ""
                let refused = outcome.verdict == .rejected || outcome.verdict == .stale ? " " + w.planChangedNowRefused : ""
                notice = ("error", "\(w.planChangedTitle): \(ImportReportLine.planChanged.text(context.language))\(cells)\(refused)")
            } else {
                notice = ("error", w.cannotApply(w.stateRefused))
            }
        case let .alreadyApplied(batch):
            notice = ("error", w.alreadyApplied(batch ?? 0))
        case let .notReady(state):
            notice = ("error", w.cannotApply(UploadWords.stateText(state, w)))
        case .beingRead:
            notice = ("error", w.previewBeingRead)
        case let .tooManyRefused(wait):
            throw WebError.tooMany(code: "too_many_refused_applies", message: w.tooManyRefusedApplies(wait.wholeSecondsUp),
                                   retryAfterSeconds: wait.wholeSecondsUp)
        }
        let (now, names) = try await services.database.read { (try $0.upload(id: id) ?? upload, try CodeNames.read($0)) }
        return HTMLPage(UploadDetailPage(frame: PageFrame(context, path: "/uploads/\(id)"), upload: now, progress: nil,
                                         preview: services.readers.preview(of: id).map { PreviewSummary($0, changes: .none) }, notice: notice, names: names).node, status: .conflict).response
    }

    @Sendable func discard(_ request: Request, context: WebContext) async throws -> Response {
        let upload = try await ownUpload(context)
        let id = upload.id!
        let moved = try await services.database.write { try $0.moveUpload(id, from: [.ready, .refused], to: .discarded, batchID: nil) }
        if moved { services.readers.forget(id) }
        return Redirect.to("/uploads")
    }

    private func ownUpload(_ context: WebContext) async throws -> WebUpload {
        try await services.ownUpload(context)
    }
}

/// An upload's progress as the progress script reads it, for an upload of any kind.
struct UploadProgress: Codable {
    let state: String
    let rows: Int
    let total: Int
    let text: String

    static func response(_ upload: WebUpload, services: WebServices, words: WebWords) throws -> Response {
        let progress = services.readers.progress(of: upload) ?? (upload.rowsRead, upload.rowsRead)
        return try JSONBody.response(UploadProgress(state: upload.state.rawValue, rows: progress.rows, total: progress.total,
                                                    text: words.rowsRead(progress.rows)))
    }
}

/// Receiving an upload of any kind and queueing it to be read (its row and bytes in the database,
/// where any instance's reader claims it): shared by the upload page, the API and the Lists page.
struct UploadIntake {
    let services: WebServices

    func accept(_ request: Request, kind: UploadKind = .availability, user: SignedInUser, words: WebWords,
                checkToken: @escaping (String?) throws -> Void) async throws -> RowID {
        let limit = WebSettings.uploadsWaitingPerUser
        let waiting = try await services.database.read { try $0.uploads(of: user.id, limit: 200) }
            .filter { [.reading, .ready, .refused].contains($0.state) }.count
        guard waiting < limit else {
            services.logger.notice("upload by \(LogText.safe(user.name)) refused: \(waiting) uploads waiting")
            throw WebError.tooMany(code: "too_many_uploads_waiting", message: words.tooManyUploadsWaiting(limit), retryAfterSeconds: 60)
        }
        let received = try await UploadReceiver(folder: services.uploads, limitBytes: services.settings.uploadLimitBytes)
            .receive(request, checkToken: checkToken)
        let now = services.clock.now
        let upload = WebUpload(kind: kind, userID: user.id, fileName: received.clientName, storedName: received.storedName, size: received.size,
                               createdAt: Timestamp.iso(now),
                               expiresAt: Timestamp.iso(now.addingTimeInterval(TimeInterval(services.settings.uploadExpiry.components.seconds))))
        // The row and its bytes in one transaction: the queue never sees an upload without them.
        // The file received here is this instance's only until then.
        defer { services.uploads.remove(received.storedName) }
        guard let path = services.uploads.file(received.storedName) else { throw WebError.notFound }
        let id = try await services.database.write { session in
            let id = try session.insertUpload(upload)
            try UploadChunks.store(fileAt: path, uploadID: id, in: session)
            return id
        }
        services.logger.info("upload \(id): received \(received.size) bytes (\(kind.rawValue)) from \(user.name)")
        services.readers.nudge()
        return id
    }
}

extension UploadIntake {
    /// An upload from a form on a page of its own (a list's, the Requests page's): 303 to
    /// `page(id)` once stored; else that page again (`refused(message, status)`) saying why not:
    /// 400 (no file, not a form) or 413 (too large: the rest of the body is not read, and the
    /// connection closes after the answer).
    func acceptForm(_ request: Request, context: WebContext, kind: UploadKind, page: (RowID) -> String,
                    refused: (String, HTTPResponse.Status) async throws -> Response) async throws -> Response {
        let user = try context.requireUser()
        do {
            let id = try await accept(request, kind: kind, user: user, words: context.words) { token in
                try CSRFMiddleware.check(token, context: context, cookie: request.cookies[CSRFMiddleware.cookieName].map { String($0.value) })
            }
            return Redirect.to(page(id))
        } catch let failure as UploadReceiver.Failure {
            return try await refused(failure.message(context.words), .badRequest)
        } catch let error as WebError {
            guard case let .tooLarge(limit) = error else { throw error }
            var response = try await refused(context.words.fileTooLarge(limit), .contentTooLarge)
            response.headers[.connection] = "close"
            return response
        }
    }
}

extension WebServices {
    /// The upload named in the path (`:id`), if it is the user's own (or the user is an admin) and
    /// one of `kinds` (an availability upload's pages and API, or a list upload's page):
    /// else 404, whether it is missing or someone else's, so the answer does not tell that it
    /// exists; someone else's is logged (a person trying numbers). Pages and the API share it.
    func ownUpload(_ context: WebContext, kinds: Set<UploadKind> = [.availability]) async throws -> WebUpload {
        let user = try context.requireUser()
        guard let id = context.parameters.get("id").flatMap({ RowID($0) }),
              let upload = try await database.read({ try $0.upload(id: id) }), kinds.contains(upload.kind) else { throw WebError.notFound }
        guard upload.userID == user.id || user.role == .admin else {
            logger.notice("upload \(id): asked for by \(LogText.safe(user.name)), whose it is not (client=\(context.clientAddress ?? "-") id=\(context.id)); answered 404")
            throw WebError.notFound
        }
        return upload
    }
}

extension WebContext {
    /// The signed-in user; routes behind `RequireUserMiddleware` always have one.
    func requireUser() throws -> SignedInUser {
        guard let user else { throw WebError.signInRequired }
        return user
    }
}

/// A JSON response body, keys sorted.
enum JSONBody {
    static func response(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Response(status: status, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
                        body: .init(byteBuffer: ByteBuffer(bytes: try encoder.encode(value))))
    }
}

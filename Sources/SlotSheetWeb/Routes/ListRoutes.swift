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
        let name = "\(kind.title(language).lowercased())-\(services.clock.today.iso).xlsx"
        return try await StreamedFile.exported(to: path, name: name, contentType: ReportFormat.xlsx.contentType, database: services.database) {
            [rules = services.rules, paper = services.office.paperSize] store in
            _ = try ListExporter(store: store, rules: rules).export(kind, to: path, language: language, paper: paper)
        }
    }

    /// The list named in the path (`:kind`); 404 for any other word.
    static func kind(_ context: WebContext) throws -> ListKind {
        guard let kind = context.parameters.get("kind").flatMap(ListKind.init(rawValue:)) else { throw WebError.notFound }
        return kind
    }
}

/// Changing a list (admins only): an edited list uploaded from the Lists page, its page and its
/// apply, on the routes every upload with a page of its own has (`UploadPageRoutes`). The list
/// it changes is named in the form's path; its preview is a `ListUploadPreview` and its apply
/// `ListUploadJob`'s.
struct ListUploadPages: PageUploadKind {
    let formPath = "/lists/:kind"
    let pagePath = "/list-uploads"
    let kinds = Set(ListKind.allCases.map(UploadKind.init))
    let logName = "list upload"
    let noticesNothingToChange = true

    func uploadKind(_ context: WebContext) throws -> UploadKind {
        UploadKind(try ListRoutes.kind(context))
    }

    func formRefused(_ message: String, status: HTTPResponse.Status, context: WebContext, services: WebServices) async throws -> Response {
        try await ListPageRender(services: services).lists(context, notice: ("error", message), status: status).response
    }

    func page(of upload: WebUpload, id: RowID, notice: (String, String)?, context: WebContext) throws -> ListPreviewPage {
        guard let kind = upload.kind.list else { throw WebError.notFound }
        return ListPreviewPage(frame: PageFrame(context, path: "/list-uploads/\(id)"), kind: kind, fileName: upload.fileName, uploadID: id,
                               preview: nil, notice: notice)
    }

    /// "Staff: Nothing to change", the list's title first.
    func nothingToChange(_ upload: WebUpload, context: WebContext) -> String {
        "\(upload.kind.list?.title(context.language) ?? ""): \(context.words.nothingToChange)"
    }

    /// A list with any problem cannot be applied as it is (a stale one's edits on top have a form of their own).
    func refuses(_ outcome: ListUploadPreview.Outcome, of preview: ListUploadPreview) -> Bool {
        outcome.problemTotal > 0 || outcome.status == .rejected
    }

    func apply(_ upload: WebUpload, planDigest: String, onTop: Bool, operatorName: String,
               services: WebServices) async throws -> UploadApplied<ListUploadPreview> {
        try await services.database.run { [rules = services.rules, scratch = services.uploadScratch] store in
            try ListUploadJob(store: store, rules: rules, scratch: scratch).apply(upload, planDigest: planDigest, onTop: onTop, operatorName: operatorName)
        }
    }
}

/// The Lists page, also where a refused list upload's form answers.
struct ListPageRender {
    let services: WebServices

    func lists(_ context: WebContext, notice: (String, String)? = nil, status: HTTPResponse.Status = .ok) async throws -> HTMLPage {
        let counts = try await services.database.run { [rules = services.rules] store in try ListExporter(store: store, rules: rules).counts() }
        return HTMLPage(ListsPage(frame: PageFrame(context, path: "/lists"), counts: counts, limitMB: services.settings.uploadLimitMB,
                                  notice: notice).node, status: status)
    }
}

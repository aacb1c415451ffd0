import Hummingbird
import SlotSheetCore
import SlotSheetTemplates

/// The requests workbook uploaded back from the Requests page (office and admin users): one more
/// kind of upload (`UploadKind.requests`) on the routes every upload with a page of its own has
/// (`UploadPageRoutes`). Its preview is a `RequestUploadPreview` read by `RequestUploads`, shown
/// through the decision preview every page shares, and its apply `RequestUploadJob`'s, in the
/// decisions' own transaction.
struct RequestUploadPages: PageUploadKind {
    let formPath = "/requests/upload"
    let pagePath = "/request-uploads"
    let kinds: Set<UploadKind> = [.requests]
    let logName = "requests upload"
    /// The page says "nothing to change" in its preview's place.
    let noticesNothingToChange = false

    func uploadKind(_ context: WebContext) throws -> UploadKind { .requests }

    func formRefused(_ message: String, status: HTTPResponse.Status, context: WebContext, services: WebServices) async throws -> Response {
        try await RequestRoutes(services: services).queuePage(RequestQueueQuery(FormFields("")), context: context, notice: ("error", message),
                                                              status: status).response
    }

    func page(of upload: WebUpload, id: RowID, notice: (String, String)?, context: WebContext) throws -> RequestUploadPage {
        RequestUploadPage(frame: PageFrame(context, path: "/request-uploads/\(id)"), fileName: upload.fileName, uploadID: id, notice: notice)
    }

    func nothingToChange(_ upload: WebUpload, context: WebContext) -> String {
        context.language.requestPage.nothingToChange
    }

    /// A workbook with problems cannot be applied as it is, unless a stale one's own edits can go on top.
    func refuses(_ outcome: DecisionPreview, of preview: RequestUploadPreview) -> Bool {
        outcome.problemTotal > 0 && !preview.canApplyOnTop
    }

    func apply(_ upload: WebUpload, planDigest: String, onTop: Bool, operatorName: String,
               services: WebServices) async throws -> UploadApplied<RequestUploadPreview> {
        try await services.database.run { [rules = services.rules, notices = services.notices, scratch = services.uploadScratch] store in
            try RequestUploadJob(store: store, rules: rules, notices: notices, scratch: scratch)
                .apply(upload, planDigest: planDigest, onTop: onTop, operatorName: operatorName)
        }
    }
}

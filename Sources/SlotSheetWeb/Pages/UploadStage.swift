import Hummingbird
import SlotSheetCore
import SlotSheetTemplates

/// The page of an upload whose kind has a page of its own (a list, a requests workbook): what it
/// shows before its preview, the same for every such kind.
protocol UploadStagePage {
    /// What reading the upload found, as its kind stores it.
    associatedtype Preview
    var frame: PageFrame { get }
    var preview: Preview? { get set }
    var notice: (String, String)? { get set }
    /// (rows read, rows in all) while the upload is being read.
    var progress: (rows: Int, total: Int)? { get set }
    /// The batch that applied the upload, once applied.
    var appliedBatch: RowID? { get set }
    var node: Node { get }
}

extension UploadStagePage {
    /// While the upload is read: its progress (the page refreshes itself, the script asks `url`);
    /// once applied: its batch with the history's link; else nil, and the page shows its preview.
    func stage(progressURL url: String) -> Node? {
        let w = frame.words
        if let progress {
            return element("div", [.class("card"), Attribute("data-progress-url", url)]) {
                element("p") { w.readingNote }
                element("progress", [Attribute("max", String(max(progress.total, 1))), .value(String(progress.rows))]) {}
                element("p", [Attribute("data-rows", nil), Attribute("aria-live", "polite")]) { w.rowsRead(progress.rows) }
            }
        }
        if let appliedBatch {
            return element("div", [.class("message ok")]) {
                element("p") { w.appliedAsBatch(appliedBatch) + " " }
                element("a", [.href("/history")]) { w.historyLink }
            }
        }
        return nil
    }
}

extension WebServices {
    /// The page of `upload` as its row says (reads only) when that is not its preview: being read,
    /// applied (or found with nothing to change when applied: `nothingToChange` says so),
    /// discarded or expired; `status` (an apply's 409) or 200. Nil when the upload is `ready` or
    /// `refused`: its page shows the stored preview.
    func stagedPage<Page: UploadStagePage>(_ page: Page, of upload: WebUpload, notice: (String, String)?, nothingToChange: String,
                                           status: HTTPResponse.Status?) async throws -> Response? {
        var page = page
        let w = page.frame.words
        switch upload.state {
        case .reading:
            page.progress = readers.progress(of: upload) ?? (0, 0)
        case .applied:
            let batch = upload.batchID ?? 0
            // Applied, or found with nothing to change when it was applied (the batch says which).
            if try await database.read({ try $0.importBatch(id: batch) })?.outcome == .unchanged {
                page.notice = notice ?? ("ok", nothingToChange)
            } else {
                page.appliedBatch = batch
            }
        case .discarded, .expired:
            page.notice = notice ?? ("info", w.cannotApply(UploadWords.stateText(upload.state, w)))
        case .ready, .refused:
            return nil
        }
        return HTMLPage(page.node, status: status ?? .ok).response
    }
}

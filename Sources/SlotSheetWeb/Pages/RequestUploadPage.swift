import SlotSheetCore
import SlotSheetTemplates

/// What an uploaded requests workbook would decide (or did, or why it cannot), from its stored
/// preview (`RequestUploadPreview`) through the decision preview every page shares
/// (`DecisionPreviewSection`): the counts, the requests that change, every problem with its
/// place and fix and the problem list to download; for a stale workbook also the office's own
/// edits on top. While it is read, its progress (the page refreshes itself). The apply form
/// carries the plan's digest: the server applies only that plan.
struct RequestUploadPage: UploadStagePage {
    let frame: PageFrame
    let fileName: String
    let uploadID: RowID
    var preview: RequestUploadPreview? = nil
    var appliedBatch: RowID? = nil
    var notice: (String, String)? = nil
    var progress: (rows: Int, total: Int)? = nil

    var node: Node {
        let r = frame.language.requestPage
        return frame.page(r.uploadTitle(EchoedText.escaped(fileName)), section: .requests,
                          refreshSeconds: progress == nil ? nil : 2, scripts: progress == nil ? [] : ["/static/progress.js"]) {
            if let notice { frame.message(notice.0, notice.1) }
            if let stage = stage(progressURL: "/request-uploads/\(uploadID)/progress") {
                stage
            } else if case let .checked(outcome, onTop)? = preview?.result {
                result(outcome, onTop: onTop, r)
            }
            element("p") { element("a", [.href("/requests")]) { r.backToQueue } }
        }
    }

    private func result(_ outcome: DecisionPreview, onTop: DecisionPreview?, _ r: RequestPageWords) -> Node {
        if outcome.problemTotal > 0 || outcome.status == .rejected {
            return .fragment([
                frame.message("error", r.uploadRefusedNotice),
                errorWorkbookLink,
                DecisionPreviewSection(language: frame.language, preview: outcome, placeTitle: frame.words.placeColumn).node,
                outcome.status == .stale ? onTop.map { applyOnTop($0, r) } ?? .empty : .empty,
            ])
        }
        if outcome.isEmpty { return frame.message("ok", r.nothingToChange) }
        return .fragment([
            frame.message("info", r.uploadReadyNotice),
            applyForm(outcome, onTop: false, r),
            DecisionPreviewSection(language: frame.language, preview: outcome, placeTitle: frame.words.placeColumn).node,
        ])
    }

    /// A stale workbook's own edits on top of the requests as they are now, with its own apply
    /// form, or why not.
    private func applyOnTop(_ onTop: DecisionPreview, _ r: RequestPageWords) -> Node {
        let w = frame.words
        return element("section", [.class("card")]) {
            element("h2") { w.onTopTitle }
            element("p") { r.onTopNote }
            if onTop.problemTotal > 0 {
                frame.message("error", w.onTopRefused)
            } else if onTop.isEmpty {
                frame.message("ok", w.onTopNothing)
            } else {
                applyForm(onTop, onTop: true, r)
            }
            DecisionPreviewSection(language: frame.language, preview: onTop, placeTitle: frame.words.placeColumn).node
        }
    }

    /// The error workbook (the one `requests import --errors-out` writes), made when it was read.
    private var errorWorkbookLink: Node {
        let w = frame.words
        return element("div", [.class("card")]) {
            element("p") { w.errorWorkbookNote }
            element("a", [.class("button secondary"), .href("/request-uploads/\(uploadID)/errors.xlsx"), Attribute("download", nil)]) {
                w.errorWorkbookButton
            }
        }
    }

    /// The apply form: the plan's digest, so the server applies only that plan.
    private func applyForm(_ outcome: DecisionPreview, onTop: Bool, _ r: RequestPageWords) -> Node {
        let w = frame.words
        return element("form", [.class("card"), Attribute("method", "post"), Attribute("action", "/request-uploads/\(uploadID)/apply")]) {
            frame.csrfField
            element("input", [.type("hidden"), .name("plan"), .value(outcome.planDigest)])
            if onTop { element("input", [.type("hidden"), .name("on_top"), .value("1")]) }
            element("button", [.type("submit")]) { onTop ? w.onTopButton : r.applyButton }
        }
    }
}

import SlotSheetCore
import SlotSheetTemplates

/// The upload form: the file field is the drop zone (browsers take a dropped file on it without
/// any script). The form token comes before the file, so it is checked before the file is kept.
struct UploadFormPage {
    let frame: PageFrame
    let limitMB: Int
    let problem: String?

    var node: Node {
        let w = frame.words
        return frame.page(w.uploadTitle, section: .upload) {
            element("p", [.class("intro")]) { w.uploadIntro }
            if let problem { frame.message("error", problem) }
            element("form", [Attribute("method", "post"), Attribute("action", "/upload"), Attribute("enctype", "multipart/form-data"), .class("card")]) {
                frame.csrfField
                element("label", [.for("file")]) { w.dropHere }
                element("input", [.type("file"), .id("file"), .name("file"), .class("dropzone"), Attribute("accept", ImportSource.readableFileTypes.joined(separator: ",")),
                                  Attribute.flag("required"), Attribute("aria-describedby", "limit")])
                element("p", [.id("limit"), .class("muted")]) { "\(w.fileLabel). \(w.uploadLimit(limitMB))" }
                element("p") { element("button", [.type("submit"), .class("primary")]) { w.uploadButton } }
            }
        }
    }
}

/// The upload list: each upload with its state in words, and what reading found.
struct UploadListPage {
    let frame: PageFrame
    let uploads: [WebUpload]
    let showOwner: Bool
    let expiryHours: Int
    let clock: OfficeClock

    var node: Node {
        let w = frame.words
        return frame.page(showOwner ? w.allUploadsTitle : w.uploadsTitle, section: .uploads) {
            element("p", [.class("intro")]) { w.uploadsIntro(expiryHours, min(expiryHours, WebSettings.refusedUploadExpiryHours)) }
            element("div", [.class("actions")]) { element("a", [.class("button"), .href("/upload")]) { w.uploadAction } }
            if uploads.isEmpty {
                frame.message("info", w.noUploads)
            } else {
                element("table") {
                    element("thead") {
                        element("tr") {
                            element("th", [Attribute("scope", "col")]) { w.fileColumn }
                            element("th", [Attribute("scope", "col")]) { w.uploadedColumn }
                            if showOwner { element("th", [Attribute("scope", "col")]) { w.byColumn } }
                            element("th", [Attribute("scope", "col")]) { w.stateColumn }
                            element("th", [Attribute("scope", "col")]) { w.resultColumn }
                        }
                    }
                    element("tbody") {
                        for upload in uploads {
                            element("tr") {
                                element("td") {
                                    // A list upload is marked as its batch is in the history ("list Staff").
                                    if let list = upload.kind.list {
                                        element("span", [.class("tag")]) { w.listBatchMark(list.title(frame.language)) }
                                        " "
                                    } else if upload.kind == .requests {
                                        element("span", [.class("tag")]) { w.requestsBatchMark }
                                        " "
                                    }
                                    element("a", [.href(UploadWords.page(upload))]) { EchoedText.escaped(upload.fileName) }
                                }
                                element("td") { DateLabel.instant(upload.createdAt, clock: clock, frame.language) }
                                if showOwner { element("td") { upload.userName ?? "" } }
                                element("td") { UploadWords.state(upload.state, frame) }
                                element("td") { UploadWords.result(upload, frame.language) }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// How an upload's state and result read on the pages.
enum UploadWords {
    /// The upload's page: an availability upload's, a list upload's on the Lists page, or a
    /// requests workbook's on the Requests page.
    static func page(_ upload: WebUpload) -> String {
        switch upload.kind {
        case .availability: "/uploads/\(upload.id ?? 0)"
        case .requests: "/request-uploads/\(upload.id ?? 0)"
        case .staff, .dayparts, .catalogue: "/list-uploads/\(upload.id ?? 0)"
        }
    }

    static func state(_ state: UploadState, _ frame: PageFrame) -> Node {
        element("span", [.class("state \(state.rawValue)")]) { stateText(state, frame.words) }
    }

    static func stateText(_ state: UploadState, _ w: WebWords) -> String {
        switch state {
        case .reading: return w.stateReading
        case .ready: return w.stateReady
        case .refused: return w.stateRefused
        case .applied: return w.stateApplied
        case .discarded: return w.stateDiscarded
        case .expired: return w.stateExpired
        }
    }

    static func result(_ upload: WebUpload, _ language: Language) -> String {
        let w = language.web
        // Applied says its batch, whatever reading found (a stale template applied on top, too).
        if upload.state == .applied, let batch = upload.batchID { return w.appliedAsBatch(batch) }
        switch upload.outcome {
        case nil: return ""
        case .unreadable?, .templateEdited?, .readFailed?: return w.unreadableFile
        case .rejected?: return w.problemsSummary(upload.problems)
        case .nothingToChange?: return w.nothingToChange
        case .stale?: return w.outcomeNames("stale")
        case .ready?:
            if let batch = upload.batchID { return w.appliedAsBatch(batch) }
            // A requests upload's count is of the requests its decisions change.
            return upload.kind == .requests ? language.requestPage.uploadChanges(upload.added) : w.changesSummary(upload.added, upload.removed)
        }
    }
}

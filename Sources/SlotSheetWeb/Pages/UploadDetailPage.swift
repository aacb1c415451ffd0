import SlotSheetCore
import SlotSheetTemplates

/// One upload: while it is read, progress (rows read; the script updates it, without the script
/// the page refreshes); then what reading found: the counts, the changes per date and per staff
/// member, every problem with its place and fix, or what changed in the database since export.
struct UploadDetailPage {
    let frame: PageFrame
    let upload: WebUpload
    let progress: (rows: Int, total: Int)?
    let preview: UploadPreview?
    /// What the last action said (`error`, `info` or `ok`, and the text), e.g. that the plan changed.
    let notice: (String, String)?

    var node: Node {
        let w = frame.words
        let reading = upload.state == .reading
        return frame.page(w.uploadTitleFor(upload.fileName), section: .uploads, refreshSeconds: reading ? 2 : nil,
                          scripts: reading ? ["/static/progress.js"] : []) {
            element("p") { UploadWords.state(upload.state, frame) }
            if let notice { frame.message(notice.0, notice.1) }
            if upload.state == .applied, let batch = upload.batchID {
                element("div", [.class("message ok")]) {
                    element("p") { w.appliedAsBatch(batch) + " " }
                    element("a", [.href("/history")]) { w.historyLink }
                }
            }
            if reading {
                element("div", [.class("card"), Attribute("data-progress-url", "/uploads/\(upload.id ?? 0)/progress")]) {
                    element("p") { w.readingNote }
                    element("progress", [Attribute("max", String(max(progress?.total ?? 0, 1))), .value(String(progress?.rows ?? 0))]) {}
                    element("p", [Attribute("data-rows", nil), Attribute("aria-live", "polite")]) { w.rowsRead(progress?.rows ?? 0) }
                }
            } else if let preview {
                result(preview)
            }
            if upload.state == .ready || upload.state == .refused {
                element("form", [Attribute("method", "post"), Attribute("action", "/uploads/\(upload.id ?? 0)/discard")]) {
                    frame.csrfField
                    element("button", [.type("submit"), .class("secondary")]) { w.discardButton }
                }
            }
            element("p") { element("a", [.href("/uploads")]) { w.backToUploads } }
        }
    }

    private func result(_ preview: UploadPreview) -> Node {
        let w = frame.words
        switch preview.result {
        case let .unreadable(error):
            return .fragment([frame.message("error", "\(w.unreadableFile): \(error.text(frame.language))")])
        case let .checked(_, outcome):
            return element("div") {
                switch outcome.verdict {
                case .rejected:
                    frame.message("error", w.problemsSummary(outcome.problems.count))
                    problems(outcome.problems, frame.language)
                case .stale:
                    frame.message("error", w.staleSummary(outcome.staleChanges.count))
                    element("h2") { w.staleTitle }
                    element("ul") { for change in outcome.staleChanges { element("li") { change.text(frame.language) } } }
                case .nothingToChange:
                    frame.message("ok", w.nothingToChange)
                    applyForm(outcome)
                case .changes:
                    frame.message("info", "\(w.changesSummary(outcome.plan.added, outcome.plan.removed)), \(w.unchangedSummary(outcome.plan.unchanged)).")
                    applyForm(outcome)
                    counts(w.perDateTitle, outcome.plan.perDate.map { (DateLabel.long($0.date, w), $0.added, $0.removed) })
                    counts(w.perStaffTitle, outcome.plan.perStaff.map { ($0.staff, $0.added, $0.removed) })
                }
            }
        }
    }

    /// The apply button of a ready upload, carrying the digest of the plan on this page: the server
    /// applies only that plan.
    private func applyForm(_ outcome: ImportOutcome) -> Node {
        guard upload.state == .ready else { return .fragment([]) }
        let w = frame.words
        return element("form", [.class("card"), Attribute("method", "post"), Attribute("action", "/uploads/\(upload.id ?? 0)/apply")]) {
            frame.csrfField
            element("input", [.type("hidden"), .name("plan"), .value(outcome.planDigest)])
            element("p") { w.applyNote }
            element("button", [.type("submit")]) { w.applyButton }
        }
    }

    private func problems(_ problems: [ImportProblem], _ language: Language) -> Node {
        let w = frame.words
        return element("table") {
            element("thead") {
                element("tr") {
                    element("th", [Attribute("scope", "col")]) { w.placeColumn }
                    element("th", [Attribute("scope", "col")]) { w.problemColumn }
                    element("th", [Attribute("scope", "col")]) { w.fixColumn }
                }
            }
            element("tbody") {
                for problem in problems {
                    element("tr") {
                        element("td") { problem.location.text(language) }
                        element("td") { problem.message(language) }
                        element("td") { problem.hint(language) }
                    }
                }
            }
        }
    }

    private func counts(_ title: String, _ rows: [(String, Int, Int)]) -> Node {
        let w = frame.words
        return .fragment([
            element("h2") { title },
            element("table") {
                element("thead") {
                    element("tr") {
                        element("th", [Attribute("scope", "col")]) { title }
                        element("th", [.class("number"), Attribute("scope", "col")]) { w.addedColumn }
                        element("th", [.class("number"), Attribute("scope", "col")]) { w.removedColumn }
                    }
                }
                element("tbody") {
                    for (key, added, removed) in rows {
                        element("tr") {
                            element("td") { key }
                            element("td", [.class("number")]) { "+\(added)" }
                            element("td", [.class("number")]) { "-\(removed)" }
                        }
                    }
                }
            },
        ])
    }
}

import SlotSheetCore
import SlotSheetTemplates

/// One upload: while it is read, progress (rows read; the script updates it, without the script
/// the page refreshes); then what reading found: the counts, the changes per date and per staff
/// member, every problem with its place and fix, or what changed in the database since export.
struct UploadDetailPage: Sendable {
    let frame: PageFrame
    let upload: WebUpload
    let progress: (rows: Int, total: Int)?
    /// What reading found, page-sized (`PreviewSummary`: no whole plan is decoded for a page).
    let preview: PreviewSummary?
    /// What the last action said (`error`, `info` or `ok`, and the text), e.g. that the plan changed.
    let notice: (String, String)?
    /// The names and labels shown beside the codes.
    var names = CodeNames()

    var node: Node {
        let w = frame.words
        let reading = upload.state == .reading
        let beingRead = preview == nil && (upload.state == .ready || upload.state == .refused)
        return frame.page(w.uploadTitleFor(EchoedText.escaped(upload.fileName)), section: .uploads, refreshSeconds: reading || beingRead ? 2 : nil,
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
            } else if upload.state == .ready || upload.state == .refused {
                frame.message("info", w.previewBeingRead)
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

    private func result(_ preview: PreviewSummary) -> Node {
        let w = frame.words
        switch preview.result {
        case let .unreadable(error):
            return .fragment([frame.message("error", "\(w.unreadableFile): \(error.text(frame.language))")])
        case let .checked(summary):
            let outcome = summary.outcome
            return element("div") {
                switch outcome.verdict {
                case .rejected:
                    frame.message("error", w.problemsSummary(outcome.problemTotal))
                    errorWorkbookLink
                    problems(outcome)
                case .stale:
                    // The file's own problems first, the changes since export folded below them:
                    // the two wrong cells are not to be found under 232 changed ones.
                    if !outcome.problems.isEmpty {
                        frame.message("error", w.problemsSummary(outcome.problemTotal))
                        errorWorkbookLink
                        problems(outcome)
                    }
                    frame.message("error", w.staleSummary(outcome.staleChanges.count))
                    element("details", [.class("stale-changes")]) {
                        element("summary") { "\(w.staleTitle) (\(outcome.staleChanges.count))" }
                        element("ul") { for change in outcome.staleChanges { element("li") { change.text(frame.language) } } }
                    }
                    if let onTop = preview.onTop { applyOnTop(onTop, problemsShownAbove: !outcome.problems.isEmpty) }
                case .nothingToChange:
                    frame.message("ok", w.nothingToChange)
                    applyForm(outcome, onTop: false)
                case .changes:
                    changes(summary, onTop: false)
                }
            }
        }
    }

    /// A stale template's second choice: the office's edits on top of the database as it is now.
    /// `problemsShownAbove`: the file's problems are listed above already; said, not listed again.
    private func applyOnTop(_ summary: OutcomeSummary, problemsShownAbove: Bool) -> Node {
        let w = frame.words
        let onTop = summary.outcome
        return element("section", [.class("on-top")]) {
            element("h2") { w.onTopTitle }
            element("p") { w.onTopNote }
            switch onTop.verdict {
            case .changes:
                changes(summary, onTop: true)
            case .nothingToChange:
                frame.message("ok", w.onTopNothing)
                applyForm(onTop, onTop: true)
            case .rejected, .stale:
                frame.message("error", problemsShownAbove ? w.onTopRefusedAbove : "\(w.onTopRefused) \(w.problemsSummary(onTop.problemTotal)).")
                if !problemsShownAbove {
                    errorWorkbookLink
                    problems(onTop)
                }
            }
        }
    }

    /// The summary, the apply button, the changes per date and per staff member, and the grid.
    private func changes(_ summary: OutcomeSummary, onTop: Bool) -> Node {
        let w = frame.words
        let plan = summary.plan
        return .fragment([
            frame.message("info", "\(w.changesSummary(plan.added, plan.removed)), \(w.unchangedSummary(plan.unchanged))."),
            applyForm(summary.outcome, onTop: onTop),
            counts(w.perDateTitle, plan.perDate.map { (DateLabel.long($0.key, w), $0.added, $0.removed) }),
            counts(w.perStaffTitle, plan.perStaff.map { (names.staffLine($0.key), $0.added, $0.removed) }),
            ChangeGrid(frame: frame, grid: summary.grid, names: names).node,
        ])
    }

    /// The error workbook (the one `import --errors-out` writes) of a file with problems.
    private var errorWorkbookLink: Node {
        let w = frame.words
        guard upload.state == .ready || upload.state == .refused else { return .empty }
        return element("div", [.class("card")]) {
            element("p") { w.errorWorkbookNote }
            element("a", [.class("button secondary"), .href("/uploads/\(upload.id ?? 0)/errors.xlsx"), Attribute("download", nil)]) { w.errorWorkbookButton }
        }
    }

    /// The apply button of a ready upload, carrying the digest of the plan on this page: the server
    /// applies only that plan. `onTop`: the plan of a stale template's edits on top (`--force`).
    private func applyForm(_ outcome: ImportOutcome, onTop: Bool) -> Node {
        guard upload.state == .ready else { return .fragment([]) }
        let w = frame.words
        return element("form", [.class("card"), Attribute("method", "post"), Attribute("action", "/uploads/\(upload.id ?? 0)/apply")]) {
            frame.csrfField
            element("input", [.type("hidden"), .name("plan"), .value(outcome.planDigest)])
            if onTop { element("input", [.type("hidden"), .name("on_top"), .value("1")]) }
            element("p") { w.applyNote }
            element("button", [.type("submit")]) { onTop ? w.onTopButton : w.applyButton }
        }
    }

    /// The kept problems (the first `ProblemTally.kept`, as the API and the error workbook have
    /// them), and a line saying so when the file has more.
    private func problems(_ outcome: ImportOutcome) -> Node {
        let language = frame.language
        let cut = outcome.problemTotal > outcome.problems.count
        return .fragment([
            problemTable(outcome.problems, language),
            cut ? frame.message("info", language.words.importing.problemsCut(outcome.problems.count, outcome.problemTotal)) : .empty,
        ])
    }

    private func problemTable(_ problems: [ImportProblem], _ language: Language) -> Node {
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
                            element("td", [.class("number")]) { added == 0 ? "0" : "+\(added)" }
                            element("td", [.class("number")]) { removed == 0 ? "0" : "−\(removed)" }
                        }
                    }
                }
            },
        ])
    }
}

import SlotSheetCore
import SlotSheetTemplates

/// The Lists page: each of the office's lists (staff, dayparts, the defect catalogue) with its
/// size and a download of the workbook `slotsheet staff|dayparts|catalogue export` writes; for an
/// admin also a form to upload an edited one. An office user sees the page read-only: they plan
/// with these lists (a template's columns are the staff), but only an admin changes them.
struct ListsPage {
    let frame: PageFrame
    let counts: [ListKind: ListCount]
    let limitMB: Int
    /// What the last action said (`error`, `info` or `ok`, and the text).
    var notice: (String, String)? = nil

    var node: Node {
        let w = frame.words
        let admin = frame.user?.role == .admin
        return frame.page(w.listsTitle, section: .lists) {
            element("p", [.class("intro")]) { w.listsIntro }
            if !admin { frame.message("info", w.listsReadOnly) }
            if let notice { frame.message(notice.0, notice.1) }
            for kind in ListKind.allCases {
                element("section", [.class("card"), .id("list-\(kind.rawValue)")]) {
                    element("h2") { kind.title(frame.language) }
                    element("p") { w.listRowCount(counts[kind]?.rows ?? 0, counts[kind]?.active ?? 0) }
                    element("form", [Attribute("method", "post"), Attribute("action", "/lists/\(kind.rawValue)/download")]) {
                        frame.csrfField
                        element("button", [.type("submit"), .class("secondary")]) { w.downloadListButton }
                    }
                    if admin { uploadForm(kind) }
                }
            }
        }
    }

    /// The form token comes before the file, so it is checked before the file is kept.
    private func uploadForm(_ kind: ListKind) -> Node {
        let w = frame.words
        let field = "file-\(kind.rawValue)"
        return element("form", [Attribute("method", "post"), Attribute("action", "/lists/\(kind.rawValue)"),
                                Attribute("enctype", "multipart/form-data")]) {
            frame.csrfField
            element("label", [.for(field)]) { w.fileLabel }
            " "
            element("input", [.type("file"), .id(field), .name("file"), Attribute("accept", ImportSource.readableFileTypes.joined(separator: ",")),
                              Attribute.flag("required"), Attribute("aria-describedby", "\(field)-limit")])
            element("p", [.id("\(field)-limit"), .class("muted")]) { w.uploadLimit(limitMB) }
            element("button", [.type("submit"), .class("primary")]) { w.checkListButton }
        }
    }
}

/// What an uploaded list would change (or did, or why it cannot), from its stored preview
/// (`ListUploadPreview`): the rows added, changed (each changed column before and after) and made
/// inactive, the availability that goes with them, or every problem with its place and fix; while
/// it is read, its progress (the page refreshes itself). The apply form carries the plan's
/// digest: the server applies only that plan.
struct ListPreviewPage: UploadStagePage {
    typealias Outcome = ListUploadPreview.Outcome

    let frame: PageFrame
    let kind: ListKind
    let fileName: String
    /// The upload the apply form posts to (and its error workbook).
    let uploadID: RowID?
    /// What reading found, once read.
    var preview: ListUploadPreview?
    /// The batch that applied this upload, once applied.
    var appliedBatch: RowID? = nil
    var notice: (String, String)? = nil
    /// (rows read, rows in all) while the upload is being read.
    var progress: (rows: Int, total: Int)? = nil

    var node: Node {
        let w = frame.words
        let language = frame.language
        return frame.page(w.listPreviewTitle(kind.title(language), EchoedText.escaped(fileName)), section: .lists,
                          refreshSeconds: progress == nil ? nil : 2, scripts: progress == nil ? [] : ["/static/progress.js"]) {
            if let notice { frame.message(notice.0, notice.1) }
            if let stage = stage(progressURL: "/list-uploads/\(uploadID ?? 0)/progress") {
                stage
            } else if case let .checked(outcome, onTop)? = preview?.result {
                result(outcome, onTop: onTop)
            }
            element("p") { element("a", [.href("/lists")]) { w.backToLists } }
        }
    }

    private func result(_ outcome: Outcome, onTop: Outcome?) -> Node {
        let w = frame.words
        if outcome.status == .rejected || outcome.problemTotal > 0 {
            return .fragment([
                frame.message("error", "\(w.problemsSummary(outcome.problemTotal)). \(w.listRefused)"),
                errorWorkbookLink,
                ListProblemTable(frame: frame, problems: outcome.problems, total: outcome.problemTotal).node,
                outcome.status == .stale ? onTop.map(applyOnTop) ?? .empty : .empty,
            ])
        }
        if outcome.isEmpty { return frame.message("ok", w.nothingToChange) }
        return preview(outcome, onTop: false)
    }

    /// A stale list workbook's edits on top of the database as it is now: what that would change,
    /// with its own apply form, or why not.
    private func applyOnTop(_ onTop: Outcome) -> Node {
        let w = frame.words
        return element("section", [.class("card")]) {
            element("h2") { w.onTopTitle }
            element("p") { w.listOnTopNote }
            if onTop.problemTotal > 0 {
                frame.message("error", "\(w.onTopRefused) \(w.problemsSummary(onTop.problemTotal)).")
                ListProblemTable(frame: frame, problems: onTop.problems, total: onTop.problemTotal).node
            } else if onTop.isEmpty {
                frame.message("ok", w.onTopNothing)
            } else {
                preview(onTop, onTop: true)
            }
        }
    }

    /// What a plan adds, changes and makes inactive, with the form that applies it.
    private func preview(_ outcome: Outcome, onTop: Bool) -> Node {
        let language = frame.language
        let w = frame.words
        let summary = ListReportLine.summary(added: outcome.added.total, changed: outcome.changed.total, deactivated: outcome.deactivated.total,
                                             unchanged: outcome.unchanged).text(language)
        let availability = ListReportLine.lines(of: outcome.availabilityPlan, kind: kind).filter {
            if case .availabilityRemoved = $0 { return true }
            if case .availabilityRestored = $0 { return true }
            return false
        }
        return .fragment([
            frame.message("info", summary),
            applyForm(outcome, onTop: onTop),
            rows(w.addedRowsTitle, outcome.added),
            changes(outcome.changed),
            rows(w.deactivatedRowsTitle, outcome.deactivated),
            availability.isEmpty ? .empty : element("ul") {
                for line in availability { element("li") { line.text(language).trimmingCharacters(in: .whitespaces) } }
            },
        ])
    }

    /// The error workbook (the one `import --errors-out` writes) of a kept upload with problems.
    private var errorWorkbookLink: Node {
        guard let uploadID else { return .empty }
        let w = frame.words
        return element("div", [.class("card")]) {
            element("p") { w.errorWorkbookNote }
            element("a", [.class("button secondary"), .href("/list-uploads/\(uploadID)/errors.xlsx"), Attribute("download", nil)]) { w.errorWorkbookButton }
        }
    }

    /// The apply form: the plan's digest, so the server applies only that plan; `onTop`: the
    /// plan of a stale list's edits on top.
    private func applyForm(_ outcome: Outcome, onTop: Bool) -> Node {
        guard let uploadID else { return .empty }
        let w = frame.words
        return element("form", [.class("card"), Attribute("method", "post"), Attribute("action", "/list-uploads/\(uploadID)/apply")]) {
            frame.csrfField
            element("input", [.type("hidden"), .name("plan"), .value(outcome.planDigest)])
            if onTop { element("input", [.type("hidden"), .name("on_top"), .value("1")]) }
            element("p") { w.applyNote }
            element("button", [.type("submit")]) { onTop ? w.onTopButton : w.applyButton }
        }
    }

    /// Rows a table of the preview shows: a page stays small whatever the file (a catalogue of
    /// 50,000 new defects is counted, and its first rows shown); the stored preview keeps no more.
    static let shownRows = ListUploadPreview.shownRows

    /// Whole rows in the list's columns (added, or made inactive).
    private func rows(_ title: String, _ all: ListRows) -> Node {
        guard all.total > 0 else { return .empty }
        let changes = all.shown.prefix(Self.shownRows)
        return .fragment([
            element("h2") { "\(title) (\(all.total))" },
            element("table") {
                element("thead") {
                    element("tr") { for column in kind.columns { element("th", [Attribute("scope", "col")]) { column.name(frame.language) } } }
                }
                element("tbody") {
                    for change in changes {
                        element("tr") { for field in change.after { element("td") { field } } }
                    }
                }
            },
            cut(changes.count, of: all.total),
        ])
    }

    /// Each changed row's changed columns, before and after.
    private func changes(_ all: ListRows) -> Node {
        guard all.total > 0 else { return .empty }
        let w = frame.words
        let changes = all.shown.prefix(Self.shownRows)
        return .fragment([
            element("h2") { "\(w.changedRowsTitle) (\(all.total))" },
            element("table") {
                element("thead") {
                    element("tr") {
                        for title in [kind.keyTitle(frame.language), w.columnColumn, w.beforeColumn, w.afterColumn] {
                            element("th", [Attribute("scope", "col")]) { title }
                        }
                    }
                }
                element("tbody") {
                    for change in changes {
                        for (column, (before, after)) in zip(kind.columns, zip(change.before ?? [], change.after)) where before != after {
                            element("tr") {
                                element("td") { change.key }
                                element("td") { column.name(frame.language) }
                                element("td") { before }
                                element("td") { after }
                            }
                        }
                    }
                }
            },
            cut(changes.count, of: all.total),
        ])
    }

    /// A line under a table that shows only its first rows.
    private func cut(_ shown: Int, of total: Int) -> Node {
        shown < total ? element("p", [.class("muted")]) { frame.words.listRowsCut(shown, total) } : .empty
    }
}

/// A list file's problems: where, what is wrong, how to fix it (the core's words, as stored), the
/// first `ProblemTally.kept` of them, and a line saying so when there are more.
struct ListProblemTable {
    let frame: PageFrame
    let problems: [ShownListProblem]
    /// How many the file has (the preview keeps the first `ProblemTally.kept`).
    let total: Int

    var node: Node {
        let w = frame.words
        let language = frame.language
        let shown = problems.prefix(ProblemTally.kept)
        return .fragment([
            element("h2") { w.problemsTitle },
            element("table") {
                element("thead") {
                    element("tr") {
                        for title in [w.placeColumn, w.problemColumn, w.fixColumn] { element("th", [Attribute("scope", "col")]) { title } }
                    }
                }
                element("tbody") {
                    for problem in shown {
                        element("tr") {
                            element("td") { problem.location.text(language) }
                            element("td") { problem.message(language) }
                            element("td") { problem.hint(language) }
                        }
                    }
                }
            },
            shown.count < total ? frame.message("info", language.words.importing.problemsCut(shown.count, total)) : .empty,
        ])
    }
}

import SlotSheetCore

/// History: the import batches, every attempt, newest first, a page at a time, filtered by
/// outcome and operator. An admin gets an undo button beside each applied import that still
/// stands (`UndoJob` decides whether it may be undone).
struct HistoryPage {
    let frame: PageFrame
    let batches: [ImportBatch]
    let clock: OfficeClock
    var query: HistoryQuery? = nil
    /// More batches follow this page.
    var more = false
    /// What the last action said (`error`, `info` or `ok`, and the text).
    var notice: (String, String)? = nil

    var node: Node {
        let w = frame.words
        return frame.page(w.historyTitle, section: .history) {
            element("p", [.class("intro")]) { w.historyIntro }
            if let notice { frame.message(notice.0, notice.1) }
            filter
            if batches.isEmpty {
                frame.message("info", w.noBatches)
            } else {
                element("table") {
                    element("thead") {
                        element("tr") {
                            for (title, numeric) in [(w.batchColumn, true), (w.whenColumn, false), (w.operatorColumn, false), (w.fileColumn, false),
                                                     (w.addedColumn, true), (w.removedColumn, true), (w.unchangedColumn, true), (w.outcomeColumn, false)] {
                                element("th", [Attribute("scope", "col"), numeric ? .class("number") : nil]) { title }
                            }
                            if canUndo { element("td") {} }
                        }
                    }
                    element("tbody") {
                        for batch in batches {
                            element("tr") {
                                element("td", [.class("number")]) { String(batch.id ?? 0) }
                                element("td") { DateLabel.instant(batch.createdAt, clock: clock, frame.language) }
                                element("td") { batch.operatorName }
                                element("td") {
                                    if let mark = subjectMark(batch.subject) { element("span", [.class("tag")]) { mark }; " " }
                                    EchoedText.escaped(batch.fileName)
                                }
                                element("td", [.class("number")]) { String(batch.added) }
                                element("td", [.class("number")]) { String(batch.removed) }
                                element("td", [.class("number")]) { String(batch.unchanged) }
                                element("td") {
                                    w.outcomeNames(batch.outcome.rawValue)
                                    if batch.kind == .undo, let reverted = batch.revertsBatchID { " (\(w.undoOf(reverted)))" }
                                    if let id = batch.id, let by = undoneBy[id] { " (\(w.undoneMark(by)))" }
                                }
                                if canUndo { element("td") { undoButton(batch) } }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The outcome and operator to show, and the links to newer and older pages.
    private var filter: Node {
        let w = frame.words
        let query = self.query
        return element("form", [.class("card"), Attribute("method", "get"), Attribute("action", "/history")]) {
            element("label") {
                w.outcomeColumn + " "
                element("select", [.name("outcome")]) {
                    element("option", [.value(""), query?.outcome == nil ? Attribute("selected", nil) : nil]) { w.allOutcomes }
                    for outcome in ImportBatch.Outcome.allCases where outcome != .dryRun {
                        element("option", [.value(outcome.rawValue), query?.outcome == outcome ? Attribute("selected", nil) : nil]) {
                            w.outcomeNames(outcome.rawValue)
                        }
                    }
                }
            }
            " "
            element("label") {
                w.operatorColumn + " "
                element("input", [.type("text"), .name("user"), .value(query?.user ?? ""), Attribute("placeholder", w.anyone)])
            }
            " "
            element("button", [.type("submit"), .class("secondary")]) { w.showButton }
            if let query, query.offset > 0 {
                " "
                element("a", [.href(query.link(offset: max(0, query.offset - query.limit)))]) { w.newerBatches }
            }
            if let query, more {
                " "
                element("a", [.href(query.link(offset: query.offset + query.limit))]) { w.olderBatches }
            }
        }
    }

    private var canUndo: Bool { frame.user?.role == .admin }

    /// What a batch changed, when not availability: a list, or repair requests.
    private func subjectMark(_ subject: BatchSubject) -> String? {
        switch subject {
        case .availability: return nil
        case let .list(list): return frame.words.listBatchMark(list.title(frame.language))
        case .requests: return frame.words.requestsBatchMark
        }
    }

    /// The undo batch of each batch undone (both are in the list: an undo is newer than its batch).
    private var undoneBy: [RowID: RowID] {
        Dictionary(batches.compactMap { batch in batch.revertsBatchID.flatMap { reverted in batch.id.map { (reverted, $0) } } },
                   uniquingKeysWith: { first, _ in first })
    }

    private func undoButton(_ batch: ImportBatch) -> Node {
        guard let id = batch.id, batch.kind == .import, batch.outcome == .applied, undoneBy[id] == nil else { return .empty }
        return element("form", [Attribute("method", "post"), Attribute("action", "/history/\(id)/undo")]) {
            frame.csrfField
            element("button", [.type("submit"), .class("secondary"), Attribute("aria-label", "\(frame.words.undoButton) \(frame.words.batchColumn.lowercased()) \(id)")]) {
                frame.words.undoButton
            }
        }
    }
}

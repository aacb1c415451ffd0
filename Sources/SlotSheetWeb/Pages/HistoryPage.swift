import SlotSheetCore

/// History: the import batches, every attempt, newest first. An admin gets an undo button beside
/// each applied import that still stands (`UndoJob` decides whether it may be undone).
struct HistoryPage {
    let frame: PageFrame
    let batches: [ImportBatch]
    let clock: OfficeClock
    /// What the last action said (`error`, `info` or `ok`, and the text).
    var notice: (String, String)? = nil

    var node: Node {
        let w = frame.words
        return frame.page(w.historyTitle, section: .history) {
            element("p", [.class("intro")]) { w.historyIntro }
            if let notice { frame.message(notice.0, notice.1) }
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
                                element("td") { batch.fileName }
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

    private var canUndo: Bool { frame.user?.role == .admin }

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

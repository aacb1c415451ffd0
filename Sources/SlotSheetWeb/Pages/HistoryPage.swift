import SlotSheetCore

/// History: the import batches, newest first, read-only (undo comes with the core's new import API).
struct HistoryPage {
    let frame: PageFrame
    let batches: [ImportBatch]
    let clock: OfficeClock

    var node: Node {
        let w = frame.words
        return frame.page(w.historyTitle, section: .history) {
            element("p", [.class("intro")]) { w.historyIntro }
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
                        }
                    }
                    element("tbody") {
                        for batch in batches {
                            element("tr") {
                                element("td", [.class("number")]) { String(batch.id ?? 0) }
                                element("td") { DateLabel.instant(batch.createdAt, clock: clock) }
                                element("td") { batch.operatorName }
                                element("td") { batch.fileName }
                                element("td", [.class("number")]) { String(batch.added) }
                                element("td", [.class("number")]) { String(batch.removed) }
                                element("td", [.class("number")]) { String(batch.unchanged) }
                                element("td") {
                                    w.outcomeNames(batch.outcome.rawValue)
                                    if batch.kind == .undo, let reverted = batch.revertsBatchID { " (\(w.undoOf(reverted)))" }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

import SlotSheetCore
import SlotSheetTemplates

/// A bulk decision's preview: what was asked, what will change, the refusals, and (when it can
/// be applied) the apply form, which sends the same decision with the plan's digest. Also the
/// answer of an apply that did not go through (409: the plan changed; 422: refused), with the
/// new preview.
struct RequestDecisionPage {
    let frame: PageFrame
    /// The decision as sent: passed on to the apply as hidden fields.
    let order: BulkDecisionOrder
    let query: RequestQueueQuery
    let preview: BulkDecisionOutcome
    var notice: (String, String)? = nil

    var node: Node {
        let w = frame.language.requestPage
        let outcome = preview.outcome
        let name = w.decisionNames[order.decision] ?? order.decision
        return frame.page(w.previewTitle, section: .requests) {
            if let notice { frame.message(notice.0, notice.1) }
            element("p", [.class("intro")]) { w.previewIntro(name, preview.requestIDs.count) }
            if let note = order.note, !note.isEmpty { element("p") { "\(w.noteLabel): \(EchoedText.escaped(note))" } }
            if !outcome.problems.isEmpty {
                frame.message("error", w.refusedNotice)
            } else if outcome.plan.isEmpty {
                frame.message("info", w.nothingToChange)
            }
            DecisionPreviewSection(language: frame.language, preview: DecisionPreview(outcome) { problem, _ in
                preview.request(of: problem).map { String($0) } ?? w.allRequests
            }).node
            element("div", [.class("actions")]) {
                if outcome.problems.isEmpty && !outcome.plan.isEmpty {
                    element("form", [Attribute("method", "post"), Attribute("action", "/requests/decisions/apply")]) {
                        frame.csrfField
                        hiddenOrder
                        element("input", [.type("hidden"), .name("plan"), .value(outcome.planDigest)])
                        element("button", [.type("submit")]) { w.applyButton }
                    }
                }
                element("a", [.href(query.path(page: query.page)), .class("button secondary")]) { w.backToQueue }
            }
        }
    }

    /// The decision and the filters as hidden fields: what the apply reads again.
    private var hiddenOrder: [Node] {
        var fields = order.requests.map { ("request", $0) } + [("decision", order.decision)]
        for (name, value) in [("note", order.note), ("date", order.date), ("daypart", order.daypart), ("staff", order.staff),
                              ("subcontractor", order.subcontractor)] {
            if let value { fields.append((name, value)) }
        }
        return fields.map { element("input", [.type("hidden"), .name($0.0), .value($0.1)]) } + query.hiddenFields
    }
}

/// The result of an applied bulk decision: the batch, each request it changed as its log says,
/// and the way to the history (where an admin can undo it).
struct RequestDecisionResultPage {
    let frame: PageFrame
    let batch: RowID
    let log: [RequestLogEntry]
    /// The tenants' notices the batch queued (docs/notices.md).
    let notices: Int

    var node: Node {
        let w = frame.language.requestPage
        return frame.page(w.resultTitle, section: .requests) {
            frame.message("ok", w.appliedAs(batch))
            element("p") { DecisionReportLine.noticesQueued(queued: notices, withoutAddress: 0).text(frame.language) }
            element("table") {
                element("thead") {
                    element("tr") {
                        element("th", [Attribute("scope", "col"), .class("number")]) { w.changeColumns.request }
                        element("th", [Attribute("scope", "col")]) { w.logColumns.status }
                        element("th", [Attribute("scope", "col")]) { w.logColumns.note }
                    }
                }
                element("tbody") {
                    for entry in log {
                        element("tr") {
                            element("td", [.class("number")]) { element("a", [.href("/requests/\(entry.requestID)")]) { String(entry.requestID) } }
                            element("td") { RequestDetailPage.statusChange(entry, frame.language) }
                            element("td") { EchoedText.escaped(entry.note ?? "") }
                        }
                    }
                }
            }
            element("div", [.class("actions")]) {
                element("a", [.href("/history"), .class("button")]) { w.seeHistory }
                element("a", [.href("/requests"), .class("button secondary")]) { w.backToQueue }
            }
        }
    }
}

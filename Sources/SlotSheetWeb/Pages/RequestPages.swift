import Foundation
import SlotSheetCore
import SlotSheetTemplates

/// The filters of the Requests page as typed (the query of `/requests`, the hidden fields of its
/// forms): kept as text so a page can show them back and pass them on.
struct RequestQueueQuery: Sendable {
    var status = ""
    var from = ""
    var to = ""
    var corporation = ""
    /// 1 for the first page.
    var page = 1

    init(status: String = "", from: String = "", to: String = "", corporation: String = "", page: Int = 1) {
        self.status = status
        self.from = from
        self.to = to
        self.corporation = corporation
        self.page = page
    }

    init(_ fields: FormFields) {
        status = fields["status"] ?? ""
        from = fields["from"] ?? ""
        to = fields["to"] ?? ""
        corporation = fields["corporation"] ?? ""
        page = fields["page"].flatMap { Int($0) }.map { max(1, min($0, 1_000_000)) } ?? 1
    }

    /// The core's reading of the filters (`RequestQueueOrder`: its errors are the command line's).
    var order: RequestQueueOrder {
        RequestQueueOrder(statuses: status.isEmpty ? nil : status, from: from.isEmpty ? nil : from, to: to.isEmpty ? nil : to,
                          corporation: corporation.isEmpty ? nil : corporation)
    }

    /// The filters as hidden fields of a form (the download, a decision's way back).
    var hiddenFields: [Node] {
        [("status", status), ("from", from), ("to", to), ("corporation", corporation)].filter { !$0.1.isEmpty }.map { name, value in
            element("input", [.type("hidden"), .name(name), .value(value)])
        }
    }

    /// `/requests` with these filters and `page` (and more, such as `select=all`).
    func path(page: Int? = nil, extra: String = "") -> String {
        var parts = [("status", status), ("from", from), ("to", to), ("corporation", corporation)].filter { !$0.1.isEmpty }
            .map { "\($0.0)=\(PageFrame.queryEscaped($0.1))" }
        if let page, page > 1 { parts.append("page=\(page)") }
        if !extra.isEmpty { parts.append(extra) }
        return "/requests" + (parts.isEmpty ? "" : "?" + parts.joined(separator: "&"))
    }
}

/// The Requests page (office and admin users): the queue by slot, a page of at most 200 at a
/// time, its filters, a check box a row with "select all on this page", the decisions' buttons,
/// the pages and the workbook's download. Works without JavaScript; `/static/requests.js` only
/// makes "select all" tick the boxes in place.
struct RequestsPage {
    let frame: PageFrame
    let query: RequestQueueQuery
    /// Nil when the filters could not be read (the notice says why).
    let queue: RequestQueuePage?
    /// The upload limit the upload form names (0 while the filters could not be read).
    var limitMB = 0
    /// The requests ticked (kept when a decision is sent back with a problem).
    var selected: Set<RowID> = []
    var note = ""
    var notice: (String, String)? = nil

    var node: Node {
        let w = frame.language.requestPage
        return frame.page(w.title, section: .requests, scripts: ["/static/requests.js"]) {
            element("p", [.class("intro")]) { w.intro }
            if let notice { frame.message(notice.0, notice.1) }
            filters(w)
            if let queue {
                if queue.rows.isEmpty {
                    frame.message("info", w.empty)
                } else {
                    element("p", [Attribute("role", "status")]) { w.shown(queue.offset + 1, queue.offset + queue.rows.count, queue.total) }
                    decisions(queue, w)
                    pages(queue, w)
                }
                element("form", [Attribute("method", "post"), Attribute("action", "/requests/download")]) {
                    frame.csrfField
                    query.hiddenFields
                    element("button", [.type("submit"), .class("secondary")]) { w.download }
                }
            }
            uploadForm(w)
        }
    }

    /// The edited workbook back, as one more kind of upload: the form token comes before the
    /// file, so it is checked before the file is kept.
    private func uploadForm(_ w: RequestPageWords) -> Node {
        element("form", [Attribute("method", "post"), Attribute("action", "/requests/upload"), Attribute("enctype", "multipart/form-data"),
                         .class("card")]) {
            frame.csrfField
            element("label", [.for("requests-file")]) { w.uploadLegend }
            " "
            element("input", [.type("file"), .id("requests-file"), .name("file"), Attribute("accept", ImportSource.readableFileTypes.joined(separator: ",")),
                              Attribute.flag("required"), Attribute("aria-describedby", "requests-file-hint")])
            element("p", [.id("requests-file-hint"), .class("muted")]) { "\(w.uploadHint) \(frame.words.uploadLimit(limitMB))" }
            element("button", [.type("submit"), .class("primary")]) { w.uploadButton }
        }
    }

    private func filters(_ w: RequestPageWords) -> Node {
        element("form", [Attribute("method", "get"), Attribute("action", "/requests"), .class("card")]) {
            element("fieldset") {
                element("legend") { w.filterLegend }
                element("label", [.for("status")]) { w.statusLabel }
                element("select", [.id("status"), .name("status")]) {
                    element("option", [.value(""), .flag("selected", query.status.isEmpty)]) { w.anyStatus }
                    for status in RequestStatus.allCases {
                        element("option", [.value(status.rawValue), .flag("selected", query.status == status.rawValue)]) { status.word(frame.language) }
                    }
                }
                element("label", [.for("from")]) { w.fromLabel }
                element("input", [.type("text"), .id("from"), .name("from"), .value(query.from)])
                element("label", [.for("to")]) { w.toLabel }
                element("input", [.type("text"), .id("to"), .name("to"), .value(query.to)])
                element("label", [.for("corporation")]) { w.corporationLabel }
                element("input", [.type("text"), .id("corporation"), .name("corporation"), .value(query.corporation)])
            }
            element("button", [.type("submit")]) { w.showButton }
        }
    }

    private func decisions(_ queue: RequestQueuePage, _ w: RequestPageWords) -> Node {
        let c = w.columns
        return element("form", [Attribute("method", "post"), Attribute("action", "/requests/decisions"), .id("decide")]) {
            frame.csrfField
            query.hiddenFields
            if query.page > 1 { element("input", [.type("hidden"), .name("page"), .value(String(query.page))]) }
            element("fieldset") {
                element("legend") { w.decideLegend }
                element("label", [.for("note")]) { w.noteLabel }
                element("input", [.type("text"), .id("note"), .name("note"), .value(note), Attribute("maxlength", "1000"),
                                  Attribute("aria-describedby", "note-hint")])
                element("p", [.id("note-hint"), .class("muted")]) { w.noteHint }
                element("div", [.class("actions")]) {
                    for decision in ["approve", "cancel", "archive"] {
                        element("button", [.type("submit"), .name("decision"), .value(decision), decision == "approve" ? nil : .class("secondary")]) {
                            w.decisionButtons[decision] ?? decision
                        }
                    }
                }
            }
            element("p") {
                element("a", [.href(query.path(page: query.page, extra: "select=all")), .id("select-all")]) { w.selectAll }
            }
            element("div", [.class("grid-wrap")]) {
                element("table", [.class("requests")]) {
                    element("caption", [.class("muted")]) { w.tableCaption }
                    element("thead") {
                        element("tr") {
                            element("td") {}
                            for (title, numeric) in [(c.request, true), (c.slot, false), (c.status, false), (c.resident, false), (c.corporation, false),
                                                     (c.defects, false), (c.staff, false), (c.subcontractor, false)] {
                                element("th", [Attribute("scope", "col"), numeric ? .class("number") : nil]) { title }
                            }
                        }
                    }
                    element("tbody") {
                        for row in queue.rows { self.row(row, labels: queue.daypartLabels, w) }
                    }
                }
            }
        }
    }

    private func row(_ row: RequestQueueRow, labels: [String: String], _ w: RequestPageWords) -> Node {
        let recorded = row.recorded
        return element("tr") {
            element("td") {
                element("input", [.type("checkbox"), .name("request"), .value(String(row.id)), .id("request-\(row.id)"),
                                  Attribute("aria-label", w.selectRow(row.id)), .flag("checked", selected.contains(row.id))])
            }
            element("td", [.class("number")]) { element("a", [.href("/requests/\(row.id)")]) { String(row.id) } }
            element("td", [.class("slot-cell")]) {
                DateLabel.long(recorded.date, frame.words)
                element("span", [.class("code-name")]) { labels[recorded.daypartCode] ?? recorded.daypartCode }
            }
            element("td") { recorded.status.word(frame.language) }
            element("td") { EchoedText.escaped(row.resident) }
            element("td") { EchoedText.escaped(row.corporation) }
            element("td") { EchoedText.escaped(row.defectsText) }
            element("td") { recorded.staffCode ?? "" }
            element("td") { EchoedText.escaped(recorded.subcontractor ?? "") }
        }
    }

    private func pages(_ queue: RequestQueuePage, _ w: RequestPageWords) -> Node {
        let pages = max(1, (queue.total + queue.limit - 1) / queue.limit)
        guard pages > 1 else { return .empty }
        return element("nav", [Attribute("aria-label", w.pagesLabel), .class("actions")]) {
            if query.page > 1 { element("a", [.href(query.path(page: query.page - 1)), .class("button secondary")]) { w.previousPage } }
            element("span") { w.pageOf(query.page, pages) }
            if query.page < pages { element("a", [.href(query.path(page: query.page + 1)), .class("button secondary")]) { w.nextPage } }
        }
    }
}

/// Ticks every box of the Requests page in place when "select all on this page" is chosen (the
/// link reloads the page with every box ticked without it); a second choice clears them.
enum RequestSelectScript {
    static let source = """
        document.addEventListener("DOMContentLoaded", function () {
          var link = document.getElementById("select-all");
          if (!link) return;
          link.setAttribute("role", "button");
          link.addEventListener("click", function (event) {
            event.preventDefault();
            var boxes = document.querySelectorAll("table.requests input[type=checkbox]");
            var all = Array.prototype.every.call(boxes, function (box) { return box.checked; });
            Array.prototype.forEach.call(boxes, function (box) { box.checked = !all; });
          });
          link.addEventListener("keydown", function (event) {
            if (event.key === " ") { event.preventDefault(); link.click(); }
          });
        });
        """
}

import SlotSheetCore

/// Notices (admins only): the tenants' outbox, newest first, each with its state, attempts and the
/// mail server's last answer; a failed one has a button that queues it again.
struct NoticesPage {
    let frame: PageFrame
    let notices: [ResidentNotice]
    let stats: NoticeQueueStats
    let clock: OfficeClock
    /// What the last action said (`error` or `ok`, and the text).
    var notice: (String, String)? = nil

    var node: Node {
        let w = frame.language.noticePage
        return frame.page(w.title, section: .notices) {
            element("p", [.class("intro")]) { w.intro }
            if let notice { frame.message(notice.0, notice.1) }
            element("p") { w.summary(stats.depth, stats.failed) }
            if notices.isEmpty {
                frame.message("info", w.empty)
            } else {
                element("table") {
                    element("thead") {
                        element("tr") {
                            let c = w.columns
                            for (title, numeric) in [(c.id, true), (c.state, false), (c.kind, false), (c.request, true), (c.recipient, false),
                                                     (c.attempts, true), (c.created, false), (c.answer, false)] {
                                element("th", [Attribute("scope", "col"), numeric ? .class("number") : nil]) { title }
                            }
                            if canRetry { element("td") {} }
                        }
                    }
                    element("tbody") {
                        for row in notices {
                            element("tr") {
                                element("td", [.class("number")]) { String(row.id) }
                                element("td") { w.states[row.state.rawValue] ?? row.state.rawValue }
                                element("td") { w.kinds[row.kind.rawValue] ?? row.kind.rawValue }
                                element("td", [.class("number")]) { String(row.requestID) }
                                element("td") { row.recipient }
                                element("td", [.class("number")]) { String(row.attempts) }
                                element("td") { DateLabel.instant(row.createdAt, clock: clock, frame.language) }
                                element("td") { EchoedText.escaped(row.lastAnswer ?? "") }
                                if canRetry { element("td") { retryButton(row) } }
                            }
                        }
                    }
                }
            }
        }
    }

    /// A column of retry buttons only when a notice has failed.
    private var canRetry: Bool { notices.contains { $0.state == .failed } }

    private func retryButton(_ row: ResidentNotice) -> Node {
        guard row.state == .failed else { return .empty }
        let label = frame.language.noticePage.retryButton
        return element("form", [Attribute("method", "post"), Attribute("action", "/notices/\(row.id)/retry")]) {
            frame.csrfField
            element("button", [.type("submit"), .class("secondary"), Attribute("aria-label", "\(label) \(row.id)")]) { label }
        }
    }
}

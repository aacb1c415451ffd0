import SlotSheetCore
import SlotSheetTemplates

/// A request's own page: what the tenant asked, where it stands, and its status log, oldest row
/// first, each time on the office's clock in the office's zone.
struct RequestDetailPage {
    let frame: PageFrame
    let detail: RequestDetail
    let clock: OfficeClock

    var node: Node {
        let w = frame.language.requestPage
        let request = detail.request, recorded = request.recorded
        let f = w.fields
        let facts: [(String, String)] = [
            (f.created, DateLabel.instant(request.createdAt, clock: clock, frame.language)),
            (f.resident, EchoedText.escaped(request.resident)), (f.address, EchoedText.escaped(request.address)),
            (f.corporation, EchoedText.escaped(request.corporation)), (f.defects, EchoedText.escaped(request.defectsText)),
            (f.description, EchoedText.escaped(request.description)),
            (f.slot, "\(DateLabel.long(recorded.date, frame.words)) \(detail.daypartLabel)"), (f.status, recorded.status.word(frame.language)),
            (f.staff, recorded.staffCode ?? w.none), (f.subcontractor, EchoedText.escaped(recorded.subcontractor ?? w.none)),
        ]
        return frame.page(w.requestTitle(request.id), section: .requests) {
            element("dl", [.class("facts card")]) {
                for (term, value) in facts {
                    element("dt") { term }
                    element("dd") { value }
                }
            }
            element("h2") { w.logTitle }
            log(w)
            element("p") { element("a", [.href("/requests")]) { w.backToQueue } }
        }
    }

    private func log(_ w: RequestPageWords) -> Node {
        let c = w.logColumns
        return element("div", [.class("grid-wrap")]) {
            element("table", [.class("status-log")]) {
                element("thead") {
                    element("tr") {
                        for title in [c.time, c.status, c.slot, c.staff, c.subcontractor, c.note, c.by, c.channel] {
                            element("th", [Attribute("scope", "col")]) { title }
                        }
                        element("th", [Attribute("scope", "col"), .class("number")]) { c.batch }
                    }
                }
                element("tbody") {
                    for line in detail.log {
                        let entry = line.entry
                        element("tr") {
                            element("td") { DateLabel.instant(entry.createdAt, clock: clock, frame.language) }
                            element("td") { RequestDetailPage.statusChange(entry, frame.language) }
                            element("td") { Self.change(line.slotBefore.map(slot), slot(line.slotAfter)) }
                            element("td") { Self.change(line.staffBefore ?? w.none, line.staffAfter ?? w.none, first: entry.fromStatus == nil) }
                            element("td") {
                                EchoedText.escaped(Self.change(line.subcontractorBefore ?? w.none, line.subcontractorAfter ?? w.none, first: entry.fromStatus == nil))
                            }
                            element("td") { EchoedText.escaped(entry.note ?? "") }
                            element("td") { entry.operatorName }
                            element("td") { w.channels[entry.channel.rawValue] ?? entry.channel.rawValue }
                            element("td", [.class("number")]) {
                                if let batch = entry.batchID { element("a", [.href("/history")]) { String(batch) } }
                            }
                        }
                    }
                }
            }
        }
    }

    private func slot(_ name: SlotName) -> String { "\(DateLabel.long(name.date, frame.words)) \(name.daypart)" }

    /// "new -> approved", or the status alone for a request's first row.
    static func statusChange(_ entry: RequestLogEntry, _ language: Language) -> String {
        guard let from = entry.fromStatus, from != entry.toStatus else { return entry.toStatus.word(language) }
        return "\(from.word(language)) → \(entry.toStatus.word(language))"
    }

    /// "before → after" where they differ; the value alone where they do not (or on a first row).
    private static func change(_ before: String?, _ after: String, first: Bool = false) -> String {
        guard let before, before != after, !first else { return after }
        return "\(before) → \(after)"
    }
}

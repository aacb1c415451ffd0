import SlotSheetCore
import SlotSheetTemplates

/// What the report form holds: as typed, so a refused form comes back as it was sent.
struct ReportForm {
    var kind: ReportKind = .requests
    var from: String
    var to: String
    var format: ReportFormat = .xlsx
    /// The ticked statuses, as sent (the core refuses one that is not a status).
    var statuses: [String] = []
    var corporation = ""
    var language: Language

    /// The order the core checks and runs (`slotsheet report` makes the same one).
    var order: ReportOrder {
        ReportOrder(kind: kind, dates: DateRangeText(from: from, to: to), format: format,
                    statuses: statuses.joined(separator: ","),
                    corporation: corporation)
    }
}

/// The Reports page (admins): the four reports of `slotsheet report` with its options, each a
/// download. Its only words are labels; every check and message is the core's.
struct ReportsPage {
    let frame: PageFrame
    let form: ReportForm
    let problems: [String]

    var node: Node {
        let r = frame.language.reportPage
        let statusNames = frame.language.words.reports
        return frame.page(r.title, section: .reports) {
            element("p", [.class("intro")]) { r.intro }
            for problem in problems { frame.message("error", problem) }
            element("form", [Attribute("method", "post"), Attribute("action", "/reports"), .class("card")]) {
                frame.csrfField
                element("fieldset") {
                    element("legend") { r.kindLegend }
                    for kind in ReportKind.allCases {
                        let words = r.kinds[kind.rawValue] ?? (kind.rawValue, "")
                        element("div") {
                            element("input", [.type("radio"), .id("kind-\(kind.rawValue)"), .name("kind"), .value(kind.rawValue),
                                              Attribute.flag("checked", form.kind == kind)])
                            element("label", [.class("inline"), .for("kind-\(kind.rawValue)")]) {
                                element("strong") { words.name }
                                element("span", [.class("muted")]) { " – \(words.about)" }
                            }
                        }
                    }
                }
                element("label", [.for("from")]) { r.fromLabel }
                element("input", [.type("date"), .id("from"), .name("from"), .value(form.from), Attribute.flag("required")])
                element("label", [.for("to")]) { r.toLabel }
                element("input", [.type("date"), .id("to"), .name("to"), .value(form.to), Attribute.flag("required")])
                element("label", [.for("format")]) { r.formatLabel }
                element("select", [.id("format"), .name("format")]) {
                    for format in ReportFormat.allCases {
                        element("option", [.value(format.rawValue), Attribute.flag("selected", form.format == format)]) {
                            r.formats[format.rawValue] ?? format.rawValue
                        }
                    }
                }
                element("fieldset") {
                    element("legend") { r.filtersLegend }
                    element("p", [.class("muted")]) { r.corporationHint }
                    element("p") { r.statusesLabel }
                    element("div", [.class("actions")]) {
                        for status in RequestStatus.allCases {
                            element("span") {
                                element("input", [.type("checkbox"), .id("status-\(status.rawValue)"), .name("status"), .value(status.rawValue),
                                                  Attribute.flag("checked", form.statuses.contains(status.rawValue))])
                                element("label", [.class("inline"), .for("status-\(status.rawValue)")]) { statusNames.status(status.rawValue) }
                            }
                        }
                    }
                    element("label", [.for("corporation")]) { r.corporationLabel }
                    element("input", [.type("text"), .id("corporation"), .name("corporation"), .value(form.corporation),
                                      Attribute("maxlength", "200")])
                }
                element("label", [.for("lang")]) { r.languageLabel }
                element("select", [.id("lang"), .name("lang")]) {
                    element("option", [.value("en"), Attribute.flag("selected", form.language == .en)]) { frame.words.languageNames.english }
                    element("option", [.value("nl"), Attribute.flag("selected", form.language == .nl)]) { frame.words.languageNames.dutch }
                }
                element("p") { element("button", [.type("submit"), .class("primary")]) { r.downloadButton } }
            }
        }
    }
}

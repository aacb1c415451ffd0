import SlotSheetCore
import SlotSheetTemplates

/// What the template form holds: as typed, so a refused form comes back as it was sent.
struct TemplateForm {
    var from: String
    var to: String
    var allStaff: Bool
    var chosen: Set<String>
    var language: Language
}

/// Download a template: dates (with the two shortcuts as plain links that fill the form), staff
/// (all active, or those ticked), the workbook's language.
struct TemplatePage {
    let frame: PageFrame
    let form: TemplateForm
    let staff: [Identified<StaffMember>]
    let shortcuts: (nextFourWeeks: DateRange, nextMonth: DateRange)
    let problems: [String]

    var node: Node {
        let w = frame.words
        return frame.page(w.templateTitle, section: .template) {
            element("p", [.class("intro")]) { w.templateIntro }
            for problem in problems { frame.message("error", problem) }
            element("form", [Attribute("method", "post"), Attribute("action", "/template"), .class("card")]) {
                frame.csrfField
                element("div", [.class("actions")]) {
                    shortcut(w.nextFourWeeks, shortcuts.nextFourWeeks)
                    shortcut(w.nextMonth, shortcuts.nextMonth)
                }
                element("label", [.for("from")]) { w.fromLabel }
                element("input", [.type("date"), .id("from"), .name("from"), .value(form.from), Attribute.flag("required")])
                element("label", [.for("to")]) { w.toLabel }
                element("input", [.type("date"), .id("to"), .name("to"), .value(form.to), Attribute.flag("required")])
                element("fieldset") {
                    element("legend") { w.staffLegend }
                    element("div") {
                        element("input", [.type("radio"), .id("staff-all"), .name("staff"), .value("all"), Attribute.flag("checked", form.allStaff)])
                        element("label", [.class("inline"), .for("staff-all")]) { w.allStaff }
                    }
                    element("div") {
                        element("input", [.type("radio"), .id("staff-chosen"), .name("staff"), .value("chosen"), Attribute.flag("checked", !form.allStaff)])
                        element("label", [.class("inline"), .for("staff-chosen")]) { w.chosenStaff }
                    }
                    element("div", [.class("staff-list")]) {
                        for (index, member) in staff.enumerated() {
                            element("div") {
                                element("input", [.type("checkbox"), .id("staff-\(index)"), .name("code"), .value(member.code),
                                                  Attribute.flag("checked", form.chosen.contains(member.code)), Attribute.flag("disabled", !member.active)])
                                element("label", [.class("inline"), .for("staff-\(index)")]) {
                                    "\(member.code) \(member.name)"
                                    if !member.active { element("span", [.class("muted")]) { " (\(w.inactiveStaff))" } }
                                }
                            }
                        }
                    }
                }
                element("label", [.for("lang")]) { w.languageLabel }
                element("select", [.id("lang"), .name("lang")]) {
                    element("option", [.value("en"), Attribute.flag("selected", form.language == .en)]) { w.languageNames.english }
                    element("option", [.value("nl"), Attribute.flag("selected", form.language == .nl)]) { w.languageNames.dutch }
                }
                element("p") { element("button", [.type("submit"), .class("primary")]) { w.downloadButton } }
            }
        }
    }

    private func shortcut(_ label: String, _ range: DateRange) -> Node {
        element("a", [.class("button secondary"), .href("/template?from=\(range.from.iso)&to=\(range.to.iso)")]) { label }
    }
}

import SlotSheetCore
import SlotSheetTemplates

/// A plan's changes as a grid: one row a date and daypart, one column a person, `+` where the
/// person becomes available and `−` where they no longer are, so that added and removed differ
/// by sign and words (the legend, the cells' titles) as well as by colour. Only slots with a
/// change have a row; a plan past `PlanGrid.rowLimit` rows shows its first ones and says so (the
/// stored preview keeps only those rows' changes: `PlanGrid`).
struct ChangeGrid {
    let frame: PageFrame
    let grid: PlanGrid
    /// Names and labels under the codes (a person's name in the column head, a daypart's label beside its code).
    var names = CodeNames()
    static let rowLimit = PlanGrid.rowLimit

    private struct Row: Hashable, Comparable {
        let date: LocalDate
        let daypartID: RowID
        let daypart: String
        static func < (a: Row, b: Row) -> Bool { (a.date, a.daypartID) < (b.date, b.daypartID) }
    }

    var node: Node {
        let w = frame.words
        func row(_ change: AvailabilityChange) -> Row { Row(date: change.key.date, daypartID: change.key.daypartID, daypart: change.daypartCode) }
        var cells: [Row: [String: Bool]] = [:]
        for change in grid.changes { cells[row(change), default: [:]][change.staffCode] = change.available }
        let shown = cells.keys.sorted()
        let staff = Set(shown.flatMap { cells[$0]!.keys }).sorted()
        return element("section", [Attribute("aria-labelledby", "grid-title")]) {
            element("h2", [Attribute("id", "grid-title")]) { w.gridTitle }
            element("p", [.class("muted legend")]) { w.gridLegend }
            if grid.slotsTotal > shown.count { element("p", [.class("muted")]) { w.gridLimited(shown.count, grid.slotsTotal) } }
            element("div", [.class("grid-wrap")]) {
                element("table", [.class("change-grid")]) {
                    element("thead") {
                        element("tr") {
                            element("th", [Attribute("scope", "col")]) { w.dateColumn }
                            element("th", [Attribute("scope", "col")]) { w.daypartColumn }
                            for code in staff {
                                element("th", [.class("mark"), Attribute("scope", "col"), Attribute("title", names.staff[code] ?? code)]) {
                                    code
                                    if let name = names.staff[code], name != code { element("span", [.class("code-name")]) { name } }
                                }
                            }
                        }
                    }
                    element("tbody") {
                        for row in shown {
                            element("tr") {
                                element("th", [Attribute("scope", "row")]) { DateLabel.long(row.date, w) }
                                element("td") {
                                    row.daypart
                                    if let label = names.dayparts[row.daypart], label != row.daypart {
                                        element("span", [.class("code-name")]) { label }
                                    }
                                }
                                for code in staff { mark(cells[row]![code]) }
                            }
                        }
                    }
                }
            }
        }
    }

    private func mark(_ available: Bool?) -> Node {
        let w = frame.words
        switch available {
        case true?: return element("td", [.class("mark added"), Attribute("title", w.addedColumn)]) { "+" }
        case false?: return element("td", [.class("mark removed"), Attribute("title", w.removedColumn)]) { "−" }
        case nil: return element("td", [.class("mark")]) { "" }
        }
    }
}

import Foundation
import SlotSheetCore
import SlotSheetTemplates

/// Home: the next four weeks at a glance, one row a day and one column a daypart; each cell the
/// free places, then booked of capacity. A slot short of staff is marked with ▲ and words as well
/// as colour. And the two main actions.
struct HomePage {
    let frame: PageFrame
    let range: DateRange
    let dayparts: [Identified<Daypart>]
    let slots: [SlotKey: SlotOccupancy]

    var node: Node {
        let w = frame.words
        return frame.page(w.homeTitle, section: .home) {
            element("p", [.class("intro")]) { w.homeIntro(DateLabel.long(range.from, w), DateLabel.long(range.to, w)) }
            element("div", [.class("actions")]) {
                element("a", [.class("button"), .href("/template")]) { w.downloadAction }
                element("a", [.class("button secondary"), .href("/upload")]) { w.uploadAction }
            }
            if dayparts.isEmpty {
                frame.message("info", w.noDayparts)
            } else {
                element("p", [.class("muted")]) { w.cellLegend + " " + w.shortLegend }
                element("div", [.class("grid-wrap")]) {
                    element("table", [.class("overview")]) {
                        element("thead") {
                            element("tr") {
                                element("th", [Attribute("scope", "col")]) { w.dateColumn }
                                for daypart in dayparts {
                                    element("th", [.class("number"), Attribute("scope", "col")]) {
                                        daypart.label
                                        // The times, unless the label says them already (as "08:00-09:00" does).
                                        if daypart.label != "\(daypart.startsAt)-\(daypart.endsAt)" {
                                            element("span", [.class("times")]) { "\(daypart.startsAt)-\(daypart.endsAt)" }
                                        }
                                    }
                                }
                            }
                        }
                        element("tbody") {
                            for date in range { row(date) }
                        }
                    }
                }
            }
        }
    }

    private func row(_ date: LocalDate) -> Node {
        let w = frame.words
        return element("tr", [date.weekday.isWeekend ? .class("weekend") : nil]) {
            element("th", [Attribute("scope", "row")]) { DateLabel.long(date, w) }
            for daypart in dayparts { cell(slots[SlotKey(date: date, daypartID: daypart.id)] ?? SlotOccupancy(capacity: 0, held: 0)) }
        }
    }

    private func cell(_ slot: SlotOccupancy) -> Node {
        let w = frame.words
        return element("td", [.class(slot.isOverbooked ? "number slot short" : "number slot")]) {
            element("span", [.class("free")]) {
                if slot.isOverbooked { element("span", [Attribute("aria-hidden", "true")]) { "▲ " } }
                w.freeOf(slot.free)
            }
            element("span", [.class("booked")]) { w.bookedOf(slot.held, slot.capacity) }
            if slot.isOverbooked { element("span", [.class("note")]) { w.shortBy(slot.held - slot.capacity) } }
        }
    }
}

/// Dates as the pages show them: "Mon 7 Dec 2026" / "ma 7 dec 2026".
enum DateLabel {
    static func long(_ date: LocalDate, _ words: WebWords) -> String {
        let (year, month, day) = date.parts
        return "\(words.weekdays[date.weekday.rawValue - 1]) \(day) \(words.months[month - 1]) \(year)"
    }

    /// A stored time (UTC, as the database keeps them) as the office reads it, the core's one form:
    /// "25 Nov 2026 21:05 +01:00".
    static func instant(_ stored: String, clock: OfficeClock, _ language: Language) -> String {
        clock.moment(stored).text(language)
    }
}

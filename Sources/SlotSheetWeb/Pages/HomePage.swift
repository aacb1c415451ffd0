import Foundation
import SlotSheetCore
import SlotSheetTemplates

/// Home: the next four weeks per day and daypart (capacity, booked, free), slots short of staff
/// marked with ▲ and words as well as colour, and the two main actions.
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
                element("p", [.class("muted")]) { w.shortLegend }
                element("table") {
                    element("thead") {
                        element("tr") {
                            element("th", [Attribute("scope", "col")]) { w.dateColumn }
                            element("th", [Attribute("scope", "col")]) { w.daypartColumn }
                            element("th", [.class("number"), Attribute("scope", "col")]) { w.capacityColumn }
                            element("th", [.class("number"), Attribute("scope", "col")]) { w.bookedColumn }
                            element("th", [.class("number"), Attribute("scope", "col")]) { w.freeColumn }
                        }
                    }
                    element("tbody") {
                        for date in range {
                            for (index, daypart) in dayparts.enumerated() {
                                row(date, daypart, first: index == 0)
                            }
                        }
                    }
                }
            }
        }
    }

    private func row(_ date: LocalDate, _ daypart: Identified<Daypart>, first: Bool) -> Node {
        let w = frame.words
        let slot = slots[SlotKey(date: date, daypartID: daypart.id)] ?? SlotOccupancy(capacity: 0, held: 0)
        let classes = [date.weekday.isWeekend ? "weekend" : nil, first ? "day-start" : nil].compactMap { $0 }.joined(separator: " ")
        return element("tr", [classes.isEmpty ? nil : .class(classes)]) {
            if first {
                element("th", [Attribute("scope", "rowgroup"), Attribute("rowspan", String(dayparts.count))]) { DateLabel.long(date, w) }
            }
            element("td") { "\(daypart.label) (\(daypart.startsAt)-\(daypart.endsAt))" }
            element("td", [.class(slot.isOverbooked ? "number short" : "number")]) {
                if slot.isOverbooked {
                    element("span", [Attribute("aria-hidden", "true")]) { "▲ " }
                }
                String(slot.capacity)
                if slot.isOverbooked {
                    element("span", [.class("note")]) { " (\(w.shortBy(slot.held - slot.capacity)))" }
                }
            }
            element("td", [.class("number")]) { String(slot.held) }
            element("td", [.class("number")]) { String(slot.free) }
        }
    }
}

/// Dates as the pages show them: "Mon 7 Dec 2026" / "ma 7 dec 2026".
enum DateLabel {
    static func long(_ date: LocalDate, _ words: WebWords) -> String {
        let (year, month, day) = date.parts
        return "\(words.weekdays[date.weekday.rawValue - 1]) \(day) \(words.months[month - 1]) \(year)"
    }

    /// An ISO 8601 instant (UTC, as the database keeps them) in the office's time zone, to the minute.
    static func instant(_ iso: String, clock: OfficeClock) -> String {
        guard let date = ISO8601DateFormatter().date(from: iso) else { return iso }
        let formatter = DateFormatter()
        formatter.timeZone = clock.timeZone
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }
}

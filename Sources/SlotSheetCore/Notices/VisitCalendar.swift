import Foundation
import Synchronization

/// A visit as an iCalendar object (RFC 5545) for a tenant's calendar: one event a request (its UID
/// stays), a SEQUENCE that grows with every change of the request, `METHOD:REQUEST` to add or move
/// it and `METHOD:CANCEL` to remove it (iTIP, RFC 5546). Times are the office's wall-clock times
/// with its zone's TZID and a VTIMEZONE describing that zone around the visit.
public enum VisitCalendar {
    /// The iCalendar text (CRLF lines, folded) and its method, for `text/calendar; method=...`.
    public struct Part: Hashable, Sendable {
        public var method: String
        public var text: String
    }

    public enum Method: String, Sendable {
        case request = "REQUEST"
        case cancel = "CANCEL"
    }

    /// What one event says.
    struct Event {
        var method: Method
        /// `request-<id>@<domain>`: the same for every notice of the request.
        var uid: String
        var sequence: Int
        var date: LocalDate
        var start: ClockTime
        var end: ClockTime
        var timeZone: TimeZone
        var title: String
        var description: String
        var location: String
        var organizer: (address: String, name: String?)
        var attendee: (address: String, name: String)
        /// When the notice was made (DTSTAMP).
        var stamp: Date
    }

    static func part(_ event: Event) -> Part {
        let zone = event.timeZone.identifier
        var lines = [
            "BEGIN:VCALENDAR",
            "PRODID:-//slotsheet//tenant notices//EN",
            "VERSION:2.0",
            "CALSCALE:GREGORIAN",
            "METHOD:\(event.method.rawValue)",
        ]
        lines += VisitTimeZone.lines(for: event.timeZone, around: event.date)
        lines += [
            "BEGIN:VEVENT",
            "UID:\(ICalendarText.escaped(event.uid))",
            "SEQUENCE:\(event.sequence)",
            "DTSTAMP:\(ICalendarText.utc(event.stamp))",
            "DTSTART;TZID=\(zone):\(ICalendarText.local(event.date, event.start))",
            "DTEND;TZID=\(zone):\(ICalendarText.local(event.date, event.end))",
            "SUMMARY:\(ICalendarText.escaped(event.title))",
            "DESCRIPTION:\(ICalendarText.escaped(event.description))",
            "LOCATION:\(ICalendarText.escaped(event.location))",
            "ORGANIZER\(ICalendarText.commonName(event.organizer.name)):mailto:\(event.organizer.address)",
            "ATTENDEE\(ICalendarText.commonName(event.attendee.name));ROLE=REQ-PARTICIPANT;RSVP=FALSE:mailto:\(event.attendee.address)",
            "STATUS:\(event.method == .cancel ? "CANCELLED" : "CONFIRMED")",
            "TRANSP:OPAQUE",
            "END:VEVENT",
            "END:VCALENDAR",
        ]
        return Part(method: event.method.rawValue, text: lines.map(ICalendarText.folded).joined())
    }
}

/// The pieces of iCalendar's text form.
enum ICalendarText {
    /// A TEXT value: backslash, semicolon, comma and line breaks escaped, other controls dropped.
    static func escaped(_ text: String) -> String {
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: ",") }) {
            return text
        }
        var out = ""
        for scalar in text.replacingOccurrences(of: "\r\n", with: "\n").unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\n", "\r": out += "\\n"
            default: if scalar.value >= 0x20 && scalar.value != 0x7F { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }

    /// `;CN="..."` for a name (quotes and controls dropped: a parameter value cannot hold them), or nothing.
    static func commonName(_ name: String?) -> String {
        guard let name else { return "" }
        let kept = String(String.UnicodeScalarView(name.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F && $0 != "\"" }))
        return kept.isEmpty ? "" : ";CN=\"\(kept)\""
    }

    /// One content line, ended by CRLF and folded so no line is longer than 75 octets (a
    /// continuation starts with a space), never inside a UTF-8 character.
    static func folded(_ line: String) -> String {
        if line.utf8.count <= 75 { return line + "\r\n" }
        var out = "", width = 0
        for character in line {
            let size = character.utf8.count
            if width + size > 75 {
                out += "\r\n "
                width = 1
            }
            out.append(character)
            width += size
        }
        return out + "\r\n"
    }

    /// `20261208T090000`: a local date and time.
    static func local(_ date: LocalDate, _ time: ClockTime) -> String {
        dateTime(seconds: date.dayNumber * 86_400 + time.minuteOfDay * 60)
    }

    /// `20261127T020000Z`: an instant in UTC.
    static func utc(_ instant: Date) -> String {
        dateTime(seconds: Int(instant.timeIntervalSince1970.rounded(.down))) + "Z"
    }

    /// `20261127T020000` for seconds since 1970 on some clock (UTC, or a wall clock's).
    static func dateTime(seconds: Int) -> String {
        let day = LocalDate(dayNumber: Int((Double(seconds) / 86_400).rounded(.down)))
        let second = seconds - day.dayNumber * 86_400
        let (year, month, date) = day.parts
        return digits(year, 4) + digits(month, 2) + digits(date, 2) + "T" + digits(second / 3600, 2) + digits(second / 60 % 60, 2)
            + digits(second % 60, 2)
    }

    /// `number` with zeros in front to `width` digits (a notice batch makes thousands of these:
    /// `String(format:)` went through Foundation's locale machinery for each).
    static func digits(_ number: Int, _ width: Int) -> String {
        let text = String(number)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}

/// The VTIMEZONE of the office's zone: its changes between standard and summer time from the year
/// before the visit to the year after, each as an observance of its own, so a calendar reads the
/// visit's offset from the object itself (no RRULE to get wrong); a zone without changes, one
/// STANDARD observance.
enum VisitTimeZone {
    /// The lines made so far, by zone and year: a batch's notices share a few years, and asking
    /// the zone for its names (ICU) cost more than the rest of a notice together.
    private static let made = Mutex<[String: [String]]>([:])

    static func lines(for zone: TimeZone, around date: LocalDate) -> [String] {
        let (year, _, _) = date.parts
        let key = "\(zone.identifier) \(year)"
        if let lines = made.withLock({ $0[key] }) { return lines }
        let lines = describe(zone, year: year)
        made.withLock { $0[key] = lines }
        return lines
    }

    private static func describe(_ zone: TimeZone, year: Int) -> [String] {
        let from = instant(LocalDate(year: year - 1, month: 1, day: 1)!), until = instant(LocalDate(year: year + 2, month: 1, day: 1)!)
        var lines = ["BEGIN:VTIMEZONE", "TZID:\(zone.identifier)"]
        var cursor = from, any = false
        while let change = zone.nextDaylightSavingTimeTransition(after: cursor), change < until {
            let before = zone.secondsFromGMT(for: change.addingTimeInterval(-1)), after = zone.secondsFromGMT(for: change)
            let kind = zone.isDaylightSavingTime(for: change) ? "DAYLIGHT" : "STANDARD"
            lines += observance(kind, start: localStart(change, offset: before), from: before, to: after, name: zone.abbreviation(for: change))
            cursor = change
            any = true
        }
        if !any {
            let offset = zone.secondsFromGMT(for: from)
            lines += observance("STANDARD", start: "19700101T000000", from: offset, to: offset, name: zone.abbreviation(for: from))
        }
        return lines + ["END:VTIMEZONE"]
    }

    private static func observance(_ kind: String, start: String, from: Int, to: Int, name: String?) -> [String] {
        ["BEGIN:\(kind)", "DTSTART:\(start)", "TZOFFSETFROM:\(offset(from))", "TZOFFSETTO:\(offset(to))"]
            + (name.map { ["TZNAME:\(ICalendarText.escaped($0))"] } ?? []) + ["END:\(kind)"]
    }

    private static func instant(_ date: LocalDate) -> Date {
        Date(timeIntervalSince1970: Double(date.dayNumber * 86_400))
    }

    /// The wall-clock time just before the change, as the observance's DTSTART wants it.
    private static func localStart(_ change: Date, offset: Int) -> String {
        ICalendarText.dateTime(seconds: Int(change.timeIntervalSince1970.rounded(.down)) + offset)
    }

    /// `+0100`, `-0330`.
    private static func offset(_ seconds: Int) -> String {
        let minutes = abs(seconds) / 60
        return (seconds < 0 ? "-" : "+") + ICalendarText.digits(minutes / 60, 2) + ICalendarText.digits(minutes % 60, 2)
    }
}

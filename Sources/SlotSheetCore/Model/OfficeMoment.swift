import Foundation
import SlotSheetTemplates

/// A stored time (an ISO 8601 UTC timestamp, as the database and the template's metadata keep
/// them) as the office reads it: on the office's clock, with that clock's offset from UTC. The one
/// place the form of a time is chosen, for every front: the command line, the web pages, the
/// workbooks, the JSON.
///
///     let moment = clock.moment("2026-11-25T20:05:24Z")   // office in Europe/Amsterdam
///     moment.text(.en)   // "25 Nov 2026 21:05 +01:00"
///     moment.text(.nl)   // "25 nov 2026 21:05 +01:00"
///     moment.iso         // "2026-11-25T21:05:24+01:00"
public struct OfficeMoment: Hashable, Sendable {
    /// The timestamp as stored.
    public let stored: String
    /// The stored time on the office's clock; nil when `stored` is not a UTC timestamp.
    public let local: LocalTime?

    public init(_ stored: String, clock: OfficeClock) {
        self.stored = stored
        self.local = clock.localTime(ofTimestamp: stored)
    }

    /// For a person, in `language`: the office's date with the month in words, the time to the
    /// minute and the offset, so nobody has to guess the zone; the stored text when it is no time.
    public func text(_ language: Language) -> String {
        guard let local else { return stored }
        let (year, month, day) = local.date.parts
        let time = String(format: "%02d:%02d", local.hour, local.minute)
        return "\(day) \(language.words.template.months[month - 1]) \(year) \(time) \(local.offsetText)"
    }

    /// For a machine (`--json`, the API, log lines): ISO 8601 with the office's offset,
    /// `2026-11-25T21:05:24+01:00`; the stored text when it is no time.
    public var iso: String { local?.iso ?? stored }
}

extension OfficeClock {
    /// A stored UTC timestamp as the office reads it (`OfficeMoment`).
    public func moment(_ stored: String) -> OfficeMoment {
        OfficeMoment(stored, clock: self)
    }
}

extension LocalTime {
    /// The offset from UTC: `+01:00`, `-03:30`.
    public var offsetText: String {
        let sign = offsetSeconds < 0 ? "-" : "+"
        let offset = abs(offsetSeconds)
        return String(format: "%@%02d:%02d", sign, offset / 3600, offset / 60 % 60)
    }
}

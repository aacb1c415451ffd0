/// Status of a repair request. Only `new` and `approved` requests hold their slot.
public enum RequestStatus: String, CaseIterable, Sendable, Codable {
    case new, approved, cancelled, completed, archived

    /// Whether a request in this status occupies a place in its slot.
    public var holdsSlot: Bool { self == .new || self == .approved }

    /// The statuses that hold a slot, for queries.
    public static let holding: [RequestStatus] = allCases.filter(\.holdsSlot)
}

/// Capacity and demand of one slot (a date and a daypart).
public struct SlotOccupancy: Hashable, Sendable {
    /// Staff available in the slot.
    public var capacity: Int
    /// Requests in a holding status booked in the slot.
    public var held: Int

    public init(capacity: Int, held: Int) {
        self.capacity = capacity
        self.held = held
    }

    /// Places left for new bookings (never negative).
    public var free: Int { max(0, capacity - held) }

    /// More requests than staff: the state an import may never create.
    public var isOverbooked: Bool { held > capacity }
}

/// The booking rules of the repair-request system, with their thresholds as configuration
/// (`[booking]` in the settings file).
///
/// A slot is bookable while it has more staff available than requests held, and only when its
/// date lies between the first open day + `minDaysAhead` and the first open day + `maxDaysAhead`,
/// both inclusive. The first open day is today, or tomorrow once the office has closed today
/// (`dayClosesAt`): from that local time on, today counts as past (an import may no longer change
/// it, a template shows it grey and locked) and the booking window starts a day later.
///
///     let rules = BookingRules(minDaysAhead: 2, maxDaysAhead: 10, dayClosesAt: ClockTime("16:00"))
///     rules.firstOpenDay(at: LocalTime(date: monday, hour: 16, minute: 0))   // tuesday
///     rules.firstOpenDay(at: LocalTime(date: monday, hour: 15, minute: 59))  // monday
public struct BookingRules: Hashable, Sendable {
    /// The defaults of DESIGN.md: 3 to 7 days ahead, open until midnight.
    public static let standard = BookingRules(minDaysAhead: 3, maxDaysAhead: 7, dayClosesAt: nil)!

    public var minDaysAhead: Int
    public var maxDaysAhead: Int
    /// The local time at which the office closes the day; nil: at midnight.
    public var dayClosesAt: ClockTime?

    /// Nil when the window is empty (`maxDaysAhead` below `minDaysAhead`) or starts in the past.
    public init?(minDaysAhead: Int, maxDaysAhead: Int, dayClosesAt: ClockTime?) {
        guard 0 <= minDaysAhead, minDaysAhead <= maxDaysAhead else { return nil }
        self.minDaysAhead = minDaysAhead
        self.maxDaysAhead = maxDaysAhead
        self.dayClosesAt = dayClosesAt
    }

    /// The first date the office still plans at `moment`: its date, or the next one once the day
    /// has closed (at or after `dayClosesAt`).
    public func firstOpenDay(at moment: LocalTime) -> LocalDate {
        guard let closing = dayClosesAt else { return moment.date }
        let minuteOfDay = moment.hour * 60 + moment.minute
        return minuteOfDay >= closing.minuteOfDay ? moment.date.adding(days: 1) : moment.date
    }

    /// The dates a tenant may book on, seen from the first open day.
    public func bookingWindow(firstOpenDay: LocalDate) -> DateRange {
        DateRange(from: firstOpenDay.adding(days: minDaysAhead), to: firstOpenDay.adding(days: maxDaysAhead))!
    }
}

/// A local wall-clock time of day, `HH:MM`, such as the time the office closes a day.
public struct ClockTime: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let hour: Int
    public let minute: Int

    /// Parses `HH:MM` (00:00 to 23:59); nil for anything else.
    public init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 5, bytes[2] == UInt8(ascii: ":"),
              bytes.enumerated().allSatisfy({ $0.offset == 2 || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0.element) }),
              let hour = Int(text.prefix(2)), let minute = Int(text.suffix(2)), hour < 24, minute < 60 else { return nil }
        self.hour = hour
        self.minute = minute
    }

    public var minuteOfDay: Int { hour * 60 + minute }
    public var description: String { String(format: "%02d:%02d", hour, minute) }

    public static func < (lhs: ClockTime, rhs: ClockTime) -> Bool { lhs.minuteOfDay < rhs.minuteOfDay }
}

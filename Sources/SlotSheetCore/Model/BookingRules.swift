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

/// The booking rules of the repair-request system, with their thresholds as configuration.
///
/// A slot is bookable while it has more staff available than requests held, and only when its
/// date lies between today + `minDaysAhead` and today + `maxDaysAhead`, both inclusive.
///
///     let rules = BookingRules()                     // 3 to 7 days ahead
///     rules.isBookable(date: today.adding(days: 3), occupancy: .init(capacity: 2, held: 1), today: today)  // true
public struct BookingRules: Hashable, Sendable {
    public var minDaysAhead: Int
    public var maxDaysAhead: Int

    public init(minDaysAhead: Int = 3, maxDaysAhead: Int = 7) {
        precondition(minDaysAhead <= maxDaysAhead, "the booking window must not be empty")
        self.minDaysAhead = minDaysAhead
        self.maxDaysAhead = maxDaysAhead
    }

    /// The dates a tenant may book on, seen from `today`.
    public func bookingWindow(today: LocalDate) -> DateRange {
        DateRange(from: today.adding(days: minDaysAhead), to: today.adding(days: maxDaysAhead))!
    }

    /// Whether a tenant may book this slot now.
    public func isBookable(date: LocalDate, occupancy: SlotOccupancy, today: LocalDate) -> Bool {
        bookingWindow(today: today).contains(date) && occupancy.capacity > occupancy.held
    }

    /// Dates before today are history: shown, never changed.
    public func isReadOnly(date: LocalDate, today: LocalDate) -> Bool {
        date < today
    }
}

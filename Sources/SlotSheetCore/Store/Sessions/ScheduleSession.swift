/// What the office's schedule is: the dayparts and staff, and per slot who is available and which
/// requests it holds. The reads of a template or CSV export, an import's dry run and its checks,
/// the reports, the list checks and the decisions' references; nothing here writes.
public protocol ScheduleSession {
    /// Every daypart, in sort order.
    func dayparts() throws -> [Identified<Daypart>]
    /// Every staff member, by code.
    func staff() throws -> [Identified<StaffMember>]
    /// Capacity and held requests of every slot in `range` that has either.
    func slotOccupancy(in range: DateRange) throws -> [SlotKey: SlotOccupancy]

    /// Calls `visit` with the schedule of every date of `range`, in order (a date without staff or
    /// requests too), read in one statement for the whole range (a server backend would otherwise
    /// pay two round trips a date): memory follows the rows a fetch brings, never the range. Only
    /// the `parts` asked for are read; the others are empty in every day visited.
    func schedules(in range: DateRange, reading parts: ScheduleParts, _ visit: (DaySchedule) throws -> Void) throws

    /// Who is available on one date, as (daypart, staff) pairs.
    func availability(on date: LocalDate) throws -> [(daypartID: RowID, staffID: RowID)]
    /// Requests holding one date's slots, per daypart: how many, and who is assigned.
    func slotDemand(on date: LocalDate) throws -> [RowID: SlotDemand]
}

/// Which of a day's schedule a read fetches: who is available, which requests hold the slots, or
/// both. A CSV's apply needs the requests only of the slots where someone becomes unavailable,
/// which it knows after planning on the availability alone (`ImportAnalyzer`).
public enum ScheduleParts: Sendable {
    case all, availability, demand
}

extension ScheduleSession {
    /// Every date of `range` with its availability and its requests (`schedules(in:reading:_:)`).
    public func schedules(in range: DateRange, _ visit: (DaySchedule) throws -> Void) throws {
        try schedules(in: range, reading: .all, visit)
    }
}

/// Which staff an export covers: every active member, or the ones named.
public enum StaffSelection: Hashable, Sendable {
    case allActive
    case codes([String])

    /// The chosen staff in order (by code for `allActive`, as given for `codes`). Unknown or
    /// inactive codes are refused, all of them at once.
    public func resolve(_ staff: [Identified<StaffMember>]) throws(TemplateError) -> [Identified<StaffMember>] {
        switch self {
        case .allActive:
            let active = staff.filter(\.active)
            guard !active.isEmpty else { throw .noStaff }
            return active
        case let .codes(codes):
            let byCode = Dictionary(staff.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })
            var seen = Set<String>()
            let unique = codes.filter { seen.insert($0).inserted }
            let unknown = unique.filter { byCode[$0] == nil }
            guard unknown.isEmpty else { throw .unknownStaff(unknown) }
            let inactive = unique.filter { byCode[$0]?.active == false }
            guard inactive.isEmpty else { throw .inactiveStaff(inactive) }
            guard !unique.isEmpty else { throw .noStaff }
            return unique.map { byCode[$0]! }
        }
    }

    /// For export parameters: "all" or the codes.
    public var summary: String {
        switch self {
        case .allActive: return "all"
        case let .codes(codes): return codes.joined(separator: ",")
        }
    }
}

/// One date of the schedule: who is available in each daypart, and the requests holding each.
public struct DaySchedule: Sendable {
    public let date: LocalDate
    /// Daypart id -> staff ids available.
    public let available: [RowID: [RowID]]
    /// Daypart id -> requests holding the slot.
    public let demand: [RowID: SlotDemand]

    /// Who is available in one daypart.
    public func availableStaff(daypartID: RowID) -> Set<RowID> {
        Set(available[daypartID] ?? [])
    }

    /// Availability in one daypart for the staff of `columns` (staff id -> position), as one flag
    /// a position, plus how many people outside `columns` are available there too.
    public func availability(daypartID: RowID, columns: StaffColumns, count: Int) -> (flags: [Bool], others: Int) {
        var flags = [Bool](repeating: false, count: count)
        var others = 0
        for staffID in available[daypartID] ?? [] {
            if let position = columns.position(of: staffID) { flags[position] = true } else { others += 1 }
        }
        return (flags, others)
    }
}

/// Staff id -> position among a sheet's staff columns, looked up for every person available in
/// every slot (250k in a year's template, ~160 instructions each through a dictionary). The ids
/// are the database's, small integers: those below `denseLimit` index an array, any other goes
/// through a dictionary.
public struct StaffColumns: Sendable {
    /// Ids from 0 to this (exclusive) are looked up by index.
    static let denseLimit: RowID = 65_536
    /// Position by id; -1 where the id has none.
    private var dense: [Int] = []
    private var sparse: [RowID: Int] = [:]

    public init(_ positions: [RowID: Int]) {
        let highest = positions.keys.filter { (0..<StaffColumns.denseLimit).contains($0) }.max() ?? -1
        dense = [Int](repeating: -1, count: Int(highest + 1))
        for (id, position) in positions {
            if (0..<StaffColumns.denseLimit).contains(id) { dense[Int(id)] = position } else { sparse[id] = position }
        }
    }

    public func position(of id: RowID) -> Int? {
        if id >= 0, id < dense.count {
            let position = dense[Int(id)]
            return position >= 0 ? position : nil
        }
        return sparse.isEmpty ? nil : sparse[id]
    }
}

extension ScheduleSession {
    /// Calls `visit` for each date of `range` in order (`schedules(in:)`: one statement for the range).
    public func walkSchedule(_ range: DateRange, _ visit: (DaySchedule) throws -> Void) throws {
        try schedules(in: range, visit)
    }

    /// Availability and demand of every slot on one date.
    public func daySchedule(on date: LocalDate) throws -> DaySchedule {
        var available: [RowID: [RowID]] = [:]
        for pair in try availability(on: date) {
            available[pair.daypartID, default: []].append(pair.staffID)
        }
        return DaySchedule(date: date, available: available, demand: try slotDemand(on: date))
    }
}

/// The days an import looks at, each fetched once and kept: the stale check and the validation
/// both walk the file's dates, and a year read twice was a fifth of a dry run. Backed by a session
/// (fetching a day when first asked), or by the days one snapshot held (`PreparedImport`).
final class DayScheduleMemo {
    private let session: (any ScheduleSession)?
    private var days: [LocalDate: DaySchedule]

    init(_ session: any ScheduleSession) {
        self.session = session
        days = [:]
    }

    /// The days a snapshot held, read earlier; there is no session to ask for others.
    init(snapshot days: [LocalDate: DaySchedule]) {
        session = nil
        self.days = days
    }

    /// Dates fetched with their availability only, whose requests `readDemand(of:)` reads when asked.
    private var demandUnread: Set<LocalDate> = []

    /// Fetches every date of `dates` now (while a template's cells are read on the other core), in
    /// one read of the range from the first to the last; the dates between that were not asked for
    /// are not kept. With `.availability`, their requests are left for `readDemand(of:)`.
    func prefetch(_ dates: some Sequence<LocalDate>, reading parts: ScheduleParts = .all) throws {
        let wanted = Set(dates).subtracting(days.keys)
        guard let session, let first = wanted.min(), let last = wanted.max(), let range = DateRange(from: first, to: last) else { return }
        try session.schedules(in: range, reading: parts) { day in
            if wanted.contains(day.date) { days[day.date] = day }
        }
        if parts == .availability { demandUnread.formUnion(wanted) }
    }

    /// Reads the requests of those of `dates` fetched without them, in one statement for the range
    /// from the first to the last, so that their days are whole; nothing for the others.
    func readDemand(of dates: some Sequence<LocalDate>) throws {
        let wanted = demandUnread.intersection(dates)
        guard let session, let first = wanted.min(), let last = wanted.max(), let range = DateRange(from: first, to: last) else { return }
        try session.schedules(in: range, reading: .demand) { day in
            guard wanted.contains(day.date), let known = days[day.date] else { return }
            days[day.date] = DaySchedule(date: day.date, available: known.available, demand: day.demand)
        }
        demandUnread.subtract(wanted)
    }

    /// Every day fetched so far.
    var fetched: [LocalDate: DaySchedule] { days }

    func day(_ date: LocalDate) throws -> DaySchedule {
        if let known = days[date] { return known }
        guard let session else { throw StoreError.failed("the snapshot read for this import holds no \(date.iso)") }
        let day = try session.daySchedule(on: date)
        days[date] = day
        return day
    }
}

/// The dayparts, staff and subcontractors a batch of decisions names, by code or name, read once.
struct DecisionReferences {
    let dayparts: [String: Identified<Daypart>]
    let daypartsByID: [RowID: Identified<Daypart>]
    let staff: [String: Identified<StaffMember>]
    let staffByID: [RowID: Identified<StaffMember>]
    let subcontractors: [String: Identified<Subcontractor>]
    let subcontractorsByID: [RowID: Identified<Subcontractor>]

    init(session: some ScheduleSession & DecisionSession) throws {
        let dayparts = try session.dayparts(), staff = try session.staff(), subcontractors = try session.subcontractors()
        self.dayparts = Dictionary(dayparts.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })
        daypartsByID = Dictionary(uniqueKeysWithValues: dayparts.map { ($0.id, $0) })
        self.staff = Dictionary(staff.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })
        staffByID = Dictionary(uniqueKeysWithValues: staff.map { ($0.id, $0) })
        self.subcontractors = Dictionary(subcontractors.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        subcontractorsByID = Dictionary(uniqueKeysWithValues: subcontractors.map { ($0.id, $0) })
    }

    /// A stored state in the office's words.
    func recorded(_ state: RequestState) -> RecordedRequest {
        RecordedRequest(status: state.status, date: state.slot.date, daypartCode: daypartsByID[state.slot.daypartID]?.code ?? "",
                        staffCode: state.staffID.flatMap { staffByID[$0]?.code },
                        subcontractor: state.subcontractorID.flatMap { subcontractorsByID[$0]?.name })
    }

    /// A slot as messages name it.
    func slotName(_ slot: SlotKey) -> SlotName {
        SlotName(date: slot.date, daypart: daypartsByID[slot.daypartID]?.label ?? String(slot.daypartID))
    }
}

/// The rule every batch that changes requests keeps, decisions and their undo alike: after the
/// whole batch no slot it puts a request in holds more requests than staff available, and none
/// of those slots is before the first open day. Checked once for the batch, on the schedules of
/// the dates it puts requests on.
enum SlotCapacityCheck {
    /// The requests each slot gains (held after and not there before), by slot.
    static func arrivals(_ changes: [RequestChange]) -> [SlotKey: [RowID]] {
        var arriving: [SlotKey: [RowID]] = [:]
        for change in changes where change.after.status.holdsSlot
            && (!change.before.status.holdsSlot || change.before.slot != change.after.slot) {
            arriving[change.after.slot, default: []].append(change.requestID)
        }
        return arriving
    }

    /// The dates whose schedules the check needs: where requests arrive or are assigned.
    static func dates(_ changes: [RequestChange]) -> [LocalDate] {
        Set(changes.lazy.filter { $0.after.status.holdsSlot }.map(\.after.slot.date)).sorted()
    }

    /// The slots over capacity after `changes`, given each slot's schedule now.
    static func problems(_ changes: [RequestChange], schedules: [SlotKey: SlotSchedule], references: DecisionReferences,
                         place: (RowID) -> (ImportProblem.Location, RequestColumn?)) -> [DecisionProblem] {
        var delta: [SlotKey: Int] = [:]
        for change in changes {
            if change.before.status.holdsSlot { delta[change.before.slot, default: 0] -= 1 }
            if change.after.status.holdsSlot { delta[change.after.slot, default: 0] += 1 }
        }
        var problems: [DecisionProblem] = []
        for (slot, arriving) in arrivals(changes).sorted(by: { ($0.key.date, $0.key.daypartID) < ($1.key.date, $1.key.daypartID) }) {
            let schedule = schedules[slot] ?? SlotSchedule()
            let held = schedule.held + (delta[slot] ?? 0)
            guard held > schedule.available.count else { continue }
            let ids = arriving.sorted()
            let (location, column) = place(ids[0])
            problems.append(DecisionProblem(.slotFull(slot: references.slotName(slot), held: held, available: schedule.available.count, arriving: ids),
                                            at: location, column: column))
        }
        return problems
    }

    /// Each slot of `dates`: who is available and how many requests it holds now, read in one statement.
    static func schedules(on dates: [LocalDate], session: some ScheduleSession) throws -> [SlotKey: SlotSchedule] {
        guard let first = dates.first, let last = dates.last, let range = DateRange(from: first, to: last) else { return [:] }
        let wanted = Set(dates)
        var slots: [SlotKey: SlotSchedule] = [:]
        try session.schedules(in: range) { day in
            guard wanted.contains(day.date) else { return }
            for (daypartID, staff) in day.available { slots[SlotKey(date: day.date, daypartID: daypartID), default: SlotSchedule()].available = Set(staff) }
            for (daypartID, demand) in day.demand { slots[SlotKey(date: day.date, daypartID: daypartID), default: SlotSchedule()].held = demand.held }
        }
        return slots
    }
}

/// One slot as the check reads it.
struct SlotSchedule {
    var available: Set<RowID> = []
    var held = 0
}

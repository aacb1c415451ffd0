/// Validation and planning against the database: the problems of a parsed file under the rules,
/// and the changes it would make. Pure reads; an apply runs them again inside the transaction that
/// writes, so what is checked is what is written.
public struct ImportAnalysis: Sendable {
    public var plan: ChangePlan
    /// The parser's problems and the rules' problems, bounded; `kept` is in file order.
    public var problems: ProblemList
}

public enum ImportAnalyzer {
    /// Which cells change: in a template, the ones the office edited (sheet versus the state it was
    /// exported with), applied to the database as it is now, so a change made in the database since
    /// export is never undone by a cell the office did not touch. In a CSV, every line that differs
    /// from the database.
    public static func analyze(_ parsed: ParsedSheet, session: some ScheduleSession, day: OfficeDay) throws -> ImportAnalysis {
        try analyze(parsed, reading: ImportReading(session: session, dates: parsed.datesChecked, reading: parsed.partsChecked), day: day)
    }

    static func analyze(_ parsed: ParsedSheet, reading: ImportReading, day officeDay: OfficeDay) throws -> ImportAnalysis {
        var problems = parsed.problems
        let references = reading.references, days = reading.days
        let staff = references.resolveStaff(of: parsed, problems: &problems)
        let dayparts = references.resolveDayparts(of: parsed, problems: &problems)
        var plan = ChangePlan()
        var day: DaySchedule?
        // Per staff column: its id, and the reverse map, so each cell is an array lookup.
        let staffIDs = staff.map { $0?.id }
        let columns = StaffColumns(Dictionary(staffIDs.enumerated().compactMap { index, id in id.map { ($0, index) } },
                                              uniquingKeysWith: { first, _ in first }))
        let snapshot = parsed.template?.snapshot

        // The slots with changes, checked once the plan is known: only those where someone becomes
        // unavailable need their requests, which a CSV's reading leaves until then.
        var changed: [(slotIndex: Int, daypart: Identified<Daypart>, changes: [(change: AvailabilityChange, staffIndex: Int)])] = []
        let order = parsed.slots.indices.sorted { parsed.slots[$0].date < parsed.slots[$1].date }
        for slotIndex in order {
            let slot = parsed.slots[slotIndex]
            guard let daypart = dayparts[slotIndex] else { continue }
            if day?.date != slot.date { day = try days.day(slot.date) }
            guard let day else { continue }
            let (isAvailable, _) = day.availability(daypartID: daypart.id, columns: columns, count: staffIDs.count)
            let baseline = snapshot?[slotIndex].available
            var slotChanges: [(change: AvailabilityChange, staffIndex: Int)] = []
            for (staffIndex, mark) in slot.marks.enumerated() {
                guard mark == .available || mark == .unavailable, let staffID = staffIDs[staffIndex] else { continue }
                let wanted = mark == .available
                // In a template only the office's edits count; then only what differs from the database.
                if baseline?[staffIndex] == wanted || isAvailable[staffIndex] == wanted {
                    plan.unchanged += 1
                    continue
                }
                let key = AvailabilityKey(date: slot.date, daypartID: daypart.id, staffID: staffID)
                let change = AvailabilityChange(key: key, available: wanted, staffCode: parsed.staffCodes[staffIndex], daypartCode: daypart.code)
                slotChanges.append((change, staffIndex))
            }
            guard !slotChanges.isEmpty else { continue }
            changed.append((slotIndex, daypart, slotChanges))
            plan.changes += slotChanges.map(\.change)
        }
        try days.readDemand(of: changed.filter { $0.changes.contains { !$0.change.available } }.map { parsed.slots[$0.slotIndex].date })
        for (slotIndex, daypart, slotChanges) in changed {
            let slot = parsed.slots[slotIndex], day = try days.day(slot.date)
            problems += SlotRules.check(
                slot: SlotName(date: slot.date, daypart: daypart.label), changes: slotChanges.map { ($0.change, parsed.location(slot: slotIndex, staff: $0.staffIndex)) },
                rowLocation: parsed.location(slot: slotIndex), current: day.availableStaff(daypartID: daypart.id),
                demand: day.demand[daypart.id] ?? SlotDemand(), daypart: daypart, staff: references, day: officeDay)
        }
        return ImportAnalysis(plan: plan, problems: problems)
    }
}

/// The rules of DESIGN.md for the changes of one slot: the past (as `OfficeDay` has it, the day's
/// closing time included) is read-only, inactive staff and
/// dayparts take no changes, capacity stays at or above the held requests, and whoever has a
/// visit assigned stays available.
enum SlotRules {
    static func check(slot: SlotName, changes: [(change: AvailabilityChange, location: ImportProblem.Location)],
                      rowLocation: ImportProblem.Location, current: Set<RowID>, demand: SlotDemand,
                      daypart: Identified<Daypart>, staff: References, day: OfficeDay) -> [ImportProblem] {
        if day.isPast(slot.date) {
            return changes.map { ImportProblem(.pastDateChanged, at: $0.location, slot: slot, staffCode: $0.change.staffCode) }
        }
        if !daypart.active {
            return [ImportProblem(.inactiveDaypart(daypart.code), at: rowLocation, slot: slot)]
        }
        var problems: [ImportProblem] = []
        for (change, location) in changes {
            if let member = staff.staff[change.staffCode], !member.active {
                problems.append(ImportProblem(.inactiveStaff(code: member.code, name: member.name), at: location, slot: slot, staffCode: member.code))
            }
        }
        let removals = changes.filter { !$0.change.available }
        guard !removals.isEmpty else { return problems }
        let after = current.count + changes.count - 2 * removals.count
        if after < demand.held {
            problems.append(ImportProblem(.capacityBelowHeld(held: demand.held, available: after), at: rowLocation, slot: slot))
        }
        for (change, location) in removals {
            let requests = demand.requests(assignedTo: change.key.staffID)
            if !requests.isEmpty {
                problems.append(ImportProblem(.assignedUnavailable(staff: change.staffCode, requests: requests), at: location, slot: slot, staffCode: change.staffCode))
            }
        }
        return problems
    }
}

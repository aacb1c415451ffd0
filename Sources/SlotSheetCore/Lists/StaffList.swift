/// The staff list: `code,name,employee_number,active` (Dutch `code,naam,personeelsnummer,actief`).
/// The code is the natural key. Making someone inactive removes their availability from the first
/// open day on, in the same batch; it is refused while they are assigned to a held request on a
/// date to come, or while a slot they are available in would drop below its bookings.
enum StaffList: ListRules {
    static let kind = ListKind.staff
    static let nameLimit = 100
    static let numberLimit = 32

    static func fields(_ member: StaffMember) -> [String] {
        [member.code, member.name, member.employeeNumber, member.active ? "x" : ""]
    }

    static func member(_ fields: [String]) -> StaffMember {
        StaffMember(code: fields[0], employeeNumber: fields[2], name: fields[1], active: fields[3] == "x")
    }

    static func wishes(_ table: ListTable, checks: inout ListFieldChecks) -> [ListWish] {
        table.rows.compactMap { row -> ListWish? in
            let code = checks.code(row, of: kind)
            let name = checks.text(row, 1, of: kind, limit: nameLimit)
            let number = checks.text(row, 2, of: kind, limit: numberLimit).flatMap { checks.unique($0, row, 2, of: kind) }
            let active = checks.active(row, of: kind)
            guard let code, let name, let number, let active else { return nil }
            return ListWish(fields: [code, name, number, active ? "x" : ""], row: row)
        }
    }

    static func current(_ session: some ScheduleSession & ListSession) throws -> [String: StoredListRow] {
        Dictionary(uniqueKeysWithValues: try session.staff().map { ($0.code, StoredListRow(id: $0.id, fields: fields($0.value))) })
    }

    static func check(_ plan: inout ListPlan, wishes: [ListWish], current: [String: StoredListRow],
                      session: some ScheduleSession & ListSession, day: OfficeDay) throws -> [ListProblem] {
        var problems = identityProblems(wishes, current: current)
        let deactivated = Set(plan.deactivated.map(\.key))
        let dayparts = Dictionary(uniqueKeysWithValues: try session.dayparts().map { ($0.id, $0.value) })
        var removals: [AvailabilityKey: String] = [:]
        for wish in wishes where deactivated.contains(wish.key) {
            guard let stored = current[wish.key] else { continue }
            let place = wish.row.places[3]
            let visits = try session.heldVisits(assignedTo: stored.id, from: day.firstOpenDay)
            if !visits.isEmpty {
                let named = visits.map { ListVisit(requestID: $0.requestID, slot: slotName($0.slot, dayparts)) }
                problems.append(ListProblem(.assignedVisits(staff: staffName(stored), visits: named), at: place))
            }
            for key in try session.availability(ofStaff: stored.id, from: day.firstOpenDay) { removals[key] = wish.key }
        }
        guard !removals.isEmpty else { return problems }
        let dates = removals.keys.map(\.date)
        guard let range = DateRange(from: dates.min()!, to: dates.max()!) else { return problems }
        let occupancy = try session.slotOccupancy(in: range)
        let bySlot = Dictionary(grouping: removals.keys, by: \.slot)
        for (slot, keys) in bySlot.sorted(by: { ($0.key.date, $0.key.daypartID) < ($1.key.date, $1.key.daypartID) }) {
            guard let slotState = occupancy[slot], slotState.capacity - keys.count < slotState.held else { continue }
            let code = removals[keys[0]]!
            guard let wish = wishes.first(where: { $0.key == code }), let stored = current[code] else { continue }
            problems.append(ListProblem(.slotBelowBookings(staff: staffName(stored), slot: slotName(slot, dayparts), held: slotState.held,
                                                           available: slotState.capacity - keys.count), at: wish.row.places[3]))
        }
        plan.availability = removals.sorted { ($0.key.date, $0.key.daypartID, $0.value) < ($1.key.date, $1.key.daypartID, $1.value) }
            .map { AvailabilityChange(key: $0.key, available: false, staffCode: $0.value, daypartCode: dayparts[$0.key.daypartID]?.code ?? "") }
        return problems
    }

    /// A new code that differs from a stored one only in case; an employee number another person
    /// has once the file is applied.
    private static func identityProblems(_ wishes: [ListWish], current: [String: StoredListRow]) -> [ListProblem] {
        var problems: [ListProblem] = []
        let storedByFolded = Dictionary(current.keys.map { ($0.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
        var numbers = Dictionary(current.values.map { ($0.fields[2].lowercased(), $0.fields) }, uniquingKeysWith: { first, _ in first })
        for wish in wishes { numbers[current[wish.key]?.fields[2].lowercased() ?? ""] = nil }
        for wish in wishes {
            if current[wish.key] == nil, let existing = storedByFolded[wish.key.lowercased()] {
                problems.append(ListProblem(.codeDiffersInCase(code: wish.key, existing: existing), at: wish.row.places[0]))
            }
            let number = wish.fields[2].lowercased()
            if let other = numbers[number], other[0] != wish.key {
                problems.append(ListProblem(.employeeNumberTaken(number: wish.fields[2], byCode: other[0], name: other[1]), at: wish.row.places[2]))
            }
        }
        return problems
    }

    static func write(_ fields: [String], session: some SeedSession & ListSession) throws {
        _ = try session.upsertStaff(member(fields))
    }

    private static func staffName(_ stored: StoredListRow) -> String { "\(stored.fields[0]) (\(stored.fields[1]))" }

    static func slotName(_ slot: SlotKey, _ dayparts: [RowID: Daypart]) -> SlotName {
        SlotName(date: slot.date, daypart: dayparts[slot.daypartID]?.label ?? "?")
    }
}

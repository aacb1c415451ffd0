import Foundation

/// The daypart list: `code,label,start,end,order,active` (Dutch `code,omschrijving,begin,einde,
/// volgorde,actief`); times `HH:MM`; an empty or missing order sorts the daypart by its start
/// (its minutes after midnight). Refused: a start not before the end, active dayparts that
/// overlap, making one inactive that held requests on dates to come use.
enum DaypartList: ListRules {
    static let kind = ListKind.dayparts
    static let labelLimit = 40

    static func fields(_ daypart: Daypart) -> [String] {
        [daypart.code, daypart.label, daypart.startsAt, daypart.endsAt, String(daypart.sortOrder), daypart.active ? "x" : ""]
    }

    static func daypart(_ fields: [String]) -> Daypart {
        Daypart(code: fields[0], label: fields[1], startsAt: fields[2], endsAt: fields[3], sortOrder: Int(fields[4]) ?? 0,
                active: fields[5] == "x")
    }

    static func wishes(_ table: ListTable, checks: inout ListFieldChecks) -> [ListWish] {
        table.rows.compactMap { row -> ListWish? in
            let code = checks.code(row, of: kind)
            let label = checks.text(row, 1, of: kind, limit: labelLimit)
            let start = time(row, 2, checks: &checks)
            let end = time(row, 3, checks: &checks)
            let order = self.order(row, checks: &checks)
            let active = checks.active(row, of: kind)
            guard let code, let label, let start, let end, let order, let active else { return nil }
            guard start < end else {
                checks.problems.append(ListProblem(.startNotBeforeEnd(start: start, end: end), at: row.places[2]))
                return nil
            }
            let sortOrder = order ?? minutes(start)
            return ListWish(fields: [code, label, start, end, String(sortOrder), active ? "x" : ""], row: row)
        }
    }

    /// `H:MM` or `HH:MM` from 00:00 to 23:59, written back as `HH:MM`.
    private static func time(_ row: ListTable.Row, _ index: Int, checks: inout ListFieldChecks) -> String? {
        guard let text = checks.text(row, index, of: kind, limit: 20) else { return nil }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        if parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
           let hour = Int(parts[0]), let minute = Int(parts[1]), parts.allSatisfy({ $0.allSatisfy(\.isASCII) }),
           (0...23).contains(hour), (0...59).contains(minute) {
            return String(format: "%02d:%02d", hour, minute)
        }
        checks.problems.append(ListProblem(.invalidTime(column: kind.columns[index], text: ListFieldChecks.excerpt(text)), at: row.places[index]))
        return nil
    }

    /// The order: a whole number, or nil (the start orders it) when empty or not in the file.
    /// The outer optional is nil when the value is wrong.
    private static func order(_ row: ListTable.Row, checks: inout ListFieldChecks) -> Int?? {
        let text = row.values[4] ?? ""
        if text.isEmpty { return .some(nil) }
        guard let number = Int(text), (0...100_000).contains(number) else {
            checks.problems.append(ListProblem(.invalidOrder(ListFieldChecks.excerpt(text)), at: row.places[4]))
            return nil
        }
        return .some(number)
    }

    private static func minutes(_ time: String) -> Int {
        (Int(time.prefix(2)) ?? 0) * 60 + (Int(time.suffix(2)) ?? 0)
    }

    static func current(_ session: some ScheduleSession & ListSession) throws -> [String: StoredListRow] {
        Dictionary(uniqueKeysWithValues: try session.dayparts().map { ($0.code, StoredListRow(id: $0.id, fields: fields($0.value))) })
    }

    static func check(_ plan: inout ListPlan, wishes: [ListWish], current: [String: StoredListRow],
                      session: some ScheduleSession & ListSession, day: OfficeDay) throws -> [ListProblem] {
        var problems: [ListProblem] = []
        let storedByFolded = Dictionary(current.keys.map { ($0.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
        for wish in wishes where current[wish.key] == nil {
            if let existing = storedByFolded[wish.key.lowercased()] {
                problems.append(ListProblem(.codeDiffersInCase(code: wish.key, existing: existing), at: wish.row.places[0]))
            }
        }
        // Overlaps among the dayparts active once the file is applied; each pair said once, on
        // the row of the file (the later one when both are in it).
        var merged = current.mapValues(\.fields)
        for wish in wishes { merged[wish.key] = wish.fields }
        let active = merged.values.filter { $0[5] == "x" }.sorted { ($0[2], $0[0]) < ($1[2], $1[0]) }
        for wish in wishes where wish.isActive {
            let clash = active.first { other in
                other[0] != wish.key && other[2] < wish.fields[3] && wish.fields[2] < other[3]
                    && !(wishes.contains { $0.key == other[0] && $0.isActive && wish.row.places[0].order.lexicographicallyPrecedes($0.row.places[0].order) })
            }
            if let other = clash {
                problems.append(ListProblem(.overlap(code: wish.key, other: other[0], otherStart: other[2], otherEnd: other[3]), at: wish.row.places[2]))
            }
        }
        for change in plan.deactivated {
            guard let stored = current[change.key], let wish = wishes.first(where: { $0.key == change.key }) else { continue }
            let held = try session.heldRequests(inDaypart: stored.id, from: day.firstOpenDay)
            if held.count > 0, let first = held.first {
                problems.append(ListProblem(.daypartInUse(code: change.key, requests: held.count, first: first), at: wish.row.places[5]))
            }
        }
        return problems
    }

    static func write(_ fields: [String], session: some SeedSession & ListSession) throws {
        _ = try session.upsertDaypart(daypart(fields))
    }
}

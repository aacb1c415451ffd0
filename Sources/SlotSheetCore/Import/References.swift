/// The dayparts and staff of the database by code, to resolve what a file names.
struct References: Sendable {
    let dayparts: [String: Identified<Daypart>]
    let staff: [String: Identified<StaffMember>]
    let staffCodes: [RowID: String]

    init(session: some ScheduleSession) throws {
        let dayparts = try session.dayparts()
        let staff = try session.staff()
        self.dayparts = Dictionary(dayparts.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })
        self.staff = Dictionary(staff.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })
        self.staffCodes = Dictionary(uniqueKeysWithValues: staff.map { ($0.id, $0.code) })
    }

    /// Each staff column's member, or nil with a problem for codes the database does not know.
    /// (Inactive staff resolve: they are refused only where the file would change them.)
    func resolveStaff(of parsed: ParsedSheet, problems: inout ProblemList) -> [Identified<StaffMember>?] {
        parsed.staffCodes.enumerated().map { index, code in
            if let member = staff[code] { return member }
            for location in unknownLocations(parsed, column: index) {
                problems.append(ImportProblem(.unknownStaff(code), at: location, staffCode: code))
            }
            return nil
        }
    }

    /// Each slot's daypart, or nil with a problem for codes the database does not know.
    func resolveDayparts(of parsed: ParsedSheet, problems: inout ProblemList) -> [Identified<Daypart>?] {
        var reported = Set<String>()
        return parsed.slots.enumerated().map { index, slot in
            if let daypart = dayparts[slot.daypartCode] { return daypart }
            let isTemplate = parsed.template != nil
            // A template names a daypart once per date; report it once. A CSV names it per line.
            if !isTemplate || reported.insert(slot.daypartCode).inserted {
                for location in isTemplate ? [parsed.location(slot: index)] : parsed.lineLocations(slot: index) {
                    problems.append(ImportProblem(.unknownDaypart(slot.daypartCode), at: location, slot: slot.name))
                }
            }
            return nil
        }
    }

    /// A template reports an unknown column once, at its header; a CSV at every line naming it.
    private func unknownLocations(_ parsed: ParsedSheet, column: Int) -> [ImportProblem.Location] {
        switch parsed.origin {
        case let .template(file):
            return [.cell(sheet: file.dataSheet, reference: file.layout.cell(row: TemplateLayout.headerRow, staffAt: column).a1)]
        case let .csv(lines):
            return lines.compactMap { $0[column] > 0 ? ImportProblem.Location.line(Int($0[column])) : nil }
        }
    }
}

extension ParsedSheet {
    /// Every CSV line of a slot (a template has none).
    func lineLocations(slot: Int) -> [ImportProblem.Location] {
        guard case let .csv(lines) = origin else { return [] }
        return lines[slot].filter { $0 > 0 }.map { .line(Int($0)) }
    }
}

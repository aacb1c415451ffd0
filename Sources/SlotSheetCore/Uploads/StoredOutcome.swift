/// An import outcome in the stored preview's form (`StoredPreview`): its plan's changes with the
/// staff and daypart codes named once, its problems and stale changes case by case, its digest.

extension StoredBytesWriter {
    mutating func outcome(_ outcome: ImportOutcome) {
        switch outcome.status {
        case let .applied(batchID): byte(0); integer(batchID)
        case .nothingToChange: byte(1)
        case .dryRun: byte(2)
        case .rejected: byte(3)
        case .stale: byte(4)
        // What changed since the earlier preview is the apply's answer, not part of a preview.
        case .planChanged: byte(5); text(outcome.planChange?.expectedDigest ?? "")
        }
        text(outcome.verdict.rawValue)
        text(outcome.fileName)
        text(outcome.sha256)
        bool(outcome.isTemplate)
        bool(outcome.range != nil)
        if let range = outcome.range {
            int(range.from.dayNumber)
            int(range.to.dayNumber)
        }
        changes(outcome.plan.changes)
        int(outcome.plan.unchanged)
        problems(outcome.problems)
        count(outcome.staleChanges.count)
        for change in outcome.staleChanges { stale(change) }
        optionalText(outcome.generatedAt)
        bool(outcome.auditBatchID != nil)
        if let batch = outcome.auditBatchID { integer(batch) }
        bool(outcome.problemTally != nil)
        if let tally = outcome.problemTally {
            int(tally.total)
            count(tally.perKind.count)
            for kind in tally.perKind {
                text(kind.kind)
                int(kind.count)
            }
        }
        text(outcome.planDigest)
    }

    /// The codes once each, then per change its date (from the previous change's), daypart and
    /// staff ids, and the codes' places with the direction.
    mutating func changes(_ changes: [AvailabilityChange]) {
        let codes = ChangeCodes(changes)
        codes.write(to: &self)
        count(changes.count)
        var previous = 0
        for change in changes { self.change(change, previous: &previous, codes: codes) }
    }

    /// One change as `changes` writes it, its date from `previous` (then its own).
    mutating func change(_ change: AvailabilityChange, previous: inout Int, codes: ChangeCodes) {
        int(change.key.date.dayNumber - previous)
        previous = change.key.date.dayNumber
        integer(change.key.daypartID)
        integer(change.key.staffID)
        unsigned(UInt64(codes.staffIndex[change.staffCode]!) << 1 | (change.available ? 1 : 0))
        unsigned(UInt64(codes.daypartIndex[change.daypartCode]!))
    }

    mutating func problems(_ problems: [ImportProblem]) {
        count(problems.count)
        for problem in problems {
            location(problem.location)
            problemKind(problem.kind)
            bool(problem.slot != nil)
            if let slot = problem.slot { slotName(slot) }
            optionalText(problem.staffCode)
        }
    }

    mutating func slotName(_ slot: SlotName) {
        int(slot.date.dayNumber)
        text(slot.daypart)
    }

    mutating func location(_ location: ImportProblem.Location) {
        switch location {
        case let .cell(sheet, reference): byte(0); text(sheet); text(reference)
        case let .line(line): byte(1); int(line)
        case let .sheet(name): byte(2); text(name)
        case let .batch(id): byte(3); integer(id)
        }
    }

    mutating func problemKind(_ kind: ImportProblem.Kind) {
        switch kind {
        case let .invalidMark(text): byte(0); self.text(text)
        case .formulaWithoutResult: byte(1)
        case let .invalidAvailableValue(text): byte(2); self.text(text)
        case let .invalidDate(text): byte(3); self.text(text)
        case let .unknownStaff(code): byte(4); text(code)
        case let .inactiveStaff(code, name): byte(5); text(code); text(name)
        case let .unknownDaypart(code): byte(6); text(code)
        case let .inactiveDaypart(code): byte(7); text(code)
        case let .duplicate(first): byte(8); location(first)
        case let .outsideRange(date, range): byte(9); int(date.dayNumber); int(range.from.dayNumber); int(range.to.dayNumber)
        case .pastDateChanged: byte(10)
        case let .capacityBelowHeld(held, available): byte(11); int(held); int(available)
        case let .assignedUnavailable(staff, requests):
            byte(12); text(staff); count(requests.count)
            for request in requests { integer(request) }
        case let .staffColumnMoved(column, expected, found): byte(13); text(column); text(expected); text(found)
        case let .keyCellChanged(expected, found): byte(14); text(expected); text(found)
        case let .missingDataSheet(name): byte(15); text(name)
        case let .extraContent(text): byte(16); self.text(text)
        case let .missingColumn(name): byte(17); text(name)
        case let .wrongFieldCount(expected, found): byte(18); int(expected); int(found)
        case let .mergedCells(range): byte(19); text(range)
        }
    }

    mutating func stale(_ change: StaleChange) {
        slotName(change.slot)
        switch change.kind {
        case let .becameAvailable(staff): byte(0); text(staff)
        case let .becameUnavailable(staff): byte(1); text(staff)
        case let .heldChanged(from, to): byte(2); int(from); int(to)
        case let .assignmentsChanged(from, to): byte(3); texts(from); texts(to)
        }
    }
}

extension StoredBytesReader {
    mutating func outcome() throws(StoredBytesError) -> ImportOutcome {
        let status: ImportOutcome.Status
        var planChange: PlanChange?
        switch try byte() {
        case 0: status = .applied(batchID: try integer())
        case 1: status = .nothingToChange
        case 2: status = .dryRun
        case 3: status = .rejected
        case 4: status = .stale
        case 5:
            status = .planChanged
            planChange = PlanChange(expectedDigest: try text(), difference: nil)
        case let other: throw .unexpected("outcome status \(other)")
        }
        let verdictName = try text()
        guard let verdict = ImportVerdict(rawValue: verdictName) else { throw .unexpected("verdict '\(verdictName)'") }
        let fileName = try text(), sha256 = try text(), isTemplate = try bool()
        var range: DateRange?
        if try bool() {
            let from = LocalDate(dayNumber: try int()), to = LocalDate(dayNumber: try int())
            guard let checked = DateRange(from: from, to: to) else { throw .unexpected("a range that ends before it starts") }
            range = checked
        }
        let plan = ChangePlan(changes: try changes(), unchanged: try int())
        let problems = try problems()
        var staleChanges: [StaleChange] = []
        for _ in 0..<(try count(itemBytes: 3)) { staleChanges.append(try stale()) }
        let generatedAt = try optionalText()
        var outcome = ImportOutcome(status: status, verdict: verdict, fileName: fileName, sha256: sha256, isTemplate: isTemplate, range: range,
                                    plan: plan, problems: problems, staleChanges: staleChanges, generatedAt: generatedAt)
        outcome.planChange = planChange
        if try bool() { outcome.auditBatchID = try integer() }
        if try bool() {
            let total = try int()
            var perKind: [ProblemTally.KindCount] = []
            for _ in 0..<(try count(itemBytes: 2)) { perKind.append(ProblemTally.KindCount(kind: try text(), count: try int())) }
            outcome.problemTally = ProblemTally(total: total, perKind: perKind)
        }
        outcome.keptPlanDigest = try text()
        return outcome
    }

    mutating func changes() throws(StoredBytesError) -> [AvailabilityChange] {
        let codes = try ChangeCodes(from: &self)
        let count = try count(itemBytes: 5)
        var changes: [AvailabilityChange] = []
        changes.reserveCapacity(count)
        var date = 0
        for _ in 0..<count { changes.append(try change(date: &date, codes: codes)) }
        return changes
    }

    /// One change as `StoredBytesWriter.change` wrote it, its date from `date` (then its own).
    mutating func change(date: inout Int, codes: ChangeCodes) throws(StoredBytesError) -> AvailabilityChange {
        date += try int()
        let daypartID = try integer(), staffID = try integer()
        let staffAndDirection = try unsigned(), daypart = try unsigned()
        guard staffAndDirection >> 1 < UInt64(codes.staff.count), daypart < UInt64(codes.dayparts.count) else { throw .unexpected("a change's code") }
        return AvailabilityChange(key: AvailabilityKey(date: LocalDate(dayNumber: date), daypartID: daypartID, staffID: staffID),
                                  available: staffAndDirection & 1 == 1, staffCode: codes.staff[Int(staffAndDirection >> 1)],
                                  daypartCode: codes.dayparts[Int(daypart)])
    }

    mutating func problems() throws(StoredBytesError) -> [ImportProblem] {
        var problems: [ImportProblem] = []
        for _ in 0..<(try count(itemBytes: 4)) {
            let location = try location(), kind = try problemKind()
            let slot = try bool() ? try slotName() : nil
            problems.append(ImportProblem(kind, at: location, slot: slot, staffCode: try optionalText()))
        }
        return problems
    }

    mutating func slotName() throws(StoredBytesError) -> SlotName {
        SlotName(date: LocalDate(dayNumber: try int()), daypart: try text())
    }

    mutating func location() throws(StoredBytesError) -> ImportProblem.Location {
        switch try byte() {
        case 0: return .cell(sheet: try text(), reference: try text())
        case 1: return .line(try int())
        case 2: return .sheet(try text())
        case 3: return .batch(try integer())
        case let other: throw .unexpected("problem place \(other)")
        }
    }

    mutating func problemKind() throws(StoredBytesError) -> ImportProblem.Kind {
        switch try byte() {
        case 0: return .invalidMark(try text())
        case 1: return .formulaWithoutResult
        case 2: return .invalidAvailableValue(try text())
        case 3: return .invalidDate(try text())
        case 4: return .unknownStaff(try text())
        case 5: return .inactiveStaff(code: try text(), name: try text())
        case 6: return .unknownDaypart(try text())
        case 7: return .inactiveDaypart(try text())
        case 8: return .duplicate(first: try location())
        case 9:
            let date = LocalDate(dayNumber: try int()), from = LocalDate(dayNumber: try int()), to = LocalDate(dayNumber: try int())
            guard let range = DateRange(from: from, to: to) else { throw .unexpected("a range that ends before it starts") }
            return .outsideRange(date: date, range: range)
        case 10: return .pastDateChanged
        case 11: return .capacityBelowHeld(held: try int(), available: try int())
        case 12:
            let staff = try text()
            var requests: [RowID] = []
            for _ in 0..<(try count()) { requests.append(try integer()) }
            return .assignedUnavailable(staff: staff, requests: requests)
        case 13: return .staffColumnMoved(column: try text(), expected: try text(), found: try text())
        case 14: return .keyCellChanged(expected: try text(), found: try text())
        case 15: return .missingDataSheet(try text())
        case 16: return .extraContent(try text())
        case 17: return .missingColumn(try text())
        case 18: return .wrongFieldCount(expected: try int(), found: try int())
        case 19: return .mergedCells(try text())
        case let other: throw .unexpected("problem kind \(other)")
        }
    }

    mutating func stale() throws(StoredBytesError) -> StaleChange {
        let slot = try slotName()
        switch try byte() {
        case 0: return StaleChange(slot: slot, kind: .becameAvailable(staff: try text()))
        case 1: return StaleChange(slot: slot, kind: .becameUnavailable(staff: try text()))
        case 2: return StaleChange(slot: slot, kind: .heldChanged(from: try int(), to: try int()))
        case 3: return StaleChange(slot: slot, kind: .assignmentsChanged(from: try texts(), to: try texts()))
        case let other: throw .unexpected("stale change \(other)")
        }
    }
}

/// The staff and daypart codes of a list of changes, once each, which every stored change names
/// by its place.
struct ChangeCodes {
    private(set) var staff: [String] = []
    private(set) var dayparts: [String] = []
    private(set) var staffIndex: [String: Int] = [:]
    private(set) var daypartIndex: [String: Int] = [:]

    init(_ changes: [AvailabilityChange]) {
        for change in changes {
            if staffIndex[change.staffCode] == nil { staffIndex[change.staffCode] = staff.count; staff.append(change.staffCode) }
            if daypartIndex[change.daypartCode] == nil { daypartIndex[change.daypartCode] = dayparts.count; dayparts.append(change.daypartCode) }
        }
    }

    init(from reader: inout StoredBytesReader) throws(StoredBytesError) {
        staff = try reader.texts()
        dayparts = try reader.texts()
    }

    func write(to writer: inout StoredBytesWriter) {
        writer.texts(staff)
        writer.texts(dayparts)
    }
}

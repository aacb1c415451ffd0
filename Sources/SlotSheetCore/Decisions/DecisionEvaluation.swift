/// The validate and plan steps of a batch of decisions, against the database as one session shows
/// it (reads only): every row's cells checked, what the office edited told from what the export
/// recorded, the stale check, the status machine, the slot and people rules, and the capacity of
/// every slot the batch fills, all at once. Every problem is collected with its place.
struct DecisionEvaluation {
    let sheet: DecisionSheet
    let force: Bool
    let day: OfficeDay
    let references: DecisionReferences

    /// Notes longer than this are refused: a sentence or two, not a letter.
    static let noteLimit = 1_000

    /// The request numbers the file names (what the apply reads, and locks the slots of).
    static func requestIDs(_ sheet: DecisionSheet) -> [RowID] {
        sheet.rows.compactMap { $0.cells[.request].flatMap { RowID($0.text) } }
    }

    /// The slots the file names (each row's date and daypart, and what the export recorded), as
    /// far as they read: what an apply locks before it reads the requests.
    static func namedSlots(_ sheet: DecisionSheet, references: DecisionReferences) -> Set<SlotKey> {
        var slots = Set<SlotKey>()
        for row in sheet.rows {
            if let date = row.cells[.date].flatMap({ DecisionEvaluation.date($0.text) }),
               let daypart = row.cells[.daypart].flatMap({ references.dayparts[$0.text] }) {
                slots.insert(SlotKey(date: date, daypartID: daypart.id))
            }
        }
        for recorded in (sheet.recorded ?? [:]).values {
            if let daypart = references.dayparts[recorded.daypartCode] { slots.insert(SlotKey(date: recorded.date, daypartID: daypart.id)) }
        }
        return slots
    }

    /// A date as a file may write it; nil when it is none (or reads two ways).
    static func date(_ text: String) -> LocalDate? {
        switch CSVDate.read(text) {
        case let .date(date), let .ordered(date, _): return date
        case .ambiguous, .invalid: return nil
        }
    }

    /// The outcome of the checks and the plan; `stored` are the file's requests as they are now.
    func evaluate(stored: [RowID: StoredRequest], session: some ScheduleSession) throws -> DecisionOutcome {
        var problems = sheet.problems
        var stale: [DecisionProblem] = []
        var plan = DecisionPlan()
        // Each request's row in the sheet, by its index (a row is larger than its index).
        var rowIndex: [RowID: Int] = [:]
        var pendingStaff: [(change: RequestChange, code: String)] = []
        for (index, row) in sheet.rows.enumerated() {
            guard let idCell = row.cells[.request] else { continue }
            guard let id = RowID(idCell.text), id > 0 else {
                problems.append(DecisionProblem(.notARequestNumber(idCell.text), at: idCell.place, column: .request))
                continue
            }
            if let first = rowIndex[id].map({ sheet.rows[$0].place }) {
                problems.append(DecisionProblem(.duplicateRequest(id, first: first), at: idCell.place, column: .request))
                continue
            }
            rowIndex[id] = index
            guard let request = stored[id] else {
                problems.append(DecisionProblem(.unknownRequest(id), at: idCell.place, column: .request))
                continue
            }
            let current = references.recorded(request.state)
            let recorded = sheet.recorded?[id] ?? current
            guard let (wanted, note) = read(row, recorded: recorded, problems: &problems) else { continue }
            let edited = wanted.differences(from: recorded)
            if edited.isEmpty { plan.unchanged += 1; continue }
            let isStale = sheet.recorded != nil && current != recorded && wanted != current
            if isStale && !force {
                stale.append(DecisionProblem(.changedSinceExport(request: id, exported: recorded, now: current),
                                             at: row.place(of: edited[0]), column: edited[0]))
                continue
            }
            var target = current
            for column in edited { target.set(column, from: wanted) }
            if target == current { plan.unchanged += 1; continue }
            var rowProblems: [DecisionProblem] = []
            let change = change(id, request: request, current: current, target: target, note: note, row: row, skipping: isStale,
                              skipped: &plan.skipped, problems: &rowProblems)
            problems += rowProblems
            guard rowProblems.isEmpty, let change else { if rowProblems.isEmpty { plan.unchanged += 1 }; continue }
            plan.changes.append(change)
            if let code = target.staffCode, change.after.status.holdsSlot,
               change.before.staffID != change.after.staffID || change.isMove || !change.before.status.holdsSlot {
                pendingStaff.append((change, code))
            }
        }
        var outcome = DecisionOutcome(fileName: sheet.fileName, fileSHA256: sheet.sha256, status: .rejected, plan: DecisionPlan(), problems: [])
        outcome.rows = sheet.rows.count
        if !stale.isEmpty {
            outcome.problems = stale.sorted(by: DecisionEvaluation.placeOrder)
            outcome.status = .stale
            return outcome
        }
        plan.changes.sort { $0.requestID < $1.requestID }
        // Over the rows that are valid so far, so that every problem is found in one go.
        if !plan.changes.isEmpty {
            let schedules = try SlotCapacityCheck.schedules(on: SlotCapacityCheck.dates(plan.changes), session: session)
            for (change, code) in pendingStaff where !(schedules[change.after.slot]?.available.contains(change.after.staffID ?? 0) ?? false) {
                problems.append(DecisionProblem(.staffNotAvailable(request: change.requestID, staff: code, slot: references.slotName(change.after.slot)),
                                                at: rowIndex[change.requestID].map { sheet.rows[$0].place(of: .staff) } ?? .batch(0), column: .staff))
            }
            problems += SlotCapacityCheck.problems(plan.changes, schedules: schedules, references: references) { id in
                (rowIndex[id].map { sheet.rows[$0].place(of: .date) } ?? .batch(0), .date)
            }
        }
        outcome.problems = problems.sorted(by: DecisionEvaluation.placeOrder)
        outcome.plan = plan
        outcome.changeLines = plan.changes.prefix(DecisionOutcome.changeLinesKept).map { DecisionReportLine.change($0, references: references) }
        outcome.status = problems.isEmpty ? .dryRun : .rejected
        return outcome
    }

    static func placeOrder(_ a: DecisionProblem, _ b: DecisionProblem) -> Bool {
        let (left, right) = (a.place.order + [a.column.map { RequestColumn.allCases.firstIndex(of: $0)! } ?? -1],
                             b.place.order + [b.column.map { RequestColumn.allCases.firstIndex(of: $0)! } ?? -1])
        return left.lexicographicallyPrecedes(right)
    }

    /// The row's decision cells read over what the export recorded (a column the file lacks keeps
    /// the recorded value); nil, with the problems, when a cell cannot be read.
    private func read(_ row: DecisionRow, recorded: RecordedRequest, problems: inout [DecisionProblem]) -> (RecordedRequest, String?)? {
        var wanted = recorded
        var readable = true
        if let cell = row.cells[.status] {
            if let status = RequestStatus(word: cell.text) { wanted.status = status } else {
                problems.append(DecisionProblem(.unknownStatus(cell.text), at: cell.place, column: .status))
                readable = false
            }
        }
        if let cell = row.cells[.date] {
            if let date = DecisionEvaluation.date(cell.text) { wanted.date = date } else {
                problems.append(DecisionProblem(.invalidDate(cell.text), at: cell.place, column: .date))
                readable = false
            }
        }
        if let cell = row.cells[.daypart] { wanted.daypartCode = cell.text }
        if let cell = row.cells[.staff] { wanted.staffCode = cell.text.isEmpty ? nil : cell.text }
        if let cell = row.cells[.subcontractor] { wanted.subcontractor = cell.text.isEmpty ? nil : cell.text }
        var note: String?
        if let cell = row.cells[.note], !cell.text.isEmpty {
            if cell.text.count > DecisionEvaluation.noteLimit {
                problems.append(DecisionProblem(.tooLong(length: cell.text.count, limit: DecisionEvaluation.noteLimit), at: cell.place, column: .note))
                readable = false
            } else if EchoedText.holdsControlCharacter(cell.text) {
                problems.append(DecisionProblem(.controlCharacter(cell.text), at: cell.place, column: .note))
                readable = false
            }
            note = cell.text
        }
        return readable ? (wanted, note) : nil
    }

    /// The change from `current` to `target` under the status machine and the slot and people
    /// rules; nil when nothing is left to change. `skipping` (a forced stale row): an edit no longer
    /// allowed from the status now is left out (into `skipped`), not refused.
    private func change(_ id: RowID, request: StoredRequest, current: RecordedRequest, target wanted: RecordedRequest, note: String?, row: DecisionRow,
                      skipping: Bool, skipped: inout [SkippedEdit], problems: inout [DecisionProblem]) -> RequestChange? {
        var target = wanted
        var decision: RequestDecision?
        func refuse(_ problem: DecisionProblem, column: RequestColumn, reverting: (inout RecordedRequest) -> Void) {
            if skipping {
                skipped.append(SkippedEdit(requestID: id, column: column, reason: problem))
                reverting(&target)
            } else {
                problems.append(problem)
            }
        }
        if target.status != current.status {
            decision = RequestStateMachine.decision(from: current.status, to: target.status, statusBeforeArchiving: request.statusBeforeArchiving)
            if decision == nil {
                let kind: DecisionProblem.Kind = current.status == .archived && request.statusBeforeArchiving == nil
                    ? .statusBeforeArchivingUnknown(request: id)
                    : .transitionRefused(request: id, status: current.status, wanted: target.status, open: RequestStateMachine.decisions(from: current.status))
                refuse(DecisionProblem(kind, at: row.place(of: .status), column: .status), column: .status) { $0.status = current.status }
            }
        }
        let moves = target.date != current.date || target.daypartCode != current.daypartCode
        let assigns = (target.staffCode != current.staffCode && target.staffCode != nil)
            || (target.subcontractor != current.subcontractor && target.subcontractor != nil)
        if (moves || assigns) && !target.status.holdsSlot {
            let column: RequestColumn = moves ? (target.date != current.date ? .date : .daypart) : (target.staffCode != current.staffCode ? .staff : .subcontractor)
            refuse(DecisionProblem(.notHoldingASlot(request: id, status: target.status), at: row.place(of: column), column: column), column: column) {
                $0.date = current.date; $0.daypartCode = current.daypartCode
                if $0.staffCode != nil { $0.staffCode = current.staffCode }
                if $0.subcontractor != nil { $0.subcontractor = current.subcontractor }
            }
        }
        guard problems.isEmpty else { return nil }
        guard let slot = slotKey(target, current: current, request: request, row: row, problems: &problems),
              let people = people(target, current: current, request: request, row: row, problems: &problems) else { return nil }
        let after = RequestState(status: target.status, slot: slot, staffID: people.staff, subcontractorID: people.subcontractor)
        guard after != request.state else { return nil }
        let arrives = after.status.holdsSlot && (after.slot != request.state.slot || !request.state.status.holdsSlot)
        if arrives && day.isPast(after.slot.date) {
            problems.append(DecisionProblem(.slotInThePast(request: id, slot: references.slotName(after.slot), firstOpenDay: day.firstOpenDay),
                                            at: row.place(of: .date), column: .date))
            return nil
        }
        return RequestChange(requestID: id, before: request.state, after: after, decision: target.status == current.status ? nil : decision, note: note)
    }

    /// The target's slot by key: a daypart the file moves the request to must exist and be active.
    private func slotKey(_ target: RecordedRequest, current: RecordedRequest, request: StoredRequest, row: DecisionRow,
                         problems: inout [DecisionProblem]) -> SlotKey? {
        if target.daypartCode == current.daypartCode { return SlotKey(date: target.date, daypartID: request.state.slot.daypartID) }
        guard let daypart = references.dayparts[target.daypartCode] else {
            problems.append(DecisionProblem(.unknownDaypart(target.daypartCode), at: row.place(of: .daypart), column: .daypart))
            return nil
        }
        guard daypart.active else {
            problems.append(DecisionProblem(.inactiveDaypart(target.daypartCode), at: row.place(of: .daypart), column: .daypart))
            return nil
        }
        return SlotKey(date: target.date, daypartID: daypart.id)
    }

    /// The target's staff member and subcontractor by key: one newly named must exist (and a staff
    /// member be active); one left as it is stays whatever it is.
    private func people(_ target: RecordedRequest, current: RecordedRequest, request: StoredRequest, row: DecisionRow,
                        problems: inout [DecisionProblem]) -> (staff: RowID?, subcontractor: RowID?)? {
        var staffID = request.state.staffID, subcontractorID = request.state.subcontractorID
        if target.staffCode != current.staffCode {
            staffID = nil
            if let code = target.staffCode {
                guard let member = references.staff[code] else {
                    problems.append(DecisionProblem(.unknownStaff(code), at: row.place(of: .staff), column: .staff))
                    return nil
                }
                guard member.active else {
                    problems.append(DecisionProblem(.inactiveStaff(code), at: row.place(of: .staff), column: .staff))
                    return nil
                }
                staffID = member.id
            }
        }
        if target.subcontractor != current.subcontractor {
            subcontractorID = nil
            if let name = target.subcontractor {
                guard let firm = references.subcontractors[name] else {
                    problems.append(DecisionProblem(.unknownSubcontractor(name), at: row.place(of: .subcontractor), column: .subcontractor))
                    return nil
                }
                subcontractorID = firm.id
            }
        }
        return (staffID, subcontractorID)
    }
}

extension RecordedRequest {
    /// Takes one field's value from `other`.
    mutating func set(_ column: RequestColumn, from other: RecordedRequest) {
        switch column {
        case .date: date = other.date
        case .daypart: daypartCode = other.daypartCode
        case .status: status = other.status
        case .staff: staffCode = other.staffCode
        case .subcontractor: subcontractor = other.subcontractor
        default: break
        }
    }
}

import SlotSheetTemplates

/// Why a batch cannot be undone. Each case says what to do instead.
public enum UndoError: Error, Equatable, CustomStringConvertible {
    case notFound(RowID)
    /// The batch records an attempt that changed nothing (refused, stale, nothing to change, plan
    /// changed): there is nothing to revert.
    case notApplied(RowID, ImportBatch.Outcome)
    case alreadyUndone(RowID, by: RowID)
    /// Later batches changed some of the same cells; undo those first (newest first).
    case laterBatches(RowID, [RowID])
    /// Reverting would break the rules (a past date, a slot left short, an assigned visit).
    case rejected(RowID, [ImportProblem])

    public var description: String {
        switch self {
        case let .notFound(id):
            return "There is no import batch \(id); the history lists them."
        case let .notApplied(id, outcome):
            return "Batch \(id) changed nothing (\(Language.en.words.reports.outcome(outcome.rawValue))), so there is nothing to undo."
        case let .alreadyUndone(id, by):
            return "Batch \(id) was already undone by batch \(by)."
        case let .laterBatches(id, later):
            return "Batch \(id) cannot be undone: later \(later.count == 1 ? "batch" : "batches") \(later.map(String.init).joined(separator: ", ")) changed some of the same cells. Undo \(later.count == 1 ? "it" : "them, newest first,") before this one."
        case let .rejected(id, problems):
            return "Batch \(id) cannot be undone: \(problems.count) \(problems.count == 1 ? "change would break" : "changes would break") the planning rules (a past date, a slot left short or a booked visit). Nothing was changed."
        }
    }
}

/// `slotsheet import undo BATCH`: reverts a batch's changes as a new batch (kind `undo`), checked by
/// the same rules as an import, unless a later batch touched the same cells.
public struct UndoJob {
    public let store: any RepairStore
    /// What is past (never changed), on the office's clock.
    public let rules: OfficeRules
    public var clock: OfficeClock { rules.clock }
    /// How the corrections of an undone decisions' batch are written (docs/notices.md).
    public let notices: NoticeOffice

    public init(store: any RepairStore, rules: OfficeRules, notices: NoticeOffice) {
        self.store = store
        self.rules = rules
        self.notices = notices
    }

    /// What an undo reverted: availability cells (and the rows of a list), or requests' decisions.
    public enum Reverted: Sendable {
        case availability(ChangePlan)
        /// The log rows the undo appended, one a request put back, and what became of the
        /// batch's notices to tenants (withdrawn, or corrected when already sent).
        case requests([RequestLogEntry], notices: NoticeWithdrawReport)
    }

    /// Returns the new batch and what it reverted, as cells of availability (none for a batch of
    /// requests' decisions: `undoing` tells those).
    public func undo(batchID: RowID, operatorName: String) throws -> (batchID: RowID, plan: ChangePlan) {
        let (id, reverted) = try undoing(batchID: batchID, operatorName: operatorName)
        guard case let .availability(plan) = reverted else { return (id, ChangePlan()) }
        return (id, plan)
    }

    /// Reverts the batch; returns the new batch and what it reverted.
    public func undoing(batchID: RowID, operatorName: String) throws -> (batchID: RowID, reverted: Reverted) {
        try store.writeTakingLocks { session in
            guard let batch = try session.importBatch(id: batchID) else { throw UndoError.notFound(batchID) }
            guard batch.outcome == .applied else { throw UndoError.notApplied(batchID, batch.outcome) }
            // A batch's changes never change; the slots they are in locked, the rest is read as the
            // last writer of each left it (docs/design.md, "Locks").
            let changes = try session.availabilityChanges(ofBatch: batchID)
            try session.lockSlots(changes.map(\.key.slot))
            if let undoneBy = try session.batch(reverting: batchID) { throw UndoError.alreadyUndone(batchID, by: undoneBy) }
            let later = try effectiveLaterBatches(after: batchID, session: session)
            guard later.isEmpty else { throw UndoError.laterBatches(batchID, later) }
            switch try session.subject(ofBatch: batchID) {
            case let .list(list):
                let (id, plan) = try ListUndo(rules: rules).undo(batch, kind: list, operatorName: operatorName, session: session)
                return (id, .availability(plan))
            case .requests:
                let undone = try RequestUndo(rules: rules, notices: notices).undo(batch, operatorName: operatorName, session: session)
                return (undone.batchID, .requests(undone.reverted, notices: undone.notices))
            case .availability: break
            }

            let plan = try revertPlan(of: changes, batchID: batchID, day: rules.now(), session: session)
            if !plan.problems.isEmpty { throw UndoError.rejected(batchID, plan.problems) }
            let undo = ImportBatch(
                fileName: batch.fileName, sha256: batch.sha256, operatorName: operatorName, createdAt: clock.timestamp(),
                kind: .undo, revertsBatchID: batchID, range: batch.range, added: plan.plan.added,
                removed: plan.plan.removed, unchanged: plan.plan.unchanged, outcome: .applied)
            return (try ChangeWriter.write(plan.plan.changes, as: undo, session: session), .availability(plan.plan))
        }
    }

    /// Later batches on the same cells or list rows that still stand: a batch that was undone, and the undo that
    /// reverted it, cancel out, so undoing newest first always works.
    private func effectiveLaterBatches(after batchID: RowID, session: some ImportHistorySession & ListSession) throws -> [RowID] {
        // Cells of availability, and rows of a list (staff, dayparts).
        let later = Set(try session.laterBatches(touchingCellsOf: batchID) + session.laterBatches(touchingRowsOf: batchID)).sorted()
        var cancelled = Set<RowID>()
        for id in later {
            if let undo = try session.batch(reverting: id), undo > batchID {
                cancelled.insert(id)
                cancelled.insert(undo)
            }
        }
        return later.filter { !cancelled.contains($0) }
    }

    /// The batch's changes reversed, less any cell already back as it was, checked per slot.
    private func revertPlan(of changes: [AvailabilityChange], batchID: RowID, day officeDay: OfficeDay,
                            session: some ScheduleSession) throws -> (plan: ChangePlan, problems: [ImportProblem]) {
        let references = try References(session: session)
        var plan = ChangePlan()
        var problems: [ImportProblem] = []
        let bySlot = Dictionary(grouping: changes.map(\.reverted), by: \.key.slot)
        let dates = Set(bySlot.keys.map(\.date)).sorted()
        let days = DayScheduleMemo(session)
        try days.prefetch(dates)
        for date in dates {
            let day = try days.day(date)
            for (slot, changes) in bySlot where slot.date == date {
                guard let daypart = references.dayparts.values.first(where: { $0.id == slot.daypartID }) else { continue }
                let current = day.availableStaff(daypartID: slot.daypartID)
                let needed = changes.filter { current.contains($0.key.staffID) != $0.available }
                plan.unchanged += changes.count - needed.count
                guard !needed.isEmpty else { continue }
                problems += SlotRules.check(
                    slot: SlotName(date: date, daypart: daypart.label), changes: needed.map { ($0, .batch(batchID)) },
                    rowLocation: .batch(batchID), current: current, demand: day.demand[slot.daypartID] ?? SlotDemand(),
                    daypart: daypart, staff: references, day: officeDay)
                plan.changes += needed
            }
        }
        plan.changes.sort { ($0.key.date, $0.daypartCode, $0.staffCode) < ($1.key.date, $1.daypartCode, $1.staffCode) }
        return (plan, problems)
    }
}

/// Why a list batch cannot be undone (the checks it shares with an availability batch are `UndoError`).
public enum ListUndoError: Error, Equatable {
    /// Reverting would break the list's rules (a person with visits made inactive again...).
    case rejected(RowID, [ListProblem])
    /// The batch added a row that other rows now refer to (availability, requests): it cannot be
    /// deleted again.
    case rowInUse(RowID, code: String)
}

extension ListUndoError: OfficeMessage, CustomStringConvertible {
    public var description: String { english }

    public var english: String {
        switch self {
        case let .rejected(id, problems):
            return "Batch \(id) cannot be undone: \(problems.count) \(problems.count == 1 ? "change breaks" : "changes break") the rules."
        case let .rowInUse(id, code: code):
            return "Batch \(id) cannot be undone: it added \(code), who is in use since (availability or requests). Make \(code) inactive with an import instead."
        }
    }

    public var dutch: String {
        switch self {
        case let .rejected(id, problems):
            return "Batch \(id) kan niet worden teruggedraaid: \(problems.count) \(problems.count == 1 ? "wijziging breekt" : "wijzigingen breken") de regels."
        case let .rowInUse(id, code: code):
            return "Batch \(id) kan niet worden teruggedraaid: die voegde \(code) toe, dat sindsdien in gebruik is (beschikbaarheid of verzoeken). Zet \(code) met een import op inactief."
        }
    }
}

/// Reverts a list batch as a new batch (kind `undo`, the same list): each row back as it was
/// before (a row the batch added deleted again), the availability it removed restored from the
/// first open day on; checked by the list's rules, unless a later batch touched the same rows.
struct ListUndo {
    let rules: OfficeRules

    /// The later batches on the same rows or cells that still stand (`UndoJob.standing`).
    func undo(_ batch: ImportBatch, kind: ListKind, operatorName: String,
              session: some ScheduleSession & ListSession & SeedSession & AvailabilityWriteSession & ImportHistorySession) throws -> (batchID: RowID, plan: ChangePlan) {
        guard let batchID = batch.id else { throw UndoError.notFound(0) }
        let day = rules.now()
        let changes = try session.listChanges(ofBatch: batchID)
        let current = try kind.rules.current(session)
        var plan = ListPlan()
        var wishes: [ListWish] = []
        for change in changes {
            let row = ListTable.Row(values: change.after.map { Optional($0) }, places: kind.columns.map { _ in .batch(batchID) })
            guard let before = change.before else {
                if current[change.key] != nil { plan.deleted.append(ListRowChange(key: change.key, before: change.after, after: [])) }
                continue
            }
            wishes.append(ListWish(fields: before, row: row, key: change.key))
        }
        let made = ListPlan.make(wishes, current: current)
        plan.added = made.added
        plan.changed = made.changed
        plan.deactivated = made.deactivated
        plan.unchanged = made.unchanged
        let problems = try kind.rules.check(&plan, wishes: wishes, current: current, session: session, day: day)
        if !problems.isEmpty { throw ListUndoError.rejected(batchID, problems) }
        // The availability the batch removed comes back, where the date is still open.
        plan.availability += try session.availabilityChanges(ofBatch: batchID).map(\.reverted).filter { !day.isPast($0.key.date) }
        let undo = ImportBatch(
            fileName: batch.fileName, sha256: batch.sha256, operatorName: operatorName, createdAt: rules.clock.timestamp(),
            kind: .undo, revertsBatchID: batchID, range: nil, added: plan.added.count, removed: plan.deactivated.count + plan.deleted.count,
            unchanged: plan.unchanged, outcome: .applied)
        let id = try ListWriter.write(plan, kind: kind, as: undo, session: session)
        for deleted in plan.deleted {
            guard let stored = current[deleted.key], try session.deleteUnreferenced(kind, id: stored.id) else {
                throw ListUndoError.rowInUse(batchID, code: deleted.key)
            }
        }
        return (id, ChangePlan(changes: plan.availability, unchanged: plan.unchanged))
    }
}

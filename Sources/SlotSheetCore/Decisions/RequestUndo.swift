import SlotSheetTemplates

/// Why a batch of decisions cannot be undone (the checks it shares with every batch are `UndoError`).
public enum RequestUndoError: Error, Equatable {
    /// A later change touched the request (a later batch, or a change made outside slotsheet):
    /// undo that one first.
    case laterChange(batch: RowID, request: RowID, byBatch: RowID?)
    /// Putting the requests back would break the rules (a slot over capacity, a date past).
    case rejected(batch: RowID, [DecisionProblem])
}

extension RequestUndoError: OfficeMessage, CustomStringConvertible {
    public var description: String { english }

    public var english: String {
        switch self {
        case let .laterChange(batch, request, byBatch?):
            return "Batch \(batch) cannot be undone: request \(request) was changed again later, by batch \(byBatch). Undo batch \(byBatch) first."
        case let .laterChange(batch, request, nil):
            return "Batch \(batch) cannot be undone: request \(request) was changed again later, outside this batch. Decide on it with a new file instead."
        case let .rejected(batch, problems):
            return "Batch \(batch) cannot be undone: putting its requests back would break the rules:\n" + problems.map { "  " + $0.message(.en) }.joined(separator: "\n")
        }
    }

    public var dutch: String {
        switch self {
        case let .laterChange(batch, request, byBatch?):
            return "Batch \(batch) kan niet worden teruggedraaid: verzoek \(request) is later opnieuw gewijzigd, door batch \(byBatch). Draai eerst batch \(byBatch) terug."
        case let .laterChange(batch, request, nil):
            return "Batch \(batch) kan niet worden teruggedraaid: verzoek \(request) is later opnieuw gewijzigd, buiten deze batch om. Beslis erover met een nieuw bestand."
        case let .rejected(batch, problems):
            return "Batch \(batch) kan niet worden teruggedraaid: de verzoeken terugzetten zou de regels breken:\n" + problems.map { "  " + $0.message(.nl) }.joined(separator: "\n")
        }
    }
}

/// Reverts a batch of decisions as a new batch (kind `undo`, subject `requests`): each request
/// back to the state its log row of the batch started from, appended to the log (channel
/// `undo`; the log never loses a row). Refused, naming the request, when a later change touched
/// one of them (a later batch that was itself undone does not count), and when putting them back
/// would fill a slot past its staff or put a request on a date before the first open day.
struct RequestUndo {
    let rules: OfficeRules
    let notices: NoticeOffice

    /// Also withdraws the batch's notices to tenants not yet sent and queues a correction for
    /// those sent, in the same transaction (`NoticeOutbox.withdraw`).
    func undo(_ batch: ImportBatch, operatorName: String,
              session: some DecisionSession & ScheduleSession & AvailabilityWriteSession & ImportHistorySession & NoticeSession) throws -> (batchID: RowID, reverted: [RequestLogEntry], notices: NoticeWithdrawReport) {
        guard let batchID = batch.id else { throw UndoError.notFound(0) }
        let entries = try session.statusLog(ofBatch: batchID)
        try session.lockSlots(entries.flatMap { [$0.slotBefore, $0.slotAfter].compactMap { $0 } })
        if let later = try standingLaterRows(after: batchID, session: session).first {
            throw RequestUndoError.laterChange(batch: batchID, request: later.requestID, byBatch: later.batchID)
        }
        let stored = try session.storedRequests(entries.map(\.requestID))
        var changes: [RequestChange] = []
        for entry in entries {
            guard let request = stored[entry.requestID], request.state == entry.after else {
                throw RequestUndoError.laterChange(batch: batchID, request: entry.requestID, byBatch: nil)
            }
            guard let from = entry.fromStatus, let slot = entry.slotBefore else { continue }
            changes.append(RequestChange(requestID: entry.requestID, before: request.state,
                                         after: RequestState(status: from, slot: slot, staffID: entry.staffBefore, subcontractorID: entry.subcontractorBefore),
                                         decision: nil, note: nil))
        }
        let references = try DecisionReferences(session: session)
        let day = rules.now()
        var problems = changes.filter { change in
            change.after.status.holdsSlot && (!change.before.status.holdsSlot || change.before.slot != change.after.slot) && day.isPast(change.after.slot.date)
        }.map { DecisionProblem(.slotInThePast(request: $0.requestID, slot: references.slotName($0.after.slot), firstOpenDay: day.firstOpenDay), at: .batch(batchID)) }
        let schedules = try SlotCapacityCheck.schedules(on: SlotCapacityCheck.dates(changes), session: session)
        problems += SlotCapacityCheck.problems(changes, schedules: schedules, references: references) { _ in (.batch(batchID), nil) }
        if !problems.isEmpty { throw RequestUndoError.rejected(batch: batchID, problems) }
        let now = rules.clock.timestamp()
        let undo = ImportBatch(fileName: batch.fileName, sha256: batch.sha256, operatorName: operatorName, createdAt: now, kind: .undo,
                               revertsBatchID: batchID, range: nil, added: changes.count, removed: 0, unchanged: entries.count - changes.count,
                               outcome: .applied)
        let id = try session.insertImportBatch(undo)
        try session.markRequestsBatch(id)
        let written = try RequestChangeWriter.write(changes, batchID: id, operatorName: operatorName, channel: .undo, at: now, session: session)
        return (id, written, try NoticeOutbox.withdraw(batchID: batchID, in: session, office: notices, now: rules.clock.now))
    }

    /// Later log rows of the batch's requests that still stand: a later batch that was undone and
    /// the undo that reverted it cancel out, so undoing newest first always works.
    private func standingLaterRows(after batchID: RowID, session: some DecisionSession & ImportHistorySession) throws -> [LaterLogRow] {
        let later = try session.laterLogRows(afterBatch: batchID)
        var cancelled = Set<RowID>()
        for batch in Set(later.compactMap(\.batchID)) {
            if let undo = try session.batch(reverting: batch), undo > batchID {
                cancelled.insert(batch)
                cancelled.insert(undo)
            }
        }
        return later.filter { row in row.batchID.map { !cancelled.contains($0) } ?? true }
    }
}

import Foundation

/// `slotsheet requests import`: a batch of decisions about repair requests, on the import's steps:
/// *parse* (a CSV by `RequestDecisionCSV`, a requests workbook by its reader, into a
/// `DecisionSheet`; no lock taken), *validate* and *plan* (`DecisionEvaluation`: every problem at
/// once with its place and fix; a `DecisionPlan`) and *apply* (one `import_batch` of kind
/// `requests`, the requests updated, one `request_status_log` row per changed request and the
/// tenants' notices of those rows (`NoticeOutbox.queue`), in one transaction that locks every
/// slot it touches before it reads them; docs/design.md, "Locks").
/// Every attempt that is not a dry run is recorded, refused ones too.
///
///     let job = RequestDecisionJob(store: store, rules: rules, notices: NoticeOffice(settings: settings))
///     let outcome = try job.run(try job.read(path: "requests.csv"), DecisionRequest(dryRun: true, operatorName: "maria"))
public struct RequestDecisionJob {
    public let store: any RepairStore
    public let rules: OfficeRules
    /// How the tenants' notices of an applied batch are written (docs/notices.md).
    public let notices: NoticeOffice
    /// Changes written a chunk at a time, with their log rows and notices (`NoticeChunks`); a
    /// test makes it small to see a batch of several chunks.
    var rowsPerChunk = NoticeChunks.rowsPerChunk

    public init(store: any RepairStore, rules: OfficeRules, notices: NoticeOffice) {
        self.store = store
        self.rules = rules
        self.notices = notices
    }

    /// Reads a decisions file, a requests workbook (.xlsx, .ods) or a CSV; throws `ImportFileError`
    /// when it cannot be read as one at all.
    public func read(path: String) throws -> DecisionSheet {
        try Self.read(path: path)
    }

    /// The same, without a job (the upload pipeline's reader parses without the database).
    public static func read(path: String) throws -> DecisionSheet {
        ImportSource.looksLikeWorkbook(path) ? try RequestWorkbookReader.read(path: path) : try RequestDecisionCSV.read(path: path)
    }

    /// The dry run alone (one read snapshot, nothing written): needs no notices, so the upload
    /// pipeline's checker runs it with only the store and the rules.
    public static func preview(_ sheet: DecisionSheet, force: Bool, store: any RepairStore, rules: OfficeRules) throws -> DecisionOutcome {
        let day = rules.now()
        return try store.read { session in
            let references = try DecisionReferences(session: session)
            let stored = try session.storedRequests(DecisionEvaluation.requestIDs(sheet))
            return try DecisionEvaluation(sheet: sheet, force: force, day: day, references: references).evaluate(stored: stored, session: session)
        }
    }

    /// Previews (a dry run: one read snapshot, nothing written) or applies.
    ///
    /// - `request.expectedPlanDigest`: the `planDigest` of the preview a person saw. When the plan
    ///   is now another, nothing is applied: the attempt is recorded as `plan_changed`.
    /// - `alsoInTransaction`: the caller's own database work, run in the same transaction when the
    ///   decisions are applied or have nothing to change, given the outcome with its plan (one log
    ///   row a change, appended in that transaction) and the notices it queued (`notices`). It may
    ///   run again (a retried transaction): database work only.
    public func run(_ sheet: DecisionSheet, _ request: DecisionRequest,
                    alsoInTransaction: ((any StoreSession, DecisionOutcome) throws -> Void)? = nil) throws -> DecisionOutcome {
        if request.dryRun { return try Self.preview(sheet, force: request.force, store: store, rules: rules) }
        let day = rules.now()
        return try store.writeTakingLocks { session in
            let references = try DecisionReferences(session: session)
            let stored = try DecisionLocks.lockAndRead(sheet, references: references, session: session)
            var outcome = try DecisionEvaluation(sheet: sheet, force: request.force, day: day, references: references).evaluate(stored: stored, session: session)
            let planChanged = request.expectedPlanDigest.map { $0 != outcome.planDigest } ?? false
            let recorded: ImportBatch.Outcome = planChanged ? .planChanged : outcome.status == .stale ? .stale
                : outcome.status == .rejected ? .rejected : outcome.plan.isEmpty ? .unchanged : .applied
            let now = rules.clock.timestamp()
            let batch = ImportBatch(fileName: sheet.fileName, sha256: sheet.sha256, operatorName: request.operatorName, createdAt: now,
                                    range: nil, added: outcome.plan.changes.count, removed: 0, unchanged: outcome.plan.unchanged,
                                    outcome: recorded, problems: outcome.problems.count)
            let id = try session.insertImportBatch(batch)
            try session.markRequestsBatch(id)
            outcome.auditBatchID = id
            switch recorded {
            case .applied:
                // A chunk at a time, in this one transaction: its requests, log rows and notices
                // written before the next chunk's notices are composed (`NoticeChunks`).
                var queue = NoticeChunks(session: session, office: notices, now: rules.clock.now)
                try forEachChunk(of: outcome.plan.changes, size: rowsPerChunk) { chunk in
                    let entries = try RequestChangeWriter.write(Array(chunk), batchID: id, operatorName: request.operatorName,
                                                                channel: request.channel, at: now, session: session)
                    try queue.queue(entries.compactMap(RequestStatusChange.init))
                }
                outcome.notices = queue.report
                outcome.status = .applied(batchID: id)
            case .planChanged: outcome.status = .planChanged
            case .unchanged: outcome.status = .nothingToChange
            default: break
            }
            if recorded == .applied || recorded == .unchanged { try alsoInTransaction?(session, outcome) }
            return outcome
        }
    }
}

/// The locks of a batch of decisions (docs/design.md, "Locks"): the slots the file names, then
/// those the requests are in now, each locked before what is in it is read; read again after a
/// lock until every request's slot is one locked (a request another writer moved meanwhile).
enum DecisionLocks {
    /// How often the requests are read again after locking the slots they turned out to be in.
    static let rounds = 8

    static func lockAndRead(_ sheet: DecisionSheet, references: DecisionReferences, session: some AvailabilityWriteSession & DecisionSession) throws -> [RowID: StoredRequest] {
        var locked = DecisionEvaluation.namedSlots(sheet, references: references)
        try session.lockSlots(Array(locked))
        let ids = DecisionEvaluation.requestIDs(sheet)
        var stored = try session.storedRequests(ids)
        for _ in 0..<rounds {
            let missing = Set(stored.values.map(\.state.slot)).subtracting(locked)
            if missing.isEmpty { return stored }
            try session.lockSlots(Array(missing))
            locked.formUnion(missing)
            stored = try session.storedRequests(ids)
        }
        throw StoreError.failed("the requests kept moving while their slots were locked")
    }
}

/// Writes the changes of a batch that changes requests: the requests and one log row each, in
/// bulk statements; returns the rows appended. The caller's transaction makes it all or nothing.
enum RequestChangeWriter {
    static func write(_ changes: [RequestChange], batchID: RowID, operatorName: String, channel: RequestChannel, at now: String,
                      session: some DecisionSession) throws -> [RequestLogEntry] {
        try session.applyRequestChanges(changes, updatedAt: now)
        let entries = changes.map { RequestLogEntry($0, operatorName: operatorName, channel: channel, batchID: batchID, createdAt: now) }
        try session.appendStatusLog(entries)
        return entries
    }
}

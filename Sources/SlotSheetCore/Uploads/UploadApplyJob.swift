import Foundation

/// Applying an upload the web front has read: the import's apply step, given the digest of the plan
/// the person (or script) saw. The upload is marked applied inside the import's own transaction,
/// so two clicks, or two tabs, or two instances, apply it once. A refused apply (the plan changed,
/// or the file is refused as the database is now) is recorded in the history as a batch; a person
/// whose applies were refused `refusalLimit` times in the rules' `refusedApplyWindow` (the setting
/// `web.refused_apply_window_seconds`) waits, counted from those batches, so every instance and a
/// restart see the same count.
public struct UploadApplyJob {
    public let store: any RepairStore
    public let rules: OfficeRules

    public static let refusalLimit = 10

    public enum Result: Sendable {
        /// Applied, or nothing to change (recorded): the outcome, with its batch, and the preview
        /// to keep for the upload's page.
        case applied(ImportOutcome, UploadPreview)
        /// Nothing applied: the plan is no longer the one with the digest given (status
        /// `.planChanged`, with what changed), or the file is refused as it stands now. The
        /// preview is the new one, checked against the database as it is now, already recorded
        /// on the upload's row.
        case notApplied(ImportOutcome, UploadPreview)
        /// The upload was applied already (as this batch): nothing was applied twice.
        case alreadyApplied(RowID?)
        /// The upload is in a state that cannot be applied (reading, refused, discarded, expired).
        case notReady(UploadState)
        /// Too many of the person's applies were refused lately: nothing tried.
        case tooManyRefused(wait: Duration)
    }

    public init(store: any RepairStore, rules: OfficeRules) {
        self.store = store
        self.rules = rules
    }

    /// What an upload that cannot be applied as it is now is: applied already, or in another
    /// state; nil when it is ready.
    public static func settled(_ upload: WebUpload) -> Result? {
        switch upload.state {
        case .ready: return nil
        case .applied: return .alreadyApplied(upload.batchID)
        default: return .notReady(upload.state)
        }
    }

    /// How long `operatorName` must wait before applying again, from their refused applies in
    /// the history, or nil.
    public func waitBeforeApplying(operatorName: String) throws -> Duration? {
        let now = rules.clock.now
        let window = rules.refusedApplyWindow
        let windowStart = now.addingTimeInterval(-TimeInterval(window.components.seconds))
        let refused = try store.read { session in
            try session.importBatches(createdFrom: Timestamp.iso(windowStart), before: Timestamp.iso(now.addingTimeInterval(1)))
        }.filter { $0.operatorName == operatorName && !$0.dryRun && Self.refusals.contains($0.outcome) }
        guard refused.count >= Self.refusalLimit, let oldest = refused.map(\.createdAt).min(),
              let oldestInstant = Self.instant(oldest) else { return nil }
        let waited = now.timeIntervalSince(oldestInstant)
        return window - .seconds(max(0, Int(waited.rounded(.down))))
    }

    /// Applies the plan with `planDigest` of the upload `id`, read as `prepared`; `onTop` applies a
    /// stale template's edits on top of the database as it is now (the command line's `--force`),
    /// and then the digest is that plan's. `previewed` is the preview's outcome of that plan (its
    /// stored one): when the plan changed since, the answer says how it differs from it.
    ///
    /// A refused apply's new preview and error workbooks (made from the upload's bytes, in
    /// `scratch`) are recorded with the upload as a reading is (`UploadRead.record`).
    public func apply(uploadID id: RowID, prepared: PreparedImport, previewed: ImportOutcome? = nil, planDigest: String, onTop: Bool,
                      operatorName: String, scratch: UploadScratch) throws -> Result {
        let job = ImportJob(store: store, rules: rules)
        var outcome: ImportOutcome
        do {
            outcome = try job.apply(prepared, ImportRequest(force: onTop, operatorName: operatorName), expectedPlanDigest: planDigest) { session, outcome in
                guard try session.moveUpload(id, from: [.ready], to: .applied, batchID: outcome.auditBatchID) else { throw UploadNotReady() }
            }
        } catch is UploadNotReady {
            return try settled(id)
        }
        if outcome.status == .planChanged, let change = outcome.planChange, change.difference == nil, let previewed,
           previewed.planDigest == change.expectedDigest {
            outcome.planChange = PlanChange(expectedDigest: change.expectedDigest, difference: outcome.difference(from: previewed))
        }
        switch outcome.status {
        case .applied, .nothingToChange:
            return .applied(outcome, UploadPreview(result: .checked(prepared, outcome)))
        case .planChanged, .rejected, .stale, .dryRun:
            // Another tab may have applied this very upload meanwhile: then that is the answer.
            if case let .alreadyApplied(batch) = try settled(id) { return .alreadyApplied(batch) }
            // The new preview for the upload's page, checked (and, stale, on top) against the
            // database as it is now: the file is not read again.
            let preview = try UploadPreview.checking(try job.prepare(prepared.parsed), job: job, operatorName: operatorName)
            // Stored with the upload in place of the earlier one, with its error workbooks as the
            // preview is now (made here once, not at each download), so every instance shows it.
            let source = scratch.path("upload")
            defer { try? FileManager.default.removeItem(atPath: source) }
            let workbooks = try store.read({ try UploadChunks.write(uploadID: id, from: $0, to: source) })
                ? try UploadErrorWorkbooks.write(preview, source: source, store: store, rules: rules, paper: scratch.paper) { _ in scratch.path("xlsx") }
                : [:]
            defer { for file in workbooks.values { try? FileManager.default.removeItem(atPath: file) } }
            let read = AvailabilityUploads().read(preview, workbooks: workbooks)
            _ = try store.write { try read.record(uploadID: id, lease: nil, in: $0) }
            return .notApplied(outcome, preview)
        }
    }

    /// Thrown inside the transaction when the upload is no longer `ready`: it rolls the import back.
    private struct UploadNotReady: Error {}

    /// The history's outcomes that are a refused apply.
    private static let refusals: Set<ImportBatch.Outcome> = [.planChanged, .rejected, .stale]

    private func settled(_ id: RowID) throws -> Result {
        guard let upload = try store.read({ try $0.upload(id: id) }) else { return .notReady(.discarded) }
        return Self.settled(upload) ?? .notReady(upload.state)
    }

    /// A stored timestamp (`Timestamp.iso`) as an instant.
    private static func instant(_ text: String) -> Date? {
        try? Date(text, strategy: .iso8601)
    }
}


import SlotSheetCore

/// Applying an upload: the import's third step, `ImportJob.apply`, given the digest of the plan the
/// person (or script) saw. The upload is marked applied inside the import's own transaction, so
/// two clicks, or two tabs, apply once, on any instance; its bytes go in the same transaction.
/// Shared by the upload page and the API; every rule is the job's.
struct UploadApply {
    let services: WebServices

    enum Result {
        /// Applied, or nothing to change (recorded): the outcome, with its batch.
        case applied(ImportOutcome)
        /// Nothing applied: the plan is no longer the one with the digest given (status
        /// `.planChanged`, with what changed), or the file is refused as it stands now. The outcome
        /// is the new preview, kept for the upload's page.
        case notApplied(ImportOutcome)
        /// The upload was applied already (as this batch): nothing was applied twice.
        case alreadyApplied(RowID?)
        /// The upload is in a state that cannot be applied (reading, refused, discarded, expired).
        case notReady(UploadState)
        /// Its preview is not in memory here (read by another instance, or before a restart): it is
        /// being read again, nothing applied.
        case beingRead
        /// Too many of the user's applies were refused lately (`ApplyRefusals`): nothing tried.
        case tooManyRefused(wait: Duration)
    }

    /// Thrown inside the transaction when the upload is no longer `ready`: it rolls the import back.
    private struct UploadNotReady: Error {}

    /// Applies the plan with `planDigest`; `onTop` applies a stale template's edits on top of the
    /// database as it is now (the command line's `--force`), and then the digest is that plan's.
    func apply(_ upload: WebUpload, planDigest: String, onTop: Bool = false, user: SignedInUser) async throws -> Result {
        guard let id = upload.id, upload.state == .ready else { return settled(upload) }
        if let wait = await services.applyRefusals.waitRemaining(for: user.id) { return .tooManyRefused(wait: wait) }
        guard let preview = services.readers.currentPreview(of: upload) else { return .beingRead }
        guard case let .checked(prepared, _) = preview.result else { return try await settled(id) }
        let request = ImportRequest(force: onTop, operatorName: user.name)
        let started = ContinuousClock.now
        defer { services.metrics.recordApply(ContinuousClock.now - started) }
        let outcome: ImportOutcome
        do {
            outcome = try await services.database.run { [rules = services.rules] store in
                try ImportJob(store: store, rules: rules).apply(prepared, request, expectedPlanDigest: planDigest) { session, outcome in
                    guard try session.moveUpload(id, from: [.ready], to: .applied, batchID: outcome.auditBatchID) else { throw UploadNotReady() }
                }
            }
        } catch is UploadNotReady {
            return try await settled(id)
        }
        switch outcome.status {
        case .applied, .nothingToChange:
            services.readers.keep(UploadPreview(result: .checked(prepared, outcome)), for: id)
            services.logger.info("upload \(id): applied by \(user.name) as batch \(outcome.auditBatchID.map(String.init) ?? "-")")
            return .applied(outcome)
        case .planChanged, .rejected, .stale, .dryRun:
            // Another tab may have applied this very upload meanwhile: then that is the answer.
            if case let .alreadyApplied(batch) = try await settled(id) { return .alreadyApplied(batch) }
            // The new preview for the upload's page, checked (and, stale, on top) against the
            // database as it is now: the file is not read again.
            let kept = try await services.database.run { [rules = services.rules] store in
                let job = ImportJob(store: store, rules: rules)
                return try UploadPreview.checking(try job.prepare(prepared.parsed), job: job, operatorName: user.name)
            }
            services.readers.keep(kept, for: id)
            let reading = kept.reading
            _ = try await services.database.write { try $0.finishReading(uploadID: id, reading) }
            await services.applyRefusals.recordRefusal(for: user.id)
            services.logger.info("upload \(id): not applied (\(UploadApply.name(outcome.status))), recorded as batch \(outcome.auditBatchID.map(String.init) ?? "-")")
            return .notApplied(outcome)
        }
    }

    /// What an upload that cannot be applied now is: applied already, or in another state.
    private func settled(_ upload: WebUpload) -> Result {
        upload.state == .applied ? .alreadyApplied(upload.batchID) : .notReady(upload.state)
    }

    private func settled(_ id: RowID) async throws -> Result {
        guard let upload = try await services.database.read({ try $0.upload(id: id) }) else { return .notReady(.discarded) }
        return settled(upload)
    }

    static func name(_ status: ImportOutcome.Status) -> String {
        switch status {
        case .applied: return "applied"
        case .nothingToChange: return "nothing_to_change"
        case .dryRun: return "dry_run"
        case .rejected: return "rejected"
        case .stale: return "stale"
        case .planChanged: return "plan_changed"
        }
    }
}

import SlotSheetCore

/// The web's side of applying an upload (`UploadApplyJob`, the use case, is the core's): the
/// preview this instance keeps, the metrics and the log. Shared by the upload page and the API.
struct UploadApply {
    let services: WebServices

    enum Result {
        /// Applied, or nothing to change (recorded): the outcome, with its batch.
        case applied(ImportOutcome)
        /// Nothing applied (`UploadApplyJob.Result.notApplied`): the outcome is the new preview,
        /// kept for the upload's page.
        case notApplied(ImportOutcome)
        /// The upload was applied already (as this batch): nothing was applied twice.
        case alreadyApplied(RowID?)
        /// The upload is in a state that cannot be applied (reading, refused, discarded, expired).
        case notReady(UploadState)
        /// It was read by a slotsheet from before stored previews and its preview is not in memory
        /// here: it is being read again, nothing applied.
        case beingRead
        /// Too many of the user's applies were refused lately: nothing tried.
        case tooManyRefused(wait: Duration)
    }

    /// Applies the plan with `planDigest`; `onTop` applies a stale template's edits on top of the
    /// database as it is now (the command line's `--force`), and then the digest is that plan's.
    func apply(_ upload: WebUpload, planDigest: String, onTop: Bool = false, user: SignedInUser) async throws -> Result {
        let rules = services.rules
        if let settled = UploadApplyJob.settled(upload) { return Result(settled) }
        guard let id = upload.id else { return .notReady(.discarded) }
        if let wait = try await services.database.run({ try UploadApplyJob(store: $0, rules: rules).waitBeforeApplying(operatorName: user.name) }) {
            return .tooManyRefused(wait: wait)
        }
        guard let preview = try await services.readers.currentPreview(of: upload) else { return .beingRead }
        // A preview that is settled (another request applied the upload since its row was read
        // above, and kept its outcome without the file's rows) or unreadable cannot be applied:
        // what the row says now is the answer.
        guard case let .checked(prepared, previewed) = preview.result, previewed.auditBatchID == nil else {
            guard let now = try await services.database.read({ try $0.upload(id: id) }) else { return .notReady(.discarded) }
            return UploadApplyJob.settled(now).map(Result.init) ?? .notReady(now.state)
        }
        let started = ContinuousClock.now
        defer { services.metrics.recordApply(ContinuousClock.now - started) }
        let result = try await services.database.run { [scratch = services.uploadScratch] store in
            try UploadApplyJob(store: store, rules: rules).apply(uploadID: id, prepared: prepared, previewed: onTop ? preview.onTop : previewed,
                                                                  planDigest: planDigest, onTop: onTop, operatorName: user.name, scratch: scratch)
        }
        switch result {
        case let .applied(outcome, kept):
            services.readers.keep(kept, for: id)
            services.logger.info("upload \(id): applied by \(user.name) as batch \(outcome.auditBatchID.map(String.init) ?? "-")")
        case let .notApplied(outcome, kept):
            services.readers.keep(kept, for: id)
            services.logger.info("upload \(id): not applied (\(outcome.status.attempt.jsonWord)), recorded as batch \(outcome.auditBatchID.map(String.init) ?? "-")")
        case .alreadyApplied, .notReady, .tooManyRefused:
            break
        }
        return Result(result)
    }
}

extension UploadApply.Result {
    init(_ result: UploadApplyJob.Result) {
        switch result {
        case let .applied(outcome, _): self = .applied(outcome)
        case let .notApplied(outcome, _): self = .notApplied(outcome)
        case let .alreadyApplied(batch): self = .alreadyApplied(batch)
        case let .notReady(state): self = .notReady(state)
        case let .tooManyRefused(wait): self = .tooManyRefused(wait: wait)
        }
    }
}

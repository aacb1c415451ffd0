import Foundation
import SlotSheetTemplates
import XLSXWriter

/// Applying a list upload the reading queue has read (`ListUploads`), on the pipeline's rules: only
/// an upload `ready` is applied, only the plan with the digest the person saw (`on top`: a stale
/// list workbook's edits on top of the database as it is now, the command line's `--force`), and
/// the upload is moved to `applied` in the list import's own transaction, so two clicks, two tabs
/// or two instances apply it once. The list's rows are read again from the stored bytes for the
/// apply (the preview keeps only what a page shows); a plan that changed since, or a file now
/// refused, is applied not at all and its new preview is stored with the upload (with its error
/// workbooks), so every instance shows it.
public struct ListUploadJob {
    public let store: any RepairStore
    public let rules: OfficeRules
    /// Where the bytes are read from and the error workbooks made.
    public let scratch: UploadScratch

    public init(store: any RepairStore, rules: OfficeRules, scratch: UploadScratch) {
        self.store = store
        self.rules = rules
        self.scratch = scratch
    }

    /// What applying an upload did.
    public enum Applied: Sendable {
        case applied(batchID: RowID)
        /// Nothing to change: recorded as such, and the upload marked applied with that batch.
        case nothingToChange(batchID: RowID)
        /// Nothing applied: the plan is no longer the one with the digest given, or the file is
        /// refused as the database is now. The preview is the new one, stored with the upload.
        case notApplied(ListUploadPreview)
        /// The upload was applied already (as this batch).
        case alreadyApplied(batchID: RowID?)
        /// The upload is in a state that cannot be applied (reading, refused, discarded, expired).
        case notReady(UploadState)
        /// Too many of the person's applies were refused lately: nothing tried.
        case tooManyRefused(wait: Duration)
    }

    /// Applies the plan with `planDigest` of `upload` (a list upload).
    public func apply(_ upload: WebUpload, planDigest: String, onTop: Bool, operatorName: String) throws -> Applied {
        guard let id = upload.id, let kind = upload.kind.list else { return .notReady(upload.state) }
        if let settled = UploadApplyJob.settled(upload) { return Applied(settled) }
        if let wait = try UploadApplyJob(store: store, rules: rules).waitBeforeApplying(operatorName: operatorName) { return .tooManyRefused(wait: wait) }
        let source = scratch.path("upload")
        defer { try? FileManager.default.removeItem(atPath: source) }
        guard try store.read({ try UploadChunks.write(uploadID: id, from: $0, to: source) }) else { return try settled(id) }
        let pipeline = ListUploads(kind: kind)
        let file = UploadFile(path: source, fileName: upload.fileName, operatorName: operatorName)
        // The file was read once already, as it is: a refusal now is the server's trouble, thrown.
        let parsed = try pipeline.parse(file) { _, _ in }
        let outcome: ListOutcome
        do {
            let request = ListRequest(dryRun: false, operatorName: operatorName, expectedPlanDigest: planDigest, force: onTop)
            outcome = try ListJob(store: store, rules: rules).run(parsed, request) { session, outcome in
                guard try session.moveUpload(id, from: [.ready], to: .applied, batchID: outcome.auditBatchID) else { throw UploadNotReady() }
            }
        } catch is UploadNotReady {
            return try settled(id)
        }
        switch outcome.status {
        case let .applied(batch):
            return .applied(batchID: batch)
        case .nothingToChange:
            return .nothingToChange(batchID: outcome.auditBatchID ?? 0)
        case .planChanged, .rejected, .stale, .dryRun:
            // Two applies at once: the one that waited finds the rows written by the other, so its plan changed.
            if case let .alreadyApplied(batch) = try settled(id) { return .alreadyApplied(batchID: batch) }
            let read = try pipeline.check(parsed, file: file, store: store, rules: rules, paper: scratch.paper) { _ in scratch.path("xlsx") }
            defer { for path in read.workbooks.values { try? FileManager.default.removeItem(atPath: path) } }
            _ = try store.write { try read.record(uploadID: id, lease: nil, in: $0) }
            return .notApplied(try StoredListPreview.decode(read.stored))
        }
    }

    /// What the upload's row says now that it could not be applied.
    private func settled(_ id: RowID) throws -> Applied {
        guard let upload = try store.read({ try $0.upload(id: id) }) else { return .notReady(.discarded) }
        return UploadApplyJob.settled(upload).map(Applied.init) ?? .notReady(upload.state)
    }

    /// Thrown inside the apply's transaction when the upload is no longer `ready` (another request
    /// applied it first): the transaction is rolled back, so nothing is applied twice.
    private struct UploadNotReady: Error {}
}

extension ListUploadJob.Applied {
    /// An upload that cannot be applied as it is (`UploadApplyJob.settled`).
    init(_ settled: UploadApplyJob.Result) {
        switch settled {
        case let .alreadyApplied(batch): self = .alreadyApplied(batchID: batch)
        case let .notReady(state): self = .notReady(state)
        case let .tooManyRefused(wait): self = .tooManyRefused(wait: wait)
        case .applied, .notApplied: self = .notReady(.ready)
        }
    }
}

import Foundation

/// A list uploaded through the web front, as one use case: its stored bytes read by the list's
/// reader, checked against the database as it is now (and, for a stale list workbook, checked
/// again with the office's edits on top, the command line's `--force`), and the plan a person saw
/// applied, with the upload marked applied in the same transaction so that two clicks, two tabs
/// or two instances apply it once.
public struct ListUploadJob {
    public let store: any RepairStore
    public let rules: OfficeRules
    /// Where the reader may write a scratch copy of the bytes (the server's private folder).
    public let scratchFolder: String

    public init(store: any RepairStore, rules: OfficeRules, scratchFolder: String) {
        self.store = store
        self.rules = rules
        self.scratchFolder = scratchFolder
    }

    /// What a check of an upload found.
    public enum Checked: Sendable {
        /// The dry run; for a stale list workbook also the dry run of the office's edits on top.
        case checked(ListOutcome, onTop: ListOutcome?)
        case unreadable(ImportFileError)

        /// Whether the file has problems (refused, or stale): its page offers the error workbook.
        public var hasProblems: Bool {
            if case let .checked(outcome, _) = self { return !outcome.problems.isEmpty }
            return false
        }
    }

    /// What applying an upload did.
    public enum Applied: Sendable {
        case applied(batchID: RowID)
        /// Nothing to change: recorded as such, and the upload marked with that batch.
        case nothingToChange
        /// Nothing applied: the plan is no longer the one with the digest given, or the file is
        /// refused as the database is now. The outcome is the new preview.
        case notApplied(ListOutcome)
        /// Another request applied the upload first (as this batch).
        case alreadyApplied(batchID: RowID)
        case unreadable(ImportFileError)
    }

    /// The upload's file read by its list's reader.
    public func read(_ upload: ListUpload) throws -> Result<ListFile, ImportFileError> {
        do {
            return .success(try ListJob(store: store, rules: rules).read(contents: upload.contents, fileName: upload.fileName,
                                                                           kind: upload.kind, scratchFolder: scratchFolder))
        } catch let error as ImportFileError {
            return .failure(error)
        }
    }

    /// A dry run of the upload against the database as it is now (reads only).
    public func check(_ upload: ListUpload, operatorName: String) throws -> Checked {
        switch try read(upload) {
        case let .failure(error):
            return .unreadable(error)
        case let .success(file):
            let job = ListJob(store: store, rules: rules)
            let outcome = try job.run(file, ListRequest(dryRun: true, operatorName: operatorName))
            guard outcome.status == .stale else { return .checked(outcome, onTop: nil) }
            return .checked(outcome, onTop: try job.run(file, ListRequest(dryRun: true, operatorName: operatorName, force: true)))
        }
    }

    /// Applies the plan with `planDigest` of the upload `id`; `onTop` applies a stale list
    /// workbook's edits on top of the database as it is now, and then the digest is that plan's.
    public func apply(_ upload: ListUpload, id: RowID, planDigest: String, onTop: Bool, operatorName: String) throws -> Applied {
        if let batch = upload.batchID { return .alreadyApplied(batchID: batch) }
        let file: ListFile
        switch try read(upload) {
        case let .success(read): file = read
        case let .failure(error): return .unreadable(error)
        }
        let outcome: ListOutcome
        do {
            let request = ListRequest(dryRun: false, operatorName: operatorName, expectedPlanDigest: planDigest, force: onTop)
            outcome = try ListJob(store: store, rules: rules).run(file, request) { session, outcome in
                guard let batch = outcome.auditBatchID, try session.markListUploadApplied(id, batchID: batch) else { throw UploadApplied() }
            }
        } catch is UploadApplied {
            return .alreadyApplied(batchID: try appliedBatch(id) ?? 0)
        }
        switch outcome.status {
        case let .applied(batch):
            return .applied(batchID: batch)
        case .nothingToChange:
            return .nothingToChange
        case .planChanged, .rejected, .stale, .dryRun:
            // Two applies at once: the one that waited finds the rows written by the other, so its plan changed.
            if let batch = try appliedBatch(id) { return .alreadyApplied(batchID: batch) }
            return .notApplied(outcome)
        }
    }

    /// The batch that applied upload `id`, if one did.
    private func appliedBatch(_ id: RowID) throws -> RowID? {
        try store.read { try $0.listUpload(id: id) }?.batchID
    }

    /// Thrown inside the apply's transaction when another request marked the upload applied
    /// first: the transaction is rolled back, so nothing is applied twice.
    private struct UploadApplied: Error {}
}

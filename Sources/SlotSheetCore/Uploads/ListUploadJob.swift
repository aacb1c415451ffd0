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
    public typealias Applied = UploadApplied<ListUploadPreview>

    /// Applies the plan with `planDigest` of `upload` (a list upload).
    public func apply(_ upload: WebUpload, planDigest: String, onTop: Bool, operatorName: String) throws -> Applied {
        guard let kind = upload.kind.list else { return .notReady(upload.state) }
        let frame = UploadReapply(store: store, rules: rules, scratch: scratch)
        return try frame.run(upload, operatorName: operatorName) { id, source in
            let pipeline = ListUploads(kind: kind)
            let file = UploadFile(path: source, fileName: upload.fileName, operatorName: operatorName)
            // The file was read once already, as it is: a refusal now is the server's trouble, thrown.
            let parsed = try pipeline.parse(file) { _, _ in }
            let request = ListRequest(dryRun: false, operatorName: operatorName, expectedPlanDigest: planDigest, force: onTop)
            let outcome = try ListJob(store: store, rules: rules).run(parsed, request) { session, outcome in
                try UploadReapply.moveToApplied(id, batchID: outcome.auditBatchID, in: session)
            }
            return try frame.answer(outcome.status, auditBatchID: outcome.auditBatchID, id: id, read: {
                try pipeline.check(parsed, file: file, store: store, rules: rules, paper: scratch.paper) { _ in scratch.path("xlsx") }
            }, decode: StoredListPreview.decode)
        }
    }
}

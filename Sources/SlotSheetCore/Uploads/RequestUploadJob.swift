import Foundation
import SlotSheetTemplates
import XLSXWriter

/// Requests workbooks (and their CSV twin) uploaded from the Requests page: the decisions file's
/// reader (`RequestDecisionJob.read`), its dry run (and for a stale workbook the office's edits on
/// top, the command line's `--force`), the preview stored as `StoredDecisionPreview`, the error
/// workbook `slotsheet requests import --errors-out FILE.xlsx` writes (`ErrorWorkbook.write(decisions:)`).
public struct RequestUploads: UploadKindPipeline {
    public init() {}

    public func parse(_ file: UploadFile, progress: @escaping @Sendable (Int, Int) -> Void) throws -> DecisionSheet {
        var sheet = try RequestDecisionJob.read(path: file.path)
        sheet.fileName = file.fileName
        progress(sheet.rows.count, sheet.rows.count)
        return sheet
    }

    public func check(_ parsed: DecisionSheet, file: UploadFile, store: any RepairStore, rules: OfficeRules, paper: PaperSize,
                      workbookPath: (Language) -> String) throws -> UploadRead {
        let outcome = try RequestDecisionJob.preview(parsed, force: false, store: store, rules: rules)
        let onTop = outcome.status == .stale ? try RequestDecisionJob.preview(parsed, force: true, store: store, rules: rules) : nil
        var files: [Language: String] = [:]
        if !outcome.problems.isEmpty {
            for language in Language.allCases {
                let path = workbookPath(language)
                try ErrorWorkbook.write(decisions: outcome.problems, source: file.path, language: language, paper: paper, to: path)
                files[language] = path
            }
        }
        let preview = RequestUploadPreview(result: .checked(DecisionPreview(outcome), onTop: onTop.map { DecisionPreview($0) }))
        return UploadRead(reading: preview.reading, stored: StoredDecisionPreview.encode(preview), workbooks: files)
    }

    public func refused(_ refusal: FileRefusal) -> UploadRead {
        let preview = RequestUploadPreview(result: .unreadable(refusal))
        return UploadRead(reading: preview.reading, stored: StoredDecisionPreview.encode(preview))
    }
}

/// Applying a requests upload the reading queue has read (`RequestUploads`), on the pipeline's
/// rules, as a list upload is (`ListUploadJob`): only an upload `ready`, only the plan with the
/// digest the person saw (`onTop`: the office's own edits on top of the database as it is now,
/// the command line's `--force`), the upload moved to `applied` in the decisions' own transaction
/// (one `requests` batch in the history, undone by `import undo`). The decisions are read again
/// from the stored bytes; a plan that changed since is applied not at all and its new preview is
/// stored with the upload, with its error workbooks. The log's channel is `file`: the decisions were
/// made in a file, whichever front carried it.
public struct RequestUploadJob {
    public let store: any RepairStore
    public let rules: OfficeRules
    public let notices: NoticeOffice
    public let scratch: UploadScratch

    public init(store: any RepairStore, rules: OfficeRules, notices: NoticeOffice, scratch: UploadScratch) {
        self.store = store
        self.rules = rules
        self.notices = notices
        self.scratch = scratch
    }

    public typealias Applied = UploadApplied<RequestUploadPreview>

    public func apply(_ upload: WebUpload, planDigest: String, onTop: Bool, operatorName: String) throws -> Applied {
        guard upload.kind == .requests else { return .notReady(upload.state) }
        let frame = UploadReapply(store: store, rules: rules, scratch: scratch)
        return try frame.run(upload, operatorName: operatorName) { id, source in
            let pipeline = RequestUploads()
            let file = UploadFile(path: source, fileName: upload.fileName, operatorName: operatorName)
            // The file was read once already, as it is: a refusal now is the server's trouble, thrown.
            let sheet = try pipeline.parse(file) { _, _ in }
            let request = DecisionRequest(dryRun: false, operatorName: operatorName, channel: .file, expectedPlanDigest: planDigest, force: onTop)
            let outcome = try RequestDecisionJob(store: store, rules: rules, notices: notices).run(sheet, request) { session, outcome in
                try UploadReapply.moveToApplied(id, batchID: outcome.auditBatchID, in: session)
            }
            return try frame.answer(outcome.status, auditBatchID: outcome.auditBatchID, id: id, read: {
                try pipeline.check(sheet, file: file, store: store, rules: rules, paper: scratch.paper) { _ in scratch.path("xlsx") }
            }, decode: StoredDecisionPreview.decode)
        }
    }
}

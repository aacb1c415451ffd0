import Foundation
import SlotSheetTemplates
import XLSXWriter

/// The error workbook of an upload with problems (the very file `slotsheet import --errors-out`
/// writes), made once in each language when the upload is read (and again when an apply finds it
/// refused as the database is then) and kept with it in the database (`upload_errors_chunk`), so
/// a download streams what is stored and never makes it again. For a stale template whose edits
/// have problems of their own, those problems are the ones marked.
public enum UploadErrorWorkbooks {
    /// The file as read and the outcome whose problems a workbook marks; nil when it has none.
    public static func marked(_ preview: UploadPreview) -> (prepared: PreparedImport, outcome: ImportOutcome)? {
        guard case let .checked(prepared, outcome) = preview.result else { return nil }
        let marked = outcome.problems.isEmpty ? preview.onTop : outcome
        guard let marked, !marked.problems.isEmpty else { return nil }
        return (prepared, marked)
    }

    /// Writes the preview's workbook in every language, `path(language)` each, from the upload's
    /// bytes at `source`; the files written (none for a preview without problems).
    public static func write(_ preview: UploadPreview, source: String, store: any RepairStore, rules: OfficeRules, paper: PaperSize,
                             to path: (Language) -> String) throws -> [Language: String] {
        guard let (prepared, outcome) = marked(preview) else { return [:] }
        var written: [Language: String] = [:]
        for language in Language.allCases {
            let file = path(language)
            try ErrorWorkbook.write(prepared.parsed, problems: outcome.problems, total: outcome.problemTotal, source: source, language: language,
                                    store: store, rules: rules, paper: paper, to: file)
            written[language] = file
        }
        return written
    }

    /// Stores `files` as the upload's workbooks in place of any earlier ones, inside the caller's
    /// transaction (which may run again: the files are only read).
    public static func store(_ files: [Language: String], uploadID: RowID, in session: some WebAccountSession) throws {
        try session.deleteUploadErrorWorkbooks(uploadID: uploadID)
        for (language, file) in files {
            _ = try UploadChunks.store(fileAt: file) { try session.insertUploadErrorWorkbookChunk(uploadID: uploadID, language: language, seq: $0, bytes: $1) }
        }
    }

    /// Writes the upload's stored workbook in `language` to a new file at `path`; false, and no
    /// file, when none is stored.
    public static func write(uploadID: RowID, language: Language, from session: some WebAccountSession, to path: String) throws -> Bool {
        try UploadChunks.write(to: path) { try session.uploadErrorWorkbookChunk(uploadID: uploadID, language: language, seq: $0) }
    }
}

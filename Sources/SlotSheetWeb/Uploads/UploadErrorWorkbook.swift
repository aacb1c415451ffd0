import Foundation
import Hummingbird
import SlotSheetCore
import SlotSheetTemplates

/// The error workbook of an upload with problems, of any kind: the very file `slotsheet import
/// --errors-out` (or `staff|dayparts|catalogue|requests import --errors-out`) writes, made once in each language when the upload was read and kept in the database
/// (`UploadErrorWorkbooks`), streamed from there through a private file, never made again for a
/// download. Only an upload read by a slotsheet from before stored workbooks has none: its
/// workbook is made from its preview and its bytes, as it was then.
struct UploadErrorWorkbook {
    let services: WebServices

    func response(for upload: WebUpload, language: Language, words: WebWords) async throws -> Response {
        guard let id = upload.id, upload.state == .refused || upload.state == .ready else {
            throw WebError.conflict(code: "no_error_workbook", message: words.errorWorkbookUnavailable)
        }
        let path = services.uploads.scratchPath(extension: "xlsx")
        // The client's file name is not used: a name from the upload's number and kind.
        let kind = upload.kind == .availability ? "" : "\(upload.kind.list == nil ? upload.kind.rawValue : "list")-"
        let name = "\(language == .nl ? "fouten" : "errors")-\(kind)upload-\(id).xlsx"
        if try await services.database.read({ try UploadErrorWorkbooks.write(uploadID: id, language: language, from: $0, to: path) }) {
            return try StreamedFile.response(path, name: name, contentType: ReportFormat.xlsx.contentType)
        }
        guard let preview = try await services.readers.currentPreview(of: upload), let (prepared, marked) = UploadErrorWorkbooks.marked(preview) else {
            throw WebError.conflict(code: "no_error_workbook", message: words.errorWorkbookUnavailable)
        }
        let source = services.uploads.scratchPath(extension: "upload")
        defer { try? FileManager.default.removeItem(atPath: source) }
        let made = try await services.database.run { [rules = services.rules, paper = services.office.paperSize] store -> Bool in
            guard try store.read({ try UploadChunks.write(uploadID: id, from: $0, to: source) }) else { return false }
            try ErrorWorkbook.write(prepared.parsed, problems: marked.problems, total: marked.problemTotal, source: source, language: language,
                                    store: store, rules: rules, paper: paper, to: path)
            return true
        }
        guard made else { throw WebError.conflict(code: "no_error_workbook", message: words.errorWorkbookUnavailable) }
        return try StreamedFile.response(path, name: name, contentType: ReportFormat.xlsx.contentType)
    }
}

import Foundation
import Hummingbird
import SlotSheetCore
import SlotSheetTemplates

/// The error workbook of an upload with problems: the very file `slotsheet import --errors-out`
/// writes (SlotSheetCore's `ErrorWorkbook`), made from the upload as it was read and its bytes in
/// the database, into the private folder, read back, removed and sent. For a stale template whose edits have problems of their
/// own, those problems are the ones marked.
struct UploadErrorWorkbook {
    let services: WebServices

    func response(for upload: WebUpload, language: Language, words: WebWords) async throws -> Response {
        guard let id = upload.id, upload.state == .refused || upload.state == .ready,
              let preview = try await services.readers.currentPreview(of: upload),
              case let .checked(prepared, outcome) = preview.result else {
            throw WebError.conflict(code: "no_error_workbook", message: words.errorWorkbookUnavailable)
        }
        let marked = outcome.problems.isEmpty ? preview.onTop : outcome
        let problems = marked?.problems ?? []
        guard !problems.isEmpty else { throw WebError.conflict(code: "no_error_workbook", message: words.errorWorkbookUnavailable) }
        let path = services.uploads.scratchPath(extension: "xlsx")
        let source = services.uploads.scratchPath(extension: "upload")
        let data = try await services.database.run { [rules = services.rules, paper = services.office.paperSize] store -> Data? in
            defer {
                try? FileManager.default.removeItem(atPath: path)
                try? FileManager.default.removeItem(atPath: source)
            }
            guard try store.read({ try UploadChunks.write(uploadID: id, from: $0, to: source) }) else { return nil }
            try ErrorWorkbook.write(prepared.parsed, problems: problems, total: marked?.problemTotal, source: source, language: language,
                                    store: store, rules: rules, paper: paper, to: path)
            return try Data(contentsOf: URL(fileURLWithPath: path))
        }
        guard let data else { throw WebError.conflict(code: "no_error_workbook", message: words.errorWorkbookUnavailable) }
        // The client's file name is not used: a name from the upload's number.
        return WorkbookAttachment.response(data, name: "\(language == .nl ? "fouten" : "errors")-upload-\(id).xlsx")
    }
}

/// An .xlsx sent as a download, not kept by any cache.
enum WorkbookAttachment {
    static func response(_ data: Data, name: String) -> Response {
        Response(
            status: .ok,
            headers: [.contentType: ReportFormat.xlsx.contentType,
                      .contentDisposition: "attachment; filename=\"\(name)\"", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}

import Foundation
import XLSXReader

/// The first step of an import: turns a file into a `ParsedSheet`, whatever it is. A zip (or an
/// OLE file, which is how Excel stores a password-protected workbook) is read as a template;
/// anything else as CSV. A file that cannot be read as either throws `ImportFileError`.
///
///     let parsed = try ImportFileReader.parse(path: "december.xlsx")
///     parsed.problems   // the problems of form, before any rule is checked
public enum ImportFileReader {
    public static func parse(path: String, progress: ((Int, Int) -> Void)? = nil) throws -> ParsedSheet {
        let fileName = URL(fileURLWithPath: path).lastPathComponent
        let sha256: String
        do {
            sha256 = try FileDigest.sha256(ofFileAt: path)
        } catch {
            throw ImportFileError(.unreadable(path: path))
        }
        if looksLikeWorkbook(path) {
            do {
                let book = try XLSXWorkbook(path: path)
                let template = try TemplateMetadataReader.read(book)
                return try TemplateSheetParser.parse(book, template: template, fileName: fileName, sha256: sha256, progress: progress)
            } catch let error as XLSXError {
                throw ImportFileError(error)
            }
        }
        do {
            return try CSVAvailabilityParser.parse(path: path, fileName: fileName, sha256: sha256)
        } catch {
            throw ImportFileError(error)
        }
    }

    /// A zip archive (`PK\u{3}\u{4}`), an OLE compound file, or a name ending in .xlsx/.xlsm.
    static func looksLikeWorkbook(_ path: String) -> Bool {
        let lower = path.lowercased()
        if lower.hasSuffix(".xlsx") || lower.hasSuffix(".xlsm") || lower.hasSuffix(".xls") { return true }
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let head = [UInt8]((try? handle.read(upToCount: 8)) ?? Data())
        return head.starts(with: [0x50, 0x4B, 0x03, 0x04]) || head.starts(with: [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1])
    }
}

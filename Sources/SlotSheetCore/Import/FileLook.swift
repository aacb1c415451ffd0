import Foundation

/// What a file that is not a workbook looks like, from its first and last bytes: enough to tell the
/// office "this is a PDF" rather than "this is not a zip archive". Only kinds a person picks by
/// mistake are named; anything else keeps the reader's own refusal.
public enum FileLook: String, Hashable, Sendable, CaseIterable {
    case pdf
    case picture
    case wordDocument
    case presentation
    case numbersSpreadsheet
    case openDocumentText

    /// How many bytes are looked at from each end: a zip's entry names sit in its first local
    /// header and in the central directory at its end.
    static let sniffedBytes = 64 * 1024

    /// The look of the file at `path`, or nil when it is none of the known kinds.
    static func of(path: String) -> FileLook? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        let head = [UInt8]((try? handle.read(upToCount: sniffedBytes)) ?? Data())
        if head.starts(with: Array("%PDF-".utf8)) { return .pdf }
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47]) || head.starts(with: [0xFF, 0xD8, 0xFF]) || head.starts(with: Array("GIF8".utf8)) {
            return .picture
        }
        guard head.starts(with: [0x50, 0x4B, 0x03, 0x04]) else { return nil }
        let end = (try? handle.seekToEnd()) ?? 0
        try? handle.seek(toOffset: end > UInt64(sniffedBytes) ? end - UInt64(sniffedBytes) : 0)
        let text = String(decoding: head + [UInt8]((try? handle.readToEnd()) ?? Data()), as: UTF8.self)
        let markers: [(String, FileLook)] = [
            ("Index/Document.iwa", .numbersSpreadsheet), ("word/document.xml", .wordDocument),
            ("ppt/presentation.xml", .presentation), ("application/vnd.oasis.opendocument.text", .openDocumentText),
        ]
        return markers.first { text.contains($0.0) }?.1
    }
}

extension FileLook: OfficeMessage {
    /// One sentence: what the file is, and what to do instead.
    public var english: String {
        let advice = "open the availability template in Excel or LibreOffice and import that .xlsx or .ods"
        switch self {
        case .pdf: return "This file is a PDF document, not a workbook; \(advice)."
        case .picture: return "This file is a picture, not a workbook; \(advice)."
        case .wordDocument: return "This file is a Word document, not a workbook; \(advice)."
        case .presentation: return "This file is a PowerPoint presentation, not a workbook; \(advice)."
        case .numbersSpreadsheet: return "This file is an Apple Numbers spreadsheet, not a workbook slotsheet reads; in Numbers choose File > Export To > Excel and import that .xlsx."
        case .openDocumentText: return "This file is a text document (LibreOffice Writer), not a workbook; \(advice)."
        }
    }

    public var dutch: String {
        let advice = "open het beschikbaarheidsrooster in Excel of LibreOffice en importeer die .xlsx of .ods"
        switch self {
        case .pdf: return "Dit bestand is een PDF-document, geen werkmap; \(advice)."
        case .picture: return "Dit bestand is een afbeelding, geen werkmap; \(advice)."
        case .wordDocument: return "Dit bestand is een Word-document, geen werkmap; \(advice)."
        case .presentation: return "Dit bestand is een PowerPoint-presentatie, geen werkmap; \(advice)."
        case .numbersSpreadsheet: return "Dit bestand is een Apple Numbers-spreadsheet, geen werkmap die slotsheet leest; kies in Numbers Archief > Exporteer naar > Excel en importeer die .xlsx."
        case .openDocumentText: return "Dit bestand is een tekstdocument (LibreOffice Writer), geen werkmap; \(advice)."
        }
    }
}

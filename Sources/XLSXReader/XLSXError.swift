/// Why a workbook cannot be read. One case per kind of failure, each with what a person needs to find
/// it: the part (the XML file inside the .xlsx), the line, the cell, the limit. `description` is a plain
/// sentence for the person who brought the file.
public enum XLSXError: Error, Equatable, CustomStringConvertible {
    /// The file does not exist, is a folder, or cannot be opened.
    case unreadable(path: String, reason: String)
    /// The file is not a zip archive at all (an .xlsx always is): a CSV, a PDF, an empty file...
    case notAZip
    /// The file is an OLE compound file holding an encrypted package: Excel's password protection.
    case encrypted
    /// The file is an OLE compound file without an encrypted package: an Excel 97-2003 .xls or
    /// another older Office document.
    case legacyOfficeDocument
    /// The file starts like a zip but its structure is broken (truncated, bad checksum, ...).
    case corruptZip(detail: String)
    /// A part the workbook needs is not in the archive, or no relationship leads to it.
    case missingPart(name: String)
    /// A part is not well-formed XML.
    case malformedXML(part: String, line: Int, message: String)
    /// A part declares a document type (`<!DOCTYPE`); no spreadsheet program writes one, and it is how
    /// entity-expansion and external-entity attacks start.
    case dtdRefused(part: String)
    /// A part goes past one of `XLSXLimits`.
    case limitExceeded(limit: XLSXLimits.Name, part: String, maximum: Int)
    /// A cell or row reference that is not a cell of a spreadsheet (past XFD1048576, or no reference).
    case invalidCellReference(part: String, reference: String)
    /// A cell points into the shared-string table past its end.
    case sharedStringOutOfRange(part: String, cell: String, index: Int, count: Int)
    /// A cell's value does not fit its type (a number cell holding letters, a boolean holding 7, ...).
    case invalidCellValue(part: String, cell: String, type: String, text: String)

    public var description: String {
        switch self {
        case let .unreadable(path, reason):
            return "\(path) cannot be read: \(reason)."
        case .notAZip:
            return "The file is not an Excel workbook (.xlsx): it is not a zip archive. "
                + "Open it in Excel and save it as Excel Workbook (.xlsx)."
        case .encrypted:
            return "The workbook is password-protected (encrypted). "
                + "Open it in Excel, remove the password (File > Info > Protect Workbook) and save it again."
        case .legacyOfficeDocument:
            return "The file is an older Office document (such as an Excel 97-2003 .xls), not an .xlsx. "
                + "Open it in Excel and save it as Excel Workbook (.xlsx)."
        case let .corruptZip(detail):
            return "The workbook is damaged: its zip structure is broken (\(detail)). "
                + "Save it again from Excel, or send the original file."
        case let .missingPart(name):
            return "The workbook is incomplete: it has no \(name). "
                + "It may be damaged or not a spreadsheet; save it again from Excel."
        case let .malformedXML(part, line, message):
            return "The workbook is damaged: \(part) is not valid XML at line \(line) (\(message))."
        case let .dtdRefused(part):
            return "The workbook was refused: \(part) declares a document type (DOCTYPE), "
                + "which spreadsheet programs never write and which can hide an attack."
        case let .limitExceeded(limit, part, maximum):
            return "The workbook was refused: in \(part) the \(limit.rawValue) goes past the limit of "
                + "\(maximum). The file may be damaged or made to attack; if it is real, it is too large to read."
        case let .invalidCellReference(part, reference):
            return "The workbook is damaged: \(part) names a cell \"\(reference)\" that is outside the sheet "
                + "(the last cell is XFD1048576)."
        case let .sharedStringOutOfRange(part, cell, index, count):
            return "The workbook is damaged: cell \(cell) in \(part) points to text number \(index), "
                + "but the workbook holds only \(count) texts."
        case let .invalidCellValue(part, cell, type, text):
            return "The workbook is damaged: cell \(cell) in \(part) holds \"\(text)\", which is not a valid "
                + "value of type \"\(type)\"."
        }
    }
}

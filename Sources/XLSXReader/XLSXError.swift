/// Why a workbook (.xlsx or .ods) cannot be read. One case per kind of failure, each with what a person
/// needs to find it: the part (the XML file inside the zip), the line, the cell, the limit. `description`
/// is a plain sentence for the person who brought the file.
public enum XLSXError: Error, Equatable, CustomStringConvertible {
    /// The file does not exist, is a folder, or cannot be opened.
    case unreadable(path: String, reason: String)
    /// The file is not a zip archive at all (an .xlsx and an .ods always are): a CSV, a PDF, an empty file...
    case notAZip
    /// The file is a zip that says it is something else: an OpenDocument text or presentation, an EPUB...
    /// (`mediaType` is what its `mimetype` entry or manifest says).
    case notASpreadsheet(mediaType: String)
    /// A password-protected workbook: an OLE compound file holding an encrypted package (Excel), or an
    /// .ods whose manifest lists encrypted entries (LibreOffice).
    case encrypted
    /// The file is an OLE compound file without an encrypted package: an Excel 97-2003 .xls or
    /// another older Office document.
    case legacyOfficeDocument
    /// The file starts like a zip but its structure is broken or ambiguous: cut short, a checksum that
    /// does not match, two entries with one name, an entry whose name climbs out of the archive.
    case corruptZip(detail: ZipDamage)
    /// A part the workbook needs is not in the archive, or no relationship leads to it.
    case missingPart(name: String)
    /// Two sheets of an .xlsx name one part as theirs. Each sheet has a part of its own; sharing one
    /// would make a small file read as many times as it has sheets.
    case sheetsShareAPart(part: String, sheet: String, otherSheet: String)
    /// A part is not well-formed XML.
    case malformedXML(part: String, line: Int, message: String)
    /// A part declares a document type (`<!DOCTYPE`); no spreadsheet program writes one, and it is how
    /// entity-expansion and external-entity attacks start.
    case dtdRefused(part: String)
    /// A part goes past one of `XLSXLimits`.
    case limitExceeded(limit: XLSXLimits.Name, part: String, maximum: Int)
    /// A cell or row reference that is not a cell of a spreadsheet (past XFD1048576, or no reference),
    /// or that is not where it may be (`problem`): a row or cell repeated or out of order, a cell
    /// naming another row than its own.
    case invalidCellReference(part: String, reference: String, problem: ReferenceProblem = .outsideSheet)
    /// A cell points into the shared-string table past its end.
    case sharedStringOutOfRange(part: String, cell: String, index: Int, count: Int)
    /// A cell's value does not fit its type (a number cell holding letters, a boolean holding 7, ...).
    case invalidCellValue(part: String, cell: String, type: String, text: String)

    public var description: String {
        switch self {
        case let .unreadable(path, reason):
            return "\(path) cannot be read: \(reason)."
        case .notAZip:
            return "The file is not a spreadsheet (.xlsx or .ods): it is not a zip archive. "
                + "Open it in Excel or LibreOffice and save it as .xlsx or .ods."
        case let .notASpreadsheet(mediaType):
            return "The file is not a spreadsheet: it says it is \"\(mediaType)\". "
                + "Open it in Excel or LibreOffice Calc and save it as .xlsx or .ods."
        case .encrypted:
            return "The workbook is password-protected (encrypted). Open it, remove the password (Excel: File > "
                + "Info > Protect Workbook; LibreOffice: File > Properties > Security) and save it again."
        case .legacyOfficeDocument:
            return "The file is an older Office document (such as an Excel 97-2003 .xls), not an .xlsx. "
                + "Open it in Excel and save it as Excel Workbook (.xlsx)."
        case let .corruptZip(detail):
            return "The workbook is damaged: its zip structure is broken (\(detail)). "
                + "Save it again from the spreadsheet program, or send the original file."
        case let .missingPart(name):
            return "The workbook is incomplete: it has no \(name). "
                + "It may be damaged or not a spreadsheet; save it again from the spreadsheet program."
        case let .sheetsShareAPart(part, sheet, otherSheet):
            return "The workbook is damaged: sheets \"\(otherSheet)\" and \"\(sheet)\" both point to \(part), "
                + "but every sheet has a part of its own. Save it again from the spreadsheet program."
        case let .malformedXML(part, line, message):
            return "The workbook is damaged: \(part) is not valid XML at line \(line) (\(message))."
        case let .dtdRefused(part):
            return "The workbook was refused: \(part) declares a document type (DOCTYPE), "
                + "which spreadsheet programs never write and which can hide an attack."
        case let .limitExceeded(limit, part, maximum):
            return "The workbook was refused: in \(part) the \(limit.rawValue) goes past the limit of "
                + "\(maximum). The file may be damaged or made to attack; if it is real, it is too large to read."
        case let .invalidCellReference(part, reference, .outsideSheet):
            return "The workbook is damaged: \(part) names a cell \"\(reference)\" that is outside the sheet "
                + "(the last cell is XFD1048576)."
        case let .invalidCellReference(part, reference, .outOfOrder(after)):
            return "The workbook is damaged: \(part) lists \(reference) after \(after). Rows, and the cells of a row, "
                + "must come in order and each only once, or the cell's value is ambiguous. Save it again from the spreadsheet program."
        case let .invalidCellReference(part, reference, .outsideItsRow(row)):
            return "The workbook is damaged: \(part) lists cell \(reference) inside row \(row). "
                + "Save it again from the spreadsheet program."
        case let .sharedStringOutOfRange(part, cell, index, count):
            return "The workbook is damaged: cell \(cell) in \(part) points to text number \(index), "
                + "but the workbook holds only \(count) texts."
        case let .invalidCellValue(part, cell, type, text):
            return "The workbook is damaged: cell \(cell) in \(part) holds \"\(text)\", which is not a valid "
                + "value of type \"\(type)\"."
        }
    }
}

/// What is wrong with a zip archive, so that each kind of damage is its own value. Each names the entry
/// it concerns where there is one.
public enum ZipDamage: Error, Equatable, Sendable, CustomStringConvertible {
    /// The end of the archive (its central directory) is missing or cut short.
    case truncated
    /// The central directory contradicts the archive: it runs past the end of the file, or its entries
    /// do not match the local headers they point to.
    case inconsistentDirectory
    /// An entry's content does not match the checksum (CRC-32) the archive records for it.
    case checksumMismatch(entry: String)
    /// Two entries have the same name (compared as part names are: without regard to case or a leading
    /// slash); which one a program reads is a matter of chance, so the content is ambiguous.
    case duplicateEntry(name: String)
    /// An entry's name is an absolute path or climbs out of the archive with `..`; nothing is written to
    /// disk, but no spreadsheet program makes such a name and it is how path-traversal attacks start.
    case unsafeEntryName(name: String)
    /// Any other damage libzip reports, with its words, and the entry when it concerns one.
    case other(entry: String?, message: String)

    public var description: String {
        switch self {
        case .truncated:
            return "no zip directory at the end of the file; it may be cut short"
        case .inconsistentDirectory:
            return "its list of files does not match what the file holds; it may be cut short or altered"
        case let .checksumMismatch(entry):
            return "the content of \(entry) does not match its checksum"
        case let .duplicateEntry(name):
            return "it holds two files named \(name), so what the workbook says is ambiguous"
        case let .unsafeEntryName(name):
            return "it holds a file named \"\(name)\", a path outside the archive"
        case let .other(entry, message):
            return entry.map { "\($0): \(message)" } ?? message
        }
    }
}

/// Why a cell or row reference cannot be read.
public enum ReferenceProblem: Equatable, Sendable {
    /// Not a cell of Excel's grid: past XFD1048576, or not a reference at all.
    case outsideSheet
    /// A row or cell listed again, or after one that comes later (`after` names the earlier one listed):
    /// Excel writes rows, and the cells of a row, in ascending order and each once, and treats a file
    /// that does not as damaged. Taking the first or the last would silently pick one of two values.
    case outOfOrder(after: String)
    /// A cell whose reference names another row than the row it sits in.
    case outsideItsRow(row: Int)
}

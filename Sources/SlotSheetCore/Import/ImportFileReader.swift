import Foundation
import XLSXReader

/// The first step of an import: a file, opened and recognised, ready to be parsed. A zip (an .xlsx or an
/// .ods, told apart by their content) or an OLE file (how Excel stores a password-protected workbook) is a
/// template, whose hidden sheet's head (layout, range, data sheet) is read on opening, so its dates are
/// known before its cells; its rows go on being read on a thread of their own (`TemplateMetadataReading`)
/// while the cells are parsed. Anything else is CSV. A template's recorded rows are checked (each in its
/// place, the fingerprint over them) once, by whichever thread comes to them first: `parse` after the
/// cells, or `ImportJob.prepare` after its database read on the other core (nothing of the layout waits
/// for the check, so the shorter of the two paths takes it); `parse` reports the hidden sheet's damage
/// before anything the cells said.
///
///     let source = try ImportSource.open(path: "december.xlsx")
///     let parsed = try source.parse()
///     parsed.problems   // the problems of form, before any rule is checked
public final class ImportSource: @unchecked Sendable {
    private enum Kind {
        /// The workbook the cells are read from, the template as known before its rows, and the hidden
        /// sheet's reading, which gives the whole template and the check of its rows.
        case template(grid: Workbook, head: TemplateFile, metadata: TemplateMetadataReading)
        case csv(path: String)
    }

    public let fileName: String
    public let sha256: String
    private let kind: Kind
    /// The cells' parse when it was begun on opening (`beginOpening`).
    let ahead = ParseAhead()

    private init(fileName: String, sha256: String, kind: Kind) {
        self.fileName = fileName
        self.sha256 = sha256
        self.kind = kind
    }

    /// Opens `path`; throws `ImportFileError` when it cannot be read as a template or a CSV.
    ///
    /// The file's SHA-256 (for the batch record) is worked out on a second core while the workbook
    /// and its hidden metadata are read: both must be done before the cells are parsed, and the digest
    /// of a year template is about a third of the metadata read. An unreadable file is still reported
    /// as such before anything the workbook said.
    public static func open(path: String) throws -> ImportSource {
        let fileName = URL(fileURLWithPath: path).lastPathComponent
        let digest = PendingResult.onThreadOfItsOwn { try FileDigest.sha256(ofFileAt: path) }
        let kind = Result { try openKind(path: path) }
        let sha256: String
        do {
            sha256 = try digest.wait()
        } catch {
            throw ImportFileError.unreadable(path: path)
        }
        return ImportSource(fileName: fileName, sha256: sha256, kind: try kind.get())
    }

    /// A template is open once its hidden sheet's head is known (`TemplateMetadataReading`): its rows
    /// are still being read then, from the workbook opened first, so the cells are read from the
    /// same file opened again (a zip is read by one thread at a time).
    private static func openKind(path: String) throws -> Kind {
        guard looksLikeWorkbook(path) else { return .csv(path: path) }
        let describe: @Sendable (any Error) -> any Error = { describeOpening($0, path: path) }
        let book = try openWorkbook(path: path, describe: describe)
        let metadata = TemplateMetadataReading(book, describe: describe)
        let head = try metadata.knownHead()   // its errors described on the reading's thread
        let grid = metadata.isFinished ? book : try openWorkbook(path: path, describe: describe)
        return .template(grid: grid, head: head, metadata: metadata)
    }

    private static func openWorkbook(path: String, describe: (any Error) -> any Error) throws -> Workbook {
        do {
            return try Workbook(path: path)
        } catch {
            throw describe(error)
        }
    }

    /// What opening says of the reader's error: what the file is ("a PDF document") when that can be
    /// told, else the workbook's damage; the import's own errors as they are.
    private static func describeOpening(_ error: any Error, path: String) -> any Error {
        guard let error = error as? XLSXError else { return error }
        switch error {
        case .notAZip, .notASpreadsheet, .missingPart: return FileLook.of(path: path).map(ImportFileError.notAWorkbook) ?? ImportFileError.workbook(error)
        default: return ImportFileError.workbook(error)
        }
    }

    /// A template's layout, its dates among it (known on opening); nil for a CSV, whose dates are
    /// known only once read.
    var layout: TemplateLayout? {
        if case let .template(_, head, _) = kind { return head.layout }
        return nil
    }

    /// Checks a template's recorded rows now, on the calling thread (nothing for a CSV), unless that
    /// was done or begun already: what `parse` does after the cells, so that a caller done with its
    /// own work while another thread parses (`ImportJob.prepare`) can take it off the parse's path.
    /// Throws what `parse` would throw for them.
    func checkRecordedRows() throws {
        if case let .template(_, _, metadata) = kind { _ = try metadata.finished().rows.snapshot() }
    }

    /// Reads the cells, or waits for them when they are being read ahead (`beginOpening`). `progress`
    /// is called with (rows read, rows) while a template streams by. Not to be called twice, nor from
    /// two threads at once.
    public func parse(progress: ((Int, Int) -> Void)? = nil) throws -> ParsedSheet {
        if let cells = ahead.follow(progress: progress) { return try cells.wait() }
        return try parseCells(progress: progress)
    }

    /// The cells' parse, to be waited for: the one begun on opening, passed `progress` from now on,
    /// or one begun now on a thread of its own. Instead of `parse`, never besides it.
    func beginParse(progress: ((Int, Int) -> Void)?) -> PendingResult<ParsedSheet> {
        ahead.follow(progress: progress) ?? .onThreadOfItsOwn { try self.parseCells(progress: progress) }
    }

    /// Reads the cells on the calling thread.
    func parseCells(progress: ((Int, Int) -> Void)?) throws -> ParsedSheet {
        switch kind {
        case let .template(grid, head, metadata):
            let cells = Result { () throws -> ParsedSheet in
                do {
                    return try TemplateSheetParser.parse(grid, template: head, fileName: fileName, sha256: sha256, progress: progress)
                } catch let error as XLSXError {
                    throw ImportFileError.workbook(error)
                }
            }
            // The hidden sheet's damage is said first, as when it was all read on opening. Its rows are
            // checked after the cells, so that a check begun on another thread (`checkRecordedRows`) is
            // not started here instead.
            let (file, rows) = try metadata.finished()
            var template = file
            template.snapshot = try rows.snapshot()
            var parsed = try cells.get()
            parsed.origin = .template(template)
            return parsed
        case let .csv(path):
            do {
                return try CSVAvailabilityParser.parse(path: path, fileName: fileName, sha256: sha256)
            } catch {
                throw ImportFileError.csv(error)
            }
        }
    }

    /// What an import reads, as a file picker's `accept` list: the templates (Excel's .xlsx and
    /// .xlsm, LibreOffice's .ods) and CSV, each by its name's ending and its MIME type.
    public static let readableFileTypes = [
        ".xlsx", ".xlsm", ".ods", ".csv",
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "application/vnd.ms-excel.sheet.macroEnabled.12",
        "application/vnd.oasis.opendocument.spreadsheet",
        "text/csv",
    ]

    /// A zip archive (`PK\u{3}\u{4}`), an OLE compound file, or a name ending in .xlsx/.xlsm/.xls/.ods
    /// (so a damaged workbook is refused as one, not read as a CSV). Which format a zip holds is the
    /// reader's to tell, from its content. A PDF or a picture goes this way too, whatever its name
    /// (the web front stores uploads under names of its own): it is refused as what it is.
    static func looksLikeWorkbook(_ path: String) -> Bool {
        let lower = path.lowercased()
        if [".xlsx", ".xlsm", ".xls", ".ods"].contains(where: lower.hasSuffix) { return true }
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let head = [UInt8]((try? handle.read(upToCount: 8)) ?? Data())
        return head.starts(with: [0x50, 0x4B, 0x03, 0x04]) || head.starts(with: [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1])
            || FileLook.of(path: path) != nil
    }
}

/// Opening and parsing in one call, for callers that need no overlap with database work.
public enum ImportFileReader {
    public static func parse(path: String, progress: ((Int, Int) -> Void)? = nil) throws -> ParsedSheet {
        try ImportSource.open(path: path).parse(progress: progress)
    }
}

/// A template's recorded rows, checked once (`TemplateMetadataReader.RecordedRows.snapshot`) by the
/// first thread that asks; a second asking at the same time waits for that check's outcome.
final class RecordedRowsCheck: @unchecked Sendable {
    private let rows: TemplateMetadataReader.RecordedRows
    private let lock = NSLock()
    private var outcome: Result<[TemplateRowState], any Error>?

    init(_ rows: TemplateMetadataReader.RecordedRows) { self.rows = rows }

    /// The rows' database state, or the damage the check found.
    func snapshot() throws -> [TemplateRowState] {
        lock.lock()
        defer { lock.unlock() }
        if outcome == nil { outcome = Result { try rows.snapshot() } }
        return try outcome!.get()
    }
}

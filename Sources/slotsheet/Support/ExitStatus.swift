import Foundation
import ArgumentParser
import SlotSheetCore
import XLSXWriter
import XLSXReader
import SlotSheetTemplates

/// Every exit code of slotsheet, in one place (the README's table mirrors it).
enum ExitStatus: Int32, CaseIterable {
    /// Done: applied, written, or nothing to do.
    case success = 0
    /// The file has problems; every one is listed and nothing was written.
    case validationFailed = 1
    /// The command line (or a setting such as SLOTSHEET_DB) is not valid.
    case usage = 2
    /// The database changed since the template was exported.
    case staleTemplate = 3
    /// The input file cannot be read as what it claims to be.
    case unreadableFile = 4
    /// The database cannot be opened, is locked, or refused a change.
    case database = 5
    /// Another nightly run holds the lock.
    case alreadyRunning = 6
    /// An output file or folder cannot be written.
    case outputFailed = 7
    /// A CSV that reads two ways: separators mixed, a date day first or month first, two date orders.
    case ambiguousFile = 8
    /// A template whose hidden `_slotsheet` sheet was edited (staff codes, dates, fingerprint):
    /// export a new template. Told apart from `staleTemplate`, where the database changed.
    case templateEdited = 9
    /// Refused workbooks (`slotsheet inspect`), one code a kind: not an .xlsx or .ods (no zip, an old .xls,
    /// another kind of document) or a broken zip.
    case notASpreadsheet = 10
    /// A password-protected (encrypted) workbook.
    case encryptedWorkbook = 11
    /// A zip without the parts of a workbook (incomplete).
    case incompleteWorkbook = 12
    /// A part that is not well-formed XML.
    case malformedXML = 13
    /// A part with a document type declaration (DTD): refused as a possible attack.
    case documentTypeRefused = 14
    /// A part past one of the reader's limits (size, compression ratio, rows, strings...).
    case limitExceeded = 15
    /// Well-formed XML with impossible content: a cell outside the grid, a text index past the table, two
    /// sheets on one part...
    case invalidWorkbookContent = 16
    /// `notices send`: the mail server could not be reached, or refused slotsheet's account or
    /// certificate; the notices not sent wait for the next run.
    case mailServer = 17
}

/// An error the command line knows how to report: a message for the person at the terminal, in
/// the office's language, and the exit code for the script that called it.
protocol ReportableError: Error {
    var exitStatus: ExitStatus { get }
    func message(_ language: Language) -> String
}

extension ReportableError where Self: OfficeMessage {
    func message(_ language: Language) -> String { text(language) }
}

extension StoreError: ReportableError {
    var exitStatus: ExitStatus {
        switch self {
        case .invalidLocation: return .usage
        default: return .database
        }
    }
}

extension SettingsError: ReportableError {
    var exitStatus: ExitStatus { .usage }
}

extension SeedError: ReportableError {
    var exitStatus: ExitStatus { .database }
}

extension CSVError: ReportableError {
    var exitStatus: ExitStatus { isAmbiguity ? .ambiguousFile : .unreadableFile }
}

extension ImportFileError: ReportableError {
    var exitStatus: ExitStatus {
        switch self {
        case let .csv(error): return error.exitStatus
        case .metadataEdited, .listRecordsEdited, .requestRecordsEdited: return .templateEdited
        default: return .unreadableFile
        }
    }
}

extension TemplateError: ReportableError {
    var exitStatus: ExitStatus { .usage }
}

extension OutputError: ReportableError {
    var exitStatus: ExitStatus { .outputFailed }
}

/// Only an export's own file, read back for its digest, gets here (an import's is `ImportFileError`).
extension FileReadError: ReportableError {
    var exitStatus: ExitStatus { .outputFailed }
}

extension XLSXWriteError: ReportableError {
    var exitStatus: ExitStatus { .outputFailed }

    func message(_ language: Language) -> String {
        CommandMessage.workbookNotWritten(detail: description).text(language)
    }
}

extension XLSXError: ReportableError {
    var exitStatus: ExitStatus {
        switch self {
        case .unreadable: return .unreadableFile
        case .notAZip, .notASpreadsheet, .corruptZip, .legacyOfficeDocument: return .notASpreadsheet
        case .encrypted: return .encryptedWorkbook
        case .missingPart: return .incompleteWorkbook
        case .malformedXML: return .malformedXML
        case .dtdRefused: return .documentTypeRefused
        case .limitExceeded: return .limitExceeded
        case .sheetsShareAPart, .invalidCellReference, .sharedStringOutOfRange, .invalidCellValue: return .invalidWorkbookContent
        }
    }
}

extension NightlyError: ReportableError {
    var exitStatus: ExitStatus {
        switch self {
        case .configuration: return .usage
        case .alreadyRunning: return .alreadyRunning
        case .output: return .outputFailed
        }
    }
}

extension ReportError: ReportableError {
    var exitStatus: ExitStatus { .usage }
}

extension ReportOrderError: ReportableError {
    var exitStatus: ExitStatus { .usage }
}

extension DateRangeError: ReportableError {
    var exitStatus: ExitStatus { .usage }
}

extension UndoError: ReportableError {
    var exitStatus: ExitStatus {
        if case .notFound = self { return .usage }
        return .validationFailed
    }

    func message(_ language: Language) -> String {
        guard case let .rejected(_, problems) = self else { return text(language) }
        return ([text(language)] + problems.map { "  \($0.sentence(language))" }).joined(separator: "\n")
    }
}

/// A failure the commands find themselves, with its exit code and its message.
struct CommandFailure: ReportableError {
    let exitStatus: ExitStatus
    let reason: CommandMessage

    init(_ exitStatus: ExitStatus, _ reason: CommandMessage) {
        self.exitStatus = exitStatus
        self.reason = reason
    }

    func message(_ language: Language) -> String { reason.text(language) }
}

extension ExitStatus {
    /// Ends the process now with this status, every output stream flushed, without returning to the
    /// caller: for a command whose work is done and whose objects need no closing, which the
    /// system frees at once where Swift would release them one by one.
    func endProcess() -> Never {
        fflush(nil)
        Foundation.exit(rawValue)
    }
}

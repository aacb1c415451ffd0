import SlotSheetTemplates
import XLSXReader

/// A file that cannot be imported at all (exit code 4), as opposed to one with problems in its
/// cells (exit code 1). The office reads `message` in its language.
public struct ImportFileError: Error, Equatable, CustomStringConvertible {
    public let problem: FileProblem

    public init(_ problem: FileProblem) {
        self.problem = problem
    }

    public func message(_ words: Words) -> String {
        words.importing.fileProblem(problem)
    }

    public var description: String { problem.english }

    /// The reader's refusal in the office's terms.
    init(_ error: XLSXError) {
        switch error {
        case let .unreadable(path, _): problem = .unreadable(path: path)
        case .notAZip, .notASpreadsheet: problem = .notAWorkbook
        case .encrypted: problem = .encrypted
        case .legacyOfficeDocument: problem = .legacyOffice
        case .corruptZip, .missingPart, .sheetsShareAPart, .malformedXML, .invalidCellReference, .sharedStringOutOfRange, .invalidCellValue:
            problem = .damaged(detail: error.description)
        case .dtdRefused, .limitExceeded:
            problem = .refused(detail: error.description)
        }
    }

    /// The CSV reader's refusal, which names its line.
    init(_ error: CSVError) {
        problem = error.fileProblem
    }
}

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
        case .notAZip: problem = .notAWorkbook
        case .encrypted: problem = .encrypted
        case .legacyOfficeDocument: problem = .legacyOffice
        case .corruptZip, .missingPart, .malformedXML, .invalidCellReference, .sharedStringOutOfRange, .invalidCellValue:
            problem = .damaged(detail: error.description)
        case .dtdRefused, .limitExceeded:
            problem = .refused(detail: error.description)
        }
    }

    init(_ error: CSVError) {
        switch error {
        case let .unreadable(path, _): problem = .unreadable(path: path)
        case let .notUTF8(encoding): problem = .csvEncoding(encoding)
        case let .invalidUTF8(line): problem = .csvInvalidText(line: line)
        case let .nulCharacter(line): problem = .csvNul(line: line)
        case let .unterminatedQuote(line): problem = .csvUnclosedQuote(line: line)
        case let .textAfterQuote(line): problem = .csvTextAfterQuote(line: line)
        case let .fieldTooLong(line, limit): problem = .csvFieldTooLong(line: line, limit: limit)
        case let .tooManyFields(line, limit): problem = .csvTooManyFields(line: line, limit: limit)
        }
    }
}

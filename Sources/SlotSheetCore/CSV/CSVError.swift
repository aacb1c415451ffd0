import SlotSheetTemplates

/// Why a CSV file cannot be read. Each case names the line (1-based, as editors count), so the
/// office can find it; `fileProblem` says it in the office's words.
public enum CSVError: Error, Equatable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    /// No bytes, or blank lines only.
    case empty
    /// A header and no row under it.
    case headerOnly(line: Int)
    /// Not UTF-8: from a byte-order mark or the pattern of its bytes, the file looks like
    /// `encoding`; `sample` is the first text that is not UTF-8, read in that encoding.
    case notUTF8(TextEncoding, line: Int, sample: String?)
    /// Bytes no text holds (control characters, NULs in bulk, bytes no Western code page has).
    case binary(line: Int)
    /// One NUL byte in what is otherwise text.
    case nulCharacter(line: Int)
    case unterminatedQuote(line: Int)
    /// Text after the closing quote of a quoted field (`"ab"c`).
    case textAfterQuote(line: Int)
    /// A quote inside a field that does not start with one (`ab"c`).
    case quoteInUnquotedField(line: Int)
    case fieldTooLong(line: Int, limit: Int)
    /// A record (a line, or several when a quoted field holds line breaks) past its byte limit.
    case recordTooLong(line: Int, limit: Int)
    case tooManyFields(line: Int, limit: Int)

    /// The problem as the office reads it, in either language.
    public var fileProblem: FileProblem {
        switch self {
        case let .unreadable(path, _): return .unreadable(path: path)
        case .empty: return .csvEmpty
        case let .headerOnly(line): return .csvHeaderOnly(line: line)
        case let .notUTF8(encoding, line, sample): return .csvEncoding(encoding, line: line, sample: sample)
        case let .binary(line): return .csvBinary(line: line)
        case let .nulCharacter(line): return .csvNul(line: line)
        case let .unterminatedQuote(line): return .csvUnclosedQuote(line: line)
        case let .textAfterQuote(line): return .csvTextAfterQuote(line: line)
        case let .quoteInUnquotedField(line): return .csvQuoteInField(line: line)
        case let .fieldTooLong(line, limit): return .csvFieldTooLong(line: line, limit: limit)
        case let .recordTooLong(line, limit): return .csvLineTooLong(line: line, limit: limit)
        case let .tooManyFields(line, limit): return .csvTooManyFields(line: line, limit: limit)
        }
    }

    public var description: String {
        if case let .unreadable(path, reason) = self { return "\(path) cannot be read: \(reason)." }
        return fileProblem.english
    }
}

import CXlsxWriter

/// Why a workbook could not be written. Each case carries what was being written.
public enum XLSXWriteError: Error, Equatable, CustomStringConvertible {
    /// libxlsxwriter could not start the file (bad folder, no permission, no memory).
    case cannotCreate(path: String)
    /// The workbook was already closed or discarded.
    case closed
    /// libxlsxwriter refused a call; `context` says which (sheet, cell), `reason` is its message.
    case refused(context: String, reason: String)
    /// A page setup or header/footer that cannot print as asked (a scale outside 10-400%, more
    /// page breaks than Excel keeps, a header whose fixed codes alone pass 255 characters...);
    /// caught before libxlsxwriter, which would drop it without a word.
    case invalidPageSetup(context: String, reason: String)

    public var description: String {
        switch self {
        case let .cannotCreate(path): return "cannot create the workbook \(path)"
        case .closed: return "the workbook is already closed"
        case let .refused(context, reason): return "\(context): \(reason)"
        case let .invalidPageSetup(context, reason): return "\(context): \(reason)"
        }
    }

    /// Throws `.refused` unless `code` is success.
    static func check(_ code: lxw_error, _ context: @autoclosure () -> String) throws(XLSXWriteError) {
        guard code != LXW_NO_ERROR else { return }
        throw .refused(context: context(), reason: String(cString: lxw_strerror(code)))
    }
}

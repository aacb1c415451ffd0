import CXlsxWriter
import Foundation

/// What a range of cells accepts, and what the spreadsheet program says about it.
///
///     let marks = DataValidation.list(["x"], inputTitle: "Availability",
///                                     inputMessage: "Type x when available.",
///                                     errorTitle: "Not a mark", errorMessage: "Use x or leave empty.")
///     try sheet.addValidation(marks, firstRow: 1, firstColumn: 5, lastRow: 42, lastColumn: 40)
public struct DataValidation: Sendable {
    /// The values allowed; blank cells are always allowed.
    public var allowedValues: [String]
    public var inputTitle: String?
    public var inputMessage: String?
    public var errorTitle: String?
    public var errorMessage: String?

    /// A drop-down of `values`; anything else typed is refused with `errorMessage`.
    public static func list(_ values: [String], inputTitle: String? = nil, inputMessage: String? = nil,
                            errorTitle: String? = nil, errorMessage: String? = nil) -> DataValidation {
        DataValidation(allowedValues: values, inputTitle: inputTitle, inputMessage: inputMessage,
                       errorTitle: errorTitle, errorMessage: errorMessage)
    }
}

extension SheetWriter {
    /// Applies `validation` to the cells `firstRow...lastRow` x `firstColumn...lastColumn`.
    /// Excel limits titles to 32 characters and messages to 255.
    public func addValidation(_ validation: DataValidation, firstRow: Int, firstColumn: Int, lastRow: Int, lastColumn: Int) throws(XLSXWriteError) {
        let strings = CStrings(validation.allowedValues)
        defer { strings.release() }
        let titles = [validation.inputTitle, validation.inputMessage, validation.errorTitle, validation.errorMessage]
            .map { $0.map { strdup($0) } ?? nil }
        defer { titles.forEach { free($0) } }
        var rule = lxw_data_validation()
        rule.validate = UInt8(LXW_VALIDATION_TYPE_LIST.rawValue)
        rule.ignore_blank = UInt8(LXW_VALIDATION_ON.rawValue)
        rule.show_input = UInt8(validation.inputMessage == nil ? LXW_VALIDATION_OFF.rawValue : LXW_VALIDATION_ON.rawValue)
        rule.show_error = UInt8(LXW_VALIDATION_ON.rawValue)
        rule.error_type = UInt8(LXW_VALIDATION_ERROR_TYPE_STOP.rawValue)
        rule.input_title = titles[0]
        rule.input_message = titles[1]
        rule.error_title = titles[2]
        rule.error_message = titles[3]
        let sheet = try pointer
        let code = strings.withNullTerminatedArray { list -> lxw_error in
            rule.value_list = list
            return worksheet_data_validation_range(
                sheet, lxw_row_t(firstRow), lxw_col_t(firstColumn), lxw_row_t(lastRow), lxw_col_t(lastColumn), &rule)
        }
        try XLSXWriteError.check(code, "sheet '\(name)', validation of \(CellReference.range(firstRow: firstRow, firstColumn: firstColumn, lastRow: lastRow, lastColumn: lastColumn))")
    }
}

/// C copies of Swift strings that live until `release()`.
struct CStrings {
    let pointers: [UnsafeMutablePointer<CChar>?]

    init(_ strings: [String]) {
        pointers = strings.map { strdup($0) }
    }

    func withNullTerminatedArray<T>(_ body: (UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> T) -> T {
        var array = pointers + [nil]
        return array.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
    }

    func release() {
        pointers.forEach { free($0) }
    }
}

import CXlsxWriter
import Foundation

/// What a range of cells accepts, and what the spreadsheet program says about it.
///
///     let marks = DataValidation.list(["x"], inputTitle: "Availability",
///                                     inputMessage: "Type x when available.",
///                                     errorTitle: "Not a mark", errorMessage: "Use x or leave empty.")
///     try sheet.addValidation(marks, firstRow: 1, firstColumn: 5, lastRow: 42, lastColumn: 40)
public struct DataValidation: Sendable {
    /// What a cell may hold; a blank cell is always allowed.
    public enum Rule: Sendable, Hashable {
        /// A drop-down of these values, written into the rule (Excel allows 255 characters in all).
        case values([String])
        /// A drop-down of the values in a range of cells, `Choices!$A$2:$A$40`: as long as the list is.
        case cells(String)
        /// A date (or date and time) from `first` to `last`, each as (year, month, day).
        case date(first: DateParts, last: DateParts)
    }

    /// A calendar date for a rule.
    public struct DateParts: Sendable, Hashable {
        public var year: Int
        public var month: Int
        public var day: Int

        public init(year: Int, month: Int, day: Int) {
            self.year = year
            self.month = month
            self.day = day
        }
    }

    public var rule: Rule
    public var inputTitle: String?
    public var inputMessage: String?
    public var errorTitle: String?
    public var errorMessage: String?

    public init(rule: Rule, inputTitle: String? = nil, inputMessage: String? = nil, errorTitle: String? = nil, errorMessage: String? = nil) {
        self.rule = rule
        self.inputTitle = inputTitle
        self.inputMessage = inputMessage
        self.errorTitle = errorTitle
        self.errorMessage = errorMessage
    }

    /// A drop-down of `values`; anything else typed is refused with `errorMessage`.
    public static func list(_ values: [String], inputTitle: String? = nil, inputMessage: String? = nil,
                            errorTitle: String? = nil, errorMessage: String? = nil) -> DataValidation {
        DataValidation(rule: .values(values), inputTitle: inputTitle, inputMessage: inputMessage,
                       errorTitle: errorTitle, errorMessage: errorMessage)
    }
}

extension SheetWriter {
    /// Applies `validation` to the cells `firstRow...lastRow` x `firstColumn...lastColumn`.
    /// Excel limits titles to 32 characters and messages to 255.
    public func addValidation(_ validation: DataValidation, firstRow: Int, firstColumn: Int, lastRow: Int, lastColumn: Int) throws(XLSXWriteError) {
        var listed: [String] = []
        var formula: String?
        if case let .values(values) = validation.rule { listed = values }
        if case let .cells(range) = validation.rule { formula = range }
        let strings = CStrings(listed)
        defer { strings.release() }
        let texts = [validation.inputTitle, validation.inputMessage, validation.errorTitle, validation.errorMessage, formula]
            .map { $0.map { strdup($0) } ?? nil }
        defer { texts.forEach { free($0) } }
        var rule = lxw_data_validation()
        rule.ignore_blank = UInt8(LXW_VALIDATION_ON.rawValue)
        rule.show_input = UInt8(validation.inputMessage == nil ? LXW_VALIDATION_OFF.rawValue : LXW_VALIDATION_ON.rawValue)
        rule.show_error = UInt8(LXW_VALIDATION_ON.rawValue)
        rule.error_type = UInt8(LXW_VALIDATION_ERROR_TYPE_STOP.rawValue)
        rule.input_title = texts[0]
        rule.input_message = texts[1]
        rule.error_title = texts[2]
        rule.error_message = texts[3]
        switch validation.rule {
        case .values:
            rule.validate = UInt8(LXW_VALIDATION_TYPE_LIST.rawValue)
        case .cells:
            rule.validate = UInt8(LXW_VALIDATION_TYPE_LIST_FORMULA.rawValue)
            rule.value_formula = texts[4]
        case let .date(first, last):
            rule.validate = UInt8(LXW_VALIDATION_TYPE_DATE.rawValue)
            rule.criteria = UInt8(LXW_VALIDATION_CRITERIA_BETWEEN.rawValue)
            rule.minimum_datetime = lxw_datetime(year: Int32(first.year), month: Int32(first.month), day: Int32(first.day), hour: 0, min: 0, sec: 0)
            rule.maximum_datetime = lxw_datetime(year: Int32(last.year), month: Int32(last.month), day: Int32(last.day), hour: 0, min: 0, sec: 0)
        }
        let sheet = try pointer
        let code = strings.withNullTerminatedArray { list -> lxw_error in
            if case .values = validation.rule { rule.value_list = list }
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

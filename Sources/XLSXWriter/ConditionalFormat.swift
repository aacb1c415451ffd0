import CXlsxWriter
import Foundation

/// A rule that changes how cells look depending on their values, re-evaluated as people type.
///
///     // Rows where column E (capacity) is below column D (booked) turn red.
///     let overbooked = ConditionalFormat.formula("=$E2<$D2", style: CellStyle(fill: RGB(0xFFC7CE)))
///     try sheet.addConditionalFormat(overbooked, firstRow: 1, firstColumn: 0, lastRow: 42, lastColumn: 40)
public enum ConditionalFormat: Sendable {
    /// Cells for which the formula (written for the top-left cell, with relative references) is true.
    case formula(String, style: CellStyle)
    /// A colour scale from `low` at the smallest value to `high` at the largest, through `middle`.
    case colorScale(low: RGB, middle: RGB, high: RGB)
}

extension SheetWriter {
    public func addConditionalFormat(_ rule: ConditionalFormat, firstRow: Int, firstColumn: Int, lastRow: Int, lastColumn: Int) throws(XLSXWriteError) {
        var format = lxw_conditional_format()
        var formulaCopy: UnsafeMutablePointer<CChar>?
        defer { free(formulaCopy) }
        switch rule {
        case let .formula(formula, style):
            formulaCopy = strdup(formula)
            format.type = UInt8(LXW_CONDITIONAL_TYPE_FORMULA.rawValue)
            format.value_string = formulaCopy
            format.format = try owner.format(for: style)
        case let .colorScale(low, middle, high):
            format.type = UInt8(LXW_CONDITIONAL_3_COLOR_SCALE.rawValue)
            format.min_color = low.value
            format.mid_color = middle.value
            format.max_color = high.value
        }
        let code = worksheet_conditional_format_range(
            try pointer, lxw_row_t(firstRow), lxw_col_t(firstColumn), lxw_row_t(lastRow), lxw_col_t(lastColumn), &format)
        try XLSXWriteError.check(code, "sheet '\(name)', conditional format of \(CellReference.range(firstRow: firstRow, firstColumn: firstColumn, lastRow: lastRow, lastColumn: lastColumn))")
    }
}

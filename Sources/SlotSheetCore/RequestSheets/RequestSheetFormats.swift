import SlotSheetTemplates
import XLSXWriter

/// The cell formats of the requests workbook, resolved once: the header, the locked cells that
/// say which request a row is, and the unlocked, tinted decision cells the office edits.
struct RequestSheetFormats {
    let header: CellFormat
    private let locked: CellFormat
    private let lockedWrapped: CellFormat
    private let decision: CellFormat
    private let decisionWrapped: CellFormat
    private let decisionDate: CellFormat

    init(workbook: WorkbookWriter, dateFormat: String) throws {
        header = try workbook.cellFormat(CellStyle(bold: true, fontColor: RGB(Look.headerText), fill: RGB(Look.headerFill),
                                                   verticalAlignment: .bottom, wrap: true, border: RGB(Look.gridLine)))
        let fixed = CellStyle(alignment: .left, verticalAlignment: .top, border: RGB(Look.gridLine))
        var edited = fixed
        edited.locked = false
        edited.fill = RGB(Look.decisionFill)
        locked = try workbook.cellFormat(fixed)
        lockedWrapped = try workbook.cellFormat(fixed.wrapped)
        decision = try workbook.cellFormat(edited)
        decisionWrapped = try workbook.cellFormat(edited.wrapped)
        decisionDate = try workbook.cellFormat(edited.withNumberFormat(dateFormat))
    }

    /// The format of a data cell of `column`.
    func format(for column: RequestColumn) -> CellFormat {
        switch (column.isDecision, column.wraps, column == .date) {
        case (true, _, true): return decisionDate
        case (true, true, _): return decisionWrapped
        case (true, false, _): return decision
        case (false, true, _): return lockedWrapped
        case (false, false, _): return locked
        }
    }
}

private extension CellStyle {
    var wrapped: CellStyle {
        var style = self
        style.wrap = true
        return style
    }
}

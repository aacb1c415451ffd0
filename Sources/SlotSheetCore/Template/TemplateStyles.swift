import SlotSheetTemplates
import XLSXWriter

/// The cell styles of the availability sheet, worked out once per template: a row's look depends
/// only on whether it is past, in the booking window, on a weekend, and the first row of its date.
struct TemplateStyles {
    enum Cell: CaseIterable {
        case date, text, number, staff
    }

    /// What decides a row's look.
    struct RowKind: Hashable {
        var isPast: Bool
        /// Tenants can book its date now: its key cells are green.
        var isBookable: Bool
        var isWeekend: Bool
        var startsDay: Bool
    }

    let header: CellStyle
    let staffHeader: CellStyle
    let plainHeader: CellStyle
    let wrapped: CellStyle
    let title: CellStyle
    let shortage: CellStyle
    /// A cell with a problem, in an error workbook: editable, so the office can fix it there.
    let flagged: CellStyle
    private let table: [RowKind: [Cell: CellStyle]]

    init(dateFormat: String) {
        header = CellStyle(bold: true, fontColor: RGB(Look.headerText), fill: RGB(Look.headerFill),
                           verticalAlignment: .bottom, wrap: true, border: RGB(Look.gridLine))
        staffHeader = CellStyle(bold: true, fontColor: RGB(Look.headerText), fill: RGB(Look.headerFill),
                                alignment: .center, rotation: 90, border: RGB(Look.gridLine))
        plainHeader = CellStyle(bold: true, fontColor: RGB(Look.headerText), fill: RGB(Look.headerFill))
        wrapped = CellStyle(verticalAlignment: .top, wrap: true)
        title = CellStyle(bold: true, fontSize: 14, fontColor: RGB(Look.headerText))
        shortage = CellStyle(fontColor: RGB(Look.shortageText), fill: RGB(Look.shortageFill))
        flagged = CellStyle(bold: true, fontColor: RGB(Look.shortageText), fill: RGB(Look.shortageFill), locked: false,
                            alignment: .center, border: RGB(Look.shortageText))
        var table: [RowKind: [Cell: CellStyle]] = [:]
        for isPast in [false, true] {
            for isBookable in [false, true] {
                for isWeekend in [false, true] {
                    for startsDay in [false, true] {
                        let kind = RowKind(isPast: isPast, isBookable: isBookable, isWeekend: isWeekend, startsDay: startsDay)
                        table[kind] = Dictionary(uniqueKeysWithValues: Cell.allCases.map {
                            ($0, TemplateStyles.style(for: $0, kind: kind, dateFormat: dateFormat))
                        })
                    }
                }
            }
        }
        self.table = table
    }

    func style(_ cell: Cell, _ kind: RowKind) -> CellStyle {
        table[kind]![cell]!
    }

    private static func style(for cell: Cell, kind: RowKind, dateFormat: String) -> CellStyle {
        var style = CellStyle(border: RGB(Look.gridLine))
        if kind.startsDay {
            style.topLine = .medium
            style.topLineColor = RGB(Look.dayBand)
        }
        if kind.isPast {
            style.fill = RGB(Look.pastFill)
            style.fontColor = RGB(Look.pastText)
        } else if kind.isWeekend {
            style.fill = RGB(Look.weekendFill)
        }
        switch cell {
        case .date:
            style.numberFormat = dateFormat
            style.alignment = .left
            if kind.isBookable && !kind.isPast { style.fill = RGB(Look.bookableFill) }
        case .text:
            if kind.isBookable && !kind.isPast { style.fill = RGB(Look.bookableFill) }
        case .number:
            style.alignment = .center
        case .staff:
            style.alignment = .center
            style.bold = true
            // Only today and later can be filled in; the past stays as it was.
            style.locked = kind.isPast
            if !kind.isPast {
                style.fontColor = RGB(Look.markText)
                if !kind.isWeekend { style.fill = RGB(Look.editableFill) }
            }
        }
        return style
    }
}

extension CellStyle {
    func withNumberFormat(_ format: String) -> CellStyle {
        var style = self
        style.numberFormat = format
        return style
    }
}

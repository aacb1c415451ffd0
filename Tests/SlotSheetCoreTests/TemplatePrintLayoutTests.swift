import Foundation
import SlotSheetTemplates
import Testing
import XLSXWriter
@testable import SlotSheetCore

/// Where a printed template's pages begin, worked out from its layout (the printing itself is in
/// `PrintTests`).
@Suite struct TemplatePrintLayoutTests {
    static let sampleDayparts = ["08:00-09:00", "09:00-10:00", "10:00-12:00", "13:00-14:00", "14:00-15:00", "15:00-17:00"]

    /// A template from Monday 7 December 2026 for `days` days.
    static func layout(staff: Int, days: Int = 28, dayparts: Int = 6) -> TemplateLayout {
        let from = LocalDate(iso: "2026-12-07")!
        return TemplateLayout(
            range: DateRange(from: from, to: from.adding(days: days - 1))!,
            dayparts: (0..<dayparts).map { .init(code: "D\($0)", label: sampleDayparts[$0 % sampleDayparts.count]) },
            staff: (0..<staff).map { .init(code: String(format: "S%04d", $0 + 1), name: "Person \($0 + 1)") })
    }

    static func print(_ layout: TemplateLayout, _ paper: PaperSize = .a4, _ language: Language = .en) -> TemplatePrintLayout {
        TemplatePrintLayout(layout: layout, keyColumnWidths: TemplateWorkbook.keyColumnWidths(language.words.template, layout), paper: paper)
    }

    /// The worked example of `TemplatePrintLayout`'s documentation, and the page a week it gives.
    @Test func thirtyStaffPrintAWeekAPageOnePageWide() {
        let layout = Self.layout(staff: 30)
        let a4 = Self.print(layout)
        #expect(a4.scale == 64 && a4.staffPerPage == 30 && a4.columnBreaks.isEmpty && a4.rowsPerPage == .week)
        #expect(a4.fitsToWidth, "the width decides: fit to one page wide, so the font decides the scale, not Calibri's widths")
        let mondays = ["2026-12-14", "2026-12-21", "2026-12-28"].map { layout.row(for: LocalDate(iso: $0)!, daypartIndex: 0) }
        #expect(a4.rowBreaks == mondays && mondays == [43, 85, 127])
        #expect(a4.pagesAcross == 1 && a4.pagesDown == 4)
        #expect(Self.print(layout, .letter).scale == 60, "Letter is narrower: just at the minimum")
        #expect(Self.print(layout, .a4, .nl).scale == 63, "the Dutch key columns are wider")
        let dutchLetter = Self.print(layout, .letter, .nl)
        #expect(dutchLetter.pagesAcross == 2 && dutchLetter.staffPerPage == 15, "below the minimum: two pages of 15")
    }

    /// Too wide for one page at the minimum: as few pages across as hold whole staff columns,
    /// the staff shared evenly, breaks between staff columns only.
    @Test func aWideTemplateSplitsBetweenStaffColumns() {
        for (staff, across, perPage) in [(60, 2, 30), (33, 2, 17), (100, 4, 25), (250, 8, 32)] {
            let print = Self.print(Self.layout(staff: staff))
            #expect(print.pagesAcross == across && print.staffPerPage == perPage, "\(staff) staff: \(print)")
            #expect(print.columnBreaks == (1..<across).map { TemplateLayout.firstStaffColumn + $0 * perPage })
            #expect(print.scale >= TemplatePrintLayout.minimumScale)
            #expect(print.rowsPerPage == .week)
            #expect(!print.fitsToWidth, "pages of whole staff columns, at a scale")
        }
    }

    /// A few staff would print at 100%, but then a week takes two pages; it shrinks to keep a
    /// week on a page, as long as it stays readable.
    @Test func aNarrowTemplateShrinksToKeepAWeekOnAPage() {
        let print = Self.print(Self.layout(staff: 5))
        #expect(print.scale == 67 && print.rowsPerPage == .week && print.pagesAcross == 1 && !print.fitsToWidth)
    }

    /// 24 staff would print at 76% one page wide, but a week needs 67%; at 67% a font a quarter
    /// wider than Calibri would not fit the width (76 / 1.3 = 58%), so it prints at the 60% minimum,
    /// which keeps the week on a page and leaves the width that room.
    @Test func aWeekOnAPageLeavesTheWidthRoomForAWiderFont() {
        let print = Self.print(Self.layout(staff: 24))
        #expect(print.scale == 60 && print.rowsPerPage == .week && print.pagesAcross == 1 && !print.fitsToWidth, "\(print)")
    }

    /// With 12 dayparts a week would need 36%: pages of whole dates instead, at the width's scale.
    @Test func manyDaypartsPrintPagesOfWholeDates() {
        let layout = Self.layout(staff: 10, days: 14, dayparts: 12)
        let print = Self.print(layout)
        #expect(print.scale == 100 && print.rowsPerPage == .days(2))
        #expect(print.rowBreaks == stride(from: 2, to: 14, by: 2).map { layout.row(for: layout.range.from.adding(days: $0), daypartIndex: 0) })
    }

    /// A range that starts mid-week breaks at its first Monday; no staff, no column breaks.
    @Test func oddRangesStillBreakOnMondays() {
        let from = LocalDate(iso: "2026-12-10")!
        let layout = TemplateLayout(range: DateRange(from: from, to: from.adding(days: 9))!,
                                    dayparts: [.init(code: "D", label: "08:00-09:00")], staff: [])
        let print = Self.print(layout)
        #expect(print.rowBreaks == [layout.row(for: LocalDate(iso: "2026-12-14")!, daypartIndex: 0)])
        #expect(print.columnBreaks.isEmpty && print.staffPerPage == 1)
    }
}

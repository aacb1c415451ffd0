import Foundation
import SlotSheetTemplates
import XLSXWriter

/// What every printed page of a generated workbook says above and below the sheet, in its
/// language: the title (bold) on the left, the period in the middle and "Page 2 of 7" on the
/// right; below, when the file was made and the sheet's name.
///
///     let heading = PrintedHeading(title: "Staff availability", period: PrintedHeading.period(december, words: words.template),
///                                  made: PrintedHeading.made(generatedAt, timeZone: clock.timeZone, words: words.template, print: .english),
///                                  words: .english)
///     try sheet.setPageSetup(heading.pageSetup(paper: .a4, scaling: .fitToPages(wide: 1, tall: 0)))
struct PrintedHeading {
    let title: String
    let period: String
    let made: String
    let words: PrintWords

    var header: HeaderFooter {
        HeaderFooter(left: [.boldText(title)], center: [.text(period)],
                     right: [.text(words.page.before), .pageNumber, .text(words.page.between), .pageCount, .text(words.page.after)])
    }

    var footer: HeaderFooter {
        HeaderFooter(left: [.text(made)], right: [.sheetName])
    }

    /// Landscape on `paper` with narrow margins, this heading, and `scaling`.
    func pageSetup(paper: PaperSize, scaling: PageScaling) -> PageSetup {
        var setup = PageSetup(orientation: .landscape, paper: paper, margins: .narrow, scaling: scaling)
        setup.header = header
        setup.footer = footer
        return setup
    }

    /// A table's sheet: one page wide, as long as it is, with its header row (the first) on every page.
    func tablePageSetup(paper: PaperSize) -> PageSetup {
        var setup = pageSetup(paper: paper, scaling: .fitToPages(wide: 1, tall: 0))
        setup.repeatedRows = 0...0
        return setup
    }

    /// "30 Nov 2026 – 27 Dec 2026" (Dutch "30 nov 2026 – 27 dec 2026").
    static func period(_ range: DateRange, words: TemplateWords) -> String {
        "\(date(range.from, words: words)) – \(date(range.to, words: words))"
    }

    /// "30 Nov 2026".
    static func date(_ date: LocalDate, words: TemplateWords) -> String {
        let (year, month, day) = date.parts
        return "\(day) \(words.months[month - 1]) \(year)"
    }

    /// A stored UTC timestamp as the office's clock showed it, "30 Nov 2026", "10:05"; the
    /// timestamp as it is when it is not one.
    static func moment(_ timestamp: String, timeZone: TimeZone, words: TemplateWords) -> (date: String, time: String) {
        guard let local = OfficeClock(timeZone: timeZone).localTime(ofTimestamp: timestamp) else { return (timestamp, "") }
        return (date(local.date, words: words), String(format: "%02d:%02d", local.hour, local.minute))
    }

    /// "Made on 30 Nov 2026 at 10:05".
    static func made(_ timestamp: String, timeZone: TimeZone, words: TemplateWords, print: PrintWords) -> String {
        let (date, time) = moment(timestamp, timeZone: timeZone, words: words)
        return print.made(date, time)
    }
}

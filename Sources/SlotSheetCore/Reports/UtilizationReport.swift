import SlotSheetTemplates
import XLSXWriter

/// Capacity, held requests and free places per slot, and whether tenants can book it now (the
/// office's booking rules at the moment of the report). A workbook also gets what people look at
/// rather than read: a date x daypart heat map of the share booked (a colour scale) and, on a
/// chart sheet of its own that prints on one page, a chart of capacity against booked per day
/// with a vertical line at every week.
enum UtilizationReport {
    static func write(into sink: any ReportSink, session: some ScheduleSession, context: ReportContext, range: DateRange) throws {
        let r = context.report
        let dayparts = try session.dayparts().filter(\.active)
        let heatMap = try sink.table(r.heatMapSheet, columns: [ReportColumn(title: r.dateColumn, width: 13), ReportColumn(title: r.weekdayColumn, width: 6)]
            + dayparts.map { ReportColumn(title: $0.label, width: 12) }, primary: false)
        let perDay = try sink.table(r.perDaySheet, columns: [
            ReportColumn(title: r.dateColumn, width: 13), ReportColumn(title: r.capacityColumn, width: 11), ReportColumn(title: r.bookedColumn, width: 11),
        ], primary: false)
        if !dayparts.isEmpty, range.dayCount > 0 {
            try sink.chartSheet(context.request.language.printWords.chartSheet, chart: chart(perDay: r.perDaySheet, days: range.dayCount, words: r))
        }
        let slots = try sink.table(r.slotsSheet, columns: [
            ReportColumn(title: r.dateColumn, width: 13), ReportColumn(title: r.weekdayColumn, width: 6), ReportColumn(title: r.daypartColumn, width: 12),
            ReportColumn(title: r.capacityColumn, width: 11), ReportColumn(title: r.bookedColumn, width: 11), ReportColumn(title: r.freeColumn, width: 8),
            ReportColumn(title: r.utilizationColumn, width: 12), ReportColumn(title: r.bookableColumn, width: 13),
        ], primary: true)

        // A note belongs to its cell's row: in constant-memory mode it must come before later rows.
        try heatMap.sheet?.writer.writeNote(r.heatMapNote, row: 0, column: 0, author: "slotsheet")
        try session.walkSchedule(range) { day in
            var shares: [ReportValue] = []
            var capacity = 0, booked = 0
            for daypart in dayparts {
                let occupancy = SlotOccupancy(capacity: day.available[daypart.id]?.count ?? 0, held: day.demand[daypart.id]?.held ?? 0)
                let share: ReportValue = occupancy.capacity > 0 ? .percent(Double(occupancy.held) / Double(occupancy.capacity)) : .empty
                shares.append(share)
                capacity += occupancy.capacity
                booked += occupancy.held
                let bookable = context.day.isBookable(date: day.date, occupancy: occupancy)
                try slots.add([.date(day.date), .text(context.weekday(day.date)), .text(daypart.label), .integer(occupancy.capacity),
                               .integer(occupancy.held), .integer(occupancy.free), share,
                               .text(bookable ? context.words.template.yes : context.words.template.no)])
            }
            try heatMap.add([.date(day.date), .text(context.weekday(day.date))] + shares)
            try perDay.add([.date(day.date), .integer(capacity), .integer(booked)])
        }
        try colorScale(heatMap.sheet, daypartCount: dayparts.count, days: range.dayCount)
    }

    /// The colour scale of the heat map, for a workbook (a CSV has none).
    private static func colorScale(_ heatMap: SheetHandle?, daypartCount: Int, days: Int) throws {
        guard let heatMap, daypartCount > 0, days > 0 else { return }
        try heatMap.writer.addConditionalFormat(
            .colorScale(low: RGB(0x63BE7B), middle: RGB(0xFFEB84), high: RGB(0xF8696B)),
            firstRow: 1, firstColumn: 2, lastRow: days, lastColumn: 1 + daypartCount)
    }

    /// Capacity and booked per day from the Per day sheet's `days` rows, a gridline per week.
    private static func chart(perDay: String, days: Int, words: ReportWords) -> LineChart {
        var chart = LineChart(title: words.chartTitle, categories: .init(sheet: perDay, column: 0, rows: 1...days))
        chart.series = [
            .init(name: words.capacityColumn, values: .init(sheet: perDay, column: 1, rows: 1...days), color: RGB(0x2F5597)),
            .init(name: words.bookedColumn, values: .init(sheet: perDay, column: 2, rows: 1...days), color: RGB(0xC00000)),
        ]
        chart.gridlineEvery = 7
        chart.dateFormat = "d mmm"
        return chart
    }
}

/// The words of printed pages: the header and footer of every sheet of a template or report, the
/// titles of the reports and the name of a report's chart sheet.
public struct PrintWords: Sendable {
    /// "Page 3 of 7": the words around the page number and the page count, which the
    /// spreadsheet program fills in when it prints.
    public var page: (before: String, between: String, after: String)
    /// When the file was made, from the date and the time as the office's clock showed them.
    public var made: @Sendable (_ date: String, _ time: String) -> String
    /// Report titles by report name (`requests`, `utilization`, `staff`, `imports`).
    public var reportTitles: [String: String]
    /// The period of a requests report chosen by when requests changed, not by slot dates.
    public var changedSince: @Sendable (_ moment: String) -> String
    /// The period of a report over every date.
    public var allDates: String
    /// The sheet that holds a report's chart on a page of its own.
    public var chartSheet: String

    public func reportTitle(_ name: String) -> String { reportTitles[name] ?? name }
}

extension PrintWords {
    public static let english = PrintWords(
        page: ("Page ", " of ", ""),
        made: { date, time in "Made on \(date) at \(time)" },
        reportTitles: ["requests": "Repair requests", "utilization": "Capacity and utilisation",
                       "staff": "Staff availability and visits", "imports": "Imports"],
        changedSince: { moment in "changed since \(moment)" },
        allDates: "all dates",
        chartSheet: "Chart")

    public static let dutch = PrintWords(
        page: ("Pagina ", " van ", ""),
        made: { date, time in "Gemaakt op \(date) om \(time)" },
        reportTitles: ["requests": "Reparatieverzoeken", "utilization": "Capaciteit en bezetting",
                       "staff": "Beschikbaarheid en bezoeken per medewerker", "imports": "Imports"],
        changedSince: { moment in "gewijzigd sinds \(moment)" },
        allDates: "alle datums",
        chartSheet: "Grafiek")
}

extension Language {
    /// The words of printed pages in this language.
    public var printWords: PrintWords {
        switch self {
        case .en: return .english
        case .nl: return .dutch
        }
    }
}

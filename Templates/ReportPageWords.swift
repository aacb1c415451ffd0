/// The words of the web front's Reports page (admins), in both languages. The report kinds and
/// formats are named by their raw values (`requests`, `xlsx`), as the command line names them.
public struct ReportPageWords: Sendable {
    public var nav: String
    public var title: String
    public var intro: String
    public var kindLegend: String
    /// Per report kind: its name and one line on what it holds.
    public var kinds: [String: (name: String, about: String)]
    public var fromLabel: String
    public var toLabel: String
    public var formatLabel: String
    public var formats: [String: String]
    public var filtersLegend: String
    public var statusesLabel: String
    public var corporationLabel: String
    public var corporationHint: String
    public var languageLabel: String
    public var downloadButton: String

    static let english = ReportPageWords(
        nav: "Reports",
        title: "Reports",
        intro: "The reports slotsheet report writes, as .xlsx or CSV. Dates are slot dates; for the imports report, the days the batches were made.",
        kindLegend: "Report",
        kinds: [
            "requests": ("Repair requests", "The repair-request overview: slot, status, corporation, resident."),
            "utilization": ("Utilization", "Capacity, booked and free places per slot; in .xlsx a heat map and a chart per day."),
            "staff": ("Staff", "Per staff member: slots available and visits assigned."),
            "imports": ("Imports", "The import batches made on those days and every change they made."),
        ],
        fromLabel: "First date", toLabel: "Last date",
        formatLabel: "Format",
        formats: ["xlsx": "Excel workbook (.xlsx)", "csv": "CSV (text)"],
        filtersLegend: "Filters of the repair-request report",
        statusesLabel: "Only these statuses (none ticked: all)",
        corporationLabel: "Only this housing corporation (its name; empty: all)",
        corporationHint: "Leave the filters empty for the other reports.",
        languageLabel: "Language of the report",
        downloadButton: "Download the report")

    static let dutch = ReportPageWords(
        nav: "Rapporten",
        title: "Rapporten",
        intro: "De rapporten die slotsheet report schrijft, als .xlsx of CSV. Datums zijn slotdatums; bij het rapport importen de dagen waarop de batches zijn gemaakt.",
        kindLegend: "Rapport",
        kinds: [
            "requests": ("Reparatieverzoeken", "Het overzicht van de reparatieverzoeken: slot, status, corporatie, bewoner."),
            "utilization": ("Bezetting", "Capaciteit, geboekte en vrije plaatsen per slot; in .xlsx een hittekaart en een grafiek per dag."),
            "staff": ("Medewerkers", "Per medewerker: beschikbare slots en toegewezen bezoeken."),
            "imports": ("Importen", "De importbatches van die dagen en elke wijziging die ze maakten."),
        ],
        fromLabel: "Eerste datum", toLabel: "Laatste datum",
        formatLabel: "Indeling",
        formats: ["xlsx": "Excel-werkmap (.xlsx)", "csv": "CSV (tekst)"],
        filtersLegend: "Filters van het rapport reparatieverzoeken",
        statusesLabel: "Alleen deze statussen (niets aangevinkt: alle)",
        corporationLabel: "Alleen deze woningcorporatie (de naam; leeg: alle)",
        corporationHint: "Laat de filters leeg voor de andere rapporten.",
        languageLabel: "Taal van het rapport",
        downloadButton: "Download het rapport")
}

extension Language {
    /// The words of the Reports page in this language.
    public var reportPage: ReportPageWords {
        switch self {
        case .en: return .english
        case .nl: return .dutch
        }
    }
}

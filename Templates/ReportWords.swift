/// The words of the reports: sheet names, column titles, statuses, chart texts.
public struct ReportWords: Sendable {
    public var statuses: [String: String]
    public var requestsSheet: String
    public var requestColumns: (id: String, created: String, updated: String, status: String, resident: String, email: String,
                                address: String, postcode: String, city: String, corporation: String, defects: String,
                                description: String, slotDate: String, daypart: String, staff: String, subcontractor: String)
    public var heatMapSheet: String
    public var perDaySheet: String
    public var slotsSheet: String
    public var dateColumn: String
    public var weekdayColumn: String
    public var daypartColumn: String
    public var capacityColumn: String
    public var bookedColumn: String
    public var freeColumn: String
    public var utilizationColumn: String
    /// Whether tenants can book the slot now (the booking window and a free place).
    public var bookableColumn: String
    public var chartTitle: String
    public var heatMapNote: String
    public var staffSheet: String
    public var staffColumns: (code: String, name: String, active: String, slots: String, requests: String)
    public var batchesSheet: String
    public var changesSheet: String
    public var batchColumns: (id: String, when: String, operatorName: String, file: String, kind: String, reverts: String,
                              added: String, removed: String, unchanged: String)
    public var changeColumns: (batch: String, when: String, operatorName: String, date: String, daypart: String, staff: String, change: String)
    public var becameAvailable: String
    public var becameUnavailable: String
    public var importKind: String
    public var undoKind: String
    /// The outcome of an import attempt (`import_batch.outcome`), by its stored name.
    public var outcomes: [String: String]
    public var outcomeColumn: String
    /// Problems, or database changes since export, that refused an attempt.
    public var problemsColumn: String

    public func status(_ raw: String) -> String { statuses[raw] ?? raw }
    public func outcome(_ raw: String) -> String { outcomes[raw] ?? raw }
}

extension ReportWords {
    public static let english = ReportWords(
        statuses: ["new": "new", "approved": "approved", "cancelled": "cancelled", "completed": "completed", "archived": "archived"],
        requestsSheet: "Requests",
        requestColumns: ("Request", "Created", "Updated", "Status", "Resident", "E-mail", "Address", "Postcode", "City",
                         "Corporation", "Defects", "Description", "Slot date", "Daypart", "Staff", "Subcontractor"),
        heatMapSheet: "Heat map", perDaySheet: "Per day", slotsSheet: "Slots",
        dateColumn: "Date", weekdayColumn: "Day", daypartColumn: "Daypart", capacityColumn: "Capacity", bookedColumn: "Booked",
        freeColumn: "Free", utilizationColumn: "Utilization", bookableColumn: "Bookable now",
        chartTitle: "Capacity and booked requests per day (a line per week)",
        heatMapNote: "Share of each slot's capacity that is booked: green is quiet, red is full. Empty: nobody available.",
        staffSheet: "Staff",
        staffColumns: ("Code", "Name", "Active", "Slots available", "Visits assigned"),
        batchesSheet: "Batches", changesSheet: "Changes",
        batchColumns: ("Batch", "When", "Operator", "File", "Kind", "Reverts", "Added", "Removed", "Unchanged"),
        changeColumns: ("Batch", "When", "Operator", "Date", "Daypart", "Staff", "Change"),
        becameAvailable: "available", becameUnavailable: "not available", importKind: "import", undoKind: "undo",
        outcomes: ["applied": "applied", "unchanged": "nothing to change", "dry_run": "dry run", "rejected": "rejected",
                   "stale": "stale", "plan_changed": "plan changed"],
        outcomeColumn: "Outcome", problemsColumn: "Problems")

    public static let dutch = ReportWords(
        statuses: ["new": "nieuw", "approved": "goedgekeurd", "cancelled": "geannuleerd", "completed": "afgerond", "archived": "gearchiveerd"],
        requestsSheet: "Verzoeken",
        requestColumns: ("Verzoek", "Gemaakt", "Gewijzigd", "Status", "Bewoner", "E-mail", "Adres", "Postcode", "Plaats",
                         "Corporatie", "Gebreken", "Omschrijving", "Datum bezoek", "Dagdeel", "Medewerker", "Onderaannemer"),
        heatMapSheet: "Bezetting", perDaySheet: "Per dag", slotsSheet: "Tijdvakken",
        dateColumn: "Datum", weekdayColumn: "Dag", daypartColumn: "Dagdeel", capacityColumn: "Capaciteit", bookedColumn: "Geboekt",
        freeColumn: "Vrij", utilizationColumn: "Bezetting", bookableColumn: "Nu boekbaar",
        chartTitle: "Capaciteit en geboekte verzoeken per dag (een lijn per week)",
        heatMapNote: "Deel van de capaciteit per tijdvak dat geboekt is: groen is rustig, rood is vol. Leeg: niemand beschikbaar.",
        staffSheet: "Medewerkers",
        staffColumns: ("Code", "Naam", "Actief", "Tijdvakken beschikbaar", "Bezoeken toegewezen"),
        batchesSheet: "Batches", changesSheet: "Wijzigingen",
        batchColumns: ("Batch", "Wanneer", "Door", "Bestand", "Soort", "Draait terug", "Toegevoegd", "Verwijderd", "Ongewijzigd"),
        changeColumns: ("Batch", "Wanneer", "Door", "Datum", "Dagdeel", "Medewerker", "Wijziging"),
        becameAvailable: "beschikbaar", becameUnavailable: "niet beschikbaar", importKind: "import", undoKind: "terugdraaien",
        outcomes: ["applied": "doorgevoerd", "unchanged": "niets te wijzigen", "dry_run": "proefrun", "rejected": "geweigerd",
                   "stale": "verouderd", "plan_changed": "plan gewijzigd"],
        outcomeColumn: "Uitkomst", problemsColumn: "Problemen")
}

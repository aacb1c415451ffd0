/// The words of an import: each problem's message and hint, the summaries and the error workbook.
/// Messages take the facts already formatted (a slot reads "Tue 8 Dec 2026 09:00-10:00").
public struct ImportWords: Sendable {
    public typealias Text = @Sendable (String) -> String
    public typealias Text2 = @Sendable (String, String) -> String
    public typealias Text3 = @Sendable (String, String, String) -> String

    // Marks and values
    public var invalidMark: Text
    public var invalidMarkHint: String
    public var invalidAvailableValue: Text
    public var invalidAvailableValueHint: String
    public var invalidDate: Text
    public var invalidDateHint: String

    // References
    public var unknownStaff: Text
    public var unknownStaffHint: String
    public var inactiveStaff: Text2
    public var inactiveStaffHint: String
    public var unknownDaypart: Text
    public var unknownDaypartHint: String
    public var inactiveDaypart: Text
    public var inactiveDaypartHint: String
    public var duplicate: Text
    public var duplicateHint: String

    // Rules
    public var outsideRange: Text2
    public var outsideRangeHint: String
    public var pastDateChanged: Text
    public var pastDateChangedHint: String
    /// held, slot, available
    public var capacityBelowHeld: Text3
    /// how many more
    public var capacityBelowHeldHint: Text
    /// staff, slot, request numbers
    public var assignedUnavailable: Text3
    public var assignedUnavailableHint: Text

    // Layout
    public var staffColumnMoved: Text3
    public var staffColumnMovedHint: String
    public var keyCellChanged: Text2
    public var keyCellChangedHint: String
    public var extraContent: Text
    public var extraContentHint: String
    public var missingColumn: Text
    public var missingColumnHint: String
    public var wrongFieldCount: Text2
    public var wrongFieldCountHint: String

    // Summaries and the error workbook
    public var cellPlace: Text2
    public var linePlace: Text
    public var errorsSheet: String
    public var errorsHeaders: (place: String, key: String, problem: String, fix: String)
    public var sheetPlace: Text
    public var batchPlace: Text

    // A stale template: what changed in the database since it was made
    /// generated at, number of changes
    public var staleHeadline: Text2
    public var staleHint: String
    /// staff, slot
    public var staleBecameAvailable: Text2
    public var staleBecameUnavailable: Text2
    /// slot, before, after
    public var staleHeldChanged: Text3
    public var staleAssignmentsChanged: Text3
    public var nobody: String

    // The command's report
    /// number of problems
    public var problemsHeadline: Text
    public var nothingWritten: String
    /// added, removed, unchanged
    public var planSummary: Text3
    public var nothingToChange: String
    public var dryRunNote: String
    /// batch number
    public var appliedAs: Text
    /// batch number: an attempt that changed nothing, recorded all the same
    public var recordedAs: Text
    /// An apply whose plan is no longer the one previewed.
    public var planChanged: String
    public var perDateTitle: String
    public var perStaffTitle: String
    /// how many more problems are in the error workbook / JSON
    public var moreProblems: Text
    /// A whole file refused.
    public var fileProblem: @Sendable (FileProblem) -> String
    /// merged range
    public var mergedCells: Text
    public var mergedCellsHint: String
}

extension ImportWords {
    public static let english = ImportWords(
        invalidMark: { "'\($0)' is not a valid mark; use x or leave empty." },
        invalidMarkHint: "Type x when the person is available; leave the cell empty when not.",
        invalidAvailableValue: { "'\($0)' is not a valid value for available." },
        invalidAvailableValueHint: "Use x (or yes) for available and leave it empty (or no) for not available.",
        invalidDate: { "'\($0)' is not a date." },
        invalidDateHint: "Write dates as 2026-12-08 or 08-12-2026.",
        unknownStaff: { "Staff code '\($0)' is not in the database." },
        unknownStaffHint: "Check the code on the Staff sheet, or ask the planner to add this person first.",
        inactiveStaff: { "\($0) (\($1)) is no longer active." },
        inactiveStaffHint: "Leave this person out, or ask the planner to make them active again.",
        unknownDaypart: { "Daypart '\($0)' is not in the database." },
        unknownDaypartHint: "Use a daypart code from the Dayparts sheet.",
        inactiveDaypart: { "Daypart '\($0)' is no longer in use." },
        inactiveDaypartHint: "Leave this daypart out, or ask the planner to make it active again.",
        duplicate: { "This date, daypart and staff member appear twice; the first is on \($0)." },
        duplicateHint: "Keep one of the two and delete the other.",
        outsideRange: { "\($0) is outside this template, which covers \($1)." },
        outsideRangeHint: "Put availability for other dates in a template made for those dates.",
        pastDateChanged: { "\($0) is in the past; its availability cannot be changed." },
        pastDateChangedHint: "Put the cell back as it was.",
        capacityBelowHeld: { held, slot, available in
            "\(held) repair \(held == "1" ? "request is" : "requests are") booked on \(slot); this sheet leaves \(available) staff available."
        },
        capacityBelowHeldHint: { "Mark at least \($0) more \($0 == "1" ? "person" : "people") available in this row, or ask the planner to move a request." },
        assignedUnavailable: { staff, slot, requests in
            "\(staff) has a visit on \(slot) (request \(requests)) but is marked not available."
        },
        assignedUnavailableHint: { "Keep \($0) available in this slot, or ask the planner to give the visit to someone else first." },
        staffColumnMoved: { column, expected, found in
            "Column \(column) should hold staff \(expected), but its header says '\(found)': a staff column was moved, added or removed."
        },
        staffColumnMovedHint: "Use the template as it was exported: do not move, add or delete columns.",
        keyCellChanged: { expected, found in "This cell should read '\(expected)' but reads '\(found)': rows were moved, added, removed or sorted." },
        keyCellChangedHint: "Use the template as it was exported: do not move, sort, add or delete rows.",
        extraContent: { "'\($0)' is outside the part of the sheet the template uses." },
        extraContentHint: "Remove it; the template cannot take rows or columns that it did not have.",
        missingColumn: { "The header has no column '\($0)'." },
        missingColumnHint: "The first line must name the columns date, daypart, staff and available.",
        wrongFieldCount: { expected, found in "This line has \(found) fields; the header has \(expected)." },
        wrongFieldCountHint: "Check for a missing or extra separator on this line.",
        cellPlace: { sheet, cell in "Sheet \(sheet), cell \(cell)" },
        linePlace: { "Line \($0)" },
        errorsSheet: "Errors",
        errorsHeaders: ("Where", "Slot", "Problem", "How to fix it"),
        sheetPlace: { "Sheet \($0)" },
        batchPlace: { "Batch \($0)" },
        staleHeadline: { generated, count in
            "The database changed in this template's dates since it was made (\(generated)): \(count) \(count == "1" ? "change" : "changes")."
        },
        staleHint: "Export a new template and enter your changes there, or import with --force to apply only your edits on top of the database as it is now.",
        staleBecameAvailable: { "\($0) became available on \($1)." },
        staleBecameUnavailable: { "\($0) stopped being available on \($1)." },
        staleHeldChanged: { slot, before, after in "Booked requests on \(slot) went from \(before) to \(after)." },
        staleAssignmentsChanged: { slot, before, after in "Staff with a visit on \(slot) changed from \(before) to \(after)." },
        nobody: "nobody",
        problemsHeadline: { "The file has \($0) \($0 == "1" ? "problem" : "problems"); nothing was changed." },
        nothingWritten: "Nothing was changed.",
        planSummary: { added, removed, unchanged in "\(added) added, \(removed) removed, \(unchanged) unchanged." },
        nothingToChange: "Nothing to change: the database already says what the file says.",
        dryRunNote: "Dry run: nothing was changed.",
        appliedAs: { "Applied as import batch \($0); 'slotsheet import undo \($0)' reverts it." },
        recordedAs: { "This attempt is recorded in the history as batch \($0)." },
        planChanged: "The database changed since the preview and the plan is now different, so nothing was applied. This is the new plan; apply again if it is right.",
        perDateTitle: "Per date",
        perStaffTitle: "Per staff member",
        moreProblems: { "... and \($0) more." },
        fileProblem: { $0.english },
        mergedCells: { "Cells \($0) are merged; each person needs a cell of their own." },
        mergedCellsHint: "Unmerge the cells and fill each one with x or leave it empty.")

    public static let dutch = ImportWords(
        invalidMark: { "'\($0)' is geen geldige invoer; gebruik x of laat de cel leeg." },
        invalidMarkHint: "Typ x als de medewerker beschikbaar is; laat de cel leeg als dat niet zo is.",
        invalidAvailableValue: { "'\($0)' is geen geldige waarde voor beschikbaar." },
        invalidAvailableValueHint: "Gebruik x (of ja) voor beschikbaar en laat het leeg (of nee) voor niet beschikbaar.",
        invalidDate: { "'\($0)' is geen datum." },
        invalidDateHint: "Schrijf datums als 08-12-2026 of 2026-12-08.",
        unknownStaff: { "Medewerkercode '\($0)' staat niet in de database." },
        unknownStaffHint: "Controleer de code op het blad Medewerkers, of vraag de planner deze medewerker eerst toe te voegen.",
        inactiveStaff: { "\($0) (\($1)) is niet meer actief." },
        inactiveStaffHint: "Laat deze medewerker weg, of vraag de planner hem of haar weer actief te maken.",
        unknownDaypart: { "Dagdeel '\($0)' staat niet in de database." },
        unknownDaypartHint: "Gebruik een dagdeelcode van het blad Dagdelen.",
        inactiveDaypart: { "Dagdeel '\($0)' wordt niet meer gebruikt." },
        inactiveDaypartHint: "Laat dit dagdeel weg, of vraag de planner het weer actief te maken.",
        duplicate: { "Deze datum, dit dagdeel en deze medewerker staan er twee keer in; de eerste staat op \($0)." },
        duplicateHint: "Houd er één van de twee en verwijder de andere.",
        outsideRange: { "\($0) valt buiten dit rooster, dat loopt van \($1)." },
        outsideRangeHint: "Zet beschikbaarheid voor andere datums in een rooster dat voor die datums is gemaakt.",
        pastDateChanged: { "\($0) ligt in het verleden; de beschikbaarheid kan niet meer worden gewijzigd." },
        pastDateChangedHint: "Zet de cel terug zoals hij was.",
        capacityBelowHeld: { held, slot, available in
            "Op \(slot) \(held == "1" ? "is" : "zijn") \(held) reparatieverzoek\(held == "1" ? "" : "en") geboekt; met dit rooster \(available == "1" ? "is" : "zijn") er \(available) medewerker\(available == "1" ? "" : "s") beschikbaar."
        },
        capacityBelowHeldHint: { "Zet in deze rij nog minstens \($0) medewerker\($0 == "1" ? "" : "s") op beschikbaar, of vraag de planner een verzoek te verplaatsen." },
        assignedUnavailable: { staff, slot, requests in
            "\(staff) heeft op \(slot) een bezoek (verzoek \(requests)) maar staat op niet beschikbaar."
        },
        assignedUnavailableHint: { "Laat \($0) in dit tijdvak beschikbaar, of vraag de planner het bezoek eerst aan iemand anders te geven." },
        staffColumnMoved: { column, expected, found in
            "Kolom \(column) hoort bij medewerker \(expected), maar de kop is '\(found)': er is een kolom verplaatst, toegevoegd of verwijderd."
        },
        staffColumnMovedHint: "Gebruik het rooster zoals het is geëxporteerd: verplaats, voeg toe of verwijder geen kolommen.",
        keyCellChanged: { expected, found in "In deze cel hoort '\(expected)' te staan, maar er staat '\(found)': er zijn rijen verplaatst, toegevoegd, verwijderd of gesorteerd." },
        keyCellChangedHint: "Gebruik het rooster zoals het is geëxporteerd: verplaats, sorteer, voeg toe of verwijder geen rijen.",
        extraContent: { "'\($0)' staat buiten het deel van het blad dat het rooster gebruikt." },
        extraContentHint: "Verwijder het; het rooster kan geen rijen of kolommen aannemen die het niet had.",
        missingColumn: { "De kopregel heeft geen kolom '\($0)'." },
        missingColumnHint: "De eerste regel moet de kolommen date, daypart, staff en available noemen (of datum, dagdeel, medewerker, beschikbaar).",
        wrongFieldCount: { expected, found in "Deze regel heeft \(found) velden; de kopregel heeft er \(expected)." },
        wrongFieldCountHint: "Controleer of er op deze regel een scheidingsteken ontbreekt of te veel staat.",
        cellPlace: { sheet, cell in "Blad \(sheet), cel \(cell)" },
        linePlace: { "Regel \($0)" },
        errorsSheet: "Fouten",
        errorsHeaders: ("Waar", "Tijdvak", "Probleem", "Zo lost u het op"),
        sheetPlace: { "Blad \($0)" },
        batchPlace: { "Batch \($0)" },
        staleHeadline: { generated, count in
            "De database is voor de datums van dit rooster gewijzigd sinds het is gemaakt (\(generated)): \(count) \(count == "1" ? "wijziging" : "wijzigingen")."
        },
        staleHint: "Exporteer een nieuw rooster en voer uw wijzigingen daarin in, of importeer met --force om alleen uw wijzigingen toe te passen op de database zoals die nu is.",
        staleBecameAvailable: { "\($0) is beschikbaar geworden op \($1)." },
        staleBecameUnavailable: { "\($0) is niet meer beschikbaar op \($1)." },
        staleHeldChanged: { slot, before, after in "Het aantal geboekte verzoeken op \(slot) ging van \(before) naar \(after)." },
        staleAssignmentsChanged: { slot, before, after in "De medewerkers met een bezoek op \(slot) zijn gewijzigd van \(before) in \(after)." },
        nobody: "niemand",
        problemsHeadline: { "Het bestand heeft \($0) \($0 == "1" ? "probleem" : "problemen"); er is niets gewijzigd." },
        nothingWritten: "Er is niets gewijzigd.",
        planSummary: { added, removed, unchanged in "\(added) toegevoegd, \(removed) verwijderd, \(unchanged) ongewijzigd." },
        nothingToChange: "Niets te wijzigen: de database zegt al wat het bestand zegt.",
        dryRunNote: "Proefrun: er is niets gewijzigd.",
        appliedAs: { "Verwerkt als importbatch \($0); 'slotsheet import undo \($0)' draait hem terug." },
        recordedAs: { "Deze poging staat in de geschiedenis als batch \($0)." },
        planChanged: "De database is sinds het voorbeeld gewijzigd en het plan is nu anders, dus er is niets verwerkt. Dit is het nieuwe plan; verwerk het opnieuw als het klopt.",
        perDateTitle: "Per datum",
        perStaffTitle: "Per medewerker",
        moreProblems: { "... en nog \($0)." },
        fileProblem: { $0.dutch },
        mergedCells: { "De cellen \($0) zijn samengevoegd; elke medewerker heeft een eigen cel nodig." },
        mergedCellsHint: "Maak het samenvoegen ongedaan en vul elke cel met x of laat hem leeg.")
}

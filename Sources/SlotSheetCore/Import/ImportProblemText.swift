import SlotSheetTemplates

/// What an import problem says, in each language: the message (what is wrong) and the hint (how
/// to fix it), written per case with the case's named values.
extension ImportProblem: OfficeMessage {
    /// "Sheet Availability, cell F12: 'y' is not a valid mark; use x or leave empty."
    public func sentence(_ language: Language) -> String {
        "\(location.text(language)): \(message(language))"
    }

    /// Text from the file as the sentence quotes it, invisible characters named.
    private func shown(_ text: String, _ language: Language) -> String { EchoedText.shown(text, language) }

    public var english: String { sentence(.en) }
    public var dutch: String { sentence(.nl) }

    /// The row key: the slot, and the staff member when the problem is about one cell.
    public func rowKey(_ language: Language) -> String? {
        guard let slot else { return staffCode.map(EchoedText.escaped) }
        let name = slot.text(language)
        return EchoedText.escaped(staffCode.map { "\(name), \($0)" } ?? name)
    }

    public func message(_ language: Language) -> String {
        let slotText = slot?.text(language) ?? ""
        switch language {
        case .en: return EchoedText.escaped(englishMessage(slot: slotText))
        case .nl: return EchoedText.escaped(dutchMessage(slot: slotText))
        }
    }

    private func englishMessage(slot: String) -> String {
        switch kind {
        case let .invalidMark(text): return "\(shown(text, .en)) is not a valid mark; use x or leave empty."
        case .formulaWithoutResult: return "This cell holds a formula but no result; type x or leave it empty."
        case let .invalidAvailableValue(text): return "\(shown(text, .en)) is not a valid value for available."
        case let .invalidDate(text): return "\(shown(text, .en)) is not a date."
        case let .unknownStaff(code): return "Staff code '\(code)' is not in the database."
        case let .inactiveStaff(code: code, name: name): return "\(code) (\(name)) is no longer active."
        case let .unknownDaypart(code): return "Daypart '\(code)' is not in the database."
        case let .inactiveDaypart(code): return "Daypart '\(code)' is no longer in use."
        case let .duplicate(first: first): return "This date, daypart and staff member appear twice; the first is on \(first.text(.en))."
        case let .outsideRange(date: date, range: range):
            return "\(DateText.long(date, .en)) is outside this template, which covers \(DateText.long(range.from, .en)) - \(DateText.long(range.to, .en))."
        case .pastDateChanged: return "\(slot) is in the past; its availability cannot be changed."
        case let .capacityBelowHeld(held: held, available: available):
            return "\(held) repair \(held == 1 ? "request is" : "requests are") booked on \(slot); this sheet leaves \(available) staff available."
        case let .assignedUnavailable(staff: staff, requests: requests):
            return "\(staff) has a visit on \(slot) (request \(requests.map(String.init).joined(separator: ", "))) but is marked not available."
        case let .staffColumnMoved(column: column, expected: expected, found: found):
            return "Column \(column) should hold staff \(expected), but its header says \(shown(found, .en)): a staff column was moved, added or removed."
        case let .keyCellChanged(expected: expected, found: found):
            return "This cell should read '\(expected)' but reads \(shown(found, .en)): rows were moved, added, removed or sorted."
        case let .missingDataSheet(name): return "The sheet \(name), which holds the availability, is missing: it was renamed or deleted."
        case let .extraContent(text): return "\(shown(text, .en)) is outside the part of the sheet the template uses."
        case let .missingColumn(name): return "The header has no column '\(name)'."
        case let .wrongFieldCount(expected: expected, found: found): return "This line has \(found) fields; the header has \(expected)."
        case let .mergedCells(range): return "Cells \(range) are merged; each person needs a cell of their own."
        }
    }

    private func dutchMessage(slot: String) -> String {
        switch kind {
        case let .invalidMark(text): return "\(shown(text, .nl)) is geen geldige invoer; gebruik x of laat de cel leeg."
        case .formulaWithoutResult: return "Deze cel bevat een formule maar geen uitkomst; typ x of laat de cel leeg."
        case let .invalidAvailableValue(text): return "\(shown(text, .nl)) is geen geldige waarde voor beschikbaar."
        case let .invalidDate(text): return "\(shown(text, .nl)) is geen datum."
        case let .unknownStaff(code): return "Medewerkercode '\(code)' staat niet in de database."
        case let .inactiveStaff(code: code, name: name): return "\(code) (\(name)) is niet meer actief."
        case let .unknownDaypart(code): return "Dagdeel '\(code)' staat niet in de database."
        case let .inactiveDaypart(code): return "Dagdeel '\(code)' wordt niet meer gebruikt."
        case let .duplicate(first: first):
            return "Deze datum, dit dagdeel en deze medewerker staan er twee keer in; de eerste staat op \(first.text(.nl).lowercasedFirst)."
        case let .outsideRange(date: date, range: range):
            return "\(DateText.long(date, .nl)) valt buiten dit rooster, dat loopt van \(DateText.long(range.from, .nl)) tot en met \(DateText.long(range.to, .nl))."
        case .pastDateChanged: return "\(slot) ligt in het verleden; de beschikbaarheid kan niet meer worden gewijzigd."
        case let .capacityBelowHeld(held: held, available: available):
            return "Op \(slot) \(held == 1 ? "is" : "zijn") \(held) reparatieverzoek\(held == 1 ? "" : "en") geboekt; met dit rooster \(available == 1 ? "is" : "zijn") er \(available) medewerker\(available == 1 ? "" : "s") beschikbaar."
        case let .assignedUnavailable(staff: staff, requests: requests):
            return "\(staff) heeft op \(slot) een bezoek (verzoek \(requests.map(String.init).joined(separator: ", "))) maar staat op niet beschikbaar."
        case let .staffColumnMoved(column: column, expected: expected, found: found):
            return "Kolom \(column) hoort bij medewerker \(expected), maar de kop is \(shown(found, .nl)): er is een kolom verplaatst, toegevoegd of verwijderd."
        case let .keyCellChanged(expected: expected, found: found):
            return "In deze cel hoort '\(expected)' te staan, maar er staat \(shown(found, .nl)): er zijn rijen verplaatst, toegevoegd, verwijderd of gesorteerd."
        case let .missingDataSheet(name): return "Het blad \(name), waarop de beschikbaarheid staat, ontbreekt: het is hernoemd of verwijderd."
        case let .extraContent(text): return "\(shown(text, .nl)) staat buiten het deel van het blad dat het rooster gebruikt."
        case let .missingColumn(name):
            return "De kopregel heeft geen kolom '\(CSVAvailabilityParser.Field(name: name)?.dutchName ?? name)'."
        case let .wrongFieldCount(expected: expected, found: found): return "Deze regel heeft \(found) velden; de kopregel heeft er \(expected)."
        case let .mergedCells(range): return "De cellen \(range) zijn samengevoegd; elke medewerker heeft een eigen cel nodig."
        }
    }

    public func hint(_ language: Language) -> String {
        switch language {
        case .en: return EchoedText.escaped(englishHint)
        case .nl: return EchoedText.escaped(dutchHint)
        }
    }

    private var englishHint: String {
        switch kind {
        case .invalidMark: return "Type x when the person is available; leave the cell empty when not."
        case .formulaWithoutResult:
            return "A formula counts by its result, and the program that wrote this file did not calculate one: replace it with x or clear the cell."
        case .invalidAvailableValue: return "Use x (or yes) for available and leave it empty (or no) for not available."
        case .invalidDate: return "Write dates as 2026-12-08 or 08-12-2026."
        case .unknownStaff: return "Check the code on the Staff sheet, or ask the planner to add this person first."
        case .inactiveStaff: return "Leave this person out, or ask the planner to make them active again."
        case .unknownDaypart: return "Use a daypart code from the Dayparts sheet."
        case .inactiveDaypart: return "Leave this daypart out, or ask the planner to make it active again."
        case .duplicate: return "Keep one of the two and delete the other."
        case .outsideRange: return "Put availability for other dates in a template made for those dates."
        case .pastDateChanged: return "Put the cell back as it was."
        case let .capacityBelowHeld(held: held, available: available):
            let more = held - available
            return "Mark at least \(more) more \(more == 1 ? "person" : "people") available in this row, or ask the planner to move a request."
        case let .assignedUnavailable(staff: staff, requests: _):
            return "Keep \(staff) available in this slot, or ask the planner to give the visit to someone else first."
        case .staffColumnMoved: return "Use the template as it was exported: do not move, add or delete columns."
        case .keyCellChanged: return "Use the template as it was exported: do not move, sort, add or delete rows."
        case let .missingDataSheet(name): return "Give the sheet its name \(name) back, or export a new template."
        case .extraContent: return "Remove it; the template cannot take rows or columns that it did not have."
        case .missingColumn:
            return "The first line must name the columns date, daypart, staff and available; "
                + "the Dutch headers datum, dagdeel, medewerker, beschikbaar are accepted as well."
        case .wrongFieldCount: return "Check for a missing or extra separator on this line."
        case .mergedCells: return "Unmerge the cells and fill each one with x or leave it empty."
        }
    }

    private var dutchHint: String {
        switch kind {
        case .invalidMark: return "Typ x als de medewerker beschikbaar is; laat de cel leeg als dat niet zo is."
        case .formulaWithoutResult:
            return "Een formule telt met haar uitkomst, en het programma dat dit bestand schreef heeft die niet berekend: vervang haar door x of maak de cel leeg."
        case .invalidAvailableValue: return "Gebruik x (of ja) voor beschikbaar en laat het leeg (of nee) voor niet beschikbaar."
        case .invalidDate: return "Schrijf datums als 08-12-2026 of 2026-12-08."
        case .unknownStaff: return "Controleer de code op het blad Medewerkers, of vraag de planner deze medewerker eerst toe te voegen."
        case .inactiveStaff: return "Laat deze medewerker weg, of vraag de planner hem of haar weer actief te maken."
        case .unknownDaypart: return "Gebruik een dagdeelcode van het blad Dagdelen."
        case .inactiveDaypart: return "Laat dit dagdeel weg, of vraag de planner het weer actief te maken."
        case .duplicate: return "Houd er één van de twee en verwijder de andere."
        case .outsideRange: return "Zet beschikbaarheid voor andere datums in een rooster dat voor die datums is gemaakt."
        case .pastDateChanged: return "Zet de cel terug zoals hij was."
        case let .capacityBelowHeld(held: held, available: available):
            let more = held - available
            return "Zet in deze rij nog minstens \(more) medewerker\(more == 1 ? "" : "s") op beschikbaar, of vraag de planner een verzoek te verplaatsen."
        case let .assignedUnavailable(staff: staff, requests: _):
            return "Laat \(staff) in dit tijdvak beschikbaar, of vraag de planner het bezoek eerst aan iemand anders te geven."
        case .staffColumnMoved: return "Gebruik het rooster zoals het is geëxporteerd: verplaats, voeg toe of verwijder geen kolommen."
        case .keyCellChanged: return "Gebruik het rooster zoals het is geëxporteerd: verplaats, sorteer, voeg toe of verwijder geen rijen."
        case let .missingDataSheet(name): return "Geef het blad zijn naam \(name) terug, of exporteer een nieuw rooster."
        case .extraContent: return "Verwijder het; het rooster kan geen rijen of kolommen aannemen die het niet had."
        case .missingColumn:
            return "De eerste regel moet de kolommen datum, dagdeel, medewerker en beschikbaar noemen; "
                + "de Engelse kopjes date, daypart, staff, available worden ook geaccepteerd."
        case .wrongFieldCount: return "Controleer of er op deze regel een scheidingsteken ontbreekt of te veel staat."
        case .mergedCells: return "Maak het samenvoegen ongedaan en vul elke cel met x of laat hem leeg."
        }
    }
}

extension ImportProblem.Location: OfficeMessage {
    /// "Sheet Availability, cell F12", "Line 14".
    public var english: String {
        switch self {
        case let .cell(sheet: sheet, reference: reference): return "Sheet \(sheet), cell \(reference)"
        case let .line(line): return "Line \(line)"
        case let .sheet(sheet): return "Sheet \(sheet)"
        case let .batch(id): return "Batch \(id)"
        }
    }

    public var dutch: String {
        switch self {
        case let .cell(sheet: sheet, reference: reference): return "Blad \(sheet), cel \(reference)"
        case let .line(line): return "Regel \(line)"
        case let .sheet(sheet): return "Blad \(sheet)"
        case let .batch(id): return "Batch \(id)"
        }
    }
}

extension StaleChange: OfficeMessage {
    public var english: String {
        let slotText = slot.text(.en)
        switch kind {
        case let .becameAvailable(staff): return "\(staff) became available on \(slotText)."
        case let .becameUnavailable(staff): return "\(staff) stopped being available on \(slotText)."
        case let .heldChanged(from: before, to: after): return "Booked requests on \(slotText) went from \(before) to \(after)."
        case let .assignmentsChanged(from: before, to: after):
            let list = { (codes: [String]) in codes.isEmpty ? ImportWords.english.nobody : codes.joined(separator: ", ") }
            return "Staff with a visit on \(slotText) changed from \(list(before)) to \(list(after))."
        }
    }

    public var dutch: String {
        let slotText = slot.text(.nl)
        switch kind {
        case let .becameAvailable(staff): return "\(staff) is beschikbaar geworden op \(slotText)."
        case let .becameUnavailable(staff): return "\(staff) is niet meer beschikbaar op \(slotText)."
        case let .heldChanged(from: before, to: after): return "Het aantal geboekte verzoeken op \(slotText) ging van \(before) naar \(after)."
        case let .assignmentsChanged(from: before, to: after):
            let list = { (codes: [String]) in codes.isEmpty ? ImportWords.dutch.nobody : codes.joined(separator: ", ") }
            return "De medewerkers met een bezoek op \(slotText) zijn gewijzigd van \(list(before)) in \(list(after))."
        }
    }
}

/// The lines of an import's summary that take values or stand alone, in each language.
public enum ImportReportLine: Hashable, Sendable, OfficeMessage {
    case staleHeadline(generatedAt: OfficeMoment, changes: Int)
    case staleHint
    case nothingWritten
    case problemsHeadline(problems: Int)
    case planSummary(added: Int, removed: Int, unchanged: Int)
    case nothingToChange
    case dryRunNote
    case appliedAs(batch: RowID)
    /// An attempt that changed nothing, recorded in the history all the same.
    case recordedAs(batch: RowID)
    /// An apply whose plan is no longer the one previewed.
    case planChanged
    /// How many more problems are in the error workbook or the JSON.
    case moreProblems(count: Int)

    public var english: String {
        switch self {
        case let .staleHeadline(generatedAt: generated, changes: count):
            return "The database changed in this template's dates since it was made (\(generated.text(.en))): \(counted(count, "change", "changes"))."
        case .staleHint:
            return "Export a new template and enter your changes there, or import with --force to apply only your edits on top of the database as it is now."
        case .nothingWritten: return "Nothing was changed."
        case let .problemsHeadline(problems: count): return "The file has \(counted(count, "problem", "problems")); nothing was changed."
        case let .planSummary(added: added, removed: removed, unchanged: unchanged):
            return "\(added) added, \(removed) removed, \(unchanged) unchanged."
        case .nothingToChange: return "Nothing to change: the database already says what the file says."
        case .dryRunNote: return "Dry run: nothing was changed."
        case let .appliedAs(batch: batch): return "Applied as import batch \(batch); 'slotsheet import undo \(batch)' reverts it."
        case let .recordedAs(batch: batch): return "This attempt is recorded in the history as batch \(batch)."
        case .planChanged:
            return "The database changed since the preview and the plan is now different, so nothing was applied. This is the new plan; apply again if it is right."
        case let .moreProblems(count: count): return "... and \(count) more."
        }
    }

    public var dutch: String {
        switch self {
        case let .staleHeadline(generatedAt: generated, changes: count):
            return "De database is voor de datums van dit rooster gewijzigd sinds het is gemaakt (\(generated.text(.nl))): \(counted(count, "wijziging", "wijzigingen"))."
        case .staleHint:
            return "Exporteer een nieuw rooster en voer uw wijzigingen daarin in, of importeer met --force om alleen uw wijzigingen toe te passen op de database zoals die nu is."
        case .nothingWritten: return "Er is niets gewijzigd."
        case let .problemsHeadline(problems: count): return "Het bestand heeft \(counted(count, "probleem", "problemen")); er is niets gewijzigd."
        case let .planSummary(added: added, removed: removed, unchanged: unchanged):
            return "\(added) toegevoegd, \(removed) verwijderd, \(unchanged) ongewijzigd."
        case .nothingToChange: return "Niets te wijzigen: de database zegt al wat het bestand zegt."
        case .dryRunNote: return "Proefrun: er is niets gewijzigd."
        case let .appliedAs(batch: batch): return "Doorgevoerd als importbatch \(batch); 'slotsheet import undo \(batch)' draait hem terug."
        case let .recordedAs(batch: batch): return "Deze poging staat in de geschiedenis als batch \(batch)."
        case .planChanged:
            return "De database is sinds het voorbeeld gewijzigd en het plan is nu anders, dus er is niets doorgevoerd. Dit is het nieuwe plan; voer het opnieuw door als het klopt."
        case let .moreProblems(count: count): return "... en nog \(count)."
        }
    }
}

extension String {
    /// The first letter lower-cased: a place inside a sentence ("op blad X, cel F2").
    var lowercasedFirst: String {
        guard let first else { return self }
        return first.lowercased() + dropFirst()
    }
}

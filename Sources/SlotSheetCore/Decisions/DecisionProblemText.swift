import SlotSheetTemplates

/// The words of `DecisionProblem`: where, what is wrong, and the fix, in English and Dutch.
extension DecisionProblem: OfficeMessage {
    /// "Line 4, column status: ... fix." / "Sheet Requests, cell J4: ... fix."
    public func sentence(_ language: Language) -> String {
        "\(placeText(language)): \(message(language)) \(hint(language))"
    }

    public var english: String { sentence(.en) }
    public var dutch: String { sentence(.nl) }

    /// Where the office finds it: a sheet's cell, or a CSV line with the column's name.
    public func placeText(_ language: Language) -> String {
        guard case .line = place, let column else { return place.text(language) }
        return place.text(language) + (language == .nl ? ", kolom \(column.dutch)" : ", column \(column.english)")
    }

    public func message(_ language: Language) -> String {
        EchoedText.escaped(language == .nl ? dutchMessage : englishMessage)
    }

    public func hint(_ language: Language) -> String {
        EchoedText.escaped(language == .nl ? dutchHint : englishHint)
    }

    private func shown(_ text: String, _ language: Language) -> String { EchoedText.shown(text, language) }

    private var englishMessage: String {
        switch kind {
        case let .missingColumn(column): return "The header has no column '\(column.english)'."
        case let .wrongFieldCount(expected, found): return "This line has \(found) fields; the header has \(expected)."
        case let .tooManyRows(limit): return "The file has more than \(limit) rows, more than a requests file may hold."
        case let .notARequestNumber(text): return "\(shown(text, .en)) is not a request number."
        case let .unknownRequest(id): return "There is no request \(id)."
        case let .duplicateRequest(id, first): return "Request \(id) is also on \(first.text(.en).lowercasedFirst)."
        case let .unknownStatus(text): return "\(shown(text, .en)) is not a status."
        case let .invalidDate(text): return "\(shown(text, .en)) is not a date."
        case let .unknownDaypart(code): return "There is no daypart \(shown(code, .en))."
        case let .inactiveDaypart(code): return "Daypart \(shown(code, .en)) is inactive."
        case let .unknownStaff(code): return "There is no staff member \(shown(code, .en))."
        case let .inactiveStaff(code): return "Staff member \(shown(code, .en)) is inactive."
        case let .unknownSubcontractor(name): return "There is no subcontractor \(shown(name, .en))."
        case let .tooLong(length, limit): return "The note is \(length) characters long; at most \(limit) fit."
        case let .controlCharacter(text): return "The note \(shown(text, .en)) holds a control character or a direction override."
        case let .transitionRefused(request, status, wanted, open):
            return "Request \(request) is \(status.word(.en)): it can be \(listed(open.map { $0.participle(.en) }, and: "or")), not \(Self.wanted(wanted, from: status, .en))."
        case let .decisionRefused(request, status, decision, open):
            return "Request \(request) is \(status.word(.en)): it can be \(listed(open.map { $0.participle(.en) }, and: "or")), not \(decision.participle(.en))."
        case let .statusBeforeArchivingUnknown(request):
            return "Request \(request) is archived, and its log does not say what it was before, so it cannot be restored."
        case let .notHoldingASlot(request, status):
            return "Request \(request) is \(status.word(.en)): only a new or approved request can be moved or given staff or a subcontractor."
        case let .slotInThePast(request, slot, first):
            return "Request \(request) cannot hold \(slot.text(.en)): that date is before the first open day, \(DateText.long(first, .en))."
        case let .staffNotAvailable(request, staff, slot):
            return "Request \(request) cannot go to \(shown(staff, .en)): \(staff) is not available on \(slot.text(.en))."
        case let .slotFull(slot, held, available, arriving):
            return "\(slot.text(.en)) would hold \(counted(held, "request", "requests")) with \(available) staff available; the \(arriving.count == 1 ? "request" : "requests") this file puts there: \(listed(arriving.map(String.init), and: "and"))."
        case let .changedSinceExport(request, exported, now):
            return "Request \(request) was changed in the database after the export: " + Self.changes(exported, now, .en) + "."
        case let .layoutChanged(change): return change.message(.en)
        }
    }

    private var dutchMessage: String {
        switch kind {
        case let .missingColumn(column): return "De kopregel heeft geen kolom '\(column.dutch)'."
        case let .wrongFieldCount(expected, found): return "Deze regel heeft \(found) velden; de kopregel heeft er \(expected)."
        case let .tooManyRows(limit): return "Het bestand heeft meer dan \(limit) rijen, meer dan een verzoekenbestand mag bevatten."
        case let .notARequestNumber(text): return "\(shown(text, .nl)) is geen verzoeknummer."
        case let .unknownRequest(id): return "Er is geen verzoek \(id)."
        case let .duplicateRequest(id, first): return "Verzoek \(id) staat ook op \(first.text(.nl).lowercasedFirst)."
        case let .unknownStatus(text): return "\(shown(text, .nl)) is geen status."
        case let .invalidDate(text): return "\(shown(text, .nl)) is geen datum."
        case let .unknownDaypart(code): return "Er is geen dagdeel \(shown(code, .nl))."
        case let .inactiveDaypart(code): return "Dagdeel \(shown(code, .nl)) is inactief."
        case let .unknownStaff(code): return "Er is geen medewerker \(shown(code, .nl))."
        case let .inactiveStaff(code): return "Medewerker \(shown(code, .nl)) is inactief."
        case let .unknownSubcontractor(name): return "Er is geen onderaannemer \(shown(name, .nl))."
        case let .tooLong(length, limit): return "De notitie is \(length) tekens lang; er passen er hoogstens \(limit)."
        case let .controlCharacter(text): return "De notitie \(shown(text, .nl)) bevat een stuurteken of een richtingsteken."
        case let .transitionRefused(request, status, wanted, open):
            return "Verzoek \(request) is \(status.word(.nl)): het kan worden \(listed(open.map { $0.participle(.nl) }, and: "of")), niet \(Self.wanted(wanted, from: status, .nl))."
        case let .decisionRefused(request, status, decision, open):
            return "Verzoek \(request) is \(status.word(.nl)): het kan worden \(listed(open.map { $0.participle(.nl) }, and: "of")), niet \(decision.participle(.nl))."
        case let .statusBeforeArchivingUnknown(request):
            return "Verzoek \(request) is gearchiveerd, en het logboek zegt niet wat het daarvoor was, dus het kan niet worden teruggezet."
        case let .notHoldingASlot(request, status):
            return "Verzoek \(request) is \(status.word(.nl)): alleen een nieuw of goedgekeurd verzoek kan worden verplaatst of een medewerker of onderaannemer krijgen."
        case let .slotInThePast(request, slot, first):
            return "Verzoek \(request) kan niet in \(slot.text(.nl)) staan: die datum ligt vóór de eerste open dag, \(DateText.long(first, .nl))."
        case let .staffNotAvailable(request, staff, slot):
            return "Verzoek \(request) kan niet naar \(shown(staff, .nl)): \(staff) is niet beschikbaar op \(slot.text(.nl))."
        case let .slotFull(slot, held, available, arriving):
            return "\(slot.text(.nl)) zou \(counted(held, "verzoek", "verzoeken")) hebben met \(available) beschikbare medewerkers; \(arriving.count == 1 ? "het verzoek" : "de verzoeken") die dit bestand daar plaatst: \(listed(arriving.map(String.init), and: "en"))."
        case let .changedSinceExport(request, exported, now):
            return "Verzoek \(request) is na de export in de database gewijzigd: " + Self.changes(exported, now, .nl) + "."
        case let .layoutChanged(change): return change.message(.nl)
        }
    }

    private var englishHint: String {
        switch kind {
        case let .missingColumn(column): return "Add the column '\(column.english)' (or '\(column.dutch)'), or export the requests again."
        case .wrongFieldCount: return "Give every line as many fields as the header."
        case .tooManyRows: return "Split the file, or export fewer requests (--status, --from, --to)."
        case .notARequestNumber, .unknownRequest: return "Keep the request numbers as exported."
        case .duplicateRequest: return "Keep one row per request."
        case .unknownStatus: return "Use \(listed(RequestStatus.allCases.map { $0.word(.en) }, and: "or")) (Dutch: \(listed(RequestStatus.allCases.map { $0.word(.nl) }, and: "or")))."
        case .invalidDate: return "Write the date as YYYY-MM-DD or DD-MM-YYYY."
        case .unknownDaypart, .inactiveDaypart: return "Use the code of an active daypart ('slotsheet dayparts export' lists them)."
        case .unknownStaff, .inactiveStaff: return "Use the code of an active staff member ('slotsheet staff export' lists them), or leave it empty."
        case .unknownSubcontractor: return "Use a subcontractor's name as the database has it, or leave it empty."
        case .tooLong: return "Shorten the note."
        case .controlCharacter: return "Write the note on one line, without special characters."
        case let .transitionRefused(_, status, _, _): return "Set the status back to \(status.word(.en)), or to one the request can be given."
        case .decisionRefused: return "Leave the request out of this decision, or choose one it can be given."
        case .statusBeforeArchivingUnknown: return "Leave the status archived."
        case .notHoldingASlot: return "Leave the date, daypart, staff and subcontractor as exported."
        case .slotInThePast: return "Choose a date from the first open day on, or leave the request as it is."
        case .staffNotAvailable: return "Choose a staff member available in that slot, or make them available there first."
        case .slotFull: return "Make more staff available in that slot first, or put fewer requests there."
        case .changedSinceExport: return "Export the requests again and decide on the new file, or import with --force to apply only your own edits."
        case let .layoutChanged(change): return change.hint(.en)
        }
    }

    private var dutchHint: String {
        switch kind {
        case let .missingColumn(column): return "Voeg de kolom '\(column.dutch)' (of '\(column.english)') toe, of exporteer de verzoeken opnieuw."
        case .wrongFieldCount: return "Geef elke regel evenveel velden als de kopregel."
        case .tooManyRows: return "Splits het bestand, of exporteer minder verzoeken (--status, --from, --to)."
        case .notARequestNumber, .unknownRequest: return "Laat de verzoeknummers zoals ze geëxporteerd zijn."
        case .duplicateRequest: return "Houd één rij per verzoek."
        case .unknownStatus: return "Gebruik \(listed(RequestStatus.allCases.map { $0.word(.nl) }, and: "of")) (Engels: \(listed(RequestStatus.allCases.map { $0.word(.en) }, and: "of")))."
        case .invalidDate: return "Schrijf de datum als JJJJ-MM-DD of DD-MM-JJJJ."
        case .unknownDaypart, .inactiveDaypart: return "Gebruik de code van een actief dagdeel ('slotsheet dayparts export' toont ze)."
        case .unknownStaff, .inactiveStaff: return "Gebruik de code van een actieve medewerker ('slotsheet staff export' toont ze), of laat het leeg."
        case .unknownSubcontractor: return "Gebruik de naam van een onderaannemer zoals de database die heeft, of laat het leeg."
        case .tooLong: return "Maak de notitie korter."
        case .controlCharacter: return "Schrijf de notitie op één regel, zonder bijzondere tekens."
        case let .transitionRefused(_, status, _, _): return "Zet de status terug op \(status.word(.nl)), of op een status die het verzoek kan krijgen."
        case .decisionRefused: return "Laat het verzoek buiten deze beslissing, of kies er een die het kan krijgen."
        case .statusBeforeArchivingUnknown: return "Laat de status gearchiveerd."
        case .notHoldingASlot: return "Laat datum, dagdeel, medewerker en onderaannemer zoals geëxporteerd."
        case .slotInThePast: return "Kies een datum vanaf de eerste open dag, of laat het verzoek zoals het is."
        case .staffNotAvailable: return "Kies een medewerker die in dat tijdvak beschikbaar is, of maak hem daar eerst beschikbaar."
        case .slotFull: return "Maak eerst meer medewerkers beschikbaar in dat tijdvak, of plaats er minder verzoeken."
        case .changedSinceExport: return "Exporteer de verzoeken opnieuw en beslis in het nieuwe bestand, of importeer met --force om alleen uw eigen wijzigingen toe te passen."
        case let .layoutChanged(change): return change.hint(.nl)
        }
    }

    /// What a refused change asked for: "approved", "made new".
    private static func wanted(_ status: RequestStatus, from current: RequestStatus, _ language: Language) -> String {
        if let decision = RequestStateMachine.table.first(where: { $0.to == .status(status) && $0.from != current })?.decision {
            return decision.participle(language)
        }
        return language == .nl ? "\(status.word(.nl)) gemaakt" : "made \(status.word(.en))"
    }

    /// "status approved (exported: new), staff AB (exported: none)".
    private static func changes(_ exported: RecordedRequest, _ now: RecordedRequest, _ language: Language) -> String {
        now.differences(from: exported).map { column in
            let (was, is_) = (exported.text(column, language), now.text(column, language))
            let none = language == .nl ? "geen" : "none"
            return language == .nl
                ? "\(column.dutch) \(is_.isEmpty ? none : is_) (bij de export: \(was.isEmpty ? none : was))"
                : "\(column.english) \(is_.isEmpty ? none : is_) (exported: \(was.isEmpty ? none : was))"
        }.joined(separator: ", ")
    }
}

import SlotSheetTemplates

/// What a list problem says, in each language: where, what is wrong, and how to fix it.
///
///     "Line 4: 'Anouk\u{9}Bakker' in name holds a control character (a tab)..."
extension ListProblem: OfficeMessage {
    /// "Line 4: ... " / "Regel 4: ...", with the fix after the message.
    public func sentence(_ language: Language) -> String {
        "\(location.text(language)): \(message(language)) \(hint(language))"
    }

    public var english: String { sentence(.en) }
    public var dutch: String { sentence(.nl) }

    private func shown(_ text: String, _ language: Language) -> String { EchoedText.shown(text, language) }

    public func message(_ language: Language) -> String {
        EchoedText.escaped(language == .nl ? dutchMessage : englishMessage)
    }

    public func hint(_ language: Language) -> String {
        EchoedText.escaped(language == .nl ? dutchHint : englishHint)
    }

    private var englishMessage: String {
        switch kind {
        case let .missingColumn(column, _): return "The header has no column '\(column.english)'."
        case let .wrongFieldCount(expected: expected, found: found): return "This line has \(found) fields; the header has \(expected)."
        case let .tooManyRows(limit: limit): return "The file has more than \(limit) rows, more than this list may hold."
        case let .emptyValue(column: column): return "The \(column.english) is empty."
        case let .tooLong(column: column, length: length, limit: limit): return "The \(column.english) is \(length) characters long; at most \(limit) fit."
        case let .controlCharacter(column: column, text: text): return "The \(column.english) \(shown(text, .en)) holds a control character."
        case let .invalidCode(code): return "\(shown(code, .en)) cannot be a code."
        case let .invalidActive(text): return "\(shown(text, .en)) is not a valid value for active."
        case let .duplicateInFile(column: column, value: value, first: first):
            return "The \(column.english) \(shown(value, .en)) is also on \(first.text(.en).lowercasedFirst)."
        case let .codeDiffersInCase(code: code, existing: existing):
            return "\(shown(code, .en)) differs from the code '\(existing)' in the database only in upper and lower case."
        case let .pathDiffersInCase(path: path, existing: existing):
            return "\(shown(path, .en)) differs from the defect '\(existing)' in the database only in upper and lower case."
        case let .employeeNumberTaken(number: number, byCode: code, name: name):
            return "Employee number \(shown(number, .en)) belongs to \(code) (\(name)) already."
        case let .invalidTime(column: column, text: text): return "\(shown(text, .en)) is not a time for \(column.english)."
        case let .startNotBeforeEnd(start: start, end: end): return "It starts at \(start) and ends at \(end): the start must come before the end."
        case let .invalidOrder(text): return "\(shown(text, .en)) is not a whole number for order."
        case let .overlap(code: code, other: other, otherStart: start, otherEnd: end):
            return "Daypart \(code) overlaps daypart \(other) (\(start)-\(end)), which is active too."
        case let .assignedVisits(staff: staff, visits: visits):
            return "\(staff) cannot be made inactive: \(visitList(visits, .en))."
        case let .slotBelowBookings(staff: staff, slot: slot, held: held, available: available):
            return "\(staff) cannot be made inactive: \(held) repair \(held == 1 ? "request is" : "requests are") booked on \(slot.text(.en)), and without \(staff) \(available) staff would be available."
        case let .daypartInUse(code: code, requests: requests, first: first):
            return "Daypart \(code) cannot be made inactive: \(requests) booked repair \(requests == 1 ? "request uses" : "requests use") it, the first on \(DateText.long(first, .en))."
        case let .changedSinceExport(key, .changed(columns)):
            return "\(shown(key, .en)) was changed in the database after this list was exported: " + columns.map { "\($0.column.english) '\($0.before)' -> '\($0.after)'" }.joined(separator: ", ") + "."
        case let .changedSinceExport(key, .added(now)):
            return "\(shown(key, .en)) was added to the database after this list was exported, as \(fieldList(now))."
        case let .changedSinceExport(key, .removed):
            return "\(shown(key, .en)) was removed from the database after this list was exported (the import that added it was undone)."
        }
    }

    private var dutchMessage: String {
        switch kind {
        case let .missingColumn(column, _): return "De kopregel heeft geen kolom '\(column.dutch)'."
        case let .wrongFieldCount(expected: expected, found: found): return "Deze regel heeft \(found) velden; de kopregel heeft er \(expected)."
        case let .tooManyRows(limit: limit): return "Het bestand heeft meer dan \(limit) rijen, meer dan deze lijst mag bevatten."
        case let .emptyValue(column: column): return "De kolom \(column.dutch) is leeg."
        case let .tooLong(column: column, length: length, limit: limit):
            return "De kolom \(column.dutch) is \(length) tekens lang; er passen er hoogstens \(limit)."
        case let .controlCharacter(column: column, text: text): return "De kolom \(column.dutch) (\(shown(text, .nl))) bevat een stuurteken."
        case let .invalidCode(code): return "\(shown(code, .nl)) kan geen code zijn."
        case let .invalidActive(text): return "\(shown(text, .nl)) is geen geldige waarde voor actief."
        case let .duplicateInFile(column: column, value: value, first: first):
            return "De waarde \(shown(value, .nl)) in de kolom \(column.dutch) staat ook op \(first.text(.nl).lowercasedFirst)."
        case let .codeDiffersInCase(code: code, existing: existing):
            return "\(shown(code, .nl)) verschilt van de code '\(existing)' in de database alleen in hoofd- en kleine letters."
        case let .pathDiffersInCase(path: path, existing: existing):
            return "\(shown(path, .nl)) verschilt van het gebrek '\(existing)' in de database alleen in hoofd- en kleine letters."
        case let .employeeNumberTaken(number: number, byCode: code, name: name):
            return "Personeelsnummer \(shown(number, .nl)) hoort al bij \(code) (\(name))."
        case let .invalidTime(column: column, text: text): return "\(shown(text, .nl)) is geen tijd voor \(column.dutch)."
        case let .startNotBeforeEnd(start: start, end: end): return "Het begint om \(start) en eindigt om \(end): het begin moet voor het einde liggen."
        case let .invalidOrder(text): return "\(shown(text, .nl)) is geen geheel getal voor de volgorde."
        case let .overlap(code: code, other: other, otherStart: start, otherEnd: end):
            return "Dagdeel \(code) overlapt dagdeel \(other) (\(start)-\(end)), dat ook actief is."
        case let .assignedVisits(staff: staff, visits: visits):
            return "\(staff) kan niet op inactief worden gezet: \(visitList(visits, .nl))."
        case let .slotBelowBookings(staff: staff, slot: slot, held: held, available: available):
            return "\(staff) kan niet op inactief worden gezet: op \(slot.text(.nl)) \(held == 1 ? "is" : "zijn") \(held) reparatieverzoek\(held == 1 ? "" : "en") geboekt, en zonder \(staff) \(available == 1 ? "is" : "zijn") er \(available) medewerker\(available == 1 ? "" : "s") beschikbaar."
        case let .daypartInUse(code: code, requests: requests, first: first):
            return "Dagdeel \(code) kan niet op inactief worden gezet: \(requests) geboekt\(requests == 1 ? " reparatieverzoek gebruikt" : "e reparatieverzoeken gebruiken") het, het eerste op \(DateText.long(first, .nl))."
        case let .changedSinceExport(key, .changed(columns)):
            return "\(shown(key, .nl)) is in de database gewijzigd nadat deze lijst werd geëxporteerd: " + columns.map { "\($0.column.dutch) '\($0.before)' -> '\($0.after)'" }.joined(separator: ", ") + "."
        case let .changedSinceExport(key, .added(now)):
            return "\(shown(key, .nl)) is aan de database toegevoegd nadat deze lijst werd geëxporteerd, als \(fieldList(now))."
        case let .changedSinceExport(key, .removed):
            return "\(shown(key, .nl)) is uit de database verwijderd nadat deze lijst werd geëxporteerd (de import die het toevoegde is ongedaan gemaakt)."
        }
    }

    /// A row's fields as the database has them: "'ANB', 'Anouk Bakker', 'E1040', 'x'" (empty ones left out).
    private func fieldList(_ fields: [String]) -> String {
        fields.filter { !$0.isEmpty }.map { "'\($0)'" }.joined(separator: ", ")
    }

    /// "request 12 on Tue 8 Dec 2026 09:00-10:00 is assigned to them" (at most five named).
    private func visitList(_ visits: [ListVisit], _ language: Language) -> String {
        let named = visits.prefix(5).map { language == .nl ? "verzoek \($0.requestID) op \($0.slot.text(.nl))" : "request \($0.requestID) on \($0.slot.text(.en))" }
        let more = visits.count > 5 ? (language == .nl ? " en nog \(visits.count - 5)" : " and \(visits.count - 5) more") : ""
        let joined = listed(named, and: language == .nl ? "en" : "and") + more
        return language == .nl ? "\(joined) \(visits.count == 1 ? "is" : "zijn") aan hem of haar toegewezen"
            : "\(joined) \(visits.count == 1 ? "is" : "are") assigned to them"
    }

    private var englishHint: String {
        switch kind {
        case let .missingColumn(_, expected):
            return "The first line must name the columns \(listed(expected.map(\.english), and: "and")); "
                + "the Dutch headers \(expected.map(\.dutch).joined(separator: ", ")) are accepted as well."
        case .wrongFieldCount: return "Check for a missing or extra separator on this line."
        case .tooManyRows: return "Split the file, or check that it is the list you meant to import."
        case .emptyValue: return "Fill it in."
        case .tooLong: return "Shorten it."
        case .controlCharacter: return "Retype the value without line breaks or tabs."
        case .invalidCode: return "Use 1 to 12 letters, digits, - or _ (the code heads a column of the availability template)."
        case .invalidActive: return "Type x when active; leave it empty to make inactive."
        case .duplicateInFile: return "Keep one of the two and change or delete the other."
        case .codeDiffersInCase: return "Write the code exactly as the database has it, or choose another one."
        case .pathDiffersInCase: return "Write the names exactly as the database has them, or the catalogue gets a second, almost equal defect."
        case .employeeNumberTaken: return "Check the number; each person has a number of their own."
        case .invalidTime: return "Write times as HH:MM, such as 08:00 or 13:30."
        case .startNotBeforeEnd: return "Correct the start or the end."
        case .invalidOrder: return "Write a whole number, or leave it empty to order by start time."
        case .overlap: return "Change the times so that active dayparts do not overlap, or make one of them inactive."
        case .assignedVisits: return "Ask the planner to give these visits to someone else first, then import again."
        case .slotBelowBookings: return "Make someone else available in that slot first, or ask the planner to move a request."
        case .daypartInUse: return "Ask the planner to move those requests to another daypart first, or keep the daypart active."
        case .changedSinceExport:
            return "Export the list again and make your changes there, or apply only what you edited on top of the database as it is now (on the upload's page: \(WebWords.english.onTopButton); on the command line: import with --force)."
        }
    }

    private var dutchHint: String {
        switch kind {
        case let .missingColumn(_, expected):
            return "De eerste regel moet de kolommen \(listed(expected.map(\.dutch), and: "en")) noemen; "
                + "de Engelse kopjes \(expected.map(\.english).joined(separator: ", ")) worden ook geaccepteerd."
        case .wrongFieldCount: return "Controleer of er op deze regel een scheidingsteken ontbreekt of te veel staat."
        case .tooManyRows: return "Splits het bestand, of controleer of het de lijst is die u wilde importeren."
        case .emptyValue: return "Vul hem in."
        case .tooLong: return "Maak de waarde korter."
        case .controlCharacter: return "Typ de waarde opnieuw, zonder regeleinden of tabs."
        case .invalidCode: return "Gebruik 1 tot 12 letters, cijfers, - of _ (de code staat boven een kolom van het beschikbaarheidsrooster)."
        case .invalidActive: return "Typ x als actief; laat de cel leeg om op inactief te zetten."
        case .duplicateInFile: return "Houd er één van de twee en wijzig of verwijder de andere."
        case .codeDiffersInCase: return "Schrijf de code precies zoals de database hem heeft, of kies een andere."
        case .pathDiffersInCase: return "Schrijf de namen precies zoals de database ze heeft, anders krijgt de catalogus een tweede, bijna gelijk gebrek."
        case .employeeNumberTaken: return "Controleer het nummer; iedere medewerker heeft een eigen nummer."
        case .invalidTime: return "Schrijf tijden als UU:MM, zoals 08:00 of 13:30."
        case .startNotBeforeEnd: return "Verbeter het begin of het einde."
        case .invalidOrder: return "Schrijf een geheel getal, of laat het leeg om op begintijd te sorteren."
        case .overlap: return "Wijzig de tijden zodat actieve dagdelen elkaar niet overlappen, of zet er één op inactief."
        case .assignedVisits: return "Vraag de planner deze bezoeken eerst aan iemand anders te geven en importeer daarna opnieuw."
        case .slotBelowBookings: return "Zet eerst iemand anders beschikbaar in dat tijdvak, of vraag de planner een verzoek te verplaatsen."
        case .daypartInUse: return "Vraag de planner die verzoeken eerst naar een ander dagdeel te verplaatsen, of laat het dagdeel actief."
        case .changedSinceExport:
            return "Exporteer de lijst opnieuw en breng uw wijzigingen daarin aan, of voer alleen door wat u wijzigde, bovenop de database zoals die nu is (op de pagina van de upload: \(WebWords.dutch.onTopButton); op de opdrachtregel: importeer met --force)."
        }
    }
}

import SlotSheetTemplates

/// The jobs' errors in the office's languages. `english` is each error's `description`, written
/// beside the error; the Dutch is written here, case by case.
extension StoreError: OfficeMessage {
    public var english: String { description }

    public var dutch: String {
        switch self {
        case let .invalidLocation(text):
            return "'\(text)' is geen databaselocatie; gebruik sqlite:PAD of postgres://gebruiker@host/db."
        case let .notFound(path):
            return "Er is geen database op \(path); maak haar met 'slotsheet db init'."
        case let .cannotEnter(path, folder, user):
            return "De gebruiker \(user) mag de map \(folder) niet openen, dus de database \(path) is niet te gebruiken. Voer de opdracht uit als de gebruiker van wie de database is (sudo -u slotsheet ... bij die van het pakket), of vraag de beheerder \(user) toegang te geven."
        case let .needsMigration(found, expected):
            return "Het databaseschema is versie \(found), deze slotsheet heeft \(expected) nodig; voer 'slotsheet db init' uit om het bij te werken."
        case let .newerSchema(found):
            return "De database is bijgewerkt door een nieuwere slotsheet (\(found.joined(separator: ", "))); werk slotsheet bij voordat u haar gebruikt."
        case let .busy(seconds):
            return "De database is bezet door een ander programma; na \(seconds) s opgegeven. Probeer het opnieuw als dat klaar is."
        case .constraintViolated:
            return "De database weigerde een rij: die breekt een regel van het schema (een unieke sleutel, een verwijzing of een controle)."
        case let .unreachable(location, _):
            return "De database \(location) is niet te gebruiken: de server is niet bereikbaar of weigert de verbinding. Controleer het adres, de gebruiker en het wachtwoord, en of de server draait."
        case .conflict:
            return "Een ander programma wijzigde tegelijk dezelfde gegevens; er is niets opgeslagen. Voer de opdracht opnieuw uit."
        case .failed:
            return "De database meldde een fout en er is niets opgeslagen. Met de optie --lang=en toont slotsheet de melding van de database zelf (in het Engels)."
        }
    }
}

extension TemplateError: OfficeMessage {
    public var english: String { description }

    public var dutch: String {
        switch self {
        case let .unknownStaff(codes):
            return "Geen medewerker heeft de code \(codes.joined(separator: ", ")) in deze database."
        case let .inactiveStaff(codes):
            return "Medewerker \(codes.joined(separator: ", ")) \(codes.count == 1 ? "is" : "zijn") niet actief; maak \(codes.count == 1 ? "hem of haar" : "ze") eerst actief of laat \(codes.count == 1 ? "hem of haar" : "ze") weg."
        case .noStaff:
            return "Er zijn geen actieve medewerkers om in het rooster te zetten."
        case .noActiveDayparts:
            return "Er zijn geen actieve dagdelen, dus het rooster zou geen rijen hebben."
        case let .tooManyRows(rows, limit):
            return "Het bereik heeft \(rows) rijen nodig; een blad heeft er \(limit). Exporteer een korter bereik."
        case let .tooManyStaff(count, limit):
            return "\(count) kolommen voor medewerkers passen niet; een blad heeft er \(limit). Kies minder medewerkers."
        }
    }
}

extension SeedError: OfficeMessage {
    public var english: String { "The seed data cannot be loaded: \(description)" }

    public var dutch: String {
        switch self {
        case let .unknownReference(_, value, place):
            return "De voorbeeldgegevens kunnen niet worden geladen: \(place) verwijst naar '\(value)', dat niet bestaat."
        case let .malformed(file, line, _):
            return "De voorbeeldgegevens kunnen niet worden geladen: \(file), regel \(line) is onleesbaar."
        }
    }
}

extension ReportError: OfficeMessage {
    public var english: String { description }

    public var dutch: String {
        switch self {
        case let .rangeRequired(kind): return "Het rapport \(kind.rawValue) heeft --from en --to nodig."
        }
    }
}

extension UndoError: OfficeMessage {
    public var english: String { description }

    public var dutch: String {
        switch self {
        case let .notFound(id):
            return "Er is geen importbatch \(id); de geschiedenis toont ze."
        case let .notApplied(id, outcome):
            return "Batch \(id) heeft niets gewijzigd (\(Language.nl.words.reports.outcome(outcome.rawValue))), dus er is niets terug te draaien."
        case let .alreadyUndone(id, by):
            return "Batch \(id) is al teruggedraaid door batch \(by)."
        case let .laterBatches(id, later):
            let list = later.map(String.init).joined(separator: ", ")
            return later.count == 1
                ? "Batch \(id) kan niet worden teruggedraaid: de latere batch \(list) wijzigde een deel van dezelfde cellen. Draai die eerst terug."
                : "Batch \(id) kan niet worden teruggedraaid: de latere batches \(list) wijzigden een deel van dezelfde cellen. Draai die eerst terug, de nieuwste eerst."
        case let .rejected(id, problems):
            return "Batch \(id) kan niet worden teruggedraaid: \(problems.count == 1 ? "1 wijziging zou" : "\(problems.count) wijzigingen zouden") de planningsregels breken (een datum in het verleden, een tijdvak met te weinig mensen of een geboekt bezoek). Er is niets gewijzigd."
        }
    }
}

extension NightlyError: OfficeMessage {
    public var english: String { description }

    /// The configuration's and the output's details are the nightly job's own English sentences
    /// (for the administrator's log); only the lock is said in Dutch.
    public var dutch: String {
        switch self {
        case let .alreadyRunning(folder): return "Er loopt al een nachtelijke export in \(folder); deze stopt zonder iets te schrijven."
        case .configuration, .output: return description
        }
    }
}

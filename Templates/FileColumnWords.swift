/// The column titles of the office's files in English and Dutch: the availability CSV, the lists
/// (staff, dayparts, the defect catalogue) and the requests file. The one catalogue the exports
/// write and the imports read, so that a word such as "medewerker" is written once for every file.
public enum FileColumnWord: String, CaseIterable, Sendable {
    // The availability CSV.
    case date, daypart, staff, available
    // The lists.
    case code, name, employeeNumber = "employee_number", active, label, start, end, order
    case location, space, element, defect
    // The requests file.
    case request, created, resident, address, corporation, defects, description, status, subcontractor, note

    /// The English title: the raw value.
    public var english: String { rawValue }

    public var dutch: String {
        switch self {
        case .date: return "datum"
        case .daypart: return "dagdeel"
        case .staff: return "medewerker"
        case .available: return "beschikbaar"
        case .code: return "code"
        case .name: return "naam"
        case .employeeNumber: return "personeelsnummer"
        case .active: return "actief"
        case .label: return "omschrijving"
        case .start: return "begin"
        case .end: return "einde"
        case .order: return "volgorde"
        case .location: return "locatie"
        case .space: return "ruimte"
        case .element: return "onderdeel"
        case .defect: return "gebrek"
        case .request: return "verzoek"
        case .created: return "aangemaakt"
        case .resident: return "bewoner"
        case .address: return "adres"
        case .corporation: return "corporatie"
        case .defects: return "gebreken"
        case .description: return "omschrijving"
        case .status: return "status"
        case .subcontractor: return "onderaannemer"
        case .note: return "notitie"
        }
    }

    public func title(_ language: Language) -> String { language == .nl ? dutch : english }
}

import SlotSheetTemplates

/// The words of the requests workbook besides its column titles: its sheets, the choices sheet's
/// titles, and what each drop-down says (titles at most 32 characters, messages at most 255:
/// Excel's limits).
public enum RequestSheetText: Hashable, Sendable, CaseIterable, OfficeMessage {
    case requestsSheet
    case choicesSheet
    case statusChoicesSheet
    case documentTitle
    case staffCodeTitle, staffNameTitle, daypartCodeTitle, daypartLabelTitle, subcontractorTitle
    case statusInputTitle, statusInputMessage, statusErrorTitle, statusErrorMessage
    case dateInputTitle, dateInputMessage, dateErrorTitle, dateErrorMessage
    case daypartInputTitle, daypartInputMessage, daypartErrorTitle, daypartErrorMessage
    case staffInputTitle, staffInputMessage, staffErrorTitle, staffErrorMessage
    case subcontractorInputTitle, subcontractorInputMessage, subcontractorErrorTitle, subcontractorErrorMessage

    public var english: String {
        switch self {
        case .requestsSheet: return "Requests"
        case .choicesSheet: return "Choices"
        case .statusChoicesSheet: return "Status choices"
        case .documentTitle: return "Repair requests"
        case .staffCodeTitle: return FileColumnWord.staff.english
        case .staffNameTitle: return FileColumnWord.name.english
        case .daypartCodeTitle: return FileColumnWord.daypart.english
        case .daypartLabelTitle: return "time"
        case .subcontractorTitle: return FileColumnWord.subcontractor.english
        case .statusInputTitle: return "Decision"
        case .statusInputMessage: return "Choose the request's new status from the list; leave it as it is to decide nothing."
        case .statusErrorTitle: return "Not a decision"
        case .statusErrorMessage: return "This status cannot follow the request's status. Choose one from the list."
        case .dateInputTitle: return "Visit date"
        case .dateInputMessage: return "Type another date to move the visit (with the daypart)."
        case .dateErrorTitle: return "Not a date"
        case .dateErrorMessage: return "Type a date, such as 8 Dec 2026."
        case .daypartInputTitle: return "Daypart"
        case .daypartInputMessage: return "Choose another daypart to move the visit; the sheet Choices lists them."
        case .daypartErrorTitle: return "Not a daypart"
        case .daypartErrorMessage: return "Choose an active daypart's code from the list."
        case .staffInputTitle: return "Staff member"
        case .staffInputMessage: return "Choose who makes the visit (the sheet Choices has the names); empty the cell to unassign."
        case .staffErrorTitle: return "Not a staff code"
        case .staffErrorMessage: return "Choose an active staff member's code from the list, or leave the cell empty."
        case .subcontractorInputTitle: return "Subcontractor"
        case .subcontractorInputMessage: return "Choose the firm the request goes to; empty the cell to take it back."
        case .subcontractorErrorTitle: return "Not a subcontractor"
        case .subcontractorErrorMessage: return "Choose a subcontractor from the list, or leave the cell empty."
        }
    }

    public var dutch: String {
        switch self {
        case .requestsSheet: return "Verzoeken"
        case .choicesSheet: return "Keuzes"
        case .statusChoicesSheet: return "Statuskeuzes"
        case .documentTitle: return "Reparatieverzoeken"
        case .staffCodeTitle: return FileColumnWord.staff.dutch
        case .staffNameTitle: return FileColumnWord.name.dutch
        case .daypartCodeTitle: return FileColumnWord.daypart.dutch
        case .daypartLabelTitle: return "tijd"
        case .subcontractorTitle: return FileColumnWord.subcontractor.dutch
        case .statusInputTitle: return "Besluit"
        case .statusInputMessage: return "Kies de nieuwe status van het verzoek uit de lijst; laat hem staan om niets te besluiten."
        case .statusErrorTitle: return "Geen besluit"
        case .statusErrorMessage: return "Deze status kan niet volgen op de status van het verzoek. Kies er een uit de lijst."
        case .dateInputTitle: return "Datum van het bezoek"
        case .dateInputMessage: return "Typ een andere datum om het bezoek te verplaatsen (met het dagdeel)."
        case .dateErrorTitle: return "Geen datum"
        case .dateErrorMessage: return "Typ een datum, zoals 8 dec 2026."
        case .daypartInputTitle: return "Dagdeel"
        case .daypartInputMessage: return "Kies een ander dagdeel om het bezoek te verplaatsen; het blad Keuzes noemt ze."
        case .daypartErrorTitle: return "Geen dagdeel"
        case .daypartErrorMessage: return "Kies de code van een actief dagdeel uit de lijst."
        case .staffInputTitle: return "Medewerker"
        case .staffInputMessage: return "Kies wie het bezoek aflegt (het blad Keuzes heeft de namen); maak de cel leeg om niemand toe te wijzen."
        case .staffErrorTitle: return "Geen medewerkercode"
        case .staffErrorMessage: return "Kies de code van een actieve medewerker uit de lijst, of laat de cel leeg."
        case .subcontractorInputTitle: return "Onderaannemer"
        case .subcontractorInputMessage: return "Kies het bedrijf dat het verzoek krijgt; maak de cel leeg om het terug te nemen."
        case .subcontractorErrorTitle: return "Geen onderaannemer"
        case .subcontractorErrorMessage: return "Kies een onderaannemer uit de lijst, of laat de cel leeg."
        }
    }
}

extension RequestSheetText {
    /// The words of a decision column's drop-down or rule: its input title and message, its error
    /// title and message; nil for the note, which takes any text.
    static func validationWords(_ column: RequestColumn) -> (inputTitle: Self, inputMessage: Self, errorTitle: Self, errorMessage: Self)? {
        switch column {
        case .status: return (.statusInputTitle, .statusInputMessage, .statusErrorTitle, .statusErrorMessage)
        case .date: return (.dateInputTitle, .dateInputMessage, .dateErrorTitle, .dateErrorMessage)
        case .daypart: return (.daypartInputTitle, .daypartInputMessage, .daypartErrorTitle, .daypartErrorMessage)
        case .staff: return (.staffInputTitle, .staffInputMessage, .staffErrorTitle, .staffErrorMessage)
        case .subcontractor: return (.subcontractorInputTitle, .subcontractorInputMessage, .subcontractorErrorTitle, .subcontractorErrorMessage)
        default: return nil
        }
    }
}

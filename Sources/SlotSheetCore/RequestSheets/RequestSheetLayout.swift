import SlotSheetTemplates

/// A change to the form of a requests workbook, found while reading it, before any decision is
/// checked: a header or a layout the office changed (`DecisionProblem.Kind.layoutChanged`, at the
/// cell). Every one is reported with the file's other problems; a workbook with one is refused.
public enum RequestSheetLayout: Hashable, Sendable {
    /// A header cell that is not its column's title (English or Dutch).
    case headerChanged(column: RequestColumn, found: String)
    /// A cell right of the table, or below it, holds something.
    case outsideTable(found: String)
    /// A row shows another request than the export wrote there (rows moved, or the number typed over).
    case requestMoved(expected: RowID, found: String)
    /// A request the export wrote on this row is gone (the row emptied or deleted).
    case requestRemoved(RowID)
    /// Cells were merged.
    case mergedCells(String)
    /// The workbook has no sheet of this name: the requests sheet was renamed or deleted.
    case missingSheet(String)

    public func message(_ language: Language) -> String {
        language == .nl ? dutchMessage : englishMessage
    }

    public func hint(_ language: Language) -> String {
        language == .nl ? dutchHint : englishHint
    }

    private var englishMessage: String {
        let found = { (text: String) in EchoedText.shown(text, .en) }
        switch self {
        case let .headerChanged(column, text):
            return "\(text.isEmpty ? "The title is empty" : "\(found(text)) is not the title") where the column \(column.english) belongs."
        case let .outsideTable(text): return "\(found(text)) is outside the table of requests."
        case let .requestMoved(expected, text): return "This row held request \(expected) when it was exported and now says \(found(text))."
        case let .requestRemoved(id): return "Request \(id) was on this row when it was exported and is gone."
        case let .mergedCells(range): return "The cells \(range) were merged."
        case let .missingSheet(name): return "This workbook has no sheet \(name) any more."
        }
    }

    private var dutchMessage: String {
        let found = { (text: String) in EchoedText.shown(text, .nl) }
        switch self {
        case let .headerChanged(column, text):
            return "\(text.isEmpty ? "De titel is leeg" : "\(found(text)) is niet de titel") waar de kolom \(column.dutch) hoort."
        case let .outsideTable(text): return "\(found(text)) staat buiten de tabel met verzoeken."
        case let .requestMoved(expected, text): return "Op deze rij stond verzoek \(expected) toen het werd geëxporteerd, nu staat er \(found(text))."
        case let .requestRemoved(id): return "Verzoek \(id) stond op deze rij toen het werd geëxporteerd en is verdwenen."
        case let .mergedCells(range): return "De cellen \(range) zijn samengevoegd."
        case let .missingSheet(name): return "Deze werkmap heeft geen blad \(name) meer."
        }
    }

    private var englishHint: String {
        switch self {
        case .headerChanged: return "Put the title back: the columns of a requests workbook keep their titles and order."
        case .outsideTable: return "Leave the cells outside the table empty."
        case .requestMoved: return "Rows cannot be moved, added or typed over; export the requests again."
        case .requestRemoved: return "Rows cannot be removed; leave a request you do not decide on as it is."
        case .mergedCells: return "Unmerge them: every request has a row of its own cells."
        case .missingSheet: return "Give the sheet its name back, or export the requests again."
        }
    }

    private var dutchHint: String {
        switch self {
        case .headerChanged: return "Zet de titel terug: de kolommen van een verzoekenwerkmap houden hun titels en volgorde."
        case .outsideTable: return "Laat de cellen buiten de tabel leeg."
        case .requestMoved: return "Rijen kunnen niet worden verplaatst, toegevoegd of overschreven; exporteer de verzoeken opnieuw."
        case .requestRemoved: return "Rijen kunnen niet worden verwijderd; laat een verzoek waarover u niets besluit zoals het is."
        case .mergedCells: return "Maak dat ongedaan: elk verzoek heeft een rij met eigen cellen."
        case .missingSheet: return "Geef het blad zijn naam terug, of exporteer de verzoeken opnieuw."
        }
    }
}

extension RequestSheetLayout: OfficeMessage {
    public var english: String { "\(message(.en)) \(hint(.en))" }
    public var dutch: String { "\(message(.nl)) \(hint(.nl))" }
}

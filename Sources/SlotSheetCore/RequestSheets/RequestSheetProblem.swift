import SlotSheetTemplates

/// Something wrong with the form of a requests workbook, found while reading it, before any
/// decision is checked: a header or a layout the office changed. Every one is reported together,
/// each at its cell; a workbook with one is refused whole.
public struct RequestSheetProblem: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// A header cell that is not its column's title (English or Dutch).
        case headerChanged(column: RequestSheetColumn, found: String)
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
        /// The sheet holds more requests than a file may (`RequestSheetTable.maxRows`); reading stopped here.
        case tooManyRows(limit: Int)
    }

    public var location: ImportProblem.Location
    public var kind: Kind

    public init(_ kind: Kind, at location: ImportProblem.Location) {
        self.kind = kind
        self.location = location
    }
}

/// What a problem says, in each language: where, what is wrong, and how to fix it.
///
///     "Sheet Requests, cell J1: 'state' is not the column title status; ..."
extension RequestSheetProblem: OfficeMessage {
    public var english: String {
        let found = { (text: String) in EchoedText.shown(text, .en) }
        let place = location.english
        switch kind {
        case let .headerChanged(column, text):
            return "\(place): \(text.isEmpty ? "the title is empty" : "\(found(text)) is not the title") where the column \(column.english) belongs. Put the title back: the columns of a requests workbook keep their order."
        case let .outsideTable(text):
            return "\(place): \(found(text)) is outside the table of requests. Leave the cells outside the table empty."
        case let .requestMoved(expected, text):
            return "\(place): this row held request \(expected) when it was exported and now says \(found(text)). Rows cannot be moved, added or typed over; export the requests again."
        case let .requestRemoved(id):
            return "\(place): request \(id) was on this row when it was exported and is gone. Rows cannot be removed; leave a request you do not decide on as it is."
        case let .mergedCells(range):
            return "\(place): the cells \(range) were merged. Unmerge them: every request has a row of its own cells."
        case let .missingSheet(name):
            return "\(place): this workbook has no sheet \(name) any more. Give the sheet its name back, or export the requests again."
        case let .tooManyRows(limit):
            return "\(place): the sheet holds more than \(limit) requests, more than one file may hold. Export fewer requests at a time (by dates or status)."
        }
    }

    public var dutch: String {
        let found = { (text: String) in EchoedText.shown(text, .nl) }
        let place = location.dutch
        switch kind {
        case let .headerChanged(column, text):
            return "\(place): \(text.isEmpty ? "de titel is leeg" : "\(found(text)) is niet de titel") waar de kolom \(column.dutch) hoort. Zet de titel terug: de kolommen van een verzoekenwerkmap houden hun volgorde."
        case let .outsideTable(text):
            return "\(place): \(found(text)) staat buiten de tabel met verzoeken. Laat de cellen buiten de tabel leeg."
        case let .requestMoved(expected, text):
            return "\(place): op deze rij stond verzoek \(expected) toen het werd geëxporteerd, nu staat er \(found(text)). Rijen kunnen niet worden verplaatst, toegevoegd of overschreven; exporteer de verzoeken opnieuw."
        case let .requestRemoved(id):
            return "\(place): verzoek \(id) stond op deze rij toen het werd geëxporteerd en is verdwenen. Rijen kunnen niet worden verwijderd; laat een verzoek waarover u niets besluit zoals het is."
        case let .mergedCells(range):
            return "\(place): de cellen \(range) zijn samengevoegd. Maak dat ongedaan: elk verzoek heeft een rij met eigen cellen."
        case let .missingSheet(name):
            return "\(place): deze werkmap heeft geen blad \(name) meer. Geef het blad zijn naam terug, of exporteer de verzoeken opnieuw."
        case let .tooManyRows(limit):
            return "\(place): het blad bevat meer dan \(limit) verzoeken, meer dan één bestand mag bevatten. Exporteer minder verzoeken tegelijk (per datum of status)."
        }
    }
}

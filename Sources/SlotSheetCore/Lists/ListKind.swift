import SlotSheetTemplates

/// The office's own lists, each exported and imported as a table with a header: staff, dayparts
/// and the defect catalogue. The raw value is what `import_batch.list_kind` records for a list's
/// batch (a batch of decisions records `requests`, which is no list).
public enum ListKind: String, CaseIterable, Sendable, Codable {
    case staff
    case dayparts
    case catalogue

    /// The columns of the list's file, in the order an export writes them. The first is the
    /// natural key; the last is `active`.
    public var columns: [ListColumn] {
        switch self {
        case .staff:
            return [ListColumn("code", "code"), ListColumn("name", "naam"),
                    ListColumn("employee_number", "personeelsnummer"), ListColumn("active", "actief")]
        case .dayparts:
            return [ListColumn("code", "code"), ListColumn("label", "omschrijving"), ListColumn("start", "begin"),
                    ListColumn("end", "einde"), ListColumn("order", "volgorde", required: false), ListColumn("active", "actief")]
        case .catalogue:
            return [ListColumn("location", "locatie"), ListColumn("space", "ruimte"), ListColumn("element", "onderdeel"),
                    ListColumn("defect", "gebrek"), ListColumn("active", "actief")]
        }
    }

    /// What names a row of this list, as a column title: the code, or for the catalogue the path
    /// of its four levels (`ListPlan`'s keys are such names).
    public func keyTitle(_ language: Language) -> String {
        self == .catalogue ? columns.dropLast().map { $0.name(language) }.joined(separator: " > ") : columns[0].name(language)
    }

    /// Rows a file may hold: far more than any office has, far fewer than a file made to exhaust
    /// the importer.
    var maxRows: Int {
        switch self {
        case .staff: return 10_000
        case .dayparts: return 200
        case .catalogue: return 200_000
        }
    }

    /// The sheet an export writes and its title, in the office's language.
    public func title(_ language: Language) -> String {
        switch (self, language) {
        case (.staff, .en): return "Staff"
        case (.staff, .nl): return "Medewerkers"
        case (.dayparts, .en): return "Dayparts"
        case (.dayparts, .nl): return "Dagdelen"
        case (.catalogue, .en): return "Catalogue"
        case (.catalogue, .nl): return "Catalogus"
        }
    }
}

/// A column of a list file: its name in each language (both are read) and whether a file must have it.
public struct ListColumn: Hashable, Sendable {
    public let english: String
    public let dutch: String
    public let required: Bool

    init(_ english: String, _ dutch: String, required: Bool = true) {
        self.english = english
        self.dutch = dutch
        self.required = required
    }

    public func name(_ language: Language) -> String { language == .nl ? dutch : english }
}

import SlotSheetTemplates

/// The office's own lists, each exported and imported as a table with a header: staff, dayparts
/// and the defect catalogue. The raw value is what `import_batch.list_kind` records for a list's
/// batch (a batch of decisions records `requests`, which is no list), and what `web_upload.kind`
/// records for an upload of the list (`UploadKind(_:)`; `UploadKind.list` reads it back by it).
public enum ListKind: String, CaseIterable, Sendable, Codable {
    case staff
    case dayparts
    case catalogue

    /// The columns of the list's file, in the order an export writes them. The first is the
    /// natural key; the last is `active`.
    public var columns: [ListColumn] {
        switch self {
        case .staff:
            return [ListColumn(.code), ListColumn(.name), ListColumn(.employeeNumber), ListColumn(.active)]
        case .dayparts:
            return [ListColumn(.code), ListColumn(.label), ListColumn(.start), ListColumn(.end), ListColumn(.order, required: false),
                    ListColumn(.active)]
        case .catalogue:
            return [ListColumn(.location), ListColumn(.space), ListColumn(.element), ListColumn(.defect), ListColumn(.active)]
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
    /// Its titles, from the files' one catalogue.
    public let word: FileColumnWord
    public let required: Bool

    init(_ word: FileColumnWord, required: Bool = true) {
        self.word = word
        self.required = required
    }

    public var english: String { word.english }
    public var dutch: String { word.dutch }

    public func name(_ language: Language) -> String { word.title(language) }
}

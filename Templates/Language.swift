/// The languages slotsheet speaks to the office in (`--lang`).
public enum Language: String, CaseIterable, Sendable {
    case en, nl

    /// The words of every generated workbook and message in this language.
    public var words: Words {
        switch self {
        case .en: return .english
        case .nl: return .dutch
        }
    }
}

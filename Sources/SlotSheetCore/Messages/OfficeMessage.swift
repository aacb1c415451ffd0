import SlotSheetTemplates

/// Something slotsheet says to a person, in every language it speaks. Each conforming type writes
/// its sentences as two exhaustive switches over its own cases (labelled values in, a sentence
/// out), so a case without a translation does not compile, and the parameters of a sentence are
/// named where they are used.
///
///     StoreError.busy(seconds: 10).text(.nl)   // "De database is bezet door een ander programma; ..."
public protocol OfficeMessage {
    var english: String { get }
    var dutch: String { get }
}

extension OfficeMessage {
    /// The message in `language`, with the control characters of any text it echoes from a file
    /// or the database escaped (`EchoedText.escaped`): what reaches a terminal or a page never
    /// recolours, clears or reverses it.
    public func text(_ language: Language) -> String {
        switch language {
        case .en: return EchoedText.escaped(english)
        case .nl: return EchoedText.escaped(dutch)
        }
    }
}

/// "1 change" / "3 changes": a count with the word that fits it.
func counted(_ count: Int, _ one: String, _ many: String) -> String {
    "\(count) \(count == 1 ? one : many)"
}

/// "a, b and c" / "a, b en c".
func listed(_ items: [String], and word: String) -> String {
    items.count <= 1 ? items.joined() : items.dropLast().joined(separator: ", ") + " \(word) " + items.last!
}

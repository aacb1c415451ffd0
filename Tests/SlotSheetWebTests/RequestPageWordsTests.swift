import InteropSupport
import SlotSheetTemplates
import Testing

/// Every word of the Requests page exists in English and in Dutch, and the Dutch is Dutch: each
/// text field, each part of a tuple, each value of a table and each sentence made by a closure is
/// there in both, differs from the English (but for words that are the same in both languages) and
/// holds none of the English words that give away an untranslated fragment.
@Suite struct RequestPageWordsTests {
    /// Words rightly the same in both languages.
    static let same: Set<String> = ["Status", "API", "upgrade", "Batch"]

    /// The texts of `words` by their field's name, the closures' sentences with example values.
    static func texts(_ words: RequestPageWords) -> [(String, String)] {
        var found: [(String, String)] = []
        func collect(_ value: Any, _ name: String) {
            if let text = value as? String { found.append((name, text)); return }
            if let table = value as? [String: String] {
                for key in table.keys.sorted() { found.append(("\(name)[\(key)]", table[key]!)) }
                return
            }
            for (index, child) in Mirror(reflecting: value).children.enumerated() { collect(child.value, "\(name).\(child.label ?? String(index))") }
        }
        for child in Mirror(reflecting: words).children { collect(child.value, child.label ?? "?") }
        found += [("shown", words.shown(1, 200, 440)), ("selectRow", words.selectRow(1043)), ("pageOf", words.pageOf(2, 3)),
                  ("previewIntro", words.previewIntro("Approve", 3)), ("appliedAs", words.appliedAs(12)), ("requestTitle", words.requestTitle(1043)),
                  ("uploadTitle", words.uploadTitle("verzoeken.xlsx")),
                  ("uploadChanges", words.uploadChanges(3))]
        return found
    }

    @Test func everyWordOfTheRequestsPageIsInBothLanguages() {
        let english = Dictionary(Self.texts(Language.en.requestPage), uniquingKeysWith: { first, _ in first })
        let dutch = Dictionary(Self.texts(Language.nl.requestPage), uniquingKeysWith: { first, _ in first })
        #expect(english.count > 60 && Set(english.keys) == Set(dutch.keys), "\(Set(english.keys).symmetricDifference(Set(dutch.keys)))")
        for (name, text) in english.sorted(by: { $0.key < $1.key }) {
            let translated = dutch[name] ?? ""
            #expect(!text.isEmpty && !translated.isEmpty, "\(name) is empty in a language")
            if !Self.same.contains(text) { #expect(text != translated, "\(name): the Dutch is the English: \(translated)") }
            for marker in MessageCatalogueCheck.englishMarkers where " \(translated) ".contains(marker) && !translated.contains("\"") {
                Issue.record("\(name): the Dutch holds English ('\(marker.trimmingCharacters(in: .whitespaces))'): \(translated)")
            }
        }
    }
}

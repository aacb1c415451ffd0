import Foundation

/// Checks a message type's sentences in English and Dutch: every case the enum declares (read from
/// its source file) has an example, each example says something in both languages, the Dutch is
/// not the English, and holds none of the English words that give away an untranslated fragment.
/// Shared by the core's and the command line's message tests.
public struct MessageCatalogueCheck {
    /// Words that do not occur in Dutch sentences; one in a Dutch message is a fragment of English.
    public static let englishMarkers = [
        " the ", " is not ", " cannot ", " could not ", " should ", " which ", " please ", " with ", " there ",
        " does ", " file ", " sheet ", " cell ", " line ", " and ", " not ", " was ", " were ", " has ", " have ",
        " missing", " invalid", " error", " found", "The ", "This ", "There ",
    ]

    /// Problems found, one a line; empty when all is well.
    public private(set) var failures: [String] = []

    public init() {}

    /// - Parameters:
    ///   - type: the enum's name as declared (`CSVError`).
    ///   - file: its source file, from the package root.
    ///   - examples: (case name, English, Dutch) for every case.
    ///   - sameInBothLanguages: cases whose Dutch is rightly the English (a name, a number).
    public mutating func check(_ type: String, declaredIn file: String, examples: [(name: String, english: String, dutch: String)],
                               sameInBothLanguages: Set<String> = []) {
        let declared = MessageCatalogueCheck.declaredCases(of: type, in: file)
        if declared.isEmpty { failures.append("\(type): no cases found in \(file)") }
        let covered = Set(examples.map(\.name))
        for name in declared.subtracting(covered).sorted() { failures.append("\(type).\(name): no example, so it is never checked") }
        for name in covered.subtracting(declared).sorted() { failures.append("\(type).\(name): an example for a case \(file) does not declare") }
        for example in examples {
            let place = "\(type).\(example.name)"
            for (language, text) in [("en", example.english), ("nl", example.dutch)] {
                if text.trimmingCharacters(in: .whitespaces).isEmpty { failures.append("\(place): empty in \(language)") }
                if text.contains("Optional(") || text.contains("\\(") { failures.append("\(place) (\(language)): \(text)") }
            }
            if example.english == example.dutch && !sameInBothLanguages.contains(example.name) {
                failures.append("\(place): the Dutch is the English: \(example.dutch)")
            }
            if !sameInBothLanguages.contains(example.name) {
                let padded = " \(example.dutch) "
                for marker in MessageCatalogueCheck.englishMarkers where padded.contains(marker) {
                    failures.append("\(place): the Dutch holds English ('\(marker.trimmingCharacters(in: .whitespaces))'): \(example.dutch)")
                }
            }
        }
    }

    /// The names of the cases an enum declares at its top level (not those of enums nested in it).
    public static func declaredCases(of type: String, in file: String) -> Set<String> {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        guard let text = try? String(contentsOf: root.appending(path: file), encoding: .utf8) else { return [] }
        var names = Set<String>()
        var depth = 0
        var inside = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if !inside {
                guard trimmed.range(of: #"\benum \#(type)\b"#, options: .regularExpression) != nil else { continue }
                inside = true
                depth = 0
            } else if depth == 1, trimmed.hasPrefix("case "), !trimmed.hasPrefix("case let"), !trimmed.contains(" return ") {
                var list = Substring(trimmed.dropFirst(5))
                while !list.isEmpty {
                    let name = list.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "`" }.replacingOccurrences(of: "`", with: "")
                    if !name.isEmpty { names.insert(name) }
                    // Skip the payload and the raw value, then on to the next name after a comma.
                    var level = 0, quoted = false
                    var rest = list.dropFirst(name.count)
                    while let next = rest.first, !(next == "," && level == 0 && !quoted) {
                        if next == "\"" { quoted.toggle() } else if quoted { } else if next == "(" { level += 1 } else if next == ")" { level -= 1 } else if next == "/" { rest = ""; break }
                        rest = rest.dropFirst()
                    }
                    list = rest.dropFirst().drop { $0 == " " }
                }
            }
            for character in line {
                if character == "{" { depth += 1 } else if character == "}" { depth -= 1 }
            }
            if inside && depth == 0 && line.contains("}") { break }
        }
        return names
    }
}

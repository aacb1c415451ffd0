/// The settings file's text read into sections of `key = value` lines, each value with its line.
///
/// The file is TOML, and this reads the part of TOML that slotsheet's settings use: `[section]`
/// headers, bare keys, strings (`"basic"` with escapes, `'literal'`), integers, `true`/`false`, and
/// lists of strings (which may run over several lines), with `#` comments. Everything else TOML has
/// (dotted or quoted keys, floats, dates, inline tables, arrays of tables, multi-line strings) is
/// refused with the line it is on, never guessed at, so every file accepted here reads the same in
/// any TOML program. Written here rather than taken from a TOML library because the one at hand
/// (TOMLKit 0.6.0, over toml++) aborts the process on the three bytes `[[[` and knows the line of
/// a syntax error only, where an administrator needs the line of every wrong value.
///
///     let text = try SettingsText(parsing: Array("[booking]\nmin_days_ahead = 2\n".utf8))
///     text.entries[0]   // booking.min_days_ahead = 2, line 2
struct SettingsText {
    /// One `key = value` line.
    struct Entry {
        var section: String?
        var key: String
        var value: SettingsValue
        var line: Int
    }

    /// The settings file is a few dozen lines; past this it is not one.
    static let maximumBytes = 64 * 1024
    /// Items of one list (trusted proxies are the longest): far more than any office needs.
    static let maximumListItems = 1_000

    private(set) var entries: [Entry] = []
    /// Each `[section]` header and its line, in file order.
    private(set) var sections: [(name: String, line: Int)] = []

    init(parsing bytes: [UInt8]) throws(SettingsSyntaxError) {
        guard bytes.count <= SettingsText.maximumBytes else { throw SettingsSyntaxError(line: 1, problem: .tooLarge(limit: SettingsText.maximumBytes)) }
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        guard let text = String(validating: body, as: UTF8.self) else {
            let valid = body.prefix { $0 < 0x80 }
            throw SettingsSyntaxError(line: valid.filter { $0 == 0x0A }.count + 1, problem: .notUTF8)
        }
        var scanner = Scanner(Array(text.unicodeScalars))
        var section: String?
        var seen: [String: Int] = [:]
        while !scanner.atEnd {
            scanner.skipBlank()
            let line = scanner.line
            switch scanner.peek {
            case nil, "\n"?, "\r"?, "#"?:
                break
            case "["?:
                let name = try scanner.sectionHeader()
                if let first = sections.first(where: { $0.name == name }) {
                    throw SettingsSyntaxError(line: line, problem: .duplicateSection(name: name, firstLine: first.line))
                }
                sections.append((name, line))
                section = name
            default:
                let key = try scanner.key()
                let path = [section, key].compactMap { $0 }.joined(separator: ".")
                if let first = seen[path] { throw SettingsSyntaxError(line: line, problem: .duplicateKey(key: path, firstLine: first)) }
                seen[path] = line
                entries.append(Entry(section: section, key: key, value: try scanner.value(), line: line))
            }
            try scanner.endOfLine()
        }
    }
}

/// A value as the file wrote it.
enum SettingsValue: Equatable {
    case string(String)
    case integer(Int)
    case boolean(Bool)
    case stringList([String])

    var kind: SettingsValueKind {
        switch self {
        case .string: return .string
        case .integer: return .integer
        case .boolean: return .boolean
        case .stringList: return .stringList
        }
    }
}

/// The kinds of value a setting takes, to say which one was expected.
public enum SettingsValueKind: String, Sendable, CaseIterable {
    case string, integer, boolean, stringList
}

/// Where the settings file stops being what slotsheet reads.
public struct SettingsSyntaxError: Error, Equatable, Sendable {
    public enum Problem: Equatable, Sendable {
        case tooLarge(limit: Int)
        case notUTF8
        /// A character no TOML text holds outside a string (a control character).
        case controlCharacter
        case duplicateSection(name: String, firstLine: Int)
        case duplicateKey(key: String, firstLine: Int)
        /// `[[name]]`: arrays of tables.
        case arrayOfTables
        /// A header or key that is not a bare key (`a.b`, `"a b"`), or none at all.
        case badKey(String)
        case missingEquals
        case missingValue
        case unclosedString
        case badEscape(String)
        case multilineString
        case unclosedList
        /// A list holding something other than strings.
        case listOfNonStrings
        case tooManyListItems(limit: Int)
        /// A value of a kind slotsheet's settings never take: a float, a date, an inline table.
        case unsupportedValue(String)
        /// An integer with a leading zero, or past 64 bits.
        case badInteger(String)
        /// Something after the value on its line that is not a comment.
        case trailingText(String)
    }

    public var line: Int
    public var problem: Problem
}

/// Reads the file a Unicode scalar at a time, counting lines.
private struct Scanner {
    typealias Failure = SettingsSyntaxError
    private let scalars: [Unicode.Scalar]
    private var index = 0
    private(set) var line = 1

    init(_ scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    var atEnd: Bool { index >= scalars.count }
    var peek: Unicode.Scalar? { atEnd ? nil : scalars[index] }

    private func fail(_ problem: Failure.Problem) -> Failure {
        Failure(line: line, problem: problem)
    }

    private mutating func advance() {
        if scalars[index] == "\n" { line += 1 }
        index += 1
    }

    mutating func skipBlank() {
        while let next = peek, next == " " || next == "\t" { advance() }
    }

    /// Blank space, then an optional comment, then the end of the line or the file.
    mutating func endOfLine() throws(Failure) {
        skipBlank()
        if peek == "#" { try skipComment() }
        if atLineBreak { advance() }
        guard let next = peek else { return }
        guard next == "\n" else { throw fail(next == "\r" ? .controlCharacter : .trailingText(restOfLine())) }
        advance()
    }

    /// A carriage return that starts a CRLF line break (a lone one is a control character).
    private var atLineBreak: Bool {
        peek == "\r" && index + 1 < scalars.count && scalars[index + 1] == "\n"
    }

    /// `#` to the end of the line; a comment holds no control character but the tab.
    private mutating func skipComment() throws(Failure) {
        while let next = peek, next != "\n", !atLineBreak {
            guard Scanner.allowedInComment(next) else { throw fail(.controlCharacter) }
            advance()
        }
    }

    private static func allowedInComment(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\t" || (scalar.value >= 0x20 && scalar.value != 0x7F)
    }

    private func restOfLine() -> String {
        var text = String.UnicodeScalarView()
        var at = index
        while at < scalars.count, scalars[at] != "\n", text.count < 40 {
            text.append(scalars[at])
            at += 1
        }
        return String(text).trimmingTrailingWhitespace()
    }

    private static func isBareKey(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "A"..."Z", "a"..."z", "0"..."9", "_", "-": return true
        default: return false
        }
    }

    private mutating func bareKey() throws(Failure) -> String {
        var name = String.UnicodeScalarView()
        while let next = peek, Scanner.isBareKey(next) {
            name.append(next)
            advance()
        }
        guard !name.isEmpty else { throw fail(.badKey(restOfLine())) }
        return String(name)
    }

    /// `[name]`; the opening bracket is next.
    mutating func sectionHeader() throws(Failure) -> String {
        advance()
        if peek == "[" { throw fail(.arrayOfTables) }
        skipBlank()
        let start = index
        let name = try bareKey()
        skipBlank()
        guard peek == "]" else {
            index = start
            throw fail(.badKey(restOfLine()))
        }
        advance()
        return name
    }

    /// `key =`, leaving the scanner at the value.
    mutating func key() throws(Failure) -> String {
        let start = index
        let key = try bareKey()
        skipBlank()
        if peek == "." || peek == "\"" || peek == "'" {
            index = start
            throw fail(.badKey(restOfLine()))
        }
        guard peek == "=" else {
            if let next = peek, next != "\n", next != "#", !Scanner.allowedInComment(next) { throw fail(.controlCharacter) }
            throw fail(.missingEquals)
        }
        advance()
        skipBlank()
        return key
    }

    mutating func value() throws(Failure) -> SettingsValue {
        switch peek {
        case nil, "\n"?, "\r"?, "#"?:
            throw fail(.missingValue)
        case "\""?, "'"?:
            return .string(try string())
        case "["?:
            return .stringList(try list())
        case "t"?, "f"?:
            let word = self.word()
            switch word {
            case "true": return .boolean(true)
            case "false": return .boolean(false)
            default: throw fail(.unsupportedValue(word))
            }
        case "{"?:
            throw fail(.unsupportedValue(restOfLine()))
        default:
            return .integer(try integer())
        }
    }

    /// The characters up to blank space, a comma, a bracket, a comment or the line's end.
    private mutating func word() -> String {
        var text = String.UnicodeScalarView()
        while let next = peek, !" \t\r\n,]#".unicodeScalars.contains(next) {
            text.append(next)
            advance()
        }
        return String(text)
    }

    /// A decimal integer: an optional sign, digits with single underscores between them, no
    /// leading zero (as TOML has it). Anything else that starts like a number is a float or a
    /// date, which no setting takes.
    private mutating func integer() throws(Failure) -> Int {
        let text = word()
        var digits = Substring(text)
        if digits.first == "+" || digits.first == "-" { digits = digits.dropFirst() }
        let isInteger = !digits.isEmpty && digits.first != "_" && digits.last != "_" && !digits.contains("__")
            && digits.allSatisfy { $0 == "_" || ("0"..."9").contains($0) }
        guard isInteger else { throw fail(.unsupportedValue(text)) }
        let plain = text.replacingOccurrences(of: "_", with: "")
        let unsigned = plain.first == "+" || plain.first == "-" ? plain.dropFirst() : Substring(plain)
        guard unsigned == "0" || unsigned.first != "0", let number = Int(plain) else { throw fail(.badInteger(text)) }
        return number
    }

    /// A basic (`"..."`, with escapes) or literal (`'...'`) string on one line.
    private mutating func string() throws(Failure) -> String {
        let quote = scalars[index]
        if index + 2 < scalars.count, scalars[index + 1] == quote, scalars[index + 2] == quote { throw fail(.multilineString) }
        advance()
        var text = String.UnicodeScalarView()
        while true {
            guard let next = peek, next != "\n" else { throw fail(.unclosedString) }
            advance()
            if next == quote { return String(text) }
            guard next == "\t" || (next.value >= 0x20 && next.value != 0x7F) else { throw fail(.controlCharacter) }
            if next == "\\" && quote == "\"" {
                text.append(try escape())
            } else {
                text.append(next)
            }
        }
    }

    /// The character after a backslash: TOML's escapes, `\uXXXX` and `\UXXXXXXXX` included.
    private mutating func escape() throws(Failure) -> Unicode.Scalar {
        guard let letter = peek, letter != "\n" else { throw fail(.unclosedString) }
        advance()
        switch letter {
        case "b": return "\u{08}"
        case "t": return "\t"
        case "n": return "\n"
        case "f": return "\u{0C}"
        case "r": return "\r"
        case "\"": return "\""
        case "\\": return "\\"
        case "u", "U":
            let count = letter == "u" ? 4 : 8
            var hex = ""
            for _ in 0..<count {
                guard let digit = peek, digit.properties.isASCIIHexDigit else { throw fail(.badEscape("\\\(letter)\(hex)")) }
                hex.unicodeScalars.append(digit)
                advance()
            }
            guard let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) else { throw fail(.badEscape("\\\(letter)\(hex)")) }
            return scalar
        default:
            throw fail(.badEscape("\\\(letter)"))
        }
    }

    /// `[ "a", "b", ]`: strings only, over as many lines as it takes, with comments between.
    private mutating func list() throws(Failure) -> [String] {
        advance()
        var items: [String] = []
        while true {
            try skipListSpace()
            guard let next = peek else { throw fail(.unclosedList) }
            if next == "]" {
                advance()
                return items
            }
            guard next == "\"" || next == "'" else { throw fail(.listOfNonStrings) }
            items.append(try string())
            guard items.count <= Scanner.maximumListItems else { throw fail(.tooManyListItems(limit: Scanner.maximumListItems)) }
            try skipListSpace()
            switch peek {
            case ","?: advance()
            case "]"?: continue
            default: throw fail(.unclosedList)
            }
        }
    }

    private static let maximumListItems = SettingsText.maximumListItems

    /// Blank space, line ends and comments inside a list.
    private mutating func skipListSpace() throws(Failure) {
        while let next = peek {
            if next == " " || next == "\t" || next == "\n" || atLineBreak {
                advance()
            } else if next == "#" {
                try skipComment()
            } else {
                return
            }
        }
    }
}

extension String {
    func trimmingTrailingWhitespace() -> String {
        var scalars = unicodeScalars[...]
        while let last = scalars.last, last == " " || last == "\t" || last == "\r" { scalars = scalars.dropLast() }
        return String(String.UnicodeScalarView(scalars))
    }
}

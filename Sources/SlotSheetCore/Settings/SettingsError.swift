/// Why the settings cannot be used. Each case names the setting (or the file) and where the value
/// came from (the file and line, the variable, the flag), so the administrator can go straight to
/// it. The command stops with exit code 2 before it touches anything.
public enum SettingsError: Error, Equatable, Sendable {
    /// `--config FILE` or `SLOTSHEET_CONFIG` names a file that is not there.
    case fileMissing(path: String, namedBy: SettingOrigin)
    case fileUnreadable(path: String, reason: String)
    /// The file is not the TOML slotsheet reads, at this line.
    case syntax(path: String, SettingsSyntaxError)
    case unknownSection(name: String, path: String, line: Int)
    /// A key no section has; `suggestion` is a known key it looks like.
    case unknownKey(key: String, at: SettingOrigin, suggestion: String?)
    case wrongKind(key: SettingKey, at: SettingOrigin, expected: SettingsValueKind, found: SettingsValueKind)
    case invalidValue(key: SettingKey, at: SettingOrigin, value: String, expected: SettingExpectation)
    /// `booking.max_days_ahead` below `booking.min_days_ahead`.
    case emptyBookingWindow(minimum: Int, maximum: Int, minimumAt: SettingOrigin, maximumAt: SettingOrigin)
    /// `--set` without `section.key=value`.
    case malformedOverride(String)
    /// `SLOTSHEET_TODAY` or `SLOTSHEET_NOW` that is not a date or a moment.
    case clockVariable(name: String, value: String, expected: SettingExpectation)
}

extension SettingsError: OfficeMessage, CustomStringConvertible {
    public var description: String { english }

    public var english: String {
        switch self {
        case let .fileMissing(path, origin):
            return "The settings file \(path) (from \(origin.english)) does not exist. Give the path of an existing file, or leave it out to use /etc/slotsheet/config.toml or the built-in settings."
        case let .fileUnreadable(path, reason):
            return "The settings file \(path) cannot be read: \(reason)."
        case let .syntax(path, error):
            return "\(path), line \(error.line): \(error.problem.english)"
        case let .unknownSection(name, path, line):
            return "\(path), line \(line): there is no section [\(name)]; the sections are \(listed(SettingKey.sections.map { "[\($0)]" }, and: "and"))."
        case let .unknownKey(key, origin, suggestion):
            let hint = suggestion.map { " Did you mean \($0)?" } ?? " 'slotsheet config show' lists every setting."
            return "\(origin.englishOpening): there is no setting \(key).\(hint)"
        case let .wrongKind(key, origin, expected, found):
            return "\(origin.englishOpening): \(key.rawValue) must be \(expected.english), not \(found.english)."
        case let .invalidValue(key, origin, value, expected):
            // A command's own option (`serve --listen`) names itself: the setting behind it is not what was typed.
            if origin.isCommandOption { return "\(origin.englishOpening): \(value.quotedForMessage) is not valid; it takes \(expected.english)." }
            return "\(origin.englishOpening): \(key.rawValue) = \(value.quotedForMessage) is not valid; it takes \(expected.english)."
        case let .emptyBookingWindow(minimum, maximum, minimumAt, maximumAt):
            return "\(SettingKey.bookingMaxDaysAhead.rawValue) (\(maximum), \(maximumAt.english)) is below \(SettingKey.bookingMinDaysAhead.rawValue) (\(minimum), \(minimumAt.english)): tenants could book no day at all. Make the maximum at least the minimum."
        case let .malformedOverride(text):
            return "--set \(text.quotedForMessage) is not a setting; write --set section.key=value, for example --set booking.min_days_ahead=2."
        case let .clockVariable(name, value, expected):
            return "\(name)=\(value.quotedForMessage) is not valid; it takes \(expected.english)."
        }
    }

    public var dutch: String {
        switch self {
        case let .fileMissing(path, origin):
            return "Het instellingenbestand \(path) (uit \(origin.dutch)) bestaat niet. Geef het pad van een bestaand bestand, of laat het weg om /etc/slotsheet/config.toml of de ingebouwde instellingen te gebruiken."
        case let .fileUnreadable(path, reason):
            return "Het instellingenbestand \(path) kan niet worden gelezen: \(reason)."
        case let .syntax(path, error):
            return "\(path), regel \(error.line): \(error.problem.dutch)"
        case let .unknownSection(name, path, line):
            return "\(path), regel \(line): er is geen sectie [\(name)]; de secties zijn \(listed(SettingKey.sections.map { "[\($0)]" }, and: "en"))."
        case let .unknownKey(key, origin, suggestion):
            let hint = suggestion.map { " Bedoelt u \($0)?" } ?? " 'slotsheet config show' toont alle instellingen."
            return "\(origin.dutchOpening): er is geen instelling \(key).\(hint)"
        case let .wrongKind(key, origin, expected, found):
            return "\(origin.dutchOpening): \(key.rawValue) moet \(expected.dutch) zijn; er staat \(found.dutch)."
        case let .invalidValue(key, origin, value, expected):
            if origin.isCommandOption { return "\(origin.dutchOpening): \(value.quotedForMessage) is niet geldig; verwacht wordt \(expected.dutch)." }
            return "\(origin.dutchOpening): \(key.rawValue) = \(value.quotedForMessage) is niet geldig; verwacht wordt \(expected.dutch)."
        case let .emptyBookingWindow(minimum, maximum, minimumAt, maximumAt):
            return "\(SettingKey.bookingMaxDaysAhead.rawValue) (\(maximum), \(maximumAt.dutch)) is kleiner dan \(SettingKey.bookingMinDaysAhead.rawValue) (\(minimum), \(minimumAt.dutch)): huurders zouden geen enkele dag kunnen boeken. Maak het maximum minstens zo groot als het minimum."
        case let .malformedOverride(text):
            return "--set \(text.quotedForMessage) is geen instelling; schrijf --set sectie.sleutel=waarde, bijvoorbeeld --set booking.min_days_ahead=2."
        case let .clockVariable(name, value, expected):
            return "\(name)=\(value.quotedForMessage) is niet geldig; verwacht wordt \(expected.dutch)."
        }
    }
}

extension SettingOrigin {
    /// A command's own option for one setting (`serve --listen`), as opposed to `--set key=value`.
    var isCommandOption: Bool {
        if case let .flag(name) = self { return !name.hasPrefix("--set ") }
        return false
    }
}

extension SettingOrigin: OfficeMessage {
    /// At the start of a sentence: a word capitalised, a file's path as it is.
    var englishOpening: String {
        if case .file = self { return english }
        return english.capitalizedFirst
    }

    var dutchOpening: String {
        if case .file = self { return dutch }
        return dutch.capitalizedFirst
    }

    public var english: String {
        switch self {
        case .builtIn: return "the built-in default"
        case let .file(path, line): return "\(path), line \(line)"
        case let .environment(name): return "the environment variable \(name)"
        case let .flag(name): return "the option \(name)"
        case let .locale(variable, value): return "the locale (\(variable)=\(value))"
        }
    }

    public var dutch: String {
        switch self {
        case .builtIn: return "de ingebouwde standaardwaarde"
        case let .file(path, line): return "\(path), regel \(line)"
        case let .environment(name): return "de omgevingsvariabele \(name)"
        case let .flag(name): return "de optie \(name)"
        case let .locale(variable, value): return "de taalinstelling (\(variable)=\(value))"
        }
    }
}

extension SettingsValueKind: OfficeMessage {
    public var english: String {
        switch self {
        case .string: return "text in quotes"
        case .integer: return "a whole number"
        case .boolean: return "true or false"
        case .stringList: return "a list of texts in quotes, [\"a\", \"b\"]"
        }
    }

    public var dutch: String {
        switch self {
        case .string: return "tekst tussen aanhalingstekens"
        case .integer: return "een geheel getal"
        case .boolean: return "true of false"
        case .stringList: return "een lijst van teksten tussen aanhalingstekens, [\"a\", \"b\"]"
        }
    }
}

extension SettingExpectation: OfficeMessage {
    public var english: String {
        switch self {
        case .timeZone: return "a time zone by its IANA name, such as \"Europe/Amsterdam\""
        case let .oneOf(values): return listed(values.map { "\"\($0)\"" }, and: "or")
        case let .wholeNumber(range): return "a whole number from \(range.lowerBound) to \(range.upperBound)"
        case .clockTime: return "a time of day as \"HH:MM\", such as \"16:00\" (or \"\" for midnight)"
        case .listenAddress: return "an address and port, such as \"127.0.0.1:8080\" or \"[::1]:8080\""
        case .ipAddressesOrNetworks: return "IP addresses or networks, such as \"10.0.0.1\" or \"10.0.0.0/8\""
        case .date: return "a date as YYYY-MM-DD"
        case .localDateTime: return "a date and office time as YYYY-MM-DDTHH:MM"
        case .hostName: return "a host name or IP address, such as \"mail.example.org\""
        case .mailAddress: return "one e-mail address, such as \"office@example.org\" (or \"\" for none)"
        case .singleLine: return "text on one line"
        case .filePath: return "a file's path, such as \"/etc/slotsheet/mail-ca.pem\" (or \"\" for none)"
        }
    }

    public var dutch: String {
        switch self {
        case .timeZone: return "een tijdzone met haar IANA-naam, zoals \"Europe/Amsterdam\""
        case let .oneOf(values): return listed(values.map { "\"\($0)\"" }, and: "of")
        case let .wholeNumber(range): return "een geheel getal van \(range.lowerBound) tot en met \(range.upperBound)"
        case .clockTime: return "een tijdstip als \"UU:MM\", zoals \"16:00\" (of \"\" voor middernacht)"
        case .listenAddress: return "een adres en poort, zoals \"127.0.0.1:8080\" of \"[::1]:8080\""
        case .ipAddressesOrNetworks: return "IP-adressen of netwerken, zoals \"10.0.0.1\" of \"10.0.0.0/8\""
        case .date: return "een datum als JJJJ-MM-DD"
        case .localDateTime: return "een datum en kantoortijd als JJJJ-MM-DDTUU:MM"
        case .hostName: return "een hostnaam of IP-adres, zoals \"mail.example.org\""
        case .mailAddress: return "één e-mailadres, zoals \"kantoor@example.org\" (of \"\" voor geen)"
        case .singleLine: return "tekst op één regel"
        case .filePath: return "het pad van een bestand, zoals \"/etc/slotsheet/mail-ca.pem\" (of \"\" voor geen)"
        }
    }
}

extension SettingsSyntaxError.Problem: OfficeMessage {
    public var english: String {
        switch self {
        case let .tooLarge(limit): return "the file is larger than \(limit / 1024) KB; a settings file is a few dozen lines."
        case .notUTF8: return "the file is not UTF-8 text. Save it as UTF-8."
        case .controlCharacter: return "a control character that a settings file never holds. Remove it."
        case let .duplicateSection(name, firstLine): return "[\(name)] appears a second time (first on line \(firstLine)). Put its settings under one header."
        case let .duplicateKey(key, firstLine): return "\(key) is set a second time (first on line \(firstLine)). Keep one of the two."
        case .arrayOfTables: return "[[...]] (an array of tables) is not used in slotsheet's settings. Write [section]."
        case let .badKey(text): return "'\(text)' is not a setting name; names are letters, digits, _ and -, without quotes or dots, under a [section] header."
        case .missingEquals: return "a setting needs '=' between its name and its value: name = value."
        case .missingValue: return "the value after '=' is missing."
        case .unclosedString: return "a text in quotes is not closed on its line. Add the closing quote."
        case let .badEscape(text): return "\(text) is not an escape TOML knows; write \\\\ for a backslash, or use 'single quotes'."
        case .multilineString: return "texts over several lines (\"\"\" or ''') are not used in slotsheet's settings. Write the text on one line."
        case .unclosedList: return "a list [...] is not closed, or its items are not separated by commas."
        case .listOfNonStrings: return "a list here holds texts in quotes only: [\"10.0.0.1\", \"10.0.0.2\"]."
        case let .tooManyListItems(limit): return "a list holds more than \(limit) items."
        case let .unsupportedValue(text): return "'\(text)' is not a value slotsheet's settings take: write text in quotes, a whole number, true or false, or a list of texts."
        case let .badInteger(text): return "'\(text)' is not a whole number TOML reads (no leading zeros, at most 19 digits)."
        case let .trailingText(text): return "'\(text)' after the value; put one setting a line, and start a comment with #."
        }
    }

    public var dutch: String {
        switch self {
        case let .tooLarge(limit): return "het bestand is groter dan \(limit / 1024) KB; een instellingenbestand telt enkele tientallen regels."
        case .notUTF8: return "het bestand is geen UTF-8-tekst. Sla het op als UTF-8."
        case .controlCharacter: return "een stuurteken dat nooit in een instellingenbestand staat. Haal het weg."
        case let .duplicateSection(name, firstLine): return "[\(name)] staat er een tweede keer (eerst op regel \(firstLine)). Zet de instellingen onder één kop."
        case let .duplicateKey(key, firstLine): return "\(key) wordt een tweede keer ingesteld (eerst op regel \(firstLine)). Houd er één van de twee."
        case .arrayOfTables: return "[[...]] (een reeks tabellen) wordt in de instellingen van slotsheet niet gebruikt. Schrijf [sectie]."
        case let .badKey(text): return "'\(text)' is geen naam van een instelling; namen bestaan uit letters, cijfers, _ en -, zonder aanhalingstekens of punten, onder een kop [sectie]."
        case .missingEquals: return "tussen de naam en de waarde van een instelling hoort '=': naam = waarde."
        case .missingValue: return "de waarde na '=' ontbreekt."
        case .unclosedString: return "een tekst tussen aanhalingstekens wordt op zijn regel niet gesloten. Zet het sluitende aanhalingsteken erbij."
        case let .badEscape(text): return "\(text) is geen escape die TOML kent; schrijf \\\\ voor een backslash, of gebruik 'enkele aanhalingstekens'."
        case .multilineString: return "teksten over meerdere regels (\"\"\" of ''') worden in de instellingen van slotsheet niet gebruikt. Schrijf de tekst op één regel."
        case .unclosedList: return "een lijst [...] wordt niet gesloten, of de onderdelen staan niet door komma's gescheiden."
        case .listOfNonStrings: return "een lijst bevat hier alleen teksten tussen aanhalingstekens: [\"10.0.0.1\", \"10.0.0.2\"]."
        case let .tooManyListItems(limit): return "een lijst bevat meer dan \(limit) onderdelen."
        case let .unsupportedValue(text): return "'\(text)' is geen waarde die de instellingen van slotsheet aannemen: schrijf tekst tussen aanhalingstekens, een geheel getal, true of false, of een lijst van teksten."
        case let .badInteger(text): return "'\(text)' is geen geheel getal dat TOML leest (geen voorloopnullen, hoogstens 19 cijfers)."
        case let .trailingText(text): return "'\(text)' na de waarde; zet één instelling per regel, en begin een opmerking met #."
        }
    }
}

extension String {
    /// The first letter upper-cased: a place at the start of a sentence.
    var capitalizedFirst: String {
        guard let first else { return self }
        return first.uppercased() + dropFirst()
    }

    /// In double quotes, with control characters shown as escapes, so a value from a hostile
    /// file cannot break the line it is quoted on.
    var quotedForMessage: String {
        var shown = ""
        for scalar in unicodeScalars.prefix(80) {
            shown += scalar.value < 0x20 || scalar.value == 0x7F ? scalar.escaped(asASCII: true) : String(scalar)
        }
        return "\"\(shown)\(unicodeScalars.count > 80 ? "..." : "")\""
    }
}

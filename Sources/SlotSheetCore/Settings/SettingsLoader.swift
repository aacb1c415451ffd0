import Foundation
import SlotSheetTemplates

/// Builds the settings from their sources, each overriding the one before:
///
/// 1. the built-in defaults (`Settings.builtIn`);
/// 2. the language of the locale, `LC_ALL`, `LC_MESSAGES` or `LANG` (`nl_*` is Dutch);
/// 3. the settings file: `--config FILE`, else `SLOTSHEET_CONFIG`, else `/etc/slotsheet/config.toml`
///    when it exists (a file named by the first two must exist);
/// 4. environment variables, one a setting (`SLOTSHEET_BOOKING_MIN_DAYS_AHEAD`, see
///    `SettingKey.environmentVariable`);
/// 5. flags: `--set section.key=value`, and `--lang`.
///
/// Every value is checked where it is read, and the booking window once all are in; the first
/// mistake stops the load with a `SettingsError` that names the setting and its source.
///
///     let settings = try SettingsLoader(configFlag: "/etc/slotsheet/office.toml", languageFlag: .nl).load()
public struct SettingsLoader {
    /// Where the settings file is looked for when neither `--config` nor `SLOTSHEET_CONFIG` names one.
    public static let systemFile = "/etc/slotsheet/config.toml"
    public static let fileVariable = "SLOTSHEET_CONFIG"

    public var configFlag: String?
    /// `--set section.key=value`, in order.
    public var overrides: [String]
    /// A command's own options for settings (`serve --listen 127.0.0.1:9090`), applied after
    /// `--set`; a mistake in one names the option, not the setting behind it.
    public var commandOptions: [(key: SettingKey, option: String, value: String)] = []
    public var languageFlag: Language?
    public var environment: [String: String]
    public var systemFile: String

    public init(configFlag: String? = nil, overrides: [String] = [], languageFlag: Language? = nil,
                environment: [String: String] = ProcessInfo.processInfo.environment, systemFile: String = SettingsLoader.systemFile) {
        self.configFlag = configFlag
        self.overrides = overrides
        self.languageFlag = languageFlag
        self.environment = environment
        self.systemFile = systemFile
    }

    public func load() throws(SettingsError) -> Settings {
        var language: Language?
        return try load(languageSoFar: &language)
    }

    /// Loads as `load()`, and keeps in `languageSoFar` the language known when it stopped: a
    /// mistake on line 5 of a file that sets `language = "nl"` on line 2 is said in Dutch.
    public func load(languageSoFar: inout Language?) throws(SettingsError) -> Settings {
        var settings = Settings.builtIn
        defer { languageSoFar = languageFlag ?? settings.office.language }
        if let (language, origin) = SettingsLoader.localeLanguage(environment) {
            settings.office.language = language
            settings.origins[.officeLanguage] = origin
        }
        if let path = try settingsFile() {
            try SettingsLoader.read(file: path, into: &settings)
        }
        for key in SettingKey.allCases {
            for name in key.aliases + [key.environmentVariable] {
                guard let text = environment[name], !text.isEmpty else { continue }
                let origin = SettingOrigin.environment(name)
                try key.apply(key.value(fromText: text, at: origin), to: &settings, at: origin)
            }
        }
        for override in overrides {
            guard let equals = override.firstIndex(of: "="), !override[..<equals].isEmpty else { throw .malformedOverride(override) }
            let name = String(override[..<equals]).trimmingCharacters(in: .whitespaces)
            let origin = SettingOrigin.flag("--set \(name)")
            guard let key = SettingKey(rawValue: name) else {
                throw .unknownKey(key: name, at: origin, suggestion: SettingsLoader.suggestion(for: name))
            }
            try key.apply(key.value(fromText: String(override[override.index(after: equals)...]), at: origin), to: &settings, at: origin)
        }
        for (key, option, value) in commandOptions {
            let origin = SettingOrigin.flag(option)
            try key.apply(key.value(fromText: value, at: origin), to: &settings, at: origin)
        }
        if let languageFlag {
            settings.office.language = languageFlag
            settings.origins[.officeLanguage] = .flag("--lang")
        }
        guard settings.booking.minDaysAhead <= settings.booking.maxDaysAhead else {
            throw .emptyBookingWindow(minimum: settings.booking.minDaysAhead, maximum: settings.booking.maxDaysAhead,
                                      minimumAt: settings.origin(of: .bookingMinDaysAhead), maximumAt: settings.origin(of: .bookingMaxDaysAhead))
        }
        return settings
    }

    /// The file to read: named by the flag or the variable (then it must exist), else the
    /// system's when it exists, else none.
    private func settingsFile() throws(SettingsError) -> String? {
        let named: (String, SettingOrigin)? = configFlag.map { ($0, .flag("--config")) }
            ?? environment[SettingsLoader.fileVariable].flatMap { $0.isEmpty ? nil : ($0, .environment(SettingsLoader.fileVariable)) }
        if let (path, origin) = named {
            guard FileManager.default.fileExists(atPath: path) else { throw .fileMissing(path: path, namedBy: origin) }
            return path
        }
        return FileManager.default.fileExists(atPath: systemFile) ? systemFile : nil
    }

    /// Reads a settings file into `settings`, each value checked with its line.
    static func read(file path: String, into settings: inout Settings) throws(SettingsError) {
        let bytes: [UInt8]
        do {
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            // One byte past the limit is enough to know the file is too large.
            bytes = [UInt8](try handle.read(upToCount: SettingsText.maximumBytes + 1) ?? Data())
        } catch {
            throw .fileUnreadable(path: path, reason: SettingsLoader.reason(error))
        }
        let text: SettingsText
        do {
            text = try SettingsText(parsing: bytes)
        } catch {
            throw .syntax(path: path, error)
        }
        for (name, line) in text.sections where !SettingKey.sections.contains(name) {
            throw .unknownSection(name: name, path: path, line: line)
        }
        for entry in text.entries {
            let name = [entry.section, entry.key].compactMap { $0 }.joined(separator: ".")
            let origin = SettingOrigin.file(path: path, line: entry.line)
            guard let key = SettingKey(rawValue: name) else {
                throw .unknownKey(key: name, at: origin, suggestion: suggestion(for: name))
            }
            try key.apply(entry.value, to: &settings, at: origin)
        }
        settings.file = path
    }

    private static func reason(_ error: any Error) -> String {
        let code = (error as NSError).domain == NSPOSIXErrorDomain ? Int32((error as NSError).code) : 0
        switch code {
        case EACCES, EPERM: return "no permission to read it"
        case EISDIR: return "it is a folder"
        default: return (error as NSError).localizedDescription
        }
    }

    /// The known setting a mistyped name most likely means: same key in another section, or a
    /// name a letter or two away.
    static func suggestion(for name: String) -> String? {
        let key = name.split(separator: ".").last.map(String.init) ?? name
        if let sameKey = SettingKey.allCases.first(where: { $0.name == key }) { return sameKey.rawValue }
        let scored = SettingKey.allCases.map { ($0.rawValue, editDistance($0.rawValue, name)) }.min { $0.1 < $1.1 }
        return scored.flatMap { $0.1 <= 3 ? $0.0 : nil }
    }

    private static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.utf8.prefix(64)), b = Array(b.utf8.prefix(64))
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }

    /// The language of the locale: the first of `LC_ALL`, `LC_MESSAGES`, `LANG` that is set;
    /// Dutch for `nl` and `nl_*`, English for anything else. Nil when none is set.
    public static func localeLanguage(_ environment: [String: String]) -> (language: Language, origin: SettingOrigin)? {
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment[name], !value.isEmpty else { continue }
            let code = value.prefix { $0.isLetter }.lowercased()
            return (code == "nl" ? .nl : .en, .locale(variable: name, value: value))
        }
        return nil
    }
}

import Foundation
import InteropSupport
import Testing
@testable import SlotSheetCore
import SlotSheetTemplates

/// The settings file, its sources and its checks. Files are written to a temporary folder; the
/// system file is pointed at a path that does not exist, so the machine's own never counts.
@Suite(.ownThreads) struct SettingsTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appending(path: "slotsheet-settings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    private func file(_ text: String, name: String = "slotsheet.toml") throws -> String {
        let path = folder.appending(path: name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private func load(_ text: String? = nil, environment: [String: String] = [:], overrides: [String] = [],
                      language: Language? = nil) throws -> Settings {
        try SettingsLoader(configFlag: try text.map { try file($0) }, overrides: overrides, languageFlag: language,
                           environment: environment, systemFile: folder.appending(path: "none.toml").path).load()
    }

    private var sample: String { Interop.repositoryRoot.appending(path: "Samples/slotsheet.toml").path }

    @Test func withoutAnyFileTheDefaultsHold() throws {
        let settings = try load()
        #expect(settings.booking == .standard && settings.office.language == .en && settings.office.paperSize == .a4)
        #expect(settings.web.uploadLimitBytes == 25 * 1024 * 1024 && settings.web.listen.description == "127.0.0.1:8080")
        #expect(settings.file == nil && SettingKey.allCases.allSatisfy { settings.origin(of: $0) == .builtIn })
        #expect(settings.web.janitorIntervalSeconds == 60 && settings.web.leftoverAgeSeconds == 3600 && settings.web.refusedApplyWindowSeconds == 60)
        #expect(settings.officeRules(clock: OfficeClock(timeZone: settings.office.timeZone)).refusedApplyWindow == .seconds(60))
    }

    /// The upload pipeline's periods (the janitor's, the refused-apply window) are settings like
    /// the reading queue's: read from the file, the environment and `--set`, carried where they
    /// are used, and a value out of range is refused naming the setting, in English and Dutch.
    @Test func theUploadPipelinesPeriodsAreCheckedSettings() throws {
        let settings = try load("[web]\njanitor_interval_seconds = 2\nleftover_age_seconds = 120\n",
                                environment: ["SLOTSHEET_WEB_REFUSED_APPLY_WINDOW_SECONDS": "5"])
        #expect(settings.web.janitorIntervalSeconds == 2 && settings.web.leftoverAgeSeconds == 120 && settings.web.refusedApplyWindowSeconds == 5)
        #expect(settings.officeRules(clock: OfficeClock(timeZone: settings.office.timeZone)).refusedApplyWindow == .seconds(5))
        #expect(settings.origin(of: .webRefusedApplyWindow) == .environment("SLOTSHEET_WEB_REFUSED_APPLY_WINDOW_SECONDS"))
        let path = folder.appending(path: "slotsheet.toml").path
        #expect(throws: SettingsError.invalidValue(key: .webLeftoverAge, at: .file(path: path, line: 2), value: "5", expected: .wholeNumber(60...604_800))) {
            try load("[web]\nleftover_age_seconds = 5\n")
        }
        #expect(throws: SettingsError.invalidValue(key: .webJanitorInterval, at: .environment("SLOTSHEET_WEB_JANITOR_INTERVAL_SECONDS"), value: "0",
                                                   expected: .wholeNumber(1...3600))) {
            try load(environment: ["SLOTSHEET_WEB_JANITOR_INTERVAL_SECONDS": "0"])
        }
        #expect(throws: SettingsError.invalidValue(key: .webRefusedApplyWindow, at: .flag("--set web.refused_apply_window_seconds"), value: "86400",
                                                   expected: .wholeNumber(1...3600))) {
            try load(overrides: ["web.refused_apply_window_seconds=86400"])
        }
        let message = SettingsError.invalidValue(key: .webJanitorInterval, at: .file(path: path, line: 2), value: "0", expected: .wholeNumber(1...3600))
        #expect(message.english == "\(path), line 2: web.janitor_interval_seconds = \"0\" is not valid; it takes a whole number from 1 to 3600.")
        #expect(message.dutch == "\(path), regel 2: web.janitor_interval_seconds = \"0\" is niet geldig; verwacht wordt een geheel getal van 1 tot en met 3600.")
    }

    @Test func theSampleFileReadsAndEachValueKnowsItsLine() throws {
        let settings = try SettingsLoader(configFlag: sample, environment: [:]).load()
        #expect(settings.office.language == .nl && settings.office.timeZone.identifier == "Europe/Amsterdam")
        #expect(settings.booking.dayClosesAt == ClockTime("16:00") && settings.booking.minDaysAhead == 3)
        #expect(settings.web.trustedProxies.map(\.description) == ["127.0.0.1", "10.0.0.0/8"])
        let lines = try String(contentsOfFile: sample, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        for key in SettingKey.allCases {
            guard case let .file(path, line) = settings.origin(of: key) else { Issue.record("\(key) is not from the file"); continue }
            #expect(path == sample && lines[line - 1].hasPrefix("\(key.name) ="), "\(key) is on line \(line)")
        }
    }

    /// Every file this reader accepts is TOML that Python's own reader (tomllib) reads to the same
    /// values: the sample, and seeded random variations of it that the reader accepted.
    @Test func whatItAcceptsPythonsTomllibReadsAlike() throws {
        var random = SeededGenerator(test: "SettingsTests.whatItAcceptsPythonsTomllibReadsAlike")
        let original = Array(try String(contentsOfFile: sample, encoding: .utf8).utf8)
        let pieces = ["\"", "'", "[", "]", "=", "#", "\n", ",", " ", "\\", "\\u00e9", "x", "0", "_", "-", ".", "{", "\t", "\r\n", "[[", "\"\"\""]
        var accepted: [(path: String, values: [String: SettingsValue])] = [(sample, try values(of: original))]
        for index in 0..<300 {
            var bytes = original
            for _ in 0..<(1 + random.next() % 3) {
                let at = Int(random.next() % UInt64(bytes.count))
                switch random.next() % 3 {
                case 0: bytes.remove(at: at)
                case 1: bytes.insert(contentsOf: Array(pieces[Int(random.next() % UInt64(pieces.count))].utf8), at: at)
                default: bytes[at] = UInt8(truncatingIfNeeded: random.next() % 128)
                }
            }
            guard let values = try? values(of: bytes) else { continue }
            let path = folder.appending(path: "variant-\(index).toml").path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            accepted.append((path, values))
        }
        #expect(accepted.count > 20, "the variations are not all refused")
        let script = """
            import json, sys, tomllib
            out = {}
            for path in sys.argv[1:]:
                try:
                    with open(path, "rb") as f:
                        doc = tomllib.load(f)
                    # Each value with its type's name: JSON's 0 and false look alike once Foundation reads them.
                    out[path] = {f"{s}.{k}": [type(v).__name__, v] for s, t in doc.items() for k, v in t.items()}
                except Exception as error:
                    out[path] = {"refused by tomllib": str(error)}
            print(json.dumps(out))
            """
        let result = try Interop.runPython(script, arguments: accepted.map(\.path))
        let python = try JSONSerialization.jsonObject(with: Data(result.utf8)) as? [String: [String: Any]] ?? [:]
        for (path, values) in accepted {
            let theirs = python[path] ?? [:]
            let same = Set(theirs.keys) == Set(values.keys) && values.allSatisfy { key, value in
                guard let typed = theirs[key] as? [Any], typed.count == 2, let type = typed[0] as? String else { return false }
                switch value {
                case let .string(text): return type == "str" && typed[1] as? String == text
                case let .integer(number): return type == "int" && (typed[1] as? NSNumber)?.int64Value == Int64(number)
                case let .boolean(flag): return type == "bool" && (typed[1] as? NSNumber)?.boolValue == flag
                case let .stringList(items): return type == "list" && typed[1] as? [String] == items
                }
            }
            let text = (try? String(contentsOfFile: path, encoding: .utf8))?.debugDescription ?? path
            #expect(same, "seed \(random.seed): tomllib reads \(theirs), slotsheet \(values), in \(text)")
        }
    }

    /// The values of a settings text per `section.key`.
    private func values(of bytes: [UInt8]) throws -> [String: SettingsValue] {
        Dictionary(try SettingsText(parsing: bytes).entries.map { ("\($0.section ?? "").\($0.key)", $0.value) }, uniquingKeysWith: { a, _ in a })
    }

    @Test func mistakesNameTheSettingAndTheLine() throws {
        let path = folder.appending(path: "slotsheet.toml").path
        let cases: [(String, SettingsError)] = [
            ("[booking]\nmin_dayz_ahead = 2\n",
             .unknownKey(key: "booking.min_dayz_ahead", at: .file(path: path, line: 2), suggestion: "booking.min_days_ahead")),
            ("[booking]\n\nmin_days_ahead = \"2\"\n",
             .wrongKind(key: .bookingMinDaysAhead, at: .file(path: path, line: 3), expected: .integer, found: .string)),
            ("[booking]\nmax_days_ahead = 400\n",
             .invalidValue(key: .bookingMaxDaysAhead, at: .file(path: path, line: 2), value: "400", expected: .wholeNumber(0...365))),
            ("[booking]\nday_closes_at = \"4pm\"\n",
             .invalidValue(key: .bookingDayClosesAt, at: .file(path: path, line: 2), value: "4pm", expected: .clockTime)),
            ("[office]\nlanguage = \"de\"\n",
             .invalidValue(key: .officeLanguage, at: .file(path: path, line: 2), value: "de", expected: .oneOf(["en", "nl"]))),
            ("[web]\ntrusted_proxies = [\"10.0.0.1\", \"10.0.0.300\"]\n",
             .invalidValue(key: .webTrustedProxies, at: .file(path: path, line: 2), value: "10.0.0.300", expected: .ipAddressesOrNetworks)),
            ("[web]\nlisten = \"0.0.0.0:99999\"\n",
             .invalidValue(key: .webListen, at: .file(path: path, line: 2), value: "0.0.0.0:99999", expected: .listenAddress)),
            ("[booking]\nmin_days_ahead = 5\nmax_days_ahead = 2\n",
             .emptyBookingWindow(minimum: 5, maximum: 2, minimumAt: .file(path: path, line: 2), maximumAt: .file(path: path, line: 3))),
            ("[kantoor]\n", .unknownSection(name: "kantoor", path: path, line: 1)),
            ("[[[", .syntax(path: path, SettingsSyntaxError(line: 1, problem: .arrayOfTables))),
            ("[booking]\nmin_days_ahead = 2\nmin_days_ahead = 3\n",
             .syntax(path: path, SettingsSyntaxError(line: 3, problem: .duplicateKey(key: "booking.min_days_ahead", firstLine: 2)))),
            ("[web]\nupload_limit_mb = 2.5\n", .syntax(path: path, SettingsSyntaxError(line: 2, problem: .unsupportedValue("2.5")))),
            ("[web]\nlisten = \"127.0.0.1:8080\n", .syntax(path: path, SettingsSyntaxError(line: 2, problem: .unclosedString))),
            ("[office]\nlanguage = \"nl\" dutch\n", .syntax(path: path, SettingsSyntaxError(line: 2, problem: .trailingText("dutch")))),
            ("[booking]\nmin_days_ahead = 007\n", .syntax(path: path, SettingsSyntaxError(line: 2, problem: .badInteger("007")))),
            ("a.b = 1\n", .syntax(path: path, SettingsSyntaxError(line: 1, problem: .badKey("a.b = 1")))),
            ("[web]\ntrusted_proxies = [1, 2]\n", .syntax(path: path, SettingsSyntaxError(line: 2, problem: .listOfNonStrings))),
        ]
        for (text, expected) in cases {
            #expect(throws: expected, "\(text.debugDescription)") { try load(text) }
        }
        let message = SettingsError.invalidValue(key: .bookingMaxDaysAhead, at: .file(path: path, line: 2), value: "400", expected: .wholeNumber(0...365))
        #expect(message.english == "\(path), line 2: booking.max_days_ahead = \"400\" is not valid; it takes a whole number from 0 to 365.")
        #expect(message.dutch == "\(path), regel 2: booking.max_days_ahead = \"400\" is niet geldig; verwacht wordt een geheel getal van 0 tot en met 365.")
    }

    @Test func aFileThatIsNotTextOrTooLargeIsRefused() throws {
        let binary = folder.appending(path: "binary.toml").path
        try Data([0x5B, 0x77, 0x65, 0x62, 0x5D, 0x0A, 0xFF, 0xFE, 0x00]).write(to: URL(fileURLWithPath: binary))
        #expect(throws: SettingsError.syntax(path: binary, SettingsSyntaxError(line: 2, problem: .notUTF8))) {
            try SettingsLoader(configFlag: binary, environment: [:]).load()
        }
        let large = try file(String(repeating: "# padding\n", count: 10_000), name: "large.toml")
        #expect(throws: SettingsError.syntax(path: large, SettingsSyntaxError(line: 1, problem: .tooLarge(limit: SettingsText.maximumBytes)))) {
            try SettingsLoader(configFlag: large, environment: [:]).load()
        }
        #expect(throws: SettingsError.fileMissing(path: "/nonexistent/x.toml", namedBy: .environment("SLOTSHEET_CONFIG"))) {
            try SettingsLoader(environment: ["SLOTSHEET_CONFIG": "/nonexistent/x.toml"]).load()
        }
    }

    /// Defaults < locale < file < environment < --set < --lang, each remembered as the origin.
    @Test func laterSourcesOverrideEarlierOnesOneSettingAtATime() throws {
        let text = "[office]\nlanguage = \"en\"\n[booking]\nmin_days_ahead = 2\nmax_days_ahead = 9\n"
        let path = folder.appending(path: "slotsheet.toml").path
        var settings = try load(text, environment: ["LANG": "nl_NL.UTF-8"])
        #expect(settings.office.language == .en && settings.origin(of: .officeLanguage) == .file(path: path, line: 2))
        settings = try load(environment: ["LANG": "nl_NL.UTF-8", "LC_ALL": "en_GB.UTF-8"])
        #expect(settings.office.language == .en && settings.origin(of: .officeLanguage) == .locale(variable: "LC_ALL", value: "en_GB.UTF-8"))
        settings = try load(environment: ["LANG": "nl_BE.UTF-8"])
        #expect(settings.office.language == .nl)
        settings = try load(text, environment: ["SLOTSHEET_BOOKING_MIN_DAYS_AHEAD": "4"], overrides: ["booking.max_days_ahead=12"], language: .nl)
        #expect(settings.booking.minDaysAhead == 4 && settings.origin(of: .bookingMinDaysAhead) == .environment("SLOTSHEET_BOOKING_MIN_DAYS_AHEAD"))
        #expect(settings.booking.maxDaysAhead == 12 && settings.origin(of: .bookingMaxDaysAhead) == .flag("--set booking.max_days_ahead"))
        #expect(settings.office.language == .nl && settings.origin(of: .officeLanguage) == .flag("--lang"))
        #expect(throws: SettingsError.malformedOverride("booking")) { try load(overrides: ["booking"]) }
        #expect(throws: SettingsError.self) { try load(environment: ["SLOTSHEET_WEB_UPLOAD_LIMIT_MB": "lots"]) }
    }

    @Test func networkAddressesAreChecked() throws {
        #expect(ListenAddress("[::1]:8080")?.host == "::1" && ListenAddress("localhost:80")?.port == 80)
        #expect(ListenAddress("127.0.0.1:0")?.port == 0, "port 0: any free port")
        for bad in ["8080", "host:", ":80", "[::1]8080", "a b:80", "127.0.0.1:65536", "-x:80"] { #expect(ListenAddress(bad) == nil, "\(bad)") }
        let network = try #require(IPNetwork("10.1.0.0/16"))
        #expect(network.contains(IPAddress("10.1.200.3")!) && !network.contains(IPAddress("10.2.0.1")!))
        #expect(IPNetwork("fd00::/8")?.contains(IPAddress("fd12::1")!) == true && IPNetwork("10.0.0.0/33") == nil)
    }
}

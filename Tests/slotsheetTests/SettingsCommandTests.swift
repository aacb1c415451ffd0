import Foundation
import InteropSupport
import SlotSheetWeb
import Testing
@testable import slotsheet
import SlotSheetCore

/// The settings on the command line: `config show`, a mistake stopping every command with exit
/// code 2 in the office's language, and the language chosen by --lang, the file or the locale.
@Suite(.ownThreads) struct SettingsCommandTests {
    @Test func configShowPrintsEachSettingAndWhereItCameFrom() throws {
        var cli = try CommandRunner()
        defer { cli.remove() }
        cli.environment["SLOTSHEET_WEB_UPLOAD_LIMIT_MB"] = "40"
        let sample = Interop.repositoryRoot.appending(path: "Samples/slotsheet.toml").path
        let shown = try cli.run("config", "show", "--config", sample, "--set", "booking.min_days_ahead=2", "--lang", "en")
        #expect(shown.status == 0, "\(shown.errors)")
        let lines = shown.output.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("min_days_ahead = 2 ") && $0.hasSuffix("# the option --set booking.min_days_ahead") })
        #expect(lines.contains { $0.hasPrefix("upload_limit_mb = 40 ") && $0.hasSuffix("# the environment variable SLOTSHEET_WEB_UPLOAD_LIMIT_MB") })
        let sampleLines = try String(contentsOfFile: sample, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let closesLine = try #require(sampleLines.firstIndex { $0.hasPrefix("day_closes_at = ") }) + 1
        #expect(lines.contains { $0.hasPrefix("day_closes_at = \"16:00\" ") && $0.hasSuffix("# \(sample), line \(closesLine)") })
        #expect(lines.contains { $0.hasPrefix("language = \"en\" ") && $0.hasSuffix("# the option --lang") })
        // What it prints is itself a settings file that reads back to the same values.
        try shown.output.write(toFile: cli.path("shown.toml"), atomically: true, encoding: .utf8)
        let again = try cli.run("config", "show", "--config", "shown.toml")
        #expect(again.status == 0, "\(again.errors)")
        let values = { (text: String) in text.split(separator: "\n").filter { $0.contains(" = ") }.map { $0.prefix { $0 != "#" }.trimmingCharacters(in: .whitespaces) } }
        #expect(values(again.output) == values(shown.output))

        let builtIn = try cli.run("config", "show")
        #expect(builtIn.output.contains("max_days_ahead = 7") && builtIn.output.contains("# the built-in default"), "\(builtIn.output)")
    }

    @Test func aMistakeStopsEveryCommandWithItsPlaceInTheOfficesLanguage() throws {
        var cli = try CommandRunner()
        defer { cli.remove() }
        try "[office]\nlanguage = \"nl\"\n\n[booking]\nmax_days_ahead = \"zeven\"\n".write(toFile: cli.path("kantoor.toml"), atomically: true, encoding: .utf8)
        for command in [["db", "status"], ["config", "show"], ["history"], ["inspect", "x.xlsx"]] {
            let result = try cli.run(command + ["--config", "kantoor.toml"])
            #expect(result.status == 2, "\(command)")
            #expect(result.errors.contains("kantoor.toml, regel 5: booking.max_days_ahead moet een geheel getal zijn; er staat tekst tussen aanhalingstekens."),
                    "\(command): \(result.errors)")
        }
        cli.environment["SLOTSHEET_CONFIG"] = cli.path("missing.toml")
        let missing = try cli.run("db", "status", "--lang", "en")
        #expect(missing.status == 2 && missing.errors.contains("missing.toml (from the environment variable SLOTSHEET_CONFIG) does not exist"))
    }

    /// `serve`'s own flags map to [web] settings; a mistake in one names the flag typed (not the
    /// `--set web.listen` behind it), in the office's language, with exit code 2 and no server started.
    @Test func aBadServeFlagIsReportedByTheFlagTyped() throws {
        let cli = try CommandRunner()
        defer { cli.remove() }
        #expect(try cli.run("db", "init").status == 0)
        let cases: [([String], String)] = [
            (["--listen", "nonsense", "--lang", "en"],
             "The option --listen: \"nonsense\" is not valid; it takes an address and port, such as \"127.0.0.1:8080\" or \"[::1]:8080\"."),
            (["--listen", "127.0.0.1:99999", "--lang", "nl"], "De optie --listen: \"127.0.0.1:99999\" is niet geldig; verwacht wordt een adres en poort"),
            (["--upload-limit-mb", "0", "--lang", "nl"], "De optie --upload-limit-mb: \"0\" is niet geldig; verwacht wordt een geheel getal van 1 tot en met 1024."),
            (["--trusted-proxies", "999.1.1.1", "--lang", "en"], "The option --trusted-proxies: \"999.1.1.1\" is not valid; it takes IP addresses or networks"),
            (["--upload-expiry-hours", "0", "--lang", "en"], "The option --upload-expiry-hours: \"0\" is not valid; it takes a whole number from"),
        ]
        for (arguments, expected) in cases {
            let result = try cli.run(["serve", "--upload-dir", "uploads"] + arguments)
            #expect(result.status == 2, "\(arguments): \(result.errors)")
            #expect(result.errors.contains(expected), "\(arguments): \(result.errors)")
            #expect(!result.errors.contains("web."), "the setting behind the flag is not what was typed: \(result.errors)")
        }
        // `--set` itself still names the setting it sets.
        let set = try cli.run("serve", "--set", "web.listen=bad", "--lang", "en")
        #expect(set.status == 2 && set.errors.contains("The option --set web.listen: web.listen = \"bad\" is not valid"), "\(set.errors)")
    }

    /// A port another program holds: the server says so in the office's language, with no system
    /// text inside a Dutch sentence, and exits 7 (what it writes cannot go out).
    @Test func aPortInUseIsSaidInOurOwnWords() throws {
        let cli = try CommandRunner()
        defer { cli.remove() }
        #expect(try cli.run("db", "init").status == 0)
        let holder = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(holder) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(holder, $0, length) == 0 && listen(holder, 1) == 0 && getsockname(holder, $0, &length) == 0 }
        }
        try #require(bound, "a loopback port to hold")
        let port = Int(UInt16(bigEndian: address.sin_port))
        let dutch = try cli.run("serve", "--upload-dir", "uploads", "--listen", "127.0.0.1:\(port)", "--lang", "nl")
        #expect(dutch.status == 7, "\(dutch.errors)")
        #expect(dutch.errors.contains("De server kan niet luisteren op 127.0.0.1:\(port): een ander programma gebruikt dat adres."), "\(dutch.errors)")
        #expect(!dutch.errors.contains("Address already in use") && !dutch.errors.contains("errno"), "no system text: \(dutch.errors)")
        let english = try cli.run("serve", "--upload-dir", "uploads", "--listen", "127.0.0.1:\(port)", "--lang", "en")
        #expect(english.errors.contains("The server cannot listen on 127.0.0.1:\(port): another program uses that address."), "\(english.errors)")
    }

    @Test func theLanguageComesFromTheFlagTheFileOrTheLocale() throws {
        var cli = try CommandRunner()
        defer { cli.remove() }
        #expect(try cli.run("db", "init").status == 0)
        cli.environment["LANG"] = "nl_NL.UTF-8"
        cli.environment.removeValue(forKey: "LC_ALL")
        cli.environment.removeValue(forKey: "LC_MESSAGES")
        #expect(try cli.run("history").output.contains("Nog geen imports."))
        #expect(try cli.run("history", "--lang", "en").output.contains("No imports yet."))
        try "[office]\nlanguage = \"en\"\n".write(toFile: cli.path("en.toml"), atomically: true, encoding: .utf8)
        #expect(try cli.run("history", "--config", "en.toml").output.contains("No imports yet."))
        let undo = try cli.run("import", "undo", "99")
        #expect(undo.status == 2 && undo.errors.contains("Er is geen importbatch 99"), "\(undo.errors)")
    }

    /// `paper_size` in the settings file is the paper every printed sheet is set up for: the template's
    /// sheets, a report's sheets and its chart sheet, and the nightly's workbooks (openpyxl reads them;
    /// the hidden metadata sheet never prints and has no page setup).
    @Test func thePaperSizeFromTheSettingsFileReachesEveryPrintedSheet() throws {
        let cli = try CommandRunner()
        defer { cli.remove() }
        try #require(try cli.run("db", "init").status == 0)
        try #require(try cli.run("db", "seed", "--sample").status == 0)
        try "[office]\npaper_size = \"Letter\"\n".write(toFile: cli.path("letter.toml"), atomically: true, encoding: .utf8)
        let range = ["--from", "today", "--to", "+6"]
        for command in [["template", "export", "--all-staff", "-o", "letter-template.xlsx"],
                        ["report", "utilization", "-o", "letter-report.xlsx"]] {
            let result = try cli.run(command + range + ["--config", "letter.toml"])
            #expect(result.status == 0, "\(command): \(result.errors)")
        }
        try #require(try cli.run("template", "export", "--all-staff", "-o", "a4-template.xlsx", "--from", "today", "--to", "+6").status == 0)
        try #require(try cli.run("nightly", "--out", "nightly", "--config", "letter.toml").status == 0)
        let nightly = try FileManager.default.subpathsOfDirectory(atPath: cli.path("nightly"))
            .filter { $0.hasSuffix(".xlsx") }.map { cli.path("nightly/\($0)") }
        try #require(!nightly.isEmpty)

        let script = """
            import json, sys, openpyxl
            out = {}
            for path in sys.argv[1:]:
                wb = openpyxl.load_workbook(path)
                out[path] = sorted({ws.page_setup.paperSize for ws in wb.worksheets if ws.sheet_state == "visible"} | {cs.pageSetup.paperSize for cs in wb.chartsheets})
            print(json.dumps(out))
            """
        let letter = [cli.path("letter-template.xlsx"), cli.path("letter-report.xlsx")] + nightly
        let seen = try JSONSerialization.jsonObject(with: Data(try Interop.runPython(script, arguments: letter + [cli.path("a4-template.xlsx")]).utf8)) as? [String: [Int]]
        for path in letter { #expect(seen?[path] == [1], "\(path): Excel's code 1 is Letter; \(String(describing: seen?[path]))") }
        #expect(seen?[cli.path("a4-template.xlsx")] == [9], "without the setting, A4 (Excel's code 9)")
    }

    @Test func theCommandsOwnMessagesExistInBothLanguages() {
        let messages: [(String, CommandMessage)] = [
            ("staffChoice", .staffChoice), ("seedChoice", .seedChoice),
            ("syntheticNeeds", .syntheticNeeds), ("fillOutOfRange", .fillOutOfRange), ("keepNegative", .keepNegative), ("limitNotPositive", .limitNotPositive),
            ("noSuchSheet", .noSuchSheet(file: "rooster.xlsx", sheet: "Week 9", sheets: ["Week 1"])),
            ("aboutFile", .aboutFile(file: "rooster.xlsx", message: "...")), ("workbookNotWritten", .workbookNotWritten(detail: "error writing")),
            ("schemaVersion", .schemaVersion(location: "sqlite:db.sqlite", version: 4)),
            ("seeded", .seeded(synthetic: false, seconds: 1.5, availability: 900, requests: 440)),
            ("status", .status(location: "sqlite:db.sqlite", version: 4, current: 4)), ("noTables", .noTables),
            ("wroteTemplate", .wroteTemplate(path: "rooster.xlsx", rows: 84, days: 14, staff: 12)),
            ("wroteAvailability", .wroteAvailability(path: "rooster.csv", rows: 84, staff: 12)),
            ("wroteReport", .wroteReport(path: "bezetting.xlsx", report: "utilization", rows: 84)),
            ("wroteList", .wroteList(path: "medewerkers.xlsx", list: "Medewerkers", rows: 30)),
            ("wroteRequests", .wroteRequests(path: "verzoeken.xlsx", rows: 120)),
            ("moreChanges", .moreChanges(count: 232)),
            ("requestsBatch", .requestsBatch),
            ("undone", .undone(batch: 3, asBatch: 4, added: 1, removed: 2, unchanged: 0)), ("noImports", .noImports),
            ("historyHeader", .historyHeader), ("noImportsWithOutcome", .noImportsWithOutcome), ("limitTooSmall", .limitTooSmall),
            ("unknownOutcome", .unknownOutcome(word: "failed", outcomes: ["applied", "rejected"])), ("outcomeNeeded", .outcomeNeeded(outcomes: ["applied"])), ("undoOf", .undoOf(batch: 3)), ("listBatch", .listBatch(.staff)), ("reading", .reading(file: "rooster.xlsx")),
            ("settingsHeader", .settingsHeader(file: "/etc/slotsheet/config.toml")),
            ("summaryFormat", .summaryFormat(ods: true)), ("summaryWriter", .summaryWriter(nil)), ("summaryDateSystem", .summaryDateSystem(year: 1900)),
            ("summaryDefinedNames", .summaryDefinedNames(["Print_Area"])), ("summaryProperty", .summaryProperty(name: "slotsheet.template", value: "2")),
            ("summarySheetCount", .summarySheetCount(4)), ("summaryNoCells", .summaryNoCells(kind: "chartsheet")),
            ("summaryCounts", .summaryCounts(cells: "1,200", rows: "84")), ("summaryHidden", .summaryHidden(rows: 1, columns: 2, mergedRanges: 3)),
            ("userRefused", .userRefused(.passwordTooShort(minimum: 10))), ("noPasswordGiven", .noPasswordGiven), ("passwordsDiffer", .passwordsDiffer),
            ("userAdded", .userAdded(name: "maria", role: "office")), ("userDisabled", .userDisabled(name: "maria")), ("noUsers", .noUsers),
            ("usersHeader", .usersHeader), ("userRow", .userRow(name: "maria", role: "office", active: true, hasToken: false, created: OfficeClock().moment("2026-12-01T09:00:00Z"))),
            ("uploadFolderUnusable", .uploadFolderUnusable(path: "/srv/uploads", reason: .noPermission)),
            ("serverStopped", .serverStopped(address: "127.0.0.1:8080", failure: .addressInUse)),
            ("engine", .engine(DatabaseEngine(name: "PostgreSQL 15.18", settings: [("max_connections", "100"), ("fsync", "on")]))),
            ("wroteRequests", .wroteRequests(path: "verzoeken.xlsx", rows: 12)), ("moreChanges", .moreChanges(count: 40)),
            ("requestsBatch", .requestsBatch),
        ]
        var check = MessageCatalogueCheck()
        check.check("CommandMessage", declaredIn: "Sources/slotsheet/Output/CommandMessage.swift",
                    examples: messages.map { ($0.0, $0.1.english, $0.1.dutch) }, sameInBothLanguages: ["aboutFile"])
        #expect(check.failures.isEmpty, "\(check.failures.joined(separator: "\n"))")
    }
}

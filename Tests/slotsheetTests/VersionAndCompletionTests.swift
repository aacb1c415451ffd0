import InteropSupport
import Foundation
import SlotSheetCore
import Testing

/// `slotsheet --version` and the shell completions, as an administrator and the Debian package
/// use them: through `SlotSheet.main()`'s own handling of what the parser reports.
@Suite(.ownThreads) struct VersionAndCompletionTests {
    /// The repository's root, from this file's place in it.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    @Test func versionNamesTheChangelogsVersionTheSchemaAndTheLibrariesInstalled() throws {
        let cli = try CommandRunner()
        defer { cli.remove() }
        let result = try cli.run("--version")
        #expect(result.status == 0, "\(result.errors)")
        let lines = result.output.split(separator: "\n").map(String.init)

        let changelog = try String(contentsOf: Self.repository.appending(path: "packaging/debian/changelog"), encoding: .utf8)
        let topEntry = try #require(changelog.split(separator: "\n").first)
        let version = try #require(topEntry.firstMatch(of: /^slotsheet \(([^)]+)\)/)?.1)
        #expect(lines.first == "slotsheet \(version)", "the version is the changelog's top entry")
        #expect(lines.dropFirst().first == "schema \(Schema.version)")

        // The libraries answer at run time; here they are the ones whose headers the build used.
        // Debian's xlsxwriter.pc gives the ABI number ("4"), so libxlsxwriter's comes from its header.
        let installed = [
            ("libxlsxwriter", try Self.libxlsxwriterHeaderVersion()),
            ("libzip", try Self.pkgConfig("--modversion", "libzip")),
            ("libxml2", try Self.pkgConfig("--modversion", "libxml-2.0")),
            ("SQLite", try Self.pkgConfig("--modversion", "sqlite3")),
        ]
        for (name, version) in installed {
            #expect(lines.contains("\(name) \(version)"), "--version shows \(name) \(version): \(lines)")
        }
    }

    @Test func completionScriptsComeOutForEveryShell() throws {
        let cli = try CommandRunner()
        defer { cli.remove() }
        let expected = ["bash": "complete -o filenames -F", "zsh": "#compdef slotsheet", "fish": "complete -c 'slotsheet'"]
        for (shell, marker) in expected {
            let result = try cli.run("--generate-completion-script", shell)
            #expect(result.status == 0, "\(shell): \(result.errors)")
            #expect(result.output.contains(marker), "the \(shell) script holds \(marker)")
            for command in ["template", "import", "nightly", "inspect"] {
                #expect(result.output.contains(command), "the \(shell) script completes \(command)")
            }
        }
    }

    /// `LXW_VERSION` of the installed xlsxwriter.h ("1.1.4").
    static func libxlsxwriterHeaderVersion() throws -> String {
        let header = URL(fileURLWithPath: try pkgConfig("--variable=includedir", "xlsxwriter")).appending(path: "xlsxwriter.h")
        let text = try String(contentsOf: header, encoding: .utf8)
        return String(try #require(text.firstMatch(of: /#define LXW_VERSION "([^"]+)"/)?.1, "xlsxwriter.h defines LXW_VERSION"))
    }

    /// What `pkg-config ARGUMENTS` prints, trimmed.
    static func pkgConfig(_ arguments: String...) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["pkg-config"] + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "pkg-config \(arguments.joined(separator: " ")) answers")
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// The help of every import names the file's columns with an example, and the `import` group's own
/// page (what `man slotsheet.import` shows, generated from --experimental-dump-help) is not empty.
@Suite(.ownThreads) struct ImportHelpTests {
    @Test func everyImportsHelpNamesItsColumnsWithAnExample() throws {
        let cli = try CommandRunner()
        defer { cli.remove() }
        let expected = [
            ("staff", "code,name,employee_number,active", "(Dutch: code,naam,personeelsnummer,actief)", "ANB,Anouk Bakker,E1040,x"),
            ("dayparts", "code,label,start,end,order,active", "(Dutch: code,omschrijving,begin,einde,volgorde,actief)", "AM,08:00-12:00,08:00,12:00,1,x"),
            ("catalogue", "location,space,element,defect,active", "(Dutch: locatie,ruimte,onderdeel,gebrek,actief)", "Woning,Keuken,Kraan,Lekt,x"),
        ]
        for (list, columns, dutch, row) in expected {
            for verb in ["import", "export"] {
                let help = try cli.run(list, verb, "--help").output
                #expect(help.contains("Columns, in any order: \(columns)\n") && help.contains(dutch), "\(list) \(verb): \(help)")
                #expect(help.contains("  \(columns)\n  \(row)\n"), "\(list) \(verb) shows a file: \(help)")
            }
        }
        let availability = try cli.run("import", "--help").output
        #expect(availability.contains("date,daypart,staff,available (Dutch: datum,dagdeel,medewerker,beschikbaar)"), "\(availability)")
        #expect(availability.contains("  date,daypart,staff,available\n  2026-12-08,D09,ANB,x\n"), "\(availability)")
    }

    @Test func theImportGroupsManualPageIsNotEmpty() throws {
        let cli = try CommandRunner()
        defer { cli.remove() }
        let dump = try cli.run("--experimental-dump-help")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(dump.output.utf8)) as? [String: Any])
        let command = try #require(root["command"] as? [String: Any])
        let subcommands = try #require(command["subcommands"] as? [[String: Any]])
        let group = try #require(subcommands.first { $0["commandName"] as? String == "import" })
        let discussion = try #require(group["discussion"] as? String)
        #expect(discussion.contains("date,daypart,staff,available") && discussion.contains("slotsheet import december.xlsx --dry-run"))
    }
}

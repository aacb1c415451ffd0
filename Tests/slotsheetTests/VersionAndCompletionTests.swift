import Foundation
import SlotSheetCore
import Testing

/// `slotsheet --version` and the shell completions, as an administrator and the Debian package
/// use them: through `SlotSheet.main()`'s own handling of what the parser reports.
@Suite struct VersionAndCompletionTests {
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
        for (name, module) in [("libxlsxwriter", "xlsxwriter"), ("libzip", "libzip"), ("libxml2", "libxml-2.0"), ("SQLite", "sqlite3")] {
            let installed = try Self.pkgConfigVersion(module)
            #expect(lines.contains("\(name) \(installed)"), "--version shows \(name) \(installed): \(lines)")
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

    static func pkgConfigVersion(_ module: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["pkg-config", "--modversion", module]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "pkg-config knows \(module)")
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

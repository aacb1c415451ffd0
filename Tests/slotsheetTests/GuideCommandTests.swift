import Foundation
import InteropSupport
import Testing

/// Every command line the guides show in a ```sh block runs as shown: each guide's blocks, in
/// order, as one bash script (`set -e`: a failing line fails the test) with the built `slotsheet`
/// first on PATH, in a scratch folder, on a SQLite database of its own (fresh for the new office's
/// guide and the README, which make their own; seeded with the sample data for the others). ```console blocks (root,
/// systemd, a running server) are not run.
@Suite(.ownThreads) struct GuideCommandTests {
    static let docs = Interop.repositoryRoot.appending(path: "docs")

    /// The text of every ```sh block of `markdown`, in order.
    static func shellBlocks(_ markdown: String) -> [String] {
        var blocks: [String] = [], current: [String]? = nil
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```sh" {
                current = []
            } else if current != nil, line == "```" {
                blocks.append(current!.joined(separator: "\n"))
                current = nil
            } else if current != nil {
                current!.append(String(line))
            }
        }
        return blocks
    }

    /// The guides in docs/, and the README (as `../README.md`).
    static var guides: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []).filter { $0.hasSuffix(".md") }.sorted() + ["../README.md"]
    }

    /// The guides that make their own database (the others run on the sample data).
    static let makeTheirOwnDatabase: Set<String> = ["new-office.md", "../README.md"]

    @Test func theNewOfficeGuideShowsCommandsToRun() throws {
        let text = try String(contentsOf: Self.docs.appending(path: "new-office.md"), encoding: .utf8)
        let blocks = Self.shellBlocks(text)
        #expect(blocks.count >= 5)
        for command in ["dayparts import", "staff import", "catalogue import", "template export", "import rooster.xlsx", "nightly"] {
            #expect(blocks.contains { $0.contains("slotsheet \(command)") }, "the guide runs slotsheet \(command)")
        }
    }

    @Test(arguments: GuideCommandTests.guides) func everyShownCommandRuns(_ guide: String) throws {
        let text = try String(contentsOf: Self.docs.appending(path: guide), encoding: .utf8)
        let blocks = Self.shellBlocks(text)
        guard !blocks.isEmpty else { return }
        var cli = try CommandRunner(today: "2026-12-01")
        defer { cli.remove() }
        cli.environment["SLOTSHEET_DB"] = "sqlite:" + cli.path("office.sqlite")
        cli.environment["PATH"] = CommandRunner.executable.deletingLastPathComponent().path + ":" + (cli.environment["PATH"] ?? "/usr/bin:/bin")
        cli.environment.removeValue(forKey: "SLOTSHEET_CONFIG")
        if !Self.makeTheirOwnDatabase.contains(guide) {
            try #require(try cli.run("db", "init").status == 0)
            try #require(try cli.run("db", "seed", "--sample").status == 0)
        }
        for (index, block) in blocks.enumerated() {
            let script = "set -euo pipefail\n" + block
            let result = try cli.run(program: URL(fileURLWithPath: "/bin/bash"), ["-c", script])
            #expect(result.status == 0, "\(guide), block \(index + 1) failed (exit \(result.status)):\n\(block)\n--- output\n\(result.output)\n--- errors\n\(result.errors)")
            if result.status != 0 { break }
        }
    }
}

/// docs/commands.md is what `scripts/commands-reference.py` makes from the built binary's own help:
/// a command, option or example changed without the reference fails here (regenerate it with
/// `python3 scripts/commands-reference.py .build/debug/slotsheet > docs/commands.md`).
@Suite(.ownThreads) struct CommandsReferenceTests {
    @Test func theReferenceIsTheCommandsOwnHelp() throws {
        let cli = try CommandRunner()
        defer { cli.remove() }
        let script = Interop.repositoryRoot.appending(path: "scripts/commands-reference.py").path
        let generated = try cli.run(program: URL(fileURLWithPath: "/usr/bin/python3"), [script, CommandRunner.executable.path])
        #expect(generated.status == 0, "\(generated.errors)")
        let committed = try String(contentsOf: GuideCommandTests.docs.appending(path: "commands.md"), encoding: .utf8)
        #expect(generated.output == committed, "docs/commands.md differs from the commands' help: regenerate it")
        for command in ["## slotsheet import", "## slotsheet staff import", "## slotsheet report", "## slotsheet serve", "## slotsheet nightly"] {
            #expect(committed.contains(command + "\n"))
        }
    }
}

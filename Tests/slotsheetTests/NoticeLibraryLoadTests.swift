import InteropSupport
import Foundation
import Testing

/// libcurl (and the 28 libraries it brings) is loaded by `notices send` only: every other command
/// starts without it. Seen as the loader reports it (`LD_DEBUG=files` names each library it opens).
@Suite(.ownThreads) struct NoticeLibraryLoadTests {
    private func librariesOpened(_ cli: CommandRunner, _ arguments: String...) throws -> (CommandRunner.Result, [String]) {
        var traced = cli
        traced.environment["LD_DEBUG"] = "files"
        let result = try traced.run(arguments)
        let opened = result.errors.split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: "file=") else { return nil }
            return line[range.upperBound...].split(separator: " ").first.map(String.init)
        }
        return (result, opened)
    }

    @Test func onlyTheSenderLoadsLibcurl() throws {
        var cli = try CommandRunner()
        defer { cli.remove() }
        #expect(try cli.run("db", "init").status == 0)
        let (version, atVersion) = try librariesOpened(cli, "--version")
        #expect(version.status == 0 && atVersion.contains("libxml2.so.2"), "the trace names the libraries: \(atVersion)")
        #expect(!atVersion.contains { $0.hasPrefix("libcurl") }, "\(atVersion)")
        let (list, atList) = try librariesOpened(cli, "notices", "list")
        #expect(list.status == 0 && !atList.contains { $0.hasPrefix("libcurl") }, "\(atList)")

        // The sender with nothing due: it opens libcurl all the same before it claims anything.
        cli.environment["SLOTSHEET_CONFIG"] = cli.path("config.toml")
        try ["[mail]", "host = \"127.0.0.1\"", "port = 9", "security = \"none\"", "from = \"office@repairs.example\""]
            .joined(separator: "\n").write(toFile: cli.path("config.toml"), atomically: true, encoding: .utf8)
        let (send, atSend) = try librariesOpened(cli, "notices", "send")
        #expect(send.status == 0, "\(send.errors.suffix(2000))")
        #expect(atSend.contains("libcurl.so.4"), "\(atSend)")
    }
}

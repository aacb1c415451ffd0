import Foundation
import InteropSupport
import Testing

/// `sudo -u slotsheet slotsheet ... -o /root/kantoor/rooster.xlsx`: a folder that exists but that the
/// user may not enter or write in is named with the user, not called missing (exit 7, nothing
/// written). The command runs as `nobody` through setpriv, which needs root (root itself ignores
/// file modes, so only another user proves it).
@Suite(.ownThreads, .enabled(if: RequiredTool.runs(when: getuid() == 0), "switching to another user needs root"))
struct FolderPermissionTests {
    /// A seeded database every user may use, and a folder `closed/kantoor` owned by root: `closed`
    /// has mode `closedMode`, `kantoor` 0755.
    static func prepared(closedMode: Int) throws -> (CommandRunner, String) {
        try RequiredTool.require(getuid() == 0, "These tests run a command as nobody, which needs root; run make test as root.")
        let cli = try CommandRunner(today: "2026-12-01")
        #expect(try cli.run("db", "init").status == 0)
        #expect(try cli.run("db", "seed", "--sample").status == 0)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: cli.folder.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: cli.path("slotsheet.sqlite"))
        let kantoor = cli.path("closed/kantoor")
        try FileManager.default.createDirectory(atPath: kantoor, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o755])
        try FileManager.default.setAttributes([.posixPermissions: closedMode], ofItemAtPath: cli.path("closed"))
        return (cli, kantoor)
    }

    static func runAsNobody(_ cli: CommandRunner, _ arguments: [String]) throws -> CommandRunner.Result {
        try cli.run(program: try RequiredTool.program("setpriv"),
                    ["--reuid=nobody", "--regid=nogroup", "--clear-groups", CommandRunner.executable.path] + arguments)
    }

    static let exports: [[String]] = [
        ["template", "export", "--from", "2026-12-01", "--to", "2026-12-07", "--all-staff", "-o", "FILE.xlsx"],
        ["report", "utilization", "--from", "2026-11-30", "--to", "2026-12-13", "-o", "FILE.csv"],
    ]

    @Test func aFolderTheUserMayNotEnterIsNamedWithTheUser() throws {
        let (cli, kantoor) = try Self.prepared(closedMode: 0o700)
        defer { cli.remove() }
        for export in Self.exports {
            let arguments = export.map { $0.replacingOccurrences(of: "FILE", with: kantoor + "/rooster") }
            let english = try Self.runAsNobody(cli, arguments)
            #expect(english.status == 7, "\(english.errors)")
            #expect(english.errors.contains("The user nobody may not enter the folder \(cli.path("closed"))."), "\(english.errors)")
            #expect(!english.errors.contains("does not exist"), "\(english.errors)")
            let dutch = try Self.runAsNobody(cli, arguments + ["--lang", "nl"])
            #expect(dutch.status == 7)
            #expect(dutch.errors.contains("De gebruiker nobody mag de map \(cli.path("closed")) niet openen."), "\(dutch.errors)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: kantoor).isEmpty, "nothing written")
    }

    @Test func aFolderTheUserMayNotWriteInIsNamedWithTheUser() throws {
        let (cli, kantoor) = try Self.prepared(closedMode: 0o755)
        defer { cli.remove() }
        for export in Self.exports {
            let arguments = export.map { $0.replacingOccurrences(of: "FILE", with: kantoor + "/rooster") }
            let result = try Self.runAsNobody(cli, arguments)
            #expect(result.status == 7, "\(result.errors)")
            #expect(result.errors.contains("The user nobody may not write in the folder \(kantoor)."), "\(result.errors)")
        }
        // The control: a folder nobody may write in takes the file.
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: kantoor)
        let written = try Self.runAsNobody(cli, Self.exports[0].map { $0.replacingOccurrences(of: "FILE", with: kantoor + "/rooster") })
        #expect(written.status == 0, "\(written.errors)")
        #expect(FileManager.default.fileExists(atPath: kantoor + "/rooster.xlsx"))
    }
}

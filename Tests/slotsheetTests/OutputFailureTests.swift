import Foundation
import InteropSupport
import Testing

/// A small file system of its own for one test: a tmpfs mounted on a fresh folder, so a full
/// disk and a read-only folder are real (root ignores file modes, so chmod would prove nothing).
struct ScratchMount {
    let path: String

    /// Whether this process may mount (root, and not in a container that forbids it).
    static let permitted: Bool = {
        guard getuid() == 0, let probe = try? ScratchMount(options: "size=64k") else { return false }
        probe.unmount()
        return true
    }()

    init(options: String) throws {
        path = FileManager.default.temporaryDirectory.appending(path: "slotsheet-mount-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        guard ScratchMount.system("/bin/mount", ["-t", "tmpfs", "-o", options, "tmpfs", path]) else {
            try? FileManager.default.removeItem(atPath: path)
            throw CocoaError(.featureUnsupported)
        }
    }

    /// What the folder holds, hidden files too.
    func listing() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }

    func unmount() {
        _ = ScratchMount.system("/bin/umount", [path])
        try? FileManager.default.removeItem(atPath: path)
    }

    private static func system(_ program: String, _ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}

/// Every command that writes a file, into a folder that is read-only and onto a disk that is full:
/// exit code 7, a message naming the file and the reason, nothing left in the folder, and nothing
/// recorded in the database.
@Suite(.ownThreads, .enabled(if: RequiredTool.runs(when: ScratchMount.permitted), "mounting a tmpfs needs root and a system that allows mount(2)"))
struct OutputFailureTests {
    enum Device: String, CaseIterable, Sendable {
        case readOnly, full

        var reason: String { self == .readOnly ? "the folder is read-only" : "no space left on the device" }
        var dutchReason: String { self == .readOnly ? "de map is alleen-lezen" : "er is geen ruimte meer op het apparaat" }
    }

    /// A command writing `file` into the folder `DIR`.
    struct Command: CustomTestStringConvertible, Sendable {
        let name: String
        let file: String
        let arguments: [String]
        var testDescription: String { name }

        func arguments(in folder: String) -> [String] {
            arguments.map { $0.replacingOccurrences(of: "DIR", with: folder) }
        }
    }

    static let range = ["--from", "2026-11-30", "--to", "2027-01-31"]
    static let commands: [Command] = [
        Command(name: "template export", file: "t.xlsx", arguments: ["template", "export"] + range + ["--all-staff", "-o", "DIR/t.xlsx"]),
        Command(name: "export availability", file: "a.csv",
                arguments: ["export", "availability"] + range + ["--all-staff", "--format", "csv", "-o", "DIR/a.csv"]),
        Command(name: "report utilization (xlsx)", file: "u.xlsx", arguments: ["report", "utilization"] + range + ["-o", "DIR/u.xlsx"]),
        Command(name: "report requests (csv)", file: "r.csv", arguments: ["report", "requests"] + range + ["--format", "csv", "-o", "DIR/r.csv"]),
        Command(name: "import --errors-out", file: "errors.xlsx", arguments: ["import", "bad.csv", "--errors-out", "DIR/errors.xlsx"]),
        Command(name: "nightly", file: "", arguments: ["nightly", "--out", "DIR"]),
    ]

    /// A seeded database and a CSV with problems, for `--errors-out`.
    static func prepared() throws -> CommandRunner {
        try RequiredTool.require(ScratchMount.permitted, "These tests mount a tmpfs, which needs root and a system that allows mount(2); "
                                 + "run make test as root on such a system (SLOTSHEET_REQUIRE_TOOLS=1 asks for it).")
        let cli = try CommandRunner(today: "2026-12-01")
        #expect(try cli.run("db", "init").status == 0)
        #expect(try cli.run("db", "seed", "--sample").status == 0)
        var bad = "date,daypart,staff,available\r\n"
        for day in 2...28 { bad += "2026-12-\(String(format: "%02d", day)),D09,ANB,maybe\r\n" }
        try bad.write(toFile: cli.path("bad.csv"), atomically: true, encoding: .utf8)
        return cli
    }

    /// A tmpfs that is read-only, or full but for a few KB (less than any of these files needs).
    static func mount(_ device: Device) throws -> ScratchMount {
        guard device == .full else { return try ScratchMount(options: "ro,size=64k") }
        let mount = try ScratchMount(options: "size=256k")
        guard FileManager.default.createFile(atPath: mount.path + "/filler", contents: Data(count: 252 * 1024)) else {
            mount.unmount()
            throw CocoaError(.fileWriteOutOfSpace)
        }
        return mount
    }

    @Test(arguments: commands, Device.allCases)
    func failsWithExitSevenAndLeavesNothing(_ command: Command, _ device: Device) throws {
        let cli = try OutputFailureTests.prepared()
        defer { cli.remove() }
        let mount = try OutputFailureTests.mount(device)
        defer { mount.unmount() }
        let before = (database: try cli.run("db", "status").output, files: mount.listing())

        let speaksDutch = ["template", "report", "import"].contains(command.arguments[0])
        for (language, reason) in [("en", device.reason)] + (speaksDutch ? [("nl", device.dutchReason)] : []) {
            let result = try cli.run(command.arguments(in: mount.path) + (language == "nl" ? ["--lang", "nl"] : []))
            // libxlsxwriter prints its own lines (with the temporary name) before slotsheet's message.
            let message = result.errors.split(separator: "\n").filter { $0.hasPrefix("slotsheet:") }.joined(separator: "\n")
            #expect(result.status == 7, "\(language): exit \(result.status): \(result.output)\(result.errors)")
            #expect(message.contains(reason), "\(language): the reason is said: \(message)")
            #expect(message.contains(mount.path + "/" + command.file), "the file is named: \(message)")
            #expect(!message.contains(".partial-") && !message.contains(".staging-"), "a temporary name is no use to the office: \(message)")
        }

        let left = mount.listing().filter { $0 != ".slotsheet-nightly.lock" }
        #expect(left == before.files, "nothing partial or temporary is left: \(left)")
        // A refused import is in the audit trail (one `import_batch` row an attempt, no change);
        // nothing else is recorded, no `export_run` above all.
        let attempts = command.arguments[0] == "import" ? (speaksDutch ? 2 : 1) : 0
        #expect(try cli.run("db", "status").output == OutputFailureTests.status(before.database, importBatchesAdded: attempts),
                "no export_run (nor anything else) is recorded")
    }

    /// `db status` as it reads after `added` more import batches.
    static func status(_ status: String, importBatchesAdded added: Int) -> String {
        status.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard line.trimmingCharacters(in: .whitespaces).hasPrefix("import_batch"),
                  let count = line.split(separator: " ").last.flatMap({ Int($0) }) else { return String(line) }
            let number = String(count + added)
            return String(line.dropLast(String(count).count).dropLast(max(0, number.count - String(count).count))) + number
        }.joined(separator: "\n")
    }

    /// The control: the same commands succeed on a writable folder with room, so the failures above
    /// come from the device.
    @Test(arguments: commands)
    func succeedsWithRoom(_ command: Command) throws {
        let cli = try OutputFailureTests.prepared()
        defer { cli.remove() }
        let mount = try ScratchMount(options: "size=16m")
        defer { mount.unmount() }
        let result = try cli.run(command.arguments(in: mount.path))
        let expected: Int32 = command.name.hasPrefix("import") ? 1 : 0
        #expect(result.status == expected, "\(result.output)\(result.errors)")
        #expect(!mount.listing().filter { !$0.hasPrefix(".") }.isEmpty, "a file was written")
        #expect(mount.listing().allSatisfy { !$0.contains(".partial-") && !$0.contains(".staging-") })
    }
}

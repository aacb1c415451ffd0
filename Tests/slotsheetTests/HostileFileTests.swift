import Foundation
import GRDB
import InteropSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Every hostile workbook (.xlsx and .ods) of `Fuzz/hostile_files.py` handed to the real binary, the way an office
/// upload reaches it: `slotsheet inspect` refuses it with the documented exit code, within 2 s of CPU time
/// and 200 MB (the child's own CPU time and peak RSS from `wait4`; CPU time, not wall time, so a machine
/// busy with other work does not fail the bound, while a wall-time guard still catches a hang), and
/// `slotsheet import` refuses it with
/// exit code 4 and leaves the database exactly as it was. The secret an external entity points at
/// never appears in any output.
@Suite(.ownThreads, .serialized) struct HostileFileTests {
    /// The work a hostile file may cost: CPU seconds of the child, user and system together.
    private static let maxCPUSeconds = 2.0
    /// Wall time past which a run counts as hung, whatever else the machine is doing.
    private static let hangSeconds = 30.0
    private static let maxMegabytes = 200

    @Test func inspectRefusesEachFileWithItsExitCodeInBoundedTimeAndMemory() throws {
        let cli = try CommandRunner()
        defer { cli.remove() }
        let corpus = try GeneratedHostileFiles(in: cli.path("hostile"))
        var slowest: (name: String, run: MeasuredRun)?
        var largest: (name: String, run: MeasuredRun)?
        for (name, expectation) in corpus.manifest.files.sorted(by: { $0.key < $1.key }) {
            let run = try MeasuredRun(["inspect", corpus.path(name), "--cells"], environment: cli.environment,
                                      scratch: cli.path("run"))
            #expect(run.status == expectation.exit, "\(name): \(run.errors)")
            #expect(run.cpuSeconds < HostileFileTests.maxCPUSeconds, "\(name) took \(run.cpuSeconds) s of CPU time")
            #expect(run.seconds < HostileFileTests.hangSeconds, "\(name) ran \(run.seconds) s: hung")
            #expect(run.peakKilobytes < HostileFileTests.maxMegabytes * 1024, "\(name) peaked at \(run.peakKilobytes) KiB")
            #expect(!run.output.contains(corpus.manifest.secretMarker) && !run.errors.contains(corpus.manifest.secretMarker),
                    "\(name) leaked the file an entity points at")
            if expectation.exit != 0 {
                let verdict = expectation.exit == 11 ? #"{"error": "encrypted"}"# : #"{"error": "corrupt"}"#
                #expect(run.output == verdict + "\n", "\(name): only the verdict is printed")
                #expect(expectation.part.isEmpty || run.errors.contains(expectation.part),
                        "\(name): the message names \(expectation.part)")
            }
            if run.cpuSeconds > slowest?.run.cpuSeconds ?? -1 { slowest = (name, run) }
            if run.peakKilobytes > largest?.run.peakKilobytes ?? -1 { largest = (name, run) }
        }
        if let slowest, let largest {
            print("hostile files: slowest \(slowest.name) \(slowest.run.cpuSeconds) s CPU, \(slowest.run.seconds) s wall (\(slowest.run.peakKilobytes) KiB); "
                  + "largest peak RSS \(largest.name) \(largest.run.peakKilobytes) KiB (\(largest.run.seconds) s)")
        }
    }

    @Test func importRefusesEachFileWithExitFourAndLeavesTheDatabaseUnchanged() throws {
        let cli = try CommandRunner()
        defer { cli.remove() }
        let database = cli.path("slotsheet.sqlite")
        #expect(try cli.run("db", "init", "--db", "sqlite:\(database)").status == 0)
        #expect(try cli.run("db", "seed", "--sample", "--db", "sqlite:\(database)").status == 0)
        let before = try HostileFileTests.contents(of: database)
        let corpus = try GeneratedHostileFiles(in: cli.path("hostile"))
        for name in corpus.manifest.files.keys.sorted() where name != "control" {
            let run = try MeasuredRun(["import", corpus.path(name), "--db", "sqlite:\(database)"],
                                      environment: cli.environment, scratch: cli.path("run"))
            #expect(run.status == 4, "\(name): \(run.errors)")
            #expect(run.cpuSeconds < HostileFileTests.maxCPUSeconds, "\(name) took \(run.cpuSeconds) s of CPU time")
            #expect(run.seconds < HostileFileTests.hangSeconds, "\(name) ran \(run.seconds) s: hung")
            #expect(run.peakKilobytes < HostileFileTests.maxMegabytes * 1024, "\(name) peaked at \(run.peakKilobytes) KiB")
            #expect(!run.output.contains(corpus.manifest.secretMarker) && !run.errors.contains(corpus.manifest.secretMarker))
        }
        #expect(try HostileFileTests.contents(of: database) == before, "no hostile file changed the database")
    }

    /// Every row of every table, as text: what "unchanged" means.
    private static func contents(of path: String) throws -> [String] {
        var configuration = Configuration()
        configuration.readonly = true
        let database = try DatabaseQueue(path: path, configuration: configuration)
        return try database.read { db in
            let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
            return try tables.flatMap { table in
                try Row.fetchAll(db, sql: "SELECT * FROM \"\(table)\" ORDER BY rowid").map { "\(table) \($0)" }
            }
        }
    }
}

/// The files of `Fuzz/hostile_files.py`, made in a folder, with what `inspect` must answer for each.
private struct GeneratedHostileFiles {
    struct Manifest: Decodable {
        struct Expectation: Decodable {
            /// `inspect`'s exit code.
            let exit: Int32
            /// The part (or zip entry) the refusal names; empty when it concerns the whole file.
            let part: String
        }

        let secretMarker: String
        let files: [String: Expectation]
    }

    let folder: String
    let manifest: Manifest

    init(in folder: String) throws {
        self.folder = folder
        let generator = Interop.repositoryRoot.appending(path: "Fuzz/hostile_files.py").path
        try Interop.runPython("import runpy, sys; sys.argv = sys.argv[1:]; runpy.run_path(sys.argv[0], run_name='__main__')",
                              arguments: [generator, folder])
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        manifest = try decoder.decode(Manifest.self, from: Data(contentsOf: URL(fileURLWithPath: "\(folder)/manifest.json")))
    }

    /// The file of an attack: the .ods twins are named `ods-...`.
    func path(_ name: String) -> String { "\(folder)/\(name).\(name.hasPrefix("ods-") ? "ods" : "xlsx")" }
}

/// One run of the `slotsheet` binary, measured: wall time, CPU time and the peak resident memory of
/// that command alone. Linux counts in a child's `ru_maxrss` the memory of the process it started as
/// a copy of, so the command is started by a small python3 that reports the command's rusage (a
/// test process grown past the limit by other suites no longer fails every file). Output goes to
/// files, so nothing can stall on a full pipe.
private struct MeasuredRun {
    let status: Int32
    let seconds: Double
    /// User plus system CPU time of the command (`wait4`'s rusage, taken by a small python3 parent).
    let cpuSeconds: Double
    /// `ru_maxrss`: KiB on Linux.
    let peakKilobytes: Int
    let output: String
    let errors: String

    init(_ arguments: [String], environment: [String: String], scratch: String) throws {
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        let outputPath = "\(scratch)/stdout", errorsPath = "\(scratch)/stderr"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errorsPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        // Linux's posix_spawn shares the test process's memory until exec, and ru_maxrss keeps that
        // high-water mark: a child spawned from a large test process "peaks" at the test process's
        // size. So a small python3 forks and waits for the command and writes its own rusage.
        let usagePath = "\(scratch)/rusage"
        let program = "/usr/bin/python3"
        let measure = """
            import os, sys
            pid = os.fork()
            if pid == 0:
                os.execv(sys.argv[2], sys.argv[2:])
            _, status, usage = os.wait4(pid, 0)
            open(sys.argv[1], "w").write(f"{usage.ru_maxrss} {usage.ru_utime} {usage.ru_stime}")
            os._exit(os.waitstatus_to_exitcode(status) if os.WIFEXITED(status) else 128 + os.WTERMSIG(status))
            """
        let argv = ([program, "-c", measure, usagePath, CommandRunner.executable.path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let start = Date()
        let spawned = posix_spawn(&pid, program, &actions, nil, argv, envp)
        guard spawned == 0 else { throw Interop.Failure(description: "cannot start \(program): \(String(cString: strerror(spawned)))") }
        var waitStatus: Int32 = 0
        var usage = rusage()
        while wait4(pid, &waitStatus, 0, &usage) < 0 && errno == EINTR {}
        seconds = Date().timeIntervalSince(start)
        // WIFEXITED/WEXITSTATUS by hand (the macros do not reach Swift): a signal death is reported as 128 + signal.
        status = waitStatus & 0x7F == 0 ? (waitStatus >> 8) & 0xFF : 128 + (waitStatus & 0x7F)
        let measured = ((try? String(contentsOfFile: usagePath, encoding: .utf8)) ?? "").split(separator: " ").compactMap { Double($0) }
        guard measured.count == 3 else { throw Interop.Failure(description: "python3 did not report the command's resource use") }
        peakKilobytes = Int(measured[0])
        cpuSeconds = measured[1] + measured[2]
        output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        errors = (try? String(contentsOfFile: errorsPath, encoding: .utf8)) ?? ""
    }
}

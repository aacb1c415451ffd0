import Foundation
import GRDB
import InteropSupport

/// Settings of the crash and contention tests that a longer run by hand can raise, read from the
/// environment, e.g. `SLOTSHEET_KILL_TRIALS=60 SLOTSHEET_KILL_IMPORT_DAYS=365 swift test --filter ImportCrash`.
enum KillSettings {
    /// A positive whole number from the environment, or `value`.
    static func count(_ name: String, default value: Int) -> Int {
        guard let text = ProcessInfo.processInfo.environment[name], let number = Int(text), number > 0 else { return value }
        return number
    }
}

/// A `slotsheet` run started to be killed: a real process in the runner's folder and environment,
/// its standard output in a file (read afterwards for the phase it reached), SIGKILLed at a moment
/// the test picks.
final class KillableRun {
    private let process = Process()
    private let started: Date
    let outputPath: String

    init(_ cli: CommandRunner, _ arguments: [String], output: String) throws {
        outputPath = cli.path(output)
        _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
        process.executableURL = CommandRunner.executable
        process.arguments = arguments
        process.currentDirectoryURL = cli.folder
        process.environment = cli.environment
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
        process.standardError = FileHandle.nullDevice
        started = Date()
        try process.run()
    }

    /// Seconds since the start.
    var elapsed: TimeInterval { Date().timeIntervalSince(started) }

    /// Waits until `seconds` after the start or until `condition` holds, polling every millisecond;
    /// returns false when the process ended first.
    @discardableResult
    func wait(until seconds: TimeInterval = .infinity, or condition: () -> Bool = { false }) -> Bool {
        while process.isRunning {
            if elapsed >= seconds || condition() { return true }
            usleep(1000)
        }
        return false
    }

    /// SIGKILLs the process and reaps it. True when the signal ended it, false when it had
    /// finished on its own before the signal came.
    func kill() -> Bool {
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        return process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL
    }

    /// Waits for the process to end on its own; its exit status.
    func finish() -> Int32 {
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// What the process printed on standard output.
    func output() -> String {
        (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    }
}

/// How long the last few uninterrupted runs took, so that kill moments follow the machine's load.
struct RecentDurations {
    private var seconds: [TimeInterval]

    init(_ first: TimeInterval) {
        seconds = [first]
    }

    mutating func add(_ duration: TimeInterval) {
        seconds = Array((seconds + [duration]).suffix(5))
    }

    /// The median of the last five.
    var typical: TimeInterval { seconds.sorted()[seconds.count / 2] }
}

/// Counts of trials per phase, printed as one line for the test log and the report.
struct PhaseTally: CustomStringConvertible {
    private(set) var counts: [String: Int] = [:]
    private var order: [String] = []

    mutating func add(_ phase: String) {
        if counts[phase] == nil { order.append(phase) }
        counts[phase, default: 0] += 1
    }

    subscript(phase: String) -> Int { counts[phase] ?? 0 }

    var total: Int { counts.values.reduce(0, +) }

    var description: String { order.map { "\($0): \(counts[$0]!)" }.joined(separator: ", ") }
}

/// Scratch files of the runner's folder.
extension CommandRunner {
    /// A runner on 1 December 2026 with the sample database.
    static func withSampleDatabase() throws -> CommandRunner {
        let cli = try CommandRunner(today: "2026-12-01")
        for arguments in [["db", "init"], ["db", "seed", "--sample"]] {
            let result = try cli.run(arguments)
            guard result.status == 0 else { throw Interop.Failure(description: "\(arguments): \(result.errors)") }
        }
        return cli
    }

    /// Writes a CSV that marks one person available on `date` who is not yet (always allowed from
    /// today on), so importing it changes exactly one cell; returns its name.
    func oneNewMark(on date: String = "2026-12-03", database: String = "slotsheet.sqlite") throws -> String {
        let cell = try DatabaseQueue(path: path(database)).read { db in
            try Row.fetchOne(db, sql: """
                SELECT d.code, s.code FROM daypart d, staff s
                WHERE d.active AND s.active AND NOT EXISTS (
                    SELECT 1 FROM availability a WHERE a.date = ? AND a.daypart_id = d.id AND a.staff_id = s.id)
                ORDER BY d.sort_order, s.code LIMIT 1
                """, arguments: [date])
        }
        guard let cell else { throw Interop.Failure(description: "everyone is available on \(date)") }
        try "date,daypart,staff,available\n\(date),\(cell[0] as String),\(cell[1] as String),x\n"
            .write(toFile: path("mark.csv"), atomically: true, encoding: .utf8)
        return "mark.csv"
    }

    /// Copies `source` over `target`, replacing it and any `-wal`/`-shm` beside it (or beneath it,
    /// for a folder), so every trial starts from the same prepared state and from nothing else.
    func restore(_ source: String, to target: String) throws {
        for suffix in ["", "-wal", "-shm"] {
            try? FileManager.default.removeItem(atPath: path(target + suffix))
        }
        try FileManager.default.copyItem(atPath: path(source), toPath: path(target))
    }

    /// The size of a file in the folder, 0 when it does not exist.
    func size(_ name: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path(name)))?[.size] as? Int) ?? 0
    }
}

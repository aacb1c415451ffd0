import Foundation
import InteropSupport

/// Runs the built `slotsheet` binary as a real process, the way office scripts and cron do.
struct CommandRunner {
    struct Result {
        let status: Int32
        let output: String
        let errors: String
    }

    /// A scratch folder the commands run in, removed with the runner.
    let folder: URL
    var environment: [String: String]

    /// The `slotsheet` executable beside the test bundle in the build folder.
    static let executable: URL = {
        let buildFolder = Bundle.main.bundleURL.deletingLastPathComponent()
        for candidate in [Bundle.main.bundleURL.appending(path: "slotsheet"), buildFolder.appending(path: "slotsheet")]
        where FileManager.default.isExecutableFile(atPath: candidate.path) {
            return candidate
        }
        return buildFolder.appending(path: "slotsheet")
    }()

    init(today: String = "2026-12-01") throws {
        folder = FileManager.default.temporaryDirectory.appending(path: "slotsheet-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment
        environment["SLOTSHEET_TODAY"] = today
        environment.removeValue(forKey: "SLOTSHEET_DB")
        self.environment = environment
    }

    func path(_ name: String) -> String { folder.appending(path: name).path }

    @discardableResult
    func run(_ arguments: String...) throws -> Result {
        try run(arguments)
    }

    func run(_ arguments: [String]) throws -> Result {
        try run(program: CommandRunner.executable, arguments)
    }

    /// Runs another program in the scratch folder with the same environment (e.g. `script`, to give
    /// slotsheet a terminal).
    func run(program: URL, _ arguments: [String]) throws -> Result {
        if let finished = try SpawnedProcess.run(program.path, arguments, environment: environment, directory: folder.path) {
            return Result(status: finished.status, output: String(decoding: finished.output, as: UTF8.self),
                          errors: String(decoding: finished.errors, as: UTF8.self))
        }
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.environment = environment
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Drain standard error on another thread, so a chatty command cannot fill a pipe and stall.
        let errorText = LockedText()
        let drained = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            errorText.value = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            drained.signal()
        }
        let outputText = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        drained.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: outputText, errors: errorText.value)
    }

    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }
}

/// Text handed from the draining thread to the test.
private final class LockedText: @unchecked Sendable {
    private let lock = NSLock()
    private var text = ""
    var value: String {
        get { lock.withLock { text } }
        set { lock.withLock { text = newValue } }
    }
}

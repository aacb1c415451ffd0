import Foundation
import InteropSupport
import Testing

/// The real thing: the built `slotsheet` binary serves a database made by its own commands, a real
/// Chromium (Debian's, driven by Playwright from `.venv-web`) walks the office's round trip
/// (upload, preview, apply, a plan that changed, history, an admin's undo) and
/// writes a screenshot of each page (`.build/test-output/web-walk-BACKEND/`), an oversized upload is
/// streamed at it, and SIGTERM stops it gracefully. Under `make test` a missing browser or venv
/// fails the test with the reason; plain `swift test` skips it.
@Suite(.ownThreads, .serialized) struct BrowserWalkTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let python = root.appending(path: ".venv-web/bin/python")
    static let schemathesis = root.appending(path: ".venv-web/bin/schemathesis")
    static let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }

    static var missingTool: String? {
        if chromium == nil { return "Chromium is not installed (bash scripts/install-deps.sh --test installs Debian's chromium)" }
        if !FileManager.default.isExecutableFile(atPath: python.path) { return ".venv-web is missing (bash scripts/install-deps.sh --test)" }
        if !FileManager.default.isExecutableFile(atPath: schemathesis.path) {
            return "schemathesis is missing from .venv-web (bash scripts/install-deps.sh --test)"
        }
        return nil
    }

    @Test(arguments: TestBackend.available) func theOfficeRoundTripInARealBrowser(_ backend: TestBackend) async throws {
        if let missing = Self.missingTool {
            if PostgresTestServer.isRequired { Issue.record("the browser walk cannot run: \(missing)") }
            return
        }
        let server = try await offThread { try ServedDatabase(backend) }
        defer { server.stop() }
        let out = Self.root.appending(path: ".build/test-output/web-walk-\(backend.rawValue)")
        try? FileManager.default.removeItem(at: out)
        let environment = ["SLOTSHEET_WALK_OFFICE": "olga", "SLOTSHEET_WALK_ADMIN": "adam", "SLOTSHEET_WALK_PASSWORD": ServedDatabase.password, "SLOTSHEET_CHROMIUM": Self.chromium!]
        let walk = try ServedDatabase.run(Self.python, [Self.root.appending(path: "scripts/web_walk.py").path, server.url, out.path], environment: environment)
        #expect(walk.status == 0, "\(walk.output)")
        // schemathesis against docs/openapi.yaml and this server: no 5xx, no answer outside the schema.
        let token = try ServedDatabase.run(ServedDatabase.executable, ["user", "token", "adam"], environment: server.environment)
        #expect(token.status == 0, "\(token.output)")
        let seed = SeededGenerator(test: "schemathesis-\(backend.rawValue)").seed
        let fuzz = try ServedDatabase.run(URL(fileURLWithPath: "/bin/bash"), [
            Self.root.appending(path: "scripts/web_schemathesis.sh").path, server.url,
            token.output.trimmingCharacters(in: .whitespacesAndNewlines), String(seed), out.appending(path: "schemathesis").path,
        ])
        #expect(fuzz.status == 0, "schemathesis (seed \(seed)) found: \(fuzz.output.suffix(8000))")
        print(fuzz.output.split(separator: "\n").filter { $0.contains("generated") }.joined(separator: "\n"))
        let memory = try ServedDatabase.run(Self.python, [Self.root.appending(path: "scripts/web_upload_memory.py").path, server.url,
                                                          String(server.pid), "25"], environment: environment)
        #expect(memory.status == 0, "\(memory.output)")
        print(memory.output.trimmingCharacters(in: .whitespacesAndNewlines))
        let stopped = try await offThread { try server.terminate() }
        #expect(stopped.status == 0, "SIGTERM stops the server gracefully: \(stopped.log.suffix(2000))")
        #expect(stopped.log.contains("stopped"))
        #expect(stopped.log.contains("POST /upload 303") && stopped.log.contains("user=olga"), "one log line a request")
    }
}

/// A database made with the binary's own commands (init, sample data, two users) and
/// `slotsheet serve` running on it on a free loopback port. Unchecked: a test starts and stops it
/// from one task at a time.
final class ServedDatabase: @unchecked Sendable {
    static let password = "correct horse battery"
    static let executable: URL = {
        let bundle = Bundle.main.bundleURL
        for candidate in [bundle.appending(path: "slotsheet"), bundle.deletingLastPathComponent().appending(path: "slotsheet")]
        where FileManager.default.isExecutableFile(atPath: candidate.path) {
            return candidate
        }
        return bundle.deletingLastPathComponent().appending(path: "slotsheet")
    }()

    let folder: URL
    /// The environment the server and the set-up commands run with (its database).
    private(set) var environment: [String: String] = [:]
    private(set) var process = Process()
    private var output = Pipe()
    private(set) var url = ""
    /// The port it listens on (0 before the first launch); `launch(samePort:)` takes it again.
    private(set) var port = 0
    var pid: Int32 { process.processIdentifier }
    private var postgresName: String?
    private var log = LockedLog()

    /// `settings`: more of the server's environment (`SLOTSHEET_WEB_METRICS_FROM` and the like).
    init(_ backend: TestBackend, settings: [String: String] = [:]) throws {
        folder = FileManager.default.temporaryDirectory.appending(path: "slotsheet-walk-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment
        switch backend {
        case .sqlite:
            environment["SLOTSHEET_DB"] = "sqlite:" + folder.appending(path: "walk.sqlite").path
        case .postgres:
            let database = try PostgresTestServer.createDatabase()
            postgresName = database.name
            environment["SLOTSHEET_DB"] = database.url
        }
        environment.removeValue(forKey: "SLOTSHEET_TODAY")
        environment.merge(settings) { $1 }
        for arguments in [["db", "init"], ["db", "seed", "--sample"]] {
            let result = try Self.run(Self.executable, arguments, environment: environment)
            guard result.status == 0 else { throw Interop.Failure(description: "slotsheet \(arguments.joined(separator: " ")): \(result.output)") }
        }
        for (name, role) in [("olga", "office"), ("adam", "admin")] {
            let result = try Self.run(Self.executable, ["user", "add", name, "--role", role, "--password-stdin"], environment: environment,
                                      input: Self.password + "\n")
            guard result.status == 0 else { throw Interop.Failure(description: "slotsheet user add: \(result.output)") }
        }
        self.environment = environment
        try launch()
    }

    /// Another `slotsheet serve` on `first`'s database (as a second machine behind a load balancer
    /// runs it), with a private folder of its own; stopping it leaves the database alone.
    init(joining first: ServedDatabase) throws {
        folder = FileManager.default.temporaryDirectory.appending(path: "slotsheet-walk-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        environment = first.environment
        try launch()
    }

    /// Starts `slotsheet serve` on the database (again, after `terminate` or a kill: on a new port,
    /// or with `samePort` on the one it had, as a load balancer expects; with a new log) and waits,
    /// at most 60 s, until it listens.
    func launch(samePort: Bool = false) throws {
        output.fileHandleForReading.readabilityHandler = nil
        process = Process()
        output = Pipe()
        log = LockedLog()
        process.executableURL = Self.executable
        process.arguments = ["serve", "--listen", "127.0.0.1:\(samePort ? port : 0)", "--upload-dir", folder.appending(path: "uploads").path]
        process.environment = environment
        process.standardOutput = output
        process.standardError = output
        let started = DispatchSemaphore(value: 0)
        let log = self.log
        output.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            guard !data.isEmpty else { return }
            if log.append(String(decoding: data, as: UTF8.self)) { started.signal() }
        }
        try process.run()
        guard started.wait(timeout: .now() + 60) == .success, let port = log.port else {
            process.terminate()
            throw Interop.Failure(description: "slotsheet serve did not start: \(log.text)")
        }
        self.port = port
        url = "http://127.0.0.1:\(port)"
    }

    /// What the server wrote so far.
    var logText: String { log.text }

    /// Sends SIGTERM and waits (at most 60 s) for the server to stop; its exit status and log.
    func terminate() throws -> (status: Int32, log: String) {
        process.terminate()
        return try waitForExit()
    }

    /// Waits up to 60 s for the process to exit (SIGKILL then): its status and log.
    func waitForExit() throws -> (status: Int32, log: String) {
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        Thread.sleep(forTimeInterval: 0.2)
        return (process.terminationStatus, log.text)
    }

    func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() }
        output.fileHandleForReading.readabilityHandler = nil
        try? FileManager.default.removeItem(at: folder)
        if let postgresName { PostgresTestServer.dropDatabase(postgresName) }
    }

    static func run(_ program: URL, _ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment,
                    input: String? = nil) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let pipe = Pipe(), stdin = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = stdin
        try process.run()
        if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
        try stdin.fileHandleForWriting.close()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

/// The server's output so far, and the port it said it listens on.
private final class LockedLog: @unchecked Sendable {
    private let lock = NSLock()
    private var buffer = ""
    private var foundPort: Int?

    var port: Int? { lock.withLock { foundPort } }

    /// Appends output; true the first time the "listening on" line is complete.
    func append(_ text: String) -> Bool {
        lock.withLock {
            buffer += text
            guard foundPort == nil, let match = buffer.firstMatch(of: /listening on http:\/\/127\.0\.0\.1:(\d+)/) else { return false }
            foundPort = Int(match.1)
            return true
        }
    }

    var text: String { lock.withLock { buffer } }
}

import Foundation

/// A real SMTP server for the notices' tests: aiosmtpd from `.venv-notices` (made by `bash
/// scripts/install-deps.sh --test`), run by `Tests/Fixtures/notices/smtp_server.py` on a free
/// loopback port with STARTTLS and AUTH on a certificate it makes, writing every accepted message
/// to a folder; what it received is read back by Python's email package and the `icalendar`
/// parser (`read_messages.py`). Stopped and removed when the value goes.
public final class TestMailServer {
    public static let python = Interop.repositoryRoot.appending(path: ".venv-notices/bin/python")
    static let fixtures = Interop.repositoryRoot.appending(path: "Tests/Fixtures/notices")

    /// The account the server takes (AUTH PLAIN or LOGIN, after STARTTLS).
    public static let user = "office"
    public static let password = "secret-password"

    /// Whether the venv is there.
    public static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: python.path) }

    /// For `.enabled(if:)`: run when the venv is there, and under `make test` always (then a
    /// missing venv fails the test with the way to make it).
    public static var runs: Bool { isInstalled || Interop.toolsRequired }

    public let folder: URL
    public let port: Int
    private let process = Process()
    private let input = Pipe()

    /// The CA certificate that signed the server's: `mail.ca_file`.
    public var caFile: String { folder.appending(path: "ca.pem").path }
    var messageFolder: URL { folder.appending(path: "messages") }

    /// Starts the server. `answers`: the answers to the first messages' end (`451`, `550`, `250`),
    /// in turn, every later one accepted; `delay`: seconds before each answer; `plain`: no TLS, no AUTH;
    /// `implicitTLS`: TLS from the first byte (port 465's way) instead of STARTTLS.
    public init(answers: [String] = [], delay: Double = 0, plain: Bool = false, implicitTLS: Bool = false) throws {
        guard TestMailServer.isInstalled else {
            throw Interop.Failure(description: "No \(TestMailServer.python.path): run 'bash scripts/install-deps.sh --test' (it makes .venv-notices with aiosmtpd and icalendar).")
        }
        folder = FileManager.default.temporaryDirectory.appending(path: "slotsheet-mail-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        process.executableURL = TestMailServer.python
        var arguments = [TestMailServer.fixtures.appending(path: "smtp_server.py").path, folder.path]
        if !answers.isEmpty { arguments += ["--answers", answers.joined(separator: ",")] }
        if delay > 0 { arguments += ["--delay", String(delay)] }
        if plain { arguments.append("--plain") }
        if implicitTLS { arguments.append("--implicit-tls") }
        process.arguments = arguments
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        guard let line = TestMailServer.firstLine(of: output.fileHandleForReading, within: 60), line.hasPrefix("port "),
              let port = Int(line.dropFirst(5)) else {
            process.terminate()
            throw Interop.Failure(description: "the test mail server did not start (smtp_server.py printed no port)")
        }
        self.port = port
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: folder)
    }

    /// Stops the server (it ends when its standard input closes).
    public func stop() {
        guard process.isRunning else { return }
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    /// How many messages the server has accepted so far.
    public var receivedCount: Int {
        ((try? FileManager.default.contentsOfDirectory(atPath: messageFolder.path)) ?? []).filter { $0.hasSuffix(".eml") }.count
    }

    /// Every message accepted so far, in the order received, as a mail program reads it.
    public func messages() throws -> [ReceivedMail] {
        let json = try Interop.run(executable: TestMailServer.python, [TestMailServer.fixtures.appending(path: "read_messages.py").path, folder.path])
        return try JSONDecoder().decode([ReceivedMail].self, from: Data(json.utf8))
    }

    private static func firstLine(of handle: FileHandle, within seconds: Double) -> String? {
        let box = LineBox()
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            var bytes = Data()
            while !bytes.contains(UInt8(ascii: "\n")) {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                bytes.append(chunk)
            }
            box.set(String(decoding: bytes, as: UTF8.self).split(separator: "\n").first.map(String.init))
            done.signal()
        }
        guard done.wait(timeout: .now() + seconds) == .success else { return nil }
        return box.get()
    }
}

private final class LineBox: @unchecked Sendable {
    private let lock = NSLock()
    private var line: String?
    func set(_ value: String?) { lock.withLock { line = value } }
    func get() -> String? { lock.withLock { line } }
}

/// One message as `read_messages.py` read it: headers decoded, the text, the calendar parsed.
public struct ReceivedMail: Decodable, Sendable {
    public let file: String
    public let from: String
    public let to: String
    public let replyTo: String?
    public let subject: String
    public let messageID: String
    public let date: String
    public let text: String?
    public let calendar: ReceivedCalendar?

    enum CodingKeys: String, CodingKey {
        case file, from, to, subject, date, text, calendar
        case replyTo = "reply_to", messageID = "message_id"
    }
}

public struct ReceivedCalendar: Decodable, Sendable {
    /// METHOD of the object, and the `method` parameter of its MIME type.
    public let method: String
    public let contentMethod: String?
    public let timezones: [String]
    public let events: [ReceivedEvent]
    /// The octets of the longest line (RFC 5545 folds at 75), and whether every line ends with CRLF.
    public let longestLine: Int
    public let crlf: Bool

    enum CodingKeys: String, CodingKey {
        case method, timezones, events, crlf
        case contentMethod = "content_method", longestLine = "longest_line"
    }
}

public struct ReceivedEvent: Decodable, Sendable {
    public let uid: String
    public let sequence: Int
    /// ISO 8601 with the offset the parser found for the zone: `2026-12-08T09:00:00+01:00`.
    public let start: String
    public let end: String
    public let tzid: String
    public let summary: String
    public let description: String
    public let location: String
    public let status: String
    public let attendee: String
}

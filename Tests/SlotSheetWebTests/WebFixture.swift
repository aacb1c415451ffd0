import Foundation
import GRDB
import Hummingbird
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import InteropSupport
import Logging
import NIOConcurrencyHelpers
import SlotSheetCore
import Testing
@testable import SlotSheetWeb

/// A web front on a fresh database with the sample data and two users, `olga` (office) and
/// `adam` (admin), removed when the test ends: SQLite in a temporary folder, or a new database on
/// the PostgreSQL test server.
final class WebFixture: @unchecked Sendable {
    static let password = "correct horse battery"
    let backend: TestBackend
    let folder: URL
    let store: any RepairStore
    let services: WebServices
    let log: RecordedLog
    let clock: OfficeClock
    /// The sign-in throttle's and the sessions' time: stands still unless a test moves it.
    let signInTime = NIOLockedValueBox<Date>(Date())
    private var postgresName: String?
    private var postgresURL: String?
    /// Opens another store on the fixture's database (what a second instance or a restart does).
    let openStore: @Sendable () throws -> any RepairStore

    init(_ backend: TestBackend = .sqlite, uploadLimitMB: Int = 25, trustedProxies: [IPNetwork] = [], metricsFrom: [IPNetwork] = [],
         timeouts: ConnectionTimeouts? = nil, readPoll: Duration? = nil, readLease: Duration? = nil,
         janitorInterval: Duration? = nil, leftoverAge: Duration? = nil, refusedApplyWindow: Duration? = nil,
         openStore: (@Sendable () throws -> any RepairStore)? = nil) throws {
        self.backend = backend
        folder = FileManager.default.temporaryDirectory.appending(path: "slotsheet-web-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let open: @Sendable () throws -> any RepairStore
        switch backend {
        case .sqlite:
            let path = folder.appending(path: "web.sqlite").path
            store = try SQLiteStore(path: path, create: true)
            open = { try SQLiteStore(path: path) }
        case .postgres:
            let database = try PostgresTestServer.createDatabase()
            postgresName = database.name
            postgresURL = database.url
            store = try PostgresStore(url: database.url)
            open = { try PostgresStore(url: database.url) }
        }
        try store.migrate()
        clock = OfficeClock.fixed(today: LocalDate(iso: "2026-12-01")!)
        _ = try Seeder.load(try SampleDataset(clock: clock), into: store)
        let users = UserDirectory(store: store, clock: clock, cost: 4)
        try users.add(name: "olga", role: .office, password: Self.password)
        try users.add(name: "adam", role: .admin, password: Self.password)
        var settings = WebSettings(host: "127.0.0.1", port: 0, uploadLimitBytes: uploadLimitMB * 1_048_576,
                                   trustedProxies: trustedProxies, uploadFolder: folder.appending(path: "uploads").path)
        settings.workerThreads = 2
        settings.metricsFrom = metricsFrom
        settings.exportsFolder = folder.appending(path: "exports").path
        if let timeouts { settings.timeouts = timeouts }
        if let readPoll { settings.readPoll = readPoll }
        if let readLease { settings.readLease = readLease }
        if let janitorInterval { settings.janitorInterval = janitorInterval }
        if let leftoverAge { settings.leftoverAge = leftoverAge }
        let log = RecordedLog()
        self.log = log
        self.openStore = open
        let access = StoreAccess(threads: 2, shareOneStore: backend == .sqlite, open: openStore ?? open)
        let rules = refusedApplyWindow.map { [clock] in OfficeRules(booking: .standard, clock: clock, refusedApplyWindow: $0) }
            ?? OfficeRules(booking: .standard, clock: clock)
        services = try WebServices(settings: settings, database: access, rules: rules,
                                   logger: Logger(label: "test") { _ in log.handler() }, bcryptCost: 4,
                                   signInClock: { [signInTime] in signInTime.withLockedValue { $0 } })
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
        if let postgresName { PostgresTestServer.dropDatabase(postgresName) }
    }

    var application: some ApplicationProtocol { WebServer.application(services) }

    /// Another instance on the same database, as a second machine behind a load balancer (or the
    /// same one after a restart) runs it: its own private folder, threads, memory and log; the same
    /// clocks.
    func anotherInstance(_ name: String) throws -> (services: WebServices, log: RecordedLog) {
        let log = RecordedLog()
        return (try instance(name, logging: log), log)
    }

    /// A second web front on the same database (as `anotherInstance()`), as an application.
    func secondInstance() throws -> some ApplicationProtocol {
        WebServer.application(try anotherInstance())
    }

    /// Another instance (as above) that logs into this fixture's log; `janitorInterval` sets its
    /// janitor's apart from this one's.
    func anotherInstance(janitorInterval: Duration? = nil) throws -> WebServices {
        try instance(UUID().uuidString, logging: log, janitorInterval: janitorInterval)
    }

    private func instance(_ name: String, logging log: RecordedLog, janitorInterval: Duration? = nil) throws -> WebServices {
        var settings = services.settings
        if let janitorInterval { settings.janitorInterval = janitorInterval }
        settings.uploadFolder = folder.appending(path: "uploads-\(name)").path
        return try WebServices(settings: settings, database: StoreAccess(threads: 2, shareOneStore: backend == .sqlite, open: openStore),
                               rules: services.rules, logger: Logger(label: name) { _ in log.handler() }, bcryptCost: 4,
                               signInClock: { [signInTime] in signInTime.withLockedValue { $0 } })
    }

    /// Every row of a table as text (columns and values), straight from the database.
    func rowsText(of table: String) throws -> [String] {
        switch backend {
        case .sqlite:
            let queue = try DatabaseQueue(path: folder.appending(path: "web.sqlite").path)
            return try queue.read { try Row.fetchAll($0, sql: "SELECT * FROM \(table) ORDER BY id").map(\.description) }
        case .postgres:
            return try PostgresTestServer.rows("SELECT t::text FROM \(table) t ORDER BY id", url: postgresURL!).map { ($0.first ?? nil) ?? "" }
        }
    }

    /// Moves the sign-in throttle's time on.
    func advanceSignInTime(by duration: Duration) {
        signInTime.withLockedValue { $0 = $0.addingTimeInterval(duration.timeInterval) }
    }

    /// Whether the upload's bytes are in the database (its `upload_chunk` rows).
    func storesBytes(ofUpload location: String) throws -> Bool {
        let id = try #require(RowID(location.split(separator: "/").last.map(String.init) ?? ""))
        return try store.read { try $0.uploadChunk(uploadID: id, seq: 0) } != nil
    }

    /// Files in the instance's private folder (uploads arriving, downloads leaving).
    func uploadFiles() -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: services.settings.uploadFolder)) ?? []
    }
}

/// Every log line the server wrote, for tests that check what is logged.
final class RecordedLog: Sendable {
    private let lines = NIOLockedValueBox<[String]>([])
    var all: [String] { lines.withLockedValue { $0 } }
    func handler() -> RecordingHandler { RecordingHandler(log: self) }
    fileprivate func append(_ line: String) { lines.withLockedValue { $0.append(line) } }

    struct RecordingHandler: LogHandler {
        let log: RecordedLog
        var logLevel: Logger.Level = .info
        var metadata: Logger.Metadata = [:]
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
        func log(event: LogEvent) { log.append("\(event.level) \(event.message)") }
    }
}

/// A browser's state across requests: its cookies and the form token of the last page.
struct Browser {
    var cookies: [String: String] = [:]
    var language = "en"

    var cookieHeader: String { cookies.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: "; ") }

    mutating func remember(_ response: TestResponse) {
        for header in response.headers[values: .setCookie] {
            let pair = header.split(separator: ";").first ?? ""
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 2 else { continue }
            if header.contains("Max-Age=0") || parts[1].isEmpty { cookies[parts[0]] = nil } else { cookies[parts[0]] = parts[1] }
        }
    }

    var csrf: String { cookies["slotsheet_csrf"] ?? "" }

    func headers(_ extra: HTTPFields = [:]) -> HTTPFields {
        var fields = extra
        if !cookies.isEmpty { fields[.cookie] = cookieHeader }
        fields[.acceptLanguage] = language
        return fields
    }

    static func form(_ fields: [(String, String)]) -> ByteBuffer {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let text = fields.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: allowed)!)" }.joined(separator: "&")
        return ByteBuffer(string: text)
    }

    static let formType: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]

    /// Gets a page (remembering cookies), then signs in as `name` with its form token.
    /// A browser in English signed in as `name` with the test password (the sign-in answered 303).
    static func signedIn(_ client: some TestClientProtocol, as name: String) async throws -> Browser {
        var browser = Browser()
        let answer = try await browser.signIn(client, as: name)
        #expect(answer.status == .seeOther, "sign-in of \(name): \(answer.status)")
        return browser
    }

    mutating func signIn(_ client: some TestClientProtocol, as name: String, password: String = WebFixture.password) async throws -> TestResponse {
        let page = try await client.execute(uri: "/sign-in", method: .get, headers: headers(), body: nil)
        remember(page)
        let response = try await client.execute(uri: "/sign-in", method: .post, headers: headers(Browser.formType),
                                                body: Browser.form([("csrf", csrf), ("name", name), ("password", password)]))
        remember(response)
        return response
    }
}

extension TestResponse {
    var text: String { String(buffer: body) }
}

/// A multipart body with the form token first and one file.
/// Waits until `event` holds, asking every 100 ms, at most `ceiling` (generous: the suite runs on a
/// loaded machine); whether it held. For what a server does in the background at its own periods,
/// which tests set short.
func waitFor(_ ceiling: Duration = .seconds(30), _ event: () async throws -> Bool) async rethrows -> Bool {
    let deadline = ContinuousClock.now + ceiling
    while ContinuousClock.now < deadline {
        if try await event() { return true }
        try? await Task.sleep(for: .milliseconds(100))
    }
    return try await event()
}

func multipartBody(token: String?, fileName: String, contents: Data, boundary: String = "slotsheet-test-boundary") -> (HTTPFields, ByteBuffer) {
    var buffer = ByteBuffer()
    if let token {
        buffer.writeString("--\(boundary)\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n\(token)\r\n")
    }
    buffer.writeString("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(fileName)\"\r\nContent-Type: application/octet-stream\r\n\r\n")
    buffer.writeBytes(contents)
    buffer.writeString("\r\n--\(boundary)--\r\n")
    return ([.contentType: "multipart/form-data; boundary=\(boundary)"], buffer)
}

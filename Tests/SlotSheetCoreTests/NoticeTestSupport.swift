import Foundation
import InteropSupport
@testable import SlotSheetCore
import SlotSheetTemplates

/// A seeded database with requests to decide, and a real mail server to deliver their notices to.
final class NoticeFixture {
    let database: TestDatabase
    let server: TestMailServer
    let clock = OfficeClock.testDay
    var store: any RepairStore { database.store }
    static let domain = "repairs.example"
    static let environment = ["SLOTSHEET_MAIL_PASSWORD": TestMailServer.password]

    init(_ backend: Backend, answers: [String] = [], delay: Double = 0, implicitTLS: Bool = false) throws {
        database = try TestDatabase(backend)
        _ = try Seeder.load(try SampleDataset(clock: clock), into: database.store)
        server = try TestMailServer(answers: answers, delay: delay, implicitTLS: implicitTLS)
    }

    /// One request waiting for a decision, with what a notice about it must say.
    struct Request {
        let id: RowID
        let slot: NoticeSlot
        let startsAt: String
        let endsAt: String
        let email: String
        let defects: [String]
    }

    /// The first `count` requests that are `new`, by number.
    func newRequests(_ count: Int) throws -> [Request] {
        let rows = try database.strings("""
            SELECT r.id || '|' || r.slot_date || '|' || r.daypart_id || '|' || d.starts_at || '|' || d.ends_at || '|' || p.email \
            FROM repair_request r JOIN daypart d ON d.id = r.daypart_id JOIN resident p ON p.id = r.resident_id \
            WHERE r.status = 'new' ORDER BY r.id LIMIT \(count)
            """)
        return try rows.map { row in
            let f = row.split(separator: "|").map(String.init)
            let id = RowID(f[0])!
            let defects = try database.strings("""
                SELECT de.name FROM repair_request_defect rd JOIN defect de ON de.id = rd.defect_id WHERE rd.request_id = \(id) ORDER BY de.name
                """)
            return Request(id: id, slot: NoticeSlot(date: LocalDate(iso: f[1])!, daypartID: RowID(f[2])!), startsAt: f[3], endsAt: f[4],
                           email: f[5], defects: defects)
        }
    }

    func office(_ language: Language = .en) -> NoticeOffice {
        NoticeOffice(timeZone: clock.timeZone, language: language, domain: NoticeFixture.domain, from: "office@repairs.example")
    }

    /// `[mail]` pointing at the test server: STARTTLS, AUTH, its CA; pauses of a second.
    func mail(lease: Int = 60) -> Settings.Mail {
        var mail = Settings.Mail()
        mail.host = "127.0.0.1"
        mail.port = server.port
        mail.security = .starttls
        mail.user = TestMailServer.user
        mail.fromAddress = "office@repairs.example"
        mail.replyTo = "desk@repairs.example"
        mail.caFile = server.caFile
        mail.domainSetting = NoticeFixture.domain
        mail.leaseSeconds = lease
        mail.retrySeconds = 1
        mail.retryMaxSeconds = 2
        return mail
    }

    func sender(store: (any RepairStore)? = nil, lease: Int = 60, mail: Settings.Mail? = nil) throws -> NoticeSender {
        try NoticeSender(store: store ?? self.store, mail: mail ?? self.mail(lease: lease), environment: NoticeFixture.environment, clock: clock)
    }

    /// Queues the notices of `changes` in one write transaction, as a decision would.
    @discardableResult
    func queue(_ changes: [RequestStatusChange], language: Language = .en) throws -> NoticeQueueReport {
        try store.write { session in try NoticeOutbox.queue(changes, in: session, office: office(language), now: clock.now) }
    }

    func notices() throws -> [ResidentNotice] {
        try store.read { try $0.notices(in: nil, limit: 10_000) }.sorted { $0.id < $1.id }
    }

    /// A second store on the same database, as a second process would open it.
    func secondStore() throws -> any RepairStore {
        switch database.backend {
        case .sqlite: return try SQLiteStore(path: database.path)
        case .postgres: return try PostgresStore(url: database.location)
        }
    }

    /// "Tuesday 8 December 2026", independently of the notices' words: Foundation's own calendar names.
    static func longDate(_ date: LocalDate, _ locale: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: locale)
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEEE d MMMM yyyy"
        return formatter.string(from: Date(timeIntervalSince1970: Double(date.dayNumber * 86_400)))
    }

    /// `+01:00` for the office's zone on `date`.
    func offset(on date: LocalDate) -> String {
        let seconds = clock.timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(date.dayNumber * 86_400 + 43_200)))
        return String(format: "%@%02d:%02d", seconds < 0 ? "-" : "+", abs(seconds) / 3600, abs(seconds) / 60 % 60)
    }
}

/// Runs a sender until `done` or a generous ceiling: the pauses are seconds, the machine may be slow.
func sendUntil(_ sender: NoticeSender, ceiling: TimeInterval = 60, _ done: () throws -> Bool) throws {
    let deadline = Date().addingTimeInterval(ceiling)
    while Date() < deadline {
        _ = try sender.run(limit: nil) { _ in }
        if try done() { return }
        usleep(100_000)
    }
}

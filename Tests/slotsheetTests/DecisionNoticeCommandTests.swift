import Foundation
import InteropSupport
import Testing

/// End to end, as the office and the timer run it: `requests import` of a decisions CSV queues the
/// tenants' notices in its transaction and says how many, and `notices send` then delivers exactly
/// one message a notice to a real SMTP server (aiosmtpd, STARTTLS and AUTH); both backends.
@Suite(.ownThreads, .serialized, .enabled(if: TestMailServer.runs)) struct DecisionNoticeCommandTests {
    @Test(arguments: TestBackend.available) func anAppliedDecisionsFileIsDeliveredOneMessageANotice(_ backend: TestBackend) throws {
        let server = try TestMailServer()
        var cli = try CommandRunner(today: "2026-12-01")
        defer { cli.remove() }
        let database = try cli.useDatabase(backend)
        defer { database.map(PostgresTestServer.dropDatabase) }
        try cli.sendMail(through: server)
        #expect(try cli.run("db", "init").status == 0 && cli.run("db", "seed", "--sample").status == 0)
        #expect(try cli.run("requests", "export", "--status", "new", "--lang", "en", "-o", cli.path("new.csv")).status == 0)
        // The office approves three requests and cancels a fourth, editing the CSV as it reads it.
        let edit = try cli.run(program: URL(fileURLWithPath: "/usr/bin/python3"), ["-c", """
            import csv, sys
            with open(sys.argv[1], encoding="utf-8-sig", newline="") as f:
                dialect = csv.Sniffer().sniff(f.read(4096)); f.seek(0); rows = list(csv.reader(f, dialect))
            status, note = rows[0].index("status"), rows[0].index("note")
            for row in rows[1:4]: row[status] = "approved"
            rows[4][status], rows[4][note] = "cancelled", "No longer needed"
            with open(sys.argv[2], "w", encoding="utf-8", newline="") as f: csv.writer(f, dialect).writerows(rows)
            """, cli.path("new.csv"), cli.path("decided.csv")])
        try #require(edit.status == 0, "\(edit.errors)")
        #expect(try cli.run("requests", "import", cli.path("decided.csv"), "--dry-run", "--json").output.contains("\"notices\"") == false,
                "a dry run queues nothing")
        let applied = try cli.run("requests", "import", cli.path("decided.csv"), "--json")
        let report = (try? JSONSerialization.jsonObject(with: Data(applied.output.utf8))) as? [String: Any] ?? [:]
        #expect(applied.status == 0 && report["status"] as? String == "applied", "\(applied.output) \(applied.errors)")
        let notices = report["notices"] as? [String: Int] ?? [:]
        #expect(notices["queued"] == 4 && notices["withoutAddress"] == 0, "\(notices)")

        let sent = try cli.run("notices", "send")
        #expect(sent.status == 0, "\(sent.errors)")
        let mails = try server.messages()
        #expect(mails.count == 4 && Set(mails.map(\.messageID)).count == 4, "one message a notice: \(mails.map(\.subject))")
        #expect(mails.filter { $0.calendar != nil }.count == 4, "approvals carry the visit, the cancellation removes it")
        #expect(try cli.run("notices", "send").status == 0 && server.messages().count == 4, "a second run sends nothing again")
    }
}

import Foundation
import InteropSupport
import SlotSheetCore
import Testing

/// `slotsheet notices send|list|retry` as the timer runs them: the built binary against a real SMTP
/// server (aiosmtpd, STARTTLS and AUTH), on both backends. A sender killed in the middle of a
/// batch and run again leaves every notice sent, each Message-ID delivered, and at most the one
/// message it was sending when it died delivered a second time, with the same Message-ID.
@Suite(.ownThreads, .serialized, .enabled(if: TestMailServer.runs)) struct NoticeCommandTests {
    /// A seeded database with `count` approvals queued, and a settings file pointing at `server`.
    private struct Outbox {
        let cli: CommandRunner
        let store: any RepairStore
        let postgresDatabase: String?

        init(_ backend: TestBackend, count: Int, server: TestMailServer, lease: Int = 2) throws {
            var cli = try CommandRunner(today: "2026-12-01")
            let postgresDatabase = try cli.useDatabase(backend)
            try cli.sendMail(through: server, extra: ["lease_seconds = \(lease)", "retry_seconds = 1"])
            guard try cli.run("db", "init").status == 0, try cli.run("db", "seed", "--sample").status == 0 else {
                throw Interop.Failure(description: "seeding failed")
            }
            store = try cli.environment["SLOTSHEET_DB"].map { try PostgresStore(url: $0) } ?? SQLiteStore(path: cli.path("slotsheet.sqlite"))
            self.cli = cli
            self.postgresDatabase = postgresDatabase
            let dayparts = Dictionary(uniqueKeysWithValues: try store.read { try $0.dayparts() }.map { ($0.label, $0.id) })
            var changes: [RequestStatusChange] = []
            try store.read { session in
                try session.forEachRequest(matching: RequestFilter(statuses: [.new])) { row in
                    guard changes.count < count, let daypart = dayparts[row.daypartLabel] else { return }
                    let slot = NoticeSlot(date: row.slotDate, daypartID: daypart)
                    changes.append(RequestStatusChange(requestID: row.id, from: .new, to: .approved, slotBefore: slot, slotAfter: slot, batchID: 1,
                                                       operatorName: "maria"))
                }
            }
            let office = NoticeOffice(timeZone: OfficeClock.defaultTimeZone, language: .en, domain: "repairs.example", from: "office@repairs.example")
            let clock = OfficeClock.fixed(today: LocalDate(iso: "2026-12-01")!)
            let report = try store.write { try NoticeOutbox.queue(changes, in: $0, office: office, now: clock.now) }
            guard report.queued.count == count else { throw Interop.Failure(description: "queued \(report.queued.count) of \(count)") }
        }

        func notices() throws -> [ResidentNotice] { try store.read { try $0.notices(in: nil, limit: 10_000) } }

        func remove() {
            cli.remove()
            if let postgresDatabase { PostgresTestServer.dropDatabase(postgresDatabase) }
        }
    }

    @Test(arguments: TestBackend.available) func aSenderKilledMidBatchAndRunAgainSendsEveryNoticeOnce(_ backend: TestBackend) throws {
        let server = try TestMailServer(delay: 0.15)
        let count = 20
        let outbox = try Outbox(backend, count: count, server: server)
        defer { outbox.remove() }
        let run = try KillableRun(outbox.cli, ["notices", "send"], output: "first.log")
        #expect(run.wait(until: 120, or: { server.receivedCount >= 4 }), "the sender ended before it was killed")
        #expect(run.kill())
        let afterKill = try outbox.notices()
        #expect(afterKill.contains { $0.state == .queued }, "the kill came before the end of the batch")
        // Run again until every notice is sent: the killed sender's lease (2 s) runs out first.
        let deadline = Date().addingTimeInterval(120)
        var runs: [CommandRunner.Result] = []
        while try outbox.notices().contains(where: { $0.state != .sent }), Date() < deadline {
            runs.append(try outbox.cli.run("notices", "send"))
            if try outbox.notices().contains(where: { $0.state != .sent }) { usleep(200_000) }
        }
        #expect(runs.allSatisfy { $0.status == 0 }, "\(runs.map(\.errors))")
        let notices = try outbox.notices()
        #expect(notices.count == count && notices.allSatisfy { $0.state == .sent })
        let mails = try server.messages()
        let byID = Dictionary(grouping: mails, by: \.messageID)
        #expect(Set(byID.keys) == Set(notices.map { "<\($0.messageID)>" }), "every notice delivered")
        #expect(byID.values.filter { $0.count > 1 }.count <= 1 && mails.count <= count + 1,
                "only the message in flight at the kill may come twice: \(byID.filter { $0.value.count > 1 }.keys.sorted())")
        // One log line a notice, in the office's time: the last run's lines name what it sent.
        let lines = runs.flatMap { $0.output.split(separator: "\n") }
        #expect(lines.filter { $0.contains(" INFO notices: notice ") && $0.contains(" sent to ") }.count == notices.count - afterKill.filter { $0.state == .sent }.count)
    }

    @Test(arguments: TestBackend.available) func listRetryAndTheExitCodes(_ backend: TestBackend) throws {
        let server = try TestMailServer(answers: ["550"])
        let outbox = try Outbox(backend, count: 2, server: server)
        defer { outbox.remove() }
        let sent = try outbox.cli.run("notices", "send", "--limit", "1")
        #expect(sent.status == 0 && sent.output.contains("ERROR notices: notice ") && sent.output.contains("550 5.7.1 message refused by policy"))
        let failed = try outbox.cli.run("notices", "list", "--state", "failed")
        #expect(failed.status == 0)
        let rows = failed.output.split(separator: "\n")
        #expect(rows.count == 2 && rows[0].hasPrefix("id") && rows[1].contains("failed") && rows[1].contains("550 5.7.1"))
        let id = try #require(rows[1].split(separator: " ").first.map(String.init))
        #expect(try outbox.cli.run("notices", "retry", "999999").status == 2)
        #expect(try outbox.cli.run("notices", "retry", id).status == 0)
        #expect(try outbox.cli.run("notices", "retry", id).status == 2, "only a failed notice is tried again")
        #expect(try outbox.cli.run("notices", "send", "--limit", "0").status == 2)
        #expect(try outbox.cli.run("notices", "send").status == 0)
        #expect(try outbox.notices().allSatisfy { $0.state == .sent } && server.receivedCount == 2)
        // The server gone: exit 17, the notice queued for later.
        let gone = try Outbox(backend, count: 1, server: server)
        defer { gone.remove() }
        server.stop()
        let unreachable = try gone.cli.run("notices", "send")
        #expect(unreachable.status == 17 && unreachable.output.contains("stopped"))
        #expect(try gone.notices().first?.state == .queued)
        // No mail server set: exit 2, nothing touched.
        var unset = gone.cli
        unset.environment["SLOTSHEET_CONFIG"] = "/dev/null"
        #expect(try unset.run("notices", "send").status == 2)
    }
}

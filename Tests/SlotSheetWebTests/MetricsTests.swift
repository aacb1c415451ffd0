import Foundation
import Hummingbird
import HummingbirdTesting
import InteropSupport
import SlotSheetCore
import Testing
@testable import SlotSheetWeb

/// `GET /metrics`: the Prometheus text, only to the addresses of `web.metrics_from`.
@Suite struct MetricsTests {
    /// The requests counted, by series (`route="/sign-in",method="POST",status="303"`), from a scrape.
    private static func requestCounts(_ text: String) -> [String: Int] {
        var counts: [String: Int] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("slotsheet_http_requests_total{") {
            let labels = line.drop { $0 != "{" }.dropFirst().prefix { $0 != "}" }
            counts[String(labels)] = Int(line.split(separator: " ").last ?? "")
        }
        return counts
    }

    @Test(arguments: TestBackend.available) func theCountersAddUpToTheRequestsMade(_ backend: TestBackend) async throws {
        let fixture = try WebFixture(backend, trustedProxies: [IPNetwork("127.0.0.1")!], metricsFrom: [IPNetwork("127.0.0.1")!])
        try await fixture.application.test(.live) { client in
            // Through the proxy the client is the forwarded address, which is not allowed: the 404 of a missing page.
            let outsider = try await client.execute(uri: "/metrics", method: .get, headers: [.xForwardedFor: "203.0.113.5"])
            #expect(outsider.status == .notFound)
            #expect(!outsider.text.contains("slotsheet_"))
            var browser = Browser()
            _ = try await browser.signIn(client, as: "olga")                       // GET and POST /sign-in
            for path in ["/", "/template", "/no-such-page", "/healthz"] {
                _ = try await client.execute(uri: path, method: .get, headers: browser.headers())
            }
            let made = 1 + 2 + 4
            let scrape = try await client.execute(uri: "/metrics", method: .get)
            #expect(scrape.status == .ok)
            #expect(scrape.headers[.contentType]?.hasPrefix("text/plain; version=0.0.4") == true)
            let counts = Self.requestCounts(scrape.text)
            #expect(counts.values.reduce(0, +) == made, "\(counts)")
            #expect(counts[#"route="/sign-in",method="POST",status="303""#] == 1)
            #expect(counts[#"route="/metrics",method="GET",status="404""#] == 1)
            #expect(counts[#"route="NotFound",method="GET",status="404""#] == 1, "a path nobody routes is one series, not one per path")
            #expect(scrape.text.split(separator: "\n").contains("slotsheet_sessions 1.0"), "olga's session: \(scrape.text)")
            let again = Self.requestCounts(try await client.execute(uri: "/metrics", method: .get).text)
            #expect(again.values.reduce(0, +) == made + 1, "the first scrape is counted too")
        }
    }

    /// The queue is the database's, read on each scrape: an upload another instance holds (its lease
    /// runs for an hour, so no reader here takes it) counts, with the time since it arrived.
    @Test(arguments: TestBackend.available) func theReadingQueueIsReadFromTheDatabase(_ backend: TestBackend) async throws {
        let fixture = try WebFixture(backend, metricsFrom: [IPNetwork("127.0.0.1")!])
        try await fixture.application.test(.live) { client in
            let empty = try await client.execute(uri: "/metrics", method: .get).text
            #expect(Self.value("slotsheet_upload_queue_depth", empty) == 0 && Self.value("slotsheet_upload_queue_oldest_seconds", empty) == 0, "\(empty)")

            let olga = try #require(try fixture.store.read { try $0.user(named: "olga") })
            let arrived = fixture.clock.now.addingTimeInterval(-90)
            let now = Int64(Date().timeIntervalSince1970 * 1000)
            try fixture.store.write { session in
                _ = try session.insertUpload(WebUpload(userID: olga.id!, fileName: "held.csv", storedName: "held", size: 1,
                                                       createdAt: Timestamp.iso(arrived), expiresAt: Timestamp.iso(arrived.addingTimeInterval(86_400))))
                #expect(try session.claimUpload(UploadLease(owner: "another instance", now: now, until: now + 3_600_000)) != nil)
            }
            let held = try await client.execute(uri: "/metrics", method: .get).text
            #expect(Self.value("slotsheet_upload_queue_depth", held) == 1, "\(held)")
            let oldest = try #require(Self.value("slotsheet_upload_queue_oldest_seconds", held))
            #expect(oldest >= 90 && oldest < 150, "the oldest waited since it arrived: \(oldest) s")
        }
    }

    /// The tenants' outbox is the database's too: notices queued by a decision (one of them failed
    /// since), read at each scrape with the age of the oldest still waiting.
    @Test(arguments: TestBackend.available) func theNoticeOutboxIsReadFromTheDatabase(_ backend: TestBackend) async throws {
        let fixture = try WebFixture(backend, metricsFrom: [IPNetwork("127.0.0.1")!])
        try await fixture.application.test(.live) { client in
            let empty = try await client.execute(uri: "/metrics", method: .get).text
            #expect(Self.value("slotsheet_notice_outbox_depth", empty) == 0 && Self.value("slotsheet_notices_failed", empty) == 0, "\(empty)")
            var changes: [RequestStatusChange] = []
            let dayparts = Dictionary(uniqueKeysWithValues: try fixture.store.read { try $0.dayparts() }.map { ($0.label, $0.id) })
            try fixture.store.read { session in
                try session.forEachRequest(matching: RequestFilter(statuses: [.new])) { row in
                    guard changes.count < 2, let daypart = dayparts[row.daypartLabel] else { return }
                    let slot = NoticeSlot(date: row.slotDate, daypartID: daypart)
                    changes.append(RequestStatusChange(requestID: row.id, from: .new, to: .approved, slotBefore: slot, slotAfter: slot, batchID: 1,
                                                       operatorName: "olga"))
                }
            }
            let office = NoticeOffice(timeZone: fixture.clock.timeZone, language: .en, domain: "repairs.example", from: "office@repairs.example")
            try fixture.store.write { session in
                let report = try NoticeOutbox.queue(changes, in: session, office: office, now: fixture.clock.now.addingTimeInterval(-120))
                #expect(report.queued.count == 2)
                #expect(try session.moveNotice(report.queued[1], from: [.queued], to: .failed, nextAttemptMS: 0))
            }
            let waiting = try await client.execute(uri: "/metrics", method: .get).text
            #expect(Self.value("slotsheet_notice_outbox_depth", waiting) == 1 && Self.value("slotsheet_notices_failed", waiting) == 1, "\(waiting)")
            let oldest = try #require(Self.value("slotsheet_notice_outbox_oldest_seconds", waiting))
            #expect(oldest >= 120 && oldest < 180, "the oldest waited since its decision: \(oldest) s")
        }
    }

    /// The value of an unlabelled series in a scrape.
    private static func value(_ name: String, _ text: String) -> Double? {
        text.split(separator: "\n").first { $0.hasPrefix(name + " ") }.flatMap { Double($0.split(separator: " ").last ?? "") }
    }

    /// Every upload read has its preview stored: an instance that did not read it (here: this one
    /// after a restart) reads nothing again, and the counter of such reads stays 0; only an upload
    /// without a stored preview (read by a slotsheet from before them) is read again, and counted.
    @Test(arguments: TestBackend.available) func uploadsAreNotReadAgain(_ backend: TestBackend) async throws {
        let fixture = try WebFixture(backend, metricsFrom: [IPNetwork("127.0.0.1")!])
        let token = try UserDirectory(store: fixture.store, clock: fixture.clock, cost: 4).newToken(for: "olga")
        let cells = try ApplyTests.freeCells(fixture.store, count: 4)
        let ids = try await fixture.application.test(.router) { client in
            let api = RouterAPI(client: client, token: token)
            return [try await api.upload("two.csv", ApplyTests.csv(cells.prefix(2))).id, try await api.upload("other.csv", ApplyTests.csv(cells.suffix(2))).id]
        }
        // As if the second were read by a slotsheet from before stored previews.
        try fixture.store.write { try $0.deleteUploadResult(uploadID: RowID(ids[1])) }
        let restarted = try fixture.anotherInstance("restarted")
        // A request that outlasts the test client's 20 s (seen once in a loaded suite) is reported
        // with both instances' logs, which say what the server was doing meanwhile.
        do { try await WebServer.application(restarted.services).test(.live) { client in
            let api = RouterAPI(client: client, token: token)
            let rereads = { Self.value("slotsheet_upload_rereads_total", try await client.execute(uri: "/metrics", method: .get).text) }
            let first = try await UploadQueueTests.previewed(api, ids[0])
            #expect(first["beingRead"] == nil)
            #expect(try await rereads() == 0, "\(restarted.log.all)")
            _ = try await UploadQueueTests.previewed(api, ids[1])
            // Counted as its preview is kept; waited for, so a loaded machine's scheduling cannot race the scrape.
            var counted = try await rereads()
            for _ in 0..<600 where counted == 0 {
                try await Task.sleep(for: .milliseconds(100))
                counted = try await rereads()
            }
            #expect(counted == 1, "first instance: \(fixture.log.all)\nrestarted: \(restarted.log.all)")
        } } catch {
            Issue.record("\(error); first instance: \(fixture.log.all)\nrestarted: \(restarted.log.all)")
        }
    }

    @Test func withoutTheSettingNobodyGetsMetrics() async throws {
        let fixture = try WebFixture()
        try await fixture.application.test(.live) { client async throws in
            #expect(try await client.execute(uri: "/metrics", method: .get).status == .notFound)
        }
    }
}

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

    @Test func withoutTheSettingNobodyGetsMetrics() async throws {
        let fixture = try WebFixture()
        try await fixture.application.test(.live) { client async throws in
            #expect(try await client.execute(uri: "/metrics", method: .get).status == .notFound)
        }
    }
}

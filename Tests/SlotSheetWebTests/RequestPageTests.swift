import Foundation
import HummingbirdTesting
import InteropSupport
import SlotSheetCore
import Testing
@testable import SlotSheetWeb

/// The Requests page on the sample data (Tuesday 1 December 2026): the queue a page of at most
/// 200, a bulk decision previewed and applied with its digest, 409 when another user decided
/// first, a cancel without a reason refused, CSRF, a request with its log, the workbook.
@Suite struct RequestPageTests {
    /// The first `count` new requests from three days on, by slot.
    static func newRequests(_ count: Int, _ fixture: WebFixture) throws -> [RowID] {
        let filter = try RequestQueueOrder(statuses: "new", from: "+3").filter(fixture.clock)
        return Array(try RequestQueuePage.read(filter, offset: 0, limit: count, store: fixture.store).rows.map(\.id))
    }

    static func status(_ id: RowID, _ fixture: WebFixture) throws -> RequestStatus? {
        try RequestDetail.read(id, store: fixture.store)?.request.recorded.status
    }

    /// The value of the hidden field `name` of a page.
    static func hidden(_ name: String, in page: String) -> String? {
        guard let range = page.range(of: "name=\"\(name)\" value=\"") else { return nil }
        return String(page[range.upperBound...].prefix { $0 != "\"" })
    }

    @Test(arguments: TestBackend.available) func theQueueIsPagedFilteredAndEachRequestHasItsLog(_ backend: TestBackend) async throws {
        let fixture = try WebFixture(backend)
        let total = try RequestQueuePage.read(RequestFilter(), offset: 0, limit: 1, store: fixture.store).total
        try await fixture.application.test(.router) { client in
            let anonymous = try await client.execute(uri: "/requests", method: .get)
            #expect(anonymous.status == .seeOther, "signed out: to the sign-in page")
            var olga = Browser()
            _ = try await olga.signIn(client, as: "olga")
            let page = try await client.execute(uri: "/requests", method: .get, headers: olga.headers())
            #expect(page.status == .ok)
            #expect(page.text.contains("href=\"/requests\" aria-current=\"page\""), "in the office's navigation")
            let boxes = page.text.components(separatedBy: "type=\"checkbox\" name=\"request\"").count - 1
            #expect(boxes == min(total, 200), "\(total) requests, \(boxes) on the first page")
            #expect(page.text.contains("Requests 1 to \(min(total, 200)) of \(total)."))
            #expect(!page.text.contains(" checked"), "nothing ticked yet")
            if total > 200 {
                #expect(page.text.contains("href=\"/requests?page=2\""))
                let second = try await client.execute(uri: "/requests?page=2&select=all", method: .get, headers: olga.headers())
                #expect(second.text.contains("Requests 201 to"))
                #expect(second.text.components(separatedBy: " checked").count - 1 == min(total - 200, 200), "select all ticks this page's")
            }
            let new = try await client.execute(uri: "/requests?status=new&from=%2B3&corporation=Nobody+BV", method: .get, headers: olga.headers())
            #expect(new.status == .ok && new.text.contains("No request matches."))
            let badDate = try await client.execute(uri: "/requests?from=someday", method: .get, headers: olga.headers())
            #expect(badDate.status == .badRequest && badDate.text.contains("someday"))
            olga.language = "nl"
            let dutch = try await client.execute(uri: "/requests", method: .get, headers: olga.headers())
            olga.language = "en"
            #expect(dutch.text.contains("Reparatieverzoeken") && dutch.text.contains("Alles op deze pagina kiezen"))

            let id = try #require(try Self.newRequests(1, fixture).first)
            let detail = try await client.execute(uri: "/requests/\(id)", method: .get, headers: olga.headers())
            #expect(detail.status == .ok)
            #expect(detail.text.contains("Request \(id)") && detail.text.contains("Status log") && detail.text.contains("+01:00"),
                    "the log's times on the office's clock")
            #expect(try await client.execute(uri: "/requests/999999", method: .get, headers: olga.headers()).status == .notFound)
            #expect(try await client.execute(uri: "/requests/abc", method: .get, headers: olga.headers()).status == .notFound)

            let download = try await client.execute(uri: "/requests/download", method: .post, headers: olga.headers(Browser.formType),
                                                    body: Browser.form([("csrf", olga.csrf), ("status", "new")]))
            #expect(download.status == .ok)
            #expect(download.headers[.contentType] == ReportFormat.xlsx.contentType)
            #expect(download.body.readableBytesView.starts(with: Array("PK".utf8)), "a zip: the workbook")
        }
    }

    @Test(arguments: TestBackend.available) func aBulkApproveIsPreviewedAppliedAndASecondDeciderGets409(_ backend: TestBackend) async throws {
        let fixture = try WebFixture(backend)
        let ids = try Self.newRequests(3, fixture)
        try #require(ids.count == 3)
        try await fixture.application.test(.router) { client in
            var olga = Browser(), adam = Browser()
            _ = try await olga.signIn(client, as: "olga")
            _ = try await adam.signIn(client, as: "adam")
            let approve = ids.map { ("request", String($0)) } + [("decision", "approve"), ("note", "")]

            let forged = try await client.execute(uri: "/requests/decisions", method: .post, headers: olga.headers(Browser.formType),
                                                  body: Browser.form(approve))
            #expect(forged.status == .forbidden, "no form token")
            let noReason = try await client.execute(uri: "/requests/decisions", method: .post, headers: olga.headers(Browser.formType),
                                                    body: Browser.form([("csrf", olga.csrf), ("request", String(ids[0])), ("decision", "cancel"),
                                                                        ("status", "new"), ("from", "+3")]))
            #expect(noReason.status == .unprocessableContent)
            #expect(noReason.text.contains("A cancellation needs a reason"))
            #expect(noReason.text.contains("value=\"\(ids[0])\" id=\"request-\(ids[0])\" aria-label=\"Select request \(ids[0])\" checked"), "still ticked")
            let nothing = try await client.execute(uri: "/requests/decisions", method: .post, headers: olga.headers(Browser.formType),
                                                   body: Browser.form([("csrf", olga.csrf), ("decision", "approve")]))
            #expect(nothing.status == .unprocessableContent && nothing.text.contains("No request is chosen"))

            let preview = try await client.execute(uri: "/requests/decisions", method: .post, headers: olga.headers(Browser.formType),
                                                   body: Browser.form([("csrf", olga.csrf)] + approve))
            #expect(preview.status == .ok)
            #expect(preview.text.contains("3 approved; 0 unchanged."))
            let digest = try #require(Self.hidden("plan", in: preview.text))
            // Adam previews cancelling the first of them at the same time.
            let cancel = [("request", String(ids[0])), ("decision", "cancel"), ("note", "Tenant called")]
            let adamsPreview = try await client.execute(uri: "/requests/decisions", method: .post, headers: adam.headers(Browser.formType),
                                                        body: Browser.form([("csrf", adam.csrf)] + cancel))
            let adamsDigest = try #require(Self.hidden("plan", in: adamsPreview.text))
            #expect(try Self.status(ids[0], fixture) == .new, "a preview changes nothing")

            let noDigest = try await client.execute(uri: "/requests/decisions/apply", method: .post, headers: olga.headers(Browser.formType),
                                                    body: Browser.form([("csrf", olga.csrf)] + approve))
            #expect(noDigest.status == .badRequest)
            let applied = try await client.execute(uri: "/requests/decisions/apply", method: .post, headers: olga.headers(Browser.formType),
                                                   body: Browser.form([("csrf", olga.csrf), ("plan", digest)] + approve))
            #expect(applied.status == .seeOther)
            let location = try #require(applied.headers[.location])
            #expect(location.hasPrefix("/requests/decisions/"))
            let result = try await client.execute(uri: location, method: .get, headers: olga.headers())
            #expect(result.status == .ok && result.text.contains("Applied as batch") && result.text.contains("href=\"/history\""))
            #expect(result.text.range(of: #"\d+ notices? to tenants queued\."#, options: .regularExpression) != nil, "what the tenants are told")
            for id in ids { #expect(try Self.status(id, fixture) == .approved) }

            let late = try await client.execute(uri: "/requests/decisions/apply", method: .post, headers: adam.headers(Browser.formType),
                                                body: Browser.form([("csrf", adam.csrf), ("plan", adamsDigest)] + cancel))
            #expect(late.status == .conflict)
            #expect(late.text.contains("The plan changed"))
            #expect(try Self.status(ids[0], fixture) == .approved, "the second decider changed nothing")
            let again = try await client.execute(uri: "/requests/decisions/apply", method: .post, headers: olga.headers(Browser.formType),
                                                 body: Browser.form([("csrf", olga.csrf), ("plan", digest)] + approve))
            #expect(again.status == .conflict, "the same apply twice: the plan is no longer the one seen")

            // A refused transition is shown with the core's words: approved requests cannot be reopened.
            olga.language = "nl"
            let refused = try await client.execute(uri: "/requests/decisions", method: .post, headers: olga.headers(Browser.formType),
                                                   body: Browser.form([("csrf", olga.csrf), ("request", String(ids[1])), ("decision", "archive")]))
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("Verzoek \(ids[1]) is goedgekeurd: het kan worden afgerond of geannuleerd, niet gearchiveerd."))
            #expect(!refused.text.contains("name=\"plan\""), "no apply for a refused decision")
            olga.language = "en"
            let detail = try await client.execute(uri: "/requests/\(ids[0])", method: .get, headers: olga.headers())
            #expect(detail.text.contains("Requests page") && detail.text.contains("new → approved"))
        }
    }
}

import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import InteropSupport
import SlotSheetCore
import Testing
@testable import SlotSheetWeb

@Suite struct SecurityTests {
    @Test(arguments: TestBackend.available) func withoutASessionEveryPageGoesToSignIn(_ backend: TestBackend) async throws {
        let fixture = try WebFixture(backend)
        try await fixture.application.test(.router) { client in
            for path in ["/", "/template", "/upload", "/uploads", "/uploads/1", "/history", "/users"] {
                let response = try await client.execute(uri: path, method: .get)
                #expect(response.status == .seeOther, "\(path)")
                #expect(response.headers[.location]?.hasPrefix("/sign-in?next=") == true, "\(path)")
            }
            let post = try await client.execute(uri: "/upload", method: .post, headers: Browser.formType, body: Browser.form([]))
            #expect(post.status == .forbidden, "a form without a token is refused before anything else")
        }
    }

    @Test(arguments: TestBackend.available) func signingInSetsASafeSessionCookie(_ backend: TestBackend) async throws {
        let fixture = try WebFixture(backend)
        try await fixture.application.test(.router) { client in
            var browser = Browser()
            let tokenBefore = try await {
                let page = try await client.execute(uri: "/sign-in", method: .get)
                browser.remember(page)
                return browser.csrf
            }()
            let response = try await browser.signIn(client, as: "olga")
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/")
            let cookie = try #require(response.headers[values: .setCookie].first { $0.hasPrefix("slotsheet_session=") })
            #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax") && !cookie.contains("Secure"))
            #expect(browser.csrf != tokenBefore, "signing in sets a new form token")
            let home = try await client.execute(uri: "/", method: .get, headers: browser.headers())
            #expect(home.status == .ok)
            #expect(home.text.contains("The next 4 weeks") && home.text.contains("Signed in as olga (office)"))
            #expect(fixture.log.all.contains { $0.contains("GET / 200") && $0.contains("user=olga") }, "one log line a request")
        }
    }

    @Test(arguments: TestBackend.available) func aMissingOrWrongFormTokenIsRefusedWith403(_ backend: TestBackend) async throws {
        let fixture = try WebFixture(backend)
        try await fixture.application.test(.router) { client in
            var browser = Browser()
            _ = try await browser.signIn(client, as: "olga")
            for token in [nil, "x", String(repeating: "A", count: 43)] as [String?] {
                var fields = [("from", "2026-12-02"), ("to", "2026-12-03"), ("staff", "all"), ("lang", "en")]
                if let token { fields.append(("csrf", token)) }
                let response = try await client.execute(uri: "/template", method: .post, headers: browser.headers(Browser.formType),
                                                         body: Browser.form(fields))
                #expect(response.status == .forbidden)
                #expect(response.text.contains("The form could not be accepted"))
            }
            let (headers, body) = multipartBody(token: "wrong", fileName: "a.csv", contents: Data("date,daypart,staff,available\n".utf8))
            let upload = try await client.execute(uri: "/upload", method: .post, headers: browser.headers(headers), body: body)
            #expect(upload.status == .forbidden)
            #expect(fixture.uploadFiles().isEmpty, "nothing of the file was kept")
            // Signing out is a form too.
            let signOut = try await client.execute(uri: "/sign-out", method: .post, headers: browser.headers(Browser.formType), body: Browser.form([]))
            #expect(signOut.status == .forbidden)
        }
    }

    @Test func afterFiveFailedSignInsTheNameWaitsLongerEachTime() async throws {
        let fixture = try WebFixture()
        try await fixture.application.test(.router) { client in
            var browser = Browser()
            for attempt in 1...5 {
                let response = try await browser.signIn(client, as: "olga", password: "wrong password \(attempt)")
                #expect(response.status == .unauthorized, "attempt \(attempt)")
                #expect(response.text.contains("The name or the password is not right"))
            }
            // Now even the right password is refused until the wait is over.
            let waiting = try await browser.signIn(client, as: "OLGA")
            #expect(waiting.status == .tooManyRequests)
            #expect(waiting.headers[.retryAfter] == "1")
            #expect(waiting.text.contains("Wait 1 second"))
            #expect(fixture.log.all.contains { $0.contains("5 failed attempts in a row for name olga") && $0.contains("waits 1s") })
            fixture.advanceSignInTime(by: .milliseconds(1001))
            let sixth = try await browser.signIn(client, as: "olga", password: "wrong again")
            #expect(sixth.status == .unauthorized)
            let longer = try await browser.signIn(client, as: "olga")
            #expect(longer.status == .tooManyRequests)
            #expect(longer.headers[.retryAfter] == "2", "the wait doubles")
            // Another name is not held up.
            #expect(try await browser.signIn(client, as: "adam").status == .seeOther)
            fixture.advanceSignInTime(by: .milliseconds(1990))
            #expect(try await browser.signIn(client, as: "olga").status == .tooManyRequests, "still 10 ms to wait")
            fixture.advanceSignInTime(by: .milliseconds(20))
            #expect(try await browser.signIn(client, as: "olga").status == .seeOther)
        }
    }

    @Test(arguments: TestBackend.available) func anOfficeUserGets403WithAPageSayingWhatIsMissing(_ backend: TestBackend) async throws {
        let fixture = try WebFixture(backend)
        try await fixture.application.test(.router) { client in
            var browser = Browser()
            _ = try await browser.signIn(client, as: "olga")
            let response = try await client.execute(uri: "/users", method: .get, headers: browser.headers())
            #expect(response.status == .forbidden)
            #expect(response.text.contains("This page is for the admin role. You are signed in as olga, with the office role."))
            var admin = Browser()
            _ = try await admin.signIn(client, as: "adam")
            let users = try await client.execute(uri: "/users", method: .get, headers: admin.headers())
            #expect(users.status == .ok && users.text.contains("olga"))
        }
    }

    @Test(arguments: TestBackend.available) func aStaffNameHoldingHTMLIsShownAsText(_ backend: TestBackend) async throws {
        let fixture = try WebFixture(backend)
        _ = try fixture.store.write { try $0.upsertStaff(StaffMember(code: "XSS", employeeNumber: "E-999", name: "<script>alert(1)</script>", active: true)) }
        try await fixture.application.test(.router) { client in
            var browser = Browser()
            _ = try await browser.signIn(client, as: "olga")
            let page = try await client.execute(uri: "/template", method: .get, headers: browser.headers())
            #expect(page.status == .ok)
            #expect(page.text.contains("XSS &lt;script&gt;alert(1)&lt;/script&gt;"))
            #expect(!page.text.contains("<script>alert"))
            #expect(page.headers[.contentSecurityPolicy]?.contains("script-src 'self'") == true)
        }
    }

    @Test(arguments: TestBackend.available) func theAPIAnswers401WithoutAValidToken(_ backend: TestBackend) async throws {
        let fixture = try WebFixture(backend)
        let token = try UserDirectory(store: fixture.store, clock: fixture.clock, cost: 4).newToken(for: "olga")
        try await fixture.application.test(.router) { client in
            for authorization in [nil, "Bearer sst_not-a-token", "Basic b2xnYTp4", "Bearer \(token)x"] as [String?] {
                var headers: HTTPFields = [:]
                if let authorization { headers[.authorization] = authorization }
                let response = try await client.execute(uri: "/api/batches", method: .get, headers: headers)
                #expect(response.status == .unauthorized)
                #expect(response.headers[.wwwAuthenticate] == "Bearer")
                let error = try JSONDecoder().decode([String: String].self, from: Data(buffer: response.body))
                #expect(error["code"] == "unauthorized")
            }
            let dutch = try await client.execute(uri: "/api/batches", method: .get, headers: [.acceptLanguage: "nl"])
            #expect(dutch.text.contains("Stuur een geldig API-token"))
            let ok = try await client.execute(uri: "/api/batches", method: .get, headers: [.authorization: "Bearer \(token)"])
            #expect(ok.status == .ok)
            #expect(ok.text == "[]")
            // A disabled user's token stops working at once.
            try UserDirectory(store: fixture.store, clock: fixture.clock).disable(name: "olga")
            #expect(try await client.execute(uri: "/api/batches", method: .get, headers: [.authorization: "Bearer \(token)"]).status == .unauthorized)
        }
    }

    @Test func secureCookiesOnlyWhenATrustedProxySaysTLS() async throws {
        for (trusted, expectSecure) in [(["127.0.0.1", "::1"].compactMap(IPNetwork.init), true), ([IPNetwork](), false)] {
            let fixture = try WebFixture(trustedProxies: trusted)
            try await fixture.application.test(.live) { client in
                let response = try await client.execute(uri: "/sign-in", method: .get, headers: [.xForwardedProto: "https"])
                let cookie = try #require(response.headers[values: .setCookie].first { $0.hasPrefix("slotsheet_csrf=") })
                #expect(cookie.contains("Secure") == expectSecure, "trusted: \(trusted)")
                #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))
            }
        }
    }

    @Test func healthIs200WhileTheServerAnswersAndReadyOnlyWhenTheDatabaseDoes() async throws {
        let fixture = try WebFixture()
        try await fixture.application.test(.router) { client in
            let response = try await client.execute(uri: "/healthz", method: .get)
            #expect(response.status == .ok && response.text == "ok\n")
            let ready = try await client.execute(uri: "/readyz", method: .get)
            #expect(ready.status == .ok && ready.text == "ok\n")
            // Told to stop (SIGTERM): still alive, no longer ready, so a balancer sends requests elsewhere.
            fixture.services.draining.withLockedValue { $0 = true }
            let draining = try await client.execute(uri: "/readyz", method: .get)
            #expect(draining.status == .serviceUnavailable && draining.text == "draining\n")
            #expect(try await client.execute(uri: "/healthz", method: .get).status == .ok)
        }
        let broken = try WebFixture(openStore: { throw StoreError.unreachable(location: "test", reason: "stopped") })
        try await broken.application.test(.router) { client in
            #expect(try await client.execute(uri: "/healthz", method: .get).status == .ok, "the server itself answers")
            let ready = try await client.execute(uri: "/readyz", method: .get)
            #expect(ready.status == .serviceUnavailable && ready.text == "database unavailable\n")
            let page = try await client.execute(uri: "/", method: .get)
            #expect(page.status == .seeOther, "no session: sign in first, no database needed for that")
        }
    }
}

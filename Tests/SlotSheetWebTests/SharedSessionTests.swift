import Foundation
import Hummingbird
import HummingbirdTesting
import InteropSupport
import SlotSheetCore
import Testing
@testable import SlotSheetWeb

/// Sessions and the sign-in throttle live in the database: a second instance on the same database
/// and the same instance after a restart know them, and ending a session anywhere ends it everywhere.
@Suite struct SharedSessionTests {
    /// Two web fronts on one database, each tested in process.
    private static func withTwoInstances(_ fixture: WebFixture,
                                         _ body: @escaping @Sendable (any TestClientProtocol, any TestClientProtocol) async throws -> Void) async throws {
        let second = WebServer.application(try fixture.anotherInstance())
        try await fixture.application.test(.router) { first in
            try await second.test(.router) { other in try await body(first, other) }
        }
    }

    /// The home page as this browser gets it: 200 when signed in, else a redirect to the sign-in page.
    private static func home(_ client: some TestClientProtocol, _ browser: Browser) async throws -> TestResponse {
        try await client.execute(uri: "/", method: .get, headers: browser.headers(), body: nil)
    }

    @Test(arguments: TestBackend.available) func aSessionMadeOnOneInstanceIsKnownToAnotherAndAfterARestart(_ backend: TestBackend) async throws {
        let fixture = try WebFixture(backend)
        let signedIn = NIOLockedBrowser()
        try await Self.withTwoInstances(fixture) { first, second in
            var browser = Browser()
            #expect(try await browser.signIn(first, as: "olga").status == .seeOther)
            let there = try await Self.home(second, browser)
            #expect(there.status == .ok, "the second instance knows the session")
            #expect(there.text.contains("olga"))
            signedIn.browser = browser
        }
        // A restart: a new web front on the same database, nothing kept in memory.
        let restarted = WebServer.application(try fixture.anotherInstance())
        try await restarted.test(.router) { client in
            let page = try await Self.home(client, signedIn.browser)
            #expect(page.status == .ok, "the session survives a restart")
            #expect(page.text.contains("olga"))
        }
    }

    @Test(arguments: TestBackend.available) func signingOutOnOneInstanceEndsTheSessionOnTheOther(_ backend: TestBackend) async throws {
        let fixture = try WebFixture(backend)
        try await Self.withTwoInstances(fixture) { first, second in
            var browser = Browser()
            _ = try await browser.signIn(first, as: "olga")
            let stolen = browser   // the same cookie, kept elsewhere
            #expect(try await Self.home(second, browser).status == .ok)
            // A form to the other instance passes its token check: the session's form token is shared too.
            let signOut = try await second.execute(uri: "/sign-out", method: .post, headers: browser.headers(Browser.formType),
                                                   body: Browser.form([("csrf", browser.csrf)]))
            #expect(signOut.status == .seeOther)
            #expect(signOut.headers[.location] == "/sign-in?signed-out=1")
            browser.remember(signOut)
            #expect(browser.cookies[WebSessions.cookieName] == nil, "the browser is told to forget the session")
            let afterwards = try await Self.home(first, stolen)
            #expect(afterwards.status == .seeOther, "the first instance no longer knows the session")
            #expect(afterwards.headers[.location]?.hasPrefix("/sign-in") == true)
            #expect(try fixture.rowsText(of: "web_session").isEmpty)
        }
    }

    @Test(arguments: TestBackend.available) func disablingAUserEndsTheirSessionsEverywhere(_ backend: TestBackend) async throws {
        let fixture = try WebFixture(backend)
        try await Self.withTwoInstances(fixture) { first, second in
            var office = Browser(), phone = Browser(), admin = Browser()
            _ = try await office.signIn(first, as: "olga")
            _ = try await phone.signIn(second, as: "olga")
            _ = try await admin.signIn(first, as: "adam")
            #expect(try fixture.rowsText(of: "web_session").count == 3)
            try UserDirectory(store: fixture.store, clock: fixture.clock, cost: 4).disable(name: "olga")
            #expect(try fixture.rowsText(of: "web_session").count == 1, "olga's two rows are gone, adam's stays")
            for (client, browser) in [(first, office), (second, office), (first, phone), (second, phone)] {
                #expect(try await Self.home(client, browser).status == .seeOther)
            }
            #expect(try await Self.home(second, admin).status == .ok, "another user's session goes on")
        }
    }

    @Test(arguments: TestBackend.available) func aSessionEndsAtItsLifetimeOnEveryInstance(_ backend: TestBackend) async throws {
        let fixture = try WebFixture(backend)
        try await Self.withTwoInstances(fixture) { first, second in
            var browser = Browser()
            _ = try await browser.signIn(first, as: "olga")
            fixture.advanceSignInTime(by: fixture.services.settings.sessionLifetime - .seconds(2))
            #expect(try await Self.home(second, browser).status == .ok, "using a session does not extend it, and it has not ended")
            fixture.advanceSignInTime(by: .seconds(2))
            let ended = try await Self.home(second, browser)
            #expect(ended.status == .seeOther && ended.headers[.location]?.hasPrefix("/sign-in") == true)
            #expect(try await Self.home(first, browser).status == .seeOther)
            // The next sign-in removes ended rows.
            var next = Browser()
            _ = try await next.signIn(second, as: "adam")
            #expect(try fixture.rowsText(of: "web_session").count == 1)
        }
    }

    @Test(arguments: TestBackend.available) func theTableHoldsOnlyHashesAndAGetWritesNothing(_ backend: TestBackend) async throws {
        let fixture = try WebFixture(backend)
        try await fixture.application.test(.router) { client in
            var browser = Browser()
            _ = try await browser.signIn(client, as: "olga")
            let id = try #require(browser.cookies[WebSessions.cookieName])
            let rows = try fixture.rowsText(of: "web_session")
            #expect(rows.count == 1)
            #expect(!rows[0].contains(id), "the session id is not stored: \(rows[0])")
            #expect(!rows[0].contains(browser.csrf), "nor the form token")
            #expect(rows[0].contains(RandomToken.sha256(id)), "its SHA-256 is")
            let before = try (fixture.rowsText(of: "web_session"), fixture.rowsText(of: "sign_in_record"))
            for path in ["/", "/template", "/uploads", "/history", "/sign-in"] {
                _ = try await client.execute(uri: path, method: .get, headers: browser.headers(), body: nil)
            }
            let after = try (fixture.rowsText(of: "web_session"), fixture.rowsText(of: "sign_in_record"))
            #expect(before == after, "a GET changes neither table")
        }
    }

    /// Five failures on one instance hold the name up on the other and after a restart; the wait's
    /// end is the same everywhere.
    @Test(arguments: TestBackend.available) func theSignInThrottleHoldsAcrossInstancesAndRestarts(_ backend: TestBackend) async throws {
        let fixture = try WebFixture(backend)
        try await Self.withTwoInstances(fixture) { first, second in
            var browser = Browser()
            for attempt in 1...SignInThrottle.freeAttempts {
                let failed = attempt.isMultiple(of: 2) ? try await browser.signIn(first, as: "olga", password: "wrong \(attempt)")
                                                       : try await browser.signIn(second, as: "olga", password: "wrong \(attempt)")
                #expect(failed.status == .unauthorized)
            }
            let held = try await browser.signIn(second, as: "olga")
            #expect(held.status == .tooManyRequests)
            #expect(held.headers[.retryAfter] == "1")
            #expect(try await browser.signIn(first, as: "olga").status == .tooManyRequests)
        }
        let restarted = WebServer.application(try fixture.anotherInstance())
        try await restarted.test(.router) { client async throws in
            var browser = Browser()
            #expect(try await browser.signIn(client, as: "olga").status == .tooManyRequests, "a restart forgets nothing")
            fixture.advanceSignInTime(by: .milliseconds(1001))
            #expect(try await browser.signIn(client, as: "olga").status == .seeOther)
            #expect(try fixture.rowsText(of: "sign_in_record").isEmpty, "a success clears the name's records")
            // A name no user can have (a NUL, which PostgreSQL's text refuses; 10,000 letters) is
            // counted as its hash: a wrong sign-in, never a server error or a huge row.
            for name in ["ol\u{0}ga", String(repeating: "x", count: 10_000)] {
                #expect(try await browser.signIn(client, as: name).status == .unauthorized)
            }
            let rows = try fixture.rowsText(of: "sign_in_record")
            #expect(rows.count == 5 && rows.allSatisfy { $0.count < 300 }, "\(rows)")
        }
    }
}

/// A browser handed from one test client's closure to the next.
private final class NIOLockedBrowser: @unchecked Sendable {
    private let lock = NSLock()
    private var stored = Browser()
    var browser: Browser {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

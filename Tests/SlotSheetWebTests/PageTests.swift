import Foundation
import HummingbirdTesting
import InteropSupport
import SlotSheetCore
import Testing
@testable import SlotSheetWeb

@Suite struct PageTests {
    @Test func theLanguageComesFromTheBrowserAndTheLinkRemembersIt() async throws {
        let fixture = try WebFixture()
        try await fixture.application.test(.router) { client in
            let dutch = try await client.execute(uri: "/sign-in", method: .get, headers: [.acceptLanguage: "nl-NL,nl;q=0.9,en;q=0.8"])
            #expect(dutch.text.contains("<html lang=\"nl\">") && dutch.text.contains("Aanmelden"))
            let english = try await client.execute(uri: "/sign-in", method: .get, headers: [.acceptLanguage: "de-DE,en;q=0.5"])
            #expect(english.text.contains("<html lang=\"en\">"))
            let switched = try await client.execute(uri: "/language/nl?back=/sign-in", method: .get)
            #expect(switched.status == .seeOther && switched.headers[.location] == "/sign-in")
            let cookie = try #require(switched.headers[values: .setCookie].first { $0.hasPrefix("slotsheet_lang=nl") })
            let remembered = try await client.execute(uri: "/sign-in", method: .get,
                                                      headers: [.cookie: String(cookie.split(separator: ";")[0]), .acceptLanguage: "en"])
            #expect(remembered.text.contains("Aanmelden"))
            let elsewhere = try await client.execute(uri: "/language/en?back=//evil.example/x", method: .get)
            #expect(elsewhere.headers[.location] == "/", "never a redirect to another site")
        }
    }

    @Test(arguments: TestBackend.available) func homeShowsTheNextFourWeeksAndMarksShortSlotsInWords(_ backend: TestBackend) async throws {
        let fixture = try WebFixture(backend)
        // Take everyone away from one slot that holds requests, so it is short.
        let (date, daypart, held) = try fixture.store.read { session -> (LocalDate, RowID, Int) in
            let range = DateRange(from: fixture.clock.today, to: fixture.clock.today.adding(days: 27))!
            let slot = try session.slotOccupancy(in: range).filter { $0.value.held > 0 }.min { $0.key.date < $1.key.date }!
            return (slot.key.date, slot.key.daypartID, slot.value.held)
        }
        try fixture.store.write { session in
            let staff = try session.availability(on: date).filter { $0.daypartID == daypart }
            try session.removeAvailability(staff.map { AvailabilityKey(date: date, daypartID: daypart, staffID: $0.staffID) })
        }
        try await fixture.application.test(.router) { client in
            var browser = Browser()
            _ = try await browser.signIn(client, as: "olga")
            let home = try await client.execute(uri: "/", method: .get, headers: browser.headers())
            #expect(home.text.contains("Tue 1 Dec 2026") && home.text.contains("Mon 28 Dec 2026") && !home.text.contains("29 Dec 2026"))
            #expect(home.text.contains("▲"))
            #expect(home.text.contains("short by \(held)"), "the shortage is said in words, not by colour alone")
        }
    }

    @Test(arguments: TestBackend.available) func theTemplateFormSaysWhatIsWrongAndKeepsWhatWasTyped(_ backend: TestBackend) async throws {
        let fixture = try WebFixture(backend)
        try await fixture.application.test(.router) { client in
            var browser = Browser()
            _ = try await browser.signIn(client, as: "olga")
            let form = try await client.execute(uri: "/template", method: .get, headers: browser.headers())
            #expect(form.text.contains("value=\"2026-12-02\"") && form.text.contains("value=\"2026-12-29\""), "next 4 weeks by default")
            #expect(form.text.contains("/template?from=2027-01-01&amp;to=2027-01-31"), "the next-month shortcut")
            let refused = try await client.execute(
                uri: "/template", method: .post, headers: browser.headers(Browser.formType),
                body: Browser.form([("csrf", browser.csrf), ("from", "2026-12-20"), ("to", "2026-12-10"), ("staff", "chosen"), ("lang", "en")]))
            #expect(refused.status == .badRequest)
            #expect(refused.text.contains("The first date comes after the last."))
            #expect(refused.text.contains("Tick at least one staff member"))
            #expect(refused.text.contains("value=\"2026-12-20\""))
        }
    }

    @Test func unknownPagesAndErrorsNeverShowDetails() async throws {
        let fixture = try WebFixture()
        try await fixture.application.test(.router) { client in
            var browser = Browser()
            _ = try await browser.signIn(client, as: "olga")
            let missing = try await client.execute(uri: "/no/such/page", method: .get, headers: browser.headers())
            #expect(missing.status == .notFound)
            #expect(missing.text.contains("Page not found"))
            let apiMissing = try await client.execute(uri: "/uploads/999999", method: .get, headers: browser.headers())
            #expect(apiMissing.status == .notFound)
        }
    }
}

@Suite struct WebUnitTests {
    @Test func textIsEscapedByConstruction() {
        let node = element("p", [.class("a\"b")]) { "<script>&'" }
        #expect(node.render() == "<p class=\"a&quot;b\">&lt;script&gt;&amp;&#39;</p>")
    }

    @Test func redirectsStayOnThisSite() {
        #expect(Redirect.localPath("/uploads?x=1") == "/uploads?x=1")
        for bad in ["//evil.example", "https://evil.example", "/\\evil", "evil", nil, "/a\nb"] as [String?] {
            #expect(Redirect.localPath(bad) == "/")
        }
    }

    @Test func settingsComeFromFlagsThenTheEnvironmentAndSayWhatIsWrong() throws {
        let settings = try WebSettings.resolve(listen: nil, uploadLimitMB: nil, trustedProxies: nil, uploadExpiryHours: nil, uploadFolder: nil,
                                               environment: ["SLOTSHEET_LISTEN": "[::1]:9000", "SLOTSHEET_TRUSTED_PROXIES": "127.0.0.1, ::1",
                                                             "STATE_DIRECTORY": "/var/lib/slotsheet"])
        #expect(settings.host == "::1" && settings.port == 9000)
        #expect(settings.trustedProxies == ["127.0.0.1", "::1"])
        #expect(settings.uploadFolder == "/var/lib/slotsheet/uploads")
        #expect(settings.uploadLimitBytes == 25 * 1_048_576)
        #expect(throws: WebSettingsError.invalid(source: "--listen", value: "localhost", expected: "HOST:PORT, such as 127.0.0.1:8080")) {
            try WebSettings.resolve(listen: "localhost", uploadLimitMB: nil, trustedProxies: nil, uploadExpiryHours: nil, uploadFolder: nil, environment: [:])
        }
        #expect(throws: WebSettingsError.self) {
            try WebSettings.resolve(listen: nil, uploadLimitMB: nil, trustedProxies: "proxy.lan", uploadExpiryHours: nil, uploadFolder: nil, environment: [:])
        }
        #expect(throws: WebSettingsError.self) {
            try WebSettings.resolve(listen: nil, uploadLimitMB: nil, trustedProxies: nil, uploadExpiryHours: nil, uploadFolder: nil,
                                    environment: ["SLOTSHEET_UPLOAD_LIMIT_MB": "lots"])
        }
    }

    @Test func acceptLanguageIsReadByWeight() {
        #expect(LanguageMiddleware.language(cookie: nil, acceptLanguage: "en;q=0.5, nl;q=0.8") == .nl)
        #expect(LanguageMiddleware.language(cookie: nil, acceptLanguage: "fr, de") == .en)
        #expect(LanguageMiddleware.language(cookie: "nl", acceptLanguage: "en") == .nl)
        #expect(LanguageMiddleware.language(cookie: "xx", acceptLanguage: "nl-BE") == .nl)
    }

    @Test func uploadNamesAreShownWithoutPathsOrControlCharacters() {
        #expect(UploadReceiver.displayName("C:\\Users\\olga\\rooster.xlsx") == "rooster.xlsx")
        #expect(UploadReceiver.displayName("../../etc/passwd") == "passwd")
        #expect(UploadReceiver.displayName("a\u{0}b\nc.csv") == "abc.csv")
        #expect(UploadReceiver.displayName("") == "upload")
        #expect(UploadReceiver.boundary("multipart/form-data; boundary=\"abc\"") == "abc")
        #expect(UploadReceiver.boundary("text/plain") == nil)
    }
}

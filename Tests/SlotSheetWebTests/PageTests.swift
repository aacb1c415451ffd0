import Foundation
import HummingbirdTesting
import InteropSupport
import SlotSheetCore
import SlotSheetTemplates
import Testing
import XLSXReader
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
            #expect(refused.text.contains("The last date (2026-12-10) comes before the first (2026-12-20); swap them."))
            #expect(refused.text.contains("Tick at least one staff member"))
            #expect(refused.text.contains("value=\"2026-12-20\""))
            let decades = try await client.execute(
                uri: "/template", method: .post, headers: browser.headers(Browser.formType),
                body: Browser.form([("csrf", browser.csrf), ("from", "2026-12-01"), ("to", "2074-01-19"), ("staff", "all"), ("lang", "en")]))
            #expect(decades.status == .badRequest, "a range of decades is refused before anything is made")
            #expect(decades.text.contains("The range has 17217 days; at most 731 are taken at once."))
        }
    }

    /// A template downloaded from the web front tells whoever fills it in to upload it there, in
    /// the page's words, not to run a command; the command line's export keeps the command.
    @Test func theWebTemplatesInstructionsUseTheWebFrontsWords() async throws {
        let fixture = try WebFixture()
        try await fixture.application.test(.router) { client in
            var browser = Browser()
            _ = try await browser.signIn(client, as: "olga")
            for (language, upload, apply) in [("en", "Upload", "Apply these changes"), ("nl", "Uploaden", "Deze wijzigingen doorvoeren")] {
                let download = try await client.execute(
                    uri: "/template", method: .post, headers: browser.headers(Browser.formType),
                    body: Browser.form([("csrf", browser.csrf), ("from", "2026-12-07"), ("to", "2026-12-13"), ("staff", "all"), ("lang", language)]))
                #expect(download.status == .ok)
                let path = fixture.folder.appending(path: "template-\(language).xlsx").path
                try Data(buffer: download.body).write(to: URL(fileURLWithPath: path))
                let book = try XLSXWorkbook(path: path)
                let words = (language == "nl" ? Language.nl : Language.en).words.template
                let sheet = try #require(book.sheets.first { $0.name == words.instructionsSheet })
                var rows = try book.rows(of: sheet)
                var text: [String] = []
                while let row = try rows.next() { for cell in row.cells { if case let .string(value) = cell.value { text.append(value) } } }
                let all = text.joined(separator: "\n")
                #expect(all.contains(upload) && all.contains(apply), "\(language): the page's words: \(all)")
                #expect(!all.contains("slotsheet import"), "\(language): no command for a web user")
            }
            #expect(Language.en.words.template.instructions(Self.facts(.commandLine)).contains { $0.contains("slotsheet import FILE.xlsx") })
        }
    }

    static func facts(_ returned: TemplateReturn) -> TemplateFacts {
        TemplateFacts(from: "2026-12-07", to: "2026-12-13", generatedAt: "now", firstStaffColumn: "F", minDaysAhead: 3, maxDaysAhead: 7,
                      bookableFrom: "2026-12-04", bookableTo: "2026-12-08", dayClosesAt: nil, returned: returned)
    }

    /// When an import ran is shown on the office's clock (summer: +02:00) with its offset, in words
    /// on the pages (both languages) and as ISO 8601 with the offset in the API.
    @Test(arguments: TestBackend.available) func historyTimesAreOnTheOfficesClock(_ backend: TestBackend) async throws {
        let fixture = try WebFixture(backend)
        _ = try fixture.store.write { session in
            try session.insertImportBatch(ImportBatch(
                fileName: "juli.csv", sha256: String(repeating: "0", count: 64), operatorName: "olga",
                createdAt: "2026-07-31T22:30:00Z", range: nil, added: 0, removed: 0, unchanged: 0, outcome: .unchanged))
        }
        let token = try UserDirectory(store: fixture.store, clock: fixture.clock, cost: 4).newToken(for: "olga")
        try await fixture.application.test(.router) { client in
            for (language, shown) in [("en", "1 Aug 2026 00:30 +02:00"), ("nl", "1 aug 2026 00:30 +02:00")] {
                var browser = Browser()
                browser.language = language
                _ = try await browser.signIn(client, as: "olga")
                let history = try await client.execute(uri: "/history", method: .get, headers: browser.headers())
                #expect(history.text.contains(shown) && !history.text.contains("2026-07-31"), "\(language): \(history.text)")
            }
            let batches = try await RouterAPI(client: client, token: token).send(.get, "/api/batches")
            #expect(batches.text.contains("\"created_at\":\"2026-08-01T00:30:00+02:00\""), "\(batches.text)")
        }
    }

    /// The file picker offers every file an import reads (an .ods too), and the page says so, in
    /// both languages.
    @Test func theUploadPageOffersEveryFileTheImportReads() async throws {
        let fixture = try WebFixture()
        try await fixture.application.test(.router) { client in
            let accept = "accept=\".xlsx,.xlsm,.ods,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,"
                + "application/vnd.ms-excel.sheet.macroEnabled.12,application/vnd.oasis.opendocument.spreadsheet,text/csv\""
            for (language, intro, label) in [
                ("en", "Upload a filled-in template (.xlsx, .xlsm or .ods) or a CSV file.", "File (.xlsx, .xlsm, .ods or .csv)."),
                ("nl", "Upload een ingevuld sjabloon (.xlsx, .xlsm of .ods) of een CSV-bestand.", "Bestand (.xlsx, .xlsm, .ods of .csv)."),
            ] {
                var browser = Browser()
                browser.language = language
                _ = try await browser.signIn(client, as: "olga")
                let page = try await client.execute(uri: "/upload", method: .get, headers: browser.headers())
                #expect(page.status == .ok)
                #expect(page.text.contains(accept), "\(language): the picker's accept list")
                #expect(page.text.contains(intro) && page.text.contains(label), "\(language): the page names .ods")
            }
        }
    }

    /// A browser asks for /favicon.ico on its own; every page names the SVG icon. Neither is a 404,
    /// neither needs a session, and both are the picture (an SVG the CSP allows as 'self').
    @Test func theIconIsServedWithoutASession() async throws {
        let fixture = try WebFixture()
        try await fixture.application.test(.router) { client in
            let page = try await client.execute(uri: "/sign-in", method: .get)
            #expect(page.text.contains(#"<link rel="icon" type="image/svg+xml" href="/static/icon.svg">"#))
            for path in ["/favicon.ico", "/static/icon.svg"] {
                let icon = try await client.execute(uri: path, method: .get)
                #expect(icon.status == .ok, "\(path)")
                #expect(icon.headers[.contentType] == "image/svg+xml", "\(path)")
                #expect(icon.text.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\"") && icon.text.contains("</svg>"), "\(path)")
            }
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

    @Test func theWebSettingsComeFromTheOfficeSettingsAndTheUploadFolderFromTheEnvironment() throws {
        var office = Settings.builtIn
        office.web.listen = try #require(ListenAddress("[::1]:9000"))
        office.web.trustedProxies = [try #require(IPNetwork("127.0.0.1")), try #require(IPNetwork("10.0.0.0/8"))]
        let settings = WebSettings(office.web, uploadFolder: WebSettings.uploadFolder(flag: nil, environment: ["STATE_DIRECTORY": "/var/lib/slotsheet"]))
        #expect(settings.host == "::1" && settings.port == 9000)
        #expect(settings.isTrustedProxy("127.0.0.1") && settings.isTrustedProxy("10.20.30.40"))
        #expect(!settings.isTrustedProxy("192.168.1.1") && !settings.isTrustedProxy("::1") && !settings.isTrustedProxy("proxy.lan"))
        #expect(settings.uploadFolder == "/var/lib/slotsheet/uploads")
        #expect(settings.uploadLimitBytes == 25 * 1_048_576 && settings.uploadExpiryHours == 24)
        #expect(WebSettings.uploadFolder(flag: "/srv/up", environment: ["SLOTSHEET_UPLOAD_DIR": "/x"]) == "/srv/up")
        #expect(WebSettings.uploadFolder(flag: nil, environment: [:]) == "./slotsheet-uploads")
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

import Foundation
import HummingbirdTesting
import InteropSupport
import SlotSheetCore
import Testing
import XLSXReader
@testable import SlotSheetWeb

/// The Reports page: an admin downloads the four reports of `slotsheet report` with its options;
/// the files are the ones the command writes, and a form the core refuses comes back with the
/// core's words, in the office's language.
@Suite struct ReportPageTests {
    @Test(arguments: TestBackend.available) func anAdminDownloadsEachReportAsTheCommandWritesIt(_ backend: TestBackend) async throws {
        let fixture = try WebFixture(backend)
        let exportsBefore = try fixture.exportRuns()
        try await fixture.application.test(.router) { client in
            var admin = Browser()
            _ = try await admin.signIn(client, as: "adam")
            let page = try await client.execute(uri: "/reports", method: .get, headers: admin.headers())
            #expect(page.status == .ok && page.text.contains("href=\"/reports\""))
            #expect(page.text.contains("value=\"2026-12-01\"") && page.text.contains("value=\"2026-12-28\""), "today and 27 days on by default")
            for kind in ReportKind.allCases {
                #expect(page.text.contains("value=\"\(kind.rawValue)\""), "\(kind)")
            }
            for kind in ReportKind.allCases {
                var fields = [("csrf", admin.csrf), ("kind", kind.rawValue), ("from", "2026-11-24"), ("to", "2026-12-14"),
                              ("format", "csv"), ("lang", "nl"), ("corporation", "")]
                if kind == .requests { fields += [("status", "new"), ("status", "approved")] }
                let download = try await client.execute(uri: "/reports", method: .post, headers: admin.headers(Browser.formType), body: Browser.form(fields))
                #expect(download.status == .ok, "\(kind): \(download.text.prefix(500))")
                #expect(download.headers[.contentDisposition] == "attachment; filename=\"\(kind.rawValue)-2026-11-24-2026-12-14.csv\"")
                #expect(download.headers[.contentType] == "text/csv; charset=utf-8")
                // The same order through the core, as `slotsheet report` runs it.
                let path = fixture.folder.appending(path: "cli-\(kind.rawValue).csv").path
                let order = ReportOrder(kind: kind, dates: DateRangeText(from: "2026-11-24", to: "2026-12-14"), format: .csv,
                                        statuses: kind == .requests ? "new,approved" : nil)
                _ = try ReportExporter(store: fixture.store, rules: fixture.services.rules)
                    .export(try order.request(clock: fixture.clock, language: .nl, paper: .a4, path: path))
                let expected = try Data(contentsOf: URL(fileURLWithPath: path))
                #expect(Data(buffer: download.body) == expected, "\(kind): the web's file is the command's")
                #expect(expected.count > 40, "\(kind): a report with rows")
            }
            let workbook = try await client.execute(uri: "/reports", method: .post, headers: admin.headers(Browser.formType), body: Browser.form([
                ("csrf", admin.csrf), ("kind", "utilization"), ("from", "2026-12-01"), ("to", "2026-12-07"), ("format", "xlsx"), ("lang", "en"),
            ]))
            #expect(workbook.status == .ok && workbook.headers[.contentDisposition] == "attachment; filename=\"utilization-2026-12-01-2026-12-07.xlsx\"")
            let saved = fixture.folder.appending(path: "web-utilization.xlsx")
            try Data(buffer: workbook.body).write(to: saved)
            let book = try Workbook(path: saved.path)
            #expect(book.sheets.count >= 2, "the heat map and the charts: \(book.sheets.map(\.name))")
        }
        #expect(try fixture.exportRuns() == exportsBefore + 2 * ReportKind.allCases.count + 1,
                "every download is recorded as an export, as the command's are (and the command's own runs here)")
        let newest = try #require(try fixture.rowsText(of: "export_run").last)
        #expect(newest.contains("web:utilization-2026-12-01-2026-12-07.xlsx") && !newest.contains(fixture.folder.path),
                "a download records the name it was sent as, not the scratch file removed once sent: \(newest)")
    }

    @Test(arguments: TestBackend.available) func aRefusedFormSaysWhyInTheCoresWordsAndKeepsWhatWasTyped(_ backend: TestBackend) async throws {
        let fixture = try WebFixture(backend)
        let exportsBefore = try fixture.exportRuns()
        try await fixture.application.test(.router) { client in
            var admin = Browser()
            _ = try await admin.signIn(client, as: "adam")
            func post(_ fields: [(String, String)], language: String = "en") async throws -> TestResponse {
                var browser = admin
                browser.language = language
                return try await client.execute(uri: "/reports", method: .post, headers: browser.headers(Browser.formType),
                                                body: Browser.form([("csrf", admin.csrf)] + fields))
            }
            let base = [("kind", "utilization"), ("format", "xlsx"), ("lang", "en")]
            let reversed = try await post(base + [("from", "2026-12-20"), ("to", "2026-12-10")])
            #expect(reversed.status == .badRequest && reversed.text.contains("The last date (2026-12-10) comes before the first (2026-12-20); swap them."))
            #expect(reversed.text.contains("value=\"2026-12-20\""), "what was typed comes back")
            let notADate = try await post(base + [("from", "31-02-2026"), ("to", "2026-12-10")], language: "nl")
            #expect(notADate.status == .badRequest && notADate.text.contains("Eerste datum: &#39;31-02-2026&#39; is geen datum"), "\(notADate.text)")
            // Any range a person types is capped as the template's is, refused before anything is read
            // (within a second: `make abuse` holds that bound).
            let millennia = try await post(base + [("from", "0001-01-01"), ("to", "9999-12-31")])
            #expect(millennia.status == .badRequest && millennia.text.contains("The range has 3652059 days; at most 3660 are taken at once."),
                    "\(millennia.text)")
            let farOff = try await post(base + [("from", "today"), ("to", "+99999999")], language: "nl")
            #expect(farOff.status == .badRequest && farOff.text.contains("Laatste datum: &#39;+99999999&#39; is geen datum"), "\(farOff.text)")
            let filtered = try await post(base + [("from", "2026-12-01"), ("to", "2026-12-10"), ("status", "new")])
            #expect(filtered.status == .badRequest && filtered.text.contains("filter the requests report only"))
            let unknown = try await post([("kind", "requests"), ("format", "csv"), ("from", "2026-12-01"), ("to", "2026-12-10"), ("status", "<b>open</b>")])
            #expect(unknown.status == .badRequest && unknown.text.contains("&#39;&lt;b&gt;open&lt;/b&gt;&#39; is not a status"), "escaped: \(unknown.text)")
            let forged = try await post([("kind", "salaries"), ("format", "xlsx"), ("from", "2026-12-01"), ("to", "2026-12-10")])
            #expect(forged.status == .badRequest && forged.text.contains("salaries"))
            let noToken = try await client.execute(uri: "/reports", method: .post, headers: admin.headers(Browser.formType),
                                                   body: Browser.form(base + [("from", "2026-12-01"), ("to", "2026-12-10")]))
            #expect(noToken.status == .forbidden, "a form without its token is refused")

            var office = Browser()
            _ = try await office.signIn(client, as: "olga")
            let closed = try await client.execute(uri: "/reports", method: .get, headers: office.headers())
            #expect(closed.status == .forbidden, "reports are for admins")
            #expect(!(try await client.execute(uri: "/", method: .get, headers: office.headers())).text.contains("href=\"/reports\""))
        }
        #expect(try fixture.exportRuns() == exportsBefore, "nothing refused was made")
    }
}

extension WebFixture {
    /// How many exports the database has recorded.
    func exportRuns() throws -> Int {
        try store.read { try $0.tableCounts() }.first { $0.table == "export_run" }?.rows ?? 0
    }
}

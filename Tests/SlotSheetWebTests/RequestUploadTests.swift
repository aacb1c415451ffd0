import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import InteropSupport
import SlotSheetCore
import Testing
import XLSXReader
@testable import SlotSheetWeb

/// The requests workbook uploaded back from the Requests page: one more kind of upload on the one
/// pipeline. An office user downloads the queue, decides in the workbook (openpyxl: approve two,
/// cancel one with a note), uploads it, sees the decisions once the reading queue has read it,
/// applies them on another instance than the one that read it, finds the batch in the history and
/// on the Uploads page; a second apply is 409. A refused transition is shown with its place, and
/// the problem list (the CSV `requests import --errors-out` writes) is downloaded in both languages.
@Suite(.ownThreads) struct RequestUploadTests {
    static let python = FileManager.default.isExecutableFile(atPath: Interop.python.path) || Interop.toolsRequired

    /// The new requests from three days on, as the Requests page downloads them.
    private func download(_ client: some TestClientProtocol, _ browser: Browser, to file: URL) async throws {
        let workbook = try await client.execute(uri: "/requests/download", method: .post, headers: browser.headers(Browser.formType),
                                                body: Browser.form([("csrf", browser.csrf), ("status", "new"), ("from", "+3")]))
        #expect(workbook.status == .ok, "\(workbook.status): \(workbook.text.prefix(500))")
        try Data(buffer: workbook.body).write(to: file)
    }

    /// A copy of `source` whose first new requests get `statuses` in turn (and the note, when
    /// given, on the last of them), by openpyxl as the office would; their request numbers.
    private func decide(_ source: URL, to target: URL, statuses: [String], note: String?) throws -> [RowID] {
        let output = try Interop.runPython("""
            import json, sys, warnings
            warnings.simplefilter("ignore")
            import openpyxl
            wb = openpyxl.load_workbook(sys.argv[1]); ws = wb["Requests"]
            header = [cell.value for cell in ws[1]]
            status, note = header.index("status") + 1, header.index("note") + 1
            statuses = json.loads(sys.argv[3]); decided = []
            for row in range(2, ws.max_row + 1):
                if len(decided) == len(statuses): break
                if ws.cell(row, status).value == "new":
                    ws.cell(row, status).value = statuses[len(decided)]
                    decided.append(ws.cell(row, 1).value)
            if sys.argv[4]: ws.cell(row - 1, note).value = sys.argv[4]
            wb.save(sys.argv[2])
            print(json.dumps(decided))
            """, arguments: [source.path, target.path, String(decoding: try JSONEncoder().encode(statuses), as: UTF8.self), note ?? ""])
        let numbers = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [Any] ?? []
        return numbers.compactMap { ($0 as? Int).map(RowID.init) ?? ($0 as? String).flatMap { RowID($0) } }
    }

    /// The Requests page's workbook downloaded, its first new requests given `statuses` (openpyxl),
    /// uploaded back as `name` and read: their numbers and the upload's page.
    private func decideAndUpload(_ client: some TestClientProtocol, _ browser: Browser, _ fixture: WebFixture, name: String,
                                 statuses: [String]) async throws -> (decided: [RowID], location: String) {
        let exported = fixture.folder.appending(path: "requests.xlsx"), edited = fixture.folder.appending(path: name)
        try await download(client, browser, to: exported)
        let decided = try decide(exported, to: edited, statuses: statuses, note: nil)
        let uploaded = try await upload(client, browser, name: name, edited)
        let location = try #require(uploaded.headers[.location])
        try await UploadPageSteps.waitUntilRead(fixture, location)
        return (decided, location)
    }

    private func upload(_ client: some TestClientProtocol, _ browser: Browser, name: String, _ file: URL) async throws -> TestResponse {
        let (headers, body) = multipartBody(token: browser.csrf, fileName: name, contents: try Data(contentsOf: file))
        return try await client.execute(uri: "/requests/upload", method: .post, headers: browser.headers(headers), body: body)
    }

    @Test(.enabled(if: RequestUploadTests.python, "no interop venv"), arguments: TestBackend.available)
    func anOfficeUserUploadsTheEditedWorkbookPreviewsAndAppliesItOnce(_ backend: TestBackend) async throws {
        let fixture = try WebFixture(backend)
        try await fixture.application.test(.router) { client in
            let olga = try await Browser.signedIn(client, as: "olga")
            let queue = try await client.execute(uri: "/requests", method: .get, headers: olga.headers())
            #expect(queue.text.contains("action=\"/requests/upload\" enctype=\"multipart/form-data\""), "\(queue.text)")
            #expect(queue.text.contains("Upload the edited workbook"))

            let exported = fixture.folder.appending(path: "requests.xlsx"), edited = fixture.folder.appending(path: "decided.xlsx")
            try await download(client, olga, to: exported)
            let decided = try decide(exported, to: edited, statuses: ["approved", "Approved ", "cancelled"], note: "tenant moved away")
            try #require(decided.count == 3, "three new requests decided: \(decided)")
            let before = try RequestsBatchPageTests.statuses(fixture.store, Set(decided))

            let uploaded = try await upload(client, olga, name: "decided.xlsx", edited)
            #expect(uploaded.status == .seeOther, "\(uploaded.status): \(uploaded.text.prefix(1000))")
            let location = try #require(uploaded.headers[.location])
            #expect(location.hasPrefix("/request-uploads/"))
            try await UploadPageSteps.waitUntilRead(fixture, location)
            let preview = try await client.execute(uri: location, method: .get, headers: olga.headers())
            #expect(preview.status == .ok, "\(preview.text)")
            #expect(preview.text.contains("2 approved, 1 cancelled;"), "\(preview.text)")
            for id in decided { #expect(preview.text.contains("<td class=\"number\">\(id)</td>"), "request \(id) is in the preview") }
            #expect(try RequestsBatchPageTests.statuses(fixture.store, Set(decided)) == before, "a preview writes nothing")
            let digest = try UploadPageSteps.shownDigest(preview.text)

            // Applied on a second instance: the upload and its stored preview are the database's.
            try await fixture.secondInstance().test(.router) { other in
                var there = Browser()
                _ = try await there.signIn(other, as: "olga")
                let applied = try await UploadPageSteps.apply(other, there, location, digest: digest)
                #expect(applied.status == .seeOther, "\(applied.status): \(applied.text.prefix(1000))")
            }
            let after = try RequestsBatchPageTests.statuses(fixture.store, Set(decided))
            #expect(after[decided[0]] == .approved && after[decided[1]] == .approved && after[decided[2]] == .cancelled, "\(after)")
            let id = try #require(RowID(location.split(separator: "/").last.map(String.init) ?? ""))
            let upload = try #require(try fixture.store.read { try $0.upload(id: id) })
            #expect(upload.state == .applied)
            let batch = try #require(upload.batchID)
            let log = try fixture.store.read { try $0.statusLog(ofBatch: batch) }
            #expect(log.count == 3 && log.allSatisfy { $0.channel == .file && $0.operatorName == "olga" }, "\(log)")
            #expect(log.contains { $0.requestID == decided[2] && $0.note == "tenant moved away" })

            let again = try await UploadPageSteps.apply(client, olga, location, digest: digest)
            #expect(again.status == .conflict && again.text.contains("applied already, as batch \(batch)"), "\(again.status): \(again.text)")
            let applied = try await client.execute(uri: location, method: .get, headers: olga.headers())
            #expect(applied.text.contains("Applied as batch \(batch)"), "\(applied.text)")

            let uploads = try await client.execute(uri: "/uploads", method: .get, headers: olga.headers())
            #expect(uploads.text.contains("<span class=\"tag\">requests</span> <a href=\"\(location)\">decided.xlsx</a>"), "\(uploads.text)")

            // The batch is the requests batch in the history, undone as a command line's is.
            let adam = try await Browser.signedIn(client, as: "adam")
            let history = try await client.execute(uri: "/history", method: .get, headers: adam.headers())
            #expect(history.text.contains("<span class=\"tag\">requests</span> decided.xlsx"), "\(history.text)")
            let undo = try await client.execute(uri: "/history/\(batch)/undo", method: .post, headers: adam.headers(Browser.formType),
                                                body: Browser.form([("csrf", adam.csrf)]))
            #expect(undo.status == .seeOther, "\(undo.status): \(undo.text.prefix(300))")
            #expect(try RequestsBatchPageTests.statuses(fixture.store, Set(decided)).values.allSatisfy { $0 == .new }, "the requests are new again")
        }
    }

    @Test(.enabled(if: RequestUploadTests.python, "no interop venv"), arguments: TestBackend.available)
    func aRefusedTransitionIsShownAtItsPlaceWithItsErrorWorkbook(_ backend: TestBackend) async throws {
        let fixture = try WebFixture(backend)
        try await fixture.application.test(.router) { client in
            let olga = try await Browser.signedIn(client, as: "olga")
            let (decided, location) = try await decideAndUpload(client, olga, fixture, name: "completed.xlsx", statuses: ["completed"])
            let request = try #require(decided.first)
            let page = try await client.execute(uri: location, method: .get, headers: olga.headers())
            #expect(page.status == .unprocessableContent, "\(page.status)")
            #expect(page.text.contains("Request \(request) is new: it can be approved or cancelled, not completed"), "\(page.text)")
            #expect(page.text.contains("Sheet Requests, cell J"), "the problem's place: \(page.text)")
            #expect(!page.text.contains("name=\"plan\""), "nothing to apply")
            let cell = try #require(page.text.firstMatch(of: /Sheet Requests, cell (J[0-9]+)/)).1
            #expect(page.text.contains("href=\"\(location)/errors.xlsx\""))

            // The error workbook in the page's language: the workbook as uploaded with the bad cell marked, and the Errors sheet.
            var dutch = Browser(language: "nl")
            _ = try await dutch.signIn(client, as: "olga")
            for (browser, data, errors) in [(olga, "Requests", "Errors"), (dutch, "Verzoeken", "Fouten")] {
                let download = try await client.execute(uri: "\(location)/errors.xlsx", method: .get, headers: browser.headers())
                #expect(download.status == .ok && download.headers[.contentType] == ReportFormat.xlsx.contentType, "\(download.status) \(download.headers)")
                let path = fixture.folder.appending(path: "errors-\(data).xlsx")
                try Data(buffer: download.body).write(to: path)
                let book = try Workbook(path: path.path)
                #expect(book.sheets.map(\.name) == [data, errors], "\(book.sheets.map(\.name))")
                var cells: [String: String] = [:]
                for sheet in book.sheets {
                    var rows = try book.rows(of: sheet)
                    while let row = try rows.next() {
                        for value in row.cells { if case let .string(text) = value.value { cells["\(sheet.name)!\(value.a1)"] = text } }
                    }
                }
                #expect(cells["\(data)!\(cell)"] == "completed", "the file as uploaded: \(cells.filter { $0.key.hasPrefix(data) }.count) cells")
                #expect(cells["\(errors)!B2"] == String(request), "\(cells.filter { $0.key.hasPrefix(errors) })")
                let said = data == "Verzoeken" ? ("Blad Verzoeken, cel \(cell)", "Verzoek \(request) is nieuw: het kan worden goedgekeurd of geannuleerd, niet afgerond.")
                    : ("Sheet Requests, cell \(cell)", "Request \(request) is new: it can be approved or cancelled, not completed.")
                #expect(cells["\(errors)!A2"] == said.0 && cells["\(errors)!C2"] == said.1, "\(cells.filter { $0.key.hasPrefix(errors) })")
            }
            let pagina = try await client.execute(uri: location, method: .get, headers: dutch.headers())
            #expect(pagina.text.contains("Beslissingen in completed.xlsx"), "\(pagina.text)")

            // No file: the Requests page again, saying so (400); a file that is no workbook: refused whole (422).
            let (headers, body) = multipartBody(token: olga.csrf, fileName: "", contents: Data())
            let noFile = try await client.execute(uri: "/requests/upload", method: .post, headers: olga.headers(headers), body: body)
            #expect(noFile.status == .badRequest && noFile.text.contains("Upload the edited workbook"), "\(noFile.status)")
            let junk = fixture.folder.appending(path: "junk.xlsx")
            try Data("PK\u{3}\u{4} this is no workbook".utf8).write(to: junk)
            let junkLocation = try #require(try await upload(client, olga, name: "junk.xlsx", junk).headers[.location])
            try await UploadPageSteps.waitUntilRead(fixture, junkLocation)
            let unreadable = try await client.execute(uri: junkLocation, method: .get, headers: olga.headers())
            #expect(unreadable.status == .unprocessableContent && unreadable.text.contains("The file cannot be read"), "\(unreadable.text)")
        }
    }

    /// Someone decides one of the requests between the preview and the apply: nothing is applied
    /// (409, the plan changed) and the new preview names the request changed since the export and
    /// offers the office's own edits on top (`--force`), which apply what is still allowed.
    @Test(.enabled(if: RequestUploadTests.python, "no interop venv"), arguments: TestBackend.available)
    func aWorkbookOvertakenByAnotherDecisionIs409AndAppliesOnTop(_ backend: TestBackend) async throws {
        let fixture = try WebFixture(backend)
        try await fixture.application.test(.router) { client in
            let olga = try await Browser.signedIn(client, as: "olga")
            let (decided, location) = try await decideAndUpload(client, olga, fixture, name: "mine.xlsx", statuses: ["approved", "approved"])
            try #require(decided.count == 2)
            let digest = try UploadPageSteps.shownDigest(try await client.execute(uri: location, method: .get, headers: olga.headers()).text)

            // Another office user cancels the first of them meanwhile, on the Requests page.
            let cancel = try BulkDecisionOrder(requests: [String(decided[0])], decision: "cancel", note: "the tenant called").checked()
            let job = BulkDecisionJob(store: fixture.store, rules: fixture.services.rules, notices: NoticeOffice(settings: .builtIn))
            let seen = try job.preview(cancel, operatorName: "adam", channel: .web)
            _ = try job.apply(cancel, planDigest: seen.outcome.planDigest, operatorName: "adam", channel: .web)

            let refused = try await UploadPageSteps.apply(client, olga, location, digest: digest)
            #expect(refused.status == .conflict, "\(refused.status)")
            #expect(refused.text.contains("The plan changed") && refused.text.contains("Apply my edits on top"), "\(refused.text)")
            let onTop = try #require(refused.text.firstMatch(of: /name="plan" value="([0-9a-f]{64})"><input type="hidden" name="on_top" value="1">/))
            let applied = try await client.execute(uri: "\(location)/apply", method: .post, headers: olga.headers(Browser.formType),
                                                   body: Browser.form([("csrf", olga.csrf), ("plan", String(onTop.1)), ("on_top", "1")]))
            #expect(applied.status == .seeOther, "\(applied.status): \(applied.text.prefix(1000))")
            let now = try RequestsBatchPageTests.statuses(fixture.store, Set(decided))
            #expect(now[decided[0]] == .cancelled && now[decided[1]] == .approved, "only the edit still allowed is applied: \(now)")
        }
    }
}

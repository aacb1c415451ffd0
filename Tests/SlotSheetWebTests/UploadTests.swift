import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import InteropSupport
import SlotSheetCore
import SlotSheetTemplates
import Testing
@testable import SlotSheetWeb

@Suite struct UploadTests {
    /// Waits (at most 60 s) until the upload is read.
    private func waitUntilRead(_ client: some TestClientProtocol, _ browser: Browser, id: String) async throws -> String {
        for _ in 0..<600 {
            let progress = try await client.execute(uri: "/uploads/\(id)/progress", method: .get, headers: browser.headers())
            let state = try JSONDecoder().decode(UploadProgress.self, from: Data(buffer: progress.body)).state
            if state != "reading" { return state }
            try await Task.sleep(for: .milliseconds(100))
        }
        Issue.record("upload \(id) still reading after 60 s")
        return "reading"
    }

    @Test(arguments: TestBackend.available) func aDownloadedTemplateUploadedUntouchedHasNothingToChange(_ backend: TestBackend) async throws {
        let fixture = try WebFixture(backend)
        try await fixture.application.test(.router) { client in
            var browser = Browser()
            _ = try await browser.signIn(client, as: "olga")
            let download = try await client.execute(
                uri: "/template", method: .post, headers: browser.headers(Browser.formType),
                body: Browser.form([("csrf", browser.csrf), ("from", "2026-12-07"), ("to", "2026-12-13"), ("staff", "chosen"),
                                    ("code", "ANB"), ("code", "BRW"), ("lang", "nl")]))
            #expect(download.status == .ok)
            #expect(download.headers[.contentDisposition] == "attachment; filename=\"beschikbaarheid-2026-12-07-2026-12-13.xlsx\"")
            let workbook = Data(buffer: download.body)
            #expect(workbook.starts(with: [0x50, 0x4B, 0x03, 0x04]), "an .xlsx (a zip)")
            #expect(fixture.uploadFiles().isEmpty, "the template's scratch file is gone once sent")

            let (headers, body) = multipartBody(token: browser.csrf, fileName: "C:\\Users\\olga\\<img src=x onerror=alert(1)>rooster.xlsx", contents: workbook)
            let upload = try await client.execute(uri: "/upload", method: .post, headers: browser.headers(headers), body: body)
            #expect(upload.status == .seeOther)
            let location = try #require(upload.headers[.location])
            let id = String(location.dropFirst("/uploads/".count))
            #expect(try await waitUntilRead(client, browser, id: id) == "ready")
            let page = try await client.execute(uri: location, method: .get, headers: browser.headers())
            #expect(page.text.contains("Nothing to change: the file matches the database."))
            #expect(page.text.contains("Upload: &lt;img src=x onerror=alert(1)&gt;rooster.xlsx"), "the client's name, its last part, escaped")
            #expect(fixture.uploadFiles().isEmpty, "the file is in the database, not on this instance's disk")
            #expect(try fixture.storesBytes(ofUpload: location))
            #expect(!page.text.contains("/errors.xlsx"), "no error workbook offered for a file without problems")
            let noErrors = try await client.execute(uri: "\(location)/errors.xlsx", method: .get, headers: browser.headers())
            #expect(noErrors.status == .conflict && noErrors.text.contains("There is no error workbook for this upload"))

            let list = try await client.execute(uri: "/uploads", method: .get, headers: browser.headers())
            #expect(list.text.contains("ready for review"))
            let discard = try await client.execute(uri: "\(location)/discard", method: .post, headers: browser.headers(Browser.formType),
                                                   body: Browser.form([("csrf", browser.csrf)]))
            #expect(discard.status == .seeOther)
            #expect(try !fixture.storesBytes(ofUpload: location), "a discarded upload's bytes are removed")
            #expect(try await client.execute(uri: "/uploads", method: .get, headers: browser.headers()).text.contains("discarded"))
        }
    }

    @Test(arguments: TestBackend.available) func aCSVWithProblemsIsRefusedWithEveryPlaceAndFix(_ backend: TestBackend) async throws {
        let fixture = try WebFixture(backend)
        try await fixture.application.test(.router) { client in
            var browser = Browser(language: "nl")
            _ = try await browser.signIn(client, as: "olga")
            let csv = "date,daypart,staff,available\r\n2026-12-09,D09,ANB,y\r\n2026-12-09,D09,NOPE,x\r\n"
            let (headers, body) = multipartBody(token: browser.csrf, fileName: "week.csv", contents: Data(csv.utf8))
            let upload = try await client.execute(uri: "/upload", method: .post, headers: browser.headers(headers), body: body)
            let location = try #require(upload.headers[.location])
            #expect(try await waitUntilRead(client, browser, id: String(location.dropFirst("/uploads/".count))) == "refused")
            let page = try await client.execute(uri: location, method: .get, headers: browser.headers())
            #expect(page.text.contains("2 problemen"))
            #expect(page.text.contains("Regel 2") || page.text.contains("regel 2"), "the CSV line is named")
            #expect(page.text.contains("Hoe u het oplost"))

            // The error workbook: the core's, named from the upload's number, its scratch file gone once sent.
            #expect(page.text.contains("href=\"\(location)/errors.xlsx\""))
            let errors = try await client.execute(uri: "\(location)/errors.xlsx", method: .get, headers: browser.headers())
            #expect(errors.status == .ok)
            #expect(errors.headers[.contentDisposition] == "attachment; filename=\"fouten-\(location.dropFirst().replacingOccurrences(of: "s/", with: "-")).xlsx\"")
            let workbook = Data(buffer: errors.body)
            #expect(workbook.starts(with: [0x50, 0x4B, 0x03, 0x04]), "an .xlsx (a zip)")
            #expect(workbook.range(of: Data("xl/worksheets/sheet2.xml".utf8)) != nil, "the copy and the error list (the walk opens it)")
            #expect(fixture.uploadFiles().isEmpty, "the scratch files are gone once sent")
            #expect(try fixture.storesBytes(ofUpload: location), "the refused upload's bytes are kept until it expires")

            // Made once, when it was read, in both languages, and kept with the upload: a download
            // streams what is stored, so it needs neither the file nor its preview again.
            let id = try #require(RowID(location.dropFirst("/uploads/".count)))
            let stored = try fixture.store.read { session in
                try Language.allCases.map { language in try session.uploadErrorWorkbookChunk(uploadID: id, language: language, seq: 0) }
            }
            #expect(stored[0] != nil && stored[1] != nil && stored[0] != stored[1], "an English and a Dutch workbook are stored")
            #expect(stored[1].map { Data($0) } == workbook, "the download is the stored Dutch workbook, byte for byte")
            fixture.services.readers.forget(id)
            try fixture.store.write { try $0.deleteUploadResult(uploadID: id) }
            let again = try await client.execute(uri: "\(location)/errors.xlsx", method: .get, headers: browser.headers())
            #expect(again.status == .ok && Data(buffer: again.body) == workbook, "the same bytes, not made again")
            #expect(!fixture.log.all.contains { $0.contains("read again") }, "nothing read again for it")
        }
    }

    /// multipart-kit traps on a part header name past ASCII: the guard refuses it first (400), and
    /// the server answers the next request. A file name in UTF-8 (a header value) is fine.
    @Test func aPartHeaderNamePastASCIIIsRefusedAndTheServerStaysUp() async throws {
        let fixture = try WebFixture()
        try await fixture.application.test(.router) { client in
            var browser = Browser()
            _ = try await browser.signIn(client, as: "olga")
            var body = ByteBuffer()
            body.writeString("--b\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n\(browser.csrf)\r\n")
            body.writeString("--b\r\nContent-Dispositioné: form-data; name=\"file\"; filename=\"a.csv\"\r\n\r\nx\r\n--b--\r\n")
            let refused = try await client.execute(uri: "/upload", method: .post,
                                                   headers: browser.headers([.contentType: "multipart/form-data; boundary=b"]), body: body)
            #expect(refused.status == .badRequest)
            let (headers, accepted) = multipartBody(token: browser.csrf, fileName: "rooster-één.csv", contents: Data("date,daypart,staff,available\r\n".utf8))
            let upload = try await client.execute(uri: "/upload", method: .post, headers: browser.headers(headers), body: accepted)
            #expect(upload.status == .seeOther, "a UTF-8 file name passes")
        }
    }

    @Test func theHeaderGuardFollowsDelimitersAcrossChunks() throws {
        func check(_ text: String) throws {
            var guardian = MultipartHeaderGuard(boundary: "----WebKitFormBoundaryQ")
            for byte in Array(text.utf8) { try guardian.check(ByteBuffer(bytes: [byte])) }
        }
        let delimiter = "------WebKitFormBoundaryQ"
        #expect(throws: MultipartHeaderGuard.NonASCIIHeaderName.self) { try check("\(delimiter)\r\nNamé: v\r\n\r\n") }
        #expect(throws: MultipartHeaderGuard.NonASCIIHeaderName.self) {
            try check("\(delimiter)\r\nA: b\r\n\r\nbody é ---\r\n\(delimiter)\r\nX: y\r\nZé: 1\r\n")
        }
        try check("\(delimiter)\r\nContent-Disposition: form-data; filename=\"één\"\r\n\r\nbody é -------WebKit é\r\n\(delimiter)--\r\n")
    }

    @Test func anOversizedUploadIsRefusedAndNothingIsKept() async throws {
        let fixture = try WebFixture(uploadLimitMB: 1)
        try await fixture.application.test(.router) { client in
            var browser = Browser()
            _ = try await browser.signIn(client, as: "olga")
            let (headers, body) = multipartBody(token: browser.csrf, fileName: "big.csv", contents: Data(repeating: 0x41, count: 3 * 1_048_576))
            let response = try await client.execute(uri: "/upload", method: .post, headers: browser.headers(headers), body: body)
            #expect(response.status == .contentTooLarge)
            #expect(response.text.contains("larger than 1 MB"))
            #expect(fixture.uploadFiles().isEmpty)
            #expect(try fixture.store.read { try $0.uploads(of: nil, limit: 10) }.isEmpty)
        }
    }

    @Test(arguments: TestBackend.available) func anotherUsersUploadIs404AsAMissingOneIsAndAnAdminSeesIt(_ backend: TestBackend) async throws {
        let fixture = try WebFixture(backend)
        let directory = UserDirectory(store: fixture.store, clock: fixture.clock, cost: 4)
        try directory.add(name: "otto", role: .office, password: WebFixture.password)
        try await fixture.application.test(.router) { client in
            var olga = Browser()
            _ = try await olga.signIn(client, as: "olga")
            let (headers, body) = multipartBody(token: olga.csrf, fileName: "a.csv", contents: Data("date,daypart,staff,available\r\n".utf8))
            let location = try #require(try await client.execute(uri: "/upload", method: .post, headers: olga.headers(headers), body: body).headers[.location])
            var otto = Browser()
            _ = try await otto.signIn(client, as: "otto")
            let refused = try await client.execute(uri: location, method: .get, headers: otto.headers())
            let missing = try await client.execute(uri: "/uploads/999999", method: .get, headers: otto.headers())
            #expect(refused.status == .notFound && missing.status == .notFound)
            #expect(refused.text.replacingOccurrences(of: location, with: "/uploads/999999") == missing.text,
                    "the answer does not tell that the upload exists")
            #expect(fixture.log.all.contains { $0.contains("asked for by otto, whose it is not") })
            let token = try UserDirectory(store: fixture.store, clock: fixture.clock, cost: 4).newToken(for: "otto")
            let id = String(location.split(separator: "/").last!)
            let api = try await client.execute(uri: "/api/imports/\(id)", method: .get, headers: [.authorization: "Bearer \(token)"])
            #expect(api.status == .notFound && api.text.contains("\"code\":\"not_found\""))
            for path in ["/uploads/\(id)/progress", "/uploads/\(id)/errors.xlsx"] {
                #expect(try await client.execute(uri: path, method: .get, headers: otto.headers()).status == .notFound, "\(path)")
            }
            #expect(!(try await client.execute(uri: "/uploads", method: .get, headers: otto.headers()).text.contains("a.csv")))
            var adam = Browser()
            _ = try await adam.signIn(client, as: "adam")
            #expect(try await client.execute(uri: location, method: .get, headers: adam.headers()).status == .ok)
            #expect(try await client.execute(uri: "/uploads", method: .get, headers: adam.headers()).text.contains("a.csv"))
        }
    }

    @Test(arguments: TestBackend.available) func theAPIUploadsAndReportsTheImportJSON(_ backend: TestBackend) async throws {
        let fixture = try WebFixture(backend)
        let token = try UserDirectory(store: fixture.store, clock: fixture.clock, cost: 4).newToken(for: "olga")
        try await fixture.application.test(.router) { client in
            let auth: HTTPFields = [.authorization: "Bearer \(token)"]
            let template = try await client.execute(uri: "/api/template?from=2026-12-07&to=2026-12-08&staff=ANB,BRW&lang=en", method: .get, headers: auth)
            #expect(template.status == .ok)
            let bad = try await client.execute(uri: "/api/template?from=2026-13-01&to=2026-12-08", method: .get, headers: auth)
            #expect(bad.status == .badRequest)
            #expect(bad.text.contains("\"code\":\"bad_parameter\"") && bad.text.contains("\"parameter\":\"from\""))

            var (headers, body) = multipartBody(token: nil, fileName: "t.xlsx", contents: Data(buffer: template.body))
            headers[.authorization] = "Bearer \(token)"
            let created = try await client.execute(uri: "/api/imports", method: .post, headers: headers, body: body)
            #expect(created.status == .accepted)
            let state = try JSONDecoder().decode(ImportStateJSON.self, from: Data(buffer: created.body))
            #expect(state.state == "reading")
            var current = state
            for _ in 0..<600 where current.state == "reading" {
                try await Task.sleep(for: .milliseconds(100))
                current = try JSONDecoder().decode(ImportStateJSON.self, from: Data(buffer: try await client.execute(
                    uri: "/api/imports/\(state.id)", method: .get, headers: auth).body))
            }
            #expect(current.state == "ready")
            #expect(current.result?.status == "dry_run", "a preview")
            #expect(current.result?.verdict == "nothing_to_change")
            #expect(current.result?.file == "t.xlsx")
        }
    }

    struct ImportStateJSON: Decodable {
        struct Result: Decodable { let status: String; let verdict: String; let file: String }
        let id: Int
        let state: String
        let result: Result?
    }
}

import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import InteropSupport
import SlotSheetCore
import Testing
@testable import SlotSheetWeb

/// The Lists page: an admin downloads a list as the workbook the command line exports, edits it
/// (openpyxl), uploads it, sees what would change once the reading queue has read it, applies it
/// (on another instance than the one that read it), finds it in the history and undoes it; a
/// refused file names the place in the person's language; an office user only downloads. A list
/// upload is an upload of the one pipeline: swept by the janitor, applied only while its plan is
/// the one previewed.
@Suite(.ownThreads) struct ListPageTests {
    private func lists(_ client: some TestClientProtocol, _ browser: Browser) async throws -> TestResponse {
        try await client.execute(uri: "/lists", method: .get, headers: browser.headers())
    }

    private func download(_ client: some TestClientProtocol, _ browser: Browser, _ kind: ListKind) async throws -> TestResponse {
        try await client.execute(uri: "/lists/\(kind.rawValue)/download", method: .post, headers: browser.headers(Browser.formType),
                                 body: Browser.form([("csrf", browser.csrf)]))
    }

    private func upload(_ client: some TestClientProtocol, _ browser: Browser, _ kind: ListKind, name: String, _ contents: Data) async throws -> TestResponse {
        let (headers, body) = multipartBody(token: browser.csrf, fileName: name, contents: contents)
        return try await client.execute(uri: "/lists/\(kind.rawValue)", method: .post, headers: browser.headers(headers), body: body)
    }

    /// Uploads the file and, once the reading queue has read it, the digest of the plan its page
    /// shows: the upload's page and that digest.
    private func uploadAndShowPlan(_ client: some TestClientProtocol, _ browser: Browser, _ fixture: WebFixture, _ kind: ListKind, name: String,
                                   _ contents: Data) async throws -> (location: String, digest: String) {
        let location = try #require(try await upload(client, browser, kind, name: name, contents).headers[.location])
        try await UploadPageSteps.waitUntilRead(fixture, location)
        return (location, try UploadPageSteps.shownDigest(try await client.execute(uri: location, method: .get, headers: browser.headers()).text))
    }

    /// Uploads the file and, once the reading queue has read it, gets its page (what a browser
    /// following the redirect sees when reading is done).
    private func uploadAndRead(_ client: some TestClientProtocol, _ browser: Browser, _ fixture: WebFixture, _ kind: ListKind, name: String,
                               _ contents: Data) async throws -> TestResponse {
        let uploaded = try await upload(client, browser, kind, name: name, contents)
        #expect(uploaded.status == .seeOther, "\(uploaded.status): \(uploaded.text.prefix(2000))")
        let location = try #require(uploaded.headers[.location])
        try await UploadPageSteps.waitUntilRead(fixture, location)
        return try await client.execute(uri: location, method: .get, headers: browser.headers())
    }

    /// Waits (at most 60 s) until the upload at `location` has left `reading`; its state then.
    @discardableResult
    /// The staff workbook as downloaded, with the person `code` renamed "Renamed Person" (openpyxl).
    /// The staff member first by code, and the staff workbook as downloaded with them renamed
    /// "Renamed Person" (`renamedInExport`).
    private func firstStaffRenamedInExport(_ client: some TestClientProtocol, _ browser: Browser,
                                           _ fixture: WebFixture) async throws -> (first: StaffMember, edited: URL) {
        let first = try #require(try fixture.store.read { try $0.staff() }.sorted { $0.value.code < $1.value.code }.first).value
        return (first, try await renamedInExport(client, browser, fixture, code: first.code))
    }

    /// Someone gives `member` another employee number in the database meanwhile; the member as now.
    private func renumberedMeanwhile(_ member: StaffMember, _ employeeNumber: String, _ fixture: WebFixture) throws -> StaffMember {
        var renumbered = member
        renumbered.employeeNumber = employeeNumber
        _ = try fixture.store.write { try $0.upsertStaff(renumbered) }
        return renumbered
    }

    private func renamedInExport(_ client: some TestClientProtocol, _ browser: Browser, _ fixture: WebFixture, code: String) async throws -> URL {
        let exported = fixture.folder.appending(path: "staff.xlsx")
        try Data(buffer: try await download(client, browser, .staff).body).write(to: exported)
        let edited = fixture.folder.appending(path: "staff-edited.xlsx")
        try Interop.runPython("""
            import openpyxl, sys
            book = openpyxl.load_workbook(sys.argv[1]); sheet = book["Staff"]
            for row in sheet.iter_rows():
                if row[0].value == sys.argv[3]: row[1].value = "Renamed Person"
            book.save(sys.argv[2])
            """, arguments: [exported.path, edited.path, code])
        return edited
    }

    /// The list uploads that keep an error workbook (`upload_errors_chunk`).
    private func listUploadsWithErrorWorkbooks(_ fixture: WebFixture) throws -> Int {
        try fixture.store.read { session in
            try session.uploads(of: nil, limit: 100).filter { $0.kind != .availability }
                .filter { try session.uploadErrorWorkbookChunk(uploadID: $0.id!, language: .en, seq: 0) != nil }.count
        }
    }

    @Test(arguments: TestBackend.available) func anAdminDownloadsEditsUploadsAppliesAndUndoesTheStaffList(_ backend: TestBackend) async throws {
        let fixture = try WebFixture(backend)
        let before = try fixture.store.read { try $0.staff() }
        let first = try #require(before.sorted { $0.code < $1.code }.first)
        try await fixture.application.test(.router) { client in
            let adam = try await Browser.signedIn(client, as: "adam")
            let page = try await lists(client, adam)
            #expect(page.status == .ok)
            #expect(page.text.contains("\(before.count) rows, \(before.filter(\.active).count) active"), "\(page.text)")
            #expect(page.text.contains("action=\"/lists/staff\"") && page.text.contains("enctype=\"multipart/form-data\""))

            let workbook = try await download(client, adam, .staff)
            #expect(workbook.status == .ok)
            #expect(workbook.headers[.contentType] == "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
            let exported = fixture.folder.appending(path: "staff.xlsx")
            try Data(buffer: workbook.body).write(to: exported)

            // Edited as the office would: one name changed, one person added (openpyxl keeps the rest as it is).
            let edited = fixture.folder.appending(path: "staff-edited.xlsx")
            try Interop.runPython("""
                import openpyxl, sys
                book = openpyxl.load_workbook(sys.argv[1]); sheet = book["Staff"]
                header = next(row[0].row for row in sheet.iter_rows() if row[0].value == "code")
                for row in sheet.iter_rows(min_row=header + 1):
                    if row[0].value == sys.argv[3]: row[1].value = "Renamed Person"
                sheet.append(["NEW1", "New Person", "E-NEW1", "x"])
                book.save(sys.argv[2])
                """, arguments: [exported.path, edited.path, first.code])
            let uploaded = try await upload(client, adam, .staff, name: "staff-edited.xlsx", try Data(contentsOf: edited))
            #expect(uploaded.status == .seeOther, "\(uploaded.status): \(uploaded.text.prefix(2000))")
            let location = try #require(uploaded.headers[.location])
            #expect(location.hasPrefix("/list-uploads/"))

            try await UploadPageSteps.waitUntilRead(fixture, location)
            let preview = try await client.execute(uri: location, method: .get, headers: adam.headers())
            #expect(preview.status == .ok)
            #expect(preview.text.contains("1 added, 1 changed, 0 made inactive, \(before.count - 1) unchanged."), "\(preview.text)")
            #expect(preview.text.contains("<td>NEW1</td><td>New Person</td><td>E-NEW1</td><td>x</td>"), "\(preview.text)")
            #expect(preview.text.contains("<td>\(first.code)</td><td>name</td><td>\(first.name)</td><td>Renamed Person</td>"), "\(preview.text)")
            #expect(try fixture.store.read { try $0.staff() } == before, "a preview writes nothing")
            let digest = try UploadPageSteps.shownDigest(preview.text)

            // Applied on a second instance: the upload and its preview are in the database, not in the first one's memory.
            try await fixture.secondInstance().test(.router) { other in
                var there = Browser()
                _ = try await there.signIn(other, as: "adam")
                let applied = try await UploadPageSteps.apply(other, there, location, digest: digest)
                #expect(applied.status == .seeOther, "\(applied.status): \(applied.text.prefix(2000))")
            }
            let staff = try fixture.store.read { try $0.staff() }
            #expect(staff.contains { $0.code == "NEW1" && $0.name == "New Person" && $0.active })
            #expect(staff.contains { $0.code == first.code && $0.name == "Renamed Person" })
            let batch = try #require(try fixture.store.read { try $0.importBatches(limit: 1, outcomes: nil) }.first)
            #expect(batch.listKind == .staff && batch.outcome == .applied && batch.operatorName == "adam" && batch.fileName == "staff-edited.xlsx")

            let shown = try await client.execute(uri: location, method: .get, headers: adam.headers())
            #expect(shown.text.contains("Applied as batch \(batch.id!)."))
            let twice = try await UploadPageSteps.apply(client, adam, location, digest: digest)
            #expect(twice.status == .conflict)
            #expect(twice.text.contains("applied already, as batch \(batch.id!)"))

            let history = try await client.execute(uri: "/history", method: .get, headers: adam.headers())
            #expect(history.text.contains("<span class=\"tag\">list Staff</span> staff-edited.xlsx"), "\(history.text)")
            var dutch = adam
            dutch.language = "nl"
            let dutchHistory = try await client.execute(uri: "/history", method: .get, headers: dutch.headers())
            #expect(dutchHistory.text.contains("<span class=\"tag\">lijst Medewerkers</span> staff-edited.xlsx"))

            let undo = try await client.execute(uri: "/history/\(batch.id!)/undo", method: .post, headers: adam.headers(Browser.formType),
                                                body: Browser.form([("csrf", adam.csrf)]))
            #expect(undo.status == .seeOther, "\(undo.status): \(undo.text.prefix(1000))")
            #expect(try fixture.store.read { try $0.staff() } == before, "undo puts the list back as it was")
        }
        // The API's batches say which list each changed.
        let token = try UserDirectory(store: fixture.store, clock: fixture.clock, cost: 4).newToken(for: "adam")
        try await fixture.application.test(.router) { client in
            let response = try await client.execute(uri: "/api/batches?limit=2", method: .get, headers: [.authorization: "Bearer \(token)"])
            let batches = try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [[String: Any]])
            #expect(batches.map { $0["list"] as? String } == ["staff", "staff"], "\(batches)")
            #expect(batches.map { $0["kind"] as? String } == ["undo", "import"])
        }
    }

    /// A list workbook edited while someone changed the same person in the database is stale: the
    /// page names the row and offers the office's edits on top (the command line's `--force`),
    /// which applies only the field the office changed and keeps the database's change.
    @Test(arguments: TestBackend.available) func aStaleListOffersTheOfficesEditsOnTop(_ backend: TestBackend) async throws {
        let fixture = try WebFixture(backend)
        try await fixture.application.test(.router) { client in
            let adam = try await Browser.signedIn(client, as: "adam")
            let (first, edited) = try await firstStaffRenamedInExport(client, adam, fixture)
            // Meanwhile someone gives the same person another employee number.
            let renumbered = try renumberedMeanwhile(first, "E-99999", fixture)

            let uploaded = try await uploadAndRead(client, adam, fixture, .staff, name: "staff-edited.xlsx", try Data(contentsOf: edited))
            #expect(uploaded.status == .unprocessableContent, "\(uploaded.status)")
            #expect(uploaded.text.contains("was changed in the database after this list was exported"), "\(uploaded.text.prefix(3000))")
            #expect(uploaded.text.contains("Apply your edits on top") && uploaded.text.contains("name=\"on_top\" value=\"1\""))
            #expect(uploaded.text.contains("<td>\(first.code)</td><td>name</td><td>\(first.name)</td><td>Renamed Person</td>"), "\(uploaded.text)")
            #expect(try fixture.store.read { try $0.staff() }.first { $0.value.code == first.code }?.value == renumbered, "a preview writes nothing")
            let location = try #require(uploaded.text.firstMatch(of: /action="(\/list-uploads\/[0-9]+)\/apply"/)).1

            let digest = try UploadPageSteps.shownDigest(uploaded.text)
            let applied = try await client.execute(uri: "\(location)/apply", method: .post, headers: adam.headers(Browser.formType),
                                                   body: Browser.form([("csrf", adam.csrf), ("plan", digest), ("on_top", "1")]))
            #expect(applied.status == .seeOther, "\(applied.status): \(applied.text.prefix(2000))")
            let now = try #require(try fixture.store.read { try $0.staff() }.first { $0.value.code == first.code }?.value)
            #expect(now.name == "Renamed Person" && now.employeeNumber == "E-99999", "the office's name on top of the database's number: \(now)")
            let batch = try #require(try fixture.store.read { try $0.importBatches(limit: 1, outcomes: nil) }.first)
            #expect(batch.listKind == .staff && batch.outcome == .applied && batch.operatorName == "adam")
        }
    }

    /// A file with problems is answered 422 with each problem's place, what is wrong and how to fix
    /// it, in the language of the person who sent it, and its error workbook (the one `staff import
    /// --errors-out` writes) to download; nothing is written. A file that is no spreadsheet is 422
    /// too (and not kept), and an upload without a file 400.
    @Test(arguments: TestBackend.available) func aRefusedListNamesThePlaceInTheAdminsLanguage(_ backend: TestBackend) async throws {
        let fixture = try WebFixture(backend)
        let before = try fixture.store.read { try $0.staff() }
        let bad = fixture.folder.appending(path: "bad.xlsx")
        try Interop.runPython("""
            import openpyxl, sys
            book = openpyxl.Workbook(); sheet = book.active; sheet.title = "Staff"
            for row in [("code", "name", "employee_number", "active"), ("NEW2", "", "E-NEW2", "x"), ("NEW3", "Third", "E-NEW3", "y")]:
                sheet.append(row)
            book.save(sys.argv[1])
            """, arguments: [bad.path])
        let contents = try Data(contentsOf: bad)
        try await fixture.application.test(.router) { client in
            let adam = try await Browser.signedIn(client, as: "adam")
            let english = try await uploadAndRead(client, adam, fixture, .staff, name: "bad.xlsx", contents)
            #expect(english.status == .unprocessableContent)
            #expect(english.text.contains("<td>Sheet Staff, cell B2</td><td>The name is empty.</td><td>Fill it in.</td>"), "\(english.text)")
            #expect(english.text.contains("Sheet Staff, cell D3"))
            #expect(english.text.contains("nothing was changed"))
            #expect(!english.text.contains("name=\"plan\""), "no apply form for a refused file")
            let link = try #require(english.text.firstMatch(of: /href="(\/list-uploads\/[0-9]+\/errors.xlsx)"/), "an error workbook link")
            let errors = try await client.execute(uri: String(link.1), method: .get, headers: adam.headers())
            #expect(errors.status == .ok && errors.headers[.contentType] == ReportFormat.xlsx.contentType)
            let workbook = fixture.folder.appending(path: "errors.xlsx")
            try Data(buffer: errors.body).write(to: workbook)
            let read = try Interop.runPython("""
                import openpyxl, sys
                book = openpyxl.load_workbook(sys.argv[1])
                print(book.sheetnames, book["Staff"]["B2"].comment.text.splitlines()[0], book["Staff"]["D3"].value)
                print(book["Errors"]["A2"].value)
                """, arguments: [workbook.path])
            #expect(read.contains("['Staff', 'Errors'] The name is empty. Fill it in. y"), "\(read)")
            #expect(read.contains("Sheet Staff, cell B2"), "\(read)")

            var dutch = Browser(language: "nl")
            _ = try await dutch.signIn(client, as: "adam")
            let inDutch = try await uploadAndRead(client, dutch, fixture, .staff, name: "bad.xlsx", contents)
            #expect(inDutch.status == .unprocessableContent)
            #expect(inDutch.text.contains("<td>Blad Staff, cel B2</td><td>De kolom naam is leeg.</td>"), "\(inDutch.text)")
            #expect(inDutch.text.contains("er is niets gewijzigd"))

            let notASpreadsheet = try await uploadAndRead(client, adam, fixture, .dayparts, name: "dayparts.xlsx",
                                                          Data("PK\u{3}\u{4} this is no workbook".utf8))
            #expect(notASpreadsheet.status == .unprocessableContent)
            #expect(notASpreadsheet.text.contains("The file cannot be read"), "\(notASpreadsheet.text)")

            let (headers, body) = multipartBody(token: adam.csrf, fileName: "", contents: Data())
            let noFile = try await client.execute(uri: "/lists/staff", method: .post, headers: adam.headers(headers), body: body)
            #expect(noFile.status == .badRequest)

            let unchanged = try await uploadAndRead(client, adam, fixture, .staff, name: "same.xlsx",
                                                    Data(buffer: try await download(client, adam, .staff).body))
            #expect(unchanged.status == .ok)
            #expect(unchanged.text.contains("Staff: Nothing to change"), "\(unchanged.text)")
        }
        #expect(try listUploadsWithErrorWorkbooks(fixture) == 2, "the two files with problems keep their error workbooks; nothing unreadable or unchanged")
        #expect(try fixture.store.read { try $0.staff() } == before)
        #expect(try fixture.store.read { try $0.importBatches(limit: 10, outcomes: nil) }.isEmpty, "a check is a dry run: no batch")
    }

    /// The plan is applied only while it is the one previewed: a change in between is shown, 409.
    @Test(arguments: TestBackend.available) func aListWhosePlanChangedSincePreviewIsShownNotApplied(_ backend: TestBackend) async throws {
        let fixture = try WebFixture(backend)
        let csv = Data("code,name,employee_number,active\nNEW4,Fourth Person,E-NEW4,x\n".utf8)
        try await fixture.application.test(.router) { client in
            let adam = try await Browser.signedIn(client, as: "adam")
            let (location, digest) = try await uploadAndShowPlan(client, adam, fixture, .staff, name: "four.csv", csv)
            // Meanwhile the same person is added from the command line.
            let file = fixture.folder.appending(path: "four.csv")
            try csv.write(to: file)
            let job = ListJob(store: fixture.store, rules: fixture.services.rules)
            _ = try job.run(try job.read(path: file.path, kind: .staff), ListRequest(dryRun: false, operatorName: "cli"))
            let batches = try fixture.store.read { try $0.importBatches(limit: 10, outcomes: nil) }.count

            let refused = try await UploadPageSteps.apply(client, adam, location, digest: digest)
            #expect(refused.status == .conflict)
            #expect(refused.text.contains("The plan changed"), "\(refused.text)")
            #expect(refused.text.contains("Nothing to change"), "the page shows the plan as it is now: \(refused.text)")
            let recorded = try fixture.store.read { try $0.importBatches(limit: 10, outcomes: nil) }
            #expect(recorded.count == batches + 1 && recorded.first?.outcome == .planChanged && recorded.first?.listKind == .staff)
        }
    }

    /// Two applies of one preview at the same moment apply it once: the other is a 409 saying it
    /// was applied already, and one batch is recorded as applied.
    @Test(arguments: TestBackend.available) func twoAppliesAtOnceApplyTheListOnce(_ backend: TestBackend) async throws {
        let fixture = try WebFixture(backend)
        let csv = Data("code,name,employee_number,active\nNEW6,Sixth Person,E-NEW6,x\n".utf8)
        try await fixture.application.test(.router) { client in
            let adam = try await Browser.signedIn(client, as: "adam")
            let (location, digest) = try await uploadAndShowPlan(client, adam, fixture, .staff, name: "six.csv", csv)
            let signedIn = adam
            async let first = UploadPageSteps.apply(client, signedIn, location, digest: digest)
            async let second = UploadPageSteps.apply(client, signedIn, location, digest: digest)
            let answers = try await [first, second]
            #expect(answers.map(\.status.code).sorted() == [303, 409], "\(answers.map(\.status))")
            let refused = try #require(answers.first { $0.status == .conflict })
            #expect(refused.text.contains("applied already"), "\(refused.text)")
        }
        let applied = try fixture.store.read { try $0.importBatches(limit: 10, outcomes: [.applied]) }
        #expect(applied.count == 1 && applied.first?.listKind == .staff)
        #expect(try fixture.store.read { try $0.staff() }.filter { $0.code == "NEW6" }.count == 1)
    }

    /// A large list's preview counts every row and shows the first `shownRows` of a table; Apply
    /// applies them all.
    @Test(arguments: TestBackend.available) func aLargeListsPreviewShowsItsFirstRowsAndAppliesAll(_ backend: TestBackend) async throws {
        let fixture = try WebFixture(backend)
        let defects = (1...1_200).map { "Shed,Garden,Door \($0 / 100),Stuck \($0),x" }
        let csv = Data((["location,space,element,defect,active"] + defects).joined(separator: "\n").utf8)
        let before = try fixture.store.read { try $0.catalogueDefects() }.count
        try await fixture.application.test(.router) { client in
            let adam = try await Browser.signedIn(client, as: "adam")
            let location = try #require(try await upload(client, adam, .catalogue, name: "shed.csv", csv).headers[.location])
            try await UploadPageSteps.waitUntilRead(fixture, location)
            let preview = try await client.execute(uri: location, method: .get, headers: adam.headers())
            #expect(preview.text.contains("Added (1200)"))
            #expect(preview.text.contains("The first 1000 of 1200 rows are shown; applying applies all 1200."), "\(preview.text.suffix(2000))")
            #expect(preview.text.components(separatedBy: "<td>Shed</td>").count - 1 == ListPreviewPage.shownRows)
            #expect(try await UploadPageSteps.apply(client, adam, location, digest: try UploadPageSteps.shownDigest(preview.text)).status == .seeOther)
        }
        #expect(try fixture.store.read { try $0.catalogueDefects() }.count == before + 1_200)
    }

    /// A list upload is read by the reading queue of the instance it was sent to, and previewed and
    /// applied by another instance from what the first stored: the second reads nothing.
    @Test(arguments: TestBackend.available) func aListUploadReadByOneInstanceIsPreviewedAndAppliedByAnother(_ backend: TestBackend) async throws {
        let fixture = try WebFixture(backend)
        let csv = Data("code,name,employee_number,active\nNEW7,Seventh Person,E-NEW7,x\n".utf8)
        let (adam, location) = try await fixture.application.test(.router) { client in
            let adam = try await Browser.signedIn(client, as: "adam")
            let location = try #require(try await upload(client, adam, .staff, name: "seven.csv", csv).headers[.location])
            let read = try await UploadPageSteps.waitUntilRead(fixture, location)
            #expect(read.kind == .staff && read.state == .ready && read.outcome == .ready && read.added == 1, "\(read)")
            #expect(read.planDigest != nil && read.leaseOwner == nil, "the reading is recorded with its digest, the lease ended")
            return (adam, location)
        }
        let id = try #require(RowID(location.split(separator: "/").last.map(String.init) ?? ""))
        #expect(fixture.log.all.contains { $0.contains("upload \(id): read 1 rows (staff): ready") }, "\(fixture.log.all)")
        let other = try fixture.anotherInstance("b")
        try await WebServer.application(other.services).test(.router) { client in
            let preview = try await client.execute(uri: location, method: .get, headers: adam.headers())
            #expect(preview.status == .ok)
            #expect(preview.text.contains("<td>NEW7</td><td>Seventh Person</td><td>E-NEW7</td><td>x</td>"), "\(preview.text)")
            let applied = try await UploadPageSteps.apply(client, adam, location, digest: try UploadPageSteps.shownDigest(preview.text))
            #expect(applied.status == .seeOther, "\(applied.status): \(applied.text.prefix(2000))")
        }
        #expect(!other.log.all.contains { $0.contains("upload \(id): read") || $0.contains("claimed") }, "B read nothing: \(other.log.all)")
        try await fixture.secondInstance().test(.router) { client in
            let uploads = try await client.execute(uri: "/uploads", method: .get, headers: adam.headers())
            #expect(uploads.text.contains("<span class=\"tag\">list Staff</span> <a href=\"\(location)\">seven.csv</a>"), "\(uploads.text)")
            #expect(try await client.execute(uri: "/uploads/\(id)", method: .get, headers: adam.headers()).status == .notFound,
                    "a list upload is shown on its own page, not as an availability upload")
        }
        let row = try #require(try fixture.store.read { try $0.upload(id: id) })
        #expect(row.state == .applied && row.batchID != nil)
        #expect(try fixture.store.read { try $0.uploadChunk(uploadID: id, seq: 0) } == nil, "the bytes went with the apply")
        #expect(try fixture.store.read { try $0.staff() }.contains { $0.code == "NEW7" && $0.active })
    }

    /// The janitor sweeps list uploads by the rules of every upload: one past its expiry becomes
    /// `expired` and loses its bytes, its stored preview and its error workbooks; a fresh one stays.
    /// Another instance's janitor does it, running at an interval set short (`web.janitor_interval_seconds`).
    @Test(arguments: TestBackend.available) func theJanitorSweepsAnOldListUpload(_ backend: TestBackend) async throws {
        let fixture = try WebFixture(backend)
        let adam = try #require(try fixture.store.read { try $0.user(named: "adam") }?.id)
        let bad = Data("code,name,employee_number,active\nNEW8,,E-NEW8,x\n".utf8)
        let good = Data("code,name,employee_number,active\nNEW9,Ninth,E-NEW9,x\n".utf8)
        let source = fixture.folder.appending(path: "list.csv")
        let ids = try [(bad, "2026-11-30T08:00:00Z", "old"), (good, "2099-01-01T00:00:00Z", "fresh")].map { contents, expires, name in
            try contents.write(to: source)
            return try fixture.store.write { session in
                let id = try session.insertUpload(WebUpload(kind: .staff, userID: adam, fileName: "list.csv", storedName: name, size: contents.count,
                                                            createdAt: "2026-11-29T08:00:00Z", expiresAt: expires))
                _ = try UploadChunks.store(fileAt: source.path, uploadID: id, in: session)
                return id
            }
        }
        let (old, fresh) = (ids[0], ids[1])
        try await fixture.application.test(.router) { client in
            for id in ids { try await UploadPageSteps.waitUntilRead(fixture, "/list-uploads/\(id)") }
            #expect(try fixture.store.read { try $0.uploadErrorWorkbookChunk(uploadID: old, language: .nl, seq: 0) } != nil, "read, with its error workbook")
            try await WebServer.application(try fixture.anotherInstance(janitorInterval: .milliseconds(200))).test(.router) { _ in
                let swept = try await waitFor { try fixture.store.read { try $0.upload(id: old) }?.state == .expired }
                #expect(swept, "swept within 30 s")
            }
            let (swept, kept) = try fixture.store.read { (try $0.upload(id: old), try $0.upload(id: fresh)) }
            #expect(swept?.state == .expired && kept?.state == .ready, "\(String(describing: swept)) \(String(describing: kept))")
            // The old one's bytes, stored preview and error workbook; the fresh one's bytes and preview.
            let stored = try fixture.store.read { session in
                [try session.uploadChunk(uploadID: old, seq: 0) != nil, try session.uploadResultChunk(uploadID: old, seq: 0) != nil,
                 try session.uploadErrorWorkbookChunk(uploadID: old, language: .en, seq: 0) != nil,
                 try session.uploadChunk(uploadID: fresh, seq: 0) != nil, try session.uploadResultChunk(uploadID: fresh, seq: 0) != nil]
            }
            #expect(stored == [false, false, false, true, true], "\(stored)")
            #expect(fixture.log.all.contains { $0.contains("upload \(old): expired") })

            let browser = try await Browser.signedIn(client, as: "adam")
            let page = try await client.execute(uri: "/list-uploads/\(old)", method: .get, headers: browser.headers())
            #expect(page.status == .ok && page.text.contains("expired") && !page.text.contains("name=\"plan\""), "\(page.text)")
            let applied = try await UploadPageSteps.apply(client, browser, "/list-uploads/\(old)", digest: String(repeating: "0", count: 64))
            #expect(applied.status == .conflict, "an expired upload is not applied")
        }
    }

    /// A list upload previewed as ready whose rows the database changed before the apply is stale:
    /// the apply is a 409 showing the rows changed since export, nothing is applied, and the new
    /// preview is the one stored, shown by any instance.
    @Test(arguments: TestBackend.available) func aListUploadThatWentStaleBeforeItsApplyIs409(_ backend: TestBackend) async throws {
        let fixture = try WebFixture(backend)
        try await fixture.application.test(.router) { client in
            let adam = try await Browser.signedIn(client, as: "adam")
            let (first, edited) = try await firstStaffRenamedInExport(client, adam, fixture)
            let preview = try await uploadAndRead(client, adam, fixture, .staff, name: "staff-edited.xlsx", try Data(contentsOf: edited))
            #expect(preview.status == .ok, "\(preview.status): \(preview.text.prefix(2000))")
            let digest = try UploadPageSteps.shownDigest(preview.text)
            let location = try #require(preview.text.firstMatch(of: /action="(\/list-uploads\/[0-9]+)\/apply"/)).1

            // Meanwhile someone gives the same person another employee number.
            let renumbered = try renumberedMeanwhile(first, "E-88888", fixture)

            let refused = try await UploadPageSteps.apply(client, adam, String(location), digest: digest)
            #expect(refused.status == .conflict, "\(refused.status)")
            #expect(refused.text.contains("The plan changed"), "\(refused.text.prefix(3000))")
            #expect(refused.text.contains("was changed in the database after this list was exported"), "\(refused.text.prefix(3000))")
            #expect(try fixture.store.read { try $0.staff() }.first { $0.value.code == first.code }?.value == renumbered, "nothing applied")
            let id = try #require(RowID(location.split(separator: "/").last.map(String.init) ?? ""))
            let row = try #require(try fixture.store.read { try $0.upload(id: id) })
            #expect(row.outcome == .stale && row.planDigest != digest, "the new reading is recorded: \(row)")

            try await fixture.secondInstance().test(.router) { other in
                var there = Browser()
                _ = try await there.signIn(other, as: "adam")
                let shown = try await other.execute(uri: String(location), method: .get, headers: there.headers())
                #expect(shown.status == .unprocessableContent && shown.text.contains("was changed in the database after this list was exported"))
            }
        }
        let batch = try #require(try fixture.store.read { try $0.importBatches(limit: 1, outcomes: nil) }.first)
        #expect(batch.outcome == .planChanged && batch.listKind == .staff)
    }

    /// An office user sees the lists and downloads them, and nothing else: no upload form, and
    /// the upload, preview and apply addresses answer 403.
    @Test(arguments: TestBackend.available) func anOfficeUserSeesTheListsReadOnly(_ backend: TestBackend) async throws {
        let fixture = try WebFixture(backend)
        try await fixture.application.test(.router) { client in
            let olga = try await Browser.signedIn(client, as: "olga")
            let page = try await lists(client, olga)
            #expect(page.status == .ok)
            #expect(page.text.contains("only an administrator can change them"))
            #expect(!page.text.contains("multipart/form-data"))
            for kind in ListKind.allCases {
                let workbook = try await download(client, olga, kind)
                #expect(workbook.status == .ok && workbook.body.readableBytesView.starts(with: Array("PK".utf8)), "\(kind)")
            }
            let csv = Data("code,name,employee_number,active\nNEW5,Fifth,E-NEW5,x\n".utf8)
            #expect(try await upload(client, olga, .staff, name: "five.csv", csv).status == .forbidden)

            let adam = try await Browser.signedIn(client, as: "adam")
            let location = try #require(try await upload(client, adam, .staff, name: "five.csv", csv).headers[.location])
            #expect(try await client.execute(uri: location, method: .get, headers: olga.headers()).status == .forbidden)
            #expect(try await UploadPageSteps.apply(client, olga, location, digest: String(repeating: "0", count: 64)).status == .forbidden)
            #expect(try await client.execute(uri: "/lists/people/download", method: .post, headers: olga.headers(Browser.formType),
                                             body: Browser.form([("csrf", olga.csrf)])).status == .notFound)
        }
        #expect(try fixture.store.read { try $0.staff() }.allSatisfy { $0.code != "NEW5" })
    }
}

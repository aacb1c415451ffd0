import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import InteropSupport
import SlotSheetCore
import Testing
@testable import SlotSheetWeb

/// Preview, apply and undo through the pages and the API, on the core's `ImportJob` steps: the
/// plan applied is the one the person saw, two clicks apply once, a plan that changed meanwhile is
/// shown instead of applied, and several clients importing at once each get their outcome.
@Suite struct ApplyTests {
    /// Cells the sample data leaves empty (staff not available), on weekdays from 2026-12-07 on:
    /// `(date, daypart code, staff code)`, in a fixed order.
    static func freeCells(_ store: any RepairStore, count: Int) throws -> [(String, String, String)] {
        try store.read { session in
            let dayparts = try session.dayparts().filter(\.value.active)
            let staff = try session.staff().filter(\.value.active)
            var cells: [(String, String, String)] = []
            var date = LocalDate(iso: "2026-12-07")!
            while cells.count < count {
                let taken = Set(try session.availability(on: date).map { "\($0.daypartID)-\($0.staffID)" })
                for daypart in dayparts {
                    for person in staff where !taken.contains("\(daypart.id)-\(person.id)") && cells.count < count {
                        cells.append((date.iso, daypart.value.code, person.value.code))
                    }
                }
                date = date.adding(days: 1)
            }
            return cells
        }
    }

    static func csv(_ cells: some Sequence<(String, String, String)>) -> Data {
        Data(("date,daypart,staff,available\r\n" + cells.map { "\($0.0),\($0.1),\($0.2),x\r\n" }.joined()).utf8)
    }

    /// Uploads through the page and waits until it is read; the upload's path.
    private func upload(_ client: some TestClientProtocol, _ browser: Browser, name: String, _ contents: Data) async throws -> String {
        let (headers, body) = multipartBody(token: browser.csrf, fileName: name, contents: contents)
        let response = try await client.execute(uri: "/upload", method: .post, headers: browser.headers(headers), body: body)
        let location = try #require(response.headers[.location])
        for _ in 0..<600 {
            let progress = try await client.execute(uri: "\(location)/progress", method: .get, headers: browser.headers())
            if try JSONDecoder().decode(UploadProgress.self, from: Data(buffer: progress.body)).state != "reading" { return location }
            try await Task.sleep(for: .milliseconds(100))
        }
        Issue.record("\(location) still reading after 60 s")
        return location
    }

    /// The week's template (7-13 December 2026) as `browser` downloads it, made stale by another
    /// upload it applies after the export: `meanwhile` (date, daypart, staff) made available.
    private func staleWeekTemplate(_ client: some TestClientProtocol, _ browser: Browser,
                                   meanwhile: (String, String, String)) async throws -> Data {
        let download = try await client.execute(
            uri: "/template", method: .post, headers: browser.headers(Browser.formType),
            body: Browser.form([("csrf", browser.csrf), ("from", "2026-12-07"), ("to", "2026-12-13"), ("staff", "all"), ("lang", "en")]))
        #expect(download.status == .ok)
        let other = try await upload(client, browser, name: "meanwhile.csv", Self.csv([meanwhile]))
        let page = try await client.execute(uri: other, method: .get, headers: browser.headers()).text
        #expect(try await UploadPageSteps.apply(client, browser, other, digest: try UploadPageSteps.shownDigest(page)).status == .seeOther)
        return Data(buffer: download.body)
    }

    @Test(arguments: TestBackend.available) func previewApplyThenUndoAndTwoClicksApplyOnce(_ backend: TestBackend) async throws {
        let fixture = try WebFixture(backend)
        let cells = try Self.freeCells(fixture.store, count: 3)
        try await fixture.application.test(.router) { client in
            let olga = try await Browser.signedIn(client, as: "olga")
            let location = try await upload(client, olga, name: "three.csv", Self.csv(cells))
            let preview = try await client.execute(uri: location, method: .get, headers: olga.headers())
            #expect(preview.text.contains("3 added, 0 removed"))
            // Names and labels beside the codes, as the template shows them.
            let (name, label) = try fixture.store.read { session in
                (try session.staff().first { $0.value.code == cells[0].2 }!.value.name, try session.dayparts().first { $0.value.code == cells[0].1 }!.value.label)
            }
            #expect(preview.text.contains("<td>\(cells[0].1)<span class=\"code-name\">\(label)</span></td>"), "the daypart's label: \(preview.text)")
            #expect(preview.text.contains("title=\"\(name)\">\(cells[0].2)<span class=\"code-name\">\(name)</span></th>"), "the person's name")
            #expect(preview.text.contains("\(cells[0].2) (\(name))"), "the counts per person name them")
            #expect(try fixture.store.read { try $0.importBatches(limit: 10, outcomes: nil) }.isEmpty, "a preview writes no batch")
            let digest = try UploadPageSteps.shownDigest(preview.text)

            // Two clicks at once (a double click, or two tabs): one applies, the other is told so.
            let tab = olga
            async let first = UploadPageSteps.apply(client, tab, location, digest: digest)
            async let second = UploadPageSteps.apply(client, tab, location, digest: digest)
            let answers = try await [first, second]
            #expect(answers.map(\.status.code).sorted() == [303, 409])
            let refusal = try #require(answers.first { $0.status == .conflict })
            #expect(refusal.text.contains("applied already") || refusal.text.contains("The plan changed"), "\(refusal.text)")
            let batches = try fixture.store.read { try $0.importBatches(limit: 10, outcomes: [.applied]) }
            #expect(batches.count == 1, "applied once")
            let batch = try #require(batches.first?.id)
            #expect(batches.first?.added == 3 && batches.first?.operatorName == "olga")
            #expect(try !fixture.storesBytes(ofUpload: location), "an applied upload's bytes go with its apply")
            #expect(fixture.uploadFiles().isEmpty)

            let applied = try await client.execute(uri: location, method: .get, headers: olga.headers())
            #expect(applied.text.contains("Applied as batch \(batch)."))
            #expect(!applied.text.contains("name=\"plan\""), "no apply button once applied")
            let again = try await UploadPageSteps.apply(client, olga, location, digest: digest)
            #expect(again.status == .conflict)
            #expect(again.text.contains("This upload was applied already, as batch \(batch)"))

            // Undo is for admins: an office user gets 403, an admin undoes it from the history.
            let history = try await client.execute(uri: "/history", method: .get, headers: olga.headers())
            #expect(!history.text.contains("/history/\(batch)/undo"), "no undo button for the office role")
            let forbidden = try await client.execute(uri: "/history/\(batch)/undo", method: .post, headers: olga.headers(Browser.formType),
                                                     body: Browser.form([("csrf", olga.csrf)]))
            #expect(forbidden.status == .forbidden)
            var adam = Browser(language: "nl")
            _ = try await adam.signIn(client, as: "adam")
            #expect(try await client.execute(uri: "/history", method: .get, headers: adam.headers()).text.contains("/history/\(batch)/undo"))
            let undo = try await client.execute(uri: "/history/\(batch)/undo", method: .post, headers: adam.headers(Browser.formType),
                                                body: Browser.form([("csrf", adam.csrf)]))
            #expect(undo.status == .seeOther)
            let undoneHistory = try await client.execute(uri: try #require(undo.headers[.location]), method: .get, headers: adam.headers())
            #expect(undoneHistory.text.contains("Batch \(batch) is teruggedraaid als batch"))
            #expect(undoneHistory.text.contains("teruggedraaid door batch"))
            let twice = try await client.execute(uri: "/history/\(batch)/undo", method: .post, headers: adam.headers(Browser.formType),
                                                 body: Browser.form([("csrf", adam.csrf)]))
            #expect(twice.status == .conflict)
            #expect(twice.text.contains("Batch \(batch) is al teruggedraaid door batch"))
            let free = try Self.freeCells(fixture.store, count: 3).map { "\($0.0) \($0.1) \($0.2)" }
            #expect(free == cells.map { "\($0.0) \($0.1) \($0.2)" }, "the undo left the cells empty again")
        }
    }

    /// A staff list batch whose person has been given availability since cannot be undone: the
    /// admin's history says why (409), in the admin's language, never a 500; the API says the same.
    @Test(arguments: TestBackend.available) func aListBatchWhoseUndoIsRefusedSaysWhy(_ backend: TestBackend) async throws {
        let fixture = try WebFixture(backend)
        let listFile = fixture.folder.appending(path: "staff.csv").path
        try "code,name,employee_number,active\nZED,Zed Tester,E999,x\n".write(toFile: listFile, atomically: true, encoding: .utf8)
        let job = ListJob(store: fixture.store, rules: OfficeRules(booking: .standard, clock: fixture.clock))
        let added = try job.run(try job.read(path: listFile, kind: .staff), ListRequest(dryRun: false, operatorName: "adam"))
        guard case let .applied(listBatch) = added.status else { Issue.record("the staff list was not applied: \(added.status)"); return }
        let cell = try #require(try Self.freeCells(fixture.store, count: 500).first { $0.2 == "ZED" })
        try await fixture.application.test(.router) { client in
            let olga = try await Browser.signedIn(client, as: "olga")
            let location = try await upload(client, olga, name: "zed.csv", Self.csv([cell]))
            let preview = try await client.execute(uri: location, method: .get, headers: olga.headers())
            #expect(try await UploadPageSteps.apply(client, olga, location, digest: try UploadPageSteps.shownDigest(preview.text)).status == .seeOther)

            var adam = Browser(language: "nl")
            _ = try await adam.signIn(client, as: "adam")
            let undo = try await client.execute(uri: "/history/\(listBatch)/undo", method: .post, headers: adam.headers(Browser.formType),
                                                body: Browser.form([("csrf", adam.csrf)]))
            #expect(undo.status == .conflict, "\(undo.status): \(undo.text.prefix(300))")
            #expect(undo.text.contains("Batch \(listBatch) kan niet worden teruggedraaid: die voegde ZED toe, dat sindsdien in gebruik is"), "\(undo.text)")
            #expect(try fixture.store.read { try $0.staff() }.contains { $0.code == "ZED" }, "nothing undone")
        }
    }

    @Test(arguments: TestBackend.available) func aPlanThatChangedSincePreviewIsShownNotApplied(_ backend: TestBackend) async throws {
        let fixture = try WebFixture(backend)
        let cells = try Self.freeCells(fixture.store, count: 2)
        try await fixture.application.test(.router) { client in
            let olga = try await Browser.signedIn(client, as: "olga")
            let first = try await upload(client, olga, name: "first.csv", Self.csv(cells))
            let second = try await upload(client, olga, name: "second.csv", Self.csv(cells))
            let secondDigest = try UploadPageSteps.shownDigest(try await client.execute(uri: second, method: .get, headers: olga.headers()).text)
            let firstDigest = try UploadPageSteps.shownDigest(try await client.execute(uri: first, method: .get, headers: olga.headers()).text)
            #expect(try await UploadPageSteps.apply(client, olga, first, digest: firstDigest).status == .seeOther)

            let changed = try await UploadPageSteps.apply(client, olga, second, digest: secondDigest)
            #expect(changed.status == .conflict)
            #expect(changed.text.contains("The plan changed"))
            #expect(changed.text.contains("no longer change"), "what changed is said")
            #expect(changed.text.contains("Nothing to change: the file matches the database."), "the new plan is shown")
            let newDigest = try UploadPageSteps.shownDigest(changed.text)
            #expect(newDigest != secondDigest)
            let outcomes = try fixture.store.read { try $0.importBatches(limit: 10, outcomes: nil) }.map(\.outcome)
            #expect(outcomes == [.planChanged, .applied], "the refused attempt is in the history too")
            #expect(try await UploadPageSteps.apply(client, olga, second, digest: newDigest).status == .seeOther, "the new plan applies")
            let forged = try await UploadPageSteps.apply(client, olga, first, digest: String(repeating: "0", count: 64))
            #expect(forged.status == .conflict, "an applied upload is not applied again, whatever the digest")
        }
    }

    /// A template exported before someone else changed its dates is stale: the page says what
    /// changed and offers the office's edits on top (the command line's `--force`). That plan's
    /// digest applies only with `on_top`; the changes made meanwhile stay.
    @Test(arguments: TestBackend.available) func aStaleTemplateOffersAndAppliesTheEditsOnTop(_ backend: TestBackend) async throws {
        let fixture = try WebFixture(backend)
        let meanwhile = try #require(try Self.freeCells(fixture.store, count: 1).first)
        try await fixture.application.test(.router) { client in
            let olga = try await Browser.signedIn(client, as: "olga")
            let template = try await staleWeekTemplate(client, olga, meanwhile: meanwhile)
            let stale = try await upload(client, olga, name: "week.xlsx", template)
            let page = try await client.execute(uri: stale, method: .get, headers: olga.headers()).text
            #expect(page.contains("The database changed since this template was made (1 change)."))
            #expect(page.contains("\(meanwhile.2) became available"), "what changed is said: \(page)")
            #expect(page.contains("Apply your edits on top") && page.contains("Your edits are in the database already"))
            #expect(page.contains("name=\"on_top\" value=\"1\""))
            let onTopDigest = try UploadPageSteps.shownDigest(page)

            let withoutOnTop = try await UploadPageSteps.apply(client, olga, stale, digest: onTopDigest)
            #expect(withoutOnTop.status == .conflict, "the on-top plan is not applied without on_top")
            let onTop = try await client.execute(uri: "\(stale)/apply", method: .post, headers: olga.headers(Browser.formType),
                                                 body: Browser.form([("csrf", olga.csrf), ("plan", onTopDigest), ("on_top", "1")]))
            #expect(onTop.status == .seeOther)
            let outcomes = try fixture.store.read { try $0.importBatches(limit: 10, outcomes: nil) }.map(\.outcome)
            #expect(outcomes == [.unchanged, .planChanged, .applied], "on top records its attempt; the refused one too")
            let free = Set(try Self.freeCells(fixture.store, count: 50).map { "\($0.0) \($0.1) \($0.2)" })
            #expect(!free.contains("\(meanwhile.0) \(meanwhile.1) \(meanwhile.2)"), "the change made meanwhile stays")
        }
    }

    /// A stale template that also has a wrong cell: the page lists the problem first and folds the
    /// changes made since export below it (a <details>), every problem at once; the wrong cell is
    /// not listed a second time under the edits on top.
    @Test func aStaleTemplatesProblemsComeFirstAndItsChangesAreFolded() async throws {
        let fixture = try WebFixture()
        let free = try Self.freeCells(fixture.store, count: 2)
        let (meanwhile, edit) = (free[0], free[1])
        let staff = try fixture.store.read { try $0.staff() }.filter(\.active).map(\.code)
        let layout = try APIConcurrencyTests.layout(fixture.store, range: APIImportTests.week, staff: staff)
        try await fixture.application.test(.router) { client in
            let olga = try await Browser.signedIn(client, as: "olga")
            let template = try await staleWeekTemplate(client, olga, meanwhile: meanwhile)

            let folder = fixture.folder
            try template.write(to: folder.appending(path: "week.xlsx"))
            try await APIConcurrencyTests.editWithOpenpyxl(folder.appending(path: "week.xlsx"), to: folder.appending(path: "edited.xlsx"),
                                                           cells: [try APIConcurrencyTests.cell("\(edit.0) \(edit.1) \(edit.2)", layout): "maybe"])
            let stale = try await upload(client, olga, name: "week.xlsx", try Data(contentsOf: folder.appending(path: "edited.xlsx")))
            let page = try await client.execute(uri: stale, method: .get, headers: olga.headers()).text
            let problem = try #require(page.range(of: "&#39;maybe&#39;") ?? page.range(of: "'maybe'"), "the wrong cell is said: \(page)")
            let changes = try #require(page.range(of: "The database changed since this template was made (1 change)."))
            #expect(problem.lowerBound < changes.lowerBound, "problems first")
            let folded = try #require(page.range(of: "<details class=\"stale-changes\"><summary>Changed in the database since the template was made (1)</summary>"))
            #expect(changes.lowerBound < folded.lowerBound)
            #expect(page[folded.upperBound...].contains("\(meanwhile.2) became available"), "the change is inside the fold")
            #expect(page.components(separatedBy: "maybe").count == 2, "the wrong cell is listed once: \(page)")
            #expect(page.contains("the file has the problems listed above.") && !page.contains("listed below"), "\(page)")
        }
    }

    /// Several API clients upload and apply at once: disjoint files all apply; of two files with the
    /// same cells one applies and the other is told its plan changed. Nothing is lost: every applied
    /// cell is in the database, every attempt in the history, and each client heard its outcome.
    @Test(arguments: TestBackend.available) func severalClientsImportingAtOnceEachHearTheirOutcome(_ backend: TestBackend) async throws {
        let fixture = try WebFixture(backend)
        var random = SeededGenerator(test: "severalClientsImportingAtOnce")
        let clients = 6
        let cells = try Self.freeCells(fixture.store, count: clients * 4).shuffled(using: &random)
        let directory = UserDirectory(store: fixture.store, clock: fixture.clock, cost: 4)
        let tokens = try (0..<clients).map { index in
            try directory.add(name: "client\(index)", role: .office, password: WebFixture.password)
            return try directory.newToken(for: "client\(index)")
        }
        // Clients 0..<4 have their own cells; clients 4 and 5 mark the same ones.
        let shared = Array(cells[16..<20])
        let files = (0..<4).map { Array(cells[($0 * 4)..<($0 * 4 + 4)]) } + [shared, shared]

        defer { if Test.current != nil { for line in fixture.log.all where line.hasPrefix("error") { print("server log: \(line)") } } }
        try await fixture.application.test(.router) { client in
            // All upload and preview at once; once every preview is made, all apply at once (so the
            // two clients with the same cells both previewed before either applied).
            let previews = try await withThrowingTaskGroup(of: (Int, Int, String).self) { group in
                for index in 0..<clients {
                    group.addTask {
                        let auth: HTTPFields = [.authorization: "Bearer \(tokens[index])"]
                        var (headers, body) = multipartBody(token: nil, fileName: "client\(index).csv", contents: Self.csv(files[index]))
                        headers[.authorization] = "Bearer \(tokens[index])"
                        let created = try await client.execute(uri: "/api/imports", method: .post, headers: headers, body: body)
                        let id = try ApplyAnswer.decode(created, "client \(index): upload").id
                        var state = ApplyAnswer(id: id, state: "reading", result: nil, batch: nil)
                        for _ in 0..<600 where state.state == "reading" {
                            try await Task.sleep(for: .milliseconds(50))
                            state = try ApplyAnswer.decode(try await client.execute(uri: "/api/imports/\(id)", method: .get, headers: auth),
                                                           "client \(index): state")
                        }
                        #expect(state.result?.status == "dry_run" && state.result?.verdict == "changes", "client \(index): \(state)")
                        return (index, id, try #require(state.result?.planDigest))
                    }
                }
                return try await group.reduce(into: [:]) { $0[$1.0] = ($1.1, $1.2) }
            }
            let answers = try await withThrowingTaskGroup(of: (Int, Int, ApplyAnswer).self) { group in
                for (index, (id, digest)) in previews {
                    group.addTask {
                        let headers: HTTPFields = [.authorization: "Bearer \(tokens[index])", .contentType: "application/json"]
                        let applied = try await client.execute(uri: "/api/imports/\(id)/apply", method: .post, headers: headers,
                                                               body: ByteBuffer(string: "{\"planDigest\":\"\(digest)\"}"))
                        return (index, Int(applied.status.code), try ApplyAnswer.decode(applied, "client \(index): apply"))
                    }
                }
                return try await group.reduce(into: [:]) { $0[$1.0] = ($1.1, $1.2) }
            }
            #expect(answers.count == clients, "every client heard back")
            for index in 0..<4 {
                #expect(answers[index]?.0 == 200 && answers[index]?.1.result?.status == "applied", "client \(index): \(String(describing: answers[index]))")
            }
            let sharedStatuses = [answers[4], answers[5]].compactMap { $0 }.map { "\($0.0) \($0.1.result?.status ?? "-")" }.sorted()
            #expect(sharedStatuses == ["200 applied", "409 plan_changed"], "of two files with the same cells one applies")

            let batches = try fixture.store.read { try $0.importBatches(limit: 50, outcomes: nil) }
            #expect(batches.filter { $0.outcome == .applied }.count == 5)
            #expect(batches.filter { $0.outcome == .planChanged }.count == 1, "the refused attempt is recorded")
            let appliedBatches = Set(answers.values.compactMap(\.1.batch))
            #expect(appliedBatches.count == 5, "each applied client was told its own batch")
            let stillFree = Set(try Self.freeCells(fixture.store, count: 200).map { "\($0.0) \($0.1) \($0.2)" })
            for cell in cells.prefix(20) {
                #expect(!stillFree.contains("\(cell.0) \(cell.1) \(cell.2)"), "no applied cell is lost: \(cell)")
            }
        }
    }

    struct ApplyAnswer: Decodable {
        struct Result: Decodable { let status: String; let verdict: String; let planDigest: String }
        let id: Int
        let state: String
        let result: Result?
        let batch: Int64?

        /// The answer, or a failure that shows what the server said instead (status and body).
        static func decode(_ response: TestResponse, _ step: String) throws -> ApplyAnswer {
            do {
                return try JSONDecoder().decode(ApplyAnswer.self, from: Data(buffer: response.body))
            } catch {
                throw Interop.Failure(description: "\(step): HTTP \(response.status.code) \(String(buffer: response.body))")
            }
        }
    }
}

import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import InteropSupport
import SlotSheetCore
import Testing
@testable import SlotSheetWeb

/// What the API says about an upload the page would treat specially: a stale template, whose
/// edits a script may apply on top as the page's button does, and a file refused whole, named with
/// the code `slotsheet import --json` gives it.
@Suite struct APIImportTests {
    static let week = DateRange(from: LocalDate(iso: "2026-12-07")!, to: LocalDate(iso: "2026-12-13")!)!

    @Test(arguments: TestBackend.available) func aStaleTemplatesEditsApplyOnTopThroughTheAPI(_ backend: TestBackend) async throws {
        let fixture = try WebFixture(backend)
        let token = try UserDirectory(store: fixture.store, clock: fixture.clock, cost: 4).newToken(for: "olga")
        let free = try ApplyTests.freeCells(fixture.store, count: 2)
        let (meanwhile, edit) = (free[0], free[1])
        let staff = try fixture.store.read { try $0.staff() }.filter(\.active).map(\.code)
        let layout = try APIConcurrencyTests.layout(fixture.store, range: Self.week, staff: staff)
        try await fixture.application.test(.router) { client in
            let api = RouterAPI(client: client, token: token)
            let template = try await api.send(.get, "/api/template?from=2026-12-07&to=2026-12-13&staff=all&lang=en")
            #expect(template.status == .ok)
            // Someone else marks a person available in the template's dates after the export.
            let other = try await api.upload("meanwhile.csv", ApplyTests.csv([meanwhile]))
            let otherDigest = try #require((other.state["result"] as? [String: Any])?["planDigest"] as? String)
            #expect(try await api.apply(other.id, ["planDigest": otherDigest]).status == .ok)

            let folder = fixture.folder
            try Data(buffer: template.body).write(to: folder.appending(path: "week.xlsx"))
            try await APIConcurrencyTests.editWithOpenpyxl(folder.appending(path: "week.xlsx"), to: folder.appending(path: "edited.xlsx"),
                                                           cells: [try APIConcurrencyTests.cell("\(edit.0) \(edit.1) \(edit.2)", layout): "x"])
            let stale = try await api.upload("week.xlsx", try Data(contentsOf: folder.appending(path: "edited.xlsx")))
            #expect(stale.state["state"] as? String == "ready", "a stale template whose edits can go on top is ready: \(stale.state)")
            let result = try #require(stale.state["result"] as? [String: Any])
            #expect(result["verdict"] as? String == "stale")
            #expect((result["stale"] as? [String])?.contains { $0.contains(meanwhile.2) } == true, "what changed meanwhile is said: \(result)")
            let onTop = try #require(stale.state["onTop"] as? [String: Any], "the state carries the plan on top: \(stale.state)")
            #expect(onTop["verdict"] as? String == "changes" && onTop["added"] as? Int == 1 && onTop["removed"] as? Int == 0)
            let change = try #require((onTop["changes"] as? [[String: Any]])?.first)
            #expect(change["date"] as? String == edit.0 && change["daypart"] as? String == edit.1 && change["staff"] as? String == edit.2)
            let onTopDigest = try #require(onTop["planDigest"] as? String)
            #expect(onTopDigest != result["planDigest"] as? String)

            let withoutOnTop = try await api.apply(stale.id, ["planDigest": onTopDigest])
            #expect(withoutOnTop.status == .conflict, "the plan on top is not applied without onTop")
            let applied = try await api.apply(stale.id, ["planDigest": onTopDigest, "onTop": true])
            #expect(applied.status == .ok, "\(applied.text)")
            let answer = try #require(try JSONSerialization.jsonObject(with: Data(buffer: applied.body)) as? [String: Any])
            let batch = try #require(answer["batch"] as? Int)
            #expect((answer["result"] as? [String: Any])?["status"] as? String == "applied")
            let again = try await api.apply(stale.id, ["planDigest": onTopDigest, "onTop": true])
            #expect(again.status == .conflict && again.text.contains("\"already_applied\"") && again.text.contains("as batch \(batch);"))

            let stillFree = Set(try ApplyTests.freeCells(fixture.store, count: 60).map { "\($0.0) \($0.1) \($0.2)" })
            #expect(!stillFree.contains("\(edit.0) \(edit.1) \(edit.2)"), "the edit is in the database")
            #expect(!stillFree.contains("\(meanwhile.0) \(meanwhile.1) \(meanwhile.2)"), "the change made meanwhile stays")
            let outcomes = try fixture.store.read { try $0.importBatches(limit: 10, outcomes: nil) }.map(\.outcome)
            #expect(outcomes == [.applied, .planChanged, .applied], "the refused attempt is recorded too")
        }
    }

    /// A template whose hidden sheet was edited is `template_edited` (the command line's exit 9),
    /// any other refused file `unreadable` (a PDF said as one, though stored under a name without
    /// .xlsx), as `slotsheet import --json` says; in the request's language.
    @Test(arguments: TestBackend.available) func aRefusedFileCarriesTheCommandLinesCode(_ backend: TestBackend) async throws {
        let fixture = try WebFixture(backend)
        let token = try UserDirectory(store: fixture.store, clock: fixture.clock, cost: 4).newToken(for: "olga")
        let staff = try fixture.store.read { try $0.staff() }.filter(\.active).map(\.code)
        let layout = try APIConcurrencyTests.layout(fixture.store, range: Self.week, staff: staff)
        let edit = try #require(try ApplyTests.freeCells(fixture.store, count: 1).first)
        let before = Set(try ApplyTests.freeCells(fixture.store, count: 60).map { "\($0.0) \($0.1) \($0.2)" })
        try await fixture.application.test(.router) { client in
            var api = RouterAPI(client: client, token: token)
            api.language = "nl"
            let template = try await api.send(.get, "/api/template?from=2026-12-07&to=2026-12-13&staff=all&lang=en")
            let folder = fixture.folder
            try Data(buffer: template.body).write(to: folder.appending(path: "week.xlsx"))
            try await APIConcurrencyTests.editWithOpenpyxl(
                folder.appending(path: "week.xlsx"), to: folder.appending(path: "edited.xlsx"),
                cells: [try APIConcurrencyTests.cell("\(edit.0) \(edit.1) \(edit.2)", layout): "x"],
                python: """
                    for row in wb["_slotsheet"].iter_rows():
                        if row[0].value == "meta" and row[1].value == "fingerprint":
                            row[2].value = "a" * 64
                    """)
            let edited = try await api.upload("week.xlsx", try Data(contentsOf: folder.appending(path: "edited.xlsx")))
            #expect(edited.state["state"] as? String == "refused")
            #expect(edited.state["errorCode"] as? String == "template_edited", "\(edited.state)")
            #expect((edited.state["error"] as? String)?.hasPrefix("De verborgen gegevens van dit rooster") == true, "\(edited.state)")
            #expect(edited.state["result"] == nil)

            let garbage = try await api.upload("notes.xlsx", Data("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n".utf8))
            #expect(garbage.state["state"] as? String == "refused")
            #expect(garbage.state["errorCode"] as? String == "unreadable", "\(garbage.state)")
            #expect((garbage.state["error"] as? String)?.hasPrefix("Dit bestand is een PDF-document, geen werkmap") == true,
                    "said as what it is, as the command line says it: \(garbage.state)")

            let refused = try await api.apply(edited.id, ["planDigest": String(repeating: "0", count: 64)])
            #expect(refused.status == .conflict && refused.text.contains("\"not_ready\""))
        }
        #expect(try fixture.store.read { try $0.importBatches(limit: 10, outcomes: nil) }.isEmpty, "nothing written")
        #expect(Set(try ApplyTests.freeCells(fixture.store, count: 60).map { "\($0.0) \($0.1) \($0.2)" }) == before)
    }
}

/// The API through HummingbirdTesting's router client, as one token's script.
struct RouterAPI {
    let client: any TestClientProtocol
    let token: String
    var language = "en"

    func send(_ method: HTTPRequest.Method, _ uri: String, headers extra: HTTPFields = [:], body: ByteBuffer? = nil) async throws -> TestResponse {
        var headers = extra
        headers[.authorization] = "Bearer \(token)"
        headers[.acceptLanguage] = language
        return try await client.execute(uri: uri, method: method, headers: headers, body: body)
    }

    /// Uploads a file and waits until it is read: its id and its state as JSON.
    func upload(_ name: String, _ contents: Data) async throws -> (id: Int, state: [String: Any]) {
        let (headers, body) = multipartBody(token: nil, fileName: name, contents: contents)
        let created = try await send(.post, "/api/imports", headers: headers, body: body)
        guard created.status == .accepted, let id = try object(created)["id"] as? Int else {
            throw Interop.Failure(description: "upload \(name): HTTP \(created.status.code) \(created.text)")
        }
        for _ in 0..<600 {
            let state = try object(try await send(.get, "/api/imports/\(id)"))
            if state["state"] as? String != "reading" { return (id, state) }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw Interop.Failure(description: "upload \(name) still reading after 60 s")
    }

    func apply(_ id: Int, _ fields: [String: Any]) async throws -> TestResponse {
        try await send(.post, "/api/imports/\(id)/apply", headers: [.contentType: "application/json"],
                       body: ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: fields)))
    }

    private func object(_ response: TestResponse) throws -> [String: Any] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any] else {
            throw Interop.Failure(description: "HTTP \(response.status.code): not a JSON object: \(response.text)")
        }
        return object
    }
}

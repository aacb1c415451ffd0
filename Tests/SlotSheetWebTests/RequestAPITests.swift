import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import InteropSupport
import SlotSheetCore
import Testing
@testable import SlotSheetWeb

/// The requests in the JSON API on the sample data: the queue paged and filtered, a request with
/// its log, a bulk decision previewed and applied with its digest (409 when the requests changed
/// in between, channel `api` in the log), refusals with their codes, and who may ask.
@Suite struct RequestAPITests {
    static func json(_ response: TestResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any], "\(response.text)")
    }

    static func post(_ api: RouterAPI, _ body: [String: Any]) async throws -> TestResponse {
        try await api.send(.post, "/api/requests/decisions", headers: [.contentType: "application/json"],
                           body: ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: body)))
    }

    @Test(arguments: TestBackend.available) func scriptsListDecideAndReadTheLog(_ backend: TestBackend) async throws {
        let fixture = try WebFixture(backend)
        let users = UserDirectory(store: fixture.store, clock: fixture.clock, cost: 4)
        let office = try users.newToken(for: "olga"), admin = try users.newToken(for: "adam")
        let ids = try RequestPageTests.newRequests(3, fixture)
        try await fixture.application.test(.router) { client in
            let api = RouterAPI(client: client, token: office), adamAPI = RouterAPI(client: client, token: admin)
            #expect(try await client.execute(uri: "/api/requests", method: .get).status == .unauthorized, "no token")
            #expect(try await RouterAPI(client: client, token: "not-a-token").send(.get, "/api/requests").status == .unauthorized)

            let page = try Self.json(try await api.send(.get, "/api/requests?status=new&from=%2B3&limit=2&offset=1"))
            let rows = try #require(page["requests"] as? [[String: Any]])
            #expect(rows.compactMap { $0["id"] as? Int }.map(RowID.init) == Array(ids[1...2]))
            #expect(page["limit"] as? Int == 2 && page["offset"] as? Int == 1 && (page["total"] as? Int ?? 0) >= 3)
            #expect(rows.first?["status"] as? String == "new" && (rows.first?["createdAt"] as? String)?.hasSuffix("+01:00") == true)
            let tooMany = try await api.send(.get, "/api/requests?limit=201")
            #expect(tooMany.status == .badRequest && tooMany.text.contains("\"parameter\":\"limit\""))
            let badStatus = try await api.send(.get, "/api/requests?status=maybe")
            #expect(badStatus.status == .badRequest && badStatus.text.contains("\"parameter\":\"status\""))
            let badDate = try await api.send(.get, "/api/requests?from=2026-02-30")
            #expect(badDate.status == .badRequest && badDate.text.contains("\"parameter\":\"from\""))

            let approve: [String: Any] = ["requests": ids.map { Int($0) }, "decision": "approve", "note": "by script"]
            let preview = try await Self.post(api, approve)
            #expect(preview.status == .ok)
            let previewed = try Self.json(preview)
            #expect(previewed["status"] as? String == "dry_run")
            #expect((previewed["counts"] as? [String: Any])?["approved"] as? Int == 3)
            let digest = try #require(previewed["planDigest"] as? String)
            // The admin cancels the first of them meanwhile, through the API too.
            let cancel: [String: Any] = ["requests": [Int(ids[0])], "decision": "cancel", "note": "tenant called"]
            let cancelDigest = try #require(try Self.json(try await Self.post(adamAPI, cancel))["planDigest"] as? String)
            let cancelled = try await Self.post(adamAPI, cancel.merging(["planDigest": cancelDigest]) { $1 })
            let cancelledAnswer = try Self.json(cancelled)
            #expect(cancelled.status == .ok && cancelledAnswer["status"] as? String == "applied")

            let late = try await Self.post(api, approve.merging(["planDigest": digest]) { $1 })
            #expect(late.status == .conflict)
            let now = try Self.json(late)
            #expect(now["status"] as? String == "plan_changed")
            let problems = try #require(now["problems"] as? [[String: Any]])
            #expect(problems.first?["request"] as? Int == Int(ids[0]))
            #expect((problems.first?["message"] as? String)?.contains("is cancelled: it can be archived or reopened, not approved.") == true)
            #expect(try RequestPageTests.status(ids[1], fixture) == .new, "nothing applied")

            let rest: [String: Any] = ["requests": ids[1...].map { Int($0) }, "decision": "approve"]
            let restDigest = try #require(try Self.json(try await Self.post(api, rest))["planDigest"] as? String)
            let applied = try Self.json(try await Self.post(api, rest.merging(["planDigest": restDigest]) { $1 }))
            #expect(applied["status"] as? String == "applied" && applied["batch"] is Int)

            let detail = try Self.json(try await api.send(.get, "/api/requests/\(ids[1])"))
            let log = try #require(detail["log"] as? [[String: Any]])
            #expect(log.last?["channel"] as? String == "api" && log.last?["to"] as? String == "approved" && log.last?["operator"] as? String == "olga")
            #expect(((detail["request"] as? [String: Any])?["status"] as? String) == "approved")
            #expect(try await api.send(.get, "/api/requests/999999").status == .notFound)

            let noReason = try await Self.post(api, ["requests": [Int(ids[1])], "decision": "cancel"])
            #expect(noReason.status == .badRequest && noReason.text.contains("A cancellation needs a reason"))
            let notJSON = try await api.send(.post, "/api/requests/decisions", headers: [.contentType: "application/json"], body: ByteBuffer(string: "[1,2]"))
            #expect(notJSON.status == .badRequest && notJSON.text.contains("The body is not a decision"))
            let refused = try await Self.post(api, ["requests": [Int(ids[1])], "decision": "reopen", "planDigest": String(repeating: "0", count: 64)])
            #expect(refused.status == .conflict, "a digest of no preview: the plan is another")

            let nullDigest = try await api.send(.post, "/api/requests/decisions", headers: [.contentType: "application/json"],
                                                body: ByteBuffer(string: "{\"requests\": [\(ids[1])], \"decision\": \"approve\", \"planDigest\": null}"))
            #expect(nullDigest.status == .badRequest, "a null is no field left out")
            let shortDigest = try await Self.post(api, ["requests": [Int(ids[1])], "decision": "approve", "planDigest": ""])
            #expect(shortDigest.status == .badRequest && shortDigest.text.contains("64 hexadecimal characters"))
            let get = try await api.send(.get, "/api/requests/decisions")
            #expect(get.status == .methodNotAllowed && get.headers[.allow] == "POST")
            let options = try await api.send(.options, "/api/requests/decisions")
            #expect(options.status == .methodNotAllowed && options.headers[.allow] == "POST")

            try users.disable(name: "olga")
            #expect(try await api.send(.get, "/api/requests").status == .unauthorized, "a disabled user's token")
        }
    }
}

import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SlotSheetCore
import Testing
@testable import SlotSheetWeb

/// Requests the server must refuse the way HTTP and `docs/openapi.yaml` say: a method an address
/// does not take is 405 with `Allow` (not 404), and a query parameter out of bounds is a 400 that
/// names it (not quietly bent into range).
@Suite struct APIRequestTests {
    @Test func aMethodAKnownAddressDoesNotTakeIs405WithAllow() async throws {
        let fixture = try WebFixture()
        let token = try UserDirectory(store: fixture.store, clock: fixture.clock, cost: 4).newToken(for: "olga")
        try await fixture.application.test(.router) { client in
            var api = RouterAPI(client: client, token: token)
            let trace = try await api.send(HTTPRequest.Method("TRACE")!, "/api/batches")
            #expect(trace.status == .methodNotAllowed)
            #expect(trace.headers[.allow] == "GET, HEAD")
            #expect(trace.text.contains("\"code\":\"method_not_allowed\"") && trace.text.contains("does not take TRACE requests; it takes GET, HEAD."))
            let delete = try await api.send(.delete, "/api/imports/7")
            #expect(delete.status == .methodNotAllowed && delete.headers[.allow] == "GET, HEAD")
            let getApply = try await api.send(.get, "/api/imports/7/apply")
            #expect(getApply.status == .methodNotAllowed && getApply.headers[.allow] == "POST")
            #expect(try await api.send(HTTPRequest.Method("TRACE")!, "/api/no-such-thing").status == .notFound, "an unknown address stays 404")
            #expect(try await api.send(.get, "/api/imports/7").status == .notFound, "a known address with its method is routed as before")

            api.language = "nl"
            let dutch = try await api.send(.put, "/api/batches")
            #expect(dutch.text.contains("Dit adres neemt geen PUT-verzoeken aan; wel GET, HEAD."))

            // Pages too: a page saying so, in the browser's language, with Allow.
            let page = try await client.execute(uri: "/sign-out", method: .get, headers: [.acceptLanguage: "en"])
            #expect(page.status == .methodNotAllowed && page.headers[.allow] == "POST")
            #expect(page.text.contains("Not possible at this address") && page.text.contains("it takes POST."))
            let head = try await client.execute(uri: "/healthz", method: .head)
            #expect(head.status == .ok && head.body.readableBytes == 0, "HEAD is answered where GET is")
        }
    }

    @Test func aBatchLimitOutOfBoundsIsRefusedNamingIt() async throws {
        let fixture = try WebFixture()
        let token = try UserDirectory(store: fixture.store, clock: fixture.clock, cost: 4).newToken(for: "olga")
        try await fixture.application.test(.router) { client in
            let api = RouterAPI(client: client, token: token)
            for value in ["0", "-1", "1001", "ten", "1.5", ""] {
                let response = try await api.send(.get, "/api/batches?limit=\(value)")
                #expect(response.status == .badRequest, "limit=\(value)")
                let error = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: String]
                #expect(error?["code"] == "bad_parameter" && error?["parameter"] == "limit", "limit=\(value): \(response.text)")
                #expect(error?["message"] == "limit: '\(value)' is not allowed; give a whole number from 1 to 1000, or leave limit out.")
            }
            for value in ["1", "1000"] {
                #expect(try await api.send(.get, "/api/batches?limit=\(value)").status == .ok, "limit=\(value)")
            }
            #expect(try await api.send(.get, "/api/batches").status == .ok, "limit may be left out")
            let badDate = try await api.send(.get, "/api/template?from=2026-02-30&to=2026-03-01")
            #expect(badDate.status == .badRequest && badDate.text.contains("\"parameter\":\"from\""), "\(badDate.text)")
            let badLanguage = try await api.send(.get, "/api/template?from=2026-12-01&to=2026-12-02&lang=fr")
            #expect(badLanguage.status == .badRequest && badLanguage.text.contains("\"parameter\":\"lang\""), "not quietly English: \(badLanguage.text)")
        }
    }
}

import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import InteropSupport
import SlotSheetCore
import SlotSheetTemplates
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

    /// A NUL or another control character in a query parameter is refused naming the parameter, on
    /// the API and on pages, before it reaches the database: PostgreSQL cannot take a NUL and
    /// answered a 500 (schemathesis found `GET /api/batches?user=...%00...`).
    @Test(arguments: TestBackend.available) func aControlCharacterInTheQueryIsA400NamingTheParameter(_ backend: TestBackend) async throws {
        let fixture = try WebFixture(backend)
        let token = try UserDirectory(store: fixture.store, clock: fixture.clock, cost: 4).newToken(for: "olga")
        try await fixture.application.test(.router) { client in
            var api = RouterAPI(client: client, token: token)
            for query in ["user=%C3%BA%00w", "user=olga%0A", "outcome=applied&user=a%1Bb", "limit=5&corporation=x%00"] {
                let path = query.contains("corporation") ? "/api/requests" : "/api/batches"
                let response = try await api.send(.get, "\(path)?\(query)")
                #expect(response.status == .badRequest, "\(query): \(response.text)")
                let error = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: String]
                let name = query.contains("corporation") ? "corporation" : "user"
                #expect(error?["code"] == "bad_parameter" && error?["parameter"] == name, "\(query): \(response.text)")
                #expect(error?["message"] == "\(name): the value holds a control character (such as a line break or NUL), which no value here may hold; send it without, or leave \(name) out.")
            }
            #expect(try await api.send(.get, "/api/batches?user=%C3%BAw").status == .ok, "a name without control characters is looked for")
            api.language = "nl"
            let dutch = try await api.send(.get, "/api/batches?user=%00")
            #expect(dutch.text.contains("user: de waarde bevat een stuurteken"), "\(dutch.text)")

            var olga = Browser()
            _ = try await olga.signIn(client, as: "olga")
            let page = try await client.execute(uri: "/history?user=ol%00ga", method: .get, headers: olga.headers())
            #expect(page.status == .badRequest && page.text.contains("user: the value holds a control character"), "\(page.text)")
            #expect(!page.text.contains("\u{0}"))
        }
    }

    /// Every way a request can be malformed gets a message of our own, wholly in the request's
    /// language (never Hummingbird's or the JSON decoder's English), under a code that does not
    /// change with the language.
    @Test func aMalformedRequestIsRefusedWhollyInTheRequestsLanguage() async throws {
        let fixture = try WebFixture()
        let token = try UserDirectory(store: fixture.store, clock: fixture.clock, cost: 4).newToken(for: "olga")
        try await fixture.application.test(.router) { client in
            var api = RouterAPI(client: client, token: token)
            let upload = try await api.upload("one.csv", ApplyTests.csv(try ApplyTests.freeCells(fixture.store, count: 1)))
            let json: HTTPFields = [.contentType: "application/json"]
            let cases: [RefusedBody] = [
                RefusedBody("{\"planDigest\": \"abc\"", \.apiBodyNotJSON),
                RefusedBody("[\"planDigest\"]", \.apiBodyNotJSON),
                RefusedBody("{}", \.apiPlanDigestMissing),
                RefusedBody("{\"planDigest\": 42}", \.apiPlanDigestMissing),
                RefusedBody("{\"planDigest\": \"\"}", \.apiPlanDigestMissing),
                RefusedBody("{\"planDigest\": \"abc\", \"onTop\": \"yes\"}", \.apiOnTopNotBoolean),
                RefusedBody("{\"planDigest\": \"" + String(repeating: "a", count: 70_000) + "\"}", status: .contentTooLarge, code: "too_large") {
                    $0.requestTooLarge(64)
                },
            ]
            for language in ["nl", "en"] {
                api.language = language
                let words = Language(rawValue: language)!.web
                for refused in cases {
                    let answer = try await api.send(.post, "/api/imports/\(upload.id)/apply", headers: json, body: ByteBuffer(string: refused.body))
                    let error = try JSONSerialization.jsonObject(with: Data(buffer: answer.body)) as? [String: String]
                    let about = "\(language) \(refused.body.prefix(60)): \(answer.text)"
                    #expect(answer.status == refused.status && error?["code"] == refused.code, "\(about)")
                    #expect(error?["message"] == refused.message(words), "\(about)")
                    if language == "nl" { Self.expectNoEnglish(error?["message"] ?? "") }
                }
                // A multipart body whose part header the parser cannot take.
                let broken = "--b\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.csv\"\r\nNamé: v\r\n\r\nx\r\n--b--\r\n"
                let refused = try await api.send(.post, "/api/imports", headers: [.contentType: "multipart/form-data; boundary=b"],
                                                 body: ByteBuffer(string: broken))
                let error = try JSONSerialization.jsonObject(with: Data(buffer: refused.body)) as? [String: String]
                #expect(refused.status == .badRequest && error?["code"] == "bad_request", "\(refused.text)")
                #expect(error?["message"] == words.malformedUpload)
                if language == "nl" { Self.expectNoEnglish(error?["message"] ?? "") }
            }
            // A page's form past the limit: a page saying so, not a server error.
            let form = try await client.execute(uri: "/sign-in", method: .post,
                                                headers: [.acceptLanguage: "nl", .contentType: "application/x-www-form-urlencoded"],
                                                body: ByteBuffer(string: "name=" + String(repeating: "a", count: 70_000)))
            #expect(form.status == .contentTooLarge && form.text.contains(WebWords.dutch.requestTooLarge(64)), "\(form.text)")
        }
    }

    /// English words a library's text would bring into a Dutch message.
    static func expectNoEnglish(_ message: String) {
        let words = Set(message.lowercased().split { !$0.isLetter }.map(String.init))
        let english: Set = ["the", "not", "bad", "request", "couldn", "missing", "valid", "correct", "expected", "key", "value",
                            "string", "type", "body", "unexpected", "character", "error", "read", "too", "large"]
        #expect(words.isDisjoint(with: english), "English in a Dutch message: \(message)")
    }
}

/// A body `POST /api/imports/{id}/apply` refuses, and how.
struct RefusedBody {
    let body: String
    let status: HTTPResponse.Status
    let code: String
    let message: (WebWords) -> String

    init(_ body: String, status: HTTPResponse.Status = .badRequest, code: String = "bad_request", _ message: @escaping (WebWords) -> String) {
        (self.body, self.status, self.code, self.message) = (body, status, code, message)
    }
}

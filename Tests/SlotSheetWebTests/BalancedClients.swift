import AsyncHTTPClient
import Foundation
import HTTPTypes
import InteropSupport
import NIOCore
import NIOHTTP1
import Testing

/// What the clients behind the balancer saw: every answer, the ones asked again by the rule, and
/// any 5xx that was not (a 500, or a 502-504 that did not go away).
actor BalancedTally {
    private(set) var requests = 0
    private(set) var retries = 0
    /// Applies answered 409 `being_read` and asked again (the instance had no preview in memory).
    private(set) var askedAgain = 0
    private(set) var unretried: [String] = []

    func count(_ status: UInt, _ what: String, retried: Bool, last: Bool) {
        requests += 1
        if retried { retries += 1 }
        if status >= 500 && (!BalancedClients.retriable.contains(status) || last) { unretried.append("\(status) \(what)") }
    }

    func askAgain() { askedAgain += 1 }
}

/// The API clients and the browser-like walk of `LoadBalancerTests`, with the retry rule of the
/// docs/admin-guide.md ("Several instances behind nginx"): an answer 502, 503 or 504 from the balancer (no
/// instance took the request, or the one that had it died) is asked again after a pause; this holds
/// for every request of the office's round trip, since a GET changes nothing, an upload only
/// queues a file to be read (a second copy is read and expires unapplied) and an apply carries the
/// plan's digest (asked again it applies once: 200, or 409 `already_applied`). A 500 is never asked again.
enum BalancedClients {
    static let retriable: Set<UInt> = [502, 503, 504]
    static let attempts = 20

    /// `attempt` until its status is not one to ask again (at most `attempts` times); the last
    /// answer, and whether an earlier one was a 5xx (so the request may have been carried out).
    static func retrying<Answer>(_ tally: BalancedTally, _ what: String, status: (Answer) -> UInt,
                                 _ attempt: () async throws -> Answer) async throws -> (answer: Answer, afterFailure: Bool) {
        var tries = 0
        while true {
            tries += 1
            let answer = try await attempt()
            let code = status(answer)
            let again = retriable.contains(code) && tries < attempts
            await tally.count(code, what, retried: tries > 1, last: !again)
            if !again { return (answer, tries > 1) }
            try await Task.sleep(for: .milliseconds(250))
        }
    }

    /// The state of an upload as the API gives it (`GET /api/imports/{id}`).
    struct ImportState: Decodable {
        struct Result: Decodable { let status: String; let verdict: String; let planDigest: String; let added: Int; let removed: Int }
        let id: Int
        let state: String
        let result: Result?
        let batch: Int64?
    }

    /// What one client ended with.
    struct Outcome: Sendable {
        let index: Int
        let upload: Int
        let added: Int
        let batch: Int64?
    }

    /// One API client: uploads its CSV, asks for the state until its preview, applies it once.
    static func apiClient(_ index: Int, api: LoopbackAPI, token: String, csv: Data, tally: BalancedTally) async throws -> Outcome {
        let auth: HTTPFields = [.authorization: "Bearer \(token)"]
        var (headers, body) = multipartBody(token: nil, fileName: "client\(index).csv", contents: csv)
        headers[.authorization] = "Bearer \(token)"
        let created = try await retrying(tally, "POST /api/imports", status: { UInt($0.status.code) }) {
            try await api.send(.post, "/api/imports", headers: headers, body: body)
        }.answer
        try APIConcurrencyTests.expectStatus(created, 202, "client \(index): upload")
        let id = try created.decode(ImportState.self, "client \(index): upload").id

        var preview: ImportState.Result?
        let deadline = ContinuousClock.now + .seconds(90)
        while preview == nil {
            guard ContinuousClock.now < deadline else { throw Interop.Failure(description: "client \(index): upload \(id) never reached its preview") }
            let answer = try await retrying(tally, "GET /api/imports/{id}", status: { UInt($0.status.code) }) {
                try await api.send(.get, "/api/imports/\(id)", headers: auth)
            }.answer
            try APIConcurrencyTests.expectStatus(answer, 200, "client \(index): state")
            let state = try answer.decode(ImportState.self, "client \(index): state")
            guard state.state == "reading" || state.state == "ready" else { throw Interop.Failure(description: "client \(index): upload \(id) is \(state.state)") }
            if state.state == "ready", let result = state.result { preview = result } else { try await Task.sleep(for: .milliseconds(150)) }
        }
        guard let preview, preview.status == "dry_run", preview.verdict == "changes" else {
            throw Interop.Failure(description: "client \(index): no preview with changes: \(String(describing: preview))")
        }

        var applyHeaders = auth
        applyHeaders[.contentType] = "application/json"
        let applyBody = ByteBuffer(string: "{\"planDigest\":\"\(preview.planDigest)\"}")
        var failedBefore = false
        while true {
            let (answer, afterFailure) = try await retrying(tally, "POST /api/imports/{id}/apply", status: { UInt($0.status.code) }) {
                try await api.send(.post, "/api/imports/\(id)/apply", headers: applyHeaders, body: applyBody)
            }
            failedBefore = failedBefore || afterFailure
            if answer.status == .ok {
                return Outcome(index: index, upload: id, added: preview.added, batch: try answer.decode(ImportState.self, "client \(index): apply").batch)
            }
            let code = (try? answer.decode(APIConcurrencyTests.APIErrorJSON.self, "client \(index): apply"))?.code
            if answer.status == .conflict && code == "being_read" {
                await tally.askAgain()
                try await Task.sleep(for: .milliseconds(200))
                continue
            }
            // Applied by an attempt whose answer was lost: the rule's second answer.
            if answer.status == .conflict && code == "already_applied" && failedBefore {
                return Outcome(index: index, upload: id, added: preview.added, batch: nil)
            }
            throw Interop.Failure(description: "client \(index): apply: HTTP \(answer.status.code) \(String(buffer: answer.body).prefix(500))")
        }
    }

    /// A browser's round trip as the office makes it, signed in once with a cookie: pages while the
    /// instances come and go (each must show the person signed in), an upload through the form with
    /// its token, its progress, its page until it offers Apply, and Apply. Returns the pages seen
    /// and the upload's id; stops when `done` says so.
    static func walk(_ http: HTTPClient, base: String, csv: Data, tally: BalancedTally,
                     done: @escaping @Sendable () async -> Bool) async throws -> (pages: Int, upload: Int) {
        var jar = CookieJar()
        func send(_ method: HTTPMethod, _ path: String, what: String, form: [(String, String)]? = nil,
                  body: (type: String, bytes: ByteBuffer)? = nil) async throws -> (status: UInt, body: String, location: String?) {
            try await retrying(tally, "\(method) \(what)", status: { $0.status }) {
                if let form { return try await jar.send(http, method, base + path, form: form) }
                return try await jar.send(http, method, base + path, body: body)
            }.answer
        }
        _ = try await send(.GET, "/sign-in", what: "/sign-in")
        let signIn = try await send(.POST, "/sign-in", what: "/sign-in",
                                    form: [("csrf", jar.cookies["slotsheet_csrf"] ?? ""), ("name", "olga"), ("password", ServedDatabase.password)])
        guard signIn.status == 303 else { throw Interop.Failure(description: "walk: sign-in answered \(signIn.status)") }

        var pages = 0
        /// A page, which must show olga signed in.
        func page(_ path: String, what: String) async throws -> String {
            let answer = try await send(.GET, path, what: what)
            pages += 1
            guard answer.status == 200, answer.body.contains("olga") else {
                throw Interop.Failure(description: "walk: \(path) answered \(answer.status) \(answer.location.map { "to \($0)" } ?? ""): signed out?")
            }
            return answer.body
        }
        let (fields, multipart) = multipartBody(token: jar.cookies["slotsheet_csrf"] ?? "", fileName: "walk.csv", contents: csv)
        let posted = try await send(.POST, "/upload", what: "/upload", body: (fields[.contentType] ?? "", multipart))
        guard posted.status == 303, let location = posted.location, let id = Int(location.split(separator: "/").last ?? "") else {
            throw Interop.Failure(description: "walk: upload answered \(posted.status) \(posted.body.prefix(300))")
        }

        var applied = false, failedBefore = false
        var round = 0
        while true {
            round += 1
            for path in ["/", "/uploads", "/history"] { _ = try await page(path, what: path) }
            if !applied {
                let progress = try await send(.GET, "/uploads/\(id)/progress", what: "/uploads/{id}/progress")
                guard progress.status == 200 else { throw Interop.Failure(description: "walk: progress answered \(progress.status)") }
                if progress.body.contains("\"state\":\"ready\"") {
                    let detail = try await page("/uploads/\(id)", what: "/uploads/{id}")
                    // An instance without the preview in memory shows "being read again"; the next shows Apply.
                    if let plan = detail.firstMatch(of: /name="plan" value="([0-9a-f]+)"/)?.1 {
                        let (answer, afterFailure) = try await retrying(tally, "POST /uploads/{id}/apply", status: { $0.status }) {
                            try await jar.send(http, .POST, base + "/uploads/\(id)/apply",
                                               form: [("csrf", jar.cookies["slotsheet_csrf"] ?? ""), ("plan", String(plan))])
                        }
                        failedBefore = failedBefore || afterFailure
                        // 409 "being read again" (this instance had no preview in memory): the next round asks again.
                        if answer.status == 409 && answer.body.contains("being read again") { await tally.askAgain() }
                        else if answer.status == 303 || (answer.status == 409 && failedBefore && answer.body.contains("applied already")) { applied = true }
                        else { throw Interop.Failure(description: "walk: apply answered \(answer.status) \(answer.body.prefix(300))") }
                    }
                }
            }
            if applied, await done() { break }
            guard round < 2_000 else { throw Interop.Failure(description: "walk: upload \(id) never applied") }
            try await Task.sleep(for: .milliseconds(100))
        }
        return (pages, id)
    }
}

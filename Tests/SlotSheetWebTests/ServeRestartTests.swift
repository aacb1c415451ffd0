import AsyncHTTPClient
import Foundation
import InteropSupport
import NIOCore
import NIOHTTP1
import Testing

/// The built `slotsheet serve` as an administrator runs it: a browser signed in before a restart
/// (SIGTERM, as a package upgrade sends, then a new process on the same database) is still signed in.
@Suite(.ownThreads, .serialized) struct ServeRestartTests {
    @Test(arguments: TestBackend.available) func aSignedInBrowserStaysSignedInAcrossARestart(_ backend: TestBackend) async throws {
        let server = try await offThread { try ServedDatabase(backend) }
        defer { server.stop() }
        let http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(redirectConfiguration: .disallow))
        var browser = CookieJar()
        let page = try await browser.send(http, .GET, server.url + "/sign-in")
        #expect(page.status == 200)
        let signIn = try await browser.send(http, .POST, server.url + "/sign-in", form: [
            ("csrf", browser.cookies["slotsheet_csrf"] ?? ""), ("name", "olga"), ("password", ServedDatabase.password)])
        #expect(signIn.status == 303)
        let before = try await browser.send(http, .GET, server.url + "/")
        #expect(before.status == 200 && before.body.contains("olga"))

        let stopped = try await offThread { try server.terminate() }
        #expect(stopped.status == 0, "SIGTERM stops the server: \(stopped.log.suffix(2000))")
        try await offThread { try server.launch() }
        let after = try await browser.send(http, .GET, server.url + "/")
        #expect(after.status == 200, "the session survives the restart")
        #expect(after.body.contains("olga"))
        // Signing out on the new process ends the session for good.
        let signOut = try await browser.send(http, .POST, server.url + "/sign-out", form: [("csrf", browser.cookies["slotsheet_csrf"] ?? "")])
        #expect(signOut.status == 303)
        #expect(try await browser.send(http, .GET, server.url + "/").status == 303)
        try await http.shutdown()
    }
}

/// A browser's cookies across requests to a live server.
struct CookieJar {
    var cookies: [String: String] = [:]

    /// Sends a request with the cookies (and a URL-encoded form), remembers what the answer sets;
    /// the status, the body and where a redirect points.
    mutating func send(_ http: HTTPClient, _ method: HTTPMethod, _ url: String,
                       form: [(String, String)]? = nil) async throws -> (status: UInt, body: String, location: String?) {
        try await send(http, method, url, body: form.map { ("application/x-www-form-urlencoded", Browser.form($0)) })
    }

    /// The same with a body of its own type (a multipart upload).
    mutating func send(_ http: HTTPClient, _ method: HTTPMethod, _ url: String,
                       body: (type: String, bytes: ByteBuffer)?) async throws -> (status: UInt, body: String, location: String?) {
        var request = HTTPClientRequest(url: url)
        request.method = method
        if !cookies.isEmpty { request.headers.add(name: "Cookie", value: cookies.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: "; ")) }
        if let body {
            request.headers.add(name: "Content-Type", value: body.type)
            request.body = .bytes(body.bytes)
        }
        let response = try await http.execute(request, timeout: .seconds(60))
        for header in response.headers["Set-Cookie"] {
            let pair = header.split(separator: ";").first ?? ""
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 2 else { continue }
            cookies[parts[0]] = header.contains("Max-Age=0") || parts[1].isEmpty ? nil : parts[1]
        }
        let body = try await response.body.collect(upTo: 4 * 1_048_576)
        return (response.status.code, String(buffer: body), response.headers["Location"].first)
    }
}

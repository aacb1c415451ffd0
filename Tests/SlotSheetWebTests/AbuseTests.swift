import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import InteropSupport
import SlotSheetCore
import Testing
@testable import SlotSheetWeb

/// What an attacker tries against the web front, each with what they (and the office) see: slow
/// and broken requests, sign-in floods, huge problem lists, odd file names. `scripts/abuse.py`
/// runs the same attacks at scale against the built server.
@Suite(.ownThreads) struct AbuseTests {
    /// Python on a thread outside Swift's pool (the server's handlers run there), with the port.
    private func python(_ script: String, port: Int, _ more: String...) async throws -> String {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try Interop.runPython(script, arguments: [String(port)] + more) })
            }
        }
    }

    /// A `slotsheet serve` process on a fresh SQLite database (sample data, olga and adam), made
    /// and stopped off the suite's cooperative threads. The timing tests below talk to a process,
    /// not to a server inside the test process: there, other suites' blocking work on the same
    /// few threads held requests up for more than 15 s under the whole suite's load.
    private func served(_ settings: [String: String] = [:], _ body: (ServedDatabase) async throws -> Void) async throws {
        let server = try await offThread { try ServedDatabase(.sqlite, settings: settings) }
        do {
            try await body(server)
        } catch {
            await stopped(server)
            throw error
        }
        await stopped(server)
    }

    private func stopped(_ server: ServedDatabase) async {
        _ = try? await offThread { server.stop() }
    }

    @Test func aMalformedChunkedBodyOrOneThatBreaksOffIsA400LoggedAsANotice() async throws {
        try await served { server in
            let answer = try await python("""
                import socket, sys
                port = int(sys.argv[1])
                def send(raw, close_early=False):
                    # 30 s: under a loaded CI machine the answer has taken more than 10 s.
                    s = socket.create_connection(("127.0.0.1", port), timeout=30)
                    s.sendall(raw)
                    if close_early:
                        s.close()
                        return "closed"
                    data = b""
                    try:
                        while b"\\r\\n" not in data:
                            chunk = s.recv(65536)
                            if not chunk: break
                            data += chunk
                    except socket.timeout:
                        pass
                    s.close()
                    return data.split(b"\\r\\n")[0].decode()
                head = b"POST /sign-in HTTP/1.1\\r\\nHost: x\\r\\nContent-Type: application/x-www-form-urlencoded\\r\\n"
                print(send(head + b"Transfer-Encoding: chunked\\r\\n\\r\\nzz\\r\\nname=a\\r\\n0\\r\\n\\r\\n"))
                print(send(head + b"Content-Length: 1000\\r\\n\\r\\nname=olga&pass", close_early=True))
                """, port: server.port)
            let lines = answer.split(separator: "\n").map(String.init)
            #expect(lines.first == "HTTP/1.1 400 Bad Request", "\(answer)")
            try await Task.sleep(for: .milliseconds(500))
            let log = server.logText
            #expect(!log.contains(" ERROR "), "nothing logged as an error: \(log.suffix(2000))")
            #expect(log.contains(" NOTICE slotsheet.web: request body broke off or could not be read: POST /sign-in"), "\(log.suffix(2000))")
            #expect(!log.contains(" 500 "))
        }
    }

    /// A client that sends its whole body before reading (Python's urllib) gets the 413 at once,
    /// not a reset and not a wait for its own timeout.
    @Test func aClientThatSendsItsWholeBodyFirstGetsThe413Promptly() async throws {
        try await served(["SLOTSHEET_WEB_UPLOAD_LIMIT_MB": "1"]) { server in
            let token = try await offThread {
                try ServedDatabase.run(ServedDatabase.executable, ["user", "token", "olga"], environment: server.environment)
            }.output.trimmingCharacters(in: .whitespacesAndNewlines)
            let answer = try await python("""
                import sys, time, urllib.request, urllib.error
                port = int(sys.argv[1])
                body = b"--b\\r\\nContent-Disposition: form-data; name=\\"file\\"; filename=\\"a.csv\\"\\r\\n\\r\\n" + b"x" * 6_000_000 + b"\\r\\n--b--\\r\\n"
                request = urllib.request.Request(f"http://127.0.0.1:{port}/api/imports", data=body, method="POST",
                                                 headers={"Content-Type": "multipart/form-data; boundary=b", "Authorization": "Bearer " + sys.argv[2]})
                start = time.monotonic()
                try:
                    urllib.request.urlopen(request, timeout=60)
                    print("accepted")
                except urllib.error.HTTPError as error:
                    print(error.code, round(time.monotonic() - start, 1))
                except Exception as error:
                    print("failed", type(error).__name__, round(time.monotonic() - start, 1))
                """, port: server.port, token)
            let parts = answer.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ")
            #expect(parts.first == "413", "an answer, not a reset: \(answer)")
            // Well before the client's own timeout (60 s), which is what it waited for before the
            // server lingered.
            #expect(Double(parts.last ?? "99") ?? 99 < 30, "promptly: \(answer)")
        }
    }

    @Test func aHeaderThatTakesTooLongIsCutOffAndLoggedAtInfo() async throws {
        let fixture = try WebFixture(timeouts: ConnectionTimeouts(idle: .seconds(30), header: .seconds(1), body: .seconds(1)))
        try await fixture.application.test(.live) { client in
            let answer = try await python("""
                import socket, sys, time
                port = int(sys.argv[1])
                s = socket.create_connection(("127.0.0.1", port), timeout=10)
                start = time.monotonic()
                s.sendall(b"GET /healthz HTTP/1.1\\r\\n")
                data = s.recv(100)
                print(repr(data), round(time.monotonic() - start, 1))
                s = socket.create_connection(("127.0.0.1", port), timeout=10)
                s.sendall(b"POST /sign-in HTTP/1.1\\r\\nHost: x\\r\\nContent-Length: 50\\r\\n\\r\\nname=")
                start = time.monotonic()
                data = s.recv(100)
                print(repr(data), round(time.monotonic() - start, 1))
                """, port: client.port!)
            let lines = answer.split(separator: "\n")
            #expect(lines.count == 2 && lines.allSatisfy { $0.hasPrefix("b'' ") }, "closed without an answer: \(answer)")
            #expect(lines.allSatisfy { Double($0.split(separator: " ").last ?? "9") ?? 9 < 3 }, "\(answer)")
            #expect(fixture.log.all.contains { $0.hasPrefix("info ") && $0.contains("the request's header took more than 1s") })
            #expect(fixture.log.all.contains { $0.hasPrefix("info ") && $0.contains("the request's body brought 0 bytes in 1s") })
            #expect(!fixture.log.all.contains { $0.contains(" 500 ") || $0.hasPrefix("error ") })
        }
    }

    /// Failing olga's password from one address holds olga up there only: she signs in from
    /// another. One address failing many names is held up whatever the name.
    @Test func aLockoutHoldsUpTheAttackersAddressNotTheUser() async throws {
        // The server is a process trusting 127.0.0.1 as its proxy, so X-Forwarded-For names the
        // client; its sign-in waits run on the real clock, so each refused attempt is sent right
        // after the failures that started the wait (its form fetched before them).
        try await served(["SLOTSHEET_WEB_TRUSTED_PROXIES": "127.0.0.1"]) { server in
            let answer = try await python("""
                import http.cookiejar, re, sys, urllib.error, urllib.parse, urllib.request
                port, password = int(sys.argv[1]), sys.argv[2]
                base = f"http://127.0.0.1:{port}"
                class Stay(urllib.request.HTTPRedirectHandler):
                    def redirect_request(self, *args): return None
                def form(address):
                    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()), Stay())
                    page = opener.open(urllib.request.Request(base + "/sign-in", headers={"X-Forwarded-For": address}), timeout=60).read().decode()
                    return opener, re.search(r'name="csrf" value="([^"]+)"', page).group(1), address
                def sign_in(prepared, name, secret):
                    opener, csrf, address = prepared
                    body = urllib.parse.urlencode({"csrf": csrf, "name": name, "password": secret}).encode()
                    request = urllib.request.Request(base + "/sign-in", data=body, method="POST", headers={"X-Forwarded-For": address})
                    try:
                        response = opener.open(request, timeout=60)
                        return response.status, response.read().decode()
                    except urllib.error.HTTPError as error:
                        return error.code, error.read().decode() + " retry-after=" + str(error.headers.get("Retry-After"))
                waiting = form("203.0.113.9")
                for _ in range(6): sign_in(form("203.0.113.9"), "olga", "wrong password!")
                status, text = sign_in(waiting, "olga", password)
                print("attacker", status, "Too many failed sign-ins" in text, "retry-after=None" not in text)
                print("olga", sign_in(form("198.51.100.7"), "olga", password)[0])
                waiting = form("203.0.113.10")
                for index in range(1, \(SignInThrottle.freeAddressAttempts) + 1): sign_in(form("203.0.113.10"), f"name{index}", "wrong password!")
                print("address", sign_in(waiting, "adam", password)[0])
                print("elsewhere", sign_in(form("198.51.100.8"), "adam", password)[0])
                """, port: server.port, ServedDatabase.password)
            let lines = answer.split(separator: "\n").map(String.init)
            #expect(lines == ["attacker 429 True True", "olga 303", "address 429", "elsewhere 303"], "\(answer)")
            let log = server.logText
            #expect(log.contains("failed attempts in a row from 203.0.113.10, whatever the name"), "\(log.suffix(2000))")
            #expect(log.split(separator: "\n").contains { $0.contains("POST /sign-in 429") && $0.contains("client=203.0.113.9") },
                    "the request log names the forwarded address")
        }
    }

    /// A CSV of 1,500 bad lines: the page, the API and the error workbook agree on the first 1,000.
    @Test func aFileWithThousandsOfProblemsKeepsTheFirstThousandWithTheTotal() async throws {
        let fixture = try WebFixture()
        let token = try UserDirectory(store: fixture.store, clock: fixture.clock, cost: 4).newToken(for: "olga")
        let csv = "date,daypart,staff,available\n" + (0..<1_500).map { "2026-12-08,Q\($0),ANB,x\n" }.joined()
        try await fixture.application.test(.router) { client in
            var olga = Browser()
            _ = try await olga.signIn(client, as: "olga")
            let (headers, body) = multipartBody(token: olga.csrf, fileName: "many.csv", contents: Data(csv.utf8))
            let location = try #require(try await client.execute(uri: "/upload", method: .post, headers: olga.headers(headers), body: body).headers[.location])
            #expect(try await waitUntilRead(client, olga, location) == "refused")
            let page = try await client.execute(uri: location, method: .get, headers: olga.headers())
            #expect(page.text.contains("1500") || page.text.contains("1,500"), "the total")
            #expect(page.text.components(separatedBy: "<tr>").count - 2 == 1_000, "a thousand rows")
            #expect(page.text.contains("The first 1,000 of 1,500 problems are listed"))
            olga.language = "nl"
            let dutch = try await client.execute(uri: location, method: .get, headers: olga.headers())
            #expect(dutch.text.contains("De eerste 1.000 van 1.500 problemen staan hier"))
            let id = location.split(separator: "/").last!
            let auth: HTTPFields = [.authorization: "Bearer \(token)"]
            let state = try JSONSerialization.jsonObject(with: Data(try await client.execute(uri: "/api/imports/\(id)", method: .get, headers: auth).body.readableBytesView)) as? [String: Any]
            let result = try #require(state?["result"] as? [String: Any])
            #expect(result["problemsTotal"] as? Int == 1_500 && (result["problems"] as? [Any])?.count == 1_000)
            #expect((result["problemsPerKind"] as? [[String: Any]])?.first?["kind"] as? String == "unknown_daypart")
            let pageOfIt = try JSONSerialization.jsonObject(with: Data(try await client.execute(uri: "/api/imports/\(id)?offset=990&limit=20", method: .get, headers: auth).body.readableBytesView)) as? [String: Any]
            let paged = try #require(pageOfIt?["result"] as? [String: Any])
            #expect((paged["problems"] as? [Any])?.count == 10 && paged["problemsOffset"] as? Int == 990)
            let bad = try await client.execute(uri: "/api/imports/\(id)?limit=0", method: .get, headers: auth)
            #expect(bad.status == .badRequest && bad.text.contains("\"parameter\":\"limit\""))
        }
    }

    /// An upload read, then the server restarted.
    private func readThenRestart(_ fixture: WebFixture) async throws -> (location: String, restarted: WebServices) {
        let csv = "date,daypart,staff,available\n2026-12-08,Q1,ANB,x\n"
        let location = try await fixture.application.test(.router) { client -> String in
            var olga = Browser()
            _ = try await olga.signIn(client, as: "olga")
            let (headers, body) = multipartBody(token: olga.csrf, fileName: "one.csv", contents: Data(csv.utf8))
            let location = try #require(try await client.execute(uri: "/upload", method: .post, headers: olga.headers(headers), body: body).headers[.location])
            #expect(try await waitUntilRead(client, olga, location) == "refused")
            return location
        }
        let restarted = try WebServices(settings: fixture.services.settings, database: StoreAccess(threads: 2, shareOneStore: true) { fixture.store },
                                        rules: fixture.services.rules, logger: fixture.services.logger, bcryptCost: 4)
        return (location, restarted)
    }

    /// After a restart the preview is not in memory: it is read from the database, where the read
    /// stored it; the file is not read again.
    @Test func afterARestartAViewShowsTheStoredPreviewAtOnce() async throws {
        let fixture = try WebFixture()
        let (location, restarted) = try await readThenRestart(fixture)
        try await WebServer.application(restarted).test(.router) { client in
            var again = Browser()
            _ = try await again.signIn(client, as: "olga")
            let first = try await client.execute(uri: location, method: .get, headers: again.headers())
            #expect(first.status == .ok && first.text.contains("Q1") && !first.text.contains("This upload is being read again"), "\(first.text)")
        }
        #expect(!fixture.log.all.contains { $0.contains("read again") }, "no file read again")
    }

    /// An upload read by a slotsheet from before stored previews has none: a view never reads the
    /// file itself, it queues the read and says so; the preview shows once it is read.
    @Test func afterARestartAViewOfAnUploadWithoutAStoredPreviewQueuesTheReadAndSaysSo() async throws {
        let fixture = try WebFixture()
        let (location, _) = try await readThenRestart(fixture)
        let id = try #require(RowID(location.split(separator: "/").last ?? ""))
        try fixture.store.write { try $0.deleteUploadResult(uploadID: id) }
        let restarted = try WebServices(settings: fixture.services.settings, database: StoreAccess(threads: 2, shareOneStore: true) { fixture.store },
                                        rules: fixture.services.rules, logger: fixture.services.logger, bcryptCost: 4)
        try await WebServer.application(restarted).test(.router) { client in
            var again = Browser()
            _ = try await again.signIn(client, as: "olga")
            let first = try await client.execute(uri: location, method: .get, headers: again.headers())
            #expect(first.status == .ok && first.text.contains("This upload is being read again"))
            again.language = "nl"
            var page = try await client.execute(uri: location, method: .get, headers: again.headers())
            for _ in 0..<100 where page.text.contains("opnieuw gelezen") {
                try await Task.sleep(for: .milliseconds(100))
                page = try await client.execute(uri: location, method: .get, headers: again.headers())
            }
            #expect(page.text.contains("Deze upload wordt opnieuw gelezen") == false && page.text.contains("Q1"), "the preview, read in the background")
            #expect(fixture.log.all.contains { $0.contains("read again") })
        }
    }

    /// A script applying with a wrong digest again and again fills the history with "plan
    /// changed": after 10 in a minute it must wait (429); the history pages and filters, so an
    /// applied batch stays in reach. Ten uploads waiting are a person's limit.
    @Test func refusedAppliesAndWaitingUploadsAreLimitedAndTheHistoryPagesAndFilters() async throws {
        let fixture = try WebFixture()
        let token = try UserDirectory(store: fixture.store, clock: fixture.clock, cost: 4).newToken(for: "olga")
        let auth: HTTPFields = [.authorization: "Bearer \(token)"]
        try await fixture.application.test(.router) { client in
            func upload(_ index: Int) async throws -> TestResponse {
                let csv = "date,daypart,staff,available\n2026-12-\(10 + index % 9),D09,ANB,x\n"
                let (headers, body) = multipartBody(token: nil, fileName: "u\(index).csv", contents: Data(csv.utf8))
                var fields = headers
                fields[.authorization] = "Bearer \(token)"
                return try await client.execute(uri: "/api/imports", method: .post, headers: fields, body: body)
            }
            let first = try await upload(0)
            #expect(first.status == .accepted)
            let id = try #require(first.headers[.location]).split(separator: "/").last!
            var olga = Browser()
            _ = try await olga.signIn(client, as: "olga")
            #expect(try await waitUntilRead(client, olga, "/uploads/\(id)") == "ready")
            let wrong = ByteBuffer(string: #"{"planDigest": "0000000000000000000000000000000000000000000000000000000000000000"}"#)
            var json = auth
            json[.contentType] = "application/json"
            for attempt in 1...UploadApplyJob.refusalLimit {
                let refused = try await client.execute(uri: "/api/imports/\(id)/apply", method: .post, headers: json, body: wrong)
                #expect(refused.status == .conflict, "attempt \(attempt)")
            }
            let stopped = try await client.execute(uri: "/api/imports/\(id)/apply", method: .post, headers: json, body: wrong)
            #expect(stopped.status == .tooManyRequests && stopped.headers[.retryAfter] != nil)
            #expect(stopped.text.contains("too_many_refused_applies") && stopped.text.contains("Too many applies were refused"))
            // The refusals are counted from the history's batches: another instance, or this one
            // after a restart, holds the user up as well.
            try await WebServer.application(try fixture.anotherInstance()).test(.router) { [json] other in
                let held = try await other.execute(uri: "/api/imports/\(id)/apply", method: .post, headers: json, body: wrong)
                #expect(held.status == .tooManyRequests && held.text.contains("too_many_refused_applies"), "\(held.status)")
            }

            let paged = try await client.execute(uri: "/api/batches?outcome=plan_changed&user=OLGA&limit=4&offset=8", method: .get, headers: auth)
            let batches = try #require(try JSONSerialization.jsonObject(with: Data(buffer: paged.body)) as? [[String: Any]])
            #expect(batches.count == 2, "10 plan_changed batches of olga: the 9th and 10th newest")
            #expect(try await client.execute(uri: "/api/batches?outcome=applied", method: .get, headers: auth).text == "[]")
            let bad = try await client.execute(uri: "/api/batches?outcome=won", method: .get, headers: auth)
            #expect(bad.status == .badRequest && bad.text.contains("\"parameter\":\"outcome\""))
            let empty = try await client.execute(uri: "/api/batches?outcome=", method: .get, headers: auth)
            #expect(empty.status == .badRequest && empty.text.contains("\"parameter\":\"outcome\""),
                    "the API has no empty outcome; only the page's form sends one, for all outcomes")
            let allOnThePage = try await client.execute(uri: "/history?outcome=&user=", method: .get, headers: olga.headers())
            #expect(allOnThePage.status == .ok)
            let page = try await client.execute(uri: "/history?outcome=plan_changed&limit=4", method: .get, headers: olga.headers())
            #expect(page.text.components(separatedBy: "plan changed since the preview").count - 1 >= 4)
            #expect(page.text.contains("/history?offset=4&amp;outcome=plan_changed&amp;limit=4") && page.text.contains(">Older<"))

            for index in 1..<WebSettings.uploadsWaitingPerUser { #expect(try await upload(index).status == .accepted) }
            let eleventh = try await upload(99)
            #expect(eleventh.status == .tooManyRequests && eleventh.text.contains("too_many_uploads_waiting"))
            #expect(eleventh.headers[.retryAfter] == "60")
        }
    }

    /// Waits (at most 30 s) until the upload at `location` is read; its state.
    private func waitUntilRead(_ client: some TestClientProtocol, _ browser: Browser, _ location: String) async throws -> String {
        for _ in 0..<300 {
            let progress = try await client.execute(uri: location + "/progress", method: .get, headers: browser.headers())
            let state = try JSONDecoder().decode(UploadProgress.self, from: Data(buffer: progress.body)).state
            if state != "reading" { return state }
            try await Task.sleep(for: .milliseconds(100))
        }
        return "reading"
    }

    @Test func fileNamesWithDirectionOrControlCharactersAreShownEscapedAndAStrayQuoteKeepsTheNameWhole() async throws {
        #expect(UploadReceiver.parameter("filename", in: #"form-data; name="file"; filename="a";b.csv""#) == #"a";b.csv"#)
        #expect(UploadReceiver.parameter("filename", in: #"form-data; name="file"; filename="a;b.csv""#) == "a;b.csv")
        #expect(UploadReceiver.parameter("name", in: #"form-data; name="file"; filename="a.csv""#) == "file")
        #expect(UploadReceiver.parameter("filename", in: #"form-data; name="file"; filename=plain.csv"#) == "plain.csv")
        let fixture = try WebFixture()
        try await fixture.application.test(.router) { client in
            var olga = Browser()
            _ = try await olga.signIn(client, as: "olga")
            let (headers, body) = multipartBody(token: olga.csrf, fileName: "invoice\u{202E}vsc.exe", contents: Data("date,daypart,staff,available\r\n".utf8))
            let location = try #require(try await client.execute(uri: "/upload", method: .post, headers: olga.headers(headers), body: body).headers[.location])
            for path in [location, "/uploads"] {
                let page = try await client.execute(uri: path, method: .get, headers: olga.headers())
                #expect(page.text.contains(#"invoice\u{202E}vsc.exe"#) && !page.text.contains("\u{202E}"), "\(path)")
            }
        }
    }
}

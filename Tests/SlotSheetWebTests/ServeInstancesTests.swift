import AsyncHTTPClient
import Foundation
import HTTPTypes
import InteropSupport
import NIOConcurrencyHelpers
import NIOCore
import SlotSheetCore
import Testing

/// Two `slotsheet serve` processes on one database: the reading queue survives the death of the
/// instance that was reading. One instance is killed (SIGKILL) while it holds an upload's lease;
/// another, started after, claims the upload once the lease has run out (not before), and reads
/// it to its preview. The queue's periods are set short (`web.read_lease_seconds`,
/// `web.read_poll_seconds`), and the test waits for the row to change, not for a time.
@Suite(.ownThreads, .serialized) struct ServeInstancesTests {
    /// A lease of 4 s (renewed every 1.3 s) and an idle instance asking every second.
    static let shortPeriods = ["SLOTSHEET_WEB_READ_LEASE_SECONDS": "4", "SLOTSHEET_WEB_READ_POLL_SECONDS": "1"]

    /// A CSV of four years of every active person in every active daypart, from 2027 on: big enough
    /// (about 6 MB) that reading it takes seconds, so the reader can be killed in the middle.
    static func bigCSV() throws -> Data {
        let root = BrowserWalkTests.root.appending(path: "Samples")
        /// The codes (first column) of the rows whose last column is `true` (active).
        func codes(_ file: String) throws -> [String] {
            let lines = try String(contentsOf: root.appending(path: file), encoding: .utf8).split(separator: "\n").dropFirst()
            var active: [String] = []
            for line in lines {
                let cells = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                if cells.last?.trimmingCharacters(in: .whitespacesAndNewlines) == "true", let code = cells.first { active.append(code) }
            }
            return active
        }
        let staff = try codes("staff.csv"), dayparts = try codes("dayparts.csv")
        var text = "date,daypart,staff,available\r\n"
        var date = LocalDate(iso: "2027-01-01")!
        for _ in 0..<1461 {
            for daypart in dayparts { for person in staff { text += "\(date.iso),\(daypart),\(person),x\r\n" } }
            date = date.adding(days: 1)
        }
        return Data(text.utf8)
    }

    /// The served database, opened by the test itself to watch the upload's row.
    static func store(_ server: ServedDatabase) throws -> any RepairStore {
        let location = try #require(server.environment["SLOTSHEET_DB"])
        if location.hasPrefix("sqlite:") { return try SQLiteStore(path: String(location.dropFirst("sqlite:".count))) }
        return try PostgresStore(url: location)
    }

    @Test(.timeLimit(.minutes(5)), arguments: TestBackend.available)
    func aKilledReadersUploadIsClaimedByAnotherInstanceAndReadToItsPreview(_ backend: TestBackend) async throws {
        let first = try await offThread { try ServedDatabase(backend, settings: Self.shortPeriods) }
        defer { first.stop() }
        let token = try ServedDatabase.run(ServedDatabase.executable, ["user", "token", "olga"], environment: first.environment)
        #expect(token.status == 0, "\(token.output)")
        let bearer = "Bearer " + token.output.trimmingCharacters(in: .whitespacesAndNewlines)
        let store = try Self.store(first)
        let http = HTTPClient(eventLoopGroupProvider: .singleton)
        do {
            try await kill(first, store: store, http: http, bearer: bearer)
            try await http.shutdown()
        } catch {
            try? await http.shutdown()
            throw error
        }
    }

    /// Uploads the big CSV to `server` and, watching the database from before the upload is sent
    /// (the reading starts before the answer comes), does `act` the moment an instance holds the
    /// upload's lease in the middle of reading: the upload's id, its row then and what `act` gave.
    ///
    /// The watch and `act` run on a thread of their own: on a machine busy with other tests the
    /// suite's cooperative threads can be held up for longer than the read takes. Should the read
    /// still be over before the lease is seen, another upload is made, up to three in all.
    static func uploadAndActWhileHeld<T: Sendable>(_ server: ServedDatabase, store: any RepairStore, http: HTTPClient, bearer: String,
                                                   act: @escaping @Sendable (WebUpload) -> T) async throws -> (id: Int, held: WebUpload, acted: T) {
        for attempt in 1...3 {
            if let found = try await uploadAndWatch(server, store: store, http: http, bearer: bearer, act: act) { return found }
            print("upload \(attempt): read before the test saw its lease; uploading again")
        }
        throw Interop.Failure(description: "the instance did not hold the upload's lease while reading it: \(server.logText.suffix(1500))")
    }

    /// One upload, watched; nil when its read was over before the lease was seen held.
    private static func uploadAndWatch<T: Sendable>(_ server: ServedDatabase, store: any RepairStore, http: HTTPClient, bearer: String,
                                                    act: @escaping @Sendable (WebUpload) -> T) async throws -> (id: Int, held: WebUpload, acted: T)? {
        let (headers, body) = multipartBody(token: nil, fileName: "four-years.csv", contents: try bigCSV())
        var fields = headers
        fields[.authorization] = bearer
        // Each upload on a connection of its own: a kept-alive one may be idle for as long as the
        // server's idle timeout after the previous upload's long read, and closed as this is sent.
        fields[.connection] = "close"
        let api = LoopbackAPI(http: http, base: server.url)
        let earlier = try store.read { try $0.uploads(of: nil, limit: 1).first?.id }
        let watched = NIOLockedValueBox<(row: WebUpload, acted: T)?>(nil)
        let watching = DispatchSemaphore(value: 0), unanswered = NIOLockedValueBox(false)
        Thread.detachNewThread {
            defer { watching.signal() }
            let started = Date()
            while Date().timeIntervalSince(started) < 300 && !unanswered.withLockedValue({ $0 }) {
                // A read refused for a moment (the database busy) is tried again.
                if let row = try? store.read({ try $0.uploads(of: nil, limit: 1).first }), row.id != earlier {
                    if row.state == .reading, row.leaseOwner != nil {
                        let acted = act(row)
                        watched.withLockedValue { $0 = (row, acted) }
                        return
                    }
                    if row.state != .reading { return }
                }
                Thread.sleep(forTimeInterval: 0.01)
            }
        }
        let answer: Result<LoopbackAPI.Answer, any Error>
        do { answer = .success(try await api.send(.post, "/api/imports", headers: fields, body: body)) } catch { answer = .failure(error); unanswered.withLockedValue { $0 = true } }
        try await offThread { watching.wait() }
        guard let (held, acted) = watched.withLockedValue({ $0 }), let id = held.id else {
            // Not acted on: the upload must have been taken as usual.
            guard case let .success(answer) = answer else {
                throw Interop.Failure(description: "the upload was not answered (\(answer)): \(server.logText.suffix(1500))")
            }
            #expect(answer.status == .accepted, "\(String(buffer: answer.body))")
            return nil
        }
        // Acted on: the server may have been stopped before its answer was sent.
        if case let .success(answer) = answer { #expect(answer.status == .accepted, "\(String(buffer: answer.body))") }
        return (Int(id), held, acted)
    }

    /// SIGTERM while it reads: the instance stops claiming, finishes the read it holds and records
    /// it, and exits 0; nothing is left `reading` under its lease.
    @Test(.timeLimit(.minutes(5)), arguments: TestBackend.available)
    func anInstanceStoppedWhileReadingFinishesTheReadItHolds(_ backend: TestBackend) async throws {
        let server = try await offThread { try ServedDatabase(backend) }
        defer { server.stop() }
        let token = try ServedDatabase.run(ServedDatabase.executable, ["user", "token", "olga"], environment: server.environment)
        let bearer = "Bearer " + token.output.trimmingCharacters(in: .whitespacesAndNewlines)
        let store = try Self.store(server)
        let http = HTTPClient(eventLoopGroupProvider: .singleton)
        let id: Int
        do {
            // SIGTERM the moment it holds the lease.
            id = try await Self.uploadAndActWhileHeld(server, store: store, http: http, bearer: bearer) { _ in server.process.terminate() }.id
            try await http.shutdown()
        } catch {
            try? await http.shutdown()
            throw error
        }
        let stopped = try await offThread { try server.waitForExit() }
        #expect(stopped.status == 0, "\(stopped.log.suffix(1500))")
        let row = try #require(try store.read { try $0.upload(id: RowID(id)) })
        #expect(row.state == .ready && row.planDigest != nil && row.leaseOwner == nil, "the read it held was finished: \(row)")
    }

    private func kill(_ first: ServedDatabase, store: any RepairStore, http: HTTPClient, bearer: String) async throws {
        // Killed the moment it holds the lease, in the middle of reading.
        let (id, held, watch) = try await Self.uploadAndActWhileHeld(first, store: store, http: http, bearer: bearer) { held in
            Foundation.kill(first.pid, SIGKILL)
            return LeaseWatch(store: store, id: Int(held.id ?? 0), killedOwner: held.leaseOwner, killedAt: Date())
        }
        let killedAt = Date()
        #expect(try store.read { try $0.upload(id: RowID(id)) }?.state == .reading, "killed while reading: \(first.logText.suffix(1500))")

        let second = try await offThread { try ServedDatabase(joining: first) }
        defer { second.stop() }
        let seen = try await watch.result()
        let row = seen.row
        let claimed = try #require(seen.takeover, "the second instance claimed the upload: \(seen.failure ?? "") \(second.logText.suffix(1500))")
        print("claimed by the second instance \(String(format: "%.1f", claimed)) s after the first was killed")
        // The lease as last seen before the kill (a renewal after it only moves its end later).
        let leaseLeft = Double(try #require(held.leaseUntil)) / 1000 - killedAt.timeIntervalSince1970
        #expect(claimed >= leaseLeft - 0.1, "not claimed before the lease ran out (\(leaseLeft) s after the kill)")
        #expect(row?.state == .ready && row?.planDigest != nil, "read to its preview: \(String(describing: row))")

        // Asked by a process of its own: the answer is 18 MB, and a client in this process reads
        // it on the suite's cooperative threads, which other suites' blocking work can hold for
        // longer than the server waits for a client that takes nothing of its answer.
        let asked = try await offThread {
            try ServedDatabase.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", """
                import sys, urllib.request
                request = urllib.request.Request(sys.argv[1], headers={"Authorization": sys.argv[2]})
                sys.stdout.write(urllib.request.urlopen(request, timeout=120).read().decode())
                """, second.url + "/api/imports/\(id)", bearer])
        }
        guard asked.status == 0, let answer = try? JSONSerialization.jsonObject(with: Data(asked.output.utf8)) as? [String: Any] else {
            throw Interop.Failure(description: "GET /api/imports/\(id) on the second instance: \(asked.output.suffix(1500)) \(second.logText.suffix(3000))")
        }
        #expect(answer["state"] as? String == "ready" && answer["error"] == nil, "\(answer.filter { $0.key != "result" })")
        #expect(!second.logText.contains("error"), "\(second.logText.suffix(1500))")
    }
}

/// On PostgreSQL an idle instance is woken by another's upload (`NOTIFY` at its COMMIT) rather than
/// finding it at its next unprompted claim, which this instance makes only every 10 minutes
/// (`web.read_poll_seconds`).
@Suite(.ownThreads, .serialized, .enabled(if: TestBackend.available.contains(.postgres))) struct ServeWakeUpTests {
    @Test(.timeLimit(.minutes(12)))
    func anUploadStoredElsewhereIsClaimedByAnIdleInstanceAtOnce() async throws {
        let server = try await offThread { try ServedDatabase(.postgres, settings: ["SLOTSHEET_WEB_READ_POLL_SECONDS": "600"]) }
        defer { server.stop() }
        let store = try ServeInstancesTests.store(server)
        let olga = try #require(try store.read { try $0.user(named: "olga") }?.id)
        /// Stores an upload as another instance's route does (the row and its bytes, one
        /// transaction), and waits until this instance is done with it: the seconds that took.
        /// On a thread of its own: the suite's cooperative threads (as many as cores) may be held
        /// for seconds by other suites' blocking work, which must not count as the server's time.
        func storeAndWaitUntilRead(_ index: Int) async throws -> Double {
            try await withCheckedThrowingContinuation { continuation in
                Thread {
                    continuation.resume(with: Result {
                        let id = try store.write { session in
                            let id = try session.insertUpload(WebUpload(userID: olga, fileName: "w\(index).csv", storedName: "w\(index).upload", size: 3,
                                                                        createdAt: "2026-12-01T10:00:00Z", expiresAt: "2099-01-01T00:00:00Z"))
                            try session.insertUploadChunk(uploadID: id, seq: 0, bytes: Array("a,b".utf8))
                            return id
                        }
                        let stored = Date()
                        while Date().timeIntervalSince(stored) < 300 {
                            if let row = try store.read({ try $0.upload(id: id) }), row.state != .reading { return Date().timeIntervalSince(stored) }
                            Thread.sleep(forTimeInterval: 0.02)
                        }
                        throw Interop.Failure(description: "upload \(id) still reading after 300 s: \(server.logText.suffix(1500))")
                    })
                }.start()
            }
        }
        // The first may be found by a claim of the instance's own (its start); once it is read,
        // nothing of its own makes the instance ask again for 10 minutes: only the notification.
        _ = try await storeAndWaitUntilRead(1)
        let second = try await storeAndWaitUntilRead(2)
        print("an upload stored elsewhere was read \(String(format: "%.2f", second)) s after its COMMIT")
        #expect(second < 120, "woken by the notification, not the claim 10 minutes on: \(server.logText.suffix(1500))")
    }
}

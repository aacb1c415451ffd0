import AsyncHTTPClient
import Foundation
import HTTPTypes
import InteropSupport
import NIOCore
import SlotSheetCore
import Testing

/// Two `slotsheet serve` processes on one database: the reading queue survives the death of the
/// instance that was reading. One instance is killed (SIGKILL) while it holds an upload's lease;
/// another, started after, claims the upload once the lease has run out, within 30 s, and reads it
/// to its preview.
@Suite(.serialized) struct ServeInstancesTests {
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
        let first = try await offThread { try ServedDatabase(backend) }
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
    /// (the reading starts before the answer comes), waits until an instance holds its lease in
    /// the middle of reading: its id and row then.
    ///
    /// On a machine busy with other tests the read can be over before the test looks (the file
    /// is read in seconds; the test's own polling may be held up longer): then another upload is
    /// made, up to three in all, and only if none is seen held does the test fail.
    static func uploadAndWaitForTheLease(_ server: ServedDatabase, store: any RepairStore, http: HTTPClient,
                                         bearer: String) async throws -> (id: Int, held: WebUpload) {
        for attempt in 1...3 {
            if let found = try await uploadAndWatch(server, store: store, http: http, bearer: bearer) { return found }
            print("upload \(attempt): read before the test saw its lease; uploading again")
        }
        throw Interop.Failure(description: "the instance did not hold the upload's lease while reading it: \(server.logText.suffix(1500))")
    }

    /// One upload, watched; nil when its read was over before the test saw the lease held.
    private static func uploadAndWatch(_ server: ServedDatabase, store: any RepairStore, http: HTTPClient,
                                       bearer: String) async throws -> (id: Int, held: WebUpload)? {
        let (headers, body) = multipartBody(token: nil, fileName: "four-years.csv", contents: try bigCSV())
        var fields = headers
        fields[.authorization] = bearer
        // Each upload on a connection of its own: a kept-alive one may be idle for as long as the
        // server's idle timeout after the previous upload's long read, and closed as this is sent.
        fields[.connection] = "close"
        let api = LoopbackAPI(http: http, base: server.url)
        let earlier = try store.read { try $0.uploads(of: nil, limit: 1).first?.id }
        async let created = api.send(.post, "/api/imports", headers: fields, body: body)
        var held: WebUpload?
        for _ in 0..<12_000 {
            if let row = try store.read({ try $0.uploads(of: nil, limit: 1).first }), row.id != earlier {
                if row.state == .reading, row.leaseOwner != nil { held = row; break }
                if row.state != .reading { break }
            }
            try await Task.sleep(for: .milliseconds(10))
        }
        let answer: LoopbackAPI.Answer
        do {
            answer = try await created
        } catch {
            throw Interop.Failure(description: "the upload was not answered (\(error)): \(server.logText.suffix(1500))")
        }
        #expect(answer.status == .accepted, "\(String(buffer: answer.body))")
        guard let held, let id = held.id else { return nil }
        return (Int(id), held)
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
            id = try await Self.uploadAndWaitForTheLease(server, store: store, http: http, bearer: bearer).id
            try await http.shutdown()
        } catch {
            try? await http.shutdown()
            throw error
        }
        let stopped = try await offThread { try server.terminate() }
        #expect(stopped.status == 0, "\(stopped.log.suffix(1500))")
        let row = try #require(try store.read { try $0.upload(id: RowID(id)) })
        #expect(row.state == .ready && row.planDigest != nil && row.leaseOwner == nil, "the read it held was finished: \(row)")
    }

    private func kill(_ first: ServedDatabase, store: any RepairStore, http: HTTPClient, bearer: String) async throws {
        // Killed the moment it holds the lease, in the middle of reading.
        let (id, holder) = try await Self.uploadAndWaitForTheLease(first, store: store, http: http, bearer: bearer)
        Foundation.kill(first.pid, SIGKILL)
        let killedAt = Date()
        #expect(try store.read { try $0.upload(id: RowID(id)) }?.state == .reading, "killed while reading: \(first.logText.suffix(1500))")

        let second = try await offThread { try ServedDatabase(joining: first) }
        defer { second.stop() }
        var claimedAfter: TimeInterval?
        var row: WebUpload?
        while Date().timeIntervalSince(killedAt) < 120 {
            row = try store.read { try $0.upload(id: RowID(id)) }
            if claimedAfter == nil, let owner = row?.leaseOwner, owner != holder.leaseOwner { claimedAfter = Date().timeIntervalSince(killedAt) }
            if row?.state != .reading { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        let claimed = try #require(claimedAfter, "the second instance claimed the upload: \(second.logText.suffix(1500))")
        print("claimed by the second instance \(String(format: "%.1f", claimed)) s after the first was killed")
        #expect(claimed <= 30, "a lease that ran out is claimed within 30 s")
        #expect(row?.state == .ready && row?.planDigest != nil, "read to its preview: \(String(describing: row))")

        let api = LoopbackAPI(http: http, base: second.url)
        let state = try await api.send(.get, "/api/imports/\(id)", headers: [.authorization: bearer])
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(buffer: state.body)) as? [String: Any])
        #expect(answer["state"] as? String == "ready" && answer["error"] == nil, "\(answer.filter { $0.key != "result" })")
        #expect(!second.logText.contains("error"), "\(second.logText.suffix(1500))")
    }
}

/// On PostgreSQL an idle instance is woken by another's upload (`NOTIFY` at its COMMIT) rather than
/// finding it at its next unprompted claim, 10 s on (`UploadReaders.pollEvery`).
@Suite(.serialized, .enabled(if: TestBackend.available.contains(.postgres))) struct ServeWakeUpTests {
    @Test(.timeLimit(.minutes(3)))
    func anUploadStoredElsewhereIsClaimedByAnIdleInstanceAtOnce() async throws {
        let server = try await offThread { try ServedDatabase(.postgres) }
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
                        while Date().timeIntervalSince(stored) < 60 {
                            if let row = try store.read({ try $0.upload(id: id) }), row.state != .reading { return Date().timeIntervalSince(stored) }
                            Thread.sleep(forTimeInterval: 0.02)
                        }
                        throw Interop.Failure(description: "upload \(id) still reading after 60 s: \(server.logText.suffix(1500))")
                    })
                }.start()
            }
        }
        // The first may be found by a claim of the instance's own (its start, its tick); once it
        // is read, nothing of its own makes the instance ask again for 10 s: only the notification.
        _ = try await storeAndWaitUntilRead(1)
        let second = try await storeAndWaitUntilRead(2)
        print("an upload stored elsewhere was read \(String(format: "%.2f", second)) s after its COMMIT")
        #expect(second < 5, "woken by the notification, not the 10 s claim: \(server.logText.suffix(1500))")
    }
}

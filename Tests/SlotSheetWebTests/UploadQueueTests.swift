import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import InteropSupport
import SlotSheetCore
import Testing
@testable import SlotSheetWeb

/// Uploads live in the database: two instances on one database (as two machines behind a load
/// balancer) share them, a restart loses none, the reading queue's leases hand a dead instance's
/// reading to another, and looking at an upload writes nothing.
@Suite struct UploadQueueTests {
    /// The upload's state as JSON once it has a preview on this instance (read here, or read
    /// again here for its preview), waiting at most 60 s.
    static func previewed(_ api: RouterAPI, _ id: Int) async throws -> [String: Any] {
        var last = ""
        for _ in 0..<600 {
            let response = try await api.send(.get, "/api/imports/\(id)")
            last = response.text
            let state = try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any], "\(last)")
            if state["result"] != nil || state["error"] != nil { return state }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw Interop.Failure(description: "upload \(id) has no preview after 60 s: \(last)")
    }

    /// The upload's row, its bytes and the rows of every table.
    static func snapshot(_ store: any RepairStore, _ id: Int) throws -> (upload: WebUpload?, bytes: [UInt8]?, counts: [String]) {
        try store.read { session in
            (try session.upload(id: RowID(id)), try session.uploadChunk(uploadID: RowID(id), seq: 0),
             try session.tableCounts().map { "\($0.table) \($0.rows)" })
        }
    }

    static func planDigest(_ state: [String: Any]) -> String? {
        (state["result"] as? [String: Any])?["planDigest"] as? String
    }

    @Test(arguments: TestBackend.available)
    func anUploadToOneInstanceIsPreviewedAndAppliedOnAnotherAndAppliedOnce(_ backend: TestBackend) async throws {
        let fixture = try WebFixture(backend)
        let token = try UserDirectory(store: fixture.store, clock: fixture.clock, cost: 4).newToken(for: "olga")
        let cells = try ApplyTests.freeCells(fixture.store, count: 4)
        let other = try fixture.anotherInstance("b")
        try await fixture.application.test(.router) { clientA in
            try await WebServer.application(other.services).test(.router) { clientB in
                let a = RouterAPI(client: clientA, token: token), b = RouterAPI(client: clientB, token: token)
                let (headers, body) = multipartBody(token: nil, fileName: "four.csv", contents: ApplyTests.csv(cells))
                let created = try await a.send(.post, "/api/imports", headers: headers, body: body)
                #expect(created.status == .accepted)
                let id = try #require(try JSONSerialization.jsonObject(with: Data(buffer: created.body)) as? [String: Any])["id"] as! Int

                let onA = try await Self.previewed(a, id)
                // Read on A: B answers from the stored preview at once, without reading the file again.
                let firstOnB = try await b.send(.get, "/api/imports/\(id)")
                let firstState = try #require(try JSONSerialization.jsonObject(with: Data(buffer: firstOnB.body)) as? [String: Any])
                #expect(firstState["beingRead"] == nil && firstState["result"] != nil, "\(firstState)")
                let onB = try await Self.previewed(b, id)
                #expect(onB["state"] as? String == "ready" && onB["error"] == nil, "no refusal, no path: \(onB)")
                let digest = try #require(Self.planDigest(onB))
                #expect(Self.planDigest(onA) == digest, "the same plan digest on every instance")
                let row = try #require(try fixture.store.read { try $0.upload(id: RowID(id)) })
                #expect(row.planDigest == digest && row.state == .ready, "the reading is recorded with its digest")
                #expect(row.leaseOwner == nil && row.leaseUntil == nil, "the lease ended with the reading")

                let applied = try await b.apply(id, ["planDigest": digest])
                #expect(applied.status == .ok, "\(applied.text)")
                let again = try await a.apply(id, ["planDigest": digest])
                #expect(again.status == .conflict && again.text.contains("already_applied"), "\(again.text)")
            }
        }
        let batches = try fixture.store.read { try $0.importBatches(limit: 10, outcomes: [.applied]) }
        #expect(batches.count == 1 && batches.first?.added == 4, "the plan applied once")
        #expect(!other.log.all.contains { $0.contains("read again") }, "B read nothing again: \(other.log.all)")
        #expect(fixture.log.all.allSatisfy { !$0.hasPrefix("error") } && other.log.all.allSatisfy { !$0.hasPrefix("error") },
                "\((fixture.log.all + other.log.all).filter { $0.hasPrefix("error") })")
    }

    /// A page, the API and the progress of an upload, on an instance that has no preview of it,
    /// change nothing in the database: the preview is rebuilt in memory.
    @Test(arguments: TestBackend.available)
    func lookingAtAnUploadOnAnyInstanceWritesNothing(_ backend: TestBackend) async throws {
        let fixture = try WebFixture(backend)
        let token = try UserDirectory(store: fixture.store, clock: fixture.clock, cost: 4).newToken(for: "olga")
        let cells = try ApplyTests.freeCells(fixture.store, count: 2)
        let id = try await fixture.application.test(.router) { client in
            try await RouterAPI(client: client, token: token).upload("two.csv", ApplyTests.csv(cells)).id
        }
        let other = try fixture.anotherInstance("viewer")
        let before = try await WebServer.application(other.services).test(.router) { client in
            var olga = Browser()
            // Signing in writes its session; the database is looked at after it, before the GETs.
            _ = try await olga.signIn(client, as: "olga")
            let before = try Self.snapshot(fixture.store, id)
            let first = try await client.execute(uri: "/uploads/\(id)", method: .get, headers: olga.headers())
            #expect(first.status == .ok)
            let state = try await Self.previewed(RouterAPI(client: client, token: token), id)
            #expect(Self.planDigest(state) != nil)
            let page = try await client.execute(uri: "/uploads/\(id)", method: .get, headers: olga.headers())
            #expect(page.text.contains("2 added, 0 removed"), "the preview, rebuilt from the stored bytes")
            _ = try await client.execute(uri: "/uploads/\(id)/progress", method: .get, headers: olga.headers())
            _ = try await client.execute(uri: "/uploads", method: .get, headers: olga.headers())
            return before
        }
        let after = try Self.snapshot(fixture.store, id)
        #expect(after.upload == before.upload && after.bytes == before.bytes, "no GET wrote the upload")
        #expect(after.counts == before.counts, "no GET wrote a row anywhere")
    }

    /// SQLite, one instance: an upload made before a restart is there after it, is previewed and applied.
    @Test func anUploadMadeBeforeARestartIsPreviewedAndAppliedAfterIt() async throws {
        let fixture = try WebFixture(.sqlite)
        let token = try UserDirectory(store: fixture.store, clock: fixture.clock, cost: 4).newToken(for: "olga")
        let cells = try ApplyTests.freeCells(fixture.store, count: 3)
        let (id, digest) = try await fixture.application.test(.router) { client in
            let api = RouterAPI(client: client, token: token)
            let upload = try await api.upload("three.csv", ApplyTests.csv(cells))
            return (upload.id, try #require(Self.planDigest(upload.state)))
        }
        let restarted = try fixture.anotherInstance("restarted")
        try await WebServer.application(restarted.services).test(.router) { client in
            let api = RouterAPI(client: client, token: token)
            let state = try await Self.previewed(api, id)
            #expect(Self.planDigest(state) == digest, "the same plan after the restart")
            let applied = try await api.apply(id, ["planDigest": digest])
            #expect(applied.status == .ok, "\(applied.text)")
        }
        #expect(try fixture.store.read { try $0.importBatches(limit: 10, outcomes: [.applied]) }.first?.added == 3)
        #expect(try !fixture.storesBytes(ofUpload: "/uploads/\(id)"), "an applied upload's bytes are gone")
    }

    /// A read that fails for a reason of the server's own (here: its private folder is a file, so
    /// no read can write its copy of the bytes) is counted, tried again after a pause that grows,
    /// and after the third failure the upload is refused with words the office can act on, in
    /// English and Dutch, and one ERROR in the log; not claimed again at once, forever.
    @Test(arguments: TestBackend.available)
    func aReadThatFailsForTheServersReasonIsTriedLaterAndThenRefused(_ backend: TestBackend) async throws {
        // A lease far longer than any read here: a loaded machine's slow read must not let it run out and be claimed a fourth time.
        let fixture = try WebFixture(backend, readPoll: .milliseconds(500), readLease: .seconds(300))
        let token = try UserDirectory(store: fixture.store, clock: fixture.clock, cost: 4).newToken(for: "olga")
        let folder = fixture.services.settings.uploadFolder
        try FileManager.default.removeItem(atPath: folder)
        #expect(FileManager.default.createFile(atPath: folder, contents: Data("not a folder".utf8)))
        let olga = try #require(try fixture.store.read { try $0.user(named: "olga") }?.id)
        let cells = try ApplyTests.freeCells(fixture.store, count: 2)
        // Stored as another instance's route stores it, so this instance's folder plays no part in receiving it.
        let stored = ContinuousClock.now
        let id = try fixture.store.write { session in
            let id = try session.insertUpload(WebUpload(userID: olga, fileName: "two.csv", storedName: "two.upload", size: 60,
                                                        createdAt: "2026-12-01T10:00:00Z", expiresAt: "2099-01-01T00:00:00Z"))
            try session.insertUploadChunk(uploadID: id, seq: 0, bytes: [UInt8](ApplyTests.csv(cells)))
            return id
        }
        try await fixture.application.test(.router) { client in
            var row = try fixture.store.read { try $0.upload(id: id) }
            for _ in 0..<1_200 where row?.state == .reading {
                try await Task.sleep(for: .milliseconds(100))
                row = try fixture.store.read { try $0.upload(id: id) }
            }
            #expect(row?.state == .refused && row?.outcome == .readFailed, "\(String(describing: row)) \(fixture.log.all.suffix(8))")
            // Pauses of 0.5 s and 1 s came between the three reads: not tried again at once.
            #expect(ContinuousClock.now - stored >= .milliseconds(1_500))
            let api = RouterAPI(client: client, token: token)
            let state = try #require(try JSONSerialization.jsonObject(with: Data(buffer: try await api.send(.get, "/api/imports/\(id)").body)) as? [String: Any])
            #expect(state["state"] as? String == "refused" && state["errorCode"] as? String == "read_failed" && state["beingRead"] == nil)
            let english = state["error"] as? String ?? ""
            #expect(english.contains("tried 3 times") && english.contains("Upload the file again later") && !english.contains(folder), "\(english)")
            var dutch = api
            dutch.language = "nl"
            let nl = try #require(try JSONSerialization.jsonObject(with: Data(buffer: try await dutch.send(.get, "/api/imports/\(id)").body)) as? [String: Any])
            #expect((nl["error"] as? String ?? "").contains("Upload het bestand later opnieuw"), "\(nl)")
        }
        let log = fixture.log.all
        #expect(log.contains { $0.hasPrefix("warning") && $0.contains("read 1 of 3 failed") }, "\(log)")
        #expect(log.contains { $0.hasPrefix("warning") && $0.contains("read 2 of 3 failed") }, "\(log)")
        #expect(log.filter { $0.hasPrefix("error") } == ["error upload \(id): refused after 3 failed reads"], "one ERROR, at the refusal: \(log)")
        #expect(log.filter { $0.contains("claimed to be read") }.count == 3, "read three times, no more: \(log)")
    }

    /// The queue's rules, on the store: one claim an upload, a lease that ran out is claimed by
    /// another, the first holder can then neither renew nor record, a released lease is free at once.
    @Test(arguments: TestBackend.available)
    func aLeaseIsHeldByOneAndPassesOnWhenItRunsOut(_ backend: TestBackend) throws {
        let fixture = try WebFixture(backend)
        let store = fixture.store
        let olga = try #require(try store.read { try $0.user(named: "olga") }?.id)
        let ids = try store.write { session in
            try (0..<2).map { index in
                let id = try session.insertUpload(WebUpload(userID: olga, fileName: "u\(index).csv", storedName: "s\(index).upload", size: 3,
                                                            createdAt: "2026-12-01T10:00:00Z", expiresAt: "2026-12-02T10:00:00Z"))
                try session.insertUploadChunk(uploadID: id, seq: 0, bytes: Array("a,b".utf8))
                return id
            }
        }
        let a = UploadLease(owner: "a", now: 1_000, until: 16_000), b = UploadLease(owner: "b", now: 1_000, until: 16_000)
        #expect(try store.write { try $0.claimUpload(a) }?.id == ids[0])
        #expect(try store.write { try $0.claimUpload(b) }?.id == ids[1], "the one a holds is not claimed again")
        #expect(try store.write { try $0.claimUpload(UploadLease(owner: "c", now: 15_999, until: 30_000)) } == nil, "no lease has run out")

        let c = UploadLease(owner: "c", now: 16_001, until: 31_000)
        let claimed = try #require(try store.write { try $0.claimUpload(c) })
        #expect(claimed.id == ids[0] && claimed.leaseOwner == "c" && claimed.leaseUntil == 31_000, "a's lease ran out: c has it")
        #expect(try !store.write { try $0.renewUploadLease(ids[0], UploadLease(owner: "a", now: 17_000, until: 32_000), rows: 1, total: 1) })
        let reading = UploadReading(state: .ready, rowsRead: 1, added: 1, removed: 0, problems: 0, outcome: .ready, planDigest: "d")
        #expect(try !store.write { try $0.finishReading(uploadID: ids[0], reading, lease: a) }, "a no longer holds it")
        #expect(try store.write { try $0.finishReading(uploadID: ids[0], reading, lease: c) })
        #expect(try store.read { try $0.upload(id: ids[0]) }?.planDigest == "d")

        try store.write { try $0.releaseUploadLease(ids[1], UploadLease(owner: "b", now: 2_000, until: 2_000)) }
        #expect(try store.write { try $0.claimUpload(UploadLease(owner: "d", now: 2_001, until: 17_000)) }?.id == ids[1], "released: free at once")
        #expect(try store.write { try $0.moveUpload(ids[0], from: [.ready], to: .discarded, batchID: nil) })
        #expect(try store.read { try $0.uploadChunk(uploadID: ids[0], seq: 0) } == nil, "a discarded upload's bytes go with it")
        #expect(try store.read { try $0.uploadChunk(uploadID: ids[1], seq: 0) } == Array("a,b".utf8))
    }
}

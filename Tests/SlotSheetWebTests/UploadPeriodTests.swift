import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import InteropSupport
import NIOCore
import SlotSheetCore
import Testing
@testable import SlotSheetWeb

/// The upload pipeline's own periods are settings a test sets short (`web.janitor_interval_seconds`,
/// `web.leftover_age_seconds`, `web.refused_apply_window_seconds`), so these tests run the server as
/// it runs and wait for the event (the row's state, the file gone, the gate open), each with a
/// generous ceiling, never for a fixed time.
@Suite struct UploadPeriodTests {
    /// A file of the private folder last changed `age` ago, as a request that died would leave it.
    private func leftover(_ folder: String, _ name: String, age: TimeInterval) throws -> String {
        let path = folder + "/" + name
        #expect(FileManager.default.createFile(atPath: path, contents: Data("left".utf8)))
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-age)], ofItemAtPath: path)
        return path
    }

    /// The janitor sweeps again every interval while the server runs, not only at its start: an
    /// upload past its expiry becomes `expired` without its bytes, and a private file older than the
    /// leftover age is removed, twice over (the second time surely by a sweep after the first); a
    /// fresh upload and a fresh file stay. With the built-in minute the second round would outlast
    /// the ceiling.
    @Test(arguments: TestBackend.available) func theJanitorSweepsAtItsIntervalWhileTheServerRuns(_ backend: TestBackend) async throws {
        let fixture = try WebFixture(backend, janitorInterval: .milliseconds(200), leftoverAge: .seconds(60))
        let olga = try #require(try fixture.store.read { try $0.user(named: "olga") }?.id)
        let folder = fixture.services.settings.uploadFolder
        @Sendable func readyUpload(expiring expiresAt: String) throws -> RowID {
            try fixture.store.write { session in
                let id = try session.insertUpload(WebUpload(userID: olga, fileName: "week.csv", storedName: UUID().uuidString + ".upload", size: 4,
                                                            state: .ready, createdAt: fixture.clock.timestamp(), expiresAt: expiresAt))
                try session.insertUploadChunk(uploadID: id, seq: 0, bytes: Array("data".utf8))
                return id
            }
        }
        let fresh = try readyUpload(expiring: "2099-01-01T00:00:00Z")
        let recent = try leftover(folder, "scratch-recent.xlsx", age: 0)
        let notOurs = try leftover(folder, "notes.txt", age: 7200)
        try await fixture.application.test(.router) { _ in
            for round in 1...2 {
                let expired = try readyUpload(expiring: "2026-11-30T08:00:00Z")
                let old = try leftover(folder, "scratch-old-\(round).xlsx", age: 120)
                let swept = try await waitFor {
                    try fixture.store.read { try $0.upload(id: expired) }?.state == .expired && !FileManager.default.fileExists(atPath: old)
                }
                #expect(swept, "round \(round): the expired upload and the old file are swept within 30 s")
                #expect(try fixture.store.read { try $0.uploadChunk(uploadID: expired, seq: 0) } == nil, "its bytes went with it")
                // The line is logged after the sweep's COMMIT, so it may come a moment after the row.
                #expect(await waitFor { fixture.log.all.contains { $0.contains("upload \(expired): expired; its bytes removed") } },
                        "round \(round): the sweep is logged")
            }
            #expect(try fixture.store.read { try $0.upload(id: fresh) }?.state == .ready, "an upload within its expiry stays")
            #expect(try fixture.store.read { try $0.uploadChunk(uploadID: fresh, seq: 0) } != nil)
            #expect(FileManager.default.fileExists(atPath: recent), "a file younger than the leftover age stays")
            #expect(FileManager.default.fileExists(atPath: notOurs), "a file the server does not make stays")
        }
    }

    /// A person held by the refused-apply limit may apply again once the oldest refusal has left
    /// the window (`web.refused_apply_window_seconds`), and not before: 429 with Retry-After within
    /// the window, then the apply is tried (and refused for its wrong digest, 409).
    @Test(arguments: TestBackend.available) func theRefusedApplyGateOpensAfterItsWindow(_ backend: TestBackend) async throws {
        let window = 5
        let fixture = try WebFixture(backend, refusedApplyWindow: .seconds(window))
        let token = try UserDirectory(store: fixture.store, clock: fixture.clock, cost: 4).newToken(for: "olga")
        try await fixture.application.test(.router) { client in
            let (headers, body) = multipartBody(token: nil, fileName: "one.csv", contents: Data("date,daypart,staff,available\n2026-12-10,D09,ANB,x\n".utf8))
            var upload = headers
            upload[.authorization] = "Bearer \(token)"
            let uploaded = try await client.execute(uri: "/api/imports", method: .post, headers: upload, body: body)
            #expect(uploaded.status == .accepted)
            let location = try #require(uploaded.headers[.location])
            let id = try #require(RowID(location.split(separator: "/").last.map(String.init) ?? ""))
            #expect(try await waitFor(.seconds(60)) { try fixture.store.read { try $0.upload(id: id) }?.state == .ready }, "read within 60 s")

            // The limit's refusals, recorded at once as the applies would record them.
            let refusedAt = ContinuousClock.now
            try fixture.store.write { session in
                for _ in 1...UploadApplyJob.refusalLimit {
                    _ = try session.insertImportBatch(ImportBatch(fileName: "one.csv", sha256: String(repeating: "0", count: 64), operatorName: "olga",
                                                                  createdAt: fixture.clock.timestamp(), range: nil, added: 0, removed: 0,
                                                                  unchanged: 0, outcome: .planChanged))
                }
            }
            var json: HTTPFields = [.authorization: "Bearer \(token)", .contentType: "application/json"]
            json[.accept] = "application/json"
            func apply() async throws -> TestResponse {
                try await client.execute(uri: "/api/imports/\(id)/apply", method: .post, headers: json,
                                         body: ByteBuffer(string: #"{"planDigest": "\#(String(repeating: "0", count: 64))"}"#))
            }
            let held = try await apply()
            #expect(held.status == .tooManyRequests && held.text.contains("too_many_refused_applies"), "\(held.status): \(held.text)")
            let retryAfter = try #require(Int(held.headers[.retryAfter] ?? ""))
            #expect((1...window).contains(retryAfter), "Retry-After \(retryAfter) is within the \(window) s window")

            var answer = held
            let opened = try await waitFor {
                answer = try await apply()
                return answer.status != .tooManyRequests
            }
            #expect(opened && answer.status == .conflict, "tried again once the window passed: \(answer.status) \(answer.text)")
            // Timestamps keep whole seconds, so a refusal may count from up to a second earlier.
            #expect(ContinuousClock.now - refusedAt >= .seconds(window - 1), "not before the window passed")
        }
    }
}

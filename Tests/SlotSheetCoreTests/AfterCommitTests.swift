import Foundation
import Logging
import Testing
@testable import SlotSheetCore

/// Effects outside the database run once, after COMMIT; a failed one takes its records back out.
@Suite struct AfterCommitTests {
    private let run = ExportRun(kind: "test", parameters: "{}", path: "/nowhere/file", sha256: "00", rows: 1, createdAt: "2026-12-01T08:00:00Z")

    @Test(arguments: Backend.available) func anEffectRunsOnceAfterTheCommitAndSeesItsRows(_ backend: Backend) throws {
        let database = try TestDatabase(backend)
        var seenByEffect: [Int] = []
        let id = try database.store.write(deferringEffects: { session in
            let id = try session.recordExportRun(run)
            return Committable(id, afterCommit: [AfterCommit({
                // Another connection sees the row: the transaction has committed before the effect.
                seenByEffect.append(try database.integer("SELECT COUNT(*) FROM export_run"))
            })])
        })
        #expect(seenByEffect == [1])
        #expect(try database.integer("SELECT COUNT(*) FROM export_run WHERE id = \(id)") == 1)
    }

    @Test(arguments: Backend.available) func aFailedEffectHasItsRowsRemovedAndItsErrorThrown(_ backend: Backend) throws {
        struct Refused: Error {}
        let database = try TestDatabase(backend)
        var ran: [String] = []
        #expect(throws: Refused.self) {
            try database.store.write(deferringEffects: { session in
                let kept = try session.recordExportRun(run)
                let removed = try session.recordExportRun(run)
                return Committable((), afterCommit: [
                    AfterCommit({ ran.append("first") }, ifItFails: { try $0.deleteExportRuns([kept]) }),
                    AfterCommit({ ran.append("second"); throw Refused() }, ifItFails: { try $0.deleteExportRuns([removed]) }),
                    AfterCommit({ ran.append("third") }),
                ])
            })
        }
        #expect(ran == ["first", "second"], "effects after the failed one never run")
        #expect(try database.integer("SELECT COUNT(*) FROM export_run") == 1, "the first effect's row stays, the failed one's is removed")
    }

    /// A finished file that cannot be renamed into place (here its name became a folder meanwhile)
    /// leaves no `export_run` row and no temporary file.
    @Test(arguments: Backend.available) func aFileThatCannotBePublishedIsNotRecorded(_ backend: Backend) throws {
        let fixture = try ImportFixture(backend)
        let path = fixture.database.folder.appending(path: "t.xlsx").path
        let exporter = TemplateExporter(store: fixture.store, rules: fixture.clock.standardRules)
        let request = TemplateExportRequest(range: DateRange(from: fixture.today, to: fixture.today.adding(days: 6))!,
                                            staff: .allActive, language: .en, path: path)
        let output = try AtomicOutput(path: path)
        try FileManager.default.createDirectory(atPath: path + "/in-the-way", withIntermediateDirectories: true)
        let staged = try exporter.writeStaged(request, to: output.temporaryPath)
        let sha = try FileDigest.sha256(ofFileAt: output.temporaryPath)
        #expect(throws: OutputError.self) {
            try output.publish(recordedAs: ExportRun(kind: "template", parameters: "{}", path: path, sha256: sha, rows: staged.rows,
                                                     createdAt: fixture.clock.timestamp()), in: fixture.store)
        }
        #expect(try fixture.database.integer("SELECT COUNT(*) FROM export_run") == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.database.folder.path).filter { $0.contains(".partial-") }.isEmpty)
    }
}

/// Nightly where the folder exchange is not available: a day that ran before is never left
/// missing; the run is refused (exit 7) and the previous output stays, its rows too.
@Suite struct NightlyWithoutExchangeTests {
    @Test func aSecondRunOfTheDayIsRefusedAndTheFirstOutputStays() throws {
        let fixture = try ImportFixture()
        let out = fixture.database.folder.appending(path: "out").path
        var job = NightlyJob(store: fixture.store, rules: fixture.clock.standardRules, logger: Logger(label: "test"))
        job.publisher = .withoutExchange
        let first = try job.run(outputFolder: out, keepDays: 30, configuration: .standard)
        let day = first.folder
        let manifest = try Data(contentsOf: URL(fileURLWithPath: day + "/manifest.json"))
        let recorded = try fixture.database.integer("SELECT COUNT(*) FROM export_run")
        #expect(recorded == first.files.count, "a new day is a plain rename, so it works without the exchange")

        let refused = #expect(throws: NightlyError.self) {
            try job.run(outputFolder: out, keepDays: 30, configuration: .standard)
        }
        guard case let .output(message) = refused else { Issue.record("not an output error: \(String(describing: refused))"); return }
        #expect(message.contains("cannot be replaced in one step") && message.contains(day), "\(message)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: day + "/manifest.json")) == manifest, "the first run's folder, as it was")
        for file in first.files {
            #expect(try FileDigest.sha256(ofFileAt: day + "/" + file.name) == file.sha256)
        }
        #expect(try fixture.database.integer("SELECT COUNT(*) FROM export_run") == recorded, "the refused run's rows were taken back out")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasPrefix(".staging-") }.isEmpty)

        // With the exchange (the system's), the same second run publishes.
        job.publisher = .system
        let second = try job.run(outputFolder: out, keepDays: 30, configuration: .standard)
        #expect(try Data(contentsOf: URL(fileURLWithPath: second.folder + "/manifest.json")) != manifest)
        #expect(try fixture.database.integer("SELECT COUNT(*) FROM export_run") == recorded + second.files.count)
    }
}

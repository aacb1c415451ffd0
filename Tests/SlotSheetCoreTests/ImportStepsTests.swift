import Foundation
import GRDB
import InteropSupport
import Testing
@testable import SlotSheetCore

/// The import's three steps as the web front uses them: prepare, preview, apply what was previewed.
@Suite struct ImportStepsTests {
    /// A CSV that flips two cells of one slot ten days ahead (always allowed there), and the cells.
    private func twoFlips(_ fixture: ImportFixture, staff: [String] = ["ANB", "BRW"]) throws
        -> (parsed: ParsedSheet, cells: [(line: String, flipped: String)]) {
        let day = fixture.today.adding(days: 10).iso
        let now = try fixture.availability()
        let cells = staff.map { code in
            let available = now.contains("\(day) D13 \(code)")
            return (line: "\(day),D13,\(code),\(available ? "no" : "x")", flipped: "\(day) D13 \(code)")
        }
        return (try fixture.parseCSV(["date,daypart,staff,available"] + cells.map(\.line)), cells)
    }

    @Test(arguments: Backend.available) func thePlanPreviewedIsThePlanApplied(_ backend: Backend) throws {
        let fixture = try ImportFixture(backend)
        let job = ImportJob(store: fixture.store, rules: fixture.clock.standardRules)
        let prepared = try job.prepare(try twoFlips(fixture).parsed)
        let request = ImportRequest(operatorName: "maria")
        let preview = try job.preview(prepared, request)
        #expect(preview.status == .dryRun && preview.verdict == .changes && preview.plan.changes.count == 2)
        #expect(preview.auditBatchID == nil)
        #expect(try fixture.database.integer("SELECT COUNT(*) FROM import_batch") == 0, "a preview writes nothing")
        #expect(try job.preview(prepared, request).planDigest == preview.planDigest, "the digest is stable")

        let applied = try job.apply(prepared, request, expectedPlanDigest: preview.planDigest)
        guard case let .applied(batchID) = applied.status else { Issue.record("\(applied.status)"); return }
        #expect(applied.planDigest == preview.planDigest && applied.auditBatchID == batchID)
        #expect(try fixture.database.integer("SELECT COUNT(*) FROM availability_change WHERE batch_id = \(batchID)") == 2)
    }

    /// Between preview and apply another office changed one of the cells as the file wants it: the
    /// plan is smaller now, so nothing is applied, the attempt is recorded, and the new preview
    /// says what changed.
    @Test(arguments: Backend.available) func aPlanThatChangedSinceThePreviewIsNotApplied(_ backend: Backend) throws {
        let fixture = try ImportFixture(backend)
        let job = ImportJob(store: fixture.store, rules: fixture.clock.standardRules)
        let (parsed, cells) = try twoFlips(fixture)
        let prepared = try job.prepare(parsed)
        let request = ImportRequest(operatorName: "maria")
        let preview = try job.preview(prepared, request)

        let meanwhile = try fixture.run(try fixture.parseCSV(["date,daypart,staff,available", cells[0].line]))
        guard case .applied = meanwhile.status else { Issue.record("\(meanwhile.status)"); return }
        let between = try fixture.availability()

        let outcome = try job.apply(prepared, request, expectedPlanDigest: preview.planDigest)
        guard outcome.status == .planChanged, let change = outcome.planChange else { Issue.record("\(outcome.status)"); return }
        #expect(change.expectedDigest == preview.planDigest && outcome.planDigest != preview.planDigest)
        #expect(outcome.verdict == .changes && outcome.plan.changes.count == 1, "the new preview: one cell left to change")
        let difference = try #require(change.difference)
        #expect(difference.noLongerChanged.map(\.staffCode) == ["ANB"] && difference.newlyChanged.isEmpty)
        #expect(try fixture.availability() == between, "nothing applied")
        let auditID = try #require(outcome.auditBatchID)
        let batch = try #require(try fixture.store.read { try $0.importBatch(id: auditID) })
        #expect(batch.outcome == .planChanged && batch.added == 0 && batch.removed == 0)

        // Applying the new preview goes through.
        let again = try job.apply(prepared, request, expectedPlanDigest: outcome.planDigest)
        guard case .applied = again.status else { Issue.record("\(again.status)"); return }
    }

    /// The caller's own work commits with the apply, or takes it down with it: two clicks apply once.
    @Test(arguments: Backend.available) func theCallersWorkIsPartOfTheApply(_ backend: Backend) throws {
        struct AlreadyApplied: Error {}
        let fixture = try ImportFixture(backend)
        let job = ImportJob(store: fixture.store, rules: fixture.clock.standardRules)
        let prepared = try job.prepare(try twoFlips(fixture).parsed)
        let request = ImportRequest(operatorName: "maria")
        let before = try fixture.database.dump()
        // The "upload" is marked applied with an export_run row, standing in for the web's own table.
        let markApplied: (any StoreSession, ImportOutcome) throws -> Void = { session, outcome in
            guard try session.lastExportRun(kind: "upload-applied", parameters: "42") == nil else { throw AlreadyApplied() }
            try session.recordExportRun(ExportRun(kind: "upload-applied", parameters: "42", path: "\(outcome.auditBatchID!)",
                                                  sha256: "", rows: 0, createdAt: fixture.clock.timestamp()))
        }
        #expect(throws: AlreadyApplied.self) {
            _ = try job.apply(prepared, request, alsoInTransaction: { _, _ in throw AlreadyApplied() })
        }
        #expect(try fixture.database.dump() == before, "the caller's failure rolls the whole apply back, audit row and all")

        let first = try job.apply(prepared, request, alsoInTransaction: markApplied)
        guard case let .applied(batchID) = first.status else { Issue.record("\(first.status)"); return }
        #expect(try fixture.database.strings("SELECT path FROM export_run WHERE kind = 'upload-applied'") == ["\(batchID)"])
        #expect(throws: AlreadyApplied.self) { _ = try job.apply(prepared, request, alsoInTransaction: markApplied) }
        #expect(try fixture.database.integer("SELECT COUNT(*) FROM import_batch") == 1, "the second click applied nothing")
    }

    /// A template is read once while a read snapshot of its dates is taken beside it; the preview
    /// needs no other database read.
    @Test func aPreparedTemplatePreviewsFromItsSnapshot() throws {
        let fixture = try ImportFixture()
        let path = fixture.database.folder.appending(path: "t.xlsx").path
        _ = try TemplateExporter(store: fixture.store, rules: fixture.clock.standardRules).export(TemplateExportRequest(
            range: DateRange(from: fixture.today, to: fixture.today.adding(days: 13))!, staff: .allActive, language: .en, path: path))
        let job = ImportJob(store: fixture.store, rules: fixture.clock.standardRules)
        let prepared = try job.prepare(try ImportSource.open(path: path))
        #expect(prepared.hasSnapshot)
        // The database goes away: the preview still works from the snapshot.
        try FileManager.default.removeItem(atPath: fixture.database.path)
        let preview = try job.preview(prepared, ImportRequest(operatorName: "maria"))
        #expect(preview.verdict == .nothingToChange && preview.status == .dryRun)
    }
}

/// Every import that is not a dry run is in the audit trail, refused ones too, and changes no
/// availability unless it is applied.
@Suite struct ImportAuditTests {
    private func latestBatch(_ fixture: ImportFixture) throws -> ImportBatch {
        try #require(try fixture.store.read { try $0.importBatches(limit: 1, outcomes: nil) }.first)
    }

    @Test(arguments: Backend.available) func aRejectedFileIsRecordedWithItsProblemsAndChangesNothing(_ backend: Backend) throws {
        let fixture = try ImportFixture(backend)
        let day = fixture.today.adding(days: 10).iso
        let parsed = try fixture.parseCSV(["date,daypart,staff,available", "\(day),D13,NOBODY,x", "\(day),D13,ANB,maybe", "\(day),D14,ANB,x"])
        let before = try fixture.availability()
        #expect(try fixture.run(parsed, dryRun: true).status == .rejected)
        #expect(try fixture.database.integer("SELECT COUNT(*) FROM import_batch") == 0, "a dry run writes nothing")

        let outcome = try fixture.run(parsed)
        #expect(outcome.status == .rejected && outcome.problems.count == 2)
        let batch = try latestBatch(fixture)
        #expect(batch.id == outcome.auditBatchID && batch.outcome == .rejected && batch.problems == 2)
        #expect(batch.operatorName == "test" && batch.sha256 == parsed.sha256 && batch.fileName == parsed.fileName)
        #expect(batch.added == 0 && batch.removed == 0)
        #expect(try fixture.availability() == before)
        #expect(try fixture.database.integer("SELECT COUNT(*) FROM availability_change") == 0)
        #expect(throws: UndoError.notApplied(batch.id!, .rejected)) {
            try UndoJob(store: fixture.store, rules: fixture.clock.standardRules, notices: .forTests).undo(batchID: batch.id!, operatorName: "test")
        }
    }

    @Test(arguments: Backend.available) func staleAndUnchangedAttemptsAreRecorded(_ backend: Backend) throws {
        let fixture = try ImportFixture(backend)
        let path = fixture.database.folder.appending(path: "t.xlsx").path
        let range = DateRange(from: fixture.today, to: fixture.today.adding(days: 13))!
        _ = try TemplateExporter(store: fixture.store, rules: fixture.clock.standardRules).export(
            TemplateExportRequest(range: range, staff: .allActive, language: .en, path: path))
        let job = ImportJob(store: fixture.store, rules: fixture.clock.standardRules)
        let request = ImportRequest(operatorName: "maria")

        let (unchanged, _) = try job.run(try ImportSource.open(path: path), request)
        #expect(unchanged.status == .nothingToChange)
        #expect(try latestBatch(fixture).outcome == .unchanged && latestBatch(fixture).unchanged == unchanged.plan.unchanged)

        // Someone changes a cell of the template's dates in the database: the template is stale.
        let day = fixture.today.adding(days: 5).iso
        let mark = try fixture.availability().contains("\(day) D13 ANB") ? "no" : "x"
        guard case .applied = try fixture.run(try fixture.parseCSV(["date,daypart,staff,available", "\(day),D13,ANB,\(mark)"])).status else {
            Issue.record("the change was not applied"); return
        }
        let before = try fixture.availability()
        let (stale, _) = try job.run(try ImportSource.open(path: path), request)
        #expect(stale.status == .stale && !stale.staleChanges.isEmpty)
        let batch = try latestBatch(fixture)
        #expect(batch.outcome == .stale && batch.problems == stale.staleChanges.count && batch.id == stale.auditBatchID)
        #expect(try fixture.availability() == before)

        let all = try fixture.store.read { try $0.importBatches(limit: 10, outcomes: nil) }.map(\.outcome)
        #expect(all == [.stale, .applied, .unchanged], "newest first, every attempt")
        let refused = try fixture.store.read { try $0.importBatches(limit: 10, outcomes: [.stale, .rejected]) }.map(\.outcome)
        #expect(refused == [.stale])

        // The history's pages are found by the database: an operator in any case, an offset, and
        // whether older batches follow.
        let batches = try fixture.store.read { try $0.importBatches(limit: 10, outcomes: nil) }
        let name = batches[1].operatorName
        let byName = batches.filter { $0.operatorName == name }.map(\.id)
        let page = try fixture.store.history(HistoryFilter(operatorName: name.uppercased(), offset: 0, limit: 1))
        #expect(page.batches.map(\.id) == [byName[0]] && page.more == (byName.count > 1))
        #expect(try fixture.store.history(HistoryFilter(operatorName: name + " nobody", limit: 10)).batches.isEmpty)
        let last = try fixture.store.history(HistoryFilter(offset: 2, limit: 5))
        #expect(last.batches.map(\.outcome) == [.unchanged] && !last.more, "the third newest, and nothing older")
        let middle = try fixture.store.history(HistoryFilter(outcomes: [.applied, .unchanged], offset: 0, limit: 1))
        #expect(middle.batches.map(\.outcome) == [.applied] && middle.more)
    }

    /// An outcome this build does not know is an error, never read as `applied`.
    @Test(arguments: Backend.available) func anUnknownOutcomeReadBackIsAnError(_ backend: Backend) throws {
        let fixture = try ImportFixture(backend)
        let day = fixture.today.adding(days: 10).iso
        _ = try fixture.run(try fixture.parseCSV(["date,daypart,staff,available", "\(day),D13,NOBODY,x"]))
        switch backend {
        case .sqlite:
            try fixture.database.rawConnection().writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA ignore_check_constraints = ON")
                try db.execute(sql: "UPDATE import_batch SET outcome = 'archived'")
            }
        case .postgres:
            for statement in ["ALTER TABLE import_batch DROP CONSTRAINT import_batch_outcome_check", "UPDATE import_batch SET outcome = 'archived'"] {
                _ = try PostgresTestServer.rows(statement, url: fixture.database.location)
            }
        }
        #expect {
            try fixture.store.read { try $0.importBatches(limit: 10, outcomes: nil) }
        } throws: { error in
            "\(error)".contains("'archived', which this slotsheet does not know")
        }
    }

    /// Migration 004 rebuilds `import_batch` on SQLite: every batch and change stays, undo links too.
    @Test(arguments: Backend.available) func theAttemptMigrationKeepsEveryBatch(_ backend: Backend) throws {
        let fixture = try ImportFixture(backend)
        let day = fixture.today.adding(days: 10).iso
        let mark = try fixture.availability().contains("\(day) D13 ANB") ? "no" : "x"
        guard case let .applied(batchID) = try fixture.run(try fixture.parseCSV(["date,daypart,staff,available", "\(day),D13,ANB,\(mark)"])).status else {
            Issue.record("not applied"); return
        }
        let (undoID, _) = try UndoJob(store: fixture.store, rules: fixture.clock.standardRules, notices: .forTests).undo(batchID: batchID, operatorName: "test")
        let before = try fixture.database.dump()
        // Back to version 3, as a slotsheet of that version left it (the wider CHECK aside; 007 and 006 taken off first).
        switch fixture.database.backend {
        case .sqlite:
            try fixture.database.rawConnection().write { db in
                try db.execute(sql: """
                    DROP TABLE resident_notice;
                    DROP TABLE request_status_log;
                    DROP TABLE web_session;
                    DROP TABLE sign_in_record;
                    DROP TABLE upload_result_chunk;
                    DROP TABLE upload_errors_chunk;
                    DROP TABLE upload_chunk;
                    DROP TABLE list_change;
                    ALTER TABLE import_batch DROP COLUMN list_kind;
                    ALTER TABLE defect DROP COLUMN active;
                    DROP TABLE web_upload;
                    DROP TABLE app_user;
                    ALTER TABLE import_batch DROP COLUMN problems;
                    DROP INDEX repair_request_held_in_slot_order;
                    CREATE INDEX availability_change_by_cell ON availability_change(date, daypart_id, staff_id);
                    DELETE FROM grdb_migrations WHERE identifier IN ('004-every-import-attempt', '005-web-users-and-uploads', '006-office-lists',
                                                                 '007-web-sessions-and-sign-in-throttle', '008-uploads-in-the-database', '009-list-uploads',
                                                                 '010-held-requests-in-slot-order', '011-request-status-log', '012-resident-notice',
                                                                 '013-stored-upload-preview', '014-upload-kind', '015-availability-change-by-batch-only',
                                                                 '016-date-checks-without-regex', '017-cell-rows-keyed-by-their-cell');
                    """)
            }
        case .postgres:
            for statement in ["DROP TABLE resident_notice", "DROP TABLE request_status_log", "DROP FUNCTION request_status_log_append_only()",
                              "ALTER TABLE import_batch DROP CONSTRAINT import_batch_list_kind_check", "DROP TABLE web_session", "DROP TABLE sign_in_record",
                              "DROP TABLE upload_result_chunk", "DROP TABLE upload_errors_chunk", "DROP TABLE upload_chunk",
                              "DROP TABLE list_change", "ALTER TABLE import_batch DROP COLUMN list_kind", "ALTER TABLE defect DROP COLUMN active",
                              "DROP TABLE web_upload", "DROP TABLE app_user", "ALTER TABLE import_batch DROP COLUMN problems",
                              "DROP INDEX repair_request_held_in_slot_order",
                              "CREATE INDEX availability_change_by_cell ON availability_change(date, daypart_id, staff_id)",
                              // The cell tables' integer keys of before 017.
                              "ALTER TABLE availability DROP CONSTRAINT availability_pkey, ADD UNIQUE (date, daypart_id, staff_id), "
                                + "ADD COLUMN id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY",
                              "ALTER TABLE availability_change DROP CONSTRAINT availability_change_pkey, ADD UNIQUE (batch_id, date, daypart_id, staff_id), "
                                + "ADD COLUMN id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY",
                              "DELETE FROM slotsheet_migration WHERE identifier IN ('004-every-import-attempt', '005-web-users-and-uploads', "
                                + "'006-office-lists', '007-web-sessions-and-sign-in-throttle', '008-uploads-in-the-database', '009-list-uploads', "
                                + "'010-held-requests-in-slot-order', '011-request-status-log', '012-resident-notice', '013-stored-upload-preview', '014-upload-kind', "
                                + "'015-availability-change-by-batch-only', '016-date-checks-without-regex', '017-cell-rows-keyed-by-their-cell')"] {
                _ = try PostgresTestServer.rows(statement, url: fixture.database.location)
            }
            // The date checks of before 016, on the tables version 3 had.
            let tablesThen = ["availability", "availability_change", "repair_request", "import_batch"]
            for check in DateCheckTests.regexChecks where tablesThen.contains(check.table) {
                _ = try PostgresTestServer.rows(DateCheckTests.restoringRegexCheck(check), url: fixture.database.location)
            }
        }
        #expect(try fixture.store.schemaVersion() == 3)
        #expect(try fixture.store.migrate() == Schema.version)
        let changeIndexes = try fixture.database.strings(backend == .sqlite
            ? "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'availability_change'"
            : "SELECT indexname::text FROM pg_indexes WHERE tablename = 'availability_change'")
        #expect(!changeIndexes.contains("availability_change_by_cell") && changeIndexes.count == 1,
                "015 and 017 leave one index, the natural key's: \(changeIndexes)")
        if backend == .postgres {
            for (table, key) in [("availability", "date,daypart_id,staff_id"), ("availability_change", "batch_id,date,daypart_id,staff_id")] {
                let primaryKey = try fixture.database.strings("""
                    SELECT string_agg(a.attname::text, ',' ORDER BY k.n) FROM pg_index i, unnest(i.indkey) WITH ORDINALITY AS k(attnum, n), pg_attribute a
                    WHERE i.indrelid = '\(table)'::regclass AND i.indisprimary AND a.attrelid = i.indrelid AND a.attnum = k.attnum
                    """)
                #expect(primaryKey == [key], "017 keys \(table) by its cell")
                #expect(try fixture.database.strings("SELECT column_name::text FROM information_schema.columns WHERE table_name = '\(table)' AND column_name = 'id'")
                    .isEmpty, "017 drops \(table)'s integer key")
            }
        }
        #expect(try fixture.database.dump().removingStatusLog == before.removingStatusLog, "every batch, change and undo link kept")
        if backend == .sqlite {
            let broken = try fixture.database.rawConnection().read { try Row.fetchAll($0, sql: "PRAGMA foreign_key_check") }
            #expect(broken.isEmpty, "\(broken)")
        }
        #expect(throws: UndoError.alreadyUndone(batchID, by: undoID), "the undo still knows what it reverted") {
            try UndoJob(store: fixture.store, rules: fixture.clock.standardRules, notices: .forTests).undo(batchID: batchID, operatorName: "test")
        }
    }
}

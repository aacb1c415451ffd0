import Foundation
import Testing
@testable import SlotSheetCore

/// The staff and daypart lists in and out: parse, validate (every refusal with its place and a
/// fix in both languages), plan, apply in one batch, undo; on every backend.
@Suite struct ListImportTests {
    private let clock = OfficeClock.testDay

    private func file(_ database: TestDatabase, _ lines: [String], name: String = "list.csv") throws -> String {
        let path = database.folder.appending(path: "\(UUID().uuidString.prefix(6))-\(name)").path
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private func run(_ store: any RepairStore, _ path: String, _ kind: ListKind, dryRun: Bool = false) throws -> ListOutcome {
        let job = ListJob(store: store, rules: clock.standardRules)
        return try job.run(try job.read(path: path, kind: kind), ListRequest(dryRun: dryRun, operatorName: "test"))
    }

    private func kinds(_ outcome: ListOutcome) -> [ListProblem.Kind] { outcome.problems.map(\.kind) }

    @Test(arguments: Backend.available)
    func aFreshDatabaseTakesDaypartsAndStaffAndAnExportReadsBackUnchanged(_ backend: Backend) throws {
        let database = try TestDatabase(backend)
        let dayparts = try run(database.store, try file(database, [
            "code,label,start,end,order,active", "AM,Morning,8:00,12:00,,x", "PM,Afternoon,13:00,17:00,,x", "EVE,Evening,18:00,20:00,1,",
        ]), .dayparts)
        guard case .applied = dayparts.status else { Issue.record("\(dayparts.problems.map(\.english))"); return }
        let stored = try database.store.read { try $0.dayparts() }
        #expect(stored.map(\.code) == ["EVE", "AM", "PM"])
        #expect(stored.first { $0.code == "AM" }?.value == Daypart(code: "AM", label: "Morning", startsAt: "08:00", endsAt: "12:00", sortOrder: 480))

        let staff = try run(database.store, try file(database, [
            "naam,code,personeelsnummer,actief", "Anouk Bakker,ANB,E1,x", "\"=HYPERLINK(\"\"http://x\"\")\",EVL,E2,x", "Bram de Wit,BRW,E3,",
        ]), .staff)
        guard case let .applied(batch) = staff.status else { Issue.record("\(staff.problems.map(\.english))"); return }
        #expect(staff.plan.added.count == 3)
        #expect(try database.store.read { try $0.listKind(ofBatch: batch) } == .staff)
        #expect(try database.integer("SELECT COUNT(*) FROM list_change WHERE batch_id = \(batch)") == 3)
        let people = try database.store.read { try $0.staff() }
        #expect(people.map(\.name) == ["Anouk Bakker", "Bram de Wit", "=HYPERLINK(\"http://x\")"])
        #expect(people.map(\.active) == [true, false, true])

        for name in ["staff.csv", "staff.xlsx"] {
            let path = database.folder.appending(path: name).path
            _ = try ListExporter(store: database.store, rules: clock.standardRules).export(.staff, to: path, language: .nl, paper: .a4)
            if name.hasSuffix(".csv") {
                let text = try String(contentsOfFile: path, encoding: .utf8)
                #expect(text.hasPrefix("code,naam,personeelsnummer,actief\r\n"))
                #expect(text.contains("'=HYPERLINK"), "a name a spreadsheet would run is neutralised: \(text)")
            }
            let again = try run(database.store, path, .staff)
            #expect(again.status == .nothingToChange, "\(name): \(again.problems.map(\.english)) \(again.plan)")
        }
    }

    @Test(arguments: Backend.available)
    func everyStaffRefusalNamesItsPlaceAndAFixInBothLanguages(_ backend: Backend) throws {
        let database = try TestDatabase(backend)
        _ = try run(database.store, try file(database, ["code,name,employee_number,active", "ANB,Anouk,E1,x"]), .staff)
        let long = String(repeating: "n", count: 10_000)
        let outcome = try run(database.store, try file(database, [
            "code,name,employee_number,active",
            "BRW,Bram,E2,x",          // 2: fine
            "brw,Bram twice,E3,x",    // 3: duplicate code (case aside)
            "CHP,,E4,x",              // 4: empty name
            "A B,Spaced,E5,x",        // 5: not a column header
            "DKV,Dirk,E2,x",          // 6: number twice in the file
            "EVL,Eva,E1,x",           // 7: number of ANB
            "FRJ,\"Fr\u{1B}[31mank\",E7,x", // 8: control character
            "GRT,\(long),E8,x",       // 9: 10,000 characters
            "HNK,Henk,E9,y",          // 10: not a mark
            "anb,Anouk again,E10,x",  // 11: ANB in other case
        ]), .staff)
        #expect(outcome.status == .rejected)
        let staff = ListKind.staff.columns
        let expected: [(Int, ListProblem.Kind)] = [
            (3, .duplicateInFile(column: staff[0], value: "brw", first: .line(2))), (4, .emptyValue(column: staff[1])),
            (5, .invalidCode("A B")), (6, .duplicateInFile(column: staff[2], value: "E2", first: .line(2))),
            (7, .employeeNumberTaken(number: "E1", byCode: "ANB", name: "Anouk")),
            (8, .controlCharacter(column: staff[1], text: "Fr\u{1B}[31mank")), (9, .tooLong(column: staff[1], length: 10_000, limit: 100)),
            (10, .invalidActive("y")), (11, .codeDiffersInCase(code: "anb", existing: "ANB")),
        ]
        for (line, kind) in expected {
            #expect(outcome.problems.contains(ListProblem(kind, at: .line(line))), "line \(line): \(outcome.problems.map(\.english))")
        }
        #expect(outcome.problems.count == expected.count, "\(outcome.problems.map(\.english))")
        for problem in outcome.problems {
            #expect(problem.english.hasPrefix("Line ") && problem.dutch.hasPrefix("Regel "))
            #expect(!problem.english.contains("\u{1B}") && problem.english.count < 400, "echoed text is escaped and cut: \(problem.english)")
        }
        #expect(outcome.problems.first { $0.location == .line(7) }?.dutch.contains("Personeelsnummer 'E1' hoort al bij ANB (Anouk).") == true)
        #expect(try database.store.read { try $0.staff() }.count == 1, "a refused file changes nothing")
        #expect(try database.integer("SELECT COUNT(*) FROM import_batch WHERE outcome = 'rejected' AND list_kind = 'staff'") == 1)
    }

    @Test(arguments: Backend.available)
    func aListOfTooManyRowsIsRefusedAtTheRowPastTheLimit(_ backend: Backend) throws {
        let database = try TestDatabase(backend)
        let lines = ["code,name,employee_number,active"] + (0..<100_000).map { "S\($0),Person \($0),N\($0),x" }
        let outcome = try run(database.store, try file(database, lines), .staff, dryRun: true)
        #expect(outcome.status == .rejected)
        #expect(outcome.problems.contains(ListProblem(.tooManyRows(limit: 10_000), at: .line(10_002))))
    }

    @Test(arguments: Backend.available)
    func daypartRefusals(_ backend: Backend) throws {
        let database = try TestDatabase(backend)
        let outcome = try run(database.store, try file(database, [
            "code,label,start,end,active",
            "AM,Morning,08:00,12:00,x",
            "MID,Midday,11:00,14:00,x",   // 3: overlaps AM
            "BAD,Backwards,15:00,14:00,x", // 4: start after end
            "AM,Again,18:00,19:00,x",     // 5: duplicate code
            "T,Time,8h,9:00,x",           // 6: not a time
        ]), .dayparts)
        let columns = ListKind.dayparts.columns
        #expect(Set(outcome.problems) == [
            ListProblem(.overlap(code: "MID", other: "AM", otherStart: "08:00", otherEnd: "12:00"), at: .line(3)),
            ListProblem(.startNotBeforeEnd(start: "15:00", end: "14:00"), at: .line(4)),
            ListProblem(.duplicateInFile(column: columns[0], value: "AM", first: .line(2)), at: .line(5)),
            ListProblem(.invalidTime(column: columns[2], text: "8h"), at: .line(6)),
        ], "\(outcome.problems.map(\.english))")
        #expect(outcome.problems.allSatisfy { $0.dutch.hasPrefix("Regel ") && !$0.dutch.contains(" the ") })
    }

    @Test(arguments: Backend.available)
    func deactivationRemovesFutureAvailabilityRefusesWhatItWouldBreakAndUndoRestoresIt(_ backend: Backend) throws {
        let fixture = try ImportFixture(backend)
        let store = fixture.store
        let staff = try fixture.staff()
        let line = { (member: Identified<StaffMember>, active: String) in "\(member.code),\(member.name),\(member.employeeNumber),\(active)" }
        let header = "code,name,employee_number,active"

        // A person assigned to a held request on a date to come.
        let visit = try #require(try fixture.assignedVisit(after: fixture.today))
        let assigned = staff.first { $0.code == visit.staff }!
        let refused = try run(store, try file(fixture.database, [header, line(assigned, "")]), .staff)
        #expect(refused.status == .rejected)
        guard case let .assignedVisits(_, visits) = refused.problems.first?.kind else { Issue.record("\(refused.problems)"); return }
        #expect(visits.contains { $0.requestID == visit.request })
        #expect(refused.problems[0].english.contains("request \(visit.request) on"))
        #expect(refused.problems[0].dutch.contains("verzoek \(visit.request) op"))

        // A person in an exactly full slot.
        let full = try #require(try fixture.fullSlot(after: fixture.today))
        let busy = try store.read { session in
            try full.available.first { code in
                try session.heldVisits(assignedTo: staff.first { $0.code == code }!.id, from: fixture.today).isEmpty
            }
        }
        if let busy {
            let outcome = try run(store, try file(fixture.database, [header, line(staff.first { $0.code == busy }!, "")]), .staff)
            #expect(outcome.problems.contains { if case .slotBelowBookings = $0.kind { return true } else { return false } }, "\(outcome.problems.map(\.english))")
        }

        // Someone whose leaving breaks nothing: their future availability goes, past stays; undo brings it back.
        let before = try fixture.availability()
        let free = try store.read { session in
            try staff.first { member in
                let plan = try ListJob(store: store, rules: clock.standardRules).evaluate(
                    ListTable(kind: .staff, fileName: "x", sha256: "", rows: [ListTable.Row(values: line(member, "").split(separator: ",", omittingEmptySubsequences: false).map(String.init), places: Array(repeating: .line(2), count: 4))]),
                    force: false, session: session, day: clock.standardRules.now())
                return plan.problems.isEmpty && !plan.plan.availability.isEmpty
            }
        }
        let leaver = try #require(free)
        let applied = try run(store, try file(fixture.database, [header, line(leaver, "")]), .staff)
        guard case let .applied(batch) = applied.status else { Issue.record("\(applied.problems.map(\.english))"); return }
        let after = try fixture.availability()
        let removed = before.subtracting(after)
        #expect(!removed.isEmpty && removed.allSatisfy { $0.hasSuffix(" \(leaver.code)") && String($0.prefix(10)) >= fixture.today.iso })
        #expect(after.contains { $0.hasSuffix(" \(leaver.code)") && String($0.prefix(10)) < fixture.today.iso } == before.contains { $0.hasSuffix(" \(leaver.code)") && String($0.prefix(10)) < fixture.today.iso })
        #expect(try fixture.staff().first { $0.code == leaver.code }?.active == false)

        let undo = try UndoJob(store: store, rules: clock.standardRules, notices: .forTests).undo(batchID: batch, operatorName: "test")
        #expect(undo.plan.added == removed.count)
        #expect(try fixture.availability() == before)
        #expect(try fixture.staff().first { $0.code == leaver.code }?.active == true)
        #expect(throws: UndoError.alreadyUndone(batch, by: undo.batchID)) {
            try UndoJob(store: store, rules: clock.standardRules, notices: .forTests).undo(batchID: batch, operatorName: "test")
        }
    }

    @Test(arguments: Backend.available)
    func undoOfAListBatchIsRefusedWhileALaterBatchChangedTheSameRow(_ backend: Backend) throws {
        let database = try TestDatabase(backend)
        let header = "code,name,employee_number,active"
        let first = try run(database.store, try file(database, [header, "ANB,Anouk,E1,x"]), .staff)
        let second = try run(database.store, try file(database, [header, "ANB,Anouk Bakker,E1,x"]), .staff)
        guard case let .applied(one) = first.status, case let .applied(two) = second.status else { Issue.record("not applied"); return }
        let job = UndoJob(store: database.store, rules: clock.standardRules, notices: .forTests)
        #expect(throws: UndoError.laterBatches(one, [two])) { try job.undo(batchID: one, operatorName: "test") }
        _ = try job.undo(batchID: two, operatorName: "test")
        #expect(try database.store.read { try $0.staff() }.map(\.name) == ["Anouk"])
        _ = try job.undo(batchID: one, operatorName: "test")
        #expect(try database.store.read { try $0.staff() }.isEmpty, "undoing the batch that added a person deletes them again")
    }
}

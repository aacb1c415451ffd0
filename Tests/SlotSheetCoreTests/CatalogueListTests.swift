import Foundation
import Testing
@testable import SlotSheetCore

/// The defect catalogue in and out: four levels as four columns, exported and imported back
/// unchanged, new paths adding nodes, a defect hidden and shown again by undo; on every backend.
@Suite struct CatalogueListTests {
    private let clock = OfficeClock.testDay

    private func run(_ store: any RepairStore, _ path: String, dryRun: Bool = false) throws -> ListOutcome {
        let job = ListJob(store: store, rules: clock.standardRules)
        return try job.run(try job.read(path: path, kind: .catalogue), ListRequest(dryRun: dryRun, operatorName: "test"))
    }

    @Test(arguments: Backend.available)
    func theCatalogueGoesOutAndBackUnchangedAndTakesNewPathsAndHiddenDefects(_ backend: Backend) throws {
        let fixture = try ImportFixture(backend)
        let store = fixture.store
        let defects = try store.read { try $0.catalogueDefects() }
        #expect(!defects.isEmpty && defects.allSatisfy(\.active))
        for name in ["catalogue.csv", "catalogue.xlsx"] {
            let path = fixture.database.folder.appending(path: name).path
            let exported = try ListExporter(store: store, rules: clock.standardRules).export(.catalogue, to: path, language: .en, paper: .a4)
            #expect(exported.rows == defects.count)
            let again = try run(store, path)
            #expect(again.status == .nothingToChange, "\(name): \(again.problems.map(\.english))")
        }

        let first = defects[0].path
        let csv = fixture.database.folder.appending(path: "edit.csv").path
        try ([
            "locatie,ruimte,onderdeel,gebrek,actief",
            "\(first.location),\(first.space),\(first.element),\(first.defect),",
            "\(first.location),Attic,Hatch,Stuck,x",
            "\(first.location),Attic,Hatch,stuck,x",
        ].joined(separator: "\n") + "\n").write(toFile: csv, atomically: true, encoding: .utf8)
        let refused = try run(store, csv)
        #expect(refused.problems.map(\.location) == [.line(4)], "\(refused.problems.map(\.english))")
        try ([
            "location,space,element,defect,active",
            "\(first.location),\(first.space),\(first.element),\(first.defect),",
            "\(first.location),Attic,Hatch,Stuck,x",
        ].joined(separator: "\n") + "\n").write(toFile: csv, atomically: true, encoding: .utf8)
        let applied = try run(store, csv)
        guard case let .applied(batch) = applied.status else { Issue.record("\(applied.problems.map(\.english))"); return }
        #expect(applied.plan.added.map(\.key) == ["\(first.location) > Attic > Hatch > Stuck"] && applied.plan.deactivated.count == 1)
        let after = try store.read { try $0.catalogueDefects() }
        #expect(after.count == defects.count + 1 && after.first { $0.path == first }?.active == false)

        _ = try UndoJob(store: store, rules: clock.standardRules, notices: .forTests).undo(batchID: batch, operatorName: "test")
        let undone = try store.read { try $0.catalogueDefects() }
        #expect(undone.map(\.path) == defects.map(\.path) && undone.allSatisfy(\.active))
    }
}

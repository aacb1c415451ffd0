import Foundation
import GRDB
import Testing
@testable import SlotSheetCore

@Suite struct ReportQueryTests {

    private func requests(_ filter: RequestFilter, in fixture: ImportFixture) throws -> [RequestReportRow] {
        var rows: [RequestReportRow] = []
        try fixture.store.read { try $0.forEachRequest(matching: filter) { rows.append($0) } }
        return rows
    }


    @Test(arguments: Backend.available) func everyRequestOnceWithAllItsDefects(_ backend: Backend) throws {
        let fixture = try ImportFixture(backend)
        let rows = try requests(RequestFilter(), in: fixture)
        #expect(rows.count == (try fixture.database.integer("SELECT COUNT(*) FROM repair_request")))
        #expect(Set(rows.map(\.id)).count == rows.count, "one row per request, defects grouped")
        #expect(rows.map(\.defects.count).reduce(0, +) == (try fixture.database.integer("SELECT COUNT(*) FROM repair_request_defect")))
        #expect(zip(rows, rows.dropFirst()).allSatisfy { $0.slotDate <= $1.slotDate }, "in slot order")
        let several = try #require(rows.first { $0.defects.count > 1 })
        let paths = try fixture.database.strings("""
            SELECT l.name || ' > ' || sp.name || ' > ' || el.name || ' > ' || de.name FROM repair_request_defect rd
            JOIN defect de ON de.id = rd.defect_id JOIN element el ON el.id = de.element_id JOIN space sp ON sp.id = el.space_id
            JOIN location l ON l.id = sp.location_id WHERE rd.request_id = \(several.id) ORDER BY 1
            """)
        #expect(several.defects.map(\.description) == paths)
    }

    @Test(arguments: Backend.available) func filtersCombine(_ backend: Backend) throws {
        let fixture = try ImportFixture(backend)
        let december = DateRange(from: LocalDate(iso: "2026-12-01")!, to: LocalDate(iso: "2026-12-31")!)!
        let held = try requests(RequestFilter(slotDates: december, statuses: [.new, .approved], corporation: "Woonstede Gelderland"), in: fixture)
        #expect(held.count == (try fixture.database.integer("""
            SELECT COUNT(*) FROM repair_request r JOIN resident re ON re.id = r.resident_id
            JOIN housing_corporation hc ON hc.id = re.housing_corporation_id
            WHERE r.slot_date BETWEEN '2026-12-01' AND '2026-12-31' AND r.status IN ('new', 'approved') AND hc.name = 'Woonstede Gelderland'
            """)))
        #expect(!held.isEmpty && held.allSatisfy { $0.status.holdsSlot && $0.corporation == "Woonstede Gelderland" && december.contains($0.slotDate) })
        let recent = try requests(RequestFilter(updatedSince: "2026-11-30T00:00:00Z"), in: fixture)
        #expect(recent.count == (try fixture.database.integer("SELECT COUNT(*) FROM repair_request WHERE updated_at >= '2026-11-30T00:00:00Z'")))
    }

    @Test(arguments: Backend.available) func staffLoadCountsSlotsAndAssignedVisits(_ backend: Backend) throws {
        let fixture = try ImportFixture(backend)
        let range = DateRange(from: LocalDate(iso: "2026-12-01")!, to: LocalDate(iso: "2026-12-13")!)!
        let loads = try fixture.store.read { try $0.staffLoad(in: range) }
        let anna = try #require(loads.first { $0.staffID == 1 })
        #expect(anna.slotsAvailable == (try fixture.database.integer("SELECT COUNT(*) FROM availability WHERE staff_id = 1 AND date BETWEEN '2026-12-01' AND '2026-12-13'")))
        #expect(loads.map(\.requestsAssigned).reduce(0, +) == (try fixture.database.integer("""
            SELECT COUNT(*) FROM repair_request WHERE staff_id IS NOT NULL AND status IN ('new', 'approved')
            AND slot_date BETWEEN '2026-12-01' AND '2026-12-13'
            """)))
    }

    @Test(arguments: Backend.available) func theLastExportOfAKindIsFound(_ backend: Backend) throws {
        let fixture = try ImportFixture(backend)
        try fixture.store.write { session in
            for (index, sha) in ["aaa", "bbb"].enumerated() {
                try session.recordExportRun(ExportRun(kind: "utilization", parameters: "{}", path: "/x", sha256: sha, rows: index, createdAt: "2026-12-0\(index + 1)T00:00:00Z"))
            }
        }
        #expect(try fixture.store.read { try $0.lastExportRun(kind: "utilization", parameters: "{}") }?.sha256 == "bbb")
        #expect(try fixture.store.read { try $0.lastExportRun(kind: "requests", parameters: "{}") } == nil)
    }
}

import Foundation
import Testing
import XLSXReader
@testable import SlotSheetCore

/// The availability CSV neutralises text a spreadsheet would run as a formula, as the reports do,
/// and the CSV import reads it back as it was, so export then import changes nothing.
@Suite struct FormulaGuardTests {
    @Test func neutralisedValuesReadBackAsTheyWere() {
        for value in ["=cmd|x", "-A1", "+1", "@SUM(A1)", "\tx", "\rx", "\u{0}x", "'=x", "''", "'x", "x", "", "'", "ANB"] {
            #expect(FormulaGuard.restore(FormulaGuard.neutralize(value)) == value, "\(value.debugDescription)")
        }
        #expect(FormulaGuard.neutralize("=cmd|x") == "'=cmd|x" && FormulaGuard.neutralize("-A1") == "'-A1")
        #expect(FormulaGuard.neutralize("ANB") == "ANB" && FormulaGuard.neutralize("'x") == "'x", "plain values are left alone")
        #expect(CSVWriter.encode("=1+2", neutralizeFormulas: true) == "'=1+2", "the reports' CSV does the same")
    }

    /// Staff codes `=cmd|x` and `-A1` go out with an apostrophe and come back as themselves.
    @Test func anAvailabilityCSVWithFormulaLikeCodesRoundTrips() throws {
        let fixture = try ImportFixture()
        let date = fixture.today.adding(days: 4)
        let codes = ["=cmd|x", "-A1"]
        let daypart = try #require(try fixture.dayparts().first(where: \.active))
        try fixture.store.write { session in
            for code in codes {
                let id = try session.upsertStaff(StaffMember(code: code, employeeNumber: "E\(code.count)", name: "Test \(code)"))
                try session.addAvailability([AvailabilityKey(date: date, daypartID: daypart.id, staffID: id)])
            }
        }
        let path = fixture.database.folder.appending(path: "availability.csv").path
        let range = DateRange(from: date, to: date.adding(days: 1))!
        _ = try AvailabilityCSVExporter(store: fixture.store, clock: fixture.clock).export(range: range, staff: .codes(codes), path: path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains(",'=cmd|x,x\r\n") && text.contains(",'-A1,x\r\n"), "\(text)")
        #expect(!text.split(separator: "\r\n").contains { $0.split(separator: ",").contains { $0.first == "=" || $0.first == "-" } },
                "no field starts like a formula")

        let parsed = try ImportFileReader.parse(path: path)
        #expect(parsed.staffCodes == codes)
        let outcome = try fixture.run(parsed, dryRun: true)
        #expect(outcome.problems.isEmpty, "\(outcome.problems.map { $0.sentence(.en) })")
        let activeDayparts = try fixture.dayparts().filter(\.active).count
        #expect(outcome.plan.isEmpty && outcome.plan.unchanged == 2 * range.dayCount * activeDayparts)
    }
}

/// The hidden metadata's records, written and read by one codec; format 1 files still read.
@Suite struct MetadataCodecTests {
    @Test func everyRecordReadsBackAsWritten() throws {
        let records: [MetadataRecord] = [
            .marker(version: TemplateLayout.formatVersion), .daypart(code: "D08", label: "08:00-09:00"),
            .staff(column: "F", code: "ANB", name: "Anouk Bakker"),
            .row(TemplateCell(row: 1, column: 0), date: LocalDate(iso: "2026-12-01")!, daypartCode: "D08", availability: "x.", held: 1,
                 assigned: ["ANB", "BRW"]),
            .meta(.fingerprint, String(repeating: "a", count: 64)),
        ]
        for record in records {
            #expect(try MetadataRecord(fields: record.fields, row: 1, version: TemplateLayout.formatVersion) == record)
        }
        #expect(try MetadataRecord(fields: [], row: 9, version: 2) == nil)
    }

    @Test func formatOneStaffRecordsHeldTheHeader() throws {
        #expect(try MetadataRecord(fields: ["staff", "F", "ANB", "ANB Anouk Bakker"], row: 3, version: 1)
                == .staff(column: "F", code: "ANB", name: "Anouk Bakker"))
        #expect(throws: MetadataDamage.unreadableRecord(row: 3)) {
            try MetadataRecord(fields: ["staff", "F", "ANB", "BRW Bram de Wit"], row: 3, version: 1)
        }
    }

    @Test func damageIsNamed() {
        #expect(throws: MetadataDamage.unknownRecord(row: 4, kind: "colour")) { try MetadataRecord(fields: ["colour", "red"], row: 4, version: 2) }
        #expect(throws: MetadataDamage.unreadableRecord(row: 5)) {
            try MetadataRecord(fields: ["row", "0", "2026-12-01", "D08", "x", "1"], row: 5, version: 2)
        }
        #expect(throws: MetadataDamage.noMarker) { try MetadataRecord(fields: ["slotsheet", "other-kind", "2"], row: 1, version: nil) }
    }
}

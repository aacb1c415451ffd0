import Foundation
import Testing
@testable import SlotSheetCore

@Suite struct TemplateLayoutTests {
    let layout = TemplateLayout(
        range: DateRange(from: LocalDate(iso: "2026-12-01")!, to: LocalDate(iso: "2026-12-07")!)!,
        dayparts: [.init(code: "D08", label: "08:00-09:00"), .init(code: "D09", label: "09:00-10:00"), .init(code: "D13", label: "13:00-14:00")],
        staff: [.init(code: "ANB", name: "Anouk Bakker"), .init(code: "ZOM", name: "Zoë van der Meer")])

    @Test func rowsRunByDateThenDaypart() {
        #expect(layout.rowCount == 21)
        #expect(layout.row(for: LocalDate(iso: "2026-12-01")!, daypartIndex: 0) == 1)
        #expect(layout.row(for: LocalDate(iso: "2026-12-02")!, daypartIndex: 1) == 5)
        #expect(layout.lastRow == 21)
        #expect(layout.cell(row: 5, staffAt: 1).a1 == "G6")
    }

    @Test func everyRowMapsBackToItsSlot() {
        for date in layout.range {
            for index in layout.dayparts.indices {
                let slot = layout.slot(atRow: layout.row(for: date, daypartIndex: index))
                #expect(slot?.date == date && slot?.daypartIndex == index)
            }
        }
        #expect(layout.slot(atRow: 0) == nil)
        #expect(layout.slot(atRow: 22) == nil)
    }

    @Test func columnsMapToStaffAndBack() {
        #expect(TemplateLayout.firstStaffColumn == 5)
        #expect(layout.staffIndex(atColumn: 5) == 0)
        #expect(layout.staffIndex(atColumn: 6) == 1)
        #expect(layout.staffIndex(atColumn: 4) == nil)
        #expect(layout.staffIndex(atColumn: 7) == nil)
        #expect(layout.staffCells(ofRow: 3) == "F4:G4")
        #expect(layout.staff[1].header == "ZOM Zoë van der Meer")
    }

    @Test func theEditableRowsStartToday() {
        #expect(layout.firstRow(onOrAfter: LocalDate(iso: "2026-11-20")!) == 1)
        #expect(layout.firstRow(onOrAfter: LocalDate(iso: "2026-12-03")!) == 7)
        #expect(layout.firstRow(onOrAfter: LocalDate(iso: "2026-12-08")!) == nil)
    }
}

@Suite struct TemplateSnapshotTests {
    let layout = TemplateLayout(
        range: DateRange(from: LocalDate(iso: "2026-12-01")!, to: LocalDate(iso: "2026-12-01")!)!,
        dayparts: [.init(code: "D08", label: "08:00-09:00")],
        staff: [.init(code: "ANB", name: "Anouk"), .init(code: "BRW", name: "Bram"), .init(code: "CHP", name: "Chloë")])

    private func row(_ available: [Bool], held: Int = 1, assigned: [String] = ["BRW"]) -> TemplateRowState {
        TemplateRowState(date: LocalDate(iso: "2026-12-01")!, daypartCode: "D08", available: available, held: held, assignedStaffCodes: assigned)
    }

    private func fingerprint(_ rows: [TemplateRowState]) -> String {
        var fingerprint = TemplateFingerprint(layout: layout)
        rows.forEach { fingerprint.add($0) }
        return fingerprint.hexDigest
    }

    @Test func availabilityCodesRoundTrip() {
        let state = row([true, false, true])
        #expect(state.availabilityCode == "x.x")
        #expect(TemplateRowState.decodeAvailability("x.x", count: 3) == [true, false, true])
        #expect(TemplateRowState.decodeAvailability("x.x", count: 4) == nil)
        #expect(TemplateRowState.decodeAvailability("x?x", count: 3) == nil)
        #expect(TemplateRowState.decodeAvailability("x.\u{E9}", count: 4) == nil, "counted in bytes, and only x and . pass")
        #expect(TemplateRowState.decodeAvailability("", count: 0) == [])
        let wide = (0..<250).map { $0 % 3 == 0 }
        #expect(TemplateRowState.decodeAvailability(row(wide).availabilityCode, count: 250) == wide)
    }

    /// A row record's assigned codes split as `split(separator: " ")` splits them, ASCII or not.
    @Test func assignedCodesSplitAtSpaces() {
        for field in ["", " ", "S0001", "S0001 S0002 S0103", "  ANB  BRW ", "ZOË ANB", "ANB\tBRW CHP", String(repeating: "S0007 ", count: 40)] {
            #expect(MetadataRecord.codes(field) == field.split(separator: " ").map(String.init), "\(field)")
        }
    }

    /// The digest is of the exact text the format says: a template exported before must still verify.
    @Test func theFingerprintIsTheDigestOfTheDocumentedText() throws {
        let range = "\(layout.range.from.iso)..\(layout.range.to.iso)"
        let text = "slotsheet-template-v\(TemplateLayout.formatVersion)\n\(range)\nANB,BRW,CHP\nD08\n"
            + "2026-12-01|D08|x.x|1|BRW\n2026-12-01|D08|..x|0|\n"
        let file = FileManager.default.temporaryDirectory.appending(path: "fingerprint-\(UUID().uuidString).txt")
        try Data(text.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let expected = try FileDigest.sha256(ofFileAt: file.path)
        #expect(fingerprint([row([true, false, true]), row([false, false, true], held: 0, assigned: [])]) == expected)
    }

    @Test func theFingerprintFollowsEveryPartOfTheState() {
        let base = fingerprint([row([true, false, true])])
        #expect(base.count == 64)
        #expect(fingerprint([row([true, false, true])]) == base, "same state, same fingerprint")
        #expect(fingerprint([row([true, true, true])]) != base, "availability")
        #expect(fingerprint([row([true, false, true], held: 2)]) != base, "held requests")
        #expect(fingerprint([row([true, false, true], assigned: ["ANB"])]) != base, "assignments")
        #expect(fingerprint([row([true, false, true], assigned: ["BRW"])]) == base)
    }

    @Test func assignmentsAreOrderFree() {
        #expect(row([true, true, true], assigned: ["CHP", "ANB"]).assignedStaffCodes == ["ANB", "CHP"])
    }
}

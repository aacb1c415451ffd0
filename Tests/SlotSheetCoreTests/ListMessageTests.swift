import InteropSupport
import Testing
@testable import SlotSheetCore

/// Every message of the list imports, every case, in English and Dutch (see `MessageCatalogueCheck`).
@Suite struct ListMessageTests {
    private let day = LocalDate(iso: "2026-12-08")!

    @Test func listMessages() {
        let staff = ListKind.staff.columns, dayparts = ListKind.dayparts.columns
        let slot = SlotName(date: day, daypart: "09:00-10:00")
        let kinds: [(String, ListProblem.Kind)] = [
            ("missingColumn", .missingColumn(staff[2], expected: staff)),
            ("wrongFieldCount", .wrongFieldCount(expected: 4, found: 3)), ("tooManyRows", .tooManyRows(limit: 10_000)),
            ("emptyValue", .emptyValue(column: staff[1])), ("tooLong", .tooLong(column: staff[1], length: 10_000, limit: 100)),
            ("controlCharacter", .controlCharacter(column: staff[1], text: "Anouk\nBakker")), ("invalidCode", .invalidCode("A B")),
            ("invalidActive", .invalidActive("y")), ("duplicateInFile", .duplicateInFile(column: staff[0], value: "ANB", first: .line(2))),
            ("codeDiffersInCase", .codeDiffersInCase(code: "anb", existing: "ANB")),
            ("pathDiffersInCase", .pathDiffersInCase(path: "Woning > keuken > Kraan > Lekt", existing: "Woning > Keuken > Kraan > Lekt")),
            ("employeeNumberTaken", .employeeNumberTaken(number: "E1040", byCode: "ANB", name: "Anouk Bakker")),
            ("invalidTime", .invalidTime(column: dayparts[2], text: "8h")), ("startNotBeforeEnd", .startNotBeforeEnd(start: "12:00", end: "08:00")),
            ("invalidOrder", .invalidOrder("first")), ("overlap", .overlap(code: "MID", other: "AM", otherStart: "08:00", otherEnd: "12:00")),
            ("assignedVisits", .assignedVisits(staff: "ANB (Anouk Bakker)", visits: [ListVisit(requestID: 41, slot: slot)])),
            ("slotBelowBookings", .slotBelowBookings(staff: "ANB (Anouk Bakker)", slot: slot, held: 2, available: 1)),
            ("daypartInUse", .daypartInUse(code: "AM", requests: 3, first: day)),
            ("changedSinceExport", .changedSinceExport(key: "ANB", .changed([ListReportLine.ColumnChange(column: staff[2], before: "E1040", after: "E1041")]))),
            ("changedSinceExport", .changedSinceExport(key: "ANB", .added(now: ["ANB", "Anouk Bakker", "E1040", "x"]))),
            ("changedSinceExport", .changedSinceExport(key: "ANB", .removed)),
        ]
        let problems = kinds.map { ($0.0, ListProblem($0.1, at: .line(4))) }
        var check = MessageCatalogueCheck(), hints = MessageCatalogueCheck()
        check.check("Kind", declaredIn: "Sources/SlotSheetCore/Lists/ListProblem.swift",
                    examples: problems.map { ($0.0, $0.1.message(.en), $0.1.message(.nl)) })
        hints.check("Kind", declaredIn: "Sources/SlotSheetCore/Lists/ListProblem.swift",
                    examples: problems.map { ($0.0, $0.1.hint(.en), $0.1.hint(.nl)) })
        let change = ListReportLine.ColumnChange(column: staff[1], before: "Anouk", after: "Anouk Bakker")
        let lines: [(String, ListReportLine)] = [
            ("added", .added(fields: ["ANB", "Anouk Bakker", "E1040", "x"])), ("changed", .changed(key: "ANB", changes: [change])),
            ("deactivated", .deactivated(key: "ANB")), ("availabilityRemoved", .availabilityRemoved(staff: "ANB", slots: 12)),
            ("availabilityRestored", .availabilityRestored(slots: 12)), ("summary", .summary(added: 1, changed: 2, deactivated: 1, unchanged: 27)),
            ("staleHeadline", .staleHeadline(rows: 2)),
        ]
        check.check("ListReportLine", declaredIn: "Sources/SlotSheetCore/Lists/ListReportLine.swift",
                    examples: lines.map { ($0.0, $0.1.english, $0.1.dutch) })
        check.check("ListUndoError", declaredIn: "Sources/SlotSheetCore/Lists/ListUndo.swift", examples: [
            ("rejected", ListUndoError.rejected(12, []).english, ListUndoError.rejected(12, []).dutch),
            ("rowInUse", ListUndoError.rowInUse(12, code: "ANB").english, ListUndoError.rowInUse(12, code: "ANB").dutch),
        ])
        check.check("ListSheetText", declaredIn: "Sources/SlotSheetCore/Lists/ListWorkbook.swift",
                    examples: ListSheetText.allCases.map { ("\($0)", $0.english, $0.dutch) })
        #expect(check.failures.isEmpty, "\(check.failures.joined(separator: "\n"))")
        #expect(hints.failures.isEmpty, "\(hints.failures.joined(separator: "\n"))")
        #expect(problems[3].1.sentence(.nl) == "Regel 4: De kolom naam is leeg. Vul hem in.")
    }
}

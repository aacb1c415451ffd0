import Foundation
import Testing
@testable import SlotSheetCore
import SlotSheetTemplates

/// Marks as a person sees them, and refused values shown so that they cannot look valid.
@Suite struct MarkTextTests {
    @Test(arguments: ["x", "X", "ｘ", "Ｘ", "x\u{200B}", "\u{FEFF}x", "x ", " X\u{A0}", "x\u{AD}", "\u{200D}x\u{200C}", "x\u{2060}", "x\t", "\u{3000}x"])
    func invisibleCharactersAndWidthDoNotChangeAMark(_ text: String) {
        #expect(MarkText.mark(text) == .available)
    }

    @Test(arguments: ["", " ", "\u{A0}", "\u{200B}", "\u{FEFF}\u{3000}", "\t\u{AD}"])
    func onlyInvisibleCharactersIsEmpty(_ text: String) {
        #expect(MarkText.mark(text) == .unavailable)
    }

    @Test(arguments: ["y", "xx", "x\u{200B}x", "ja", "✓", "×", "1", "\u{1B}[31mx"])
    func anythingElseIsRefused(_ text: String) {
        #expect(MarkText.mark(text) == .invalid)
    }

    @Test func refusedValuesNameTheirInvisibleCharacters() {
        #expect(EchoedText.shown("y\u{200B}", .en) == "'y' followed by U+200B ZERO WIDTH SPACE")
        #expect(EchoedText.shown("y\u{200B}", .nl) == "'y' gevolgd door U+200B (spatie zonder breedte)")
        #expect(EchoedText.shown("\u{FEFF}ja ", .en) == "U+FEFF ZERO WIDTH NO-BREAK SPACE followed by 'ja' followed by U+0020 SPACE")
        #expect(EchoedText.shown("\u{1B}[31mx", .en) == "U+001B ESCAPE followed by '[31mx'")
        #expect(EchoedText.shown("ja nee", .en) == "'ja nee'")
        let problem = ImportProblem(.invalidMark("y\u{200B}"), at: .cell(sheet: "Availability", reference: "F12"))
        #expect(problem.sentence(.en) == "Sheet Availability, cell F12: 'y' followed by U+200B ZERO WIDTH SPACE is not a valid mark; use x or leave empty.")
        #expect(problem.sentence(.nl) == "Blad Availability, cel F12: 'y' gevolgd door U+200B (spatie zonder breedte) is geen geldige invoer; gebruik x of laat de cel leeg.")
    }

    @Test func controlCharactersFromAFileAreEscapedInEveryMessage() {
        let hostile = "AB\u{1B}]0;pwned\u{07}\u{1B}[2J\u{202E}C\u{9B}D\u{2066}"
        let texts = [
            ImportProblem(.unknownStaff(hostile), at: .line(3), staffCode: hostile).sentence(.en),
            ImportProblem(.unknownStaff(hostile), at: .line(3), staffCode: hostile).rowKey(.nl) ?? "",
            ImportProblem(.assignedUnavailable(staff: hostile, requests: [4]), at: .sheet(hostile),
                          slot: SlotName(date: LocalDate(iso: "2026-12-08")!, daypart: hostile)).hint(.nl),
            ImportProblem(.missingDataSheet(hostile), at: .sheet(hostile)).sentence(.nl),
            ImportFileError.unreadable(path: "/tmp/\(hostile).csv").text(.en),
            ImportFileError.notATemplate(WorkbookSummary(sheets: [hostile], application: hostile)).text(.nl),
        ]
        for text in texts {
            #expect(!text.unicodeScalars.contains { EchoedText.isEscaped($0) }, "\(text.debugDescription)")
            #expect(text.contains("AB\\u{1B}]0;pwned\\u{7}\\u{1B}[2J\\u{202E}C\\u{9B}D\\u{2066}"), "\(text)")
        }
        #expect(EchoedText.escaped("Anouk Bakker, 09:00-10:00") == "Anouk Bakker, 09:00-10:00")
    }

    @Test func theCSVPathJudgesMarksTheSameWay() throws {
        let fixture = try ImportFixture()
        let day = fixture.today.adding(days: 5).iso
        let daypart = try fixture.dayparts()[0].value.code
        let staff = try fixture.staff().filter(\.value.active).prefix(6).map(\.value.code)
        let values = ["ｘ", "x\u{200B}", "X", "x ", "ja\u{A0}", "y\u{200B}"]
        let parsed = try fixture.parseCSV(["date,daypart,staff,available"] + zip(staff, values).map { "\(day),\(daypart),\($0),\($1)" })
        #expect(parsed.slots.count == 1)
        #expect(parsed.slots[0].marks == [.available, .available, .available, .available, .available, .invalid])
        #expect(parsed.problems.map { $0.sentence(.en) } == ["Line 7: 'y' followed by U+200B ZERO WIDTH SPACE is not a valid value for available."])
    }
}

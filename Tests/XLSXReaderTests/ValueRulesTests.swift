import InteropSupport
import Foundation
import Testing
@testable import XLSXReader

/// The rules that turn what the file holds into what a cell shows: which formats are dates, how
/// serial numbers become dates in each system, references, escapes, part names, numbers, JSON.
@Suite(.ownThreads) struct ValueRulesTests {
    @Test(arguments: [
        ("yyyy-mm-dd", NumberFormat.Kind.date), ("d/m/yy h:mm", .date), ("[$-413]d mmmm yyyy", .date),
        ("[$-F800]dddd\\, mmmm dd\\, yyyy", .date), ("mmmm\" \"yyyy", .date), ("hh:mm AM/PM", .date),
        ("[h]:mm:ss", .elapsed), ("[mm]:ss", .elapsed), ("[Red][h]:mm", .elapsed), ("mm:ss.0", .date),
        ("General", .number), ("0.00", .number), ("#,##0 \"days\"", .number), ("0.00E+00", .number),
        ("[Red]0.00;[Blue]-0.00", .number), ("\"Week\" 0", .number), ("0\\d", .number), ("0_m", .number),
        ("[$€-413] #,##0.00", .number), ("@", .number), ("[DBNum1][$-804]General", .number),
        ("0;\"due\" d", .number), ("*d0", .number),
    ])
    func dateFormatsAreKnownByTheirCodes(code: String, kind: NumberFormat.Kind) {
        #expect(NumberFormat.kind(of: code) == kind, "\(code)")
    }

    @Test func builtInDateFormats() {
        let dates = (0...163).filter { NumberFormat.builtInKind($0) != .number }
        #expect(dates == Array(14...22) + Array(27...36) + Array(45...47) + Array(50...58))
        #expect(NumberFormat.builtInKind(46) == .elapsed)
        #expect(NumberFormat.builtInKind(49) == .number, "49 is text (@)")
    }

    @Test(arguments: [
        (1.0, DateSystem.from1900, "1900-01-01T00:00:00"), (59, .from1900, "1900-02-28T00:00:00"),
        (61, .from1900, "1900-03-01T00:00:00"), (45000, .from1900, "2023-03-15T00:00:00"),
        (45000.75, .from1900, "2023-03-15T18:00:00"), (0.5, .from1900, "1899-12-30T12:00:00"),
        (0.0, .from1904, "1904-01-01T00:00:00"), (0.25, .from1904, "1904-01-01T06:00:00"),
        (43466.000011574, .from1900, "2019-01-01T00:00:01"), (44197.1234567, .from1900, "2021-01-01T02:57:46.659"),
        (42735, .from1904, "2021-01-01T00:00:00"), (2_958_465.99999999, .from1900, "9999-12-31T23:59:59.999"),
    ])
    func serialNumbersBecomeDates(serial: Double, system: DateSystem, iso: String) {
        #expect(XLSXDateTime(serial: serial, system: system)?.iso8601 == iso)
    }

    @Test func datesOutsideTheCalendarStayNumbers() {
        #expect(XLSXDateTime(serial: 3_000_000, system: .from1900) == nil)
        #expect(XLSXDateTime(serial: -700_000, system: .from1900) == nil)
        #expect(XLSXDateTime(serial: .infinity, system: .from1900) == nil)
    }

    @Test func timesOfDayAndDurations() {
        #expect(XLSXDateTime(serial: 0.375, system: .from1900)?.isTimeOfDay == true)
        #expect(XLSXDateTime(serial: 1.375, system: .from1900)?.isTimeOfDay == false)
        #expect(XLSXDateTime(duration: 10.6320601851852, system: .from1900)?.iso8601 == "1900-01-09T15:10:10")
        #expect(XLSXDateTime(duration: 10.6320601851852, system: .from1904)?.iso8601 == "1904-01-11T15:10:10")
    }

    @Test(arguments: [
        ("2021-01-01", "2021-01-01T00:00:00"), ("2021-01-01T10:10:10", "2021-01-01T10:10:10"),
        ("2021-01-01T10:10:10.5+02:00", "2021-01-01T10:10:10.500"), ("10:10:10", "1899-12-30T10:10:10"),
        ("2024-02-29 23:59", "2024-02-29T23:59:00"),
    ])
    func isoTextOfDateCells(text: String, iso: String) {
        var bytes = Array(text.utf8)
        let date = bytes.withUnsafeMutableBufferPointer { XLSXDateTime(iso: UnsafeBufferPointer($0), system: .from1900) }
        #expect(date?.iso8601 == iso)
    }

    @Test(arguments: ["2023-02-29", "2021-13-01", "25:00:00", "2021-01-01T10", "yesterday", ""])
    func isoTextThatIsNoDate(text: String) {
        var bytes = Array(text.utf8)
        #expect(bytes.withUnsafeMutableBufferPointer { XLSXDateTime(iso: UnsafeBufferPointer($0), system: .from1900) } == nil)
    }

    @Test func cellReferences() {
        #expect(CellReference(a1: "A1") == CellReference(row: 1, column: 1))
        #expect(CellReference(a1: "$B$3") == CellReference(row: 3, column: 2))
        #expect(CellReference(a1: "XFD1048576") == CellReference(row: 1_048_576, column: 16_384))
        for outside in ["XFE1", "A1048577", "A0", "1A", "A", "", "AAAA1", "A1B"] {
            #expect(CellReference(a1: outside) == nil, "\(outside)")
        }
        #expect([1, 26, 27, 52, 703, 16_384].map(CellReference.columnName) == ["A", "Z", "AA", "AZ", "AAA", "XFD"])
        #expect(CellRange(a1: "C3:A1")?.a1 == "A1:C3")
        #expect(CellRange(a1: "B2")?.contains(CellReference(row: 2, column: 2)) == true)
    }

    @Test(arguments: [
        ("plain", "plain"), ("a_x000D_b", "a\rb"), ("_x005F_x000D_", "_x000D_"), ("_xD83D__xDE00_", "😀"),
        ("_x00e9_", "é"), ("_x12G4_", "_x12G4_"), ("_X000D_", "_X000D_"), ("_xDC00_", "\u{FFFD}"),
    ])
    func escapesAreDecoded(written: String, shown: String) {
        var bytes = Array(written.utf8)
        let length = bytes.withUnsafeMutableBufferPointer { OOXMLEscapes.decode($0) }
        #expect(String(decoding: bytes[..<length], as: UTF8.self) == shown)
    }

    @Test func relationshipTargets() {
        #expect(PartName.resolve("worksheets/sheet1.xml", relativeTo: "xl/workbook.xml") == "xl/worksheets/sheet1.xml")
        #expect(PartName.resolve("/xl/styles.xml", relativeTo: "xl/workbook.xml") == "xl/styles.xml")
        #expect(PartName.resolve("../media/a%20b.png", relativeTo: "xl/drawings/d.xml") == "xl/media/a b.png")
        #expect(PartName.resolve("../../../../etc/passwd", relativeTo: "xl/workbook.xml") == "etc/passwd")
        #expect(PartName.resolve("xl/workbook.xml", relativeTo: "") == "xl/workbook.xml")
        #expect(PartName.relationships(of: "xl/workbook.xml") == "xl/_rels/workbook.xml.rels")
        #expect(PartName.relationships(of: "") == "_rels/.rels")
        #expect(PartName.key("/XL\\Worksheets/Sheet1.XML") == "xl/worksheets/sheet1.xml")
    }

    @Test(arguments: [
        ("42", 42.0), ("-1.5", -1.5), (" 7 ", 7), ("6.02E+23", 6.02e23), ("1e-5", 0.00001),
        ("0.1", 0.1), ("123456789012345678", 1.2345678901234568e17), (".5", 0.5), ("3.14159265358979", 3.14159265358979),
    ])
    func numbersFromBytes(text: String, value: Double) {
        var bytes = Array(text.utf8)
        #expect(bytes.withUnsafeMutableBufferPointer { NumberText.parse(UnsafeBufferPointer($0)) } == value)
    }

    @Test(arguments: ["", "abc", "inf", "nan", "0x10", "1e", "--1", "1.2.3", "1,5"])
    func textThatIsNoNumber(text: String) {
        var bytes = Array(text.utf8)
        #expect(bytes.withUnsafeMutableBufferPointer { NumberText.parse(UnsafeBufferPointer($0)) } == nil)
    }

    @Test func theJSONLinesFormat() {
        var output: [UInt8] = []
        CellJSONLines.append(sheet: "Week \"12\"", cell: XLSXCell(row: 3, column: 2, value: .number(4.5)), to: &output)
        CellJSONLines.append(sheet: "S", cell: XLSXCell(row: 1, column: 28, value: .string("a\tb\n\u{1}é")), to: &output)
        CellJSONLines.append(sheet: "S", cell: XLSXCell(row: 1, column: 1, value: .boolean(false)), to: &output)
        CellJSONLines.append(sheet: "S", cell: XLSXCell(row: 1, column: 1, value: .number(15)), to: &output)
        #expect(String(decoding: output, as: UTF8.self) == """
            {"sheet": "Week \\"12\\"", "cell": "B3", "type": "n", "value": 4.5}
            {"sheet": "S", "cell": "AB1", "type": "s", "value": "a\\tb\\n\\u0001é"}
            {"sheet": "S", "cell": "A1", "type": "b", "value": false}
            {"sheet": "S", "cell": "A1", "type": "n", "value": 15}

            """)
        #expect(CellJSONLines.refusal(.encrypted) == #"{"error": "encrypted"}"#)
        #expect(CellJSONLines.refusal(.corruptZip(detail: .truncated)) == #"{"error": "corrupt"}"#)
        #expect(CellJSONLines.refusal(.unreadable(path: "a", reason: "b")) == nil)
    }

    @Test func errorMessagesArePlainSentencesWithTheirContext() {
        let samples: [XLSXError] = [
            .notAZip, .encrypted, .legacyOfficeDocument, .corruptZip(detail: .checksumMismatch(entry: "xl/workbook.xml")), .missingPart(name: "workbook"),
            .malformedXML(part: "xl/workbook.xml", line: 3, message: "bad"), .dtdRefused(part: "xl/styles.xml"),
            .limitExceeded(limit: .rows, part: "xl/worksheets/sheet1.xml", maximum: 10),
            .invalidCellReference(part: "xl/worksheets/sheet1.xml", reference: "XFE1"),
            .sharedStringOutOfRange(part: "xl/worksheets/sheet1.xml", cell: "B3", index: 9, count: 2),
            .invalidCellValue(part: "xl/worksheets/sheet1.xml", cell: "C1", type: "b", text: "7"),
            .unreadable(path: "/tmp/x.xlsx", reason: "No such file or directory"),
        ]
        for error in samples {
            #expect(error.description.hasSuffix("."), "\(error)")
            #expect(error.description.first?.isUppercase == true || error.description.hasPrefix("/"), "\(error)")
        }
        #expect(XLSXError.limitExceeded(limit: .rows, part: "xl/worksheets/sheet1.xml", maximum: 10).description
            .contains("xl/worksheets/sheet1.xml the row number goes past the limit of 10"))
        #expect(XLSXError.malformedXML(part: "xl/workbook.xml", line: 3, message: "bad").description.contains("line 3"))
    }
}

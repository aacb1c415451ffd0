import Foundation
import InteropSupport
import Testing
import XLSXReader
@testable import SlotSheetCore
import SlotSheetTemplates

/// Every message of the core, every case, in English and Dutch: none empty, no Dutch that is the
/// English or holds an English fragment, and no case without an example (the cases are read from
/// the source, so a new case fails here until it is given one).
@Suite struct MessageCatalogueTests {
    private func example<T: OfficeMessage>(_ name: String, _ value: T) -> (name: String, english: String, dutch: String) {
        (name, value.english, value.dutch)
    }

    private let day = LocalDate(iso: "2026-12-08")!
    private var slot: SlotName { SlotName(date: day, daypart: "09:00-10:00") }

    @Test func settingsMessages() {
        var check = MessageCatalogueCheck()
        let file = SettingOrigin.file(path: "/etc/slotsheet/config.toml", line: 7)
        check.check("SettingsError", declaredIn: "Sources/SlotSheetCore/Settings/SettingsError.swift", examples: [
            example("fileMissing", SettingsError.fileMissing(path: "/srv/kantoor.toml", namedBy: .flag("--config"))),
            example("fileUnreadable", SettingsError.fileUnreadable(path: "/srv/kantoor.toml", reason: "EACCES")),
            example("syntax", SettingsError.syntax(path: "/srv/kantoor.toml", SettingsSyntaxError(line: 3, problem: .missingEquals))),
            example("unknownSection", SettingsError.unknownSection(name: "kantoor", path: "/srv/kantoor.toml", line: 2)),
            example("unknownKey", SettingsError.unknownKey(key: "booking.min_dagen", at: file, suggestion: "booking.min_days_ahead")),
            example("wrongKind", SettingsError.wrongKind(key: .bookingMinDaysAhead, at: file, expected: .integer, found: .string)),
            example("invalidValue", SettingsError.invalidValue(key: .officeTimeZone, at: .environment("SLOTSHEET_OFFICE_TIME_ZONE"),
                                                               value: "Mars/Olympus", expected: .timeZone)),
            example("emptyBookingWindow", SettingsError.emptyBookingWindow(minimum: 5, maximum: 2, minimumAt: file, maximumAt: .builtIn)),
            example("malformedOverride", SettingsError.malformedOverride("booking")),
            example("clockVariable", SettingsError.clockVariable(name: "SLOTSHEET_NOW", value: "gisteren", expected: .localDateTime)),
        ])
        check.check("SettingOrigin", declaredIn: "Sources/SlotSheetCore/Settings/Settings.swift", examples: [
            example("builtIn", SettingOrigin.builtIn), example("file", file), example("environment", SettingOrigin.environment("SLOTSHEET_X")),
            example("flag", SettingOrigin.flag("--lang")), example("locale", SettingOrigin.locale(variable: "LANG", value: "nl_NL.UTF-8")),
        ])
        check.check("SettingsValueKind", declaredIn: "Sources/SlotSheetCore/Settings/SettingsText.swift",
                    examples: SettingsValueKind.allCases.map { example($0.rawValue, $0) }, sameInBothLanguages: ["boolean"])
        check.check("SettingExpectation", declaredIn: "Sources/SlotSheetCore/Settings/SettingKey.swift", examples: [
            example("timeZone", SettingExpectation.timeZone), example("oneOf", SettingExpectation.oneOf(["A4", "Letter"])),
            example("wholeNumber", SettingExpectation.wholeNumber(1...30)), example("clockTime", SettingExpectation.clockTime),
            example("listenAddress", SettingExpectation.listenAddress), example("ipAddressesOrNetworks", SettingExpectation.ipAddressesOrNetworks),
            example("date", SettingExpectation.date), example("localDateTime", SettingExpectation.localDateTime),
            example("hostName", SettingExpectation.hostName), example("mailAddress", SettingExpectation.mailAddress),
            example("singleLine", SettingExpectation.singleLine), example("filePath", SettingExpectation.filePath),
        ])
        typealias P = SettingsSyntaxError.Problem
        check.check("Problem", declaredIn: "Sources/SlotSheetCore/Settings/SettingsText.swift", examples: [
            example("tooLarge", P.tooLarge(limit: 65536)), example("notUTF8", P.notUTF8), example("controlCharacter", P.controlCharacter),
            example("duplicateSection", P.duplicateSection(name: "web", firstLine: 2)),
            example("duplicateKey", P.duplicateKey(key: "web.listen", firstLine: 3)), example("arrayOfTables", P.arrayOfTables),
            example("badKey", P.badKey("a.b")), example("missingEquals", P.missingEquals), example("missingValue", P.missingValue),
            example("unclosedString", P.unclosedString), example("badEscape", P.badEscape("\\q")), example("multilineString", P.multilineString),
            example("unclosedList", P.unclosedList), example("listOfNonStrings", P.listOfNonStrings),
            example("tooManyListItems", P.tooManyListItems(limit: 1000)), example("unsupportedValue", P.unsupportedValue("1.5")),
            example("badInteger", P.badInteger("007")), example("trailingText", P.trailingText("x")),
        ])
        #expect(check.failures.isEmpty, "\(check.failures.joined(separator: "\n"))")
    }

    @Test func noticeMessages() {
        var check = MessageCatalogueCheck()
        let notice = ResidentNotice(
            id: 42, requestID: 7, batchID: 3, kind: .approved, recipient: "jan@example.nl", recipientName: "Jan", language: .nl,
            subject: "Uw reparatiebezoek", text: "Beste Jan,", calendar: nil, calendarMethod: nil, calendarSequence: 0,
            messageID: "notice-42@example.nl", state: .failed, attempts: 2, nextAttemptMS: 0, leaseOwner: nil, leaseUntilMS: nil,
            lastAnswer: "550 5.1.1 onbekend", createdAt: "2026-12-01T08:00:00Z", sentAt: nil, correctsNoticeID: nil, slot: nil, queuedMS: 0)
        check.check("NoticeMessage", declaredIn: "Sources/SlotSheetCore/Messages/NoticeMessages.swift", examples: [
            example("sent", NoticeMessage.sent(notice: 42, request: 7, recipient: "jan@example.nl", answer: "250 2.0.0 OK")),
            example("retried", NoticeMessage.retried(notice: 42, request: 7, recipient: "jan@example.nl", answer: "451 4.3.0 bezet",
                                                     retryAt: "2026-12-01T08:05:00Z")),
            example("failed", NoticeMessage.failed(notice: 42, request: 7, recipient: "jan@example.nl", answer: "550 5.1.1 onbekend")),
            example("lostLease", NoticeMessage.lostLease(notice: 42)),
            example("summary", NoticeMessage.summary(sent: 3, retried: 1, failed: 0)),
            example("stopped", NoticeMessage.stopped(reason: "Couldn't connect to server")),
            example("noMailServer", NoticeMessage.noMailServer), example("noFromAddress", NoticeMessage.noFromAddress),
            example("mailLibraryMissing", NoticeMessage.mailLibraryMissing(library: "libcurl.so.4")),
            example("mailLibraryTooOld", NoticeMessage.mailLibraryTooOld(library: "libcurl.so.4", function: "curl_mime_init")),
            example("mailLibraryDidNotStart", NoticeMessage.mailLibraryDidNotStart(library: "libcurl.so.4")),
            example("notFound", NoticeMessage.notFound(notice: 42)), example("notRetryable", NoticeMessage.notRetryable(notice: 42, state: "sent")),
            example("retryQueued", NoticeMessage.retryQueued(notice: 42)), example("noNotices", NoticeMessage.noNotices),
            example("listHeader", NoticeMessage.listHeader),
            example("listRow", NoticeMessage.listRow(notice, created: OfficeClock.testDay.moment("2026-12-01T08:00:00Z"))),
        ])
        #expect(check.failures.isEmpty, "\(check.failures.joined(separator: "\n"))")
    }

    @Test func fileMessages() {
        var check = MessageCatalogueCheck()
        check.check("CSVError", declaredIn: "Sources/SlotSheetCore/CSV/CSVError.swift", examples: [
            example("unreadable", CSVError.unreadable(path: "/srv/rooster.csv", reason: "EACCES")), example("empty", CSVError.empty),
            example("headerOnly", CSVError.headerOnly(line: 1)),
            example("notUTF8", CSVError.notUTF8(.windows1252, line: 3, sample: "Müller")), example("binary", CSVError.binary(line: 2)),
            example("nulCharacter", CSVError.nulCharacter(line: 2)), example("unterminatedQuote", CSVError.unterminatedQuote(line: 4)),
            example("textAfterQuote", CSVError.textAfterQuote(line: 4)), example("quoteInUnquotedField", CSVError.quoteInUnquotedField(line: 4)),
            example("fieldTooLong", CSVError.fieldTooLong(line: 5, limit: 131_072)),
            example("recordTooLong", CSVError.recordTooLong(line: 5, limit: 1 << 20)), example("tooManyFields", CSVError.tooManyFields(line: 5, limit: 1000)),
            example("mixedDelimiters", CSVError.mixedDelimiters(line: 7, column: CSVColumn(number: 1, header: "datum"), found: 0x2C, delimiter: 0x3B)),
            example("ambiguousDate", CSVError.ambiguousDate(text: "08/12/2026", line: 3, column: CSVColumn(number: 1, header: "datum"),
                                                            dayFirst: day, monthFirst: LocalDate(iso: "2026-08-12")!)),
            example("conflictingDateOrders", CSVError.conflictingDateOrders(text: "12/13/2026", line: 9, column: CSVColumn(number: 1, header: "datum"),
                                                                            order: .monthFirst, earlierText: "25/12/2026", earlierLine: 4)),
        ])
        check.check("DateOrder", declaredIn: "Sources/SlotSheetCore/CSV/CSVError.swift", examples: [
            example("dayFirst", DateOrder.dayFirst), example("monthFirst", DateOrder.monthFirst),
        ])
        check.check("TextEncoding", declaredIn: "Sources/SlotSheetCore/CSV/CSVError.swift", examples: [
            example("utf16LittleEndian", TextEncoding.utf16LittleEndian), example("utf16BigEndian", TextEncoding.utf16BigEndian),
            example("utf32LittleEndian", TextEncoding.utf32LittleEndian), example("utf32BigEndian", TextEncoding.utf32BigEndian),
            example("windows1252", TextEncoding.windows1252),
        ], sameInBothLanguages: ["utf16BigEndian", "utf32LittleEndian", "utf32BigEndian"])
        check.check("ImportFileError", declaredIn: "Sources/SlotSheetCore/Import/ImportFileError.swift", examples: [
            example("unreadable", ImportFileError.unreadable(path: "/srv/rooster.xlsx")),
            example("workbook", ImportFileError.workbook(.encrypted)), example("csv", ImportFileError.csv(.empty)),
            example("notATemplate", ImportFileError.notATemplate(WorkbookSummary(sheets: ["Begroting", "Data"], application: "Microsoft Excel"))),
            example("metadataLost", ImportFileError.metadataLost), example("metadataDamaged", ImportFileError.metadataDamaged(.noDayparts)),
            example("metadataEdited", ImportFileError.metadataEdited),
            example("notAWorkbook", ImportFileError.notAWorkbook(.pdf)),
            example("newerTemplateFormat", ImportFileError.newerTemplateFormat(version: 9)),
            example("listRecordsEdited", ImportFileError.listRecordsEdited(.staff)),
            example("requestRecordsEdited", ImportFileError.requestRecordsEdited),
        ])
        check.check("FileLook", declaredIn: "Sources/SlotSheetCore/Import/FileLook.swift",
                    examples: FileLook.allCases.map { example($0.rawValue, $0) })
        check.check("MetadataDamage", declaredIn: "Sources/SlotSheetCore/Template/TemplateMetadataCodec.swift", examples: [
            example("noMarker", MetadataDamage.noMarker), example("unreadableRecord", MetadataDamage.unreadableRecord(row: 4)),
            example("unknownRecord", MetadataDamage.unknownRecord(row: 4, kind: "xyz")),
            example("unknownMetaKey", MetadataDamage.unknownMetaKey(row: 4, key: "kleur")), example("missing", MetadataDamage.missing(.fingerprint)),
            example("noDayparts", MetadataDamage.noDayparts), example("staffColumnMoved", MetadataDamage.staffColumnMoved(code: "ANB", column: "G")),
            example("rowCount", MetadataDamage.rowCount(recorded: 3, needed: 6)), example("rowMismatch", MetadataDamage.rowMismatch(record: 2)),
        ])
        check.check("XLSXError", declaredIn: "Sources/XLSXReader/XLSXError.swift", examples: [
            example("unreadable", XLSXError.unreadable(path: "/srv/rooster.xlsx", reason: "EACCES")), example("notAZip", XLSXError.notAZip),
            example("encrypted", XLSXError.encrypted), example("legacyOfficeDocument", XLSXError.legacyOfficeDocument),
            example("corruptZip", XLSXError.corruptZip(detail: .truncated)), example("missingPart", XLSXError.missingPart(name: "xl/workbook.xml")),
            example("malformedXML", XLSXError.malformedXML(part: "xl/worksheets/sheet1.xml", line: 3, message: "Opening and ending tag mismatch")),
            example("dtdRefused", XLSXError.dtdRefused(part: "xl/workbook.xml")),
            example("sheetsShareAPart", XLSXError.sheetsShareAPart(part: "xl/worksheets/sheet1.xml", sheet: "Week 2", otherSheet: "Week 1")),
            example("notASpreadsheet", XLSXError.notASpreadsheet(mediaType: "application/vnd.oasis.opendocument.text")),
            example("limitExceeded", XLSXError.limitExceeded(limit: .compressionRatio, part: "xl/worksheets/sheet1.xml", maximum: 250)),
            example("invalidCellReference", XLSXError.invalidCellReference(part: "xl/worksheets/sheet1.xml", reference: "XFE1")),
            example("sharedStringOutOfRange", XLSXError.sharedStringOutOfRange(part: "xl/worksheets/sheet1.xml", cell: "B2", index: 9, count: 3)),
            example("invalidCellValue", XLSXError.invalidCellValue(part: "xl/worksheets/sheet1.xml", cell: "B2", type: "n", text: "abc")),
        ])
        check.check("ZipDamage", declaredIn: "Sources/XLSXReader/XLSXError.swift", examples: [
            example("truncated", ZipDamage.truncated), example("inconsistentDirectory", ZipDamage.inconsistentDirectory),
            example("checksumMismatch", ZipDamage.checksumMismatch(entry: "xl/workbook.xml")),
            example("duplicateEntry", ZipDamage.duplicateEntry(name: "xl/workbook.xml")),
            example("unsafeEntryName", ZipDamage.unsafeEntryName(name: "../../etc/passwd")),
            example("other", ZipDamage.other(entry: nil, message: "Read error: not a zip archive")),
        ])
        check.check("Name", declaredIn: "Sources/XLSXReader/XLSXLimits.swift", examples: XLSXLimits.Name.allCases.map { example("\($0)", $0) })
        check.check("OutputError", declaredIn: "Sources/SlotSheetCore/Export/AtomicOutput.swift", examples: [
            example("folderMissing", OutputError.folderMissing("/srv/uit")), example("isAFolder", OutputError.isAFolder("/srv/uit")),
            example("cannotEnter", OutputError.cannotEnter("/root", user: "slotsheet")),
            example("folderNotWritable", OutputError.folderNotWritable("/srv/uit", user: "slotsheet")),
            example("cannotWrite", OutputError.cannotWrite("/srv/uit/rooster.xlsx", .noSpace)),
        ])
        check.check("OutputReason", declaredIn: "Sources/SlotSheetCore/Messages/OutputMessages.swift", examples: [
            example("noSpace", OutputReason.noSpace), example("readOnly", OutputReason.readOnly), example("noPermission", OutputReason.noPermission),
            example("other", OutputReason.other("Input/output error")),
        ])
        for reason in [OutputReason.noPermission, .other("EIO")] {
            let error = FileReadError(path: "/srv/uit/rooster.xlsx", reason: reason)
            #expect(!error.dutch.isEmpty && error.dutch != error.english && !error.dutch.contains(" could "), "\(error.dutch)")
        }
        #expect(check.failures.isEmpty, "\(check.failures.joined(separator: "\n"))")
    }

    @Test func jobMessages() {
        var check = MessageCatalogueCheck()
        check.check("StoreError", declaredIn: "Sources/SlotSheetCore/Store/StoreError.swift", examples: [
            example("invalidLocation", StoreError.invalidLocation("mysql://db")), example("notFound", StoreError.notFound(path: "/srv/db.sqlite")),
            example("cannotEnter", StoreError.cannotEnter(path: "/var/lib/slotsheet/repairs.sqlite", folder: "/var/lib/slotsheet", user: "ict")),
            example("needsMigration", StoreError.needsMigration(found: 3, expected: 4)), example("newerSchema", StoreError.newerSchema(found: ["0009"])),
            example("busy", StoreError.busy(seconds: 10)), example("constraintViolated", StoreError.constraintViolated("UNIQUE constraint failed")),
            example("unreachable", StoreError.unreachable(location: "postgres://db.kantoor.lan/rooster", reason: "connection refused")),
            example("conflict", StoreError.conflict), example("failed", StoreError.failed("disk I/O error")),
        ])
        check.check("TemplateError", declaredIn: "Sources/SlotSheetCore/Template/TemplateError.swift", examples: [
            example("unknownStaff", TemplateError.unknownStaff(["NOPE"])), example("inactiveStaff", TemplateError.inactiveStaff(["OUD"])),
            example("noStaff", TemplateError.noStaff), example("noActiveDayparts", TemplateError.noActiveDayparts),
            example("tooManyRows", TemplateError.tooManyRows(rows: 2_000_000, limit: 1_048_575)),
            example("tooManyStaff", TemplateError.tooManyStaff(count: 20_000, limit: 16_379)),
        ])
        check.check("SeedError", declaredIn: "Sources/SlotSheetCore/Seed/SeedSource.swift", examples: [
            example("unknownReference", SeedError.unknownReference(kind: "staff", value: "ZZZ", in: "staff.csv, regel 3")),
            example("malformed", SeedError.malformed(file: "staff.csv", line: 3, problem: "not a number")),
        ])
        check.check("ReportError", declaredIn: "Sources/SlotSheetCore/Reports/ReportExporter.swift",
                    examples: [example("rangeRequired", ReportError.rangeRequired(.utilization))])
        check.check("ReportOrderError", declaredIn: "Sources/SlotSheetCore/Requests/ReportOrder.swift", examples: [
            example("unknownStatus", ReportOrderError.unknownStatus("open")), example("filtersForRequestsOnly", ReportOrderError.filtersForRequestsOnly),
        ])
        let day = LocalDate(iso: "2026-12-08")!
        check.check("DateRangeError", declaredIn: "Sources/SlotSheetCore/Requests/DateRangeText.swift", examples: [
            example("notADate", DateRangeError.notADate(.to, "31-02-2026")), example("notAnISODate", DateRangeError.notAnISODate(.from, "1-12-2026")),
            example("reversed", DateRangeError.reversed(from: day, to: day.adding(days: -1))),
            example("tooLong", DateRangeError.tooLong(days: 900, limit: 731)),
        ])
        check.check("UploadReadFailure", declaredIn: "Sources/SlotSheetCore/Uploads/UploadReadRetry.swift", examples: [
            example("serverFailed", UploadReadFailure.serverFailed(attempts: 3)),
        ])
        check.check("UndoError", declaredIn: "Sources/SlotSheetCore/Import/UndoJob.swift", examples: [
            example("notFound", UndoError.notFound(12)), example("alreadyUndone", UndoError.alreadyUndone(12, by: 14)),
            example("laterBatches", UndoError.laterBatches(12, [13, 15])), example("notApplied", UndoError.notApplied(12, .rejected)),
            example("rejected", UndoError.rejected(12, [ImportProblem(.pastDateChanged, at: .batch(12), slot: slot)])),
        ])
        check.check("UserError", declaredIn: "Sources/SlotSheetCore/Users/UserDirectory.swift", examples: [
            example("invalidName", UserError.invalidName("ma ria")), example("passwordTooShort", UserError.passwordTooShort(minimum: 10)),
            example("nameTaken", UserError.nameTaken("maria")), example("notFound", UserError.notFound("maria")),
        ])
        check.check("NightlyError", declaredIn: "Sources/SlotSheetCore/Nightly/NightlyConfiguration.swift", examples: [
            example("configuration", NightlyError.configuration("x")), example("alreadyRunning", NightlyError.alreadyRunning(folder: "/srv/uit")),
            example("output", NightlyError.output("x")),
        ], sameInBothLanguages: ["configuration", "output"])
        #expect(check.failures.isEmpty, "\(check.failures.joined(separator: "\n"))")
    }

    @Test func importMessages() {
        var check = MessageCatalogueCheck()
        let cell = ImportProblem.Location.cell(sheet: "Beschikbaarheid", reference: "F12")
        let kinds: [(String, ImportProblem.Kind)] = [
            ("invalidMark", .invalidMark("y")), ("invalidAvailableValue", .invalidAvailableValue("misschien")), ("invalidDate", .invalidDate("32-13-2026")),
            ("unknownStaff", .unknownStaff("ZZZ")), ("inactiveStaff", .inactiveStaff(code: "OUD", name: "Jan Oud")),
            ("unknownDaypart", .unknownDaypart("D99")), ("inactiveDaypart", .inactiveDaypart("D07")), ("duplicate", .duplicate(first: .line(3))),
            ("outsideRange", .outsideRange(date: day.adding(days: 40), range: DateRange(from: day, to: day.adding(days: 6))!)),
            ("pastDateChanged", .pastDateChanged), ("capacityBelowHeld", .capacityBelowHeld(held: 3, available: 1)),
            ("assignedUnavailable", .assignedUnavailable(staff: "ANB", requests: [41, 42])),
            ("staffColumnMoved", .staffColumnMoved(column: "F", expected: "ANB", found: "BRW Bram de Wit")),
            ("keyCellChanged", .keyCellChanged(expected: "2026-12-08", found: "2026-12-09")), ("missingDataSheet", .missingDataSheet("Beschikbaarheid")),
            ("extraContent", .extraContent("??")), ("missingColumn", .missingColumn("staff")), ("wrongFieldCount", .wrongFieldCount(expected: 4, found: 5)),
            ("mergedCells", .mergedCells("H30:J30")), ("formulaWithoutResult", .formulaWithoutResult),
        ]
        let problems = kinds.map { ($0.0, ImportProblem($0.1, at: cell, slot: slot, staffCode: "ANB")) }
        check.check("Kind", declaredIn: "Sources/SlotSheetCore/Import/ImportProblem.swift",
                    examples: problems.map { ($0.0, $0.1.message(.en), $0.1.message(.nl)) })
        // The hints, by the same cases (a second check of the same names, so no new declaration).
        var hints = MessageCatalogueCheck()
        hints.check("Kind", declaredIn: "Sources/SlotSheetCore/Import/ImportProblem.swift",
                    examples: problems.map { ($0.0, $0.1.hint(.en), $0.1.hint(.nl)) })
        check.check("Location", declaredIn: "Sources/SlotSheetCore/Import/ImportProblem.swift", examples: [
            example("cell", cell), example("line", ImportProblem.Location.line(4)), example("sheet", ImportProblem.Location.sheet("Fouten")),
            example("batch", ImportProblem.Location.batch(12)),
        ], sameInBothLanguages: ["batch"])
        check.check("Kind", declaredIn: "Sources/SlotSheetCore/Import/StaleCheck.swift", examples: [
            example("becameAvailable", StaleChange(slot: slot, kind: .becameAvailable(staff: "ANB"))),
            example("becameUnavailable", StaleChange(slot: slot, kind: .becameUnavailable(staff: "ANB"))),
            example("heldChanged", StaleChange(slot: slot, kind: .heldChanged(from: 1, to: 2))),
            example("assignmentsChanged", StaleChange(slot: slot, kind: .assignmentsChanged(from: [], to: ["ANB"]))),
        ])
        check.check("ImportReportLine", declaredIn: "Sources/SlotSheetCore/Import/ImportProblemText.swift", examples: [
            example("staleHeadline", ImportReportLine.staleHeadline(generatedAt: OfficeClock().moment("2026-12-01T09:00:00Z"), changes: 3)),
            example("staleHint", ImportReportLine.staleHint), example("nothingWritten", ImportReportLine.nothingWritten),
            example("recordedAs", ImportReportLine.recordedAs(batch: 7)), example("planChanged", ImportReportLine.planChanged),
            example("problemsHeadline", ImportReportLine.problemsHeadline(problems: 2)),
            example("planSummary", ImportReportLine.planSummary(added: 3, removed: 1, unchanged: 40)),
            example("nothingToChange", ImportReportLine.nothingToChange), example("dryRunNote", ImportReportLine.dryRunNote),
            example("appliedAs", ImportReportLine.appliedAs(batch: 7)), example("moreProblems", ImportReportLine.moreProblems(count: 9)),
        ])
        #expect(check.failures.isEmpty, "\(check.failures.joined(separator: "\n"))")
        #expect(hints.failures.isEmpty, "\(hints.failures.joined(separator: "\n"))")
    }

    @Test func decisionMessages() {
        var check = MessageCatalogueCheck()
        let cell = ImportProblem.Location.cell(sheet: "Verzoeken", reference: "J4")
        let exported = RecordedRequest(status: .new, date: day, daypartCode: "D09", staffCode: nil, subcontractor: nil)
        var now = exported
        now.status = .approved
        now.staffCode = "ANB"
        let kinds: [(String, DecisionProblem.Kind)] = [
            ("missingColumn", .missingColumn(.staff)), ("wrongFieldCount", .wrongFieldCount(expected: 13, found: 5)),
            ("tooManyRows", .tooManyRows(limit: 200_000)), ("notARequestNumber", .notARequestNumber("abc")), ("unknownRequest", .unknownRequest(99)),
            ("duplicateRequest", .duplicateRequest(1043, first: .line(3))), ("unknownStatus", .unknownStatus("misschien")),
            ("invalidDate", .invalidDate("31-02-2026")), ("unknownDaypart", .unknownDaypart("D99")), ("inactiveDaypart", .inactiveDaypart("D07")),
            ("unknownStaff", .unknownStaff("ZZZ")), ("inactiveStaff", .inactiveStaff("OUD")), ("unknownSubcontractor", .unknownSubcontractor("Niemand BV")),
            ("tooLong", .tooLong(length: 1_200, limit: 1_000)), ("controlCharacter", .controlCharacter("bel\u{202E}me")),
            ("transitionRefused", .transitionRefused(request: 1043, status: .cancelled, wanted: .approved, open: [.archive, .reopen])),
            ("decisionRefused", .decisionRefused(request: 1043, status: .cancelled, decision: .approve, open: [.archive, .reopen])),
            ("statusBeforeArchivingUnknown", .statusBeforeArchivingUnknown(request: 1043)),
            ("notHoldingASlot", .notHoldingASlot(request: 1043, status: .completed)),
            ("slotInThePast", .slotInThePast(request: 1043, slot: slot, firstOpenDay: day.adding(days: 2))),
            ("staffNotAvailable", .staffNotAvailable(request: 1043, staff: "ANB", slot: slot)),
            ("slotFull", .slotFull(slot: slot, held: 3, available: 2, arriving: [1043, 1050])),
            ("changedSinceExport", .changedSinceExport(request: 1043, exported: exported, now: now)),
            ("layoutChanged", .layoutChanged(.requestMoved(expected: 1043, found: "1044"))),
        ]
        let problems = kinds.map { ($0.0, DecisionProblem($0.1, at: cell, column: .status)) }
        check.check("Kind", declaredIn: "Sources/SlotSheetCore/Decisions/DecisionProblem.swift",
                    examples: problems.map { ($0.0, $0.1.message(.en), $0.1.message(.nl)) })
        var hints = MessageCatalogueCheck()
        hints.check("Kind", declaredIn: "Sources/SlotSheetCore/Decisions/DecisionProblem.swift",
                    examples: problems.map { ($0.0, $0.1.hint(.en), $0.1.hint(.nl)) })
        let wrong = DecisionProblem(.unknownStatus("x"), at: .line(4), column: .staff)
        check.check("RequestUndoError", declaredIn: "Sources/SlotSheetCore/Decisions/RequestUndo.swift", examples: [
            example("laterChange", RequestUndoError.laterChange(batch: 12, request: 1043, byBatch: 14)),
            example("rejected", RequestUndoError.rejected(batch: 12, [wrong])),
        ])
        check.check("BulkDecisionError", declaredIn: "Sources/SlotSheetCore/Decisions/BulkDecision.swift", examples: [
            example("noRequests", BulkDecisionError.noRequests), example("tooManyRequests", BulkDecisionError.tooManyRequests(1_200, limit: 1_000)),
            example("notARequestNumber", BulkDecisionError.notARequestNumber("12a")), example("unknownDecision", BulkDecisionError.unknownDecision("misschien")),
            example("reasonRequired", BulkDecisionError.reasonRequired), example("noteTooLong", BulkDecisionError.noteTooLong(length: 1_200, limit: 1_000)),
            example("noteControlCharacter", BulkDecisionError.noteControlCharacter), example("moveNeedsDate", BulkDecisionError.moveNeedsDate),
            example("moveNeedsDaypart", BulkDecisionError.moveNeedsDaypart), example("invalidDate", BulkDecisionError.invalidDate("8-12")),
        ])
        check.check("RequestExportError", declaredIn: "Sources/SlotSheetCore/Decisions/RequestQueue.swift", examples: [
            example("workbookNotAvailable", RequestExportError.workbookNotAvailable(path: "verzoeken.ods")),
        ])
        var counts = DecisionCounts()
        (counts.approved, counts.moved) = (3, 1)
        check.check("DecisionReportLine", declaredIn: "Sources/SlotSheetCore/Decisions/DecisionReport.swift", examples: [
            example("counts", DecisionReportLine.counts(counts, unchanged: 4)),
            example("change", DecisionReportLine.change(request: 1043, from: .new, to: .approved, movedTo: slot, staff: .some("ANB"), subcontractor: nil)),
            example("staleHeadline", DecisionReportLine.staleHeadline(requests: 2)),
            example("skipped", DecisionReportLine.skipped(request: 1043, column: .status)),
            example("undone", DecisionReportLine.undone(batch: 12, asBatch: 13, requests: 4)),
            example("noticesQueued", DecisionReportLine.noticesQueued(queued: 12, withoutAddress: 1)),
            example("noticesWithdrawn", DecisionReportLine.noticesWithdrawn(withdrawn: 2, corrections: 1)),
        ])
        #expect(check.failures.isEmpty, "\(check.failures.joined(separator: "\n"))")
        #expect(hints.failures.isEmpty, "\(hints.failures.joined(separator: "\n"))")
    }

    /// The check itself finds what it is there to find, so it cannot pass by checking nothing.
    @Test func theCheckCatchesAnUntranslatedOrMissingCase() {
        var check = MessageCatalogueCheck()
        check.check("CSVError", declaredIn: "Sources/SlotSheetCore/CSV/CSVError.swift", examples: [
            ("empty", "The CSV file is empty.", "The CSV file is empty."),
            ("binary", "Line 2 is binary.", "Regel 2 is not tekst."),
        ])
        #expect(check.failures.contains { $0.contains("CSVError.headerOnly: no example") })
        #expect(check.failures.contains { $0.contains("CSVError.empty: the Dutch is the English") })
        #expect(check.failures.contains { $0.contains("CSVError.binary: the Dutch holds English ('not')") })
    }
}

import Foundation
import Testing
import InteropSupport
@testable import SlotSheetCore

@Suite struct OfficeClockTests {
    private func settings(_ environment: [String: String] = [:]) throws -> Settings {
        try SettingsLoader(environment: environment, systemFile: "/nonexistent/slotsheet.toml").load()
    }

    @Test func environmentFixesToday() throws {
        let clock = try settings().clock(environment: ["SLOTSHEET_TODAY": "2026-12-01"])
        #expect(clock.today.iso == "2026-12-01")
        #expect(clock.timeZone.identifier == "Europe/Amsterdam")
    }

    @Test func environmentSetsTheZone() throws {
        #expect(try settings(["SLOTSHEET_TIMEZONE": "America/Curacao"]).clock(environment: [:]).timeZone.identifier == "America/Curacao")
        #expect(try settings(["SLOTSHEET_OFFICE_TIME_ZONE": "Asia/Tokyo"]).office.timeZone.identifier == "Asia/Tokyo")
    }

    @Test func environmentFixesTheMomentInOfficeTime() throws {
        let clock = try settings().clock(environment: ["SLOTSHEET_NOW": "2026-12-01T16:30"])
        #expect(clock.localNow.date.iso == "2026-12-01" && clock.localNow.hour == 16 && clock.localNow.minute == 30)
        #expect(clock.today.iso == "2026-12-01")
    }

    /// A stored UTC time as the office reads it: the office's clock and offset, winter and summer,
    /// in words for people and ISO 8601 for machines; a zone west of UTC with half an hour.
    @Test func storedTimesAreShownOnTheOfficeClockWithItsOffset() throws {
        let amsterdam = OfficeClock(timeZone: try #require(TimeZone(identifier: "Europe/Amsterdam")))
        let winter = amsterdam.moment("2026-11-25T20:05:24Z")
        #expect(winter.text(.en) == "25 Nov 2026 21:05 +01:00" && winter.text(.nl) == "25 nov 2026 21:05 +01:00")
        #expect(winter.iso == "2026-11-25T21:05:24+01:00")
        let summer = amsterdam.moment("2026-07-31T22:30:00Z")
        #expect(summer.text(.en) == "1 Aug 2026 00:30 +02:00" && summer.text(.nl) == "1 aug 2026 00:30 +02:00", "the office's date, not UTC's")
        #expect(summer.iso == "2026-08-01T00:30:00+02:00")
        let stJohns = OfficeClock(timeZone: try #require(TimeZone(identifier: "America/St_Johns"))).moment("2026-01-02T01:00:00Z")
        #expect(stJohns.text(.en) == "1 Jan 2026 21:30 -03:30" && stJohns.iso == "2026-01-01T21:30:00-03:30")
        #expect(amsterdam.moment("not a time").text(.en) == "not a time" && amsterdam.moment("").iso == "")
    }

    @Test func badSettingsAreRefusedWithTheirName() throws {
        #expect(throws: SettingsError.clockVariable(name: "SLOTSHEET_TODAY", value: "01-12-2026", expected: .date)) {
            try settings().clock(environment: ["SLOTSHEET_TODAY": "01-12-2026"])
        }
        #expect(throws: SettingsError.invalidValue(key: .officeTimeZone, at: .environment("SLOTSHEET_TIMEZONE"), value: "Mars/Olympus",
                                                   expected: .timeZone)) {
            try settings(["SLOTSHEET_TIMEZONE": "Mars/Olympus"])
        }
    }

    @Test func localTimesBecomeUTCTimestamps() throws {
        let clock = OfficeClock.fixed(today: LocalDate(iso: "2026-12-01")!)
        // Winter: Amsterdam is UTC+1; summer: UTC+2.
        #expect(clock.timestamp(on: LocalDate(iso: "2026-12-01")!, at: ClockTime("09:30")!) == "2026-12-01T08:30:00Z")
        #expect(clock.timestamp(on: LocalDate(iso: "2026-07-01")!, at: ClockTime("09:30")!) == "2026-07-01T07:30:00Z")
        #expect(clock.timestamp(on: LocalDate(iso: "2026-12-01")!, at: ClockTime("00:15")!) == "2026-11-30T23:15:00Z")
    }
}

@Suite struct BookingRulesTests {
    let today = LocalDate(iso: "2026-12-01")!
    let room = SlotOccupancy(capacity: 3, held: 2)

    /// The rules as they stand at `hour:minute` on the test day.
    private func day(_ rules: BookingRules = .standard, at time: String = "10:00") -> OfficeDay {
        OfficeRules(booking: rules, clock: .fixed(at: ClockTime(time)!, on: today)).now()
    }

    @Test func theWindowRunsFromThreeToSevenDaysAhead() {
        let now = day()
        #expect(!now.isBookable(date: today.adding(days: 2), occupancy: room))
        #expect(now.isBookable(date: today.adding(days: 3), occupancy: room))
        #expect(now.isBookable(date: today.adding(days: 7), occupancy: room))
        #expect(!now.isBookable(date: today.adding(days: 8), occupancy: room))
        #expect(!now.isBookable(date: today, occupancy: room))
        #expect(!now.isBookable(date: today.adding(days: -1), occupancy: room))
    }

    @Test func aFullSlotIsNotBookable() {
        let now = day(), date = today.adding(days: 4)
        #expect(!now.isBookable(date: date, occupancy: SlotOccupancy(capacity: 3, held: 3)))
        #expect(!now.isBookable(date: date, occupancy: SlotOccupancy(capacity: 2, held: 3)))
        #expect(!now.isBookable(date: date, occupancy: SlotOccupancy(capacity: 0, held: 0)))
        #expect(now.isBookable(date: date, occupancy: SlotOccupancy(capacity: 1, held: 0)))
    }

    @Test func occupancyCountsFreePlacesAndOverbooking() {
        #expect(SlotOccupancy(capacity: 3, held: 3).free == 0)
        #expect(SlotOccupancy(capacity: 3, held: 1).free == 2)
        #expect(SlotOccupancy(capacity: 2, held: 3).free == 0)
        #expect(SlotOccupancy(capacity: 2, held: 3).isOverbooked)
        #expect(!SlotOccupancy(capacity: 3, held: 3).isOverbooked)
    }

    @Test func thresholdsAreConfiguration() throws {
        let strict = try #require(BookingRules(minDaysAhead: 1, maxDaysAhead: 2, dayClosesAt: nil))
        #expect(day(strict).isBookable(date: today.adding(days: 1), occupancy: room))
        #expect(!day(strict).isBookable(date: today.adding(days: 3), occupancy: room))
        #expect(day(strict).bookingWindow.dayCount == 2)
        #expect(BookingRules(minDaysAhead: 3, maxDaysAhead: 2, dayClosesAt: nil) == nil, "an empty window is no rule")
    }

    @Test func pastDatesAreReadOnly() {
        #expect(day().isPast(today.adding(days: -1)))
        #expect(!day().isPast(today))
    }

    /// "One closes a day at 16:00": from 16:00 local time on, today counts as past and the window
    /// starts a day later; at 15:59 nothing has changed yet. Midnight (no closing time) is the default.
    @Test func theDayClosesAtItsClosingTime() throws {
        let closing = try #require(BookingRules(minDaysAhead: 2, maxDaysAhead: 10, dayClosesAt: ClockTime("16:00")))
        let open = day(closing, at: "15:59"), closed = day(closing, at: "16:00")
        #expect(open.firstOpenDay == today && !open.isPast(today))
        #expect(closed.firstOpenDay == today.adding(days: 1) && closed.isPast(today) && !closed.isPast(today.adding(days: 1)))
        #expect(open.bookingWindow == DateRange(from: today.adding(days: 2), to: today.adding(days: 10)))
        #expect(closed.bookingWindow == DateRange(from: today.adding(days: 3), to: today.adding(days: 11)))
        #expect(day(closing, at: "23:59").firstOpenDay == today.adding(days: 1))
        #expect(day(closing, at: "00:00").firstOpenDay == today)
        #expect(day(.standard, at: "23:59").firstOpenDay == today, "without a closing time the day ends at midnight")
        #expect(ClockTime("24:00") == nil && ClockTime("9:00") == nil && ClockTime("16:00")?.minuteOfDay == 960)
    }

    @Test func onlyNewAndApprovedRequestsHoldASlot() {
        #expect(RequestStatus.holding == [.new, .approved])
        #expect(!RequestStatus.archived.holdsSlot)
    }
}

@Suite struct NightlyConfigurationTests {
    @Test func theSampleConfigurationReads() throws {
        let path = Interop.repositoryRoot.appending(path: "Samples/nightly.json").path
        let configuration = try NightlyConfiguration(file: path)
        #expect(configuration.exports.map(\.fileName) == ["availability-template.xlsx", "availability.csv", "utilization.xlsx",
                                                         "requests-changed.xlsx", "open-requests.csv", "imports-yesterday.xlsx"])
        #expect(configuration.exports[0].language == .nl)
        #expect(configuration.exports[3].changedWithinHours == 24)
    }

    @Test func mistakesAreNamedWithTheirExport() throws {
        let cases: [(String, String)] = [
            (#"{"exports": [{"name": "a/b", "kind": "staff", "from": "today", "to": "+1"}]}"#, "a plain file name"),
            (#"{"exports": [{"name": "a", "kind": "weather", "from": "today", "to": "+1"}]}"#, "kind 'weather' is unknown"),
            (#"{"exports": [{"name": "a", "kind": "staff"}]}"#, "needs 'from' and 'to'"),
            (#"{"exports": [{"name": "a", "kind": "staff", "from": "today", "to": "+1"}, {"name": "a", "kind": "imports", "from": "-1", "to": "-1"}]}"#, "Two exports are named 'a'"),
            (#"{"exports": []}"#, "lists no exports"),
            (#"{"exports": [{"kind": "staff"}]}"#, "'name' is missing"),
        ]
        for (text, expected) in cases {
            let path = FileManager.default.temporaryDirectory.appending(path: "nightly-\(UUID().uuidString).json").path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(atPath: path) }
            do {
                _ = try NightlyConfiguration(file: path)
                Issue.record("accepted: \(text)")
            } catch {
                #expect(error.description.contains(expected), "\(error.description)")
            }
        }
    }
}

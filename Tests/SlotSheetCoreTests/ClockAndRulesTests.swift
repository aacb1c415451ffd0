import Foundation
import Testing
import InteropSupport
@testable import SlotSheetCore

@Suite struct OfficeClockTests {
    @Test func environmentFixesToday() throws {
        let clock = try OfficeClock.fromEnvironment(["SLOTSHEET_TODAY": "2026-12-01"])
        #expect(clock.today.iso == "2026-12-01")
        #expect(clock.timeZone.identifier == "Europe/Amsterdam")
    }

    @Test func environmentSetsTheZone() throws {
        let clock = try OfficeClock.fromEnvironment(["SLOTSHEET_TIMEZONE": "America/Curacao"])
        #expect(clock.timeZone.identifier == "America/Curacao")
    }

    @Test func badSettingsAreRefusedWithTheirName() {
        #expect(throws: ConfigurationError.invalidSetting(name: "SLOTSHEET_TODAY", value: "01-12-2026", expected: "a date as YYYY-MM-DD")) {
            try OfficeClock.fromEnvironment(["SLOTSHEET_TODAY": "01-12-2026"])
        }
        #expect(throws: ConfigurationError.self) { try OfficeClock.fromEnvironment(["SLOTSHEET_TIMEZONE": "Mars/Olympus"]) }
    }

    @Test func localTimesBecomeUTCTimestamps() throws {
        let clock = OfficeClock.fixed(today: LocalDate(iso: "2026-12-01")!)
        // Winter: Amsterdam is UTC+1; summer: UTC+2.
        #expect(try clock.timestamp(on: LocalDate(iso: "2026-12-01")!, at: "09:30") == "2026-12-01T08:30:00Z")
        #expect(try clock.timestamp(on: LocalDate(iso: "2026-07-01")!, at: "09:30") == "2026-07-01T07:30:00Z")
        #expect(try clock.timestamp(on: LocalDate(iso: "2026-12-01")!, at: "00:15") == "2026-11-30T23:15:00Z")
    }
}

@Suite struct BookingRulesTests {
    let today = LocalDate(iso: "2026-12-01")!
    let rules = BookingRules()
    let room = SlotOccupancy(capacity: 3, held: 2)

    @Test func theWindowRunsFromThreeToSevenDaysAhead() {
        #expect(!rules.isBookable(date: today.adding(days: 2), occupancy: room, today: today))
        #expect(rules.isBookable(date: today.adding(days: 3), occupancy: room, today: today))
        #expect(rules.isBookable(date: today.adding(days: 7), occupancy: room, today: today))
        #expect(!rules.isBookable(date: today.adding(days: 8), occupancy: room, today: today))
        #expect(!rules.isBookable(date: today, occupancy: room, today: today))
        #expect(!rules.isBookable(date: today.adding(days: -1), occupancy: room, today: today))
    }

    @Test func aFullSlotIsNotBookable() {
        let day = today.adding(days: 4)
        #expect(!rules.isBookable(date: day, occupancy: SlotOccupancy(capacity: 3, held: 3), today: today))
        #expect(!rules.isBookable(date: day, occupancy: SlotOccupancy(capacity: 2, held: 3), today: today))
        #expect(!rules.isBookable(date: day, occupancy: SlotOccupancy(capacity: 0, held: 0), today: today))
        #expect(rules.isBookable(date: day, occupancy: SlotOccupancy(capacity: 1, held: 0), today: today))
    }

    @Test func occupancyCountsFreePlacesAndOverbooking() {
        #expect(SlotOccupancy(capacity: 3, held: 3).free == 0)
        #expect(SlotOccupancy(capacity: 3, held: 1).free == 2)
        #expect(SlotOccupancy(capacity: 2, held: 3).free == 0)
        #expect(SlotOccupancy(capacity: 2, held: 3).isOverbooked)
        #expect(!SlotOccupancy(capacity: 3, held: 3).isOverbooked)
    }

    @Test func thresholdsAreConfiguration() {
        let strict = BookingRules(minDaysAhead: 1, maxDaysAhead: 2)
        #expect(strict.isBookable(date: today.adding(days: 1), occupancy: room, today: today))
        #expect(!strict.isBookable(date: today.adding(days: 3), occupancy: room, today: today))
        #expect(strict.bookingWindow(today: today).dayCount == 2)
    }

    @Test func pastDatesAreReadOnly() {
        #expect(rules.isReadOnly(date: today.adding(days: -1), today: today))
        #expect(!rules.isReadOnly(date: today, today: today))
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

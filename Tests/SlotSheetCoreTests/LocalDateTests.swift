import Foundation
import Testing
@testable import SlotSheetCore

@Suite struct LocalDateTests {
    @Test func parsesAndPrintsISODates() throws {
        let date = try #require(LocalDate(iso: "2026-12-08"))
        #expect(date.iso == "2026-12-08")
        #expect(date.parts == (2026, 12, 8))
        #expect(LocalDate(iso: "1970-01-01")?.dayNumber == 0)
        #expect(LocalDate(iso: "1969-12-31")?.dayNumber == -1)
    }

    @Test(arguments: ["2026-02-29", "2026-13-01", "2026-04-31", "2026-1-01", "26-01-01", "2026/01/01", "2026-01-01 ", "abcd-ef-gh", ""])
    func refusesWhatIsNotADay(_ text: String) {
        #expect(LocalDate(iso: text) == nil)
    }

    @Test func knowsLeapYears() {
        #expect(LocalDate(iso: "2028-02-29") != nil)
        #expect(LocalDate(iso: "2000-02-29") != nil)
        #expect(LocalDate(iso: "1900-02-29") == nil)
        #expect(LocalDate(iso: "2028-02-28")!.adding(days: 1).iso == "2028-02-29")
        #expect(LocalDate(iso: "2028-02-29")!.adding(days: 1).iso == "2028-03-01")
    }

    @Test func countsAcrossYearEnds() {
        let newYearsEve = LocalDate(iso: "2026-12-31")!
        #expect(newYearsEve.adding(days: 1).iso == "2027-01-01")
        #expect(newYearsEve.days(to: LocalDate(iso: "2027-12-31")!) == 365)
        #expect(LocalDate(iso: "2027-03-01")!.adding(days: -1).iso == "2027-02-28")
    }

    @Test func namesTheMonthAfterAndTheFourWeeksAfterADate() {
        #expect(DateRange.monthAfter(LocalDate(iso: "2026-12-15")!).description == "2027-01-01..2027-01-31", "December: January of the next year")
        #expect(DateRange.monthAfter(LocalDate(iso: "2028-01-31")!).description == "2028-02-01..2028-02-29", "a leap February")
        #expect(DateRange.monthAfter(LocalDate(iso: "2026-11-30")!).description == "2026-12-01..2026-12-31")
        #expect(DateRange.fourWeeks(after: LocalDate(iso: "2026-12-20")!).description == "2026-12-21..2027-01-17")
    }

    @Test func knowsWeekdays() {
        #expect(LocalDate(iso: "2026-12-08")!.weekday == .tuesday)
        #expect(LocalDate(iso: "2026-11-21")!.weekday == .saturday)
        #expect(LocalDate(iso: "1970-01-01")!.weekday == .thursday)
        #expect(LocalDate(iso: "1969-12-28")!.weekday == .sunday)
        #expect(LocalDate(iso: "2026-11-22")!.weekday.isWeekend)
        #expect(!LocalDate(iso: "2026-11-23")!.weekday.isWeekend)
    }

    @Test func agreesWithFoundationOverCenturies() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        for dayNumber in stride(from: -50_000, through: 50_000, by: 97) {
            let instant = Date(timeIntervalSince1970: Double(dayNumber) * 86_400)
            let expected = calendar.dateComponents([.year, .month, .day], from: instant)
            let date = LocalDate(dayNumber: dayNumber)
            #expect(date.parts == (expected.year!, expected.month!, expected.day!))
            #expect(LocalDate(year: expected.year!, month: expected.month!, day: expected.day!) == date)
        }
    }

    @Test func rangesIterateTheirDaysInOrder() throws {
        let range = try #require(DateRange(from: LocalDate(iso: "2026-12-30")!, to: LocalDate(iso: "2027-01-02")!))
        #expect(range.map(\.iso) == ["2026-12-30", "2026-12-31", "2027-01-01", "2027-01-02"])
        #expect(range.dayCount == 4)
        #expect(DateRange(from: LocalDate(iso: "2026-12-02")!, to: LocalDate(iso: "2026-12-01")!) == nil)
    }

    @Test func todayFollowsTheOfficeTimeZone() {
        // 23:30 UTC on 21 November is already 22 November in Amsterdam (UTC+1).
        let instant = Date(timeIntervalSince1970: LocalDate(iso: "2026-11-21")!.adding(days: 1).dayNumber.asSeconds - 1800)
        #expect(LocalDate(instant, in: TimeZone(identifier: "UTC")!).iso == "2026-11-21")
        #expect(LocalDate(instant, in: OfficeClock.defaultTimeZone).iso == "2026-11-22")
    }
}

private extension Int {
    var asSeconds: Double { Double(self) * 86_400 }
}

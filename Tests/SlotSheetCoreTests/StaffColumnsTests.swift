import Testing
@testable import SlotSheetCore

@Suite struct StaffColumnsTests {
    /// A slot's flags follow the sheet's staff columns whatever the database's ids are: small ones
    /// (looked up by index), ones past `StaffColumns.denseLimit` (through the dictionary), and
    /// people outside the sheet counted as others.
    @Test func aSlotsFlagsFollowTheColumnsForSmallAndLargeIDs() throws {
        let date = try #require(LocalDate(iso: "2027-01-04"))
        let large: RowID = 1 << 40
        let day = DaySchedule(date: date, available: [7: [3, 70_000, 5, large, 9]], demand: [:])
        let columns = StaffColumns([3: 2, 70_000: 0, large: 1, 4: 3])
        let (flags, others) = day.availability(daypartID: 7, columns: columns, count: 4)
        #expect(flags == [true, true, true, false])
        #expect(others == 2)
        let none = day.availability(daypartID: 8, columns: columns, count: 4)
        #expect(none.flags == [false, false, false, false])
        #expect(none.others == 0)
        #expect(columns.position(of: -1) == nil)
        #expect(columns.position(of: 65_535) == nil)
    }
}

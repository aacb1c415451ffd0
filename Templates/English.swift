extension Words {
    public static let english = Words(
        template: TemplateWords(
            availabilitySheet: "Availability",
            instructionsSheet: "Instructions",
            staffSheet: "Staff",
            daypartsSheet: "Dayparts",
            dateColumn: "Date",
            weekdayColumn: "Day",
            daypartColumn: "Daypart",
            bookedColumn: "Booked",
            capacityColumn: "Capacity",
            weekdays: ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"],
            months: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
            dateFormat: "[$-809]d mmm yyyy",
            markInputTitle: "Available?",
            markInputMessage: "Type x when this person is available in this daypart; leave the cell empty when not.",
            markErrorTitle: "Not a valid mark",
            markErrorMessage: "Use x or leave the cell empty.",
            staffHeaders: ("Code", "Employee number", "Name", "Active"),
            daypartHeaders: ("Code", "Daypart", "Starts", "Ends"),
            yes: "yes",
            no: "no",
            documentTitle: "Staff availability",
            instructionsTitle: "How to fill in this availability template",
            instructions: { facts in
                [
                    "This template covers \(facts.from) to \(facts.to). It was made from the repair-request database on \(facts.generatedAt).",
                    "On the sheet Availability each row is one daypart on one date, and each column from \(facts.firstStaffColumn) on is one staff member.",
                    "Type x in a cell when that person is available in that daypart. Leave the cell empty when they are not. Nothing else is accepted.",
                    "Grey rows are in the past. They are shown for reference and cannot be changed."
                        + (facts.dayClosesAt.map { " The office closes a day at \($0): from then on, today counts as past too." } ?? ""),
                    "Booked is the number of repair requests already booked in the slot. Capacity counts the staff available in it and updates while you type. A row turns red when capacity falls below booked: the import refuses that, because every booked visit needs someone to go.",
                    "Someone who has a visit assigned to them in a slot must stay available in that slot.",
                    "Tenants can book a slot \(facts.minDaysAhead) to \(facts.maxDaysAhead) days ahead, as long as it has more staff available than requests booked. The dates in green (\(facts.bookableFrom) to \(facts.bookableTo)) were bookable when this template was made.",
                    "Do not add, remove or move rows or columns, and do not rename the sheets: the import checks the layout.",
                    facts.returned == .web
                        ? "When you are done, save the file as an Excel workbook (.xlsx) and upload it in the web front: Upload, choose the file, check the changes it shows, then Apply these changes."
                        : "When you are done, save the file as an Excel workbook (.xlsx) and hand it to the planner, who imports it with: slotsheet import FILE.xlsx",
                    "Staff lists everyone in the template; Dayparts lists the dayparts and their times.",
                ]
            }),
        importing: .english,
        reports: .english)
}

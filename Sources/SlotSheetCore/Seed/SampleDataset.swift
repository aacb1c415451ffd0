import Foundation

/// The sample repair-request database of `Samples/*.csv`, built into the binary.
///
/// Dates in the samples are relative, so they never go stale: a slot is a `week` offset from the
/// current week (`-2` to `+3`) and a `weekday`, which keeps weekends on weekends; request times are
/// days before their slot. `today` anchors them.
public struct SampleDataset: SeedSource {
    public let corporations: [String]
    public let residents: [ResidentSeed]
    public let catalogue: [DefectPath]
    public let subcontractors: [Subcontractor]
    public let dayparts: [Daypart]
    public let staff: [StaffMember]
    private let availability: [(LocalDate, String, String)]
    private let requests: [RequestSeed]

    /// The sample files by name, as built in.
    public static var files: [String: String] { EmbeddedSamples.files }

    public init(clock: OfficeClock) throws {
        let today = clock.today
        let monday = today.adding(days: 1 - today.weekday.rawValue)
        func slotDate(_ row: SampleRow) throws -> LocalDate {
            guard let week = Int(row["week"].replacingOccurrences(of: "+", with: "")) else {
                throw row.malformed("week '\(row["week"])' is not a whole number")
            }
            guard let weekday = SampleRow.weekdays[row["weekday"]] else {
                throw row.malformed("weekday '\(row["weekday"])' is not Mon..Sun")
            }
            return monday.adding(days: week * 7 + weekday.rawValue - 1)
        }

        corporations = try SampleRow.read("housing_corporations.csv").map { $0["name"] }
        residents = try SampleRow.read("residents.csv").map { row in
            ResidentSeed(
                name: row["name"], email: row["email"], phone: row.optional("phone"), postcode: row["postcode"],
                houseNumber: row["house_number"], street: row["street"], city: row["city"],
                corporation: row["housing_corporation"])
        }
        catalogue = try SampleRow.read("defects.csv").map(\.defectPath)
        subcontractors = try SampleRow.read("subcontractors.csv").map { row in
            Subcontractor(name: row["name"], phone: row.optional("phone"), email: row.optional("email"))
        }
        dayparts = try SampleRow.read("dayparts.csv").map { row in
            guard let order = Int(row["sort_order"]) else { throw row.malformed("sort_order is not a number") }
            return Daypart(code: row["code"], label: row["label"], startsAt: row["starts_at"], endsAt: row["ends_at"],
                           sortOrder: order, active: try row.flag("active"))
        }
        staff = try SampleRow.read("staff.csv").map { row in
            StaffMember(code: row["code"], employeeNumber: row["employee_number"], name: row["name"], active: try row.flag("active"))
        }
        availability = try SampleRow.read("availability.csv").map { row in
            (try slotDate(row), row["daypart"], row["staff"])
        }
        var defectsByRequest: [RowID: [DefectPath]] = [:]
        for row in try SampleRow.read("repair_request_defects.csv") {
            guard let id = RowID(row["request"]) else { throw row.malformed("request is not a number") }
            defectsByRequest[id, default: []].append(row.defectPath)
        }
        requests = try SampleRow.read("repair_requests.csv").map { row in
            guard let id = RowID(row["id"]), let status = RequestStatus(rawValue: row["status"]),
                  let createdBefore = Int(row["created_days_before_slot"]),
                  let updatedBefore = Int(row["updated_days_before_slot"]) else {
                throw row.malformed("id, status or a day count is not valid")
            }
            let slot = try slotDate(row)
            guard let time = ClockTime(row["created_time"]) else { throw row.malformed("created_time is not a time as HH:MM") }
            // A request cannot have been made or changed later than yesterday (today at its time of
            // day may be still to come: a log row in the future), nor changed before it was made.
            let yesterday = today.adding(days: -1)
            let created = min(slot.adding(days: -createdBefore), yesterday)
            let updated = max(created, min(slot.adding(days: -updatedBefore), yesterday))
            return RequestSeed(
                id: id, residentEmail: row["resident"], description: row["description"],
                photoPath: row.optional("photo_path"), status: status, slotDate: slot, daypartCode: row["daypart"],
                staffCode: row.optional("staff"), subcontractor: row.optional("subcontractor"),
                createdAt: clock.timestamp(on: created, at: time),
                updatedAt: clock.timestamp(on: updated, at: time),
                defects: defectsByRequest[id] ?? [])
        }
    }

    public func forEachAvailability(_ visit: (LocalDate, String, String) throws -> Void) throws {
        for (date, daypart, staff) in availability { try visit(date, daypart, staff) }
    }

    public func forEachRequest(_ visit: (RequestSeed) throws -> Void) throws {
        for request in requests { try visit(request) }
    }
}

/// One row of a sample file, read by column name.
private struct SampleRow {
    let file: String
    let line: Int
    let values: [String: String]

    static let weekdays: [String: Weekday] = [
        "Mon": .monday, "Tue": .tuesday, "Wed": .wednesday, "Thu": .thursday, "Fri": .friday, "Sat": .saturday, "Sun": .sunday,
    ]

    static func read(_ file: String) throws -> [SampleRow] {
        guard let text = SampleDataset.files[file] else {
            throw SeedError.malformed(file: file, line: 0, problem: "the sample file is missing from this build")
        }
        var reader = CSVReader(text: text, delimiter: UInt8(ascii: ","))
        guard let header = try reader.next() else { return [] }
        var rows: [SampleRow] = []
        while let record = try reader.next() {
            guard record.fields.count == header.fields.count else {
                throw SeedError.malformed(file: file, line: record.line, problem: "expected \(header.fields.count) fields, found \(record.fields.count)")
            }
            rows.append(SampleRow(file: file, line: record.line, values: Dictionary(uniqueKeysWithValues: zip(header.fields, record.fields))))
        }
        return rows
    }

    subscript(column: String) -> String { values[column] ?? "" }

    /// The value, or nil when the field is empty.
    func optional(_ column: String) -> String? {
        let value = self[column]
        return value.isEmpty ? nil : value
    }

    func flag(_ column: String) throws -> Bool {
        switch self[column] {
        case "true": return true
        case "false": return false
        default: throw malformed("\(column) must be true or false")
        }
    }

    var defectPath: DefectPath {
        DefectPath(location: self["location"], space: self["space"], element: self["element"], defect: self["defect"])
    }

    func malformed(_ problem: String) -> SeedError {
        .malformed(file: file, line: line, problem: problem)
    }
}

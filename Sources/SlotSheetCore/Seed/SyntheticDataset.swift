/// A large, realistic and reproducible database for benchmarks: `db seed --synthetic`.
///
/// The same `seed` gives the same rows on every machine. Every decision is a pure function of the
/// seed and the row's coordinates (a hash, not a running generator), so availability and requests
/// are produced row by row in any order and nothing grows with the range.
///
/// Realism: each person has a weekly pattern (full time, four or three days, some on Saturdays,
/// some only mornings or afternoons), two holidays a year and the odd day off. Each slot is booked
/// to a varying part of its capacity (mean `fill`); past slots hold completed, archived and
/// cancelled requests, future ones new and approved, some assigned to someone available.
public struct SyntheticDataset: SeedSource {
    public let corporations: [String]
    public let residents: [ResidentSeed]
    public let catalogue: [DefectPath]
    public let subcontractors: [Subcontractor]
    public let dayparts: [Daypart]
    public let staff: [StaffMember]

    public let range: DateRange
    public let seed: UInt64
    /// Mean share of a slot's capacity that is booked.
    public let fill: Double
    private let clock: OfficeClock
    private let patterns: [WorkPattern]

    /// Request ids start here, clear of the sample's.
    public static let firstRequestID: RowID = 1_000_000

    public init(staffCount: Int, range: DateRange, seed: UInt64 = 1, fill: Double = 0.4, clock: OfficeClock) throws {
        let reference = try SampleDataset(clock: clock)
        corporations = reference.corporations
        catalogue = reference.catalogue
        subcontractors = reference.subcontractors
        dayparts = reference.dayparts
        self.range = range
        self.seed = seed
        self.fill = fill
        self.clock = clock
        let random = SeedRandom(seed: seed)
        staff = (0..<staffCount).map { index in
            StaffMember(
                code: String(format: "S%04d", index + 1), employeeNumber: String(format: "E%05d", 20_000 + index),
                name: SyntheticNames.person(random.pick(index, 1), random.pick(index, 2)))
        }
        patterns = (0..<staffCount).map { WorkPattern(staffIndex: $0, random: random, daypartCount: reference.dayparts.count) }
        let residentCount = max(500, staffCount * 20)
        residents = (0..<residentCount).map { index in
            let city = SyntheticNames.cities[random.pick(index, 11) % SyntheticNames.cities.count]
            return ResidentSeed(
                name: SyntheticNames.person(random.pick(index, 12), random.pick(index, 13)),
                email: String(format: "resident%06d@example.nl", index + 1),
                phone: String(format: "06-%08d", random.pick(index, 14) % 100_000_000),
                postcode: String(format: "%@%02d %@", city.postcodePrefix, 10 + random.pick(index, 15) % 90,
                                 SyntheticNames.postcodeLetters(random.pick(index, 16))),
                houseNumber: String(1 + random.pick(index, 17) % 250),
                street: city.streets[random.pick(index, 18) % city.streets.count],
                city: city.name,
                corporation: reference.corporations[index % reference.corporations.count])
        }
    }

    private var random: SeedRandom { SeedRandom(seed: seed) }

    /// Whether staff member `index` is available on `date` in the daypart at `daypartIndex`.
    func isAvailable(staffIndex index: Int, date: LocalDate, daypartIndex: Int) -> Bool {
        let pattern = patterns[index]
        guard pattern.worksOn(date.weekday), pattern.dayparts.contains(daypartIndex),
              !pattern.isOnHoliday(date, random: random) else { return false }
        let dayOff = random.unit(index, date.dayNumber, 100) < 0.03
        let slotOff = random.unit(index, date.dayNumber, 200 + daypartIndex) < 0.03
        return !dayOff && !slotOff
    }

    public func forEachAvailability(_ visit: (LocalDate, String, String) throws -> Void) throws {
        for date in range {
            for (daypartIndex, daypart) in dayparts.enumerated() {
                for (staffIndex, member) in staff.enumerated()
                where isAvailable(staffIndex: staffIndex, date: date, daypartIndex: daypartIndex) {
                    try visit(date, daypart.code, member.code)
                }
            }
        }
    }

    public func forEachRequest(_ visit: (RequestSeed) throws -> Void) throws {
        let today = clock.today
        var nextID = SyntheticDataset.firstRequestID
        for date in range {
            for (daypartIndex, daypart) in dayparts.enumerated() {
                let available = staff.indices.filter { isAvailable(staffIndex: $0, date: date, daypartIndex: daypartIndex) }
                let slotFill = min(0.95, random.unit(date.dayNumber, daypartIndex, 300) * 2 * fill)
                let booked = Int(Double(available.count) * slotFill)
                let cancelled = booked / 10
                for number in 0..<(booked + cancelled) {
                    let request = makeRequest(
                        id: nextID, date: date, daypart: daypart.code, today: today,
                        holding: number < booked, assignee: number < available.count ? staff[available[number]].code : nil)
                    try visit(request)
                    nextID += 1
                }
            }
        }
    }

    private func makeRequest(id: RowID, date: LocalDate, daypart: String, today: LocalDate, holding: Bool, assignee: String?) -> RequestSeed {
        let key = Int(id)
        let status: RequestStatus
        if !holding {
            status = .cancelled
        } else if date < today {
            status = random.unit(key, 1) < 0.8 ? .completed : .archived
        } else {
            status = random.unit(key, 2) < 0.55 ? .new : .approved
        }
        let defectCount = 1 + random.pick(key, 3) % 3
        let defects = (0..<defectCount).map { catalogue[random.pick(key, 10 + $0) % catalogue.count] }
        let uniqueDefects = defects.enumerated().filter { !defects.prefix($0.offset).contains($0.element) }.map(\.element)
        // Made and changed by yesterday at the latest: today at a time of day still to come would
        // put the request and its status log in the future.
        let yesterday = today.adding(days: -1)
        let created = min(date.adding(days: -(3 + random.pick(key, 4) % 12)), yesterday)
        let updated = max(created, min(date.adding(days: -(random.pick(key, 5) % 3)), yesterday))
        let time = ClockTime(String(format: "%02d:%02d", 7 + random.pick(key, 6) % 12, random.pick(key, 7) % 60))!
        let isAssigned = status != .new && status != .cancelled && random.unit(key, 8) < 0.7
        return RequestSeed(
            id: id,
            residentEmail: residents[random.pick(key, 9) % residents.count].email,
            description: "\(uniqueDefects[0].element): \(uniqueDefects[0].defect.lowercased()).",
            photoPath: random.unit(key, 20) < 0.5 ? "photos/synthetic/\(id).jpg" : nil,
            status: status, slotDate: date, daypartCode: daypart,
            staffCode: isAssigned ? assignee : nil,
            subcontractor: random.unit(key, 21) < 0.08 ? subcontractors[random.pick(key, 22) % subcontractors.count].name : nil,
            createdAt: clock.timestamp(on: created, at: time),
            updatedAt: clock.timestamp(on: updated, at: time),
            defects: uniqueDefects)
    }
}

/// How one synthetic person works: which weekdays, which dayparts, which holidays.
private struct WorkPattern {
    let staffIndex: Int
    let weekdays: Set<Weekday>
    let dayparts: Set<Int>

    init(staffIndex: Int, random: SeedRandom, daypartCount: Int) {
        self.staffIndex = staffIndex
        let workdays: [Weekday] = [.monday, .tuesday, .wednesday, .thursday, .friday]
        let kind = random.unit(staffIndex, 30)
        let daysOff = kind < 0.55 ? 0 : (kind < 0.8 ? 1 : 2)
        var days = workdays
        for offIndex in 0..<daysOff {
            days.removeAll { $0 == workdays[(random.pick(staffIndex, 31) + offIndex * 2) % workdays.count] }
        }
        if random.unit(staffIndex, 32) < 0.15 { days.append(.saturday) }
        weekdays = Set(days)
        let shape = random.unit(staffIndex, 33)
        let half = daypartCount / 2
        if shape < 0.6 {
            dayparts = Set(0..<daypartCount)
        } else if shape < 0.75 {
            dayparts = Set(0..<half)
        } else if shape < 0.9 {
            dayparts = Set(half..<daypartCount)
        } else {
            dayparts = Set(1..<max(2, daypartCount - 1))
        }
    }

    func worksOn(_ weekday: Weekday) -> Bool { weekdays.contains(weekday) }

    /// Two holidays a year of one to two weeks, placed by the seed.
    func isOnHoliday(_ date: LocalDate, random: SeedRandom) -> Bool {
        let year = date.parts.year
        let dayOfYear = LocalDate(year: year, month: 1, day: 1).map { $0.days(to: date) } ?? 0
        for holiday in 0..<2 {
            let start = 20 + random.pick(staffIndex, year, 40 + holiday) % 150 + holiday * 170
            let length = 7 + random.pick(staffIndex, year, 50 + holiday) % 8
            if dayOfYear >= start && dayOfYear < start + length { return true }
        }
        return false
    }
}

/// Deterministic randomness keyed by coordinates: the same seed and coordinates, the same value.
struct SeedRandom {
    let seed: UInt64

    /// A well-mixed 64-bit value for these coordinates (SplitMix64 finaliser over each part).
    func value(_ parts: [Int]) -> UInt64 {
        var state = seed &+ 0x9E37_79B9_7F4A_7C15
        for part in parts {
            state = SeedRandom.mix(state ^ UInt64(bitPattern: Int64(part)) &+ 0x9E37_79B9_7F4A_7C15)
        }
        return state
    }

    func pick(_ parts: Int...) -> Int { Int(value(parts) >> 1 & 0x7FFF_FFFF_FFFF) }

    /// A number in [0, 1).
    func unit(_ parts: Int...) -> Double { Double(value(parts) >> 11) / Double(1 << 53) }

    private static func mix(_ input: UInt64) -> UInt64 {
        var z = input
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

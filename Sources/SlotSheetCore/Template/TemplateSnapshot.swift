import Crypto

/// What the database said about one template row when the template was made. The template keeps
/// these rows (in its hidden metadata sheet), so an import can tell the office's edits from
/// changes made in the database since.
public struct TemplateRowState: Hashable, Sendable {
    public var date: LocalDate
    public var daypartCode: String
    /// Per staff column, in layout order: available or not.
    public var available: [Bool]
    /// Requests holding the slot.
    public var held: Int
    /// Codes of staff assigned to those requests, sorted.
    public var assignedStaffCodes: [String]

    public init(date: LocalDate, daypartCode: String, available: [Bool], held: Int, assignedStaffCodes: [String]) {
        self.date = date
        self.daypartCode = daypartCode
        self.available = available
        self.held = held
        self.assignedStaffCodes = assignedStaffCodes.sorted()
    }

    /// `x` for available, `.` for not, one character a staff column.
    public var availabilityCode: String {
        String(decoding: availabilityBytes, as: UTF8.self)
    }

    var availabilityBytes: [UInt8] {
        var bytes: [UInt8] = []
        Self.appendAvailabilityCode(of: available, to: &bytes)
        return bytes
    }

    /// The code's byte for an available staff member, and for one who is not: computed, so each is
    /// a constant in the loops below (a stored `static let` is a lazily set global, checked at
    /// every read: the year template's dry run went from 0.47 to 0.61 of its peer with them).
    private static var availableByte: UInt8 { UInt8(ascii: "x") }
    private static var unavailableByte: UInt8 { UInt8(ascii: ".") }

    /// Appends the code of `flags` (`availabilityCode`'s bytes) to `bytes`, written in place (a
    /// flag at a time cost ~18 instructions a flag; the fingerprint writes 547,500 of them).
    static func appendAvailabilityCode(of flags: [Bool], to bytes: inout [UInt8]) {
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(unavailableByte, count: flags.count))
        bytes.withUnsafeMutableBufferPointer { buffer in
            flags.withUnsafeBufferPointer { flags in
                for index in flags.indices { buffer[start + index] = flags[index] ? availableByte : unavailableByte }
            }
        }
    }

    /// Reads `availabilityCode` back; nil unless it is exactly `count` characters of `x` and `.`.
    /// Written into the array's storage from the text's (a year template decodes 2,190 rows of
    /// 250 on the import's critical path; appending a flag at a time cost ~45 instructions a flag).
    public static func decodeAvailability(_ code: String, count: Int) -> [Bool]? {
        var code = code
        return code.withUTF8 { bytes -> [Bool]? in
            guard bytes.count == count else { return nil }
            var valid = true
            let flags = [Bool](unsafeUninitializedCapacity: count) { flags, initialized in
                for index in 0..<count {
                    let byte = bytes[index]
                    // Anything but x and . is damage; the flags are thrown away then.
                    valid = valid && (byte == availableByte || byte == unavailableByte)
                    flags.initializeElement(at: index, to: byte == availableByte)
                }
                initialized = count
            }
            return valid ? flags : nil
        }
    }
}

/// A SHA-256 over the database state a template was made from: its range, staff, dayparts, and
/// each row's availability, held requests and assignments. Equal fingerprints, same state.
///
///     var fingerprint = TemplateFingerprint(layout: layout)
///     rows.forEach { fingerprint.add($0) }
///     fingerprint.hexDigest   // "9f86d0..."
public struct TemplateFingerprint {
    private var hasher = SHA256()
    /// The row being added, kept for its capacity.
    private var rowBytes: [UInt8] = []

    public init(layout: TemplateLayout) {
        feed("slotsheet-template-v\(TemplateLayout.formatVersion)")
        feed("\(layout.range.from.iso)..\(layout.range.to.iso)")
        feed(layout.staff.map(\.code).joined(separator: ","))
        feed(layout.dayparts.map(\.code).joined(separator: ","))
    }

    /// Adds `date|daypart|availability|held|assigned codes` and a line feed, made in one buffer
    /// and hashed in one update (eight small updates and a joined string cost ~30k
    /// instructions a row; a year's import fingerprints 2,190 rows twice).
    public mutating func add(_ row: TemplateRowState) {
        rowBytes.removeAll(keepingCapacity: true)
        rowBytes.append(contentsOf: row.date.iso.utf8)
        rowBytes.append(UInt8(ascii: "|"))
        rowBytes.append(contentsOf: row.daypartCode.utf8)
        rowBytes.append(UInt8(ascii: "|"))
        TemplateRowState.appendAvailabilityCode(of: row.available, to: &rowBytes)
        rowBytes.append(UInt8(ascii: "|"))
        rowBytes.append(contentsOf: String(row.held).utf8)
        rowBytes.append(UInt8(ascii: "|"))
        for (index, code) in row.assignedStaffCodes.enumerated() {
            if index > 0 { rowBytes.append(UInt8(ascii: " ")) }
            rowBytes.append(contentsOf: code.utf8)
        }
        rowBytes.append(0x0A)
        hasher.update(data: rowBytes)
    }

    private mutating func feed(_ text: String, newline: Bool = true) {
        hasher.update(data: Array(text.utf8))
        if newline { hasher.update(data: [0x0A]) }
    }

    public var hexDigest: String {
        hasher.finalize().map { String(format: "%02x", $0) }.joined()
    }
}

/// Reads, a day at a time, the rows a template holds: the export writes them, the stale check
/// compares them with the ones a template was made from. One definition, so both agree.
struct TemplateRowReader {
    let layout: TemplateLayout
    private let daypartIDs: [RowID?]
    private let columns: StaffColumns
    private let staffCodes: [RowID: String]

    init(layout: TemplateLayout, references: References) {
        self.layout = layout
        daypartIDs = layout.dayparts.map { references.dayparts[$0.code]?.id }
        columns = StaffColumns(Dictionary(layout.staff.enumerated().compactMap { index, entry in
            references.staff[entry.code].map { ($0.id, index) }
        }, uniquingKeysWith: { first, _ in first }))
        staffCodes = references.staffCodes
    }

    /// Calls `visit` with each row in layout order, its daypart index, and how many people outside
    /// the template are available in its slot, the range read from `session` in one statement.
    func forEachRow(session: some ScheduleSession, _ visit: (TemplateRowState, Int, Int) throws -> Void) throws {
        try session.schedules(in: layout.range) { try visitRows(of: $0, visit) }
    }

    /// The same, with each date's state from `schedule` (days an import has read already).
    func forEachRow(schedule: (LocalDate) throws -> DaySchedule, _ visit: (TemplateRowState, Int, Int) throws -> Void) throws {
        for date in layout.range {
            try visitRows(of: try schedule(date), visit)
        }
    }

    private func visitRows(of day: DaySchedule, _ visit: (TemplateRowState, Int, Int) throws -> Void) throws {
        for (index, entry) in layout.dayparts.enumerated() {
            let id = daypartIDs[index] ?? -1
            let (flags, others) = day.availability(daypartID: id, columns: columns, count: layout.staff.count)
            let demand = day.demand[id] ?? SlotDemand()
            let state = TemplateRowState(
                date: day.date, daypartCode: entry.code, available: flags, held: demand.held,
                assignedStaffCodes: demand.assignedStaffIDs.compactMap { staffCodes[$0] })
            try visit(state, index, others)
        }
    }
}

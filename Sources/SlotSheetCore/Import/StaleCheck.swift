import SlotSheetTemplates

/// Something that changed in the database, within a template's dates, after it was exported.
public struct StaleChange: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case becameAvailable(staff: String)
        case becameUnavailable(staff: String)
        case heldChanged(from: Int, to: Int)
        case assignmentsChanged(from: [String], to: [String])
    }

    public var slot: SlotName
    public var kind: Kind
}

/// Whether the database still holds, within a template's dates, the state the template was made
/// from: the fingerprint decides, and when it differs the rows are compared to say what changed.
/// A cell where the database already says what the file says is no conflict (the file itself, or
/// the same edit made elsewhere, put it there), so re-importing an applied template is a no-op.
public enum StaleCheck {
    public static func changes(since template: TemplateFile, file: ParsedSheet, session: some ScheduleSession) throws -> [StaleChange] {
        try changes(since: template, file: file, reading: ImportReading(session: session, dates: template.layout.range))
    }

    static func changes(since template: TemplateFile, file: ParsedSheet, reading: ImportReading) throws -> [StaleChange] {
        let (current, fingerprint) = try reading.templateState ?? currentStateAndFingerprint(of: template.layout, reading: reading)
        guard fingerprint != template.fingerprint else { return [] }

        var changes: [StaleChange] = []
        for (index, (then, now)) in zip(template.snapshot, current).enumerated() {
            let slot = SlotName(date: now.date, daypart: template.layout.dayparts[index % template.layout.dayparts.count].label)
            let marks = file.slots[index].marks
            for (staffIndex, (was, isNow)) in zip(then.available, now.available).enumerated()
            where was != isNow && marks[staffIndex] != (isNow ? .available : .unavailable) {
                let code = template.layout.staff[staffIndex].code
                changes.append(StaleChange(slot: slot, kind: isNow ? .becameAvailable(staff: code) : .becameUnavailable(staff: code)))
            }
            if then.held != now.held {
                changes.append(StaleChange(slot: slot, kind: .heldChanged(from: then.held, to: now.held)))
            }
            if then.assignedStaffCodes != now.assignedStaffCodes {
                changes.append(StaleChange(slot: slot, kind: .assignmentsChanged(from: then.assignedStaffCodes, to: now.assignedStaffCodes)))
            }
        }
        return changes
    }

    /// The rows the template would hold if it were exported now, and their fingerprint (what an
    /// untouched database still matches).
    static func currentStateAndFingerprint(of layout: TemplateLayout, reading: ImportReading) throws -> TemplateState {
        let current = try currentState(of: layout, reading: reading)
        var fingerprint = TemplateFingerprint(layout: layout)
        current.forEach { fingerprint.add($0) }
        return (current, fingerprint.hexDigest)
    }

    /// The rows the template would hold if it were exported now, for its own staff and dayparts.
    static func currentState(of layout: TemplateLayout, reading: ImportReading) throws -> [TemplateRowState] {
        var rows: [TemplateRowState] = []
        rows.reserveCapacity(layout.rowCount)
        try TemplateRowReader(layout: layout, references: reading.references)
            .forEachRow(schedule: reading.days.day) { state, _, _ in rows.append(state) }
        return rows
    }
}

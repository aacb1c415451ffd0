import SlotSheetTemplates

/// The lines of a list import's summary, in each language (the lines it shares with the
/// availability import are `ImportReportLine`).
public enum ListReportLine: Hashable, Sendable, OfficeMessage {
    case added(fields: [String])
    case changed(key: String, changes: [ColumnChange])
    case deactivated(key: String)
    case availabilityRemoved(staff: String, slots: Int)
    case availabilityRestored(slots: Int)
    case summary(added: Int, changed: Int, deactivated: Int, unchanged: Int)
    /// A stale list workbook refused: how many of its rows the database changed since export.
    case staleHeadline(rows: Int)

    /// One field of a row, before and after.
    public struct ColumnChange: Hashable, Sendable {
        public let column: ListColumn
        public let before: String
        public let after: String
    }

    /// The lines that show a plan, row by row, then its counts.
    public static func lines(of plan: ListPlan, kind: ListKind) -> [ListReportLine] {
        var lines: [ListReportLine] = plan.added.map { .added(fields: $0.after) }
        for change in plan.changed + plan.deactivated {
            let columns = zip(kind.columns, zip(change.before ?? [], change.after)).filter { $0.1.0 != $0.1.1 }
            let isDeactivation = columns.count == 1 && change.before?.last == "x" && change.after.last == ""
            lines.append(isDeactivation ? .deactivated(key: change.key)
                : .changed(key: change.key, changes: columns.map { ColumnChange(column: $0.0, before: $0.1.0, after: $0.1.1) }))
        }
        let removed = Dictionary(grouping: plan.availability.filter { !$0.available }, by: \.staffCode)
        lines += removed.keys.sorted().map { ListReportLine.availabilityRemoved(staff: $0, slots: removed[$0]!.count) }
        let restored = plan.availability.filter(\.available).count
        if restored > 0 { lines.append(.availabilityRestored(slots: restored)) }
        lines.append(.summary(added: plan.added.count, changed: plan.changed.count, deactivated: plan.deactivated.count, unchanged: plan.unchanged))
        return lines
    }

    public var english: String {
        switch self {
        case let .added(fields: fields): return "  added: \(fields.filter { !$0.isEmpty }.map(quoted).joined(separator: ", "))"
        case let .changed(key: key, changes: changes):
            return "  changed \(key): " + changes.map { "\($0.column.english) \(quoted($0.before)) -> \(quoted($0.after))" }.joined(separator: ", ")
        case let .deactivated(key: key): return "  made inactive: \(key)"
        case let .availabilityRemoved(staff: staff, slots: slots):
            return "  \(staff): availability in \(counted(slots, "slot", "slots")) to come removed with them"
        case let .availabilityRestored(slots: slots): return "  availability restored in \(counted(slots, "slot", "slots"))"
        case let .summary(added: added, changed: changed, deactivated: deactivated, unchanged: unchanged):
            return "\(added) added, \(changed) changed, \(deactivated) made inactive, \(unchanged) unchanged."
        case let .staleHeadline(rows: rows):
            return "The database changed \(counted(rows, "row", "rows")) of this list after it was exported; nothing was changed."
        }
    }

    public var dutch: String {
        switch self {
        case let .added(fields: fields): return "  toegevoegd: \(fields.filter { !$0.isEmpty }.map(quoted).joined(separator: ", "))"
        case let .changed(key: key, changes: changes):
            return "  gewijzigd \(key): " + changes.map { "\($0.column.dutch) \(quoted($0.before)) -> \(quoted($0.after))" }.joined(separator: ", ")
        case let .deactivated(key: key): return "  op inactief gezet: \(key)"
        case let .availabilityRemoved(staff: staff, slots: slots):
            return "  \(staff): beschikbaarheid in \(counted(slots, "komend tijdvak", "komende tijdvakken")) mee verwijderd"
        case let .availabilityRestored(slots: slots): return "  beschikbaarheid hersteld in \(counted(slots, "tijdvak", "tijdvakken"))"
        case let .summary(added: added, changed: changed, deactivated: deactivated, unchanged: unchanged):
            return "\(added) toegevoegd, \(changed) gewijzigd, \(deactivated) op inactief gezet, \(unchanged) ongewijzigd."
        case let .staleHeadline(rows: rows):
            return "De database heeft \(counted(rows, "rij", "rijen")) van deze lijst gewijzigd nadat hij werd geëxporteerd; er is niets gewijzigd."
        }
    }

    private func quoted(_ text: String) -> String { "'\(text)'" }
}

/// The JSON shape of a list import, as `slotsheet staff import --json` prints it (stable: scripts read it).
public struct ListOutcomeJSON: Encodable, Sendable {
    public struct Row: Encodable, Sendable { let key: String; let before: [String]?; let after: [String] }

    public let status: String
    public let list: String
    public let file: String
    public let batch: RowID?
    public let recordedAs: RowID?
    public let added: [Row]
    public let changed: [Row]
    public let deactivated: [Row]
    public let unchanged: Int
    public let availabilityRemoved: Int
    /// As the availability import's JSON has them (without slot and staff).
    public let problems: [ImportOutcomeJSON.Problem]

    public init(_ outcome: ListOutcome, _ language: Language) {
        status = outcome.status.jsonWord
        list = outcome.kind.rawValue
        file = outcome.fileName
        if case let .applied(id) = outcome.status { batch = id } else { batch = nil }
        recordedAs = outcome.auditBatchID
        let row = { (change: ListRowChange) in Row(key: change.key, before: change.before, after: change.after) }
        added = outcome.plan.added.map(row)
        changed = outcome.plan.changed.map(row)
        deactivated = outcome.plan.deactivated.map(row)
        unchanged = outcome.plan.unchanged
        availabilityRemoved = outcome.plan.availability.filter { !$0.available }.count
        problems = outcome.problems.map { problem in
            ImportOutcomeJSON.Problem(at: problem.location, language, slot: nil, staff: nil, message: problem.message(language), hint: problem.hint(language))
        }
    }
}

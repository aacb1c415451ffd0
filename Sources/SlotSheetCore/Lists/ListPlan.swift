/// What a list import changes: the rows it adds, the rows it changes (with before and after), the
/// rows it makes inactive, and, for staff made inactive, the availability removed with them.
/// Rows the file does not mention stay as they are: an import never deletes.
public struct ListPlan: Hashable, Sendable {
    public var added: [ListRowChange] = []
    public var changed: [ListRowChange] = []
    public var deactivated: [ListRowChange] = []
    /// Rows an undo deletes again (rows the reverted batch added).
    public var deleted: [ListRowChange] = []
    public var unchanged = 0
    /// Availability the batch removes (staff made inactive, from the first open day on) or
    /// restores (an undo of that).
    public var availability: [AvailabilityChange] = []

    public init() {}

    /// Every row change, in the order they are written.
    public var rowChanges: [ListRowChange] { added + changed + deactivated + deleted }
    public var isEmpty: Bool { rowChanges.isEmpty && availability.isEmpty }

    /// The plan that brings `current` (stored rows by key) to what `wishes` ask for.
    static func make(_ wishes: [ListWish], current: [String: StoredListRow]) -> ListPlan {
        var plan = ListPlan()
        for wish in wishes {
            guard let stored = current[wish.key] else {
                plan.added.append(ListRowChange(key: wish.key, before: nil, after: wish.fields))
                continue
            }
            if stored.fields == wish.fields {
                plan.unchanged += 1
            } else if stored.fields.last == "x" && wish.fields.last == "" {
                plan.deactivated.append(ListRowChange(key: wish.key, before: stored.fields, after: wish.fields))
            } else {
                plan.changed.append(ListRowChange(key: wish.key, before: stored.fields, after: wish.fields))
            }
        }
        return plan
    }
}

/// A row a file asks for: its key (the first field, unless the list says otherwise), its fields in
/// the list's columns (the last `x` or empty for active), and the row of the file it came from.
struct ListWish: Sendable {
    let fields: [String]
    let row: ListTable.Row
    let key: String
    var isActive: Bool { fields.last == "x" }

    init(fields: [String], row: ListTable.Row, key: String? = nil) {
        self.fields = fields
        self.row = row
        self.key = key ?? fields[0]
    }
}

/// A row as the database has it, in the list's columns.
struct StoredListRow: Sendable {
    let id: RowID
    let fields: [String]
}

/// What each list adds to the shared pipeline: how its file's rows are read, how its rows are
/// stored, and the rules a plan must keep.
protocol ListRules {
    static var kind: ListKind { get }
    /// The file's rows, checked field by field (problems into `checks`).
    static func wishes(_ table: ListTable, checks: inout ListFieldChecks) -> [ListWish]
    /// The stored rows, by key, in the list's columns.
    static func current(_ session: some ScheduleSession & ListSession) throws -> [String: StoredListRow]
    /// The checks of a plan against the database (and of the rows with the rows of the
    /// database); may add to the plan what goes with it (availability removed).
    static func check(_ plan: inout ListPlan, wishes: [ListWish], current: [String: StoredListRow],
                      session: some ScheduleSession & ListSession, day: OfficeDay) throws -> [ListProblem]
    /// Inserts or updates one row from its fields.
    static func write(_ fields: [String], session: some SeedSession & ListSession) throws
}

extension ListKind {
    /// The rules of this list.
    var rules: any ListRules.Type {
        switch self {
        case .staff: return StaffList.self
        case .dayparts: return DaypartList.self
        case .catalogue: return CatalogueList.self
        }
    }
}

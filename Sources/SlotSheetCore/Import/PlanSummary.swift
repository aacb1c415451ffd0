/// What a plan's page and JSON show of it without its changes: how many cells are added and
/// removed, per date and per staff member. Worked out once when an upload is read and stored with
/// its preview (`StoredPreview`), so showing a plan of a million changes never counts them again.
public struct PlanSummary: Hashable, Sendable {
    /// Added and removed under one key (a date, a staff code).
    public struct Tally<Key: Hashable & Sendable>: Hashable, Sendable {
        public let key: Key
        public let added: Int
        public let removed: Int
    }

    public let added: Int
    public let removed: Int
    /// Cells the file gives that match the database already.
    public let unchanged: Int
    /// In date order.
    public let perDate: [Tally<LocalDate>]
    /// By staff code.
    public let perStaff: [Tally<String>]

    /// Every change, added or removed.
    public var changes: Int { added + removed }

    public init(added: Int, removed: Int, unchanged: Int, perDate: [Tally<LocalDate>], perStaff: [Tally<String>]) {
        self.added = added
        self.removed = removed
        self.unchanged = unchanged
        self.perDate = perDate
        self.perStaff = perStaff
    }

    /// Counts `plan` in one pass.
    public init(_ plan: ChangePlan) {
        var added = 0
        var dates: [LocalDate: (added: Int, removed: Int)] = [:], staff: [String: (added: Int, removed: Int)] = [:]
        for change in plan.changes {
            if change.available {
                added += 1
                dates[change.key.date, default: (0, 0)].added += 1
                staff[change.staffCode, default: (0, 0)].added += 1
            } else {
                dates[change.key.date, default: (0, 0)].removed += 1
                staff[change.staffCode, default: (0, 0)].removed += 1
            }
        }
        self.init(added: added, removed: plan.changes.count - added, unchanged: plan.unchanged,
                  perDate: dates.sorted { $0.key < $1.key }.map { Tally(key: $0.key, added: $0.value.added, removed: $0.value.removed) },
                  perStaff: staff.sorted { $0.key < $1.key }.map { Tally(key: $0.key, added: $0.value.added, removed: $0.value.removed) })
    }
}

/// The part of a plan its page draws as a grid (one row a date and daypart with a change, one
/// column a person): the changes of its first `rowLimit` slots, and how many slots have a change
/// in all. Kept with the stored preview, so the page never goes through the whole plan.
public struct PlanGrid: Hashable, Sendable {
    /// The most rows (slots) the grid shows; a plan with more says so.
    public static let rowLimit = 150

    /// The slots (date and daypart) with a change.
    public let slotsTotal: Int
    /// The changes in the first `rowLimit` slots by date and daypart (every change of those slots).
    public let changes: [AvailabilityChange]

    public init(slotsTotal: Int, changes: [AvailabilityChange]) {
        self.slotsTotal = slotsTotal
        self.changes = changes
    }

    /// The slots first (a plan of a million changes holds a set of its slots here), then the
    /// changes of the first ones.
    public init(_ plan: ChangePlan) {
        struct Slot: Hashable, Comparable {
            let date: LocalDate
            let daypartID: RowID
            static func < (a: Slot, b: Slot) -> Bool { (a.date, a.daypartID) < (b.date, b.daypartID) }
        }
        var slots = Set<Slot>()
        for change in plan.changes { slots.insert(Slot(date: change.key.date, daypartID: change.key.daypartID)) }
        let last = slots.sorted().prefix(Self.rowLimit).last
        self.init(slotsTotal: slots.count, changes: plan.changes.filter { change in
            last.map { Slot(date: change.key.date, daypartID: change.key.daypartID) <= $0 } ?? false
        })
    }
}

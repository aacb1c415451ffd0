/// How many problems a file has, in all and per kind: what is kept when only the first
/// `ProblemTally.kept` problems are (a file of a million bad lines would otherwise hold a million
/// messages in memory, on a page and in a workbook).
public struct ProblemTally: Hashable, Sendable {
    /// How many problems are kept and shown: the page, the API and the error workbook agree on it.
    public static let kept = 1_000

    public var total: Int
    /// Per kind (`ImportProblem.Kind.name`), in the order the kinds first appear in the file.
    public var perKind: [KindCount]

    public struct KindCount: Hashable, Sendable {
        public var kind: String
        public var count: Int
    }

    public init(total: Int, perKind: [KindCount]) {
        self.total = total
        self.perKind = perKind
    }

    public init(_ problems: [ImportProblem]) {
        total = problems.count
        var order: [String] = []
        var counts: [String: Int] = [:]
        for problem in problems {
            let name = problem.kind.name
            if counts[name] == nil { order.append(name) }
            counts[name, default: 0] += 1
        }
        perKind = order.map { KindCount(kind: $0, count: counts[$0]!) }
    }

    /// Whether some problems are not kept.
    public var isCut: Bool { total > Self.kept }
}

extension ImportOutcome {
    /// This outcome keeping only the first `ProblemTally.kept` problems, with the tally of all.
    /// The plan digest is the whole outcome's: a cut outcome is applied by the same digest.
    public func bounded() -> ImportOutcome {
        guard problemTally == nil else { return self }
        var cut = self
        cut.problemTally = ProblemTally(problems)
        cut.keptPlanDigest = planDigest
        if problems.count > ProblemTally.kept { cut.problems = Array(problems.prefix(ProblemTally.kept)) }
        return cut
    }

    /// How many problems there are in all (`problems` may hold only the first of them).
    public var problemTotal: Int { problemTally?.total ?? problems.count }
}

extension ImportProblem.Kind {
    /// A stable name for scripts and tallies: `invalid_mark`, `unknown_daypart`, ...
    public var name: String {
        switch self {
        case .invalidMark: return "invalid_mark"
        case .formulaWithoutResult: return "formula_without_result"
        case .invalidAvailableValue: return "invalid_available_value"
        case .invalidDate: return "invalid_date"
        case .unknownStaff: return "unknown_staff"
        case .inactiveStaff: return "inactive_staff"
        case .unknownDaypart: return "unknown_daypart"
        case .inactiveDaypart: return "inactive_daypart"
        case .duplicate: return "duplicate"
        case .outsideRange: return "outside_range"
        case .pastDateChanged: return "past_date_changed"
        case .capacityBelowHeld: return "capacity_below_held"
        case .assignedUnavailable: return "assigned_unavailable"
        case .staffColumnMoved: return "staff_column_moved"
        case .keyCellChanged: return "key_cell_changed"
        case .missingDataSheet: return "missing_data_sheet"
        case .extraContent: return "extra_content"
        case .missingColumn: return "missing_column"
        case .wrongFieldCount: return "wrong_field_count"
        case .mergedCells: return "merged_cells"
        }
    }
}

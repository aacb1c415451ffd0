/// The problems of one file as they are found, bounded: every problem is counted (in all and per
/// kind) but only the first `ProblemTally.kept` in reading order (`Location.order`) are kept. A
/// file of a million bad lines costs a thousand problems of memory, not a million, from the
/// parser on; what is kept is exactly what sorting every problem and cutting would keep.
///
/// Problems arrive in any order (the parser's, then the rules'); the buffer is sorted and cut
/// whenever it holds twice the kept number, so appending stays cheap.
public struct ProblemList: Sendable, Sequence, ExpressibleByArrayLiteral {
    /// What is kept, at most `ProblemTally.kept` after `sorted`; unsorted in between.
    private var buffer: [Keyed] = []
    private var isSorted = true
    /// Every problem appended, kept or not.
    public private(set) var total = 0
    private var perKind: [String: KindSeen] = [:]

    private struct Keyed: Sendable {
        var order: [Int]
        var problem: ImportProblem
    }

    /// How many of a kind, and the earliest place one was found (to list kinds in reading order).
    private struct KindSeen: Sendable {
        var count: Int
        var first: [Int]
    }

    public init() {}

    public init(arrayLiteral problems: ImportProblem...) {
        append(contentsOf: problems)
    }

    public init(_ problems: some Sequence<ImportProblem>) {
        append(contentsOf: problems)
    }

    public var isEmpty: Bool { total == 0 }

    /// The kept problems, in reading order.
    public func makeIterator() -> IndexingIterator<[ImportProblem]> { kept.makeIterator() }

    public mutating func append(_ problem: ImportProblem) {
        let order = problem.location.order
        total += 1
        let name = problem.kind.name
        if var seen = perKind[name] {
            seen.count += 1
            if order.lexicographicallyPrecedes(seen.first) { seen.first = order }
            perKind[name] = seen
        } else {
            perKind[name] = KindSeen(count: 1, first: order)
        }
        buffer.append(Keyed(order: order, problem: problem))
        isSorted = false
        if buffer.count >= 2 * ProblemTally.kept { cut() }
    }

    public mutating func append(contentsOf problems: some Sequence<ImportProblem>) {
        for problem in problems { append(problem) }
    }

    public static func += (list: inout ProblemList, problems: some Sequence<ImportProblem>) {
        list.append(contentsOf: problems)
    }

    /// The first `ProblemTally.kept` problems in reading order.
    public var kept: [ImportProblem] {
        var copy = self
        copy.cut()
        return copy.buffer.map(\.problem)
    }

    /// How many there are in all and per kind, the kinds in the order the office reads them.
    public var tally: ProblemTally {
        let kinds = perKind.sorted { $0.value.first.lexicographicallyPrecedes($1.value.first) || ($0.value.first == $1.value.first && $0.key < $1.key) }
        return ProblemTally(total: total, perKind: kinds.map { ProblemTally.KindCount(kind: $0.key, count: $0.value.count) })
    }

    /// Sorts the buffer in reading order (stable: problems at one place keep the order they came
    /// in) and keeps the first `ProblemTally.kept`.
    private mutating func cut() {
        guard !isSorted else { return }
        let indexed = buffer.enumerated().sorted { a, b in
            a.element.order.lexicographicallyPrecedes(b.element.order) || (a.element.order == b.element.order && a.offset < b.offset)
        }
        buffer = indexed.prefix(ProblemTally.kept).map(\.element)
        isSorted = true
    }
}

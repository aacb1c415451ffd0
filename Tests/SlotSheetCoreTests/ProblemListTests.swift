import Foundation
import InteropSupport
import Testing
@testable import SlotSheetCore

/// A file's problems are bounded from the parser on: every one is counted, the first
/// `ProblemTally.kept` in reading order are kept, and they are the ones sorting all would keep.
@Suite struct ProblemListTests {
    @Test func keepsTheFirstInReadingOrderWhateverOrderTheyCameIn() {
        var random = SeededGenerator(test: "problem-list")
        let all = (1...5_000).map { line in
            ImportProblem(line % 3 == 0 ? .invalidDate("x\(line)") : .unknownDaypart("Q\(line)"), at: .line(line))
        }
        var list = ProblemList()
        list += all.shuffled(using: &random)
        #expect(list.total == 5_000)
        #expect(list.kept == Array(all.prefix(ProblemTally.kept)), "lines 1 to 1,000, in order")
        #expect(list.tally.perKind == [.init(kind: "unknown_daypart", count: 3_334), .init(kind: "invalid_date", count: 1_666)],
                "kinds in the order the office meets them: line 1 is an unknown daypart")
    }

    @Test func problemsAtOnePlaceKeepTheOrderTheyCameIn() {
        var list = ProblemList()
        list.append(ImportProblem(.unknownDaypart("Q9"), at: .line(4)))
        list.append(ImportProblem(.duplicate(first: .line(2)), at: .line(4)))
        list.append(ImportProblem(.invalidDate("x"), at: .line(3)))
        #expect(list.kept.map(\.kind.name) == ["invalid_date", "unknown_daypart", "duplicate"])
    }

    /// A CSV of a million bad lines costs a thousand problems of memory: what is kept, what is
    /// counted, and what the outcome and its headline say.
    @Test func aCSVWithMoreProblemsThanKeptCountsAllAndKeepsTheFirst() throws {
        let fixture = try ImportFixture()
        let lines = ["date,daypart,staff,available"] + (0..<1_500).flatMap { _ in ["2026-12-08,D09,ANB,x", "2026-12-08,Q9,ANB,x"] }
        let parsed = try fixture.parseCSV(lines)
        #expect(parsed.problems.total == 2_998, "every line after the first two repeats one of their two slots")
        let outcome = try fixture.run(parsed, dryRun: true)
        #expect(outcome.verdict == .rejected)
        #expect(outcome.problems.count == ProblemTally.kept)
        #expect(outcome.problemTotal == 2_999, "the slot of daypart Q9 is unknown, once, besides the duplicates")
        #expect(outcome.problems.first?.location == .line(3) && outcome.problems.last?.location == .line(1_002),
                "Q9's slot at its first line 3, then the duplicates of lines 4 to 1,002")
        #expect(outcome.problemTally?.perKind.map(\.kind) == ["unknown_daypart", "duplicate"])
    }
}

import Foundation
import InteropSupport
import SlotSheetCore
import Testing

/// Times the office reads are on the office's clock: `slotsheet history` shows when each import ran
/// as the office's date and time with its offset, in winter and in summer, in either language.
@Suite(.ownThreads) struct OfficeTimeCommandTests {
    @Test(arguments: TestBackend.available) func historyShowsWhenOnTheOfficesClock(_ backend: TestBackend) throws {
        let scenario = try ImportScenario(backend)
        defer { scenario.remove() }
        for (file, stored) in [("winter.csv", "2026-11-25T20:05:24Z"), ("summer.csv", "2026-07-31T22:30:00Z")] {
            _ = try scenario.store.write { session in
                try session.insertImportBatch(ImportBatch(
                    fileName: file, sha256: String(repeating: "0", count: 64), operatorName: "olga", createdAt: stored,
                    range: nil, added: 0, removed: 0, unchanged: 0, outcome: .unchanged))
            }
        }
        var cli = scenario.cli
        cli.environment["SLOTSHEET_TIMEZONE"] = "Europe/Amsterdam"
        let english = try cli.run("history", "--lang", "en")
        #expect(english.status == 0, "\(english.errors)")
        let lines = english.output.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("batch  when                      operator") == true, "\(lines)")
        #expect(lines.contains { $0.contains("25 Nov 2026 21:05 +01:00  olga") && $0.hasSuffix("winter.csv") }, "\(lines)")
        #expect(lines.contains { $0.contains("1 Aug 2026 00:30 +02:00   olga") && $0.hasSuffix("summer.csv") }, "the office's date: \(lines)")
        #expect(!english.output.contains("T20:05") && !english.output.contains("Z "), "no UTC timestamp: \(english.output)")
        let dutch = try cli.run("history", "--lang", "nl").output
        #expect(dutch.contains("25 nov 2026 21:05 +01:00") && dutch.contains("1 aug 2026 00:30 +02:00"), "\(dutch)")
    }
}

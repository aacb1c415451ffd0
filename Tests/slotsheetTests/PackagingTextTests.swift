import InteropSupport
import Foundation
import SlotSheetCore
import Testing

/// What the package's own texts promise, checked against what the package does: the changelog's
/// top entry against the binary's schema, the purge question's priority against the guides' "it
/// asks" (Debian's default priority is high: a question below it is never asked).
@Suite(.ownThreads) struct PackagingTextTests {
    static func text(_ path: String) throws -> String {
        try String(contentsOf: VersionAndCompletionTests.repository.appending(path: path), encoding: .utf8)
    }

    @Test func theChangelogsTopEntryNamesTheSchemaTheBinaryHas() throws {
        let changelog = try Self.text("packaging/debian/changelog")
        let topEntry = try #require(changelog.components(separatedBy: "\n -- ").first)
        #expect(topEntry.contains("schema version \(Schema.version)"),
                "the top entry of packaging/debian/changelog names schema version \(Schema.version) (update it with a migration)")
    }

    @Test func thePurgeQuestionIsAskedAtDebiansDefaultPriority() throws {
        let postrm = try Self.text("packaging/debian/postrm")
        let asked = try #require(postrm.firstMatch(of: /db_input (\w+) slotsheet\/purge-data/)?.1)
        #expect(["high", "critical"].contains(String(asked)), "asked at \(asked): below high, `apt purge` never asks")
    }
}

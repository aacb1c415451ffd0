import Foundation
import SlotSheetCore
import SlotSheetTemplates

/// A preview of a batch of decisions about repair requests (a `DecisionOutcome`) as a part of a
/// page: the counts per decision, one row a request that changes with what changes, and every
/// problem with where it is and how to fix it, all in the core's words. Shared by every page that
/// previews decisions (the Requests page's bulk decisions; a requests workbook uploaded).
struct DecisionPreviewSection {
    let language: Language
    let outcome: DecisionOutcome
    /// Where a problem is, as the page names it (a request's number; a file's sheet and cell).
    let place: (DecisionProblem) -> String

    var node: Node {
        let w = language.requestPage
        return .fragment([
            element("p", [.class("counts")]) { DecisionReportLine.counts(outcome.plan.counts, unchanged: outcome.plan.unchanged).text(language) },
            changes(w),
            problems(w),
        ])
    }

    private func changes(_ w: RequestPageWords) -> Node {
        guard !outcome.changeLines.isEmpty else { return .empty }
        return .fragment([
            element("h2") { w.changedTitle },
            element("table", [.class("decision-changes")]) {
                element("thead") {
                    element("tr") {
                        element("th", [Attribute("scope", "col"), .class("number")]) { w.changeColumns.request }
                        element("th", [Attribute("scope", "col")]) { w.changeColumns.change }
                    }
                }
                element("tbody") {
                    for line in outcome.changeLines {
                        element("tr") {
                            element("td", [.class("number")]) { Self.request(of: line).map { String($0) } ?? "" }
                            element("td") { Self.change(line, language) }
                        }
                    }
                }
            },
        ])
    }

    private func problems(_ w: RequestPageWords) -> Node {
        guard !outcome.problems.isEmpty else { return .empty }
        return .fragment([
            element("h2") { w.problemsTitle },
            element("table", [.class("decision-problems")]) {
                element("thead") {
                    element("tr") {
                        element("th", [Attribute("scope", "col")]) { w.problemColumns.request }
                        element("th", [Attribute("scope", "col")]) { w.problemColumns.problem }
                        element("th", [Attribute("scope", "col")]) { w.problemColumns.fix }
                    }
                }
                element("tbody") {
                    for problem in outcome.problems {
                        element("tr") {
                            element("td") { place(problem) }
                            element("td") { problem.message(language) }
                            element("td") { problem.hint(language) }
                        }
                    }
                }
            },
        ])
    }

    /// The request a change line is about.
    static func request(of line: DecisionReportLine) -> RowID? {
        if case let .change(request, _, _, _, _, _) = line { return request }
        return nil
    }

    /// What a change line says after its request ("new -> approved, staff ANB."): the request
    /// is the row's own column.
    static func change(_ line: DecisionReportLine, _ language: Language) -> String {
        let text = line.text(language).trimmingCharacters(in: .whitespaces)
        guard let colon = text.range(of: ": ") else { return text }
        return String(text[colon.upperBound...])
    }
}

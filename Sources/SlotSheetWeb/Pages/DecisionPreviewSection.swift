import Foundation
import SlotSheetCore
import SlotSheetTemplates

/// A preview of a batch of decisions about repair requests (a `DecisionPreview`) as a part of a
/// page: the counts per decision, one row a request that changes with what changes, and every
/// problem with where it is and how to fix it, all in the core's words. Shared by every page that
/// previews decisions (the Requests page's bulk decisions; a requests workbook uploaded).
struct DecisionPreviewSection {
    let language: Language
    let preview: DecisionPreview
    /// The title of the problems' first column: a request (the page's own decisions) or, for a
    /// file, its place.
    var placeTitle: String? = nil

    var node: Node {
        let w = language.requestPage
        return .fragment([
            element("p", [.class("counts")]) { DecisionReportLine.counts(preview.counts, unchanged: preview.unchanged).text(language) },
            changes(w),
            problems(w),
        ])
    }

    private func changes(_ w: RequestPageWords) -> Node {
        guard !preview.changes.isEmpty else { return .empty }
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
                    for change in preview.changes {
                        element("tr") {
                            element("td", [.class("number")]) { change.request.map { String($0) } ?? "" }
                            element("td") { change.words.text(language) }
                        }
                    }
                }
            },
            cut(preview.changes.count, of: preview.changeTotal),
        ])
    }

    private func problems(_ w: RequestPageWords) -> Node {
        guard !preview.problems.isEmpty else { return .empty }
        return .fragment([
            element("h2") { w.problemsTitle },
            element("table", [.class("decision-problems")]) {
                element("thead") {
                    element("tr") {
                        element("th", [Attribute("scope", "col")]) { placeTitle ?? w.problemColumns.request }
                        element("th", [Attribute("scope", "col")]) { w.problemColumns.problem }
                        element("th", [Attribute("scope", "col")]) { w.problemColumns.fix }
                    }
                }
                element("tbody") {
                    for problem in preview.problems {
                        element("tr") {
                            element("td") { problem.place.text(language) }
                            element("td") { problem.message.text(language) }
                            element("td") { problem.hint.text(language) }
                        }
                    }
                }
            },
            cut(preview.problems.count, of: preview.problemTotal),
        ])
    }

    /// A line under a table that shows only its first rows.
    private func cut(_ shown: Int, of total: Int) -> Node {
        shown < total ? element("p", [.class("muted")]) { language.words.importing.problemsCut(shown, total) } : .empty
    }
}

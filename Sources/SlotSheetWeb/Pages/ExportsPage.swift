import SlotSheetCore

/// The nightly exports (admins only): one section a day, newest first, each file with its size and
/// a download link; the manifest first.
struct ExportsPage {
    let frame: PageFrame
    let folder: String
    let runs: [NightlyRun]

    var node: Node {
        let w = frame.words
        return frame.page(w.exportsTitle, section: .exports) {
            element("p", [.class("intro")]) { w.exportsIntro(folder) }
            if runs.isEmpty { frame.message("info", w.exportsNone) }
            for run in runs {
                element("section", [.class("card")]) {
                    element("h2") { DateLabel.long(run.day, w) }
                    element("table") {
                        element("thead") {
                            element("tr") {
                                element("th", [Attribute("scope", "col")]) { w.exportsFileColumn }
                                element("th", [.class("number"), Attribute("scope", "col")]) { w.exportsSizeColumn }
                            }
                        }
                        element("tbody") {
                            for file in run.files {
                                element("tr") {
                                    element("td") {
                                        element("a", [.href("/exports/\(run.day.iso)/\(file.name)"), Attribute("download", nil)]) { file.name }
                                    }
                                    element("td", [.class("number")]) { Self.size(file.bytes) }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// A size as a person reads it: bytes, KB or MB.
    static func size(_ bytes: Int) -> String {
        if bytes < 1024 { return "\(bytes) B" }
        if bytes < 1024 * 1024 { return "\((bytes + 512) / 1024) KB" }
        return String(format: "%.1f MB", Double(bytes) / 1_048_576)
    }
}

import Foundation
import InteropSupport

/// Writes .ods packages with `Fuzz/ods_packages.py` (the helper the hand-made corpus files and the
/// hostile files are made with), so the tests make their OpenDocument shapes instead of shipping them.
struct TestODS {
    /// The sheets, each the XML of its `table:table` (see `table(_:rows:)`).
    var tables: [String]
    /// XML placed before the sheets inside `office:spreadsheet` (calculation settings...).
    var beforeTables = ""
    /// XML placed after them (named expressions...).
    var afterTables = ""
    var mimetype: String? = "application/vnd.oasis.opendocument.spreadsheet"
    var withManifest = true
    /// `meta:user-defined` elements, placed in meta.xml.
    var userDefined = ""

    /// One `table:table` (hidden through its automatic style when `hidden`).
    static func table(_ name: String, hidden: Bool = false, columns: String = "", rows: String) -> String {
        "<table:table table:name=\"\(name)\" table:style-name=\"\(hidden ? "taHidden" : "taVisible")\">\(columns)\(rows)</table:table>"
    }

    /// A row of string cells ("" for an empty cell).
    static func row(_ texts: [String], repeated: Int = 1, attributes: String = "") -> String {
        let cells = texts.map { $0.isEmpty ? "<table:table-cell/>"
            : "<table:table-cell office:value-type=\"string\"><text:p>\($0)</text:p></table:table-cell>" }
        let repeats = repeated > 1 ? " table:number-rows-repeated=\"\(repeated)\"" : ""
        return "<table:table-row\(repeats)\(attributes)>\(cells.joined())</table:table-row>"
    }

    @discardableResult
    func write(to path: String) throws -> String {
        let spec: [String: Any] = [
            "path": path, "tables": tables, "before": beforeTables, "after": afterTables,
            "mimetype": mimetype as Any, "manifest": withManifest, "user_defined": userDefined,
        ]
        let specPath = path + ".spec.json"
        try JSONSerialization.data(withJSONObject: spec).write(to: URL(fileURLWithPath: specPath))
        defer { try? FileManager.default.removeItem(atPath: specPath) }
        try Interop.runPython("""
            import json, sys
            sys.path.insert(0, sys.argv[2])
            import ods_packages as op
            spec = json.load(open(sys.argv[1], encoding="utf-8"))
            parts = op.package(op.content(spec["tables"], spec["before"], spec["after"]),
                               meta_xml=op.meta(user_defined=spec["user_defined"]))
            if spec["mimetype"] is None:
                del parts["mimetype"]
            else:
                parts["mimetype"] = spec["mimetype"]
            if not spec["manifest"]:
                del parts["META-INF/manifest.xml"]
            op.write(spec["path"], parts)
            """, arguments: [specPath, Interop.repositoryRoot.appending(path: "Fuzz").path])
        return path
    }
}

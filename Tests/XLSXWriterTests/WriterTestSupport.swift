import Foundation
import InteropSupport

/// A path for a new workbook in a folder of its own.
func temporaryPath(_ name: String = "out.xlsx") throws -> String {
    let folder = FileManager.default.temporaryDirectory.appending(path: "xlsxwriter-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder.appending(path: name).path
}

/// openpyxl's view of the file as JSON: `body` is Python that fills the dict `out` from `wb`
/// (as written) and `values` (cached values).
func peek(_ path: String, _ body: String) throws -> [String: Any] {
    let script = """
        import json, sys, warnings
        warnings.simplefilter("ignore")
        import openpyxl
        wb = openpyxl.load_workbook(sys.argv[1])
        values = openpyxl.load_workbook(sys.argv[1], data_only=True)
        out = {}
        \(body)
        print(json.dumps(out, default=str))
        """
    let text = try Interop.runPython(script, arguments: [path])
    return try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any]
}

import Foundation
import InteropSupport
import XLSXReader

/// A scratch folder for files a test makes, removed when the test is done.
struct ScratchFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appending(path: "xlsxreader-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { url.appending(path: name).path }

    func remove() { try? FileManager.default.removeItem(at: url) }
}

/// Writes zip archives with Python's zipfile (the interop venv's interpreter), so the tests make
/// their hostile and hand-shaped packages instead of shipping them.
enum ZipWriter {
    struct Entry {
        var name: String
        var text: String
        var stored = false
    }

    /// Writes `entries`, in order, deflated unless `stored`.
    static func write(_ entries: [Entry], to path: String) throws {
        let spec: [String: Any] = [
            "path": path,
            "entries": entries.map { ["name": $0.name, "text": $0.text, "stored": $0.stored] },
        ]
        let specPath = path + ".spec.json"
        try JSONSerialization.data(withJSONObject: spec).write(to: URL(fileURLWithPath: specPath))
        defer { try? FileManager.default.removeItem(atPath: specPath) }
        try Interop.runPython("""
            import json, sys, zipfile
            spec = json.load(open(sys.argv[1], encoding="utf-8"))
            with zipfile.ZipFile(spec["path"], "w") as z:
                for e in spec["entries"]:
                    method = zipfile.ZIP_STORED if e["stored"] else zipfile.ZIP_DEFLATED
                    z.writestr(zipfile.ZipInfo(e["name"], (2024, 1, 1, 0, 0, 0)), e["text"].encode("utf-8"), method)
            """, arguments: [specPath])
    }
}

/// A small but complete workbook package, with the knobs the tests turn: Strict or Transitional
/// namespaces, a namespace prefix, where the workbook lives, absolute targets, upper-case part names.
struct TestPackage {
    struct Sheet {
        var name: String
        var state: String?
        /// The worksheet's inner XML (with the prefix placeholder `p:` written as `{p}`).
        var body: String
    }

    enum Flavor { case transitional, strict }

    var flavor = Flavor.transitional
    /// Prefix for SpreadsheetML elements (`x` gives `<x:worksheet xmlns:x=...>`); nil for a default namespace.
    var prefix: String?
    var workbookFolder = "xl"
    var absoluteTargets = false
    var upperCaseNames = false
    var date1904 = false
    var sheets: [Sheet] = []
    /// Each item is the inner XML of one `<si>`.
    var sharedStrings: [String]?
    /// Custom number formats (id, code) and the number format id of each cell style.
    var numberFormats: [(id: Int, code: String)] = []
    var cellStyles: [Int] = [0]
    var definedNames = ""
    var application: String?
    /// The inner XML of `<Properties>` in docProps/custom.xml.
    var customProperties: String?

    init(sheets: [Sheet]) { self.sheets = sheets }

    /// A workbook with one sheet named Sheet1 holding `sheetData` (inner XML of `<sheetData>`).
    init(sheetData: String, sharedStrings: [String]? = nil) {
        sheets = [Sheet(name: "Sheet1", state: nil, body: "<{p}sheetData>\(sheetData)</{p}sheetData>")]
        self.sharedStrings = sharedStrings
    }

    private var main: String {
        flavor == .strict ? "http://purl.oclc.org/ooxml/spreadsheetml/main"
            : "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
    }

    private var officeRelationships: String {
        flavor == .strict ? "http://purl.oclc.org/ooxml/officeDocument/relationships"
            : "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    }

    private func type(_ kind: String) -> String { "\(officeRelationships)/\(kind)" }

    /// `<tag xmlns...>` for a SpreadsheetML root element, with the prefix applied.
    private func root(_ tag: String, _ inner: String) -> String {
        let declaration = prefix.map { "xmlns:\($0)=\"\(main)\"" } ?? "xmlns=\"\(main)\""
        let body = applyPrefix(inner)
        return "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n"
            + "<\(element(tag)) \(declaration) xmlns:r=\"\(officeRelationships)\">\(body)</\(element(tag))>"
    }

    private func element(_ tag: String) -> String { prefix.map { "\($0):\(tag)" } ?? tag }

    private func applyPrefix(_ xml: String) -> String { xml.replacingOccurrences(of: "{p}", with: prefix.map { "\($0):" } ?? "") }

    private func name(_ part: String) -> String { upperCaseNames ? part.uppercased() : part }

    private func target(_ part: String, from folder: String) -> String {
        absoluteTargets ? "/\(folder.isEmpty ? "" : folder + "/")\(part)" : part
    }

    private func relationships(_ items: [(id: String, type: String, target: String)]) -> String {
        let lines = items.map { "<Relationship Id=\"\($0.id)\" Type=\"\($0.type)\" Target=\"\($0.target)\"/>" }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\">"
            + lines.joined() + "</Relationships>"
    }

    var entries: [ZipWriter.Entry] {
        let folder = workbookFolder
        let prefixPath = folder.isEmpty ? "" : folder + "/"
        var entries: [ZipWriter.Entry] = []
        entries.append(.init(name: "[Content_Types].xml", text: """
            <?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">\
            <Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>\
            <Default Extension="xml" ContentType="application/xml"/></Types>
            """))
        var package = [(id: "rId1", type: type("officeDocument"), target: "\(absoluteTargets ? "/" : "")\(prefixPath)workbook.xml")]
        if let application {
            package.append((id: "rId2", type: type("extended-properties"), target: "docProps/app.xml"))
            entries.append(.init(name: name("docProps/app.xml"), text: """
                <?xml version="1.0" encoding="UTF-8"?><Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties">\
                <Application>\(application)</Application><AppVersion>1.0</AppVersion></Properties>
                """))
        }
        if let customProperties {
            package.append((id: "rId3", type: type("custom-properties"), target: "docProps/custom.xml"))
            entries.append(.init(name: name("docProps/custom.xml"), text: """
                <?xml version="1.0" encoding="UTF-8"?><Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/custom-properties" \
                xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes">\(customProperties)</Properties>
                """))
        }
        entries.append(.init(name: name("_rels/.rels"), text: relationships(package)))

        var workbookRelationships: [(id: String, type: String, target: String)] = []
        var sheetList = ""
        for (index, sheet) in sheets.enumerated() {
            let id = "rId\(index + 1)"
            workbookRelationships.append((id, type("worksheet"), target("worksheets/sheet\(index + 1).xml", from: folder)))
            let state = sheet.state.map { " state=\"\($0)\"" } ?? ""
            sheetList += "<{p}sheet name=\"\(sheet.name)\" sheetId=\"\(index + 1)\"\(state) r:id=\"\(id)\"/>"
            entries.append(.init(name: name("\(prefixPath)worksheets/sheet\(index + 1).xml"), text: root("worksheet", sheet.body)))
        }
        if let sharedStrings {
            workbookRelationships.append(("rIdS", type("sharedStrings"), target("sharedStrings.xml", from: folder)))
            let items = sharedStrings.map { "<{p}si>\($0)</{p}si>" }.joined()
            entries.append(.init(name: name("\(prefixPath)sharedStrings.xml"), text: root("sst", items)))
        }
        workbookRelationships.append(("rIdY", type("styles"), target("styles.xml", from: folder)))
        let formats = numberFormats.map { "<{p}numFmt numFmtId=\"\($0.id)\" formatCode=\"\(escaped($0.code))\"/>" }.joined()
        let styles = cellStyles.map { "<{p}xf numFmtId=\"\($0)\" fontId=\"0\" fillId=\"0\" borderId=\"0\" xfId=\"0\"/>" }.joined()
        entries.append(.init(name: name("\(prefixPath)styles.xml"), text: root("styleSheet", """
            <{p}numFmts count="\(numberFormats.count)">\(formats)</{p}numFmts>\
            <{p}cellStyleXfs count="1"><{p}xf numFmtId="0"/></{p}cellStyleXfs>\
            <{p}cellXfs count="\(cellStyles.count)">\(styles)</{p}cellXfs>
            """)))
        entries.append(.init(name: name("\(prefixPath)_rels/workbook.xml.rels"), text: relationships(workbookRelationships)))
        let workbookProperties = date1904 ? "<{p}workbookPr date1904=\"1\"/>" : "<{p}workbookPr/>"
        let names = definedNames.isEmpty ? "" : "<{p}definedNames>\(definedNames)</{p}definedNames>"
        entries.append(.init(name: name("\(prefixPath)workbook.xml"),
                             text: root("workbook", "\(workbookProperties)<{p}sheets>\(sheetList)</{p}sheets>\(names)")))
        return entries
    }

    private func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "<", with: "&lt;")
    }

    /// Writes the package and returns its path.
    @discardableResult
    func write(to path: String) throws -> String {
        try ZipWriter.write(entries, to: path)
        return path
    }
}

/// Reading helpers: every cell of a workbook, as a user of the reader would collect them.
extension XLSXWorkbook {
    /// All cells of one sheet as `A1 -> value`.
    func cells(of sheetName: String) throws(XLSXError) -> [String: CellValue] {
        guard let sheet = sheet(named: sheetName) else { return [:] }
        var rows = try rows(of: sheet)
        var cells: [String: CellValue] = [:]
        while let row = try rows.next() {
            for cell in row.cells { cells[cell.a1] = cell.value }
        }
        return cells
    }

    /// The JSON-lines dump of the corpus format, for the whole workbook.
    func jsonLines() throws(XLSXError) -> String {
        var output: [UInt8] = []
        for sheet in sheets {
            var rows = try rows(of: sheet)
            while let row = try rows.next() {
                for cell in row.cells { CellJSONLines.append(sheet: sheet.name, cell: cell, to: &output) }
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}

/// The error a throwing expression throws, or nil.
func caught<T>(_ body: () throws(XLSXError) -> T) -> XLSXError? {
    do {
        _ = try body()
        return nil
    } catch {
        return error
    }
}

/// Opens a workbook and reads every cell, returning the error that stopped it (nil when it read).
func readFully(_ path: String, limits: XLSXLimits = .default) -> XLSXError? {
    caught { () throws(XLSXError) in
        let book = try XLSXWorkbook(path: path, limits: limits)
        for sheet in book.sheets {
            var rows = try book.rows(of: sheet)
            while try rows.next() != nil {}
        }
    }
}

extension CellValue {
    var text: String? {
        if case let .string(text) = self { return text }
        return nil
    }

    var number: Double? {
        if case let .number(number) = self { return number }
        return nil
    }

    var iso: String? {
        if case let .date(date) = self { return date.iso8601 }
        return nil
    }
}

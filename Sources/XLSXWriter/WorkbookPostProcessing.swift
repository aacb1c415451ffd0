import CZip
import Foundation

/// Changes to a finished .xlsx that libxlsxwriter cannot make while writing. libxlsxwriter 1.1.4
/// (Debian's) can hide a sheet but not make it *very hidden*, the state Excel's Unhide menu does
/// not offer; so the sheet is written hidden and its `state` attribute in `xl/workbook.xml` is
/// rewritten afterwards, in place, through libzip. Sheets prepared apart (`PreparedSheet`) go in
/// by the same pass. Every other part of the file is copied as it is.
///
///     try workbook.close()
///     try WorkbookPostProcessing.setSheetState(.veryHidden, ofSheetNamed: "_slotsheet", inFileAt: path)
///
/// `WorkbookWriter.close()` does this itself for sheets hidden with `SheetWriter.hide(.veryHidden)`.
public enum WorkbookPostProcessing {
    /// The workbook part that lists the sheets and their states.
    static let workbookPart = "xl/workbook.xml"
    /// The part naming the writing application.
    static let applicationPart = "docProps/app.xml"

    /// Sets the state of the sheet named `name` in the workbook at `path`.
    public static func setSheetState(_ state: SheetState, ofSheetNamed name: String, inFileAt path: String) throws(XLSXWriteError) {
        try rewrite(path, sheetStates: [(name, state)], replacingParts: [:])
    }

    /// What `WorkbookWriter.close()` does after libxlsxwriter: one pass over the file that makes
    /// `veryHiddenSheets` very hidden, puts each prepared part (already deflated) in place of
    /// the one libxlsxwriter wrote under its name, and puts prepared rows into the `sheetData`
    /// of the sheet libxlsxwriter wrote around them, and names `application` in `docProps/app.xml`.
    /// Nothing to do, no pass.
    static func finish(_ path: String, veryHiddenSheets: [String], replacingParts parts: [String: DeflatedPart.Finished],
                       fillingRows rows: [String: PreparedRows.Finished] = [:], application: String? = nil) throws(XLSXWriteError) {
        guard !veryHiddenSheets.isEmpty || !parts.isEmpty || !rows.isEmpty || application != nil else { return }
        try rewrite(path, sheetStates: veryHiddenSheets.map { ($0, .veryHidden) }, replacingParts: parts, fillingRows: rows,
                    application: application)
    }

    private static func rewrite(_ path: String, sheetStates: [(name: String, state: SheetState)],
                                replacingParts parts: [String: DeflatedPart.Finished],
                                fillingRows rows: [String: PreparedRows.Finished] = [:], application: String? = nil) throws(XLSXWriteError) {
        var code: Int32 = 0
        guard let archive = zip_open(path, 0, &code) else {
            throw .refused(context: "reopening \(path)", reason: "libzip error \(code)")
        }
        do throws(XLSXWriteError) {
            if !sheetStates.isEmpty {
                let (index, info) = try locate(workbookPart, in: archive, path: path)
                var edited = try read(archive, index: index, size: Int(info.size), path: path, name: workbookPart)
                for (name, state) in sheetStates { edited = try withSheetState(state, ofSheetNamed: name, in: edited) }
                try replace(archive, index: index, with: edited, mtime: info.mtime, path: path)
            }
            if let application {
                let (index, info) = try locate(applicationPart, in: archive, path: path)
                let written = try read(archive, index: index, size: Int(info.size), path: path, name: applicationPart)
                try replace(archive, index: index, with: naming(application, in: written), mtime: info.mtime, path: path)
            }
            var whole = parts
            for (name, prepared) in rows {
                let (index, info) = try locate(name, in: archive, path: path)
                whole[name] = try prepared.sheet(around: read(archive, index: index, size: Int(info.size), path: path, name: name))
            }
            for (name, part) in whole.sorted(by: { $0.key < $1.key }) {
                let (index, info) = try locate(name, in: archive, path: path)
                guard let source = part.zipSource(in: archive) else { throw failure(archive, path) }
                guard zip_file_replace(archive, index, source, 0) == 0 else {
                    zip_source_free(source)
                    throw failure(archive, path)
                }
                guard zip_file_set_mtime(archive, index, info.mtime, 0) == 0 else { throw failure(archive, path) }
            }
            guard zip_close(archive) == 0 else { throw failure(archive, path) }
        } catch {
            zip_discard(archive)
            throw error
        }
    }

    /// The index and facts of the entry `name`.
    private static func locate(_ name: String, in archive: OpaquePointer, path: String) throws(XLSXWriteError) -> (zip_uint64_t, zip_stat_t) {
        let index = zip_name_locate(archive, name, 0)
        guard index >= 0 else { throw .refused(context: path, reason: "it has no \(name)") }
        var info = zip_stat_t()
        guard zip_stat_index(archive, zip_uint64_t(index), 0, &info) == 0 else { throw failure(archive, path) }
        return (zip_uint64_t(index), info)
    }

    /// `workbookXML` with the `state` attribute of the sheet named `name` set to `state` (an
    /// attribute it had is replaced; a visible sheet carries none). Names are compared after
    /// resolving the XML escapes of their attribute.
    static func withSheetState(_ state: SheetState, ofSheetNamed name: String, in workbookXML: String) throws(XLSXWriteError) -> String {
        var searchFrom = workbookXML.startIndex
        while let start = workbookXML.range(of: "<sheet ", range: searchFrom..<workbookXML.endIndex),
              let end = workbookXML.range(of: ">", range: start.upperBound..<workbookXML.endIndex) {
            let element = workbookXML[start.lowerBound..<end.upperBound]
            searchFrom = end.upperBound
            guard let written = element.firstMatch(of: /\sname="([^"]*)"/)?.1, unescaped(written) == name else { continue }
            var attributes = String(element.dropFirst("<sheet".count).dropLast(element.hasSuffix("/>") ? 2 : 1))
            attributes = attributes.replacingOccurrences(of: #"\s+state="[^"]*""#, with: "", options: .regularExpression)
            if state != .visible { attributes += " state=\"\(state.rawValue)\"" }
            let replacement = "<sheet" + attributes.trimmingTrailingSpaces() + (element.hasSuffix("/>") ? "/>" : ">")
            return workbookXML.replacingCharacters(in: start.lowerBound..<end.upperBound, with: replacement)
        }
        throw .refused(context: "sheet '\(name)'", reason: "not found in \(workbookPart)")
    }

    /// `appXML` naming `application` as the writer, its `AppVersion` (Excel's number) left out.
    static func naming(_ application: String, in appXML: String) -> String {
        let escaped = application.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
        return appXML.replacing(/<Application>[^<]*<\/Application>/, with: "<Application>\(escaped)</Application>")
            .replacing(/<AppVersion>[^<]*<\/AppVersion>/, with: "")
    }

    /// An attribute value as text: the five named XML escapes resolved (`&amp;` last).
    private static func unescaped(_ text: Substring) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    private static func read(_ archive: OpaquePointer, index: zip_uint64_t, size: Int, path: String, name: String) throws(XLSXWriteError) -> String {
        guard let file = zip_fopen_index(archive, index, 0) else { throw failure(archive, path) }
        defer { zip_fclose(file) }
        var bytes = [UInt8](repeating: 0, count: size)
        var total = 0
        while total < size {
            let count = bytes.withUnsafeMutableBytes { zip_fread(file, $0.baseAddress! + total, zip_uint64_t(size - total)) }
            guard count > 0 else { throw failure(archive, path) }
            total += Int(count)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .refused(context: path, reason: "\(name) is not UTF-8")
        }
        return text
    }

    /// Replaces the entry, keeping its time stamp so the same workbook gives the same bytes.
    private static func replace(_ archive: OpaquePointer, index: zip_uint64_t, with text: String, mtime: time_t, path: String) throws(XLSXWriteError) {
        let bytes = Array(text.utf8)
        guard let copy = malloc(max(bytes.count, 1)) else { throw .refused(context: path, reason: "out of memory") }
        bytes.withUnsafeBytes { copy.copyMemory(from: $0.baseAddress!, byteCount: bytes.count) }
        // With `freep` 1 the source owns `copy` from here on, and frees it when done.
        guard let source = zip_source_buffer(archive, copy, zip_uint64_t(bytes.count), 1) else {
            free(copy)
            throw failure(archive, path)
        }
        guard zip_file_replace(archive, index, source, 0) == 0 else {
            zip_source_free(source)
            throw failure(archive, path)
        }
        guard zip_file_set_mtime(archive, index, mtime, 0) == 0 else { throw failure(archive, path) }
    }

    private static func failure(_ archive: OpaquePointer, _ path: String) -> XLSXWriteError {
        .refused(context: "rewriting \(path)", reason: String(cString: zip_strerror(archive)))
    }
}

/// Whether a sheet's tab shows, and whether the spreadsheet program's menu can show it again.
public enum SheetState: String, Sendable {
    case visible
    /// Not shown; Format > Sheet > Unhide shows it again.
    case hidden
    /// Not shown, and not offered by the Unhide menu (only a macro or an XML editor changes it).
    case veryHidden
}

private extension String {
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}

import Foundation
import Hummingbird
import MultipartKit
import NIOCore
import SlotSheetTemplates

/// Receives a multipart upload as it arrives, straight into a file of the private folder, and
/// refuses it once it passes the limit, while it is still arriving: memory holds one chunk, never
/// the file. The form's token (`csrf`, a field before the file) is checked before a byte is kept.
///
/// The file's name as the browser gave it is kept only to be shown (cut to its last path part,
/// without control characters, at most 200 characters).
struct UploadReceiver {
    struct Received {
        let storedName: String
        let clientName: String
        let size: Int
    }

    /// Why an upload form brought no file to read (answered 400 with the form again).
    enum Failure: Error, Equatable {
        case noFile
        case empty
        case notMultipart
        /// The parts could not be read: a broken boundary or part header, or a body that ended mid-part.
        case malformed

        /// The message for the person or script that sent the form, in their language.
        func message(_ words: WebWords) -> String {
            switch self {
            case .noFile: return words.noFileChosen
            case .empty: return words.emptyFile
            case .notMultipart: return words.notAnUploadForm
            case .malformed: return words.malformedUpload
            }
        }
    }

    let folder: UploadFolder
    let limitBytes: Int
    /// Room for the other fields and the part headers, above the file's own limit.
    static let overhead = 64 * 1024

    /// Reads the request body; `checkToken` gets the form token and throws when it is wrong.
    func receive(_ request: Request, checkToken: @escaping (String?) throws -> Void) async throws -> Received {
        guard let boundary = Self.boundary(request.headers[.contentType]) else { throw Failure.notMultipart }
        if let length = request.headers[.contentLength].flatMap(Int.init), length > limitBytes + Self.overhead {
            throw WebError.tooLarge(limitMB: limitBytes / 1_048_576)
        }
        let parser = MultipartParser(boundary: boundary)
        var headerGuard = MultipartHeaderGuard(boundary: boundary)
        var headers: [String: String] = [:]
        var partName: String?
        var token = ""
        var tokenChecked = false
        var clientName = ""
        var storedName: String?
        var output: FileHandle?
        var fileBytes = 0
        var failure: (any Error)?
        var fileDone = false

        parser.onHeader = { name, value in headers[name.lowercased()] = value }
        parser.onBody = { buffer in
            if partName == nil {
                partName = Self.parameter("name", in: headers["content-disposition"] ?? "")
                if partName == "file" {
                    do {
                        if !tokenChecked { try checkToken(token); tokenChecked = true }
                        clientName = Self.displayName(Self.parameter("filename", in: headers["content-disposition"] ?? "") ?? "")
                        let name = folder.newStoredName()
                        let path = folder.file(name)!
                        guard FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]),
                              let handle = FileHandle(forWritingAtPath: path) else { throw CocoaError(.fileWriteUnknown) }
                        storedName = name
                        output = handle
                    } catch {
                        failure = failure ?? error
                    }
                }
            }
            guard failure == nil else { return }
            switch partName {
            case "csrf"?:
                if token.utf8.count < 256 { token += buffer.readString(length: min(buffer.readableBytes, 256)) ?? "" }
            case "file"? where !fileDone:
                fileBytes += buffer.readableBytes
                if fileBytes > limitBytes {
                    failure = WebError.tooLarge(limitMB: limitBytes / 1_048_576)
                    return
                }
                if let bytes = buffer.readBytes(length: buffer.readableBytes) {
                    do { try output?.write(contentsOf: bytes) } catch { failure = error }
                }
            default:
                break
            }
        }
        parser.onPartComplete = {
            if partName == "file" { fileDone = true }
            if partName == "file" && storedName == nil && failure == nil {
                // A file part with no bytes at all: the browser sends one when no file was chosen.
                failure = Failure.noFile
            }
            partName = nil
            headers = [:]
        }

        var total = 0
        do {
            for try await chunk in request.body {
                total += chunk.readableBytes
                if total > limitBytes + Self.overhead { failure = failure ?? WebError.tooLarge(limitMB: limitBytes / 1_048_576) }
                if failure == nil {
                    try headerGuard.check(chunk)
                    try parser.execute(chunk)
                }
                if failure != nil { break }
            }
        } catch {
            failure = failure ?? Failure.malformed
        }
        try? output?.close()
        if failure == nil && !tokenChecked {
            // No file part came: check the token all the same, so a bad token says so first.
            try checkToken(token)
            failure = Failure.noFile
        }
        if let failure {
            if let storedName { folder.remove(storedName) }
            throw failure
        }
        guard let storedName else { throw Failure.noFile }
        guard fileBytes > 0 else {
            folder.remove(storedName)
            throw Failure.empty
        }
        return Received(storedName: storedName, clientName: clientName, size: fileBytes)
    }

    /// The `boundary` of a `multipart/form-data` content type.
    static func boundary(_ contentType: String?) -> String? {
        guard let contentType, contentType.lowercased().hasPrefix("multipart/form-data"),
              let value = parameter("boundary", in: contentType), !value.isEmpty, value.count <= 70 else { return nil }
        return value
    }

    /// A parameter of a header value (`name="file"; filename="a.xlsx"`), unquoted. A quoted value
    /// runs to its closing quote, whatever it holds (`filename="a;b.csv"`); a quote inside is
    /// escaped (`\"`) or, as browsers send it, percent-encoded; a stray one (`"a";b.csv"`, from a
    /// hand-made request) keeps the name whole: `a";b.csv`.
    static func parameter(_ name: String, in header: String) -> String? {
        for (key, value) in parameters(header) where key == name { return value }
        return nil
    }

    /// Every `key=value` after the first `;` of a header value, keys lowercased.
    static func parameters(_ header: String) -> [(String, String)] {
        var result: [(String, String)] = []
        var rest = Substring(header)
        guard let first = rest.firstIndex(of: ";") else { return [] }
        rest = rest[rest.index(after: first)...]
        while !rest.isEmpty {
            rest = rest.drop { $0 == " " || $0 == "\t" || $0 == ";" }
            let key = rest.prefix { $0 != "=" && $0 != ";" }
            rest = rest.dropFirst(key.count)
            guard rest.first == "=" else { continue }
            rest = rest.dropFirst()
            var value = ""
            if rest.first == "\"" {
                rest = rest.dropFirst()
                while let character = rest.first, character != "\"" {
                    // `\"` is a quote; any other backslash is itself (a browser sends C:\Users\... as it is).
                    if character == "\\", rest.dropFirst().first == "\"" { rest = rest.dropFirst() }
                    value.append(rest.first!)
                    rest = rest.dropFirst()
                }
                rest = rest.dropFirst()
                // A stray quote (`"a";b.csv"`): what follows up to the header's last quote is no
                // parameter (it has no `=`), so it is the rest of the name.
                if let last = rest.lastIndex(of: "\""), !rest[..<last].contains("=") {
                    value += "\"" + rest[..<last]
                    rest = rest[rest.index(after: last)...]
                }
                rest = rest.drop { $0 != ";" }
            } else {
                value = String(rest.prefix { $0 != ";" }).trimmingCharacters(in: .whitespaces)
                rest = rest.dropFirst(value.count)
                rest = rest.drop { $0 != ";" }
            }
            result.append((key.trimmingCharacters(in: .whitespaces).lowercased(), value))
        }
        return result
    }

    /// The name to show: its last path part (a browser may send "C:\\Users\\...\\a.xlsx"), without
    /// control characters, at most 200 characters.
    static func displayName(_ raw: String) -> String {
        let last = raw.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        let clean = String(String.UnicodeScalarView(last.unicodeScalars.filter { $0.properties.generalCategory != .control }))
        let cut = String(clean.prefix(200)).trimmingCharacters(in: .whitespaces)
        return cut.isEmpty ? "upload" : cut
    }
}

import Foundation
import Hummingbird
import NIOCore

extension Request {
    /// The whole body of a form or JSON request, at most `context.maxUploadSize` bytes (past it,
    /// 413). A body that breaks off (the client went away mid-body) or cannot be decoded (a
    /// malformed chunk) is the client's doing: `WebError.brokenBody`, a 400, never a server error.
    func formBody(context: WebContext) async throws -> ByteBuffer {
        do {
            return try await body.collect(upTo: context.maxUploadSize)
        } catch let error as any HTTPResponseError {
            throw error
        } catch {
            throw WebError.brokenBody(reason: String(describing: error))
        }
    }
}

/// The fields of an `application/x-www-form-urlencoded` body or query, in order. A field may
/// come more than once (ticked check boxes); `subscript` gives the first value, `all` every one.
struct FormFields {
    private(set) var pairs: [(name: String, value: String)] = []

    init(_ body: ByteBuffer) {
        self.init(String(buffer: body))
    }

    init(_ text: String) {
        for item in text.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = FormFields.decode(parts[0])
            let value = parts.count > 1 ? FormFields.decode(parts[1]) : ""
            pairs.append((name, value))
        }
    }

    subscript(name: String) -> String? { pairs.first { $0.name == name }?.value }

    func all(_ name: String) -> [String] { pairs.filter { $0.name == name }.map(\.value) }

    private static func decode(_ text: Substring) -> String {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? ""
    }
}

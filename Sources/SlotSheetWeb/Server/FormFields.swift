import Foundation
import NIOCore

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

import Crypto
import Foundation

/// Random, URL-safe text from the system's secure random source: API tokens, session ids and form
/// tokens, each kept in the database only as its SHA-256.
public enum RandomToken {
    public static func make(bytes count: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    /// Whether `token` looks like one `make(bytes: 32)` made (a form token, a session id).
    public static func isWellFormed(_ token: String) -> Bool {
        token.count == 43 && token.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
    }

    /// SHA-256 of `text`, as lowercase hex: how API tokens, session ids and a session's form token are stored.
    public static func sha256(_ text: String) -> String {
        SHA256.hash(data: Data(text.utf8)).map { String(format: "%02x", $0) }.joined()
    }
}

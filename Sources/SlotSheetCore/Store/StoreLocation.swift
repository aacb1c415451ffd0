/// Where the repair-request database lives, as given by `--db` or `SLOTSHEET_DB`.
///
///     try StoreLocation(parsing: "sqlite:./slotsheet.sqlite")   // .sqlite(path: "./slotsheet.sqlite")
///     try StoreLocation(parsing: "postgres://office@db.local/repairs")   // .postgres(url: ...)
public enum StoreLocation: Hashable, Sendable, CustomStringConvertible {
    case sqlite(path: String)
    case postgres(url: String)

    /// The database used when neither `--db` nor `SLOTSHEET_DB` names one.
    public static let defaultValue = "sqlite:./slotsheet.sqlite"

    public init(parsing text: String) throws(StoreError) {
        if text.hasPrefix("sqlite:") {
            var path = String(text.dropFirst("sqlite:".count))
            if path.hasPrefix("//") { path.removeFirst(2) }   // tolerate sqlite://PATH
            guard !path.isEmpty else { throw .invalidLocation(text) }
            self = .sqlite(path: path)
        } else if text.hasPrefix("postgres://") || text.hasPrefix("postgresql://") {
            self = .postgres(url: text)
        } else {
            throw .invalidLocation(text)
        }
    }

    /// The location for humans and logs; a password in a URL is never shown.
    public var description: String {
        switch self {
        case let .sqlite(path): return "sqlite:\(path)"
        case let .postgres(url): return StoreLocation.redactingPassword(url)
        }
    }

    static func redactingPassword(_ url: String) -> String {
        guard let schemeEnd = url.range(of: "://"), let at = url.range(of: "@", range: schemeEnd.upperBound..<url.endIndex) else {
            return url
        }
        let userInfo = url[schemeEnd.upperBound..<at.lowerBound]
        guard let colon = userInfo.firstIndex(of: ":") else { return url }
        return url[..<schemeEnd.upperBound] + userInfo[..<colon] + ":***" + url[at.lowerBound...]
    }
}

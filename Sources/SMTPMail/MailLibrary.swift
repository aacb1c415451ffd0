import CCurl

/// Why libcurl, which sends the notices, could not be used. Each case means one thing.
public enum MailLibraryError: Error, Sendable, Equatable {
    /// The loader could not open the library: libcurl, or a library it needs, is not installed
    /// (`loaderReason`: the loader's words, for a log).
    case notFound(library: String, loaderReason: String)
    /// The library opened but lacks a function slotsheet calls (a libcurl older than 7.56.1, or not libcurl).
    case lacksFunction(library: String, function: String)
    /// curl_global_init failed (`curlReason`: libcurl's words).
    case startFailed(library: String, curlReason: String)

    /// What happened, in the loader's or libcurl's words (English, for a log line and a notice's
    /// last answer; the office's messages say it in their language).
    public var reason: String {
        switch self {
        case let .notFound(_, loaderReason): return loaderReason
        case let .lacksFunction(library, function): return "\(library) has no function \(function)"
        case let .startFailed(library, curlReason): return "\(library): curl_global_init: \(curlReason)"
        }
    }
}

/// libcurl, opened when a notice is first sent rather than linked into every process (no other
/// command loads it, nor the TLS, Kerberos, LDAP and SSH libraries it brings).
public enum MailLibrary {
    /// The library opened: Debian's libcurl4.
    public static let name = CCURL_LIBRARY

    /// Opens libcurl once a process (a later call after a failure tries again).
    public static func load() throws(MailLibraryError) {
        try call(name) { ccurl_load($0, $1) }
    }

    /// Whether the library `soname` could serve as libcurl: opened apart, every function slotsheet
    /// calls looked up, closed again. For a check before the first notice, and for tests.
    public static func check(_ soname: String) throws(MailLibraryError) {
        try call(soname) { ccurl_check(soname, $0, $1) }
    }

    private static func call(_ library: String, _ body: (UnsafeMutablePointer<CChar>, Int) -> ccurl_load_result) throws(MailLibraryError) {
        var buffer = [CChar](repeating: 0, count: 512)
        let result = buffer.withUnsafeMutableBufferPointer { body($0.baseAddress!, $0.count) }
        let detail = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        switch result {
        case CCURL_LOADED: return
        case CCURL_NOT_FOUND: throw .notFound(library: library, loaderReason: detail)
        case CCURL_LACKS_FUNCTION: throw .lacksFunction(library: library, function: detail)
        default: throw .startFailed(library: library, curlReason: detail)
        }
    }
}

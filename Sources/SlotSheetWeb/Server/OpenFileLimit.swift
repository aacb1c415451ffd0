#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Logging

/// Every connection is an open file: the server raises its own soft limit to the hard one the
/// system (systemd's `LimitNOFILE`) allows, and serves no more connections than it leaves room
/// for, so that a flood of connections cannot make the server fail to accept, open the database
/// or write an upload.
enum OpenFileLimit {
    /// Files kept for the database, uploads, logs and the listening socket.
    static let reserve = 128

    #if canImport(Glibc)
    private static let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
    private static let resource = RLIMIT_NOFILE
    #endif

    /// `wanted`, or fewer when the open-file limit leaves room for fewer (logged).
    static func connectionCap(_ wanted: Int, logger: Logger) -> Int {
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return wanted }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(resource, &raised) == 0 { limit = raised }
        }
        let room = Int(clamping: limit.rlim_cur) - reserve
        guard room < wanted else { return wanted }
        let cap = max(16, room)
        logger.notice("web.max_connections is \(wanted), but the open-file limit (\(limit.rlim_cur)) leaves room for \(cap): raise LimitNOFILE")
        return cap
    }
}

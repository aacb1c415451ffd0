#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NIOCore

/// Why the server stopped, in words of our own: what an administrator can act on is told apart, and
/// the system's own (English) text goes to the log only, never into a Dutch sentence.
public enum ListenFailure: Sendable, Equatable {
    /// Another program listens on the address (EADDRINUSE).
    case addressInUse
    /// Ports below 1024 need privileges the server does not have (EACCES, EPERM).
    case noPermission
    /// The address is not one of this machine's (EADDRNOTAVAIL).
    case addressNotAvailable
    /// Anything else; the log holds the system's words.
    case other

    /// Reads the `errno` NIO reports for a failed bind or listen.
    public init(_ error: any Error) {
        switch (error as? IOError)?.errnoCode {
        case EADDRINUSE: self = .addressInUse
        case EACCES, EPERM: self = .noPermission
        case EADDRNOTAVAIL: self = .addressNotAvailable
        default: self = .other
        }
    }
}

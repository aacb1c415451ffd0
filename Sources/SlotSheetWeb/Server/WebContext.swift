import Hummingbird
import NIOCore
import SlotSheetCore
import SlotSheetTemplates

/// Who is signed in, as a request sees it.
public struct SignedInUser: Sendable, Equatable {
    public var id: RowID
    public var name: String
    public var role: AppUser.Role
}

/// The session a request's cookie named (`WebSessions`): which row it is (the SHA-256 of the
/// cookie's id), the user's id (the user is read again on every request, so disabling them takes
/// effect at once) and the SHA-256 of the form token of this sign-in.
public struct WebSession: Sendable, Equatable {
    public var idSHA256: String
    public var userID: RowID
    public var csrfSHA256: String
}

/// The request context of every route: where the request came from, its language, the session
/// and the signed-in user, filled in by the middleware in `WebServer.router`.
public struct WebContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The live session the cookie named, if any (`StoredSessionMiddleware`).
    public var session: WebSession?
    /// The peer's address as the socket sees it (a proxy's, behind one).
    public let peerAddress: String?
    /// The client's address: the peer's, or `X-Forwarded-For`'s from a trusted proxy.
    public var clientAddress: String?
    /// The request came over TLS (to a trusted proxy, which said so): cookies are `Secure`.
    public var isSecure = false
    public var language: Language = .en
    public var user: SignedInUser?
    /// The form token this request's forms carry (`CSRFMiddleware`).
    public var csrfToken = ""
    /// What inner middleware tell the request log.
    let requestNote = RequestNote()

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        peerAddress = source.channel.remoteAddress?.ipAddress
        clientAddress = peerAddress
    }

    /// Forms other than uploads are small; uploads stream past this (`UploadReceiver`).
    public var maxUploadSize: Int { 64 * 1024 }

    public var words: WebWords { language.web }
}

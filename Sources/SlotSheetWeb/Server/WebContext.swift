import Hummingbird
import HummingbirdAuth
import NIOCore
import SlotSheetCore
import SlotSheetTemplates

/// Who is signed in, as a request sees it.
public struct SignedInUser: Sendable, Equatable {
    public var id: RowID
    public var name: String
    public var role: AppUser.Role
}

/// What a session remembers between requests: the user's id (the user is read again on every
/// request, so disabling them takes effect at once) and the form token of this sign-in.
public struct WebSession: Codable, Sendable, Equatable {
    public var userID: RowID
    public var csrfToken: String
}

/// The request context of every route: where the request came from, its language, the session
/// and the signed-in user, filled in by the middleware in `WebServer.router`.
public struct WebContext: RequestContext, SessionRequestContext {
    public var coreContext: CoreRequestContextStorage
    public let sessions: SessionContext<WebSession>
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
        sessions = .init()
        peerAddress = source.channel.remoteAddress?.ipAddress
        clientAddress = peerAddress
    }

    /// Forms other than uploads are small; uploads stream past this (`UploadReceiver`).
    public var maxUploadSize: Int { 64 * 1024 }

    public var words: WebWords { language.web }
}

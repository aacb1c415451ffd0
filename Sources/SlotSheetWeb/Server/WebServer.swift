import Hummingbird
import HummingbirdAuth
import Logging
import NIOCore
import HummingbirdCore
import SlotSheetCore

/// The web front: `WebServer.application` builds the Hummingbird application of `slotsheet serve`.
///
///     let services = try WebServices(settings: settings, database: access, rules: rules, logger: logger)
///     try await WebServer.application(services).runService()   // until SIGTERM or SIGINT
///
/// On SIGTERM the server stops accepting connections, answers the requests it has, lets the uploads
/// being read finish (reading applies nothing) and stops; an upload still `reading` at the next start
/// is read again.
public enum WebServer {
    public static func application(_ services: WebServices,
                                   onRunning: @escaping @Sendable (_ port: Int) async -> Void = { _ in }) -> some ApplicationProtocol {
        let sessions = MemoryPersistDriver(configuration: .init())
        let router = router(services, sessionStorage: sessions)
        let connections = OpenFileLimit.connectionCap(services.settings.maxConnections, logger: services.logger)
        return Application(
            router: router,
            server: GuardedHTTP1Channel.builder(timeouts: services.settings.timeouts, logger: services.logger),
            configuration: .init(address: .hostname(services.settings.host, port: services.settings.port), serverName: nil,
                                 backlog: 1024, availableConnectionsDelegate: MaximumAvailableConnections(connections, logger: services.logger)),
            services: [sessions, UploadJanitor(services: services), services.readers, ServiceThreadPools(services: services)],
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? services.settings.port
                services.logger.notice("listening on http://\(services.settings.host):\(port)")
                await onRunning(port)
            },
            logger: services.logger)
    }

    /// Every route and middleware; `sessionStorage` keeps the sessions (in memory: a restart signs
    /// everyone out, which an office can live with).
    public static func router(_ services: WebServices, sessionStorage: any PersistDriver) -> Router<WebContext> {
        // HEAD is answered wherever GET is (HTTP asks it of every server), without the body.
        let router = Router(context: WebContext.self, options: .autoGenerateHeadEndpoints)
        let routes = KnownRoutes()
        router.addMiddleware {
            // The client's address first: the request log line names the forwarded one.
            ClientOriginMiddleware(settings: services.settings)
            RequestLogMiddleware(logger: services.logger)
            LanguageMiddleware()
            SecurityHeadersMiddleware()
            ErrorResponderMiddleware(logger: services.logger, routes: routes)
        }
        StaticRoutes(services: services).add(to: router)
        APIRoutes(services: services).add(to: router.group("api"))

        let web = router.group()
            .add(middleware: TransportAwareSessionMiddleware(storage: sessionStorage, lifetime: services.settings.sessionLifetime))
            .add(middleware: SessionUserMiddleware(database: services.database))
            .add(middleware: CSRFMiddleware())
        SignInRoutes(services: services).add(to: web)
        let office = web.group().add(middleware: RequireUserMiddleware(role: .office))
        PageRoutes(services: services).add(to: office)
        UploadRoutes(services: services).add(to: office)
        ListRoutes(services: services).add(to: office)
        let admin = web.group().add(middleware: RequireUserMiddleware(role: .admin))
        AdminRoutes(services: services).add(to: admin)
        ReportRoutes(services: services).add(to: admin)
        ListAdminRoutes(services: services).add(to: admin)
        routes.record(router)
        return router
    }
}

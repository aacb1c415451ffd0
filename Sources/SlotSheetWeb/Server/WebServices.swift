import Foundation
import Hummingbird
import Logging
import NIOConcurrencyHelpers
import ServiceLifecycle
import SlotSheetCore

/// What the routes share: the settings, the database, the office's rules and clock, the uploads and
/// the sign-in throttle.
public final class WebServices: Sendable {
    public let settings: WebSettings
    public let database: StoreAccess
    /// The booking rules and the office clock, from the office settings (`[booking]`, `[office]`).
    public let rules: OfficeRules
    /// The office settings (`[office]`): the paper templates are printed on, among others.
    public let office: Settings.Office
    /// How the tenants' notices are written (`[office]`, `[mail]`): an undo of a decisions' batch
    /// withdraws or corrects them.
    public let notices: NoticeOffice
    public var clock: OfficeClock { rules.clock }
    public let logger: Logger
    let throttle: any SignInLimiter
    /// The sessions, in the database.
    let sessions: WebSessions
    /// What `GET /metrics` reports.
    let metrics = WebMetrics()
    /// Password checks, on threads of their own.
    let passwords: PasswordChecker
    /// The database for `/readyz`, on a thread of its own.
    let probe: StoreAccess
    /// Set when the server was told to stop (SIGTERM): it finishes what it holds, and `/readyz`
    /// says 503 so a load balancer sends the next requests elsewhere.
    let draining = NIOLockedValueBox(false)
    let uploads: UploadFolder
    let readers: UploadReaders
    /// bcrypt's cost for passwords set here and the dummy check of unknown names.
    let bcryptCost: UInt8

    /// The web front keeps one clock, the rules' (`clock`): the pages' and uploads' times, the waits
    /// after failed sign-ins and the sessions' start and end. Only a test gives `signInClock`, a
    /// time of its own for the sign-ins and sessions that it moves by hand.
    public init(settings: WebSettings, database: StoreAccess, rules: OfficeRules, office: Settings.Office = Settings.builtIn.office,
                notices: NoticeOffice = NoticeOffice(settings: .builtIn), logger: Logger,
                bcryptCost: UInt8 = UserDirectory.defaultCost,
                signInClock: (@Sendable () -> Date)? = nil) throws {
        self.settings = settings
        self.database = database
        self.rules = rules
        self.office = office
        self.notices = notices
        self.logger = logger
        self.bcryptCost = bcryptCost
        passwords = PasswordChecker(cost: bcryptCost)
        let signInTime = signInClock ?? { [clock = rules.clock] in clock.now }
        throttle = SignInThrottle(database: database, logger: logger, clock: signInTime)
        sessions = WebSessions(database: database, lifetime: settings.sessionLifetime, clock: signInTime)
        probe = database.separate()
        uploads = try UploadFolder(path: settings.uploadFolder)
        readers = UploadReaders(logger: logger, settings: settings)
        readers.attach(self)
    }
}

/// Stops the thread pools of the password checks and the health probe when the server stops.
struct ServiceThreadPools: Service {
    let services: WebServices

    func run() async throws {
        try? await gracefulShutdown()
        services.draining.withLockedValue { $0 = true }
        try? await services.passwords.shutdown()
        try? await services.probe.shutdown()
    }
}

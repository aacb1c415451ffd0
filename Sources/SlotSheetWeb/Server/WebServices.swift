import Hummingbird
import Logging
import SlotSheetCore

/// What the routes share: the settings, the database, the clock, the uploads and the sign-in throttle.
public final class WebServices: Sendable {
    public let settings: WebSettings
    public let database: StoreAccess
    public let clock: OfficeClock
    public let logger: Logger
    let throttle: SignInThrottle
    let uploads: UploadFolder
    let readers: UploadReaders
    /// bcrypt's cost for passwords set here and the dummy check of unknown names.
    let bcryptCost: UInt8

    /// `signInClock` times the waits after failed sign-ins (tests move it by hand).
    public init(settings: WebSettings, database: StoreAccess, clock: OfficeClock, logger: Logger,
                bcryptCost: UInt8 = UserDirectory.defaultCost,
                signInClock: @escaping @Sendable () -> ContinuousClock.Instant = { .now }) throws {
        self.settings = settings
        self.database = database
        self.clock = clock
        self.logger = logger
        self.bcryptCost = bcryptCost
        throttle = SignInThrottle(logger: logger, clock: signInClock)
        uploads = try UploadFolder(path: settings.uploadFolder)
        readers = UploadReaders(logger: logger)
        readers.attach(self)
    }
}

/// The office's booking rules with its clock: the one value that template export, import, undo,
/// the error workbook, reports and the web front ask what is past and what is bookable (and the
/// upload applies how long a refused apply counts against its person). Built once
/// from the settings (`Settings.officeRules`), never from defaults inside a job.
///
///     let rules = try Settings.load(...).officeRules()
///     let day = rules.now()          // taken once per job
///     day.isPast(date)               // read-only: shown, never changed by an import
///     day.bookingWindow              // what tenants can book now
public struct OfficeRules: Sendable {
    public let booking: BookingRules
    public let clock: OfficeClock
    /// How far back a person's refused applies of uploads count (`web.refused_apply_window_seconds`,
    /// `UploadApplyJob.waitBeforeApplying`). Tests set it short.
    public let refusedApplyWindow: Duration

    public init(booking: BookingRules, clock: OfficeClock,
                refusedApplyWindow: Duration = .seconds(Settings.builtIn.web.refusedApplyWindowSeconds)) {
        self.booking = booking
        self.clock = clock
        self.refusedApplyWindow = refusedApplyWindow
    }

    /// The rules as they stand at this moment. A job takes this once, so that a run that goes on
    /// past the closing time judges every row alike.
    public func now() -> OfficeDay {
        let moment = clock.localNow
        return OfficeDay(today: moment.date, firstOpenDay: booking.firstOpenDay(at: moment), rules: booking)
    }
}

/// The booking rules at one moment: today, the first day still open for changes, the window.
public struct OfficeDay: Hashable, Sendable {
    /// The office's calendar date.
    public let today: LocalDate
    /// Today, or tomorrow once the office has closed today (`BookingRules.dayClosesAt`).
    public let firstOpenDay: LocalDate
    public let rules: BookingRules

    public init(today: LocalDate, firstOpenDay: LocalDate, rules: BookingRules) {
        self.today = today
        self.firstOpenDay = firstOpenDay
        self.rules = rules
    }

    /// Dates before the first open day are history: shown, never changed.
    public func isPast(_ date: LocalDate) -> Bool {
        date < firstOpenDay
    }

    /// The dates a tenant may book on now.
    public var bookingWindow: DateRange {
        rules.bookingWindow(firstOpenDay: firstOpenDay)
    }

    /// Whether a tenant may book this slot now: in the window, with a place free.
    public func isBookable(date: LocalDate, occupancy: SlotOccupancy) -> Bool {
        bookingWindow.contains(date) && occupancy.capacity > occupancy.held
    }
}

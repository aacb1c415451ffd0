import SlotSheetCore

/// Counts each user's refused applies (a plan that changed since it was shown: each is recorded
/// in the history as a batch), so a script cannot flood the history: after `limit` in `window`,
/// the user waits until the oldest of them leaves the window. In memory, behind the same kind of
/// small interface as the sign-in limiter, so it can move into the database.
actor ApplyRefusals {
    static let limit = 10
    static let window: Duration = .seconds(60)
    /// Users remembered at most (the least recent go first).
    static let maxUsers = 10_000

    private var refusals: [RowID: [ContinuousClock.Instant]] = [:]
    private let clock: @Sendable () -> ContinuousClock.Instant

    init(clock: @escaping @Sendable () -> ContinuousClock.Instant = { .now }) {
        self.clock = clock
    }

    /// How long `user` must wait before applying again, or nil.
    func waitRemaining(for user: RowID) -> Duration? {
        let now = clock()
        let recent = (refusals[user] ?? []).filter { now - $0 < Self.window }
        refusals[user] = recent.isEmpty ? nil : recent
        guard recent.count >= Self.limit, let oldest = recent.first else { return nil }
        return Self.window - (now - oldest)
    }

    func recordRefusal(for user: RowID) {
        refusals[user, default: []].append(clock())
        if refusals.count > Self.maxUsers, let least = refusals.min(by: { ($0.value.last ?? clock()) < ($1.value.last ?? clock()) })?.key {
            refusals.removeValue(forKey: least)
        }
    }
}

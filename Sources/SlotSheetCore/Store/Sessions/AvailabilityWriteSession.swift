/// The changes of availability and the slot locks they are made under: an import's apply and an
/// undo (`ImportJob`, `UndoJob`), a list import that makes staff unavailable (`ListJob`), the
/// decisions' apply and undo (their locks), and the seed's availability.
public protocol AvailabilityWriteSession {
    /// Locks the slots until the transaction ends, taken in one statement in ascending order,
    /// waiting (up to the busy timeout) while another transaction holds one: what every writer that
    /// changes a slot's capacity or its bookings takes before it reads what it checks (the protocol
    /// of docs/design.md, "Locks"). Nothing on SQLite, whose write transaction is the only writer.
    func lockSlots(_ slots: [SlotKey]) throws

    /// Marks (person, slot) pairs available, in bulk statements (imports and seeding write tens of
    /// thousands; a server backend would otherwise pay a round trip a row); nothing happens for a
    /// pair that already is.
    func addAvailability(_ keys: [AvailabilityKey]) throws
    /// `addAvailability` for pairs the transaction read as not available after locking their
    /// slots (an apply's, an undo's changes): a pair that is available after all is a
    /// `constraintViolated` error, never skipped.
    func addAbsentAvailability(_ keys: [AvailabilityKey]) throws
    /// Marks (person, slot) pairs not available, in bulk statements; nothing happens for a pair
    /// that already is not.
    func removeAvailability(_ keys: [AvailabilityKey]) throws
}

/// One thing wrong with a batch of decisions, with where it is (a CSV line and column, a sheet's
/// cell) and what to do. Every problem of a batch is collected and reported together; the words
/// are in `DecisionProblemText`.
public struct DecisionProblem: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// The header lacks a column a decisions file needs.
        case missingColumn(RequestColumn)
        case wrongFieldCount(expected: Int, found: Int)
        /// The file holds more rows than a decisions file may (`DecisionSheet.maxRows`); reading stopped.
        case tooManyRows(limit: Int)
        case notARequestNumber(String)
        case unknownRequest(RowID)
        /// The request is on another row of the file already.
        case duplicateRequest(RowID, first: ImportProblem.Location)
        case unknownStatus(String)
        case invalidDate(String)
        case unknownDaypart(String)
        case inactiveDaypart(String)
        case unknownStaff(String)
        case inactiveStaff(String)
        case unknownSubcontractor(String)
        case tooLong(length: Int, limit: Int)
        /// A control character or a bidi override in a note.
        case controlCharacter(String)
        /// The status machine does not allow the change: the request's status, the one asked
        /// for, and the decisions open to it.
        case transitionRefused(request: RowID, status: RequestStatus, wanted: RequestStatus, open: [RequestDecision])
        /// A decision named directly (the Requests page, the API) that the status machine does not
        /// allow from the request's status: the status, the decision, and the decisions open to it.
        case decisionRefused(request: RowID, status: RequestStatus, decision: RequestDecision, open: [RequestDecision])
        /// A restore of an archived request whose log does not say what it was before.
        case statusBeforeArchivingUnknown(request: RowID)
        /// A move or an assignment of a request that does not hold a slot (completed, cancelled,
        /// archived, or made so in the same row).
        case notHoldingASlot(request: RowID, status: RequestStatus)
        /// Reopening, restoring or moving a request into a slot before the first open day.
        case slotInThePast(request: RowID, slot: SlotName, firstOpenDay: LocalDate)
        /// A staff member who is not available in the request's slot.
        case staffNotAvailable(request: RowID, staff: String, slot: SlotName)
        /// After the whole batch the slot would hold more requests than staff available; the
        /// requests the batch puts there.
        case slotFull(slot: SlotName, held: Int, available: Int, arriving: [RowID])
        /// The database changed the request since the export, where the office changed it too.
        case changedSinceExport(request: RowID, exported: RecordedRequest, now: RecordedRequest)
        /// A requests workbook whose layout the office changed (`RequestSheetLayout`), at the cell.
        case layoutChanged(RequestSheetLayout)
    }

    public var kind: Kind
    public var place: ImportProblem.Location
    /// The column of the cell, when the problem is in one.
    public var column: RequestColumn?

    public init(_ kind: Kind, at place: ImportProblem.Location, column: RequestColumn? = nil) {
        self.kind = kind
        self.place = place
        self.column = column
    }
}

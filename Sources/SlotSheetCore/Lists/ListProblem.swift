/// One thing wrong with a list file (staff or dayparts), with where it is and what to do. All
/// problems of a file are collected and reported together, each with its line or cell; the words
/// are in `ListProblemText`.
public struct ListProblem: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// The header lacks a column the list needs; `expected` are the list's columns (named in
        /// either language).
        case missingColumn(ListColumn, expected: [ListColumn])
        case wrongFieldCount(expected: Int, found: Int)
        /// The file holds more rows than a list may (`ListKind.maxRows`); reading stopped here.
        case tooManyRows(limit: Int)
        case emptyValue(column: ListColumn)
        case tooLong(column: ListColumn, length: Int, limit: Int)
        /// A control character (a line break, a tab, an escape...) inside a value.
        case controlCharacter(column: ListColumn, text: String)
        /// A code that cannot head a template column: too long, or characters other than letters,
        /// digits, `-` and `_`.
        case invalidCode(String)
        case invalidActive(String)
        /// The value appears on another row of the file already.
        case duplicateInFile(column: ListColumn, value: String, first: ImportProblem.Location)
        /// A code that differs from one in the database only in upper and lower case.
        case codeDiffersInCase(code: String, existing: String)
        /// A new catalogue path that differs from a stored one only in case (`keuken > kraan` beside `Keuken > Kraan`).
        case pathDiffersInCase(path: String, existing: String)
        /// Another person in the database has this employee number.
        case employeeNumberTaken(number: String, byCode: String, name: String)
        case invalidTime(column: ListColumn, text: String)
        case startNotBeforeEnd(start: String, end: String)
        case invalidOrder(String)
        /// Two active dayparts overlap.
        case overlap(code: String, other: String, otherStart: String, otherEnd: String)
        /// Deactivating a person assigned to held requests on dates to come.
        case assignedVisits(staff: String, visits: [ListVisit])
        /// Deactivating a person would leave a slot with fewer staff than the requests it holds.
        case slotBelowBookings(staff: String, slot: SlotName, held: Int, available: Int)
        /// Deactivating a daypart that held requests on dates to come use.
        case daypartInUse(code: String, requests: Int, first: LocalDate)
        /// The database changed this row after the list was exported (`ListStaleCheck`): importing
        /// the file would overwrite someone else's change.
        case changedSinceExport(key: String, ListStaleChange)
    }

    public var location: ImportProblem.Location
    public var kind: Kind

    public init(_ kind: Kind, at location: ImportProblem.Location) {
        self.kind = kind
        self.location = location
    }
}

/// A held request as a refusal names it: its number and its slot.
public struct ListVisit: Hashable, Sendable {
    public var requestID: RowID
    public var slot: SlotName
}

/// A dataset `db seed` loads: small reference tables as arrays, and the schedule (availability
/// and repair requests) produced row by row, so a year of synthetic data never sits in memory.
/// References between tables are by natural key (names, codes, e-mail addresses).
public protocol SeedSource {
    var corporations: [String] { get }
    var residents: [ResidentSeed] { get }
    var catalogue: [DefectPath] { get }
    var subcontractors: [Subcontractor] { get }
    var dayparts: [Daypart] { get }
    var staff: [StaffMember] { get }

    /// Calls `visit` once for every (date, daypart code, staff code) in which someone is available.
    func forEachAvailability(_ visit: (LocalDate, String, String) throws -> Void) throws
    /// Calls `visit` once for every repair request.
    func forEachRequest(_ visit: (RequestSeed) throws -> Void) throws
}

/// A resident whose housing corporation is named rather than keyed.
public struct ResidentSeed: Hashable, Sendable {
    public var name: String
    public var email: String
    public var phone: String?
    public var postcode: String
    public var houseNumber: String
    public var street: String
    public var city: String
    public var corporation: String
}

/// A repair request whose references are natural keys.
public struct RequestSeed: Hashable, Sendable {
    public var id: RowID
    public var residentEmail: String
    public var description: String
    public var photoPath: String?
    public var status: RequestStatus
    public var slotDate: LocalDate
    public var daypartCode: String
    public var staffCode: String?
    public var subcontractor: String?
    public var createdAt: String
    public var updatedAt: String
    public var defects: [DefectPath]
}

/// What a seed loaded, per kind of row.
public struct SeedSummary: Hashable, Sendable {
    public var availability = 0
    public var requests = 0
}

/// A dataset that refers to something it does not define.
public enum SeedError: Error, Equatable, CustomStringConvertible {
    case unknownReference(kind: String, value: String, in: String)
    case malformed(file: String, line: Int, problem: String)

    public var description: String {
        switch self {
        case let .unknownReference(kind, value, place):
            return "\(place): unknown \(kind) '\(value)'."
        case let .malformed(file, line, problem):
            return "\(file), line \(line): \(problem)"
        }
    }
}

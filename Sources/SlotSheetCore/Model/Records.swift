/// The surrogate key of a stored row.
public typealias RowID = Int64

/// A value with the surrogate key it has in the database; its fields read straight through.
///
///     let daypart: Identified<Daypart> = ...
///     daypart.id; daypart.code
@dynamicMemberLookup
public struct Identified<Value: Sendable>: Sendable {
    public let id: RowID
    public let value: Value

    public init(id: RowID, value: Value) {
        self.id = id
        self.value = value
    }

    public subscript<Field>(dynamicMember field: KeyPath<Value, Field>) -> Field {
        value[keyPath: field]
    }
}

extension Identified: Equatable where Value: Equatable {}
extension Identified: Hashable where Value: Hashable {}

/// A part of the day a visit can be booked in ("09:00-10:00"). Natural key: `code`.
public struct Daypart: Hashable, Sendable {
    public var code: String
    public var label: String
    /// Local start time, `HH:MM`.
    public var startsAt: String
    /// Local end time, `HH:MM`.
    public var endsAt: String
    public var sortOrder: Int
    public var active: Bool

    public init(code: String, label: String, startsAt: String, endsAt: String, sortOrder: Int, active: Bool = true) {
        self.code = code
        self.label = label
        self.startsAt = startsAt
        self.endsAt = endsAt
        self.sortOrder = sortOrder
        self.active = active
    }
}

/// A person who visits tenants. Natural key: `code`.
public struct StaffMember: Hashable, Sendable {
    public var code: String
    public var employeeNumber: String
    public var name: String
    public var active: Bool

    public init(code: String, employeeNumber: String, name: String, active: Bool = true) {
        self.code = code
        self.employeeNumber = employeeNumber
        self.name = name
        self.active = active
    }
}

/// A tenant. Natural key: `email`.
public struct Resident: Hashable, Sendable {
    public var name: String
    public var email: String
    public var phone: String?
    public var postcode: String
    public var houseNumber: String
    public var street: String
    public var city: String
    public var corporationID: RowID

    public init(name: String, email: String, phone: String?, postcode: String, houseNumber: String,
                street: String, city: String, corporationID: RowID) {
        self.name = name
        self.email = email
        self.phone = phone
        self.postcode = postcode
        self.houseNumber = houseNumber
        self.street = street
        self.city = city
        self.corporationID = corporationID
    }
}

/// A firm a request may be handed to. Natural key: `name`.
public struct Subcontractor: Hashable, Sendable {
    public var name: String
    public var phone: String?
    public var email: String?

    public init(name: String, phone: String? = nil, email: String? = nil) {
        self.name = name
        self.phone = phone
        self.email = email
    }
}

/// The four levels of the defect catalogue, each named within its parent.
public enum CatalogueLevel: String, CaseIterable, Sendable {
    case location, space, element, defect

    /// The column naming the parent row, nil for the top level.
    var parentColumn: String? {
        switch self {
        case .location: return nil
        case .space: return "location_id"
        case .element: return "space_id"
        case .defect: return "element_id"
        }
    }
}

/// A defect by its catalogue path: "Porch > Light > Fitting > Broken".
public struct DefectPath: Hashable, Sendable, CustomStringConvertible {
    public var location: String
    public var space: String
    public var element: String
    public var defect: String

    public init(location: String, space: String, element: String, defect: String) {
        self.location = location
        self.space = space
        self.element = element
        self.defect = defect
    }

    public var names: [String] { [location, space, element, defect] }
    public var description: String { names.joined(separator: " > ") }
}

/// A repair request: what is broken, who reported it, and the slot it is booked in. Key: `id`.
public struct RepairRequest: Hashable, Sendable {
    public var id: RowID
    public var residentID: RowID
    public var description: String
    public var photoPath: String?
    public var status: RequestStatus
    public var slotDate: LocalDate
    public var daypartID: RowID
    public var staffID: RowID?
    public var subcontractorID: RowID?
    /// ISO 8601 UTC timestamps.
    public var createdAt: String
    public var updatedAt: String
    public var defectIDs: [RowID]

    public init(id: RowID, residentID: RowID, description: String, photoPath: String?, status: RequestStatus,
                slotDate: LocalDate, daypartID: RowID, staffID: RowID?, subcontractorID: RowID?,
                createdAt: String, updatedAt: String, defectIDs: [RowID]) {
        self.id = id
        self.residentID = residentID
        self.description = description
        self.photoPath = photoPath
        self.status = status
        self.slotDate = slotDate
        self.daypartID = daypartID
        self.staffID = staffID
        self.subcontractorID = subcontractorID
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.defectIDs = defectIDs
    }
}

/// One slot: a date and a daypart.
public struct SlotKey: Hashable, Sendable {
    public var date: LocalDate
    public var daypartID: RowID

    public init(date: LocalDate, daypartID: RowID) {
        self.date = date
        self.daypartID = daypartID
    }
}

/// One cell of availability: a person in a slot.
public struct AvailabilityKey: Hashable, Sendable {
    public var date: LocalDate
    public var daypartID: RowID
    public var staffID: RowID

    public init(date: LocalDate, daypartID: RowID, staffID: RowID) {
        self.date = date
        self.daypartID = daypartID
        self.staffID = staffID
    }

    public var slot: SlotKey { SlotKey(date: date, daypartID: daypartID) }
}

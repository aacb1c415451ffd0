/// Which repair requests a report covers. Nil means "any".
public struct RequestFilter: Hashable, Sendable {
    /// Slot dates, inclusive.
    public var slotDates: DateRange?
    public var statuses: Set<RequestStatus>?
    /// Housing corporation by name.
    public var corporation: String?
    /// `updated_at` from this instant on (ISO 8601 UTC), for "changed since".
    public var updatedSince: String?
    /// One request by its number (a request's own page).
    public var requestID: RowID?

    public init(slotDates: DateRange? = nil, statuses: Set<RequestStatus>? = nil, corporation: String? = nil, updatedSince: String? = nil,
                requestID: RowID? = nil) {
        self.slotDates = slotDates
        self.statuses = statuses
        self.corporation = corporation
        self.updatedSince = updatedSince
        self.requestID = requestID
    }
}

/// One repair request as the overview shows it: everything resolved to names.
public struct RequestReportRow: Hashable, Sendable {
    public var id: RowID
    public var createdAt: String
    public var updatedAt: String
    public var status: RequestStatus
    public var residentName: String
    public var residentEmail: String
    public var street: String
    public var houseNumber: String
    public var postcode: String
    public var city: String
    public var corporation: String
    public var description: String
    public var slotDate: LocalDate
    public var daypartLabel: String
    /// The daypart's code (what a requests file writes); filled by the store as it reads the row.
    public var daypartCode = ""
    public var staffCode: String?
    public var staffName: String?
    public var subcontractor: String?
    /// Each defect by its catalogue path, in catalogue order.
    public var defects: [DefectPath]

    public init(id: RowID, createdAt: String, updatedAt: String, status: RequestStatus, residentName: String, residentEmail: String,
                street: String, houseNumber: String, postcode: String, city: String, corporation: String, description: String,
                slotDate: LocalDate, daypartLabel: String, staffCode: String?, staffName: String?, subcontractor: String?,
                defects: [DefectPath]) {
        self.id = id
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.status = status
        self.residentName = residentName
        self.residentEmail = residentEmail
        self.street = street
        self.houseNumber = houseNumber
        self.postcode = postcode
        self.city = city
        self.corporation = corporation
        self.description = description
        self.slotDate = slotDate
        self.daypartLabel = daypartLabel
        self.staffCode = staffCode
        self.staffName = staffName
        self.subcontractor = subcontractor
        self.defects = defects
    }
}

/// One staff member's load over a range.
public struct StaffLoad: Hashable, Sendable {
    public var staffID: RowID
    /// Slots (date and daypart) in which they are available.
    public var slotsAvailable: Int
    /// Held requests assigned to them.
    public var requestsAssigned: Int

    public init(staffID: RowID, slotsAvailable: Int, requestsAssigned: Int) {
        self.staffID = staffID
        self.slotsAvailable = slotsAvailable
        self.requestsAssigned = requestsAssigned
    }
}

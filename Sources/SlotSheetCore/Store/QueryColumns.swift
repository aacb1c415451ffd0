/// The columns of the store's queries, each declared once (see `SelectColumn`): `StoreSQL` builds
/// its SELECT lists from these, and `PortableSession` reads rows by them.
enum DaypartColumn: Int, SelectColumn {
    case id, code, label, startsAt, endsAt, sortOrder, active

    var expression: String {
        switch self {
        case .id: return "id"
        case .code: return "code"
        case .label: return "label"
        case .startsAt: return "starts_at"
        case .endsAt: return "ends_at"
        case .sortOrder: return "sort_order"
        case .active: return "active"
        }
    }
}

enum StaffColumn: Int, SelectColumn {
    case id, code, employeeNumber, name, active

    var expression: String {
        switch self {
        case .id: return "id"
        case .code: return "code"
        case .employeeNumber: return "employee_number"
        case .name: return "name"
        case .active: return "active"
        }
    }
}

enum ImportBatchColumn: Int, SelectColumn {
    case id, fileName, sha256, operatorName, createdAt, dryRun, kind, revertsBatchID, rangeFrom, rangeTo, added, removed, unchanged, outcome,
         problems, listKind

    var expression: String {
        switch self {
        case .id: return "id"
        case .fileName: return "file_name"
        case .sha256: return "sha256"
        case .operatorName: return "operator"
        case .createdAt: return "created_at"
        case .dryRun: return "dry_run"
        case .kind: return "kind"
        case .revertsBatchID: return "reverts_batch_id"
        case .rangeFrom: return "range_from"
        case .rangeTo: return "range_to"
        case .added: return "added"
        case .removed: return "removed"
        case .unchanged: return "unchanged"
        case .outcome: return "outcome"
        case .problems: return "problems"
        case .listKind: return "list_kind"
        }
    }
}

enum BatchChangeColumn: Int, SelectColumn {
    case date, daypartID, staffID, availableAfter, staffCode, daypartCode

    var expression: String {
        switch self {
        case .date: return "c.date"
        case .daypartID: return "c.daypart_id"
        case .staffID: return "c.staff_id"
        case .availableAfter: return "c.available_after"
        case .staffCode: return "s.code"
        case .daypartCode: return "d.code"
        }
    }
}

/// The request overview: a request with its resident, slot and people, and one defect's catalogue
/// path (NULL for a request without defects).
enum RequestReportColumn: Int, SelectColumn {
    case id, createdAt, updatedAt, status, residentName, residentEmail, street, houseNumber, postcode, city, corporation
    case description, slotDate, daypartLabel, staffCode, staffName, subcontractor
    case location, space, element, defect
    case daypartCode

    var expression: String {
        switch self {
        case .daypartCode: return "dp.code"
        case .id: return "r.id"
        case .createdAt: return "r.created_at"
        case .updatedAt: return "r.updated_at"
        case .status: return "r.status"
        case .residentName: return "re.name"
        case .residentEmail: return "re.email"
        case .street: return "re.street"
        case .houseNumber: return "re.house_number"
        case .postcode: return "re.postcode"
        case .city: return "re.city"
        case .corporation: return "hc.name"
        case .description: return "r.description"
        case .slotDate: return "r.slot_date"
        case .daypartLabel: return "dp.label"
        case .staffCode: return "st.code"
        case .staffName: return "st.name"
        case .subcontractor: return "sc.name"
        case .location: return "l.name"
        case .space: return "sp.name"
        case .element: return "el.name"
        case .defect: return "de.name"
        }
    }
}

enum ExportRunColumn: Int, SelectColumn {
    case kind, parameters, path, sha256, rows, createdAt, contentSHA256

    var expression: String {
        switch self {
        case .kind: return "kind"
        case .parameters: return "parameters"
        case .path: return "path"
        case .sha256: return "sha256"
        case .rows: return "rows"
        case .createdAt: return "created_at"
        case .contentSHA256: return "content_sha256"
        }
    }
}

/// Who is available on a date: a daypart and a staff member a row.
enum DayAvailabilityColumn: Int, SelectColumn {
    case daypartID, staffID

    var expression: String {
        switch self {
        case .daypartID: return "daypart_id"
        case .staffID: return "staff_id"
        }
    }
}

/// A request holding a slot on a date: its daypart, the staff assigned (or NULL) and its id.
enum DemandColumn: Int, SelectColumn {
    case daypartID, staffID, requestID

    var expression: String {
        switch self {
        case .daypartID: return "daypart_id"
        case .staffID: return "staff_id"
        case .requestID: return "id"
        }
    }
}

/// Per staff member: the slots available and the held visits assigned in a range (the staff
/// report). The two counts take the range's bounds, in that order: `?` 1-2 and 3-4.
enum StaffLoadColumn: Int, SelectColumn {
    case staffID, slotsAvailable, requestsAssigned

    var expression: String {
        let holding = RequestStatus.holding.map { "'\($0.rawValue)'" }.joined(separator: ", ")
        switch self {
        case .staffID: return "s.id"
        case .slotsAvailable: return "(SELECT COUNT(*) FROM availability a WHERE a.staff_id = s.id AND a.date BETWEEN ? AND ?)"
        case .requestsAssigned:
            return "(SELECT COUNT(*) FROM repair_request r WHERE r.staff_id = s.id AND r.slot_date BETWEEN ? AND ? AND r.status IN (\(holding)))"
        }
    }
}

/// The columns of `StoreSQL.slotSchedules`, by position (its lists are written per dialect).
enum SlotScheduleColumn: Int {
    /// 0: staff available; 1: requests holding the slot.
    case kind
    case date, daypartID
    /// Kind 0: the staff available; kind 1: the staff assigned, one a request with someone assigned.
    case staff
    /// Kind 1: the requests with someone assigned, paired with `staff` by position.
    case requests
    /// Kind 1: the requests holding the slot.
    case held
}

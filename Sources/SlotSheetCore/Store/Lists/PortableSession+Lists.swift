import Foundation

/// The list imports' queries on every backend (see `ListSession`).
extension PortableSession: ListSession {
    func setListKind(_ kind: ListKind, ofBatch batchID: RowID) throws {
        try connection.execute(ListSQL.setListKind, [kind.rawValue.sqlValue, batchID.sqlValue])
    }

    func listKind(ofBatch batchID: RowID) throws -> ListKind? {
        if case let .list(kind) = try subject(ofBatch: batchID) { return kind }
        return nil
    }

    func subject(ofBatch batchID: RowID) throws -> BatchSubject {
        let text = try connection.firstRow(ListSQL.listKind, [batchID.sqlValue]) { try $0.optionalText(0) } ?? nil
        guard let subject = BatchSubject(recorded: text) else {
            throw StoreError.failed("import batch \(batchID) has the list kind '\(text ?? "")', which this slotsheet does not know")
        }
        return subject
    }

    func recordListChanges(batchID: RowID, kind: ListKind, _ changes: [ListRowChange]) throws {
        for change in changes {
            try connection.execute(ListSQL.insertListChange, [
                batchID.sqlValue, kind.rawValue.sqlValue, change.key.sqlValue,
                try change.before.map(listRowJSON).sqlValue, try listRowJSON(change.after).sqlValue,
            ])
        }
    }

    func listChanges(ofBatch batchID: RowID) throws -> [ListRowChange] {
        try connection.rows(ListSQL.listChanges, [batchID.sqlValue]) { row in
            ListRowChange(key: try row.text(0), before: try row.optionalText(1).map(listRowFields),
                          after: try listRowFields(try row.text(2)))
        }
    }

    func laterBatches(touchingRowsOf batchID: RowID) throws -> [RowID] {
        try connection.rows(ListSQL.laterBatchesTouchingRows, [batchID.sqlValue, batchID.sqlValue]) { try $0.integer(0) }
    }

    func availability(ofStaff staffID: RowID, from date: LocalDate) throws -> [AvailabilityKey] {
        try connection.rows(ListSQL.staffAvailabilityFrom, [staffID.sqlValue, date.iso.sqlValue]) { row in
            AvailabilityKey(date: try row.date(0), daypartID: try row.integer(1), staffID: staffID)
        }
    }

    func heldVisits(assignedTo staffID: RowID, from date: LocalDate) throws -> [AssignedVisit] {
        try connection.rows(ListSQL.heldAssignedFrom, [staffID.sqlValue, date.iso.sqlValue]) { row in
            AssignedVisit(requestID: try row.integer(0), slot: SlotKey(date: try row.date(1), daypartID: try row.integer(2)))
        }
    }

    func heldRequests(inDaypart daypartID: RowID, from date: LocalDate) throws -> (count: Int, first: LocalDate?) {
        try connection.firstRow(ListSQL.heldInDaypartFrom, [daypartID.sqlValue, date.iso.sqlValue]) { row in
            (try row.int(0), try row.optionalText(1).flatMap { LocalDate(iso: $0) })
        } ?? (0, nil)
    }

    func catalogueDefects() throws -> [CatalogueDefect] {
        try connection.rows(ListSQL.catalogueDefects) { row in
            CatalogueDefect(id: try row.integer(0), path: DefectPath(location: try row.text(1), space: try row.text(2), element: try row.text(3),
                                                                     defect: try row.text(4)), active: try row.boolean(5))
        }
    }

    func setDefectActive(_ defectID: RowID, active: Bool) throws {
        try connection.execute(ListSQL.setDefectActive, [active.sqlValue, defectID.sqlValue])
    }

    func deleteUnreferenced(_ kind: ListKind, id: RowID) throws -> Bool {
        let (references, delete, uses): (String, String, Int)
        switch kind {
        case .staff: (references, delete, uses) = (ListSQL.staffReferences, ListSQL.deleteStaff, 3)
        case .dayparts: (references, delete, uses) = (ListSQL.daypartReferences, ListSQL.deleteDaypart, 3)
        case .catalogue: (references, delete, uses) = (ListSQL.defectReferences, ListSQL.deleteDefect, 1)
        }
        let count = try connection.firstRow(references, Array(repeating: id.sqlValue, count: uses)) { try $0.int(0) } ?? 0
        guard count == 0 else { return false }
        try connection.execute(delete, [id.sqlValue])
        return true
    }
}

/// A row's fields as the JSON array `list_change` keeps.
private func listRowJSON(_ fields: [String]) throws -> String {
    String(decoding: try JSONEncoder().encode(fields), as: UTF8.self)
}

private func listRowFields(_ json: String) throws -> [String] {
    try JSONDecoder().decode([String].self, from: Data(json.utf8))
}

import GRDB

/// `StoreSession` over one GRDB connection, inside the snapshot or transaction of its store.
/// Statements are cached, so the bulk paths (seeding, imports) prepare each one once.
struct SQLiteSession: StoreSession {
    let db: Database

    init(_ db: Database) {
        self.db = db
    }

    private func execute(_ sql: String, _ arguments: StatementArguments) throws {
        try db.cachedStatement(sql: sql).execute(arguments: arguments)
    }

    private func returningID(_ sql: String, _ arguments: StatementArguments) throws -> RowID {
        guard let id = try RowID.fetchOne(db.cachedStatement(sql: sql), arguments: arguments) else {
            throw StoreError.failed("no id returned by: \(sql)")
        }
        return id
    }

    func tableCounts() throws -> [(table: String, rows: Int)] {
        try Schema.tables.map { table in
            (table, try Int.fetchOne(db, sql: StoreSQL.count(table)) ?? 0)
        }
    }

    func upsertCorporation(name: String) throws -> RowID {
        try returningID(StoreSQL.upsertCorporation, [name])
    }

    func upsertResident(_ r: Resident) throws -> RowID {
        try returningID(StoreSQL.upsertResident, [r.name, r.email, r.phone, r.postcode, r.houseNumber, r.street, r.city, r.corporationID])
    }

    func upsertCatalogueNode(_ level: CatalogueLevel, parentID: RowID?, name: String) throws -> RowID {
        if level.parentColumn == nil {
            return try returningID(StoreSQL.upsertCatalogueNode(level), [name])
        }
        guard let parentID else { throw StoreError.failed("a \(level.rawValue) needs a parent") }
        return try returningID(StoreSQL.upsertCatalogueNode(level), [parentID, name])
    }

    func upsertSubcontractor(_ s: Subcontractor) throws -> RowID {
        try returningID(StoreSQL.upsertSubcontractor, [s.name, s.phone, s.email])
    }

    func upsertDaypart(_ d: Daypart) throws -> RowID {
        try returningID(StoreSQL.upsertDaypart, [d.code, d.label, d.startsAt, d.endsAt, d.sortOrder, d.active])
    }

    func upsertStaff(_ s: StaffMember) throws -> RowID {
        try returningID(StoreSQL.upsertStaff, [s.code, s.employeeNumber, s.name, s.active])
    }

    func addAvailability(_ key: AvailabilityKey) throws {
        try execute(StoreSQL.addAvailability, [key.date.iso, key.daypartID, key.staffID])
    }

    func upsertRequest(_ r: RepairRequest) throws {
        try execute(StoreSQL.upsertRequest, [
            r.id, r.residentID, r.description, r.photoPath, r.status.rawValue, r.slotDate.iso, r.daypartID,
            r.staffID, r.subcontractorID, r.createdAt, r.updatedAt,
        ])
        // Keep the rows of defects that stay, so re-seeding leaves their keys unchanged.
        let existing = Set(try RowID.fetchAll(db.cachedStatement(sql: StoreSQL.requestDefects), arguments: [r.id]))
        let wanted = Set(r.defectIDs)
        for defectID in existing.subtracting(wanted) {
            try execute(StoreSQL.removeRequestDefect, [r.id, defectID])
        }
        for defectID in r.defectIDs where !existing.contains(defectID) {
            try execute(StoreSQL.addRequestDefect, [r.id, defectID])
        }
    }

    func dayparts() throws -> [Identified<Daypart>] {
        try Row.fetchAll(db.cachedStatement(sql: StoreSQL.dayparts)).map { row in
            Identified(id: row[0], value: Daypart(
                code: row[1], label: row[2], startsAt: row[3], endsAt: row[4], sortOrder: row[5], active: row[6]))
        }
    }

    func staff() throws -> [Identified<StaffMember>] {
        try Row.fetchAll(db.cachedStatement(sql: StoreSQL.staff)).map { row in
            Identified(id: row[0], value: StaffMember(code: row[1], employeeNumber: row[2], name: row[3], active: row[4]))
        }
    }

    func slotOccupancy(in range: DateRange) throws -> [SlotKey: SlotOccupancy] {
        var slots: [SlotKey: SlotOccupancy] = [:]
        let bounds: StatementArguments = [range.from.iso, range.to.iso]
        for (sql, isCapacity) in [(StoreSQL.capacityPerSlot, true), (StoreSQL.heldPerSlot, false)] {
            let rows = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: bounds)
            while let row = try rows.next() {
                guard let date = LocalDate(iso: row[0] as String) else { continue }
                let key = SlotKey(date: date, daypartID: row[1])
                let count: Int = row[2]
                if isCapacity {
                    slots[key, default: SlotOccupancy(capacity: 0, held: 0)].capacity = count
                } else {
                    slots[key, default: SlotOccupancy(capacity: 0, held: 0)].held = count
                }
            }
        }
        return slots
    }

    func availability(on date: LocalDate) throws -> [(daypartID: RowID, staffID: RowID)] {
        // A cursor reuses one row object: a year of templates reads this 365 times.
        var pairs: [(daypartID: RowID, staffID: RowID)] = []
        let rows = try Row.fetchCursor(db.cachedStatement(sql: StoreSQL.availabilityOnDate), arguments: [date.iso])
        while let row = try rows.next() {
            pairs.append((row[0], row[1]))
        }
        return pairs
    }

    func slotDemand(on date: LocalDate) throws -> [RowID: SlotDemand] {
        var demand: [RowID: SlotDemand] = [:]
        let rows = try Row.fetchCursor(db.cachedStatement(sql: StoreSQL.demandOnDate), arguments: [date.iso])
        while let row = try rows.next() {
            let daypartID: RowID = row[0]
            demand[daypartID, default: SlotDemand()].held += 1
            if let staffID: RowID = row[1] { demand[daypartID, default: SlotDemand()].assignments.append((staffID, row[2])) }
        }
        return demand
    }

    func recordExportRun(_ run: ExportRun) throws -> RowID {
        try returningID(StoreSQL.recordExportRun, [run.kind, run.parameters, run.path, run.sha256, run.rows, run.createdAt, run.contentSHA256])
    }

    func removeAvailability(_ key: AvailabilityKey) throws {
        try execute(StoreSQL.removeAvailability, [key.date.iso, key.daypartID, key.staffID])
    }

    func insertImportBatch(_ b: ImportBatch) throws -> RowID {
        try returningID(StoreSQL.insertImportBatch, [
            b.fileName, b.sha256, b.operatorName, b.createdAt, b.dryRun, b.kind.rawValue, b.revertsBatchID,
            b.range?.from.iso, b.range?.to.iso, b.added, b.removed, b.unchanged, b.outcome.rawValue,
        ])
    }

    func recordAvailabilityChange(batchID: RowID, _ change: AvailabilityChange) throws {
        try execute(StoreSQL.recordAvailabilityChange, [
            batchID, change.key.date.iso, change.key.daypartID, change.key.staffID, !change.available, change.available,
        ])
    }

    func importBatch(id: RowID) throws -> ImportBatch? {
        try Row.fetchOne(db.cachedStatement(sql: StoreSQL.importBatch), arguments: [id]).map(SQLiteSession.batch)
    }

    func importBatches(limit: Int) throws -> [ImportBatch] {
        try Row.fetchAll(db.cachedStatement(sql: StoreSQL.recentImportBatches), arguments: [limit]).map(SQLiteSession.batch)
    }

    func importBatches(createdFrom start: String, before end: String) throws -> [ImportBatch] {
        try Row.fetchAll(db.cachedStatement(sql: StoreSQL.importBatchesCreatedBetween), arguments: [start, end]).map(SQLiteSession.batch)
    }

    private static func batch(_ row: Row) -> ImportBatch {
        let from = (row[8] as String?).flatMap { LocalDate(iso: $0) }
        let to = (row[9] as String?).flatMap { LocalDate(iso: $0) }
        return ImportBatch(
            id: row[0], fileName: row[1], sha256: row[2], operatorName: row[3], createdAt: row[4], dryRun: row[5],
            kind: ImportBatch.Kind(rawValue: row[6]) ?? .import, revertsBatchID: row[7],
            range: from.flatMap { from in to.flatMap { DateRange(from: from, to: $0) } },
            added: row[10], removed: row[11], unchanged: row[12],
            outcome: ImportBatch.Outcome(rawValue: row[13]) ?? .applied)
    }

    func availabilityChanges(ofBatch batchID: RowID) throws -> [AvailabilityChange] {
        try Row.fetchAll(db.cachedStatement(sql: StoreSQL.changesOfBatch), arguments: [batchID]).compactMap { row in
            guard let date = LocalDate(iso: row[0] as String) else { return nil }
            return AvailabilityChange(
                key: AvailabilityKey(date: date, daypartID: row[1], staffID: row[2]), available: row[3],
                staffCode: row[4], daypartCode: row[5])
        }
    }

    func laterBatches(touchingCellsOf batchID: RowID) throws -> [RowID] {
        try RowID.fetchAll(db.cachedStatement(sql: StoreSQL.laterBatchesTouching), arguments: [batchID, batchID])
    }

    func batch(reverting batchID: RowID) throws -> RowID? {
        try RowID.fetchOne(db.cachedStatement(sql: StoreSQL.batchReverting), arguments: [batchID])
    }

    func forEachRequest(matching filter: RequestFilter, _ visit: (RequestReportRow) throws -> Void) throws {
        var conditions: [String] = []
        var arguments: StatementArguments = []
        if let dates = filter.slotDates {
            conditions.append("r.slot_date BETWEEN ? AND ?")
            arguments += [dates.from.iso, dates.to.iso]
        }
        if let statuses = filter.statuses {
            conditions.append("r.status IN (\(Array(repeating: "?", count: statuses.count).joined(separator: ", ")))")
            arguments += StatementArguments(statuses.map(\.rawValue).sorted())
        }
        if let corporation = filter.corporation {
            conditions.append("hc.name = ?")
            arguments += [corporation]
        }
        if let since = filter.updatedSince {
            conditions.append("r.updated_at >= ?")
            arguments += [since]
        }
        let rows = try Row.fetchCursor(db, sql: StoreSQL.requestReport(conditions: conditions), arguments: arguments)
        var pending: RequestReportRow?
        while let row = try rows.next() {
            let id: RowID = row[0]
            if let current = pending, current.id != id {
                try visit(current)
                pending = nil
            }
            if pending == nil {
                guard let status = RequestStatus(rawValue: row[3]), let date = LocalDate(iso: row[12] as String) else { continue }
                pending = RequestReportRow(
                    id: id, createdAt: row[1], updatedAt: row[2], status: status, residentName: row[4], residentEmail: row[5],
                    street: row[6], houseNumber: row[7], postcode: row[8], city: row[9], corporation: row[10], description: row[11],
                    slotDate: date, daypartLabel: row[13], staffCode: row[14], staffName: row[15], subcontractor: row[16], defects: [])
            }
            if let location: String = row[17] {
                pending?.defects.append(DefectPath(location: location, space: row[18], element: row[19], defect: row[20]))
            }
        }
        if let last = pending { try visit(last) }
    }

    func staffLoad(in range: DateRange) throws -> [StaffLoad] {
        let bounds: StatementArguments = [range.from.iso, range.to.iso, range.from.iso, range.to.iso]
        return try Row.fetchAll(db.cachedStatement(sql: StoreSQL.staffLoad), arguments: bounds).map {
            StaffLoad(staffID: $0[0], slotsAvailable: $0[1], requestsAssigned: $0[2])
        }
    }

    func lastExportRun(kind: String, parameters: String) throws -> ExportRun? {
        try Row.fetchOne(db.cachedStatement(sql: StoreSQL.lastExportRun), arguments: [kind, parameters]).map {
            ExportRun(kind: $0[0], parameters: $0[1], path: $0[2], sha256: $0[3], rows: $0[4], createdAt: $0[5], contentSHA256: $0[6])
        }
    }
}

/// `StoreSession` written once over `SQLConnection`, so SQLite and PostgreSQL run the same
/// statements (`StoreSQL`) and turn rows into the same values. What differs between them stays in
/// the connection (placeholders, types, transactions) and `SQLDialect`.
struct PortableSession<Connection: SQLConnection>: StoreSession {
    let connection: Connection

    init(_ connection: Connection) {
        self.connection = connection
    }

    func tableCounts() throws -> [(table: String, rows: Int)] {
        try Schema.tables.map { table in
            (table, try connection.firstRow(StoreSQL.count(table)) { try $0.int(0) } ?? 0)
        }
    }

    func upsertCorporation(name: String) throws -> RowID {
        try connection.returningID(StoreSQL.upsertCorporation, [name.sqlValue])
    }

    func upsertResident(_ r: Resident) throws -> RowID {
        try connection.returningID(StoreSQL.upsertResident, [
            r.name.sqlValue, r.email.sqlValue, r.phone.sqlValue, r.postcode.sqlValue, r.houseNumber.sqlValue,
            r.street.sqlValue, r.city.sqlValue, r.corporationID.sqlValue,
        ])
    }

    func upsertCatalogueNode(_ level: CatalogueLevel, parentID: RowID?, name: String) throws -> RowID {
        if level.parentColumn == nil {
            return try connection.returningID(StoreSQL.upsertCatalogueNode(level), [name.sqlValue])
        }
        guard let parentID else { throw StoreError.failed("a \(level.rawValue) needs a parent") }
        return try connection.returningID(StoreSQL.upsertCatalogueNode(level), [parentID.sqlValue, name.sqlValue])
    }

    func upsertSubcontractor(_ s: Subcontractor) throws -> RowID {
        try connection.returningID(StoreSQL.upsertSubcontractor, [s.name, s.phone, s.email].map(\.sqlValue))
    }

    func upsertDaypart(_ d: Daypart) throws -> RowID {
        try connection.returningID(StoreSQL.upsertDaypart, [
            d.code.sqlValue, d.label.sqlValue, d.startsAt.sqlValue, d.endsAt.sqlValue, d.sortOrder.sqlValue, d.active.sqlValue,
        ])
    }

    func upsertStaff(_ s: StaffMember) throws -> RowID {
        try connection.returningID(StoreSQL.upsertStaff, [
            s.code.sqlValue, s.employeeNumber.sqlValue, s.name.sqlValue, s.active.sqlValue,
        ])
    }

    func addAvailability(_ keys: [AvailabilityKey]) throws {
        try connection.execute(StoreSQL.addAvailability, forRows: keys.map(\.sqlValues))
    }

    func addAbsentAvailability(_ keys: [AvailabilityKey]) throws {
        try connection.execute(StoreSQL.addAbsentAvailability, forRows: keys.map(\.sqlValues))
    }

    func upsertRequest(_ r: RepairRequest) throws {
        try connection.execute(StoreSQL.upsertRequest, [
            r.id.sqlValue, r.residentID.sqlValue, r.description.sqlValue, r.photoPath.sqlValue, r.status.rawValue.sqlValue,
            r.slotDate.iso.sqlValue, r.daypartID.sqlValue, r.staffID.sqlValue, r.subcontractorID.sqlValue,
            r.createdAt.sqlValue, r.updatedAt.sqlValue,
        ])
        // Keep the rows of defects that stay, so re-seeding leaves their keys unchanged.
        let existing = Set(try connection.rows(StoreSQL.requestDefects, [r.id.sqlValue]) { try $0.integer(0) })
        let wanted = Set(r.defectIDs)
        for defectID in existing.subtracting(wanted) {
            try connection.execute(StoreSQL.removeRequestDefect, [r.id.sqlValue, defectID.sqlValue])
        }
        for defectID in r.defectIDs where !existing.contains(defectID) {
            try connection.execute(StoreSQL.addRequestDefect, [r.id.sqlValue, defectID.sqlValue])
        }
    }

    func continueKeysAfterExplicitIDs() throws {
        if let sql = connection.dialect.continueKeys(of: "repair_request") {
            try connection.execute(sql, [])
        }
    }

    func refreshPlannerStatistics(of tables: [String]) throws {
        if let sql = connection.dialect.refreshStatistics(of: tables) {
            try connection.execute(sql, [])
        }
    }

    func commitDurably() throws {
        if let sql = connection.dialect.durableCommit {
            try connection.execute(sql, [])
        }
    }

    func dayparts() throws -> [Identified<Daypart>] {
        try connection.rows(StoreSQL.dayparts) { row in
            typealias C = DaypartColumn
            return Identified(id: try row.integer(C.id), value: Daypart(
                code: try row.text(C.code), label: try row.text(C.label), startsAt: try row.text(C.startsAt), endsAt: try row.text(C.endsAt),
                sortOrder: try row.int(C.sortOrder), active: try row.boolean(C.active)))
        }
    }

    func staff() throws -> [Identified<StaffMember>] {
        try connection.rows(StoreSQL.staff) { row in
            typealias C = StaffColumn
            return Identified(id: try row.integer(C.id), value: StaffMember(
                code: try row.text(C.code), employeeNumber: try row.text(C.employeeNumber), name: try row.text(C.name),
                active: try row.boolean(C.active)))
        }
    }

    func slotOccupancy(in range: DateRange) throws -> [SlotKey: SlotOccupancy] {
        var slots: [SlotKey: SlotOccupancy] = [:]
        let bounds = [range.from.iso.sqlValue, range.to.iso.sqlValue]
        try connection.streamRows(StoreSQL.capacityPerSlot, bounds) { row in
            let key = SlotKey(date: try row.date(0), daypartID: try row.integer(1))
            slots[key, default: SlotOccupancy(capacity: 0, held: 0)].capacity = try row.int(2)
        }
        try connection.streamRows(StoreSQL.heldPerSlot, bounds) { row in
            let key = SlotKey(date: try row.date(0), daypartID: try row.integer(1))
            slots[key, default: SlotOccupancy(capacity: 0, held: 0)].held = try row.int(2)
        }
        return slots
    }

    func schedules(in range: DateRange, reading parts: ScheduleParts, _ visit: (DaySchedule) throws -> Void) throws {
        typealias C = SlotScheduleColumn
        var next = range.from      // the first date not visited yet
        var current: LocalDate?
        var available: [RowID: [RowID]] = [:], demand: [RowID: SlotDemand] = [:]
        /// Visits the dates before `date` (those without rows empty), ending with the one collected.
        func visitDates(before date: LocalDate) throws {
            while next < date {
                if next == current {
                    try visit(DaySchedule(date: next, available: available, demand: demand))
                    available.removeAll(keepingCapacity: true)
                    demand.removeAll(keepingCapacity: true)
                } else {
                    try visit(DaySchedule(date: next, available: [:], demand: [:]))
                }
                next = next.adding(days: 1)
            }
        }
        let bounds = [range.from.iso.sqlValue, range.to.iso.sqlValue]
        try connection.streamRows(StoreSQL.slotSchedules(connection.dialect, parts), parts == .all ? bounds + bounds : bounds) { row in
            let date = try row.date(C.date.rawValue), daypartID = try row.integer(C.daypartID.rawValue)
            if date != current {
                try visitDates(before: date)
                current = date
            }
            let staff = try row.optionalIntegerList(C.staff.rawValue) ?? []
            if try row.integer(C.kind.rawValue) == 0 {
                available[daypartID] = staff
            } else {
                let requests = try row.optionalIntegerList(C.requests.rawValue) ?? []
                guard requests.count == staff.count else { throw StoreError.failed("slot \(date) \(daypartID): assignments do not pair") }
                var assignments = zip(staff, requests).map { (staffID: $0, requestID: $1) }
                // In request order, whichever order the backend aggregated the rows in.
                if !assignments.indices.dropFirst().allSatisfy({ assignments[$0 - 1].requestID < assignments[$0].requestID }) {
                    assignments.sort { $0.requestID < $1.requestID }
                }
                demand[daypartID] = SlotDemand(held: try row.int(C.held.rawValue), assignments: assignments)
            }
        }
        try visitDates(before: range.to.adding(days: 1))
    }

    func lockSlots(_ slots: [SlotKey]) throws {
        guard let statement = connection.dialect.slotLocks, !slots.isEmpty else { return }
        // Sorted here too, so that when the rows go in more than one statement, those follow the order.
        let keys = Set(slots.map { [$0.date.lockKey, $0.daypartID] }).sorted { $0.lexicographicallyPrecedes($1) }
        try connection.execute(statement, forRows: keys.map { $0.map(\.sqlValue) })
    }

    func availability(on date: LocalDate) throws -> [(daypartID: RowID, staffID: RowID)] {
        // Appended here, not through the generic `rows`: there, each append looked up the array's
        // type metadata at run time (~330 instructions a row, 250k rows in a year's template).
        var pairs: [(daypartID: RowID, staffID: RowID)] = []
        try connection.forEachRow(StoreSQL.availabilityOnDate, [date.iso.sqlValue]) { row in
            pairs.append((try row.integer(DayAvailabilityColumn.daypartID), try row.integer(DayAvailabilityColumn.staffID)))
        }
        return pairs
    }

    func slotDemand(on date: LocalDate) throws -> [RowID: SlotDemand] {
        var demand: [RowID: SlotDemand] = [:]
        try connection.forEachRow(StoreSQL.demandOnDate, [date.iso.sqlValue]) { row in
            let daypartID = try row.integer(DemandColumn.daypartID)
            demand[daypartID, default: SlotDemand()].held += 1
            if let staffID = try row.optionalInteger(DemandColumn.staffID) {
                demand[daypartID, default: SlotDemand()].assignments.append((staffID, try row.integer(DemandColumn.requestID)))
            }
        }
        return demand
    }

    func recordExportRun(_ run: ExportRun) throws -> RowID {
        try connection.returningID(StoreSQL.recordExportRun, [
            run.kind.sqlValue, run.parameters.sqlValue, run.path.sqlValue, run.sha256.sqlValue, run.rows.sqlValue,
            run.createdAt.sqlValue, run.contentSHA256.sqlValue,
        ])
    }

    func deleteExportRuns(_ ids: [RowID]) throws {
        for id in ids {
            try connection.execute(StoreSQL.deleteExportRun, [id.sqlValue])
        }
    }

    func removeAvailability(_ keys: [AvailabilityKey]) throws {
        try connection.execute(StoreSQL.removeAvailability, forRows: keys.map(\.sqlValues))
    }

    func insertImportBatch(_ b: ImportBatch) throws -> RowID {
        try connection.returningID(StoreSQL.insertImportBatch, [
            b.fileName.sqlValue, b.sha256.sqlValue, b.operatorName.sqlValue, b.createdAt.sqlValue, b.dryRun.sqlValue,
            b.kind.rawValue.sqlValue, b.revertsBatchID.sqlValue, b.range?.from.iso.sqlValue ?? .null,
            b.range?.to.iso.sqlValue ?? .null, b.added.sqlValue, b.removed.sqlValue, b.unchanged.sqlValue,
            b.outcome.rawValue.sqlValue, b.problems.sqlValue,
        ])
    }

    func recordAvailabilityChanges(batchID: RowID, _ changes: [AvailabilityChange]) throws {
        try connection.execute(StoreSQL.recordAvailabilityChanges, forRows: changes.map { change in
            [batchID.sqlValue] + change.key.sqlValues + [(!change.available).sqlValue, change.available.sqlValue]
        })
    }

    func importBatch(id: RowID) throws -> ImportBatch? {
        try connection.firstRow(StoreSQL.importBatch, [id.sqlValue], PortableSession.batch)
    }

    func importBatches(_ filter: HistoryFilter) throws -> [ImportBatch] {
        let outcomes = (filter.outcomes ?? []).map(\.rawValue).sorted()
        return try connection.rows(StoreSQL.recentImportBatches(outcomes: outcomes.count, byOperator: filter.operatorName != nil),
                                   outcomes.map(\.sqlValue) + (filter.operatorName.map { [$0.sqlValue] } ?? [])
                                       + [filter.limit.sqlValue, filter.offset.sqlValue],
                                   PortableSession.batch)
    }

    func importBatches(createdFrom start: String, before end: String) throws -> [ImportBatch] {
        try connection.rows(StoreSQL.importBatchesCreatedBetween, [start.sqlValue, end.sqlValue], PortableSession.batch)
    }

    /// A row of `ImportBatchColumn` as a batch.
    private static func batch(_ row: Connection.Row) throws -> ImportBatch {
        typealias C = ImportBatchColumn
        let id = try row.integer(C.id)
        let from = try row.optionalText(C.rangeFrom).flatMap { LocalDate(iso: $0) }
        let to = try row.optionalText(C.rangeTo).flatMap { LocalDate(iso: $0) }
        // A value this build does not know (a newer slotsheet, a hand-made row) is an error: read
        // as something else, an attempt would be shown, reported or undone as what it was not.
        let kindText = try row.text(C.kind), outcomeText = try row.text(C.outcome)
        guard let kind = ImportBatch.Kind(rawValue: kindText) else {
            throw StoreError.failed("import batch \(id) has the kind '\(kindText)', which this slotsheet does not know")
        }
        guard let outcome = ImportBatch.Outcome(rawValue: outcomeText) else {
            throw StoreError.failed("import batch \(id) has the outcome '\(outcomeText)', which this slotsheet does not know")
        }
        let listText = try row.optionalText(C.listKind)
        guard let subject = BatchSubject(recorded: listText) else {
            throw StoreError.failed("import batch \(id) has the list kind '\(listText ?? "")', which this slotsheet does not know")
        }
        var batch = ImportBatch(
            id: id, fileName: try row.text(C.fileName), sha256: try row.text(C.sha256),
            operatorName: try row.text(C.operatorName), createdAt: try row.text(C.createdAt), dryRun: try row.boolean(C.dryRun),
            kind: kind, revertsBatchID: try row.optionalInteger(C.revertsBatchID),
            range: from.flatMap { from in to.flatMap { DateRange(from: from, to: $0) } },
            added: try row.int(C.added), removed: try row.int(C.removed), unchanged: try row.int(C.unchanged),
            outcome: outcome, problems: try row.int(C.problems))
        batch.subject = subject
        return batch
    }

    func availabilityChanges(ofBatch batchID: RowID) throws -> [AvailabilityChange] {
        try connection.rows(StoreSQL.changesOfBatch, [batchID.sqlValue]) { row in
            typealias C = BatchChangeColumn
            return AvailabilityChange(
                key: AvailabilityKey(date: try row.date(C.date), daypartID: try row.integer(C.daypartID), staffID: try row.integer(C.staffID)),
                available: try row.boolean(C.availableAfter), staffCode: try row.text(C.staffCode), daypartCode: try row.text(C.daypartCode))
        }
    }

    func laterBatches(touchingCellsOf batchID: RowID) throws -> [RowID] {
        try connection.rows(StoreSQL.laterBatchesTouching, [batchID.sqlValue, batchID.sqlValue]) { try $0.integer(0) }
    }

    func batch(reverting batchID: RowID) throws -> RowID? {
        try connection.firstRow(StoreSQL.batchReverting, [batchID.sqlValue]) { try $0.integer(0) }
    }

    func forEachRequest(matching filter: RequestFilter, _ visit: (RequestReportRow) throws -> Void) throws {
        let (conditions, arguments) = filter.sqlConditions
        try forEachRequestRow(StoreSQL.requestReport(conditions: conditions), arguments, visit)
    }

    /// The requests of a query shaped as `StoreSQL.requestReport` (one row a defect, in request
    /// order), one `RequestReportRow` each with its defects.
    func forEachRequestRow(_ sql: String, _ arguments: [SQLValue], _ visit: (RequestReportRow) throws -> Void) throws {
        var pending: RequestReportRow?
        try connection.streamRows(sql, arguments) { row in
            typealias C = RequestReportColumn
            let id = try row.integer(C.id)
            if let current = pending, current.id != id {
                try visit(current)
                pending = nil
            }
            if pending == nil {
                guard let status = RequestStatus(rawValue: try row.text(C.status)) else { return }
                pending = RequestReportRow(
                    id: id, createdAt: try row.text(C.createdAt), updatedAt: try row.text(C.updatedAt), status: status,
                    residentName: try row.text(C.residentName), residentEmail: try row.text(C.residentEmail), street: try row.text(C.street),
                    houseNumber: try row.text(C.houseNumber), postcode: try row.text(C.postcode), city: try row.text(C.city),
                    corporation: try row.text(C.corporation), description: try row.text(C.description), slotDate: try row.date(C.slotDate),
                    daypartLabel: try row.text(C.daypartLabel), staffCode: try row.optionalText(C.staffCode),
                    staffName: try row.optionalText(C.staffName), subcontractor: try row.optionalText(C.subcontractor), defects: [])
                pending?.daypartCode = try row.text(C.daypartCode)
            }
            if let location = try row.optionalText(C.location) {
                pending?.defects.append(DefectPath(
                    location: location, space: try row.text(C.space), element: try row.text(C.element), defect: try row.text(C.defect)))
            }
        }
        if let last = pending { try visit(last) }
    }

    func staffLoad(in range: DateRange) throws -> [StaffLoad] {
        let bounds = [range.from.iso, range.to.iso, range.from.iso, range.to.iso].map(\.sqlValue)
        return try connection.rows(StoreSQL.staffLoad, bounds) { row in
            StaffLoad(staffID: try row.integer(StaffLoadColumn.staffID), slotsAvailable: try row.int(StaffLoadColumn.slotsAvailable),
                      requestsAssigned: try row.int(StaffLoadColumn.requestsAssigned))
        }
    }

    func lastExportRun(kind: String, parameters: String) throws -> ExportRun? {
        try connection.firstRow(StoreSQL.lastExportRun, [kind.sqlValue, parameters.sqlValue]) { row in
            typealias C = ExportRunColumn
            return ExportRun(kind: try row.text(C.kind), parameters: try row.text(C.parameters), path: try row.text(C.path),
                             sha256: try row.text(C.sha256), rows: try row.int(C.rows), createdAt: try row.text(C.createdAt),
                             contentSHA256: try row.optionalText(C.contentSHA256))
        }
    }
}

extension LocalDate {
    /// The date as the integer YYYYMMDD: the first key of a slot's lock (`StoreSQL.lockSlots`).
    var lockKey: Int64 {
        let (year, month, day) = parts
        return Int64(year * 10_000 + month * 100 + day)
    }
}

extension AvailabilityKey {
    /// The values of `(date, daypart_id, staff_id)`, in that order.
    var sqlValues: [SQLValue] { [date.iso.sqlValue, daypartID.sqlValue, staffID.sqlValue] }
}

extension RequestFilter {
    /// The filter as conditions of `StoreSQL.requestReport` and their values.
    var sqlConditions: (conditions: [String], arguments: [SQLValue]) {
        var conditions: [String] = []
        var arguments: [SQLValue] = []
        if let dates = slotDates {
            conditions.append("r.slot_date BETWEEN ? AND ?")
            arguments += [dates.from.iso.sqlValue, dates.to.iso.sqlValue]
        }
        if let statuses {
            conditions.append("r.status IN (\(Array(repeating: "?", count: statuses.count).joined(separator: ", ")))")
            arguments += statuses.map(\.rawValue).sorted().map(\.sqlValue)
        }
        if let corporation {
            conditions.append("hc.name = ?")
            arguments.append(corporation.sqlValue)
        }
        if let updatedSince {
            conditions.append("r.updated_at >= ?")
            arguments.append(updatedSince.sqlValue)
        }
        if let requestID {
            conditions.append("r.id = ?")
            arguments.append(requestID.sqlValue)
        }
        return (conditions, arguments)
    }
}

/// A session that runs a statement given as text: for migrations' tests and maintenance, never
/// for values from a file (those are always bound).
protocol RawSQLSession {
    func executeRaw(_ sql: String) throws
}

extension PortableSession: RawSQLSession {
    func executeRaw(_ sql: String) throws {
        try connection.execute(sql, [])
    }
}

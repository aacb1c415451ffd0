/// The decisions' queries on every backend (see `DecisionSession`).
extension PortableSession: DecisionSession {
    func storedRequests(_ ids: [RowID]) throws -> [RowID: StoredRequest] {
        var found: [RowID: StoredRequest] = [:]
        guard !ids.isEmpty else { return found }
        let dialect = connection.dialect
        try connection.forEachRow(DecisionSQL.storedRequests(dialect), [dialect.integerListParameter(Array(Set(ids)).sorted())]) { row in
            let id = try row.integer(0)
            found[id] = StoredRequest(
                id: id,
                state: RequestState(status: try status(try row.text(1), request: id), slot: SlotKey(date: try row.date(2), daypartID: try row.integer(3)),
                                    staffID: try row.optionalInteger(4), subcontractorID: try row.optionalInteger(5)),
                statusBeforeArchiving: try row.optionalText(6).map { try status($0, request: id) })
        }
        return found
    }

    func subcontractors() throws -> [Identified<Subcontractor>] {
        try connection.rows(DecisionSQL.subcontractors) { row in
            Identified(id: try row.integer(0), value: Subcontractor(name: try row.text(1), phone: try row.optionalText(2), email: try row.optionalText(3)))
        }
    }

    func applyRequestChanges(_ changes: [RequestChange], updatedAt: String) throws {
        try connection.execute(DecisionSQL.applyChanges, forRows: changes.map { change in
            let after = change.after
            return [change.requestID.sqlValue, after.status.rawValue.sqlValue, after.slot.date.iso.sqlValue, after.slot.daypartID.sqlValue,
                    (after.staffID ?? 0).sqlValue, (after.subcontractorID ?? 0).sqlValue, updatedAt.sqlValue]
        })
    }

    func appendStatusLog(_ entries: [RequestLogEntry]) throws {
        try connection.execute(DecisionSQL.appendLog, forRows: entries.map { entry in
            [entry.requestID.sqlValue, (entry.fromStatus?.rawValue ?? "").sqlValue, entry.toStatus.rawValue.sqlValue,
             (entry.slotBefore?.date.iso ?? "").sqlValue, (entry.slotBefore?.daypartID ?? 0).sqlValue,
             entry.slotAfter.date.iso.sqlValue, entry.slotAfter.daypartID.sqlValue,
             (entry.staffBefore ?? 0).sqlValue, (entry.staffAfter ?? 0).sqlValue,
             (entry.subcontractorBefore ?? 0).sqlValue, (entry.subcontractorAfter ?? 0).sqlValue,
             (entry.note ?? "").sqlValue, entry.operatorName.sqlValue, entry.channel.rawValue.sqlValue,
             (entry.batchID ?? 0).sqlValue, entry.createdAt.sqlValue]
        })
    }

    func statusLog(ofRequest requestID: RowID) throws -> [RequestLogEntry] {
        try connection.rows(DecisionSQL.logOfRequest, [requestID.sqlValue], logEntry)
    }

    func statusLog(ofBatch batchID: RowID) throws -> [RequestLogEntry] {
        try connection.rows(DecisionSQL.logOfBatch, [batchID.sqlValue], logEntry)
    }

    func laterLogRows(afterBatch batchID: RowID) throws -> [LaterLogRow] {
        try connection.rows(DecisionSQL.laterLogRows, [batchID.sqlValue]) { row in
            LaterLogRow(requestID: try row.integer(0), batchID: try row.optionalInteger(1))
        }
    }

    func markRequestsBatch(_ batchID: RowID) throws {
        try connection.execute(DecisionSQL.markRequestsBatch, [batchID.sqlValue])
    }

    func logRequestsTheLogDoesNotMatch(operatorName: String, channel: RequestChannel) throws -> Int {
        let before = try connection.firstRow(StoreSQL.count("request_status_log")) { try $0.int(0) } ?? 0
        try connection.execute(DecisionSQL.logWhatTheLogDoesNotSay, [operatorName.sqlValue, channel.rawValue.sqlValue])
        return (try connection.firstRow(StoreSQL.count("request_status_log")) { try $0.int(0) } ?? 0) - before
    }

    /// A row of `DecisionSQL.logSelect`.
    private func logEntry(_ row: Connection.Row) throws -> RequestLogEntry {
        let requestID = try row.integer(1)
        let channelText = try row.text(14)
        guard let channel = RequestChannel(rawValue: channelText) else {
            throw StoreError.failed("a log row of request \(requestID) has the channel '\(channelText)', which this slotsheet does not know")
        }
        let slotBefore = try row.optionalText(4).flatMap(LocalDate.init(iso:)).map { SlotKey(date: $0, daypartID: try row.integer(5)) }
        return RequestLogEntry(
            id: try row.integer(0), requestID: requestID, fromStatus: try row.optionalText(2).map { try status($0, request: requestID) },
            toStatus: try status(try row.text(3), request: requestID), slotBefore: slotBefore,
            slotAfter: SlotKey(date: try row.date(6), daypartID: try row.integer(7)),
            staffBefore: try row.optionalInteger(8), staffAfter: try row.optionalInteger(9),
            subcontractorBefore: try row.optionalInteger(10), subcontractorAfter: try row.optionalInteger(11),
            note: try row.optionalText(12), operatorName: try row.text(13), channel: channel,
            batchID: try row.optionalInteger(15), createdAt: try row.text(16))
    }

    private func status(_ text: String, request: RowID) throws -> RequestStatus {
        guard let status = RequestStatus(rawValue: text) else {
            throw StoreError.failed("request \(request) has the status '\(text)', which this slotsheet does not know")
        }
        return status
    }
}

import SlotSheetTemplates

/// The tenants' outbox on every backend (see `NoticeSession`).
extension PortableSession: NoticeSession {
    func noticeFacts(requestIDs: [RowID]) throws -> [RowID: NoticeRequestFacts] {
        var facts: [RowID: NoticeRequestFacts] = [:]
        guard !requestIDs.isEmpty else { return facts }
        let dialect = connection.dialect, ids = dialect.integerListParameter(Array(Set(requestIDs)).sorted())
        try connection.forEachRow(NoticeSQL.facts(dialect), [ids]) { row in
            let id = try row.integer(0)
            facts[id] = NoticeRequestFacts(requestID: id, residentName: try row.text(1), email: try row.text(2), street: try row.text(3),
                                           houseNumber: try row.text(4), postcode: try row.text(5), city: try row.text(6), defects: [])
        }
        try connection.forEachRow(NoticeSQL.defects(dialect), [ids]) { row in
            let id = try row.integer(0)
            facts[id]?.defects.append(DefectPath(location: try row.text(1), space: try row.text(2), element: try row.text(3), defect: try row.text(4)))
        }
        return facts
    }

    func lastCalendarSequences(requestIDs: [RowID]) throws -> [RowID: Int] {
        var sequences: [RowID: Int] = [:]
        guard !requestIDs.isEmpty else { return sequences }
        let dialect = connection.dialect
        try connection.forEachRow(NoticeSQL.lastSequences(dialect), [dialect.integerListParameter(Array(Set(requestIDs)).sorted())]) { row in
            sequences[try row.integer(0)] = try row.int(1)
        }
        return sequences
    }

    func insertNotices(_ notices: [NewNotice], messageDomain: String) throws -> [RowID] {
        guard !notices.isEmpty else { return [] }
        let ids = try connection.rows(connection.dialect.newIDs(of: "resident_notice"), [notices.count.sqlValue]) { try $0.integer(0) }
        guard ids.count == notices.count else { throw StoreError.failed("\(notices.count) notice ids asked for, \(ids.count) given") }
        try connection.execute(NoticeSQL.insert, forRows: zip(ids, notices).map { id, n in
            [id.sqlValue, NoticeSQL.messageID(id, domain: messageDomain).sqlValue,
             n.requestID.sqlValue, (n.batchID ?? 0).sqlValue, n.kind.rawValue.sqlValue, n.recipient.sqlValue, n.recipientName.sqlValue,
             n.language.rawValue.sqlValue, n.subject.sqlValue, n.text.sqlValue, (n.calendar?.text ?? "").sqlValue,
             (n.calendar?.method ?? "").sqlValue, n.calendarSequence.sqlValue, n.nextAttemptMS.sqlValue, n.createdAt.sqlValue,
             (n.correctsNoticeID ?? 0).sqlValue, (n.slot?.date.iso ?? "").sqlValue, (n.slot?.daypartID ?? 0).sqlValue]
        })
        return ids
    }

    func withdrawNotices(_ ids: [RowID], from states: Set<NoticeState>) throws -> [RowID] {
        guard !ids.isEmpty, !states.isEmpty else { return [] }
        let dialect = connection.dialect
        return try connection.rows(NoticeSQL.withdraw(dialect, fromStates: states.count),
                                   [dialect.integerListParameter(ids.sorted())] + states.map(\.rawValue).sorted().map(\.sqlValue)) {
            try $0.integer(0)
        }.sorted()
    }

    func notice(id: RowID) throws -> ResidentNotice? {
        try connection.firstRow(NoticeSQL.byID, [id.sqlValue], PortableSession.residentNotice)
    }

    func notices(in state: NoticeState?, limit: Int) throws -> [ResidentNotice] {
        guard let state else { return try connection.rows(NoticeSQL.newest, [limit.sqlValue], PortableSession.residentNotice) }
        return try connection.rows(NoticeSQL.newestInState, [state.rawValue.sqlValue, limit.sqlValue], PortableSession.residentNotice)
    }

    func notices(ofBatch batchID: RowID) throws -> [ResidentNotice] {
        try connection.rows(NoticeSQL.ofBatch, [batchID.sqlValue], PortableSession.residentNotice)
    }

    func claimNotice(owner: String, untilMS: Int64, nowMS: Int64) throws -> ResidentNotice? {
        try connection.firstRow(NoticeSQL.claim(connection.dialect), [owner.sqlValue, untilMS.sqlValue, nowMS.sqlValue, nowMS.sqlValue],
                                PortableSession.residentNotice)
    }

    func finishNotice(_ id: RowID, owner: String, outcome: NoticeAttemptOutcome) throws -> Bool {
        try connection.firstRow(NoticeSQL.finish, [
            outcome.state.rawValue.sqlValue, outcome.nextAttemptMS.sqlValue, outcome.answer.sqlValue, outcome.sentAt.sqlValue, id.sqlValue,
            owner.sqlValue,
        ]) { try $0.integer(0) } != nil
    }

    func moveNotice(_ id: RowID, from: Set<NoticeState>, to: NoticeState, nextAttemptMS: Int64) throws -> Bool {
        let states = from.map(\.rawValue).sorted()
        return try connection.firstRow(NoticeSQL.move(fromStates: states.count),
                                       [to.rawValue.sqlValue, nextAttemptMS.sqlValue, to.rawValue.sqlValue, nextAttemptMS.sqlValue, id.sqlValue]
                                        + states.map(\.sqlValue)) {
            try $0.integer(0)
        } != nil
    }

    func noticeQueueStats() throws -> NoticeQueueStats {
        try connection.firstRow(NoticeSQL.stats, []) { row in
            NoticeQueueStats(depth: try row.int(0), oldestCreatedAt: try row.optionalText(1), failed: try row.int(2))
        } ?? NoticeQueueStats(depth: 0, oldestCreatedAt: nil, failed: 0)
    }

    private static func slot(date: String?, daypartID: RowID?) throws -> NoticeSlot? {
        guard let date, let daypartID else { return nil }
        guard let day = LocalDate(iso: date) else { throw StoreError.failed("'\(date)' in resident_notice is not a date") }
        return NoticeSlot(date: day, daypartID: daypartID)
    }

    /// A row of `NoticeSQL.columns` as a notice: its kind, state and language decoded here, once.
    private static func residentNotice(_ row: Connection.Row) throws -> ResidentNotice {
        let kindText = try row.text(3), languageText = try row.text(6), stateText = try row.text(13)
        guard let kind = NoticeKind(rawValue: kindText) else { throw StoreError.failed("unknown notice kind '\(kindText)'") }
        guard let language = Language(rawValue: languageText) else { throw StoreError.failed("unknown notice language '\(languageText)'") }
        guard let state = NoticeState(rawValue: stateText) else { throw StoreError.failed("unknown notice state '\(stateText)'") }
        return ResidentNotice(
            id: try row.integer(0), requestID: try row.integer(1), batchID: try row.optionalInteger(2), kind: kind, recipient: try row.text(4),
            recipientName: try row.text(5), language: language, subject: try row.text(7), text: try row.text(8),
            calendar: try row.optionalText(9), calendarMethod: try row.optionalText(10), calendarSequence: try row.int(11),
            messageID: try row.optionalText(12) ?? "", state: state, attempts: try row.int(14), nextAttemptMS: try row.integer(15),
            leaseOwner: try row.optionalText(16), leaseUntilMS: try row.optionalInteger(17), lastAnswer: try row.optionalText(18),
            createdAt: try row.text(19), sentAt: try row.optionalText(20), correctsNoticeID: try row.optionalInteger(21),
            slot: try slot(date: row.optionalText(22), daypartID: row.optionalInteger(23)), queuedMS: try row.integer(24))
    }
}

import SlotSheetTemplates
/// The repair-request overview: one row per request with its resident, address, corporation,
/// every defect by its catalogue path, the slot, the staff member and the subcontractor.
enum RequestsReport {
    static func write(into sink: any ReportSink, session: some ReportSession, context: ReportContext) throws {
        let c = context.report.requestColumns
        let columns = [
            ReportColumn(title: c.id, width: 9), ReportColumn(title: c.created, width: 17), ReportColumn(title: c.updated, width: 17),
            ReportColumn(title: c.status, width: 12), ReportColumn(title: c.resident, width: 24), ReportColumn(title: c.email, width: 30),
            ReportColumn(title: c.address, width: 26), ReportColumn(title: c.postcode, width: 9), ReportColumn(title: c.city, width: 14),
            ReportColumn(title: c.corporation, width: 24), ReportColumn(title: c.defects, width: 46, wraps: true),
            ReportColumn(title: c.description, width: 46, wraps: true), ReportColumn(title: c.slotDate, width: 13),
            ReportColumn(title: c.daypart, width: 12), ReportColumn(title: c.staff, width: 24), ReportColumn(title: c.subcontractor, width: 26),
        ]
        let table = try sink.table(context.report.requestsSheet, columns: columns, primary: true)
        let request = context.request
        let filter = RequestFilter(slotDates: request.range, statuses: request.statuses, corporation: request.corporation,
                                   updatedSince: request.updatedSince)
        // A workbook cell shows one defect a line; a CSV field keeps to one line.
        let separator = request.format == .xlsx ? "\n" : "; "
        try session.forEachRequest(matching: filter) { row in
            try table.add([
                .integer(Int(row.id)), .timestamp(row.createdAt), .timestamp(row.updatedAt), .text(context.report.status(row.status.rawValue)),
                .text(row.residentName), .text(row.residentEmail), .text("\(row.street) \(row.houseNumber)"), .text(row.postcode),
                .text(row.city), .text(row.corporation), .text(row.defects.map(\.description).joined(separator: separator)),
                .text(row.description), .date(row.slotDate), .text(row.daypartLabel),
                row.staffCode.map { .text("\($0) \(row.staffName ?? "")") } ?? .empty,
                row.subcontractor.map { .text($0) } ?? .empty,
            ])
        }
    }
}

/// Per staff member over the range: slots available and held visits assigned.
enum StaffReport {
    static func write(into sink: any ReportSink, session: some ReportSession & ScheduleSession, context: ReportContext, range: DateRange) throws {
        let c = context.report.staffColumns
        let table = try sink.table(context.report.staffSheet, columns: [
            ReportColumn(title: c.code, width: 9), ReportColumn(title: c.name, width: 28), ReportColumn(title: c.active, width: 8),
            ReportColumn(title: c.slots, width: 18), ReportColumn(title: c.requests, width: 18),
        ], primary: true)
        let loads = Dictionary(uniqueKeysWithValues: try session.staffLoad(in: range).map { ($0.staffID, $0) })
        for member in try session.staff() {
            let load = loads[member.id]
            try table.add([
                .text(member.code), .text(member.name), .text(member.active ? context.words.template.yes : context.words.template.no),
                .integer(load?.slotsAvailable ?? 0), .integer(load?.requestsAssigned ?? 0),
            ])
        }
    }
}

/// Every import attempt and undo made in the range (the office's days) and every change they made.
/// An attempt that changed nothing (rejected, stale, nothing to change, plan changed) has one row
/// in the changes table too, with its outcome and no cell, so a CSV (which holds only that table)
/// shows every attempt.
enum ImportsReport {
    static func write(into sink: any ReportSink, session: some ImportHistorySession, context: ReportContext, range: DateRange) throws {
        let r = context.report
        let b = r.batchColumns, c = r.changeColumns
        let batches = try sink.table(r.batchesSheet, columns: [
            ReportColumn(title: b.id, width: 8), ReportColumn(title: b.when, width: 17), ReportColumn(title: b.operatorName, width: 14),
            ReportColumn(title: b.file, width: 30), ReportColumn(title: b.kind, width: 12), ReportColumn(title: r.outcomeColumn, width: 16),
            ReportColumn(title: r.problemsColumn, width: 11), ReportColumn(title: b.reverts, width: 12),
            ReportColumn(title: b.added, width: 11), ReportColumn(title: b.removed, width: 11), ReportColumn(title: b.unchanged, width: 11),
        ], primary: false)
        let changes = try sink.table(r.changesSheet, columns: [
            ReportColumn(title: c.batch, width: 8), ReportColumn(title: c.when, width: 17), ReportColumn(title: c.operatorName, width: 14),
            ReportColumn(title: r.outcomeColumn, width: 16), ReportColumn(title: c.date, width: 13), ReportColumn(title: c.daypart, width: 10),
            ReportColumn(title: c.staff, width: 10), ReportColumn(title: c.change, width: 16),
        ], primary: true)
        let clock = context.clock
        for batch in try session.importBatches(createdFrom: clock.startOfDay(range.from), before: clock.startOfDay(range.to.adding(days: 1))) {
            guard let id = batch.id else { continue }
            let outcome = ReportValue.text(r.outcome(batch.outcome.rawValue))
            try batches.add([
                .integer(Int(id)), .timestamp(batch.createdAt), .text(batch.operatorName), .text(batch.fileName),
                .text(batch.kind == .undo ? r.undoKind : r.importKind), outcome, .integer(batch.problems),
                batch.revertsBatchID.map { .integer(Int($0)) } ?? .empty,
                .integer(batch.added), .integer(batch.removed), .integer(batch.unchanged),
            ])
            let made = try session.availabilityChanges(ofBatch: id)
            if made.isEmpty {
                try changes.add([.integer(Int(id)), .timestamp(batch.createdAt), .text(batch.operatorName), outcome, .empty, .empty, .empty, .empty])
            }
            for change in made {
                try changes.add([
                    .integer(Int(id)), .timestamp(batch.createdAt), .text(batch.operatorName), outcome, .date(change.key.date),
                    .text(change.daypartCode), .text(change.staffCode), .text(change.available ? r.becameAvailable : r.becameUnavailable),
                ])
            }
        }
    }
}

/// The defect catalogue: one row per defect, `location,space,element,defect,active` (Dutch
/// `locatie,ruimte,element,gebrek,actief`): the tree's four levels as four columns. The path is
/// the natural key: a new path adds the nodes it needs; an empty `active` hides the defect from the
/// tenants' choices. An import never deletes, and a defect a request names is never deleted by undo
/// either.
enum CatalogueList: ListRules {
    static let kind = ListKind.catalogue
    static let nameLimit = 100

    /// The key of a path: its names joined as the office reads them.
    static func key(_ names: [String]) -> String { names.joined(separator: " > ") }

    static func wishes(_ table: ListTable, checks: inout ListFieldChecks) -> [ListWish] {
        table.rows.compactMap { row -> ListWish? in
            let names = (0..<4).map { checks.text(row, $0, of: kind, limit: nameLimit) }
            let active = checks.active(row, of: kind)
            guard let active else { return nil }
            let known = names.compactMap { $0 }
            guard known.count == 4, checks.unique(key(known), row, 3, of: kind) != nil else { return nil }
            return ListWish(fields: known + [active ? "x" : ""], row: row, key: key(known))
        }
    }

    static func current(_ session: some ScheduleSession & ListSession) throws -> [String: StoredListRow] {
        var rows: [String: StoredListRow] = [:]
        for defect in try session.catalogueDefects() {
            let names = defect.path.names
            rows[key(names)] = StoredListRow(id: defect.id, fields: names + [defect.active ? "x" : ""])
        }
        return rows
    }

    /// A new path that differs from a stored one only in case: it would add a second, almost equal
    /// defect beside the one the tenants already choose.
    static func check(_ plan: inout ListPlan, wishes: [ListWish], current: [String: StoredListRow],
                      session: some ScheduleSession & ListSession, day: OfficeDay) throws -> [ListProblem] {
        let storedByFolded = Dictionary(current.keys.map { ($0.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
        return wishes.compactMap { wish in
            guard current[wish.key] == nil, let existing = storedByFolded[wish.key.lowercased()] else { return nil }
            return ListProblem(.pathDiffersInCase(path: wish.key, existing: existing), at: wish.row.places[0])
        }
    }

    static func write(_ fields: [String], session: some SeedSession & ListSession) throws {
        var parent: RowID?
        for (level, name) in zip(CatalogueLevel.allCases, fields.prefix(4)) {
            parent = try session.upsertCatalogueNode(level, parentID: parent, name: name)
        }
        if let parent { try session.setDefectActive(parent, active: fields[4] == "x") }
    }
}

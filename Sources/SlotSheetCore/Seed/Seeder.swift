/// Loads a `SeedSource` into the store in one transaction, upserting on natural keys, so that
/// seeding twice leaves the same database (surrogate keys included).
///
///     let summary = try Seeder.load(SampleDataset(today: clock.today), into: store)
public enum Seeder {
    /// The tables a seed fills, whose statistics it makes anew once they are loaded.
    static let tablesLoaded = [
        "housing_corporation", "resident", "location", "space", "element", "defect", "subcontractor", "daypart", "staff",
        "availability", "repair_request", "repair_request_defect", "request_status_log",
    ]

    /// Availability rows collected before they are written together.
    static let availabilityBatch = 10_000

    public static func load(_ source: some SeedSource, into store: any RepairStore) throws -> SeedSummary {
        let summary = try store.write { session in
            var keys = try loadReferenceTables(source, session)
            var summary = SeedSummary()
            // Availability goes in in multi-row statements; a synthetic year is a million rows.
            var pending: [AvailabilityKey] = []
            try source.forEachAvailability { date, daypart, staff in
                pending.append(AvailabilityKey(
                    date: date,
                    daypartID: try keys.id(of: daypart, in: keys.dayparts, kind: "daypart"),
                    staffID: try keys.id(of: staff, in: keys.staff, kind: "staff member")))
                summary.availability += 1
                if pending.count == Seeder.availabilityBatch {
                    try session.addAvailability(pending)
                    pending.removeAll(keepingCapacity: true)
                }
            }
            try session.addAvailability(pending)
            try source.forEachRequest { seed in
                try session.upsertRequest(try keys.request(from: seed, session: session))
                summary.requests += 1
            }
            // Each request's status log says its state: a first row for a new request, a row for one
            // whose state seeding changed; seeding again with the same data appends nothing.
            try session.logRequestsTheLogDoesNotMatch(operatorName: "seed", channel: .seed)
            try session.continueKeysAfterExplicitIDs()
            try session.refreshPlannerStatistics(of: Seeder.tablesLoaded)
            try session.commitDurably()
            return summary
        }
        try store.settleAfterBulkLoad(of: Seeder.tablesLoaded)
        return summary
    }

    private static func loadReferenceTables(_ source: some SeedSource, _ session: some SeedSession) throws -> KeyTables {
        var keys = KeyTables()
        for name in source.corporations {
            keys.corporations[name] = try session.upsertCorporation(name: name)
        }
        for seed in source.residents {
            let corporationID = try keys.id(of: seed.corporation, in: keys.corporations, kind: "housing corporation")
            keys.residents[seed.email] = try session.upsertResident(Resident(
                name: seed.name, email: seed.email, phone: seed.phone, postcode: seed.postcode,
                houseNumber: seed.houseNumber, street: seed.street, city: seed.city, corporationID: corporationID))
        }
        for path in source.catalogue {
            _ = try keys.defectID(path, session: session)
        }
        for subcontractor in source.subcontractors {
            keys.subcontractors[subcontractor.name] = try session.upsertSubcontractor(subcontractor)
        }
        for daypart in source.dayparts {
            keys.dayparts[daypart.code] = try session.upsertDaypart(daypart)
        }
        for member in source.staff {
            keys.staff[member.code] = try session.upsertStaff(member)
        }
        return keys
    }
}

/// Natural key -> surrogate key, per table, filled while seeding.
private struct KeyTables {
    var corporations: [String: RowID] = [:]
    var residents: [String: RowID] = [:]
    var subcontractors: [String: RowID] = [:]
    var dayparts: [String: RowID] = [:]
    var staff: [String: RowID] = [:]
    /// Catalogue nodes by their path from the top (1 to 4 names).
    var catalogueNodes: [[String]: RowID] = [:]

    func id(of key: String, in table: [String: RowID], kind: String, place: String = "seed data") throws -> RowID {
        guard let id = table[key] else { throw SeedError.unknownReference(kind: kind, value: key, in: place) }
        return id
    }

    /// The defect at `path`, creating the catalogue nodes on the way that do not exist yet.
    mutating func defectID(_ path: DefectPath, session: some SeedSession) throws -> RowID {
        var parentID: RowID?
        for (depth, level) in CatalogueLevel.allCases.enumerated() {
            let prefix = Array(path.names.prefix(depth + 1))
            if let known = catalogueNodes[prefix] {
                parentID = known
                continue
            }
            let id = try session.upsertCatalogueNode(level, parentID: parentID, name: path.names[depth])
            catalogueNodes[prefix] = id
            parentID = id
        }
        return parentID!
    }

    mutating func request(from seed: RequestSeed, session: some SeedSession) throws -> RepairRequest {
        let place = "repair request \(seed.id)"
        return RepairRequest(
            id: seed.id,
            residentID: try id(of: seed.residentEmail, in: residents, kind: "resident", place: place),
            description: seed.description,
            photoPath: seed.photoPath,
            status: seed.status,
            slotDate: seed.slotDate,
            daypartID: try id(of: seed.daypartCode, in: dayparts, kind: "daypart", place: place),
            staffID: try seed.staffCode.map { try id(of: $0, in: staff, kind: "staff member", place: place) },
            subcontractorID: try seed.subcontractor.map { try id(of: $0, in: subcontractors, kind: "subcontractor", place: place) },
            createdAt: seed.createdAt,
            updatedAt: seed.updatedAt,
            defectIDs: try seed.defects.map { try defectID($0, session: session) })
    }
}

import AsyncHTTPClient
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import InteropSupport
import NIOCore
import SlotSheetCore
import Testing
@testable import SlotSheetWeb

/// Twenty API clients at once on a live server over loopback, each with its own user and token and
/// its own staff: each downloads a month template, edits it (marks added and cleared) with
/// openpyxl, uploads it, waits for the preview and applies it, twice at the same moment. Every
/// batch applies exactly once and each client hears its own batch; no edit is lost and nobody
/// else's availability moves.
@Suite struct APIConcurrencyTests {
    static let clients = 20
    static let month = DateRange(from: LocalDate(iso: "2026-12-01")!, to: LocalDate(iso: "2026-12-31")!)!
    /// Edits start after today (1 December, the fixture's clock) so no cell is in the past.
    static let firstEditable = LocalDate(iso: "2026-12-03")!

    /// One client's part: its staff and the cells it marks and clears, as "date daypart staff".
    struct Edit {
        var staff: [String]
        var added: [String] = []
        var cleared: [String] = []
    }

    @Test(.timeLimit(.minutes(10)), arguments: TestBackend.available)
    func twentyClientsImportMonthTemplatesOfTheirOwnStaffAtOnce(_ backend: TestBackend) async throws {
        let fixture = try WebFixture(backend)
        var random = SeededGenerator(test: "twentyClientsImportMonthTemplatesAtOnce(\(backend))")
        let before = try Self.availability(fixture.store)
        let edits = try Self.plan(fixture.store, current: before, using: &random)
        let directory = UserDirectory(store: fixture.store, clock: fixture.clock, cost: 4)
        let tokens = try (0..<Self.clients).map { index in
            try directory.add(name: "client\(index)", role: .office, password: WebFixture.password)
            return try directory.newToken(for: "client\(index)")
        }
        let layouts = try edits.map { try Self.layout(fixture.store, staff: $0.staff) }
        let scratch = fixture.folder.appending(path: "clients")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)

        defer { if Test.current != nil { for line in fixture.log.all where line.hasPrefix("error") { print("server log: \(line)") } } }
        let outcomes = try await fixture.application.test(.ahc(.http)) { testClient in
            // A client of our own with a connection for each of the 20 (the framework's pools 8).
            let http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(
                connectionPool: .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: Self.clients)))
            let api = LoopbackAPI(http: http, base: "http://127.0.0.1:\(try #require(testClient.port))")
            do {
                let outcomes = try await withThrowingTaskGroup(of: ClientOutcome.self) { group in
                    for index in 0..<Self.clients {
                        group.addTask {
                            try await Self.roundTrip(index, api: api, token: tokens[index], edit: edits[index], layout: layouts[index],
                                                     folder: scratch)
                        }
                    }
                    return try await group.reduce(into: [ClientOutcome]()) { $0.append($1) }
                }
                try await http.shutdown()
                return outcomes
            } catch {
                try? await http.shutdown()
                throw error
            }
        }

        #expect(outcomes.count == Self.clients, "every client heard back")
        for outcome in outcomes.sorted(by: { $0.index < $1.index }) {
            let edit = edits[outcome.index]
            #expect(outcome.previewAdded == edit.added.count && outcome.previewRemoved == edit.cleared.count,
                    "client \(outcome.index): the preview counts its own edits")
            #expect(outcome.statuses.sorted() == [200, 409], "client \(outcome.index): two applies of one preview apply once: \(outcome.statuses)")
            #expect(outcome.conflictCode == "already_applied", "client \(outcome.index): \(outcome.conflictCode ?? "-")")
            if let batch = outcome.batch {
                #expect(outcome.conflictMessage?.contains("as batch \(batch);") == true,
                        "client \(outcome.index): the second apply names the first's batch: \(outcome.conflictMessage ?? "-")")
            }
        }
        let told = outcomes.compactMap(\.batch)
        #expect(told.count == Self.clients && Set(told).count == Self.clients, "each client was told its own batch: \(told.sorted())")

        let batches = try fixture.store.read { try $0.importBatches(limit: 100, outcomes: nil) }
        let applied = batches.filter { $0.outcome == .applied }
        #expect(applied.count == Self.clients, "20 applied batches: \(batches.map { "\($0.id ?? 0) \($0.outcome)" })")
        #expect(Set(applied.compactMap(\.id)) == Set(told), "the batches told are the batches recorded")
        for batch in applied {
            let index = Int(batch.operatorName.dropFirst("client".count)) ?? -1
            #expect(edits.indices.contains(index), "batch \(batch.id ?? 0) by \(batch.operatorName)")
            guard edits.indices.contains(index) else { continue }
            #expect(batch.added == edits[index].added.count && batch.removed == edits[index].cleared.count,
                    "batch \(batch.id ?? 0) of client \(index): +\(batch.added) -\(batch.removed)")
        }

        // Nothing lost, nothing extra: the database is what it was, with every added mark and
        // without every cleared one; the staff no client had are as they were.
        let expected = before.union(edits.flatMap(\.added)).subtracting(edits.flatMap(\.cleared))
        let after = try Self.availability(fixture.store)
        #expect(expected.subtracting(after).sorted() == [], "marks lost")
        #expect(after.subtracting(expected).sorted() == [], "marks that nobody made")
    }

    /// One client from download to apply; throws with what the server said when a step fails.
    static func roundTrip(_ index: Int, api: LoopbackAPI, token: String, edit: Edit, layout: TemplateLayout, folder: URL) async throws -> ClientOutcome {
        let auth: HTTPFields = [.authorization: "Bearer \(token)"]
        let template = try await api.send(.get, "/api/template?from=\(month.from.iso)&to=\(month.to.iso)&staff=\(edit.staff.joined(separator: ","))&lang=en",
                                          headers: auth)
        try expectStatus(template, 200, "client \(index): template")
        let original = folder.appending(path: "client\(index).xlsx")
        let edited = folder.appending(path: "client\(index)-edited.xlsx")
        try Data(buffer: template.body).write(to: original)
        var cells: [String: String?] = [:]
        for key in edit.added { cells[try cell(key, layout)] = "x" }
        for key in edit.cleared { cells[try cell(key, layout)] = .some(nil) }
        try await editWithOpenpyxl(original, to: edited, cells: cells)

        var (headers, body) = multipartBody(token: nil, fileName: "client\(index).xlsx", contents: try Data(contentsOf: edited))
        headers[.authorization] = "Bearer \(token)"
        let created = try await api.send(.post, "/api/imports", headers: headers, body: body)
        try expectStatus(created, 202, "client \(index): upload")
        let id = try created.decode(ApplyTests.ApplyAnswer.self, "client \(index): upload").id
        var state = ApplyTests.ApplyAnswer(id: id, state: "reading", result: nil, batch: nil)
        let waitUntil = ContinuousClock.now + .seconds(240)
        while state.state == "reading" && ContinuousClock.now < waitUntil {
            try await Task.sleep(for: .milliseconds(100))
            state = try await api.send(.get, "/api/imports/\(id)", headers: auth).decode(ApplyTests.ApplyAnswer.self, "client \(index): state")
        }
        guard state.state == "ready", let result = state.result, result.status == "dry_run", result.verdict == "changes" else {
            throw Interop.Failure(description: "client \(index): no preview with changes: \(state)")
        }
        let counts = try await api.send(.get, "/api/imports/\(id)", headers: auth).decode(PreviewCounts.self, "client \(index): counts")

        // The same preview applied twice at the same moment (a script retrying, two tabs).
        var applyHeaders = auth
        applyHeaders[.contentType] = "application/json"
        let applyBody = ByteBuffer(string: "{\"planDigest\":\"\(result.planDigest)\"}")
        async let first = api.send(.post, "/api/imports/\(id)/apply", headers: applyHeaders, body: applyBody)
        async let second = api.send(.post, "/api/imports/\(id)/apply", headers: applyHeaders, body: applyBody)
        let answers = try await [first, second]
        var outcome = ClientOutcome(index: index, statuses: answers.map { Int($0.status.code) },
                                    previewAdded: counts.result.added, previewRemoved: counts.result.removed)
        if let success = answers.first(where: { $0.status == .ok }) {
            outcome.batch = try success.decode(ApplyTests.ApplyAnswer.self, "client \(index): apply").batch
        }
        if let refusal = answers.first(where: { $0.status == .conflict }) {
            let error = try? refusal.decode(APIErrorJSON.self, "client \(index): refusal")
            outcome.conflictCode = error?.code
            outcome.conflictMessage = error?.message
        }
        return outcome
    }

    struct ClientOutcome: Sendable {
        let index: Int
        let statuses: [Int]
        let previewAdded: Int
        let previewRemoved: Int
        var batch: Int64?
        var conflictCode: String?
        var conflictMessage: String?
    }

    struct PreviewCounts: Decodable {
        struct Result: Decodable { let added: Int; let removed: Int }
        let result: Result
    }

    struct APIErrorJSON: Decodable {
        let code: String
        let message: String
    }

    static func expectStatus(_ response: LoopbackAPI.Answer, _ status: Int, _ step: String) throws {
        guard response.status.code == status else {
            throw Interop.Failure(description: "\(step): HTTP \(response.status.code) \(String(buffer: response.body).prefix(500))")
        }
    }

    // MARK: The edits

    /// Gives each client its own staff (six get two, the others one; six staff stay with nobody),
    /// three marks to add in December, and, where the rules allow, one mark to clear: in a slot
    /// with room to spare, where they have no visit, and no other client clears one in that slot
    /// (so no two plans together leave a slot short).
    static func plan(_ store: any RepairStore, current: Set<String>, using random: inout SeededGenerator) throws -> [Edit] {
        let staff = try store.read { try $0.staff() }.filter(\.active).shuffled(using: &random)
        let dayparts = try store.read { try $0.dayparts() }.filter(\.active)
        #expect(staff.count >= clients + 6, "the sample has staff enough for 20 clients and some left over")
        var next = 0
        var edits: [Edit] = (0..<clients).map { index in
            let count = index < 6 ? 2 : 1
            defer { next += count }
            return Edit(staff: staff[next..<(next + count)].map(\.code))
        }
        let editable = Array(DateRange(from: firstEditable, to: month.to)!)
        for index in edits.indices {
            while edits[index].added.count < 3 {
                let key = "\(editable.randomElement(using: &random)!.iso) \(dayparts.randomElement(using: &random)!.code) \(edits[index].staff.randomElement(using: &random)!)"
                if !current.contains(key) && !edits[index].added.contains(key) { edits[index].added.append(key) }
            }
        }
        var clearedSlots = Set<String>()
        let codes = Dictionary(uniqueKeysWithValues: staff.map { ($0.id, $0.code) })
        let owner = Dictionary(uniqueKeysWithValues: edits.indices.flatMap { index in edits[index].staff.map { ($0, index) } })
        for date in editable.shuffled(using: &random) {
            let day = try store.read { try $0.daySchedule(on: date) }
            for daypart in dayparts.shuffled(using: &random) where !clearedSlots.contains("\(date.iso) \(daypart.code)") {
                let demand = day.demand[daypart.id] ?? SlotDemand()
                let available = day.availableStaff(daypartID: daypart.id)
                guard available.count >= demand.held + 2 else { continue }
                let candidates = available.subtracting(demand.assignedStaffIDs).compactMap { codes[$0] }.sorted()
                    .filter { owner[$0].map { edits[$0].cleared.isEmpty } ?? false }
                guard let code = candidates.randomElement(using: &random), let index = owner[code] else { continue }
                edits[index].cleared.append("\(date.iso) \(daypart.code) \(code)")
                clearedSlots.insert("\(date.iso) \(daypart.code)")
            }
        }
        #expect(edits.filter { !$0.cleared.isEmpty }.count >= clients / 2, "most clients clear a mark too")
        return edits
    }

    /// The template layout `GET /api/template` writes for these staff (in the order asked).
    static func layout(_ store: any RepairStore, range: DateRange = month, staff codes: [String]) throws -> TemplateLayout {
        let dayparts = try store.read { try $0.dayparts() }.filter(\.active)
        let staff = Dictionary(uniqueKeysWithValues: try store.read { try $0.staff() }.map { ($0.code, $0.name) })
        return TemplateLayout(range: range, dayparts: dayparts.map { .init(code: $0.code, label: $0.label) },
                              staff: codes.map { .init(code: $0, name: staff[$0] ?? "") })
    }

    /// The A1 name of the cell of "date daypart staff".
    static func cell(_ key: String, _ layout: TemplateLayout) throws -> String {
        let parts = key.split(separator: " ").map(String.init)
        guard parts.count == 3, let date = LocalDate(iso: parts[0]),
              let daypart = layout.dayparts.firstIndex(where: { $0.code == parts[1] }),
              let staff = layout.staff.firstIndex(where: { $0.code == parts[2] }) else {
            throw Interop.Failure(description: "no cell for \(key)")
        }
        return layout.cell(row: layout.row(for: date, daypartIndex: daypart), staffAt: staff).a1
    }

    /// Every availability row of November to January as "date daypart staff", in one read.
    static func availability(_ store: any RepairStore) throws -> Set<String> {
        try store.read { session in
            let staff = Dictionary(uniqueKeysWithValues: try session.staff().map { ($0.id, $0.code) })
            let dayparts = Dictionary(uniqueKeysWithValues: try session.dayparts().map { ($0.id, $0.code) })
            let months = DateRange(from: LocalDate(iso: "2026-11-01")!, to: LocalDate(iso: "2027-01-31")!)!
            return Set(try months.flatMap { date in
                try session.availability(on: date).map { "\(date.iso) \(dayparts[$0.daypartID] ?? "?") \(staff[$0.staffID] ?? "?")" }
            })
        }
    }

    /// Saves a copy of `source` with `cells` of the Availability sheet set by openpyxl (nil empties
    /// a cell), plus any `extra` Python run on the workbook `wb`, as an office script would; on a
    /// Dispatch thread, so twenty at once do not hold the test's task threads.
    static func editWithOpenpyxl(_ source: URL, to target: URL, cells: [String: String?], python extra: String = "") async throws {
        let assignments = cells.map { cell, value in "ws[\"\(cell)\"] = \(value.map { "\"\($0)\"" } ?? "None")" }.joined(separator: "\n")
        let script = """
            import sys, warnings
            warnings.simplefilter("ignore")
            import openpyxl
            wb = openpyxl.load_workbook(sys.argv[1])
            ws = wb["Availability"]
            \(assignments)
            \(extra)
            wb.save(sys.argv[2])
            """
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try Interop.runPython(script, arguments: [source.path, target.path]) }.map { _ in () })
            }
        }
    }
}

/// Requests to the live server over loopback through AsyncHTTPClient.
struct LoopbackAPI: Sendable {
    let http: HTTPClient
    let base: String

    /// A response: its status and whole body.
    struct Answer: Sendable {
        let status: HTTPResponse.Status
        let body: ByteBuffer

        /// The body as `T`, or a failure that shows what the server said instead.
        func decode<T: Decodable>(_ type: T.Type, _ step: String) throws -> T {
            do {
                return try JSONDecoder().decode(T.self, from: Data(buffer: body))
            } catch {
                throw Interop.Failure(description: "\(step): HTTP \(status.code) \(String(buffer: body).prefix(500))")
            }
        }
    }

    func send(_ method: HTTPRequest.Method, _ uri: String, headers: HTTPFields = [:], body: ByteBuffer? = nil) async throws -> Answer {
        var request = HTTPClientRequest(url: base + uri)
        request.method = .init(rawValue: method.rawValue)
        for field in headers { request.headers.add(name: field.name.canonicalName, value: field.value) }
        if let body { request.body = .bytes(body) }
        let response = try await http.execute(request, timeout: .seconds(120))
        let collected = try await response.body.collect(upTo: 64 * 1_048_576)
        return Answer(status: .init(code: Int(response.status.code)), body: collected)
    }
}

import AsyncHTTPClient
import Foundation
import InteropSupport
import NIOCore
import SlotSheetCore
import Testing
@testable import SlotSheetWeb

/// Three `slotsheet serve` processes on one PostgreSQL database behind Debian's nginx (round robin,
/// no sticky sessions), as docs/admin-guide.md's "Several instances behind nginx" sets them up. Thirty API
/// clients (each its own user, token and staff member: a CSV of its marks, uploaded, asked about
/// until its preview, applied once) and a browser-like walk (a cookie session and the forms' token)
/// go through nginx while the instance reading a big upload is killed (SIGKILL) and started again,
/// and another is stopped (SIGTERM, it drains) and started again. Afterwards: the walk stayed
/// signed in, every upload reached its preview, every plan was applied exactly once, no 5xx went
/// unretried by the clients' rule (`BalancedClients`), the availability is what the plans say and
/// every slot still holds its visits, and each instance's `/metrics` (asked directly) counts the
/// requests it served. PostgreSQL only; under `make test` a missing nginx fails the test.
@Suite(.ownThreads, .serialized) struct LoadBalancerTests {
    static let clients = 30
    /// Each instance lets loopback read `/metrics` and believes nginx's forwarded address.
    static let settings = ["SLOTSHEET_WEB_METRICS_FROM": "127.0.0.1", "SLOTSHEET_WEB_TRUSTED_PROXIES": "127.0.0.1"]

    @Test(.timeLimit(.minutes(5)), .enabled(if: PostgresTestServer.url != nil))
    func thirtyClientsAndABrowserLoseNothingWhileInstancesAreKilledAndStopped() async throws {
        guard NginxBalancer.program != nil else {
            if RequiredTool.isRequired { Issue.record("nginx is not installed, and this test needs it (bash scripts/install-deps.sh --test)") }
            return
        }
        let started = ContinuousClock.now
        var random = SeededGenerator(test: "loadBalancer")
        let first = try await offThread { try ServedDatabase(.postgres, settings: Self.settings) }
        let instances = [first, try await offThread { try ServedDatabase(joining: first) }, try await offThread { try ServedDatabase(joining: first) }]
        defer { for instance in instances.reversed() { instance.stop() } }
        let nginx = try NginxBalancer(upstreams: instances.map(\.port))
        defer { nginx.stop() }
        let store = try ServeInstancesTests.store(first)

        // The clients: a user, a token and a staff member each, four new marks three to five weeks ahead.
        let today = OfficeClock().today
        let range = DateRange(from: today.adding(days: -14), to: today.adding(days: 42))!
        let before = try Self.availability(store, range)
        let staff = try store.read { try $0.staff() }.filter(\.active).map(\.code).sorted()
        let dayparts = try store.read { try $0.dayparts() }.filter(\.active).map(\.code)
        try #require(staff.count >= Self.clients, "a staff member for each client")
        let directory = UserDirectory(store: store, clock: OfficeClock(), cost: 4)
        let tokens = try (0..<Self.clients).map { index in
            _ = try directory.add(name: "client\(index)", role: .office, password: ServedDatabase.password)
            return try directory.newToken(for: "client\(index)")
        }
        let marks = (0..<Self.clients).map { index in
            var own: Set<String> = []
            while own.count < 4 {
                let mark = "\(today.adding(days: Int.random(in: 21...34, using: &random)).iso) \(dayparts.randomElement(using: &random)!) \(staff[index])"
                if !before.contains(mark) { own.insert(mark) }
            }
            return own.sorted()
        }
        let walkMarks = (36...41).map { "\(today.adding(days: $0).iso) \(dayparts[0]) \(staff[0])" }.filter { !before.contains($0) }
        let olga = try directory.newToken(for: "olga")
        let shortBefore = try Self.slotsShort(store, range)
        let big = try ServeInstancesTests.bigCSV()

        let http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(
            redirectConfiguration: .disallow, connectionPool: .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: 40)))
        let tally = BalancedTally()
        let chaosDone = Flag()
        let api = LoopbackAPI(http: http, base: nginx.url)
        let delays = (0..<Self.clients).map { _ in Int.random(in: 0..<6_000, using: &random) }
        let outcomes: [BalancedClients.Outcome], walked: (pages: Int, upload: Int), chaos: Chaos
        do {
            async let walk = BalancedClients.walk(http, base: nginx.url, csv: Self.csv(walkMarks), tally: tally) { await chaosDone.isSet }
            async let turmoil = Self.chaos(instances, nginx: nginx, store: store, http: http, bearer: "Bearer \(olga)", big: big, tally: tally)
            outcomes = try await withThrowingTaskGroup(of: BalancedClients.Outcome.self) { group in
                for index in 0..<Self.clients {
                    group.addTask {
                        try await Task.sleep(for: .milliseconds(delays[index]))
                        return try await BalancedClients.apiClient(index, api: api, token: tokens[index], csv: Self.csv(marks[index]), tally: tally)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            chaos = try await turmoil
            await chaosDone.set()
            walked = try await walk
            try await http.shutdown()
        } catch {
            await chaosDone.set()
            try? await http.shutdown()
            throw Interop.Failure(description: "\(error)\nnginx: \(nginx.errorLog.suffix(1500))\n"
                                  + instances.map { "instance \($0.port): \($0.logText.suffix(1500))" }.joined(separator: "\n"))
        }

        // Every 5xx was asked again until it went away; nothing else was a 5xx.
        let unretried = await tally.unretried
        #expect(unretried.isEmpty, "5xx answers the clients did not get past by the rule: \(unretried)")
        // Every plan applied exactly once, each client's batch its own four marks.
        #expect(outcomes.count == Self.clients)
        for outcome in outcomes { #expect(outcome.added == 4, "client \(outcome.index): its preview counts its four marks") }
        let applied = try store.read { try $0.importBatches(limit: 1_000, outcomes: [.applied]) }
        for index in 0..<Self.clients {
            let own = applied.filter { $0.operatorName == "client\(index)" }
            #expect(own.count == 1 && own.first?.added == 4, "client \(index) applied once: \(own.map { "\($0.id ?? 0) +\($0.added)" })")
        }
        #expect(applied.filter { $0.operatorName == "olga" }.count == 1, "the walk's upload applied once")
        #expect(applied.count == Self.clients + 1, "\(applied.count) applied batches")
        // Every upload reached its preview (and the applied ones were applied); none waits or was refused.
        let uploads = try store.read { try $0.uploads(of: nil, limit: 1_000) }
        for upload in uploads {
            #expect(upload.state == .applied || (upload.state == .ready && upload.planDigest != nil), "upload \(upload.id ?? 0) \(upload.fileName): \(upload.state)")
        }
        #expect(uploads.filter { $0.state == .applied }.count == Self.clients + 1)
        // The availability is what it was with every client's marks and the walk's; every slot still holds its visits.
        let after = try Self.availability(store, range)
        let expected = before.union(marks.joined()).union(walkMarks)
        #expect(expected.subtracting(after).sorted() == [], "marks lost")
        #expect(after.subtracting(expected).sorted() == [], "marks nobody made")
        #expect(try Self.slotsShort(store, range).subtracting(shortBefore).sorted() == [], "slots that can no longer hold their visits")

        let metrics = HTTPClient(eventLoopGroupProvider: .singleton)
        let counted: Int
        do {
            counted = try await Self.metricsAddUp(instances, untouched: chaos.untouched, nginx: nginx, http: metrics)
            try await metrics.shutdown()
        } catch {
            try? await metrics.shutdown()
            throw error
        }
        let elapsed = ContinuousClock.now - started
        let (requests, retries, askedAgain) = (await tally.requests, await tally.retries, await tally.askedAgain)
        let passedOn = nginx.requests.filter { $0.split(separator: "\"").dropFirst().first?.contains(",") == true }.count
        print("""
            load balancer: \(requests) requests through nginx by \(Self.clients) API clients and a browser walk (\(walked.pages) pages), \
            \(passedOn) passed on by nginx to another instance, \(retries) asked again by the clients after 502/503/504, \
            \(askedAgain) applies asked again (being read); \
            the killed reader's upload taken over after \(String(format: "%.1f", chaos.takeover)) s, the stopped instance drained in \
            \(String(format: "%.1f", chaos.drain)) s; /metrics of the 3 live instances: \(counted) requests; \
            \(String(format: "%.0f", Double(elapsed.components.seconds))) s in all
            """)
    }

    /// What the chaos did: how long after SIGKILL another instance claimed the killed one's upload,
    /// how long the SIGTERM'd one took to stop, and which instance was left alone.
    struct Chaos: Sendable {
        let takeover: Double
        let drain: Double
        let untouched: Int
    }

    /// A big upload through nginx; the instance that claims it is killed while it reads and started
    /// again on its port; another is stopped with SIGTERM (it must exit 0) and started again; the
    /// upload must then be claimed by another instance within 30 s and read to its preview.
    static func chaos(_ instances: [ServedDatabase], nginx: NginxBalancer, store: any RepairStore, http: HTTPClient,
                      bearer: String, big: Data, tally: BalancedTally) async throws -> Chaos {
        try await Task.sleep(for: .seconds(1))
        let api = LoopbackAPI(http: http, base: nginx.url)
        var found: (id: Int, holder: ServedDatabase, owner: String)?
        for _ in 1...3 where found == nil {
            var (headers, body) = multipartBody(token: nil, fileName: "four-years.csv", contents: big)
            headers[.authorization] = bearer
            let created = try await BalancedClients.retrying(tally, "POST /api/imports", status: { UInt($0.status.code) }) {
                try await api.send(.post, "/api/imports", headers: headers, body: body)
            }.answer
            try APIConcurrencyTests.expectStatus(created, 202, "the big upload")
            let id = try created.decode(BalancedClients.ImportState.self, "the big upload").id
            for _ in 0..<3_000 {
                let row = try store.read { try $0.upload(id: RowID(id)) }
                guard row?.state == .reading else { break }
                if let owner = row?.leaseOwner, let holder = instances.first(where: { $0.logText.contains("upload \(id): claimed to be read") }) {
                    found = (id, holder, owner)
                    break
                }
                try await Task.sleep(for: .milliseconds(10))
            }
        }
        guard let found else { throw Interop.Failure(description: "no instance was seen reading the big upload") }
        let (id, holder, owner) = found
        Foundation.kill(holder.pid, SIGKILL)
        let watch = LeaseWatch(store: store, id: id, killedOwner: owner, killedAt: Date())
        try await offThread { holder.process.waitUntilExit(); try holder.launch(samePort: true) }

        try await Task.sleep(for: .seconds(1))
        let stopped = try #require(instances.first { $0 !== holder })
        let stopping = Date()
        let stop = try await offThread { try stopped.terminate() }
        let drain = Date().timeIntervalSince(stopping)
        #expect(stop.status == 0, "SIGTERM stops the instance gracefully: \(stop.log.suffix(1500))")
        try await offThread { try stopped.launch(samePort: true) }

        let seen = try await watch.result()
        let row = seen.row
        let claimed = try #require(seen.takeover, "another instance claimed the killed one's upload: \(String(describing: row)) \(seen.failure ?? "")")
        #expect(claimed <= 30, "a lease that ran out is claimed within 30 s")
        #expect(row?.state == .ready && row?.planDigest != nil, "the big upload read to its preview: \(String(describing: row))")
        let untouched = try #require(instances.first { $0 !== holder && $0 !== stopped })
        return Chaos(takeover: claimed, drain: drain, untouched: untouched.port)
    }

    /// Each live instance's `/metrics`, asked directly (not through nginx), counts the requests its
    /// log has (one line a request, `/metrics` left out); the instance left alone counts what nginx
    /// says it passed to it. The total counted.
    static func metricsAddUp(_ instances: [ServedDatabase], untouched: Int, nginx: NginxBalancer, http: HTTPClient) async throws -> Int {
        var total = 0
        for instance in instances {
            var counted = 0, logged = -1
            for _ in 0..<50 where counted != logged {
                let scrape = try await LoopbackAPI(http: http, base: instance.url).send(.get, "/metrics")
                #expect(scrape.status == .ok)
                counted = String(buffer: scrape.body).split(separator: "\n")
                    .filter { $0.hasPrefix("slotsheet_http_requests_total{") && !$0.contains(#"route="/metrics""#) }
                    .reduce(0) { $0 + (Int($1.split(separator: " ").last ?? "") ?? 0) }
                logged = instance.logText.split(separator: "\n")
                    .filter { $0.contains(/\ (GET|HEAD|POST) \/\S* \d{3} \d+ms/) && !$0.contains(" GET /metrics ") }.count
                if counted != logged { try await Task.sleep(for: .milliseconds(100)) }
            }
            #expect(counted == logged, "instance \(instance.port): /metrics counts \(counted) requests, its log has \(logged)")
            if instance.port == untouched {
                let passed = nginx.requests.reduce(0) { sum, line in
                    let quoted = line.split(separator: "\"")
                    guard quoted.count >= 4 else { return sum }
                    let addresses = quoted[1].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                    let statuses = quoted[3].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                    return sum + zip(addresses, statuses).filter { $0.0 == "127.0.0.1:\(untouched)" && $0.1 != "502" }.count
                }
                #expect(counted == passed, "instance \(untouched), left alone: /metrics counts \(counted) requests, nginx passed it \(passed)")
            }
            total += counted
        }
        return total
    }

    /// A CSV marking each "date daypart staff" available.
    static func csv(_ marks: [String]) -> Data {
        Data(("date,daypart,staff,available\r\n" + marks.map { $0.split(separator: " ").joined(separator: ",") + ",x\r\n" }.joined()).utf8)
    }

    /// Every availability row in `range` as "date daypart staff".
    static func availability(_ store: any RepairStore, _ range: DateRange) throws -> Set<String> {
        try store.read { session in
            let staff = Dictionary(uniqueKeysWithValues: try session.staff().map { ($0.id, $0.code) })
            let dayparts = Dictionary(uniqueKeysWithValues: try session.dayparts().map { ($0.id, $0.code) })
            return Set(try range.flatMap { date in
                try session.availability(on: date).map { "\(date.iso) \(dayparts[$0.daypartID] ?? "?") \(staff[$0.staffID] ?? "?")" }
            })
        }
    }

    /// The slots in `range` that cannot hold their visits: more held than staff available, or a
    /// visit assigned to someone not available then.
    static func slotsShort(_ store: any RepairStore, _ range: DateRange) throws -> Set<String> {
        try store.read { session in
            let dayparts = try session.dayparts()
            var short: Set<String> = []
            for date in range {
                let day = try session.daySchedule(on: date)
                for daypart in dayparts {
                    let demand = day.demand[daypart.id] ?? SlotDemand()
                    let available = day.availableStaff(daypartID: daypart.id)
                    if demand.held > available.count || !Set(demand.assignedStaffIDs).isSubset(of: available) { short.insert("\(date.iso) \(daypart.code)") }
                }
            }
            return short
        }
    }
}

/// Set once, read by another task.
actor Flag {
    private(set) var isSet = false
    func set() { isSet = true }
}

/// Runs blocking work (waiting for a process, starting one) on a thread of its own, so the few
/// threads of Swift's concurrency keep serving the clients meanwhile.
func offThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
    }
}

// swift-tools-version:6.2
// slotsheet: availability spreadsheets <-> the repair-request database. See docs/design.md.
import PackageDescription

/// Every target of ours builds with no warning: a warning is an error (SE-0480, tools 6.2). Only
/// our own targets: SwiftPM does not apply a dependency's settings to it or ours to a dependency, so
/// a dependency's warnings stay warnings.
let strict: [SwiftSetting] = [.treatAllWarnings(as: .error)]

/// How the release binary (the one the .deb ships) is linked, for its size and its start
/// (Benchmarks/startup/, docs/design.md "Installing"): by the toolchain's lld; relative
/// relocations packed (DT_RELR: 28 KB instead of 3.4 MB of them); no symbol of its own exported
/// (the static stdlib's -export-dynamic made 53,000 dynamic symbols, 5 MB the loader hashed and
/// bound at every start); no unwind tables (7.9 MB, and nothing in it unwinds: Swift returns its
/// errors and no C++ linked in handles an exception).
let releaseLinkFlags = [
    "-use-ld=lld",
    "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
    "-Xlinker", "--version-script=\(Context.packageDirectory)/packaging/link/exports.map",
    "-Xlinker", "-T\(Context.packageDirectory)/packaging/link/no-unwind-tables.ld",
]

let package = Package(
    name: "slotsheet",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "slotsheet", targets: ["slotsheet"]),
        .library(name: "XLSXReader", targets: ["XLSXReader"]),
        .library(name: "XLSXWriter", targets: ["XLSXWriter"]),
        .library(name: "SlotSheetCore", targets: ["SlotSheetCore"]),
        .library(name: "SlotSheetWeb", targets: ["SlotSheetWeb"]),
    ],
    // Each dependency at one exact version, so a plain clone anywhere resolves the same code by
    // version (Package.resolved stays out of git: its revisions are those of whichever mirror
    // resolved it). The packages these bring with them follow from their own manifests at these
    // versions. To move a dependency, change its version here and run the whole suite.
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
        // SHA-256 for template fingerprints, import batches and export manifests (Foundation on
        // Linux has none); PostgresNIO depends on it too, so it costs no extra build.
        .package(url: "https://github.com/apple/swift-crypto", exact: "4.5.2"),
        // The PostgreSQL backend (`--db postgres://...`), for offices that share one database server.
        .package(url: "https://github.com/vapor/postgres-nio", exact: "1.33.2"),
        // The office's web front (`slotsheet serve`). Hummingbird without its swift-configuration
        // trait: settings come from slotsheet's own flags and environment (`WebSettings`).
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1", traits: ["FullFoundation"]),
        // The HTTP parts the web front's connection guard watches (Hummingbird's own dependency).
        .package(url: "https://github.com/apple/swift-nio-extras", exact: "1.35.2"),
        // Bearer tokens and bcrypt password hashes for the web front's users.
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", exact: "2.5.0"),
        // A streaming multipart parser: an upload goes to disk as it arrives, never whole in memory.
        .package(url: "https://github.com/vapor/multipart-kit", exact: "4.7.1"),
        // Already in the graph through Hummingbird and PostgresNIO; named because the web front
        // imports them itself (worker threads, locks, services that stop gracefully).
        .package(url: "https://github.com/apple/swift-nio", exact: "2.101.3"),
        .package(url: "https://github.com/apple/swift-http-types", exact: "1.8.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", exact: "2.13.0"),
        // `GET /metrics`: counters and timers through swift-metrics (already in the graph through
        // Hummingbird), kept and written in the Prometheus text format by swift-prometheus.
        .package(url: "https://github.com/apple/swift-metrics", exact: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", exact: "2.4.1"),
        // Tests only, already in the graph through HummingbirdTesting: twenty API clients at once
        // over loopback need a client with a connection each (the testing framework's pools 8).
        .package(url: "https://github.com/swift-server/async-http-client", exact: "1.37.0"),
    ],
    targets: [
        // The C libraries of the design, found through pkg-config.
        .systemLibrary(
            name: "CXlsxWriter", pkgConfig: "xlsxwriter",
            providers: [.apt(["libxlsxwriter-dev"])]),
        .systemLibrary(
            name: "CZip", pkgConfig: "libzip",
            providers: [.apt(["libzip-dev"])]),
        // libdeflate's CRC-32, twice as fast as zlib's, for the check of every part the reader inflates.
        .systemLibrary(
            name: "CDeflate", pkgConfig: "libdeflate",
            providers: [.apt(["libdeflate-dev"])]),
        .systemLibrary(
            name: "CLibXML2", pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]),
        // Debian's libcurl: SMTP with STARTTLS, implicit TLS and AUTH, and MIME, for the tenants'
        // notices (docs/notices.md). Not linked: opened with dlopen when a notice is first sent, so
        // no other command loads it and the 28 libraries it brings (Sources/CCurl/include/ccurl.h).
        // Its headers (libcurl4-openssl-dev) are needed to build; the package depends on libcurl4
        // by hand (packaging/debian/control), as dpkg-shlibdeps no longer sees it.
        .target(name: "CCurl"),

        // Sending one e-mail over SMTP through libcurl: it knows nothing about tenants or slots.
        .target(name: "SMTPMail", dependencies: ["CCurl"], swiftSettings: strict),

        // Generic spreadsheet modules: they know nothing about slots.
        .target(name: "XLSXReader", dependencies: ["CZip", "CDeflate", "CLibXML2"], swiftSettings: strict),
        // CZip (libzip and zlib): to finish what libxlsxwriter cannot write itself (a very hidden
        // sheet; a sheet deflated on another thread and put in as it is, `PreparedSheet`).
        .target(name: "XLSXWriter", dependencies: ["CXlsxWriter", "CZip"], swiftSettings: strict),

        // The words and look of every generated workbook and message, per language.
        .target(name: "SlotSheetTemplates", path: "Templates", swiftSettings: strict),

        // Build-time helper that turns Samples/*.csv into Swift string literals (built into the binary).
        .executableTarget(name: "EmbedFilesTool", swiftSettings: strict),
        .plugin(
            name: "EmbedSamples", capability: .buildTool(),
            dependencies: ["EmbedFilesTool"]),
        // Builds packaging/debian/changelog in, whose top entry is the one place the version is written.
        .plugin(
            name: "EmbedVersion", capability: .buildTool(),
            dependencies: ["EmbedFilesTool"]),

        // The domain and the jobs.
        .target(
            name: "SlotSheetCore",
            dependencies: [
                "XLSXReader", "XLSXWriter", "SlotSheetTemplates", "SMTPMail",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                // Users' passwords (`UserDirectory`): bcrypt alone, without Hummingbird.
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
            ],
            swiftSettings: strict,
            plugins: ["EmbedSamples", "EmbedVersion"]),

        // The office's web front: routes, pages, sessions, CSRF, the uploads' HTTP side and the JSON
        // API. Handlers parse, call SlotSheetCore's jobs and render; use cases, rules and messages
        // are the core's.
        .target(
            name: "SlotSheetWeb",
            dependencies: [
                "SlotSheetCore", "SlotSheetTemplates",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdAuth", package: "hummingbird-auth"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "MultipartKit", package: "multipart-kit"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: strict),

        // The command-line interface only.
        .executableTarget(
            name: "slotsheet",
            dependencies: [
                "SlotSheetCore", "SlotSheetTemplates", "SlotSheetWeb", "XLSXWriter", "XLSXReader",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict,
            // Every symbol bound at start (BIND_NOW, with the linker's default RELRO): the relocation
            // table is made read-only before main runs, as Debian's hardening asks of a binary.
            linkerSettings: [.unsafeFlags(["-Xlinker", "-z", "-Xlinker", "now"]), .unsafeFlags(releaseLinkFlags, .when(platforms: [.linux], configuration: .release))]),

        // Paths and peer tools (the Python venv, soffice) shared by the test targets.
        .target(
            name: "InteropSupport", dependencies: [.product(name: "PostgresNIO", package: "postgres-nio")],
            path: "Tests/InteropSupport", swiftSettings: strict),
        .testTarget(name: "XLSXReaderTests", dependencies: ["XLSXReader", "InteropSupport"], swiftSettings: strict),
        .testTarget(name: "XLSXWriterTests", dependencies: ["XLSXWriter", "XLSXReader", "InteropSupport"], swiftSettings: strict),
        .testTarget(
            name: "SlotSheetCoreTests",
            dependencies: ["SlotSheetCore", "XLSXReader", "InteropSupport", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: strict),
        // The web front in process (HummingbirdTesting's router client) and against a live server.
        .testTarget(
            name: "SlotSheetWebTests",
            dependencies: [
                "SlotSheetWeb", "SlotSheetCore", "SlotSheetTemplates", "InteropSupport", "slotsheet", "XLSXReader",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
            ],
            swiftSettings: strict),
        // End-to-end: runs the built `slotsheet` binary as a process.
        .testTarget(
            name: "slotsheetTests",
            dependencies: ["slotsheet", "SlotSheetCore", "XLSXReader", "InteropSupport", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: strict),
    ]
)

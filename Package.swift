// swift-tools-version:6.1
// slotsheet: availability spreadsheets <-> the repair-request database. See docs/design.md.
import PackageDescription

let package = Package(
    name: "slotsheet",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "slotsheet", targets: ["slotsheet"]),
        .library(name: "XLSXReader", targets: ["XLSXReader"]),
        .library(name: "XLSXWriter", targets: ["XLSXWriter"]),
        .library(name: "SlotSheetCore", targets: ["SlotSheetCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.0"),
        // SHA-256 for template fingerprints, import batches and export manifests (Foundation on
        // Linux has none); PostgresNIO depends on it too, so it costs no extra build.
        .package(url: "https://github.com/apple/swift-crypto", "3.0.0"..<"5.0.0"),
        // The PostgreSQL backend (`--db postgres://...`), for offices that share one database server.
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.21.0"),
    ],
    targets: [
        // The three C libraries of the design, found through pkg-config.
        .systemLibrary(
            name: "CXlsxWriter", pkgConfig: "xlsxwriter",
            providers: [.apt(["libxlsxwriter-dev"])]),
        .systemLibrary(
            name: "CZip", pkgConfig: "libzip",
            providers: [.apt(["libzip-dev"])]),
        .systemLibrary(
            name: "CLibXML2", pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]),

        // Generic spreadsheet modules: they know nothing about slots.
        .target(name: "XLSXReader", dependencies: ["CZip", "CLibXML2"]),
        // CZip: to finish what libxlsxwriter cannot write itself (a very hidden sheet).
        .target(name: "XLSXWriter", dependencies: ["CXlsxWriter", "CZip"]),

        // The words and look of every generated workbook and message, per language.
        .target(name: "SlotSheetTemplates", path: "Templates"),

        // Build-time helper that turns Samples/*.csv into Swift string literals (built into the binary).
        .executableTarget(name: "EmbedFilesTool"),
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
                "XLSXReader", "XLSXWriter", "SlotSheetTemplates",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            plugins: ["EmbedSamples", "EmbedVersion"]),

        // The command-line interface only.
        .executableTarget(
            name: "slotsheet",
            dependencies: [
                "SlotSheetCore", "SlotSheetTemplates", "XLSXWriter", "XLSXReader",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]),

        // Paths and peer tools (the Python venv, soffice) shared by the test targets.
        .target(
            name: "InteropSupport", dependencies: [.product(name: "PostgresNIO", package: "postgres-nio")],
            path: "Tests/InteropSupport"),
        .testTarget(name: "XLSXReaderTests", dependencies: ["XLSXReader", "InteropSupport"]),
        .testTarget(name: "XLSXWriterTests", dependencies: ["XLSXWriter", "XLSXReader", "InteropSupport"]),
        .testTarget(
            name: "SlotSheetCoreTests",
            dependencies: ["SlotSheetCore", "XLSXReader", "InteropSupport", .product(name: "GRDB", package: "GRDB.swift")]),
        // End-to-end: runs the built `slotsheet` binary as a process.
        .testTarget(
            name: "slotsheetTests",
            dependencies: ["slotsheet", "SlotSheetCore", "XLSXReader", "InteropSupport", .product(name: "GRDB", package: "GRDB.swift")]),
    ]
)

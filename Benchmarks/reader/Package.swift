// swift-tools-version:6.1
// The reader alone, for profiles and before/after pairs (Benchmarks/README.md, "The reader alone"):
// XLSXReader's own sources (symbolic links), built in release without the rest of slotsheet, so a
// change to the reader is measured in a minute instead of a whole release build.
import PackageDescription

let package = Package(
    name: "readbench",
    targets: [
        .systemLibrary(name: "CZip", pkgConfig: "libzip"),
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0"),
        .target(name: "XLSXReader", dependencies: ["CZip", "CLibXML2"]),
        .executableTarget(name: "readbench", dependencies: ["XLSXReader"]),
    ]
)

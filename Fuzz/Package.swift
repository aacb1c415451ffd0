// swift-tools-version:6.1
// The libFuzzer harness of the XLSX reader, a package of its own so the root package's
// `swift build` and `swift test` never see an executable without `main`. Built and run by
// `make fuzz` (see ../Makefile) with `-sanitize=fuzzer,address`.
import PackageDescription

let package = Package(
    name: "slotsheet-fuzz",
    dependencies: [.package(name: "slotsheet", path: "..")],
    targets: [
        .executableTarget(
            name: "XLSXReaderFuzzer",
            dependencies: [.product(name: "XLSXReader", package: "slotsheet")]),
    ]
)

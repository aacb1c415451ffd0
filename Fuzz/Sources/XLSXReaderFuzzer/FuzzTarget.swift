import XLSXReader

#if canImport(Glibc)
import Glibc
#endif

/// Limits small enough that one input runs in milliseconds, yet large enough for the seed workbooks:
/// the fuzzer looks for crashes, memory errors and hangs, not for big files.
private let fuzzLimits: XLSXLimits = {
    var limits = XLSXLimits.default
    limits.maxPartBytes = 4 << 20
    limits.maxStructurePartBytes = 1 << 20
    limits.compressionRatioGraceBytes = 256 << 10
    limits.maxZipEntries = 256
    limits.maxSharedStrings = 100_000
    limits.maxRows = 100_000
    limits.maxStringBytes = 64 << 10
    limits.maxMergedRanges = 10_000
    limits.maxSheets = 64
    limits.maxCells = 1_000_000
    return limits
}()

/// The reader takes a path, so each input goes to one file in memory-backed /dev/shm (or /tmp),
/// rewritten for every input. Its name ends in .xlsx; the reader tells .xlsx from .ods by content.
private let inputPath: String = {
    let folder = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp"
    return "\(folder)/xlsxreader-fuzz-\(getpid()).xlsx"
}()

private func write(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Bool {
    guard let file = fopen(inputPath, "wb") else { return false }
    defer { fclose(file) }
    return size == 0 || fwrite(data, 1, size, file) == size
}

/// Reads everything a user of the reader can ask for: the structure, every sheet's rows and cells,
/// the hidden columns and merged ranges, and each cell's JSON line (the `inspect --cells` output);
/// then the sheets again in reverse order, which an .ods reads from fresh readings of its content.
private func readEverything() throws(XLSXError) {
    let book = try Workbook(path: inputPath, limits: fuzzLimits)
    _ = (book.dateSystem, book.definedNames, book.customProperties, book.application, book.applicationVersion,
         book.author, book.lastModifiedBy)
    var output: [UInt8] = []
    for sheet in book.sheets {
        _ = book.sheet(named: sheet.name)
        var rows = try book.rows(of: sheet)
        _ = rows.hiddenColumns
        while let row = try rows.next() {
            for cell in row.cells {
                _ = cell.a1
                CellJSONLines.append(sheet: sheet.name, cell: cell, to: &output)
            }
            output.removeAll(keepingCapacity: true)
        }
        _ = rows.mergedRanges
    }
    for sheet in book.sheets.reversed().prefix(4) {
        var rows = try book.rows(of: sheet)
        _ = try rows.next()
    }
}

/// One input, as libFuzzer hands it over. Only a crash, a sanitizer report or a timeout is a finding:
/// a refusal is the right answer to most inputs.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard write(data, size) else { return 0 }
    do {
        try readEverything()
    } catch {
        // Every refusal must explain itself; building the message exercises every description.
        _ = error.description
        _ = CellJSONLines.refusal(error)
    }
    return 0
}

/// libFuzzer's driver, exported by the runtime `-sanitize=fuzzer` links in.
@_silgen_name("LLVMFuzzerRunDriver")
private func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32

/// SwiftPM gives every executable its own entry point, so the harness starts libFuzzer's driver itself
/// rather than relying on the `main` libFuzzer would bring.
@main
enum XLSXReaderFuzzer {
    static func main() {
        atexit { unlink(inputPath) }
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(runFuzzerDriver(&argc, &argv, fuzzOneInput))
    }
}

import CLibXML2
import CZip

/// The C libraries this module reads through, as the running process has them loaded.
///
/// Each version is asked of the library at run time, not taken from the headers the build saw: a
/// packaged binary runs with whatever libzip and libxml2 the system has installed since.
///
///     print(XLSXReaderLibraries.libzipVersion)    // "1.7.3"
///     print(XLSXReaderLibraries.libxml2Version)   // "2.9.14"
public enum XLSXReaderLibraries {
    /// libzip's own answer to `zip_libzip_version()`.
    public static var libzipVersion: String { String(cString: zip_libzip_version()) }

    /// libxml2's `xmlParserVersion` ("20914", read through the module's C shim), written as the library writes its dotted
    /// version ("2.9.14"): major, then minor and patch in two digits each.
    public static var libxml2Version: String {
        guard let text = slotsheet_libxml2_parser_version(), let number = Int(String(cString: text)) else { return "unknown" }
        return "\(number / 10000).\(number / 100 % 100).\(number % 100)"
    }
}

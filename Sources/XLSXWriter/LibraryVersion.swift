import CXlsxWriter

/// The C library this module writes through, as the running process has it loaded.
///
/// The version is asked of the library at run time, not taken from the header the build saw: a
/// packaged binary runs with whatever libxlsxwriter the system has installed since.
///
///     print(XLSXWriterLibrary.libxlsxwriterVersion)   // "1.1.4"
public enum XLSXWriterLibrary {
    /// libxlsxwriter's own answer to `lxw_version()`.
    public static var libxlsxwriterVersion: String { String(cString: lxw_version()) }
}

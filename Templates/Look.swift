/// The look of generated workbooks: colours as 0xRRGGBB and column widths in characters.
/// One place, so every sheet and report matches.
public enum Look {
    public static let headerFill: UInt32 = 0xDDEBF7
    public static let headerText: UInt32 = 0x1F3864
    /// Rows of dates before today: read-only.
    public static let pastFill: UInt32 = 0xE7E6E6
    public static let pastText: UInt32 = 0x808080
    public static let weekendFill: UInt32 = 0xFFF2CC
    /// The date and daypart of rows tenants can book now (the booking window).
    public static let bookableFill: UInt32 = 0xE2EFDA
    /// Cells the office fills in.
    public static let editableFill: UInt32 = 0xFFFFFF
    /// The cells of a requests workbook in which the office decides (status, slot, staff, note).
    public static let decisionFill: UInt32 = 0xFFF9E5
    public static let gridLine: UInt32 = 0xBFBFBF
    /// The line that opens each new date.
    public static let dayBand: UInt32 = 0x44546A
    /// A slot with fewer staff than booked requests.
    public static let shortageFill: UInt32 = 0xFFC7CE
    public static let shortageText: UInt32 = 0x9C0006
    public static let markText: UInt32 = 0x006100

    /// Width of a staff column; the header above it is turned upright to fit the name.
    public static let staffColumnWidth = 4.5
    /// Height of the header row, in points, for upright staff names.
    public static let headerRowHeight = 120.0
}

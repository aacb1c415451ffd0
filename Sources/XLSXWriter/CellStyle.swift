import CXlsxWriter

/// A colour as `0xRRGGBB`.
public struct RGB: Hashable, Sendable {
    public let value: UInt32

    public init(_ value: UInt32) {
        self.value = value
    }
}

/// Everything about how a cell looks, as a value: equal styles share one workbook format.
///
///     let header = CellStyle(bold: true, fill: RGB(0xDDEBF7), wrap: true)
///     try sheet.write("Date", row: 0, column: 0, style: header)
public struct CellStyle: Hashable, Sendable {
    public enum Alignment: Hashable, Sendable { case general, left, center, right }
    public enum VerticalAlignment: Hashable, Sendable { case bottom, center, top }
    public enum Line: Hashable, Sendable { case thin, medium, thick, dotted }

    public var bold = false
    public var italic = false
    public var fontSize: Double?
    public var fontColor: RGB?
    /// Solid background colour.
    public var fill: RGB?
    /// An Excel number format such as `d mmm yyyy` or `[$-413]ddd d mmm`.
    public var numberFormat: String?
    /// Locked cells cannot be edited once the sheet is protected (Excel's default is locked).
    public var locked = true
    public var alignment: Alignment = .general
    public var verticalAlignment: VerticalAlignment = .bottom
    public var wrap = false
    /// Text rotation in degrees (-90 to 90).
    public var rotation = 0
    /// A thin line around the cell.
    public var border: RGB?
    /// A line above the cell, over any `border` (used to start a band, such as a new day).
    public var topLine: Line?
    public var topLineColor: RGB?

    public init(bold: Bool = false, italic: Bool = false, fontSize: Double? = nil, fontColor: RGB? = nil,
                fill: RGB? = nil, numberFormat: String? = nil, locked: Bool = true,
                alignment: Alignment = .general, verticalAlignment: VerticalAlignment = .bottom,
                wrap: Bool = false, rotation: Int = 0, border: RGB? = nil, topLine: Line? = nil, topLineColor: RGB? = nil) {
        self.bold = bold
        self.italic = italic
        self.fontSize = fontSize
        self.fontColor = fontColor
        self.fill = fill
        self.numberFormat = numberFormat
        self.locked = locked
        self.alignment = alignment
        self.verticalAlignment = verticalAlignment
        self.wrap = wrap
        self.rotation = rotation
        self.border = border
        self.topLine = topLine
        self.topLineColor = topLineColor
    }

    /// Applies the style to a fresh libxlsxwriter format.
    func apply(to format: UnsafeMutablePointer<lxw_format>) {
        if bold { format_set_bold(format) }
        if italic { format_set_italic(format) }
        if let fontSize { format_set_font_size(format, fontSize) }
        if let fontColor { format_set_font_color(format, fontColor.value) }
        if let fill {
            format_set_pattern(format, UInt8(LXW_PATTERN_SOLID.rawValue))
            format_set_bg_color(format, fill.value)
        }
        if let numberFormat { format_set_num_format(format, numberFormat) }
        if !locked { format_set_unlocked(format) }
        switch alignment {
        case .general: break
        case .left: format_set_align(format, UInt8(LXW_ALIGN_LEFT.rawValue))
        case .center: format_set_align(format, UInt8(LXW_ALIGN_CENTER.rawValue))
        case .right: format_set_align(format, UInt8(LXW_ALIGN_RIGHT.rawValue))
        }
        switch verticalAlignment {
        case .bottom: break
        case .center: format_set_align(format, UInt8(LXW_ALIGN_VERTICAL_CENTER.rawValue))
        case .top: format_set_align(format, UInt8(LXW_ALIGN_VERTICAL_TOP.rawValue))
        }
        if wrap { format_set_text_wrap(format) }
        if rotation != 0 { format_set_rotation(format, Int16(rotation)) }
        if let border {
            format_set_border(format, UInt8(LXW_BORDER_THIN.rawValue))
            format_set_border_color(format, border.value)
        }
        if let topLine {
            format_set_top(format, topLine.libxlsxwriterStyle)
            if let topLineColor { format_set_top_color(format, topLineColor.value) }
        }
    }
}

extension CellStyle.Line {
    var libxlsxwriterStyle: UInt8 {
        switch self {
        case .thin: return UInt8(LXW_BORDER_THIN.rawValue)
        case .medium: return UInt8(LXW_BORDER_MEDIUM.rawValue)
        case .thick: return UInt8(LXW_BORDER_THICK.rawValue)
        case .dotted: return UInt8(LXW_BORDER_DOTTED.rawValue)
        }
    }
}

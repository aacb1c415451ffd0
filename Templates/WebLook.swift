/// The look of the web front's pages: one style sheet, served as `/static/style.css`. Colours
/// follow the workbooks' (`Look`), and nothing is said by colour alone: a short slot also has a
/// symbol and words, states have words.
public enum WebLook {
    public static let styleSheet = """
        :root { --ink: #1f2937; --muted: #4b5563; --line: #d1d5db; --head: #\(hex(Look.headerFill)); --head-ink: #\(hex(Look.headerText));
                --short: #\(hex(Look.shortageFill)); --short-ink: #\(hex(Look.shortageText)); --weekend: #\(hex(Look.weekendFill));
                --accent: #1d4ed8; --ok: #166534; --ok-bg: #dcfce7; --warn-bg: #fef3c7; --bad-bg: #fee2e2; }
        * { box-sizing: border-box; }
        body { margin: 0; font: 16px/1.5 "DejaVu Sans", system-ui, sans-serif; color: var(--ink); background: #f9fafb; }
        a { color: var(--accent); }
        .skip { position: absolute; left: -999px; }
        .skip:focus { left: 8px; top: 8px; background: #fff; padding: 4px 8px; }
        header.top { background: var(--head-ink); color: #fff; padding: 0 24px; display: flex; flex-wrap: wrap; align-items: center; gap: 8px 24px; }
        header.top a { color: #fff; text-decoration: none; }
        header.top .brand { font-weight: bold; font-size: 20px; padding: 12px 0; }
        header.top nav { display: flex; flex-wrap: wrap; gap: 4px 18px; order: 3; flex-basis: 100%; }
        header.top nav a { padding: 6px 0 10px; border-bottom: 3px solid transparent; }
        header.top nav a[aria-current="page"] { border-bottom-color: #fff; font-weight: bold; }
        header.top .who { display: flex; align-items: center; gap: 12px; font-size: 14px; margin-left: auto; }
        header.top form { margin: 0; }
        header.top button { background: transparent; color: #fff; border: 1px solid #fff; border-radius: 4px; padding: 4px 10px; cursor: pointer; font: inherit; }
        main { max-width: 1100px; margin: 0 auto; padding: 24px; }
        h1 { font-size: 26px; margin: 0 0 8px; }
        h2 { font-size: 20px; margin: 24px 0 8px; }
        p.intro { color: var(--muted); margin-top: 0; }
        .card { background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: 20px; margin: 16px 0; }
        .actions { display: flex; flex-wrap: wrap; gap: 12px; margin: 16px 0; }
        .button, button.primary, main button { display: inline-block; background: var(--accent); color: #fff; border: 0; border-radius: 6px; padding: 10px 18px;
                 font: inherit; font-weight: bold; text-decoration: none; cursor: pointer; }
        .button.secondary, button.secondary { background: #fff; color: var(--accent); border: 2px solid var(--accent); }
        main form > button { margin-top: 4px; }
        main > form { margin: 16px 0; }
        td form button, td button { padding: 4px 10px; font-weight: normal; }
        label { font-weight: bold; display: block; margin: 12px 0 4px; }
        label.inline { display: inline; font-weight: normal; margin: 0 0 0 4px; }
        input[type=text], input[type=password], input[type=date], select { font: inherit; padding: 8px; border: 1px solid #9ca3af; border-radius: 4px; min-width: 240px; }
        fieldset { border: 1px solid var(--line); border-radius: 6px; margin: 16px 0; padding: 8px 16px 16px; }
        legend { font-weight: bold; padding: 0 4px; }
        .staff-list { columns: 3 220px; margin-top: 8px; }
        .staff-list div { break-inside: avoid; padding: 2px 0; }
        .message { border-radius: 6px; padding: 12px 16px; margin: 12px 0; border-left: 6px solid; }
        .message.error { background: var(--bad-bg); border-color: #b91c1c; }
        .message.info { background: #eff6ff; border-color: var(--accent); }
        .message.ok { background: var(--ok-bg); border-color: var(--ok); }
        table { border-collapse: collapse; width: 100%; background: #fff; }
        th, td { border: 1px solid var(--line); padding: 6px 10px; text-align: left; vertical-align: top; }
        th { background: var(--head); color: var(--head-ink); }
        td.number, th.number { text-align: right; font-variant-numeric: tabular-nums; }
        tr.weekend td { background: var(--weekend); }
        tr.day-start td { border-top: 2px solid #\(hex(Look.dayBand)); }
        td.short { background: var(--short); color: var(--short-ink); font-weight: bold; }
        .state { display: inline-block; border-radius: 999px; padding: 1px 10px; font-size: 14px; border: 1px solid; }
        .state.reading { background: #eff6ff; }
        .state.ready { background: var(--warn-bg); }
        .state.applied { background: var(--ok-bg); }
        .state.refused { background: var(--bad-bg); }
        /* The file field itself is the drop zone: browsers take a dropped file on it without any script. */
        input.dropzone { display: block; width: 100%; border: 3px dashed #9ca3af; border-radius: 8px; padding: 40px 24px; background: #fff; font: inherit; cursor: pointer; }
        input.dropzone:hover, input.dropzone:focus { border-color: var(--accent); background: #eff6ff; }
        .grid-wrap { overflow-x: auto; }
        table.change-grid { width: auto; }
        table.change-grid th, table.change-grid td { white-space: nowrap; }
        td.mark, th.mark { text-align: center; min-width: 3em; font-weight: bold; }
        .code-name { display: block; font-weight: normal; font-size: 0.8em; color: var(--muted); }
        td.mark.added { background: var(--ok-bg); color: var(--ok); }
        td.mark.removed { background: var(--bad-bg); color: #b91c1c; }
        table.overview th .times { display: block; font-weight: normal; font-size: 12px; }
        td.slot span { display: block; white-space: nowrap; }
        td.slot .free { font-weight: bold; }
        td.slot .booked, td.slot .note { font-size: 13px; color: var(--muted); }
        td.slot.short .note { color: var(--short-ink); font-weight: bold; }
        table.requests th, table.requests td { font-size: 14px; padding: 4px 8px; }
        table.requests td.slot-cell { white-space: nowrap; }
        dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; }
        dl.facts dt { font-weight: bold; }
        dl.facts dd { margin: 0; }
        progress { width: 100%; height: 20px; }
        .signin { max-width: 420px; margin: 48px auto; }
        .muted { color: var(--muted); font-size: 14px; }
        .tag { display: inline-block; padding: 0 6px; border: 1px solid var(--muted); border-radius: 4px; color: var(--muted); font-size: 13px; }
        footer { max-width: 1100px; margin: 0 auto; padding: 0 24px 24px; color: var(--muted); font-size: 13px; }
        """

    /// The site's icon (a browser tab's, `/favicon.ico` and `/static/icon.svg`): a sheet's grid in the
    /// header's colour with one slot marked, as small as an icon can be.
    public static let icon = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="5" fill="#\(hex(Look.headerText))"/>\
        <path d="M6 11h20M6 17h20M6 23h20M13 6v20M20 6v20" stroke="#fff" stroke-width="1.5"/>\
        <rect x="14" y="12" width="5" height="4" fill="#fff"/></svg>

        """

    private static func hex(_ colour: UInt32) -> String {
        let digits = String(colour, radix: 16, uppercase: false)
        return String(repeating: "0", count: max(0, 6 - digits.count)) + digits
    }
}

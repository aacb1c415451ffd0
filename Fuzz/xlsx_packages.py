"""Small, complete .xlsx packages as dictionaries of part name -> text, for the fuzzer's seeds and the
hostile files of the tests. Every XML part carries one `@TEXT@` slot where text goes (a cell, a shared
string, a property...), so an attack can put an entity reference exactly where a reader would show it."""
import zipfile

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
STRICT = "http://purl.oclc.org/ooxml/spreadsheetml/main"
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PKG = "http://schemas.openxmlformats.org/package/2006/relationships"
DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
SHEET = "xl/worksheets/sheet1.xml"


def relationships(items):
    lines = "".join(f'<Relationship Id="{i}" Type="{kind}" Target="{target}"/>' for i, kind, target in items)
    return f'{DECLARATION}<Relationships xmlns="{PKG}">@TEXT@{lines}</Relationships>'


def workbook_parts(sheet_data='<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="inlineStr"><is><t>@TEXT@</t></is></c></row>',
                   shared=("@TEXT@",), styles=None, workbook_pr="", main=MAIN, extra_sheet_xml=""):
    """Every part of a one-sheet workbook with shared strings, styles and all three property parts."""
    styles = styles or ('<numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy-mm-dd hh:mm"/></numFmts>'
                        '<cellXfs count="3"><xf numFmtId="0"/><xf numFmtId="164"/><xf numFmtId="46"/></cellXfs>')
    parts = {
        "[Content_Types].xml": '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/'
                               'package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>',
        "_rels/.rels": relationships([
            ("rId1", f"{REL}/officeDocument", "xl/workbook.xml"),
            ("rId2", "http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties", "docProps/core.xml"),
            ("rId3", f"{REL}/extended-properties", "docProps/app.xml"),
            ("rId4", f"{REL}/custom-properties", "docProps/custom.xml")]),
        "docProps/core.xml": f'{DECLARATION}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/'
                             'metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>@TEXT@'
                             '</dc:creator><cp:lastModifiedBy>office</cp:lastModifiedBy></cp:coreProperties>',
        "docProps/app.xml": f'{DECLARATION}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/'
                            'extended-properties"><Application>@TEXT@</Application><AppVersion>1.0</AppVersion></Properties>',
        "docProps/custom.xml": f'{DECLARATION}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/'
                               'custom-properties" xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes">'
                               '<property fmtid="{D5CDD505-2E9C-101B-9397-08002B2CF9AE}" pid="2" name="note">'
                               '<vt:lpwstr>@TEXT@</vt:lpwstr></property></Properties>',
        "xl/workbook.xml": f'{DECLARATION}<workbook xmlns="{main}" xmlns:r="{REL}">{workbook_pr}<sheets>'
                           '<sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets><definedNames>'
                           '<definedName name="area">@TEXT@</definedName></definedNames></workbook>',
        "xl/_rels/workbook.xml.rels": relationships([
            ("rId1", f"{REL}/worksheet", "worksheets/sheet1.xml"),
            ("rId2", f"{REL}/sharedStrings", "sharedStrings.xml"),
            ("rId3", f"{REL}/styles", "styles.xml")]),
        "xl/styles.xml": f'{DECLARATION}<styleSheet xmlns="{main}">@TEXT@{styles}</styleSheet>',
        "xl/sharedStrings.xml": f'{DECLARATION}<sst xmlns="{main}">' + "".join(f"<si><t>{s}</t></si>" for s in shared) + "</sst>",
        SHEET: f'{DECLARATION}<worksheet xmlns="{main}">{extra_sheet_xml}<sheetData>{sheet_data}</sheetData></worksheet>',
    }
    return parts


def fill(parts, text="hello", only=None):
    """The parts with their `@TEXT@` slots filled: `text` in the part `only` (every part when None), a
    harmless word elsewhere."""
    return {name: body.replace("@TEXT@", text if only in (None, name) else "hello") for name, body in parts.items()}


def write(path, parts, stored=False, extra_entries=()):
    """Writes the parts (then any extra (name, bytes) entries, duplicates allowed) as a zip archive."""
    method = zipfile.ZIP_STORED if stored else zipfile.ZIP_DEFLATED
    with zipfile.ZipFile(path, "w", method) as z:
        for name, body in parts.items():
            z.writestr(zipfile.ZipInfo(name, (2026, 1, 1, 0, 0, 0)), body if isinstance(body, bytes) else body.encode("utf-8"), method)
        for name, data in extra_entries:
            z.writestr(zipfile.ZipInfo(name, (2026, 1, 1, 0, 0, 0)), data, method)
    return path

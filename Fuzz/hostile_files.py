"""Writes the hostile workbooks the tests refuse (and the fuzzer starts from), with a manifest.

Usage: python3 hostile_files.py OUT_DIR
Writes OUT_DIR/NAME.xlsx (or NAME.ods for the OpenDocument twins, named ods-...) for every attack below, OUT_DIR/secret.txt (a file an external entity points
at, holding a marker that must never appear in any output) and OUT_DIR/manifest.json:
{"secret_marker": ..., "files": {NAME: {"exit": inspect's exit code, "part": the part it concerns}}}.
Nothing is shipped: every file is made here, in a second or two.
"""
import json
import os
import struct
import sys
import uuid
import warnings
import zipfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ods_packages as op  # noqa: E402
import xlsx_packages as xp  # noqa: E402

# inspect's exit codes (README "Exit codes")
NOT_XLSX, ENCRYPTED, MISSING, MALFORMED, DTD, LIMIT, IMPOSSIBLE = 10, 11, 12, 13, 14, 15, 16
XML_PARTS = ["xl/workbook.xml", "_rels/.rels", "xl/_rels/workbook.xml.rels", "xl/sharedStrings.xml", "xl/styles.xml",
             xp.SHEET, "docProps/core.xml", "docProps/app.xml", "docProps/custom.xml"]


def short(part):
    if part == "_rels/.rels":
        return "package-rels"
    return part.replace("[", "").replace("]", "").replace("/", "-").replace("_", "").replace(".xml", "").replace(".rels", "-rels").strip("-")


def with_doctype(body, doctype, text):
    """Puts a document type after the XML declaration and `text` (an entity reference) in the text slot."""
    head, rest = body.split("\n", 1)
    return f"{head}\n{doctype}\n{rest}".replace("@TEXT@", text)


def dtd_attacks(out, files, secret):
    laughs = '<!ENTITY l0 "lol">' + "".join(f'<!ENTITY l{i} "{("&l%d;" % (i - 1)) * 10}">' for i in range(1, 10))
    for part in XML_PARTS:
        for kind, doctype, reference in (
                ("laughs", f"<!DOCTYPE root [{laughs}]>", "&l9;"),
                ("xxe", f'<!DOCTYPE root [<!ENTITY leak SYSTEM "file://{secret}">]>', "&leak;"),
                ("xxe-parameter", f'<!DOCTYPE root [<!ENTITY % leak SYSTEM "file://{secret}"> %leak;]>', "hello")):
            parts = xp.fill(xp.workbook_parts())
            parts[part] = with_doctype(xp.workbook_parts()[part], doctype, reference)
            name = f"{kind}-{short(part)}"
            xp.write(os.path.join(out, name + ".xlsx"), parts)
            files[name] = {"exit": DTD, "part": part}


def bombs(out, files):
    head = f'{xp.DECLARATION}<worksheet xmlns="{xp.MAIN}"><sheetData>'.encode()
    tail = b"</sheetData></worksheet>"
    for name, megabytes, level in (("bomb-ratio", 64, 9), ("bomb-size", 520, 1)):
        parts = xp.fill(xp.workbook_parts())
        del parts[xp.SHEET]
        path = xp.write(os.path.join(out, name + ".xlsx"), parts)
        with zipfile.ZipFile(path, "a", zipfile.ZIP_DEFLATED, compresslevel=level) as z:
            with z.open(xp.SHEET, "w", force_zip64=True) as part:
                part.write(head)
                block = b" " * (1 << 20)
                for _ in range(megabytes):
                    part.write(block)
                part.write(tail)
        files[name] = {"exit": LIMIT, "part": xp.SHEET}
    # Many sheets, each part just under the size at which one part's ratio is checked: together a bomb.
    parts = xp.fill(xp.workbook_parts())
    count = 100
    filler = (head + b" " * (7 << 19) + tail).decode()
    parts["xl/workbook.xml"] = parts["xl/workbook.xml"].replace(
        '<sheet name="Sheet1" sheetId="1" r:id="rId1"/>',
        "".join(f'<sheet name="S{i}" sheetId="{i + 1}" r:id="rId{i + 10}"/>' for i in range(count)))
    parts["xl/_rels/workbook.xml.rels"] = parts["xl/_rels/workbook.xml.rels"].replace("</Relationships>", "".join(
        f'<Relationship Id="rId{i + 10}" Type="{xp.REL}/worksheet" Target="worksheets/s{i}.xml"/>' for i in range(count))
        + "</Relationships>")
    for i in range(count):
        parts[f"xl/worksheets/s{i}.xml"] = filler
    xp.write(os.path.join(out, "bomb-many-parts.xlsx"), parts)
    files["bomb-many-parts"] = {"exit": LIMIT, "part": "xl/worksheets/s"}
    # 10,000 sheets, each found by its id among 19,000 relationships.
    lookup = xp.fill(xp.workbook_parts())
    lookup["xl/workbook.xml"] = lookup["xl/workbook.xml"].replace(
        '<sheet name="Sheet1" sheetId="1" r:id="rId1"/>',
        "".join(f'<sheet name="S{i}" sheetId="{i + 1}" r:id="x{i}"/>' for i in range(10_000)))
    lookup["xl/_rels/workbook.xml.rels"] = lookup["xl/_rels/workbook.xml.rels"].replace("</Relationships>", "".join(
        f'<Relationship Id="h{i}" Type="{xp.REL}/hyperlink" Target="t{i}.xml"/>' for i in range(9_000)) + "".join(
        f'<Relationship Id="x{i}" Type="{xp.REL}/chartsheet" Target="charts/c{i}.xml"/>' for i in range(10_000))
        + "</Relationships>")
    xp.write(os.path.join(out, "sheets-among-many-relationships.xlsx"), lookup)
    files["sheets-among-many-relationships"] = {"exit": 0, "part": ""}
    # A thousand sheets sharing one such part: a small file read a thousand times over.
    shared = xp.fill(xp.workbook_parts())
    shared["xl/workbook.xml"] = shared["xl/workbook.xml"].replace(
        '<sheet name="Sheet1" sheetId="1" r:id="rId1"/>',
        "".join(f'<sheet name="S{i}" sheetId="{i + 1}" r:id="rId1"/>' for i in range(1000)))
    shared[xp.SHEET] = filler
    xp.write(os.path.join(out, "sheets-share-a-part.xlsx"), shared)
    files["sheets-share-a-part"] = {"exit": IMPOSSIBLE, "part": xp.SHEET}
    styles = xp.fill(xp.workbook_parts())
    styles["xl/styles.xml"] = styles["xl/styles.xml"].replace("<numFmts", " " * (65 << 20) + "<numFmts", 1)
    xp.write(os.path.join(out, "bomb-styles.xlsx"), styles)
    files["bomb-styles"] = {"exit": LIMIT, "part": "xl/styles.xml"}


def content_attacks(out, files):
    row = '<row r="1"><c r="A1"><v>1</v></c></row>'
    cases = {
        "nesting-sheet": (xp.SHEET, LIMIT, '<row r="1">' + "<x>" * 100_000 + "</x>" * 100_000 + "</row>", None),
        "nesting-sharedstrings": ("xl/sharedStrings.xml", LIMIT, row, "<r>" * 100_000 + "</r>" * 100_000),
        "column-xfe": (xp.SHEET, IMPOSSIBLE, '<row r="1"><c r="XFE1"><v>1</v></c></row>', None),
        "column-16385": (xp.SHEET, IMPOSSIBLE, '<row r="1">' + "<c><v>1</v></c>" * 16_385 + "</row>", None),
        "row-past-grid": (xp.SHEET, IMPOSSIBLE, '<row r="1048577"><c><v>1</v></c></row>', None),
        "row-zero": (xp.SHEET, IMPOSSIBLE, '<row r="0"><c><v>1</v></c></row>', None),
        "merge-past-grid": (xp.SHEET, IMPOSSIBLE, row, None),
        "row-repeated": (xp.SHEET, IMPOSSIBLE, row + '<row r="2"><c r="A2"><v>1</v></c></row>'
                         '<row r="2"><c r="B2"><v>2</v></c></row>', None),
        "row-backwards": (xp.SHEET, IMPOSSIBLE, '<row r="5"><c r="A5"><v>1</v></c></row><row r="3"><c r="A3"><v>2</v></c></row>', None),
        "cell-repeated": (xp.SHEET, IMPOSSIBLE, '<row r="1"><c r="B1"><v>1</v></c><c r="B1"><v>2</v></c></row>', None),
        "cell-outside-its-row": (xp.SHEET, IMPOSSIBLE, '<row r="1"><c r="A2"><v>1</v></c></row>', None),
        "string-index-past-table": (xp.SHEET, IMPOSSIBLE, '<row r="1"><c r="A1" t="s"><v>7</v></c></row>', None),
    }
    for name, (part, code, sheet_data, shared_item) in cases.items():
        parts = xp.fill(xp.workbook_parts(sheet_data=sheet_data,
                                          shared=(shared_item,) if shared_item else ("@TEXT@",),
                                          extra_sheet_xml=""))
        if name == "merge-past-grid":
            parts[xp.SHEET] = parts[xp.SHEET].replace("</sheetData>", '</sheetData><mergeCells><mergeCell ref="A1:XFE2"/></mergeCells>')
        xp.write(os.path.join(out, name + ".xlsx"), parts)
        files[name] = {"exit": code, "part": part}
    # Structure parts full of tiny items, each kept in memory: one past the limits of 20,000
    # relationships, 100,000 defined names and 10,000 custom properties.
    lists = {
        "many-relationships": ("xl/_rels/workbook.xml.rels", "</Relationships>", "".join(
            f'<Relationship Id="h{i}" Type="{xp.REL}/hyperlink" Target="t{i}.xml"/>' for i in range(20_001)) + "</Relationships>"),
        "many-defined-names": ("xl/workbook.xml", "<definedNames>", "<definedNames>" + "".join(
            f'<definedName name="n{i}">S!$A$1</definedName>' for i in range(100_001))),
        "many-custom-properties": ("docProps/custom.xml", "</Properties>", "".join(
            f'<property fmtid="{{D5CDD505-2E9C-101B-9397-08002B2CF9AE}}" pid="{i + 3}" name="p{i}"><vt:i4>1</vt:i4></property>'
            for i in range(10_001)) + "</Properties>"),
    }
    for name, (part, anchor, replacement) in lists.items():
        parts = xp.fill(xp.workbook_parts())
        parts[part] = parts[part].replace(anchor, replacement, 1)
        xp.write(os.path.join(out, name + ".xlsx"), parts)
        files[name] = {"exit": LIMIT, "part": part}
    # One element with 100,000 attributes: libxml2 compares each with every one before it.
    attributes = " ".join(f'a{i}="1"' for i in range(100_000))
    for name, part, element in (("attributes-workbook", "xl/workbook.xml", "<sheets"),
                                ("attributes-sheet", xp.SHEET, '<c r="A1" t="s"')):
        parts = xp.fill(xp.workbook_parts())
        parts[part] = parts[part].replace(element, f"{element} {attributes}", 1)
        xp.write(os.path.join(out, name + ".xlsx"), parts)
        files[name] = {"exit": LIMIT, "part": part}
    for part in (xp.SHEET, "xl/sharedStrings.xml"):
        parts = xp.fill(xp.workbook_parts())
        parts[part] = parts[part].replace("hello", "hel").encode().replace(b"hel", b"h\xff\xfe\xc3(", 1)
        name = f"utf8-{short(part)}"
        xp.write(os.path.join(out, name + ".xlsx"), parts)
        files[name] = {"exit": MALFORMED, "part": part}


def container_attacks(out, files):
    parts = xp.fill(xp.workbook_parts())
    for name, extra, entry in (
            ("duplicate-entry", [("xl/workbook.xml", parts["xl/workbook.xml"].replace("Sheet1", "Other").encode())], "xl/workbook.xml"),
            ("duplicate-entry-case", [("XL/Workbook.xml", parts["xl/workbook.xml"].encode())], "XL/Workbook.xml"),
            ("entry-climbs-out", [("../../../tmp/slotsheet-evil.xml", b"<x/>")], "../../../tmp/slotsheet-evil.xml"),
            ("entry-absolute", [("/etc/slotsheet-evil.xml", b"<x/>")], "/etc/slotsheet-evil.xml")):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # zipfile warns about the duplicate, which is the point
            xp.write(os.path.join(out, name + ".xlsx"), parts, extra_entries=extra)
        files[name] = {"exit": NOT_XLSX, "part": entry}

    # The central directory cut in half, the end record kept: the directory runs into nothing.
    data = open(xp.write(os.path.join(out, "directory-truncated.xlsx"), parts), "rb").read()
    end = data.rfind(b"PK\x05\x06")
    size, offset = struct.unpack_from("<II", data, end + 12)
    open(os.path.join(out, "directory-truncated.xlsx"), "wb").write(data[:offset + size // 2] + data[end:])
    files["directory-truncated"] = {"exit": NOT_XLSX, "part": ""}

    # A stored sheet whose bytes no longer match their CRC: one digit changed, the XML still well-formed.
    checked = xp.fill(xp.workbook_parts(sheet_data='<row r="1"><c r="A1"><v>12345</v></c></row>'))
    path = xp.write(os.path.join(out, "checksum-wrong.xlsx"), checked, stored=True)
    data = open(path, "rb").read()
    open(path, "wb").write(data.replace(b"<v>12345</v>", b"<v>12346</v>", 1))
    files["checksum-wrong"] = {"exit": NOT_XLSX, "part": xp.SHEET}

    # Excel's password protection: an OLE compound file holding an EncryptedPackage stream.
    ole = bytes([0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]) + bytes(504)
    name_utf16 = "EncryptedPackage".encode("utf-16-le") + b"\0\0"
    open(os.path.join(out, "encrypted.xlsx"), "wb").write(ole + bytes(1024) + name_utf16 + bytes(64))
    files["encrypted"] = {"exit": ENCRYPTED, "part": ""}


def ods_attacks(out, files, secret):
    """The .ods twins of the attacks above, plus what only repeats can do: a few bytes for a billion cells."""
    content = "content.xml"

    def write(name, parts, code, part, **options):
        op.write(os.path.join(out, name + ".ods"), parts, **options)
        files[name] = {"exit": code, "part": part}

    cell = '<table:table-cell office:value-type="string"><text:p>@TEXT@</text:p></table:table-cell>'
    control = op.content([op.table("Sheet1", f"<table:table-row>{cell}</table:table-row>")])
    write("ods-control", op.package(control.replace("@TEXT@", "hello")), 0, "")
    laughs = '<!ENTITY l0 "lol">' + "".join(f'<!ENTITY l{i} "{("&l%d;" % (i - 1)) * 10}">' for i in range(1, 10))
    for kind, doctype, reference in (
            ("laughs", f"<!DOCTYPE root [{laughs}]>", "&l9;"),
            ("xxe", f'<!DOCTYPE root [<!ENTITY leak SYSTEM "file://{secret}">]>', "&leak;")):
        for part in (content, "meta.xml", "META-INF/manifest.xml"):
            parts = op.package(control.replace("@TEXT@", "hello"))
            body = parts[part] if part != content else control
            parts[part] = with_doctype(body.replace("<meta:generator>", "<meta:generator>@TEXT@"), doctype, reference)
            write(f"ods-{kind}-{short(part).lower()}", parts, DTD, part)
    head = op.content([op.table("Sheet1", "@ROWS@")])
    for name, megabytes, level in (("ods-bomb-ratio", 64, 9), ("ods-bomb-size", 520, 1)):
        path = op.write(os.path.join(out, name + ".ods"), {k: v for k, v in op.package("").items() if k != content})
        before, after = head.split("@ROWS@")
        with zipfile.ZipFile(path, "a", zipfile.ZIP_DEFLATED, compresslevel=level) as z:
            with z.open(content, "w", force_zip64=True) as stream:
                stream.write(before.encode())
                block = b" " * (1 << 20)
                for _ in range(megabytes):
                    stream.write(block)
                stream.write(after.encode())
        files[name] = {"exit": LIMIT, "part": content}
    value = '<table:table-cell office:value-type="float" office:value="1"/>'
    shapes = {
        # 1,048,576 rows of 16,384 numbers each, in under 300 bytes: refused before a cell is read.
        "ods-repeats-billions": (LIMIT, '<table:table-row table:number-rows-repeated="1048576"><table:table-cell '
                                        'table:number-columns-repeated="16384" office:value-type="float" office:value="1"/>'
                                        '</table:table-row>'),
        "ods-row-past-grid": (IMPOSSIBLE, '<table:table-row table:number-rows-repeated="1048576"><table:table-cell/>'
                                          f'</table:table-row><table:table-row>{value}</table:table-row>'),
        "ods-column-past-grid": (IMPOSSIBLE, '<table:table-row><table:table-cell table:number-columns-repeated="16384"/>'
                                             f'{value}</table:table-row>'),
        "ods-repeat-not-a-number": (IMPOSSIBLE, '<table:table-row><table:table-cell table:number-columns-repeated="two" '
                                                'office:value-type="float" office:value="1"/></table:table-row>'),
        "ods-value-not-a-number": (IMPOSSIBLE, '<table:table-row><table:table-cell office:value-type="float" '
                                               'office:value="1,5"/></table:table-row>'),
        "ods-nesting": (LIMIT, "<table:table-row><table:table-cell office:value-type=\"string\">"
                               + "<text:span>" * 100_000 + "</text:span>" * 100_000 + "</table:table-cell></table:table-row>"),
        "ods-attributes": (LIMIT, '<table:table-row><table:table-cell ' + " ".join(f'a{i}="1"' for i in range(100_000))
                                  + "/></table:table-row>"),
    }
    for name, (code, rows) in shapes.items():
        write(name, op.package(head.replace("@ROWS@", rows)), code, content)
    # 10,000 sheets of one cell each: within every limit, and read once, not once a sheet.
    many = op.content([op.table(f"S{i}", f'<table:table-row>{value}</table:table-row>') for i in range(10_000)])
    write("ods-many-sheets", op.package(many), 0, "")
    encrypted = op.manifest('<manifest:encryption-data manifest:checksum-type="SHA1/1K" manifest:checksum="AAAA">'
                            '<manifest:algorithm manifest:algorithm-name="Blowfish CFB" manifest:initialisation-vector="AAAA"/>'
                            '</manifest:encryption-data>')
    write("ods-encrypted", {**op.package(""), "content.xml": bytes(range(256)) * 4, "META-INF/manifest.xml": encrypted},
          ENCRYPTED, "")
    write("ods-text-document", op.package(control.replace("@TEXT@", "hello"), mimetype="application/vnd.oasis.opendocument.text"),
          NOT_XLSX, "")
    write("ods-no-content", {k: v for k, v in op.package("").items() if k != content}, MISSING, content)


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    marker = f"SLOTSHEET-SECRET-{uuid.uuid4().hex}"
    secret = os.path.join(os.path.abspath(out), "secret.txt")
    open(secret, "w").write(marker + "\n")
    # The same package without an attack: it must read, so each refusal is the attack's doing.
    xp.write(os.path.join(out, "control.xlsx"), xp.fill(xp.workbook_parts()))
    files = {"control": {"exit": 0, "part": ""}}
    dtd_attacks(out, files, secret)
    bombs(out, files)
    content_attacks(out, files)
    container_attacks(out, files)
    ods_attacks(out, files, secret)
    json.dump({"secret_marker": marker, "files": files}, open(os.path.join(out, "manifest.json"), "w"), indent=1)


if __name__ == "__main__":
    main()

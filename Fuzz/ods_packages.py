"""Small, complete .ods packages as dictionaries of part name -> text, for the hand-made corpus files,
the fuzzer's seeds and the hostile files of the tests. `content(...)` builds content.xml around the
tables' XML; `write(...)` zips the parts the way LibreOffice does (mimetype first and stored)."""
import zipfile

MIMETYPE = "application/vnd.oasis.opendocument.spreadsheet"
DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n'
NAMESPACES = (
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
    'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" '
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
    'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
    'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" '
    'xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" '
    'xmlns:xlink="http://www.w3.org/1999/xlink" '
    'xmlns:dc="http://purl.org/dc/elements/1.1/" '
    'xmlns:meta="urn:oasis:names:tc:opendocument:xmlns:meta:1.0" '
    'xmlns:number="urn:oasis:names:tc:opendocument:xmlns:datastyle:1.0" '
    'xmlns:of="urn:oasis:names:tc:opendocument:xmlns:of:1.2" '
    'xmlns:calcext="urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0"')
HIDDEN_STYLE = ('<style:style style:name="taHidden" style:family="table">'
                '<style:table-properties table:display="false"/></style:style>')
VISIBLE_STYLE = ('<style:style style:name="taVisible" style:family="table">'
                 '<style:table-properties table:display="true"/></style:style>')


def table(name, rows, hidden=False, columns=""):
    """One sheet: `rows` is the XML of its rows, `columns` of its column declarations."""
    style = "taHidden" if hidden else "taVisible"
    return f'<table:table table:name="{name}" table:style-name="{style}">{columns}{rows}</table:table>'


def content(tables, before_tables="", after_tables="", automatic_styles=""):
    return (f'{DECLARATION}<office:document-content {NAMESPACES} office:version="1.3">'
            f'<office:automatic-styles>{VISIBLE_STYLE}{HIDDEN_STYLE}{automatic_styles}</office:automatic-styles>'
            f'<office:body><office:spreadsheet>{before_tables}{"".join(tables)}{after_tables}'
            '</office:spreadsheet></office:body></office:document-content>')


def manifest(extra=""):
    return (f'{DECLARATION}<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" '
            'manifest:version="1.3"><manifest:file-entry manifest:full-path="/" manifest:version="1.3" '
            f'manifest:media-type="{MIMETYPE}"/><manifest:file-entry manifest:full-path="content.xml" '
            f'manifest:media-type="text/xml"{">" + extra + "</manifest:file-entry>" if extra else "/>"}'
            '<manifest:file-entry manifest:full-path="meta.xml" manifest:media-type="text/xml"/></manifest:manifest>')


def meta(generator="slotsheet Fuzz/ods_packages.py", user_defined=""):
    return (f'{DECLARATION}<office:document-meta {NAMESPACES} office:version="1.3"><office:meta>'
            f'<meta:generator>{generator}</meta:generator><meta:initial-creator>office</meta:initial-creator>'
            f'<dc:creator>planner</dc:creator>{user_defined}</office:meta></office:document-meta>')


def package(content_xml, mimetype=MIMETYPE, manifest_xml=None, meta_xml=None):
    """Every part of an .ods around `content_xml`."""
    parts = {"mimetype": mimetype, "META-INF/manifest.xml": manifest_xml or manifest(), "content.xml": content_xml,
             "meta.xml": meta_xml or meta()}
    return parts


def write(path, parts, stored=False, compresslevel=None):
    """Writes the parts in order, `mimetype` always stored as ODF requires, the rest deflated unless `stored`."""
    with zipfile.ZipFile(path, "w") as z:
        for name, body in parts.items():
            method = zipfile.ZIP_STORED if stored or name == "mimetype" else zipfile.ZIP_DEFLATED
            data = body if isinstance(body, bytes) else body.encode("utf-8")
            z.writestr(zipfile.ZipInfo(name, (2026, 1, 1, 0, 0, 0)), data, method, compresslevel=compresslevel)
    return path

#!/usr/bin/env python3
"""Writes the hand-made .ods files of the corpus (hand-made/NAME.ods) and their expected cells
(hand-made/NAME.expected.jsonl): the shapes real .ods files hold that the converted corpus lacks.
Each file's XML and its expected cells are written here side by side, by hand: the expected cells are
what the file means (checked against LibreOffice, see README.md), never what a reader made of it.

Usage: python3 Tests/Fixtures/corpus/ods/make_ods.py       (no third-party packages needed)
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "..", "..", "Fuzz"))
import ods_packages as op  # noqa: E402


def cell(value_type=None, value=None, text=None, repeat=None, extra=""):
    attrs = ""
    if repeat:
        attrs += f' table:number-columns-repeated="{repeat}"'
    if value_type:
        attrs += f' office:value-type="{value_type}" calcext:value-type="{value_type}"'
    if value is not None:
        attrs += f" {value}"
    attrs += extra
    inner = f"<text:p>{text}</text:p>" if text is not None else ""
    return f"<table:table-cell{attrs}>{inner}</table:table-cell>" if inner else f"<table:table-cell{attrs}/>"


def row(cells, repeat=None, extra=""):
    attrs = f' table:number-rows-repeated="{repeat}"' if repeat else ""
    return f"<table:table-row{attrs}{extra}>{''.join(cells)}</table:table-row>"


def x(repeat=None):
    return cell("string", text="x", repeat=repeat)


EMPTY_TAIL_COLUMNS = '<table:table-cell table:number-columns-repeated="16380"/>'

FILES = {}

# Repeated rows and columns: LibreOffice pads every row to the last column and the sheet to the last
# row with empty repeats; equal neighbours are written once with a count. Excel's .ods export repeats
# empty rows to row 1,048,576.
FILES["repeats"] = (
    op.content([
        op.table("LibreOffice", columns='<table:table-column table:number-columns-repeated="16384"/>', rows=(
            row([cell("string", text="Date"), cell("string", text="Daypart"), cell("string", text="ANB"),
                 cell("string", text="BRW"), cell(repeat=16380)])
            + row([cell("date", 'office:date-value="2026-12-01"', "2026-12-01"), cell("string", text="09:00-10:00"),
                   x(2), cell(repeat=16380)], repeat=3)
            + row([cell(repeat=2), x(), cell(), x(), cell(repeat=16379)])
            + row([cell(repeat=16384)], repeat=1048570))),
        op.table("Excel", rows=(
            row([cell("float", 'office:value="7"', "7", repeat=3)])
            + row([cell()], repeat=4)
            + row([cell("string", text="after the gap")])
            + row([cell(repeat=16384)], repeat=1048567))),
    ]),
    [("LibreOffice", "A1", "s", "Date"), ("LibreOffice", "B1", "s", "Daypart"), ("LibreOffice", "C1", "s", "ANB"),
     ("LibreOffice", "D1", "s", "BRW")]
    + [t for r in (2, 3, 4) for t in (("LibreOffice", f"A{r}", "d", "2026-12-01T00:00:00"),
                                      ("LibreOffice", f"B{r}", "s", "09:00-10:00"),
                                      ("LibreOffice", f"C{r}", "s", "x"), ("LibreOffice", f"D{r}", "s", "x"))]
    + [("LibreOffice", "C5", "s", "x"), ("LibreOffice", "E5", "s", "x"),
       ("Excel", "A1", "n", 7), ("Excel", "B1", "n", 7), ("Excel", "C1", "n", 7), ("Excel", "A6", "s", "after the gap")])

# Merged cells: the first cell spans, the cells it covers are covered-table-cells; LibreOffice keeps a
# covered cell's value when the merge was made with "keep the contents of hidden cells".
FILES["covered"] = (
    op.content([op.table("Merged", rows=(
        row([cell("string", text="spans two columns", extra=' table:number-columns-spanned="2" table:number-rows-spanned="1"'),
             "<table:covered-table-cell/>", cell("string", text="C1")])
        + row([cell("string", text="spans two rows", extra=' table:number-columns-spanned="1" table:number-rows-spanned="2"'),
               cell("float", 'office:value="2"', "2")])
        + row(['<table:covered-table-cell office:value-type="string" calcext:value-type="string">'
               '<text:p>kept under the merge</text:p></table:covered-table-cell>', cell("float", 'office:value="3"', "3")])))]),
    [("Merged", "A1", "s", "spans two columns"), ("Merged", "C1", "s", "C1"), ("Merged", "A2", "s", "spans two rows"),
     ("Merged", "B2", "n", 2), ("Merged", "A3", "s", "kept under the merge"), ("Merged", "B3", "n", 3)])

# Every office:value-type, formulas with their cached values, errors, and text as ODF writes it.
FILES["value_types"] = (
    op.content([op.table("Values", rows=(
        row([cell("float", 'office:value="-1.5E+3"', "-1500"), cell("percentage", 'office:value="0.25"', "25%"),
             cell("currency", 'office:value="12.5" office:currency="EUR"', "€12.50"),
             cell("boolean", 'office:boolean-value="true"', "TRUE"), cell("boolean", 'office:boolean-value="false"', "FALSE")])
        + row([cell("date", 'office:date-value="2026-12-08"', "08-12-26"),
               cell("date", 'office:date-value="2026-12-08T09:30:00"', "08-12-26 09:30"),
               cell("date", 'office:date-value="2026-12-08T09:30:15.25"', "09:30:15"),
               cell("time", 'office:time-value="PT09H30M00S"', "09:30"),
               cell("time", 'office:time-value="PT36H00M00S"', "36:00"),
               cell("time", 'office:time-value="PT00H00M00.5S"', "00:00:00.5")])
        + row([cell("float", 'office:value="3"', "3", extra=' table:formula="of:=1+2"'),
               cell("string", 'office:string-value="from the formula"', "from the formula", extra=' table:formula="of:=&quot;from the formula&quot;"'),
               '<table:table-cell table:formula="of:=1/0" office:value-type="string" office:string-value="" '
               'calcext:value-type="error"><text:p>#DIV/0!</text:p></table:table-cell>',
               '<table:table-cell table:formula="of:=[.Z99]"/>',
               cell("void"), cell("float", 'office:value=""')])
        + row(['<table:table-cell office:value-type="string"><text:p>a<text:s/>b<text:s text:c="3"/>c</text:p></table:table-cell>',
               '<table:table-cell office:value-type="string"><text:p>col1<text:tab/>col2<text:line-break/>next</text:p></table:table-cell>',
               '<table:table-cell office:value-type="string"><text:p>first</text:p><text:p/><text:p>third</text:p></table:table-cell>',
               '<table:table-cell office:value-type="string"><text:p>see <text:a xlink:href="https://example.org/" '
               'xlink:type="simple">the <text:span text:style-name="T1">link</text:span></text:a> &amp; more</text:p></table:table-cell>',
               '<table:table-cell office:value-type="string"><office:annotation><dc:creator>office</dc:creator>'
               '<text:p>a comment, not the value</text:p></office:annotation><text:p>the value</text:p></table:table-cell>',
               '<table:table-cell><text:p>no value type: the text it shows</text:p></table:table-cell>',
               '<table:table-cell office:value-type="string"><text:p><text:s/>spaces  kept<text:s/></text:p></table:table-cell>'])))]),
    [("Values", "A1", "n", -1500), ("Values", "B1", "n", 0.25), ("Values", "C1", "n", 12.5), ("Values", "D1", "b", True),
     ("Values", "E1", "b", False),
     ("Values", "A2", "d", "2026-12-08T00:00:00"), ("Values", "B2", "d", "2026-12-08T09:30:00"),
     ("Values", "C2", "d", "2026-12-08T09:30:15.250"), ("Values", "D2", "d", "1899-12-30T09:30:00"),
     ("Values", "E2", "d", "1899-12-31T12:00:00"), ("Values", "F2", "d", "1899-12-30T00:00:00.500"),
     ("Values", "A3", "n", 3), ("Values", "B3", "s", "from the formula"), ("Values", "C3", "e", "#DIV/0!"),
     ("Values", "A4", "s", "a b   c"), ("Values", "B4", "s", "col1\tcol2\nnext"), ("Values", "C4", "s", "first\n\nthird"),
     ("Values", "D4", "s", "see the link & more"), ("Values", "E4", "s", "the value"),
     ("Values", "F4", "s", "no value type: the text it shows"), ("Values", "G4", "s", " spaces  kept ")])

# A 1904 workbook (as LibreOffice writes one converted from Excel for Mac): dates are absolute, times are
# dated on the null date.
FILES["null_date_1904"] = (
    op.content([op.table("Mac", rows=row([cell("date", 'office:date-value="2026-12-08"', "2026-12-08"),
                                          cell("time", 'office:time-value="PT12H00M00S"', "12:00"),
                                          cell("float", 'office:value="1"', "1")]))],
               before_tables='<table:calculation-settings><table:null-date table:date-value="1904-01-01"/>'
                             '</table:calculation-settings>'),
    [("Mac", "A1", "d", "2026-12-08T00:00:00"), ("Mac", "B1", "d", "1904-01-01T12:00:00"), ("Mac", "C1", "n", 1)])

# Hidden sheets (table:display="false" in the table's automatic style) are read like visible ones.
FILES["hidden_sheets"] = (
    op.content([op.table("Shown", rows=row([cell("string", text="visible")])),
                op.table("_slotsheet", hidden=True, rows=row([cell("string", text="hidden"), cell("float", 'office:value="2"', "2")])),
                op.table("Empty", rows=row([cell(repeat=1024)], repeat=1048576))]),
    [("Shown", "A1", "s", "visible"), ("_slotsheet", "A1", "s", "hidden"), ("_slotsheet", "B1", "n", 2)])


def main():
    folder = os.path.join(HERE, "hand-made")
    os.makedirs(folder, exist_ok=True)
    for name, (content_xml, cells) in FILES.items():
        op.write(os.path.join(folder, name + ".ods"), op.package(content_xml))
        with open(os.path.join(folder, name + ".expected.jsonl"), "w", encoding="utf-8") as out:
            for sheet, reference, kind, value in cells:
                out.write(json.dumps({"sheet": sheet, "cell": reference, "type": kind, "value": value}, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()

"""Fills the fuzzer's seed folder: the test corpus (every .xlsx and .ods under CORPUS_DIR) as it is, the same workbooks re-packed without
compression (so mutations reach the XML instead of breaking deflate streams), small hand-shaped packages
covering what the corpus lacks (inline and rich text, merged cells, hidden columns, every property part,
Strict namespaces, a 1904 workbook; for .ods the hand-made corpus files do this), and the hostile files
the tests make (hostile_files.py, .xlsx and .ods), except the big bombs.

Usage: python3 make_seeds.py CORPUS_DIR SEED_DIR
"""
import os
import shutil
import sys
import tempfile
import zipfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hostile_files  # noqa: E402
import xlsx_packages as xp  # noqa: E402

SEED_LIMIT = 256 << 10  # the harness's -max_len


def hand_made(seeds):
    values = ('<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c>'
              '<c r="C1" t="inlineStr"><is><t>in_x000D_line</t></is></c></row>'
              '<row r="2"><c r="A2" s="1"><v>45000.5</v></c><c r="B2" s="2"><v>1.25</v></c><c r="C2" t="b"><v>1</v></c>'
              '<c r="D2" t="e"><v>#N/A</v></c><c r="E2" t="d"><v>2026-12-01T09:00:00</v></c>'
              '<c r="F2" t="str"><f>A1</f><v>x</v></c></row><row><c><v>-1.5E+3</v></c></row>')
    parts = xp.workbook_parts(
        sheet_data=values, extra_sheet_xml='<cols><col min="2" max="3" hidden="1"/></cols>',
        shared=("@TEXT@", '</t></si><si><r><t>rich </t></r><r><t xml:space="preserve">text</t></r><rPh><t>ph</t></rPh><t>'))
    parts[xp.SHEET] = parts[xp.SHEET].replace("</sheetData>", '</sheetData><mergeCells count="1"><mergeCell ref="A1:B1"/></mergeCells>')
    xp.write(os.path.join(seeds, "seed-values.xlsx"), xp.fill(parts), stored=True)
    strict = xp.workbook_parts(sheet_data='<row r="3"><c r="B3" s="1"><v>0.5</v></c></row>',
                               workbook_pr='<workbookPr date1904="1"/>', main=xp.STRICT)
    xp.write(os.path.join(seeds, "seed-1904-strict.xlsx"), xp.fill(strict), stored=True)


def hostile(seeds):
    folder = tempfile.mkdtemp()
    try:
        sys.argv = ["hostile_files.py", folder]
        hostile_files.main()
        for name in os.listdir(folder):
            path = os.path.join(folder, name)
            if name.endswith((".xlsx", ".ods")) and os.path.getsize(path) <= SEED_LIMIT:
                shutil.copy(path, os.path.join(seeds, "hostile-" + name))
    finally:
        shutil.rmtree(folder)


def main():
    corpus, seeds = sys.argv[1], sys.argv[2]
    os.makedirs(seeds, exist_ok=True)
    sources = sorted(os.path.join(folder, name) for folder, _, names in os.walk(corpus)
                     for name in names if name.endswith((".xlsx", ".ods")))
    for source in sources:
        name = os.path.basename(source)
        shutil.copy(source, os.path.join(seeds, name))
        try:
            with zipfile.ZipFile(source) as src:
                xp.write(os.path.join(seeds, "stored-" + name), {i.filename: src.read(i) for i in src.infolist()}, stored=True)
        except Exception:  # broken and encrypted corpus files stay as they are
            if os.path.exists(os.path.join(seeds, "stored-" + name)):
                os.remove(os.path.join(seeds, "stored-" + name))
    hand_made(seeds)
    hostile(seeds)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Edits a share of an availability template's staff cells with openpyxl, as an office would, and
only in ways the import accepts: marks added anywhere from today on, marks removed only where the
slot keeps at least as many people as requests held and the person has no visit there.

Usage: make_edit.py TEMPLATE.xlsx EDITED.xlsx SHARE     (SHARE 0.10 for 10% of the cells)
Prints the number of cells marked and cleared.
"""
import datetime
import random
import sys
import warnings

warnings.simplefilter("ignore")
import openpyxl

source, target, share = sys.argv[1], sys.argv[2], float(sys.argv[3])
book = openpyxl.load_workbook(source)
records = list(book["_slotsheet"].iter_rows(values_only=True))
meta = {r[1]: r[2] for r in records if r[0] == "meta"}
today = datetime.date.fromisoformat(meta["today"])
rows = {int(r[1]): (int(r[5]), set((r[6] or "").split())) for r in records if r[0] == "row"}
sheet = book[meta["data_sheet"]]
codes = [str(c.value).split(" ")[0] for c in sheet[1]][5:]
chooser = random.Random(1)
marked = cleared = 0
for row in sheet.iter_rows(min_row=2):
    if row[0].value.date() < today:
        continue
    held, assigned = rows[row[0].row]
    cells = row[5:]
    spare = sum(1 for c in cells if c.value == "x") - held
    for cell, code in zip(cells, codes):
        if chooser.random() >= share:
            continue
        if cell.value == "x":
            if spare > 0 and code not in assigned:
                cell.value = None
                spare -= 1
                cleared += 1
        else:
            cell.value = "x"
            marked += 1
book.save(target)
print(marked, cleared)

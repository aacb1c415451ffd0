#!/usr/bin/env python3
"""The demo's office edit: opens an availability template with openpyxl, as an office script
would, marks three people available in empty cells from the day after tomorrow on, and clears
one mark in a slot with room to spare whose person has no visit there. Prints what it changed.

Usage: demo_edit.py TEMPLATE.xlsx EDITED.xlsx
"""
import datetime, sys, warnings

warnings.simplefilter("ignore")
import openpyxl

source, target = sys.argv[1], sys.argv[2]
book = openpyxl.load_workbook(source)
# The capacity column is a formula; its value as last computed comes from a second, value-only read.
values = openpyxl.load_workbook(source, data_only=True)
records = list(book["_slotsheet"].iter_rows(values_only=True))
data_sheet = next(r[2] for r in records if r[0] == "meta" and r[1] == "data_sheet")
today = datetime.date.fromisoformat(next(r[2] for r in records if r[0] == "meta" and r[1] == "today"))
assigned = {int(r[1]): (r[6] or "").split() for r in records if r[0] == "row"}
sheet = book[data_sheet]
capacity = {row[0].row: row[4].value for row in values[data_sheet].iter_rows(min_row=2)}
headers = [cell.value for cell in sheet[1]]

added, removed, touched = [], [], set()
for row in sheet.iter_rows(min_row=2):
    date = row[0].value.date()
    if date < today + datetime.timedelta(days=2):
        continue
    marks = row[5:]
    if len(added) < 3 and row[0].row % 7 == 0:
        empty = next((c for c in marks if c.value is None), None)
        if empty is not None:
            empty.value = "x"
            touched.add(empty.coordinate)
            added.append(f"{empty.coordinate} ({headers[empty.column - 1]}, {date} {row[2].value})")
    if not removed and capacity[row[0].row] - row[3].value >= 2:
        for cell in marks:
            code = headers[cell.column - 1].split(" ")[0]
            if cell.value == "x" and cell.coordinate not in touched and code not in assigned.get(cell.row, []):
                cell.value = None
                removed.append(f"{cell.coordinate} ({headers[cell.column - 1]}, {date} {row[2].value})")
                break
    if len(added) == 3 and removed:
        break

book.save(target)
for text in added:
    print(f"  marked available:  {text}")
for text in removed:
    print(f"  cleared:           {text}")

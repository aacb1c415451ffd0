#!/usr/bin/env python3
"""The office edits its staff list as downloaded from the web front's Lists page, as a person would
in Excel: Bram Bos is called Bram van den Bos now, Kees de Boer leaves (active emptied), and Eva
Visser joins in the first free row. Finds the columns by their (Dutch) headers; saves in place.
Usage: edit_staff.py MEDEWERKERS.xlsx
"""
import sys, warnings

warnings.simplefilter("ignore")
import openpyxl

path = sys.argv[1]
book = openpyxl.load_workbook(path)
sheet = book.worksheets[0]
header = [cell.value for cell in sheet[1]]
code, name, number, active = (header.index(h) for h in ("code", "naam", "personeelsnummer", "actief"))
last = 1
for row in sheet.iter_rows(min_row=2):
    if row[code].value is None:
        continue
    last = row[0].row
    if row[code].value == "BOS":
        row[name].value = "Bram van den Bos"
    if row[code].value == "KDB":
        row[active].value = None
new = last + 1
for column, value in ((code, "EVI"), (name, "Eva Visser"), (number, "1013"), (active, "x")):
    sheet.cell(row=new, column=column + 1, value=value)
book.save(path)
print(f"edit_staff: BOS renamed, KDB inactive, EVI added in row {new} of {path}")

#!/usr/bin/env python3
"""The office fills its first availability template, as a planner would in Excel: on working days
every person is available in three of the day's four dayparts (a different one off each day
and person), weekends stay empty. Opens the workbook with openpyxl and saves it in place; prints
how many marks it set. Usage: fill_rooster.py ROOSTER.xlsx
"""
import sys, warnings

warnings.simplefilter("ignore")
import openpyxl

path = sys.argv[1]
book = openpyxl.load_workbook(path)
records = list(book["_slotsheet"].iter_rows(values_only=True))
data_sheet = next(r[2] for r in records if r[0] == "meta" and r[1] == "data_sheet")
sheet = book[data_sheet]
marked = 0
for row in sheet.iter_rows(min_row=2):
    date = row[0].value
    if date is None or date.weekday() >= 5:
        continue
    day_index = date.toordinal()
    daypart = (row[0].row - 2) % 4          # the rows of a date, one a daypart in their order
    for column, cell in enumerate(row[5:]):
        if (column + day_index) % 4 == daypart:
            continue
        if cell.value is None:
            cell.value = "x"
            marked += 1
book.save(path)
print(f"fill_rooster: {marked} marks set in {path}")

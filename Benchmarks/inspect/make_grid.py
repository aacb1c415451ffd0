#!/usr/bin/env python3
"""Writes the benchmark workbook: an availability grid of 2,191 rows x 252 columns, as Excel would hold it.

Usage: make_grid.py OUT.xlsx

Row 1 is a header. Each of the 2,190 rows below is one (date, daypart) slot: a date (date format), the
daypart label and code (text), a capacity (number), then 248 staff columns holding "x" where that person
is available and nothing where not. About two in three staff cells are filled, so the sheet has about
370,000 non-empty cells. Strings are shared, as Excel and XlsxWriter store them. The content is
reproducible: the same file every run.
"""
import datetime
import random
import sys

import xlsxwriter

ROWS = 2191          # header + 2,190 slots (365 days x 6 dayparts)
COLUMNS = 252        # date, daypart, code, capacity + 248 staff
STAFF = COLUMNS - 4
FILL = 0.665         # share of staff cells holding "x"
DAYPARTS = [("08:00-09:00", "D1"), ("09:00-10:00", "D2"), ("10:00-12:00", "D3"),
            ("12:00-14:00", "D4"), ("14:00-16:00", "D5"), ("16:00-17:00", "D6")]


def main(path):
    rng = random.Random(7)
    book = xlsxwriter.Workbook(path)
    sheet = book.add_worksheet("Availability")
    date_format = book.add_format({"num_format": "yyyy-mm-dd"})
    sheet.write_row(0, 0, ["Date", "Daypart", "Code", "Capacity"] + [f"Staff {n:03d}" for n in range(1, STAFF + 1)])
    start = datetime.date(2026, 1, 1)
    non_empty = COLUMNS
    for row in range(1, ROWS):
        day, part = divmod(row - 1, len(DAYPARTS))
        label, code = DAYPARTS[part]
        sheet.write_datetime(row, 0, datetime.datetime.combine(start + datetime.timedelta(days=day), datetime.time()),
                             date_format)
        sheet.write_string(row, 1, label)
        sheet.write_string(row, 2, code)
        available = 0
        for column in range(4, COLUMNS):
            if rng.random() < FILL:
                sheet.write_string(row, column, "x")
                available += 1
        sheet.write_number(row, 3, available)
        non_empty += 4 + available
    book.close()
    print(f"{path}: {ROWS} rows x {COLUMNS} columns, {non_empty} non-empty cells")


if __name__ == "__main__":
    main(sys.argv[1])

#!/usr/bin/env python3
"""Second peer of the template benchmark: rust_xlsxwriter (through PyPI's rustpy-xlsxwriter) writing
the plain year grid: the same header, dates, weekdays, dayparts, booked numbers, capacities and
"x" marks (from grid.c's generator, so the same cells), with a date format and a bold header, and
no formulas, styles per row, validation or hidden sheet. Prints the seconds of the write alone
(the records are built before the clock starts); the benchmark also times the whole process.

Usage: rust_grid.py OUTPUT.xlsx DAYS STAFF
"""
import datetime
import sys
import time

import rustpy_xlsxwriter

DAYPARTS = ["08:00-09:00", "09:00-10:00", "10:00-12:00", "13:00-14:00", "14:00-15:00", "15:00-17:00"]
WEEKDAYS = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]


def records(days, staff):
    headers = [f"S{s + 1:04d} Staff member {s + 1}" for s in range(staff)]
    state = 12345
    start = datetime.datetime(2026, 1, 1)
    for d in range(days):
        for label in DAYPARTS:
            row = {"Date": start + datetime.timedelta(days=d), "Day": WEEKDAYS[d % 7], "Daypart": label, "Booked": d % 5}
            marks = {}
            for header in headers:
                state = (state * 1103515245 + 12345) & 0xFFFFFFFF
                marks[header] = "x" if (state >> 16) % 100 < 46 else None
            row["Capacity"] = sum(1 for mark in marks.values() if mark)
            row.update(marks)
            yield row


def main():
    path, days, staff = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    rows = list(records(days, staff))
    start = time.perf_counter()
    rustpy_xlsxwriter.write_worksheet(rows, path, sheet_name="Availability", datetime_format="d mmm yyyy",
                                      bold_headers=True, freeze_row=1, freeze_col=5)
    print(f"{time.perf_counter() - start:.4f}")


if __name__ == "__main__":
    main()

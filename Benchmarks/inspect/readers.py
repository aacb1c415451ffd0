#!/usr/bin/env python3
"""The peer readers of the benchmarks, each reading every cell of the first sheet.

Usage: readers.py fastexcel-bare|fastexcel|openpyxl FILE.xlsx

Prints the number of non-empty cells and the seconds spent reading (after the imports), so the
benchmark can check that every reader saw the same cells and show the cost of Python's start-up.
`fastexcel-bare` is fastexcel's read alone (calamine parses and types every cell into its range; no
Arrow table is built), which counts no cells and prints -1 for them.
"""
import sys
import time


def read_fastexcel_bare(path):
    import fastexcel  # Rust calamine underneath

    start = time.perf_counter()
    reader = fastexcel.read_excel(path)
    sheet = reader.load_sheet_by_name(reader.sheet_names[0], header_row=None)
    _ = sheet.height
    return -1, time.perf_counter() - start


def read_fastexcel(path):
    import fastexcel  # Rust calamine underneath

    start = time.perf_counter()
    sheet = fastexcel.read_excel(path).load_sheet(0, header_row=None)
    table = sheet.to_arrow()  # materialise every column
    cells = sum(len(column) - column.null_count for column in table.columns)
    return cells, time.perf_counter() - start


def read_openpyxl(path):
    import openpyxl

    start = time.perf_counter()
    book = openpyxl.load_workbook(path, read_only=True, data_only=True)
    cells = 0
    for row in book.worksheets[0].iter_rows(values_only=True):
        cells += sum(1 for value in row if value is not None and value != "")
    book.close()
    return cells, time.perf_counter() - start


if __name__ == "__main__":
    reader, path = sys.argv[1], sys.argv[2]
    cells, seconds = {"fastexcel-bare": read_fastexcel_bare, "fastexcel": read_fastexcel,
                      "openpyxl": read_openpyxl}[reader](path)
    print(f"{cells} {seconds:.4f}")

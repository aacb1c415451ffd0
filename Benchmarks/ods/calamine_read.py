#!/usr/bin/env python3
"""python-calamine (Rust calamine) reading every cell of an .ods's first sheet, as the peer of
`slotsheet inspect`. Prints the number of non-empty cells and the seconds spent reading (after the import).

Usage: calamine_read.py FILE.ods
"""
import sys
import time


def main(path):
    from python_calamine import CalamineWorkbook

    start = time.perf_counter()
    rows = CalamineWorkbook.from_path(path).get_sheet_by_index(0).to_python(skip_empty_area=False)
    cells = sum(1 for row in rows for value in row if value is not None and value != "")
    print(f"{cells} {time.perf_counter() - start:.4f}")


if __name__ == "__main__":
    main(sys.argv[1])

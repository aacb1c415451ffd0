#!/usr/bin/env python3
"""python-calamine (Rust calamine) reading every cell of every sheet of one workbook, the peer of
`slotsheet inspect` on the corpus. Prints the number of non-empty cells, or the refusal.

Usage: calamine_all.py FILE
"""
import sys


def main(path):
    from python_calamine import CalamineWorkbook

    try:
        book = CalamineWorkbook.from_path(path)
        cells = 0
        for name in book.sheet_names:
            for row in book.get_sheet_by_name(name).to_python(skip_empty_area=False):
                cells += sum(1 for value in row if value is not None and value != "")
        print(cells)
    except Exception as error:  # a refusal is an answer too, as slotsheet's exit codes are
        print(f"refused: {type(error).__name__}")


if __name__ == "__main__":
    main(sys.argv[1])

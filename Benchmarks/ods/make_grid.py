#!/usr/bin/env python3
"""Writes the .ods benchmark files: the availability grid of ../inspect/make_grid.py (a header and
2,190 (date, daypart) rows x 252 columns, about 370,000 non-empty cells), saved as .ods by LibreOffice
as an office would, and the same grid cut to one month (186 rows) to show memory does not grow with rows.

Usage: make_grid.py OUT_DIR      -> OUT_DIR/year.ods, OUT_DIR/month.ods
"""
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "inspect"))
import make_grid  # noqa: E402


def main(out):
    os.makedirs(out, exist_ok=True)
    with tempfile.TemporaryDirectory() as work:
        for name, rows in (("year", make_grid.ROWS), ("month", 187)):
            make_grid.ROWS = rows
            make_grid.main(os.path.join(work, name + ".xlsx"))
        subprocess.run(["soffice", f"-env:UserInstallation=file://{work}/profile", "--headless", "--convert-to", "ods",
                        "--outdir", out, os.path.join(work, "year.xlsx"), os.path.join(work, "month.xlsx")],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


if __name__ == "__main__":
    main(sys.argv[1])

#!/usr/bin/env python3
"""The CSV import benchmark's peer (issue 17): what a short Python script does with the same file,
reading it with the `csv` module, parsing each date and keeping each (date, daypart, staff) key in
a set. Prints the number of keys and the marks that say available.

Usage: python_peer.py FILE.csv
"""
import csv
import datetime
import sys


def main(path):
    keys = set()
    available = 0
    with open(path, newline="", encoding="utf-8-sig") as file:
        rows = csv.reader(file)
        next(rows)
        for date, daypart, staff, mark in rows:
            keys.add((datetime.date.fromisoformat(date), daypart, staff))
            available += mark == "x"
    print(f"{len(keys)} keys, {available} available")


if __name__ == "__main__":
    main(sys.argv[1])

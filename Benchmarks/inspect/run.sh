#!/usr/bin/env bash
# The inspect benchmark: slotsheet inspect against fastexcel (Rust calamine) and openpyxl read-only on a
# 2,191 x 252 availability grid (about 370,000 non-empty cells). See Benchmarks/README.md.
#   bash Benchmarks/inspect/run.sh [ROUNDS]      (default 9)
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds="${1:-9}"

venv=Benchmarks/.venv
if ! "$venv/bin/python" -c 'import fastexcel, pyarrow, openpyxl, xlsxwriter' 2>/dev/null; then
    echo "Creating $venv with fastexcel, openpyxl and XlsxWriter"
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q --disable-pip-version-check -r Benchmarks/inspect/requirements.txt
fi

swift build -c release --product slotsheet
slotsheet="$(swift build -c release --product slotsheet --show-bin-path)/slotsheet"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$venv/bin/python" Benchmarks/inspect/make_grid.py "$work/grid.xlsx"
"$venv/bin/python" Benchmarks/inspect/bench.py "$slotsheet" "$venv/bin/python" "$work/grid.xlsx" "$rounds"

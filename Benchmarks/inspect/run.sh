#!/usr/bin/env bash
# The inspect benchmark: slotsheet inspect against fastexcel (Rust calamine; its bare read, and with
# its Arrow conversion) and openpyxl read-only on a 2,191 x 252 availability grid (about 370,000
# non-empty cells); then the test corpus read in full against python-calamine. See Benchmarks/README.md.
#   bash Benchmarks/inspect/run.sh [ROUNDS]      (default 9)
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds="${1:-9}"

source Benchmarks/prepare.sh
if ! "$venv/bin/python" -c 'import python_calamine' 2>/dev/null; then
    "$venv/bin/pip" install -q --disable-pip-version-check -r Benchmarks/inspect/requirements.txt
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$venv/bin/python" Benchmarks/inspect/make_grid.py "$work/grid.xlsx"
"$venv/bin/python" Benchmarks/inspect/bench.py "$slotsheet" "$venv/bin/python" "$work/grid.xlsx" "$rounds"
echo
"$venv/bin/python" Benchmarks/inspect/corpus.py "$slotsheet" "$venv/bin/python" Tests/Fixtures/corpus/xlsx 5

#!/usr/bin/env bash
# The .ods benchmark: slotsheet inspect against python-calamine on the availability year grid saved as .ods
# by LibreOffice (about 370,000 non-empty cells), and slotsheet's memory on a month of the same grid.
# See Benchmarks/README.md.
#   bash Benchmarks/ods/run.sh [ROUNDS]      (default 9)
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds="${1:-9}"

venv=Benchmarks/.venv-ods
if ! "$venv/bin/python" -c 'import python_calamine, xlsxwriter' 2>/dev/null; then
    echo "Creating $venv with python-calamine and XlsxWriter"
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q --disable-pip-version-check -r Benchmarks/ods/requirements.txt
fi
source Benchmarks/build.sh

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$venv/bin/python" Benchmarks/ods/make_grid.py "$work"
"$venv/bin/python" Benchmarks/ods/bench.py "$slotsheet" "$venv/bin/python" "$work/year.ods" "$work/month.ods" "$rounds"

#!/usr/bin/env bash
# The import benchmark: see Benchmarks/README.md.
#   bash Benchmarks/import/run.sh [ROUNDS]      (default 9)
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds="${1:-9}"

source Benchmarks/prepare.sh

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export SLOTSHEET_TODAY=2026-01-01 SLOTSHEET_DB="sqlite:$work/base.sqlite"
"$slotsheet" db init > /dev/null
"$slotsheet" db seed --synthetic --staff 250 --from 2026-01-01 --to 2026-12-31 --seed 1
"$slotsheet" template export --from 2026-01-01 --to 2026-12-31 --all-staff -o "$work/year.xlsx"
echo "edited (marked, cleared): $("$venv/bin/python" Benchmarks/import/make_edit.py "$work/year.xlsx" "$work/edited.xlsx" 0.10)"
"$venv/bin/python" Benchmarks/import/bench.py "$slotsheet" "$venv/bin/python" "$work" "$rounds"

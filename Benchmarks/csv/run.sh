#!/usr/bin/env bash
# The CSV import benchmark: see Benchmarks/README.md.
#   bash Benchmarks/csv/run.sh [ROUNDS]      (default 11)
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds="${1:-11}"

# The peer needs nothing beyond Python's standard library, so no venv here.
source Benchmarks/build.sh
python="$(command -v python3)"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export SLOTSHEET_TODAY=2026-01-01 SLOTSHEET_DB="sqlite:$work/base.sqlite"
"$slotsheet" db init > /dev/null
"$slotsheet" db seed --synthetic --staff 250 --from 2026-01-01 --to 2026-12-31 --seed 1
"$slotsheet" export availability --from 2026-01-01 --to 2026-12-31 --all-staff --format csv -o "$work/year.csv"
"$slotsheet" export availability --from 2026-01-01 --to 2026-01-31 --all-staff --format csv -o "$work/month.csv"
"$python" Benchmarks/csv/bench.py "$slotsheet" "$python" "$work" "$rounds"

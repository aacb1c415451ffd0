#!/usr/bin/env bash
# The requests-report benchmark (about a million synthetic requests): see Benchmarks/README.md.
#   bash Benchmarks/reports/run.sh [ROUNDS]      (default 3; a round takes a few minutes)
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds="${1:-3}"

source Benchmarks/prepare.sh

work="${BENCH_WORK:-$(mktemp -d)}"
[ -n "${BENCH_WORK:-}" ] || trap 'rm -rf "$work"' EXIT
export SLOTSHEET_TODAY=2026-01-01 SLOTSHEET_DB="sqlite:$work/base.sqlite"
if [ ! -f "$work/base.sqlite" ]; then
    "$slotsheet" db init > /dev/null
    "$slotsheet" db seed --synthetic --staff 1200 --from 2025-01-01 --to 2026-12-31 --fill 0.4 --seed 1
fi
"$venv/bin/python" Benchmarks/reports/bench.py "$slotsheet" "$venv/bin/python" "$work" "$rounds"

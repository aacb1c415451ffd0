#!/usr/bin/env bash
# How long another writer waits while an import of the year template runs: see Benchmarks/README.md.
#   bash Benchmarks/import/writer_wait.sh [ROUNDS] [OFFSET] [NAME=OTHER_SLOTSHEET ...]
# e.g. with a release build of an earlier commit for comparison:
#   bash Benchmarks/import/writer_wait.sh 9 0.1 before=/tmp/slotsheet-before/.build/release/slotsheet
# Each contender seeds its own database (a binary refuses a schema newer than its own).
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds="${1:-9}"
offset="${2:-0.1}"
shift $(( $# > 2 ? 2 : $# ))

source Benchmarks/prepare.sh

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export SLOTSHEET_TODAY=2026-01-01
contenders=("$@" "this=$slotsheet")
for contender in "${contenders[@]}"; do
    name="${contender%%=*}" binary="${contender#*=}"
    SLOTSHEET_DB="sqlite:$work/base-$name.sqlite" "$binary" db init > /dev/null
    SLOTSHEET_DB="sqlite:$work/base-$name.sqlite" "$binary" db seed --synthetic --staff 250 --from 2026-01-01 --to 2026-12-31 --seed 1
done
SLOTSHEET_DB="sqlite:$work/base-this.sqlite" "$slotsheet" template export --from 2026-01-01 --to 2026-12-31 --all-staff -o "$work/year.xlsx"
echo "edited (marked, cleared): $("$venv/bin/python" Benchmarks/import/make_edit.py "$work/year.xlsx" "$work/edited.xlsx" 0.10)"
python3 Benchmarks/import/writer_wait.py "$work" "$rounds" "$offset" "${contenders[@]}"

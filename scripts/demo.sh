#!/usr/bin/env bash
# The main job on the embedded default (SQLite), in a fresh folder: see the README.
set -euo pipefail
cd "$(dirname "$0")/.."
slotsheet="$PWD/.build/release/slotsheet"
demo="${DEMO_DIR:-demo}"

rm -rf "$demo"
mkdir -p "$demo"
export SLOTSHEET_DB="sqlite:$demo/slotsheet.sqlite"

step() { printf '\n== %s\n' "$*"; }

step "slotsheet db init"
"$slotsheet" db init
step "slotsheet db seed --sample"
"$slotsheet" db seed --sample
step "slotsheet db status"
"$slotsheet" db status
step "slotsheet template export --from today --to +27 --all-staff -o $demo/availability.xlsx"
"$slotsheet" template export --from today --to +27 --all-staff -o "$demo/availability.xlsx"
step "slotsheet export availability --from today --to +27 --all-staff --format csv -o $demo/availability.csv"
"$slotsheet" export availability --from today --to +27 --all-staff --format csv -o "$demo/availability.csv"
printf '\nDemo folder: %s (database, template, CSV)\n' "$demo"

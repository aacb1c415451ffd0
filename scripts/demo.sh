#!/usr/bin/env bash
# The main job on the embedded default (SQLite), in a fresh folder: see the README and docs/development.md.
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
step "The office edits the template (scripts/demo_edit.py, with openpyxl)"
.venv-interop/bin/python scripts/demo_edit.py "$demo/availability.xlsx" "$demo/availability-edited.xlsx"
step "slotsheet import $demo/availability-edited.xlsx --dry-run"
"$slotsheet" import "$demo/availability-edited.xlsx" --dry-run
step "slotsheet import $demo/availability-edited.xlsx --operator demo"
"$slotsheet" import "$demo/availability-edited.xlsx" --operator demo
step "slotsheet import $demo/availability-edited.xlsx (again: nothing to change)"
"$slotsheet" import "$demo/availability-edited.xlsx" --operator demo
step "slotsheet history"
"$slotsheet" history
printf '\nDemo folder: %s (database, template, CSV, edited template)\n' "$demo"
printf '\nThe same round trip in a browser, on this database:\n'
printf '  %s user add planner --role office --db sqlite:%s/slotsheet.sqlite   (asks for a password)\n' "$slotsheet" "$demo"
printf '  %s serve --db sqlite:%s/slotsheet.sqlite\n' "$slotsheet" "$demo"
printf '  then open http://127.0.0.1:8080/ and sign in as planner.\n'

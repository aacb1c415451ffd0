#!/usr/bin/env bash
# Makes the README's pictures of printed pages (docs/images/print-*.png): a 4-week, 30-staff
# template and the utilisation report, printed to PDF by LibreOffice as File > Print would, one
# page each to PNG at 60 dpi. Needs a built slotsheet (SLOTSHEET=path, default the debug build),
# soffice and poppler-utils (bash scripts/install-deps.sh --test).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${SLOTSHEET:-.build/debug/slotsheet}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export SLOTSHEET_DB="sqlite:$work/demo.sqlite" SLOTSHEET_TODAY=2026-12-03

"$bin" db init >/dev/null
"$bin" db seed --synthetic --staff 30 --from 2026-11-01 --to 2027-01-31 --seed 7 >/dev/null
"$bin" template export --from 2026-11-30 --to 2026-12-27 --all-staff -o "$work/template.xlsx"
"$bin" report utilization --from 2026-11-30 --to 2026-12-27 -o "$work/utilization.xlsx"
soffice "-env:UserInstallation=file://$work/profile" --headless --convert-to pdf --outdir "$work" \
    "$work/template.xlsx" "$work/utilization.xlsx" >/dev/null

# The template's first week; the report's heat map (page 1) and chart (page 3).
pdftoppm -png -r 60 -f 1 -l 1 -singlefile "$work/template.pdf" docs/images/print-template
pdftoppm -png -r 60 -f 1 -l 1 -singlefile "$work/utilization.pdf" docs/images/print-heatmap
pdftoppm -png -r 60 -f 3 -l 3 -singlefile "$work/utilization.pdf" docs/images/print-utilization
ls -l docs/images/print-*.png

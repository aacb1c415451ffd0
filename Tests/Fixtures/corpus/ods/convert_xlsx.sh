#!/usr/bin/env bash
# Makes ods/from-xlsx/NAME.ods from every ../xlsx/NAME.xlsx with LibreOffice Calc (headless), as an
# office would by opening the .xlsx and saving it as ODF. Two files are left out, because LibreOffice
# writes values of its own there rather than the file's (see README.md): pivots (it rebuilds the pivot
# tables in its own words) and table_with_insertrow_attribute (62 cells of RAND(), new on every load).
#   bash Tests/Fixtures/corpus/ods/convert_xlsx.sh      (LibreOffice 7.4.7.2 made the committed files)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
for source in "$here"/../xlsx/*.xlsx; do
    name="$(basename "$source" .xlsx)"
    case "$name" in pivots|table_with_insertrow_attribute) continue ;; esac
    cp "$source" "$work/"
done
# A profile of its own, so a LibreOffice the user has open is neither used nor disturbed.
soffice -env:UserInstallation="file://$work/profile" --headless --convert-to ods --outdir "$here/from-xlsx" "$work"/*.xlsx

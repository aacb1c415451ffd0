#!/usr/bin/env bash
# Makes the CSV files LibreOffice Calc writes from source.csv, as the tests read them
# (ExcelCSVTests): run from anywhere, needs `soffice` (LibreOffice 7.4 here). The source is
# given to Calc with Dutch dates (8-12-2026, column 1 read as day-month-year, language nl-NL)
# so that its cells are dates, then saved as:
#   libreoffice-nl.csv           Dutch locale, semicolons, dates as 08-12-2026 (not "as shown")
#   libreoffice-nl-as-shown.csv  Dutch locale, semicolons, dates as shown: 08-12-26
#   libreoffice-en-us.csv        US English locale, commas, dates as shown: 12/08/26 (reads two ways)
# Filter options: separator (59 ';', 44 ','), quote (34), UTF-8 (76), first line (1), column
# formats, language (1043 nl-NL, 1033 en-US), quoted as text, detect numbers, save as shown.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python3 - "$here/source.csv" "$work/dutch-dates.csv" <<'PY'
import sys
rows = open(sys.argv[1], newline="").read().split("\r\n")
out = [rows[0]]
for row in rows[1:]:
    if row:
        y, m, d = row[:10].split("-")
        out.append(f"{int(d)}-{int(m)}-{y}{row[10:]}")
open(sys.argv[2], "w", newline="").write("\r\n".join(out) + "\r\n")
PY
convert() {  # locale language-id separator as-shown output
    mkdir -p "$work/$5"
    LANG="$1" LC_ALL="$1" soffice -env:UserInstallation="file://$work/profile-$1" --headless \
        --infilter="CSV:44,34,76,1,1/4/2/2/3/2/4/2,$2,false,true" \
        --convert-to "csv:Text - txt - csv (StarCalc):$3,34,76,1,,$2,false,true,$4" \
        --outdir "$work/$5" "$work/dutch-dates.csv" > /dev/null 2>&1
    cp "$work/$5/dutch-dates.csv" "$here/$5.csv"
}
convert nl_NL.UTF-8 1043 59 false libreoffice-nl
convert nl_NL.UTF-8 1043 59 true libreoffice-nl-as-shown
convert en_US.UTF-8 1033 44 true libreoffice-en-us
head -3 "$here"/libreoffice-*.csv

# Sourced by the benchmarks' run.sh scripts, from the repository root: makes Benchmarks/.venv with the
# pinned peer tools (fastexcel, openpyxl, XlsxWriter) when missing, builds slotsheet in release
# (Benchmarks/build.sh) and sets $venv and $slotsheet.
venv=Benchmarks/.venv
if ! "$venv/bin/python" -c 'import fastexcel, pyarrow, openpyxl, xlsxwriter' 2>/dev/null; then
    echo "Creating $venv with fastexcel, openpyxl and XlsxWriter"
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q --disable-pip-version-check -r Benchmarks/inspect/requirements.txt
fi
source Benchmarks/build.sh

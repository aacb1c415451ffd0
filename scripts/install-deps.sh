#!/usr/bin/env bash
# Installs what slotsheet needs to build and test, and nothing that is already there.
# Safe to run again: it checks before it installs.
#   bash scripts/install-deps.sh          the C libraries (the -dev packages)
#   bash scripts/install-deps.sh --test   also the Python venv with the peer readers for interop tests,
#                                         LibreOffice, poppler-utils, the Carlito font and the PostgreSQL server programs
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian package -> the file that proves it is installed.
declare -A packages=(
    [libxlsxwriter-dev]=/usr/include/xlsxwriter.h
    [libzip-dev]=/usr/include/zip.h
    [libxml2-dev]=/usr/include/libxml2/libxml/xmlreader.h
    [libsqlite3-dev]=/usr/include/sqlite3.h
    [pkg-config]=/usr/bin/pkg-config
)
missing=()
for package in "${!packages[@]}"; do
    [ -e "${packages[$package]}" ] || missing+=("$package")
done

if [ "${#missing[@]}" -gt 0 ]; then
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
    echo "Installing ${missing[*]}"
    $sudo apt-get update -q
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q "${missing[@]}"
fi

# The peer readers and writers the interop tests compare against: openpyxl and XlsxWriter in a
# venv of their own (--venv: only that, for the demo's scripted edit), and LibreOffice (headless),
# which re-saves files as the office's copy would.
if [ "${1:-}" = "--test" ] || [ "${1:-}" = "--venv" ]; then
    venv=.venv-interop
    if ! "$venv/bin/python" -c 'import openpyxl, xlsxwriter' 2>/dev/null; then
        echo "Creating $venv with openpyxl and XlsxWriter"
        python3 -m venv "$venv"
        "$venv/bin/pip" install -q --disable-pip-version-check -r scripts/interop-requirements.txt
    fi
fi
if [ "${1:-}" = "--test" ]; then
    # The PostgreSQL server the backend's tests start privately (scripts/with-postgres.sh).
    if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
        sudo=""
        if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
        echo "Installing PostgreSQL (server programs) for the PostgreSQL backend's tests"
        $sudo apt-get update -q
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends postgresql
    fi
    if ! command -v soffice >/dev/null; then
        sudo=""
        if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
        echo "Installing LibreOffice Calc (headless) for the interop tests"
        $sudo apt-get update -q
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends libreoffice-calc-nogui
    fi
    # poppler-utils: pdftotext, pdfinfo and pdftoppm read back what LibreOffice prints (the print
    # tests). fonts-crosextra-carlito: Calibri's metric twin, so LibreOffice lays out columns and
    # pages as Excel does (without it a column prints a third wider).
    print_tools=()
    for program in pdftotext pdfinfo pdftoppm; do
        command -v "$program" >/dev/null || print_tools=(poppler-utils)
    done
    [ -e /usr/share/fonts/truetype/crosextra/Carlito-Regular.ttf ] || print_tools+=(fonts-crosextra-carlito)
    if [ "${#print_tools[@]}" -gt 0 ]; then
        sudo=""
        if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
        echo "Installing ${print_tools[*]} for the print tests"
        $sudo apt-get update -q
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${print_tools[@]}"
    fi
fi

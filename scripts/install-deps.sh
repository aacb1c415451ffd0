#!/usr/bin/env bash
# Installs what slotsheet needs to build and test, and nothing that is already there.
# Safe to run again: it checks before it installs.
#   bash scripts/install-deps.sh          the C libraries (the -dev packages)
#   bash scripts/install-deps.sh --test   also the Python venv with the peer readers for interop tests,
#                                         LibreOffice, poppler-utils, the Carlito font, the PostgreSQL server
#                                         programs, and for the web front's browser walk Debian's Chromium and
#                                         .venv-web (Playwright, pointed at that Chromium: no browser is downloaded; schemathesis;
#                                         axe-core: the Requests page's WCAG checks),
#                                         and nginx for the load-balancer test, and .venv-notices (aiosmtpd,
#                                         icalendar, cryptography: the real mail server of the notices' tests)
#   bash scripts/install-deps.sh --package  also what builds and checks the Debian package (make package,
#                                         make package-test): dpkg-dev, lintian, debootstrap, systemd-analyze, curl
set -euo pipefail
cd "$(dirname "$0")/.."

# Installs Debian packages without their recommendations, through sudo when not root.
#   install_packages "WHAT THEY ARE FOR" PACKAGE...
install_packages() {
    local why=$1 sudo=""
    shift
    if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
    echo "Installing $* $why"
    $sudo apt-get update -q
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "$@"
}

# Debian package -> the file that proves it is installed.
declare -A packages=(
    [libxlsxwriter-dev]=/usr/include/xlsxwriter.h
    [libzip-dev]=/usr/include/zip.h
    [libdeflate-dev]=/usr/include/libdeflate.h
    [libxml2-dev]=/usr/include/libxml2/libxml/xmlreader.h
    [libsqlite3-dev]=/usr/include/sqlite3.h
    [pkg-config]=/usr/bin/pkg-config
    [libcurl4-openssl-dev]=/usr/include/x86_64-linux-gnu/curl/curl.h
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
        install_packages "for the PostgreSQL backend's tests" postgresql
    fi
    if ! command -v soffice >/dev/null; then
        install_packages "for the interop tests" libreoffice-calc-nogui
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
        install_packages "for the print tests" "${print_tools[@]}"
    fi
fi
if [ "${1:-}" = "--package" ]; then
    # Command -> the Debian package that brings it.
    declare -A package_tools=(
        [dpkg-shlibdeps]=dpkg-dev
        [lintian]=lintian
        [debootstrap]=debootstrap
        [systemd-analyze]=systemd
        [gzip]=gzip
        [curl]=curl
    )
    wanted=()
    for tool in "${!package_tools[@]}"; do
        command -v "$tool" >/dev/null || wanted+=("${package_tools[$tool]}")
    done
    if [ "${#wanted[@]}" -gt 0 ]; then
        install_packages "to build and check the Debian package" "${wanted[@]}"
    fi
fi
if [ "${1:-}" = "--test" ]; then
    # The web front's browser walk: Debian's Chromium, driven by Playwright from a venv of its own.
    if ! command -v chromium >/dev/null; then
        install_packages "(headless) for the web front's browser walk" chromium fonts-dejavu-core
    fi
    # nginx: the load balancer of the three-instance test (LoadBalancerTests), which runs it
    # unprivileged from a folder of its own (the package's own service is not needed).
    if ! command -v nginx >/dev/null && [ ! -x /usr/sbin/nginx ]; then
        install_packages "for the load-balancer test" nginx
    fi
    # The tenants' notices (docs/notices.md): a real SMTP server (aiosmtpd) with STARTTLS and AUTH
    # on a certificate the test makes (cryptography), and an iCalendar parser to read the visits back.
    venv=.venv-notices
    if ! "$venv/bin/python" -c 'import aiosmtpd, icalendar, cryptography' 2>/dev/null; then
        echo "Creating $venv with aiosmtpd, icalendar and cryptography"
        python3 -m venv "$venv"
        "$venv/bin/pip" install -q --disable-pip-version-check -r scripts/notices-requirements.txt
    fi
    # The browser walks (Playwright), the API's schemathesis run, and axe-core (WCAG 2.2 A/AA, as
    # axe-playwright-python carries it: its axe.min.js) for the Requests page's walk, in one venv.
    # A .venv-web made before axe-core joined it gets only what it lacks (pip keeps what is there).
    venv=.venv-web
    if ! "$venv/bin/python" -c 'import playwright, openpyxl, schemathesis, axe_playwright_python' 2>/dev/null; then
        echo "Creating $venv with Playwright, openpyxl, schemathesis and axe-core (axe-playwright-python)"
        python3 -m venv "$venv"
        "$venv/bin/pip" install -q --disable-pip-version-check -r scripts/web-requirements.txt
    fi
fi

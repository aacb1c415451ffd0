#!/usr/bin/env bash
# A new office's first week, as docs/new-office.md tells it, on a fresh Debian root: the guide's own
# command lines run as its IT person would type them, with the office's own lists and no sample data.
#   - The root: a minimal Debian of this machine's release (scripts/debian-root.sh, the package
#     test's cached base), with what an IT person's server has besides: sudo (an account `ict` in
#     group sudo, without a password prompt: nobody types here) and curl; a Unix account `maria`
#     for the shared folder of step 7.
#   - Every ```console line of the guide runs as `ict` (a login shell in its home, where the .deb
#     and the office's files lie), but `sudo systemctl ...` (systemd does not run in a chroot): the
#     unit is run as systemd would run it (its User, WorkingDirectory, Environment, EnvironmentFile
#     read by root, StateDirectory, UMask and ExecStart), and `sudoedit` edits with the settings the
#     guide's comment lines under it show. The guide's 127.0.0.1:8080 is a free port here (set in
#     config.toml's [web] with the office's settings), as this machine is shared.
#   - Every ```sh block runs in the shell step 3 opens (the guide's `sudo -u slotsheet ... bash`
#     line, given the block as its input after the step's `cd` line), as GuideCommandTests extracts
#     them; a here-document writing a file the office has is left out (scripts/new-office/
#     guide_blocks.py): the office's own file stands in. The office's files are in
#     scripts/new-office/ as Dutch Excel saves CSV (a byte-order mark, semicolons, CRLF, times as
#     7:30): 4 dayparts, 12 staff, 31 catalogue rows; beschikbaarheid.csv is written here, dated
#     from today.
#   - Between the guide's steps, what a person does by hand: fills the 4-week template in
#     (scripts/new-office/fill_rooster.py, openpyxl); in the web front (curl with a session and
#     the form token) changes the staff list (downloaded from Lists, edited by edit_staff.py,
#     uploaded, previewed, applied), lists the Exports page and downloads a nightly file; opens the
#     nightly's workbook and a report in LibreOffice (PDF, then PNG: .build/new-office-walk/*.png,
#     to look at) and the Dutch CSVs with Dutch settings (as columns, "Zoë" intact).
#   bash scripts/new-office-walk.sh [FILE.deb]     as root; without FILE.deb the newest slotsheet_*.deb
#                                                  here, else one built by scripts/package.sh
set -euo pipefail
cd "$(dirname "$0")/.."

. scripts/debian-root.sh
root_in_private_namespace new-office-walk "debootstrap, chroot and apt in a throwaway root" "$@"
started=$SECONDS

step() { echo; echo "== $*"; }
fail() { echo "new-office-walk: FAILED: $*" >&2; exit 1; }

[ -x .venv-interop/bin/python ] || fail "no .venv-interop (openpyxl): run 'bash scripts/install-deps.sh --test' first"
for program in soffice pdftoppm pdfinfo curl; do
    command -v "$program" > /dev/null || fail "no $program: run 'bash scripts/install-deps.sh --test' first"
done
deb=${1:-$(ls -t slotsheet_*.deb 2>/dev/null | head -1)}
[ -n "$deb" ] || deb=$(bash scripts/package.sh)
[ -f "$deb" ] || fail "no package $deb"
guide=docs/new-office.md
office=scripts/new-office
work=.build/new-office-walk
root=$work/root
rm -rf "$work" && mkdir -p "$work"
fresh_debian_root .build/package-test "$root"

in_root() { chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive "$@"; }
# A line as the IT person types it: a login shell of `ict` in its home.
as_ict() { chroot "$root" runuser -l ict -c "$1"; }

step "The server before slotsheet: sudo and curl, the IT person ict (group sudo), the office's maria"
in_root apt-get update -q > "$work/apt.log" || { cat "$work/apt.log"; fail "apt-get update in the root"; }
in_root apt-get install -y -q --no-install-recommends sudo curl >> "$work/apt.log" || { tail -20 "$work/apt.log"; fail "installing sudo and curl"; }
in_root useradd --create-home --shell /bin/bash --groups sudo ict
echo 'ict ALL=(ALL:ALL) NOPASSWD: ALL' > "$root/etc/sudoers.d/ict" && chmod 0440 "$root/etc/sudoers.d/ict"
in_root useradd --create-home --shell /bin/bash maria
echo "127.0.1.1 $(hostname)" >> "$root/etc/hosts"     # as Debian's installer writes it: sudo resolves its host

# The office's files, in ict's home as they came by mail: the lists, and availability for next Saturday.
saturday=$(date -d "$(( (6 - $(date +%u) + 7) % 7 + 7 )) days" +%-d-%-m-%Y)
printf '\xef\xbb\xbfdatum;dagdeel;medewerker;beschikbaar\r\n%s;OCH;JDV;x\r\n%s;MID;ZOE;x\r\n' "$saturday" "$saturday" \
    > "$root/home/ict/beschikbaarheid.csv"
cp "$office"/dagdelen.csv "$office"/medewerkers.csv "$office"/catalogus.csv "$root/home/ict/"
cp "$deb" "$root/home/ict/"
in_root chown -R ict:ict /home/ict

# The web front's port: free on this machine (the guide's 8080 may be taken by another program).
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
base_url=http://127.0.0.1:$port

# A unit as systemd runs it: its ExecStart (or the one given) as its User, in its WorkingDirectory,
# with its Environment= lines, its EnvironmentFile (read by root: the user cannot), STATE_DIRECTORY
# and its UMask. `--background` leaves it running and sets unit_pid.
run_unit() {
    local background="" unit file exec_start settings
    if [ "$1" = --background ]; then background=1; shift; fi
    unit=$1; shift
    file=$root/lib/systemd/system/$unit
    [ -f "$file" ] || fail "no unit $unit installed"
    exec_start=${1:-$(sed -n 's/^ExecStart=//p' "$file")}
    mapfile -t settings < <(sed -n 's/^Environment=//p' "$file"; grep -E '^[A-Za-z_][A-Za-z0-9_]*=' "$root/etc/slotsheet/environment")
    local command=(chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/var/lib/slotsheet USER=slotsheet LOGNAME=slotsheet
        "${settings[@]}" STATE_DIRECTORY=/var/lib/slotsheet
        runuser -u "$(sed -n 's/^User=//p' "$file")" -- sh -c "umask $(sed -n 's/^UMask=//p' "$file") && cd $(sed -n 's/^WorkingDirectory=//p' "$file") && exec $exec_start")
    echo "($unit, as systemd runs it: $exec_start)"
    if [ -n "$background" ]; then
        "${command[@]}" > "$work/$unit.log" 2>&1 &
        unit_pid=$!
    else
        "${command[@]}"
    fi
}

# `sudo systemctl ...` of the guide, without systemd.
systemctl_line() {
    case "$1" in
    *"enable --now slotsheet-serve"*)
        run_unit --background slotsheet-serve.service
        serve_pid=$unit_pid
        for _ in $(seq 1 60); do
            curl -s -o /dev/null "$base_url/healthz" && return 0
            kill -0 "$serve_pid" 2>/dev/null || break
            sleep 0.5
        done
        cat "$work/slotsheet-serve.service.log"
        fail "slotsheet serve did not answer on $base_url" ;;
    *"enable --now slotsheet-nightly.timer"*)
        # The timer starts the service; the service runs the nightly once.
        run_unit slotsheet-nightly.service ;;
    *"edit slotsheet-nightly"*)
        # The override the guide's comment describes: the same line, --out the shared folder.
        run_unit slotsheet-nightly.service \
            "$(sed -n 's/^ExecStart=//p' "$root/lib/systemd/system/slotsheet-nightly.service" | sed 's|--out /var/lib/slotsheet/exports|--out /srv/slotsheet-exports|')" ;;
    *) fail "the walk cannot run '$1' without systemd" ;;
    esac
}

# An editor for sudoedit, made from the guide's comment lines under `sudoedit`: each section and
# key they show is uncommented in the shipped config.toml (every setting is there, commented out)
# and given their value; and [web] listen is this walk's port.
make_editor() {  # the comment lines
    local line setting expressions=() wanted=("[web]" "listen = \"127.0.0.1:$port\"")
    while IFS= read -r line; do
        line=${line#\#}; line=${line#"${line%%[![:space:]]*}"}; line=${line%%  *#*}
        [ -n "$line" ] && wanted+=("$line")
    done <<< "$1"
    for setting in "${wanted[@]}"; do
        case "$setting" in
        "["*"]") expressions+=(-e "s|^# \\${setting%]}\\]\$|$setting|") ;;
        *" = "*) expressions+=(-e "s|^# ${setting%% = *} = .*|$setting|") ;;
        *) fail "not a setting under sudoedit: $setting" ;;
        esac
    done
    printf '#!/bin/sh\nexec sed -i' > "$root/usr/local/bin/walk-editor"
    printf " '%s'" "${expressions[@]}" >> "$root/usr/local/bin/walk-editor"
    printf ' "$1"\n' >> "$root/usr/local/bin/walk-editor"
    chmod 0755 "$root/usr/local/bin/walk-editor"
    cat "$root/usr/local/bin/walk-editor"
    printf '%s\n' "${wanted[@]}" > "$work/settings.txt"
}


office_shell="" office_prelude=""
# A console block, line by line, as the IT person types it (see the top of this file).
run_console() {
    local block=$1 line in_shell="" edit="" setting
    while IFS= read -r line; do
        [ -n "$line" ] || continue
        if [ -n "$edit" ]; then                       # the settings under sudoedit, as comments
            if [[ $line == "#   "* ]]; then edit+="$line"$'\n'; continue; fi
            make_editor "${edit#1}"
            edit=""
            as_ict "SUDO_EDITOR=/usr/local/bin/walk-editor sudoedit /etc/slotsheet/config.toml"
            while IFS= read -r setting; do
                grep -q -x -F "$setting" "$root/etc/slotsheet/config.toml" || fail "sudoedit did not set '$setting' in config.toml"
            done < "$work/settings.txt"
        fi
        if [ -n "$in_shell" ]; then office_prelude+="$line"$'\n'; continue; fi
        echo "\$ $line"
        case "$line" in
        "sudoedit /etc/slotsheet/config.toml"*) edit=1 ;;
        "sudo systemctl "*) systemctl_line "$line" ;;
        "sudo -u slotsheet "*" bash"|"sudo -u slotsheet "*" bash "*)
            office_shell=${line%%#*}; in_shell=1 ;;
        "sudo apt install "*) as_ict "yes | ${line//127.0.0.1:8080/127.0.0.1:$port}" ;;
        *) as_ict "${line//127.0.0.1:8080/127.0.0.1:$port}" ;;
        esac
    done <<< "$block"$'\n'
    if [ -n "$edit" ]; then fail "sudoedit is the last line of a block"; fi
}
# An sh block, in the office's shell of step 3.
run_sh() {
    [ -n "$office_shell" ] || fail "no shell as the slotsheet user opened before the guide's commands (step 3)"
    echo "$1" | sed 's/^/  | /'
    as_ict "$office_shell" <<< "set -euo pipefail"$'\n'"$office_prelude$1" || fail "the guide's commands above failed"
}
kantoor=$root/var/lib/slotsheet/kantoor

# --- What a person does between the guide's steps --------------------------------------------------

# The web front as a browser uses it: a cookie jar, the form token of each page.
jar=$work/cookies.txt
web() { curl -s -b "$jar" -c "$jar" -H 'Accept-Language: nl-NL,nl;q=0.9,en;q=0.5' "$@"; }
form_token() { grep -o 'name="csrf" value="[^"]*"' | head -1 | sed 's/.*value="//; s/"$//'; }
# LibreOffice as the office's PC: its own profile, Dutch settings.
soffice_nl() { LANG=nl_NL.UTF-8 soffice -env:UserInstallation="file://$(realpath "$work")/lo-profile" --headless "$@" > /dev/null 2>&1; }
# A workbook as printed: a page of it (the first unless given) as a PNG to look at.
picture() {  # FILE NAME [PAGE]
    soffice_nl --convert-to pdf --outdir "$work/pdf" "$1" || fail "LibreOffice could not open $1"
    local pdf page=${3:-1}
    pdf=$work/pdf/$(basename "${1%.*}").pdf
    pdftoppm -png -r 60 -f "$page" -l "$page" -singlefile "$pdf" "$work/$2"
    echo "to look at: $work/$2.png (page $page of $(pdfinfo "$pdf" | sed -n 's/^Pages: *//p'))"
}
# A CSV as Dutch LibreOffice opens it (separator ;, UTF-8, nl-NL): as many columns as its header,
# and the Dutch name in it intact.
opens_as_columns() {  # FILE
    local columns read
    columns=$(head -1 "$1" | tr -cd ';' | wc -c)
    columns=$((columns + 1))
    mkdir -p "$work/lo"
    soffice_nl --infilter=CSV:59,34,76,1,,1043 --convert-to xlsx --outdir "$work/lo" "$1" || fail "LibreOffice could not open $1"
    read=$(.venv-interop/bin/python - "$work/lo/$(basename "${1%.*}").xlsx" <<'PY'
import sys, warnings
warnings.simplefilter("ignore")
import openpyxl
sheet = openpyxl.load_workbook(sys.argv[1]).worksheets[0]
print(sheet.max_column, any("Zoë" in str(c.value) for row in sheet.iter_rows() for c in row))
PY
)
    [ "${read%% *}" = "$columns" ] && [ "$columns" -gt 2 ] || fail "Dutch LibreOffice read $1 as ${read%% *} columns, its header has $columns"
    echo "$(basename "$1"): $columns columns in Dutch LibreOffice; Zoë intact: ${read#* }"
}

after_database_made() {
    step "The database is slotsheet's: another user's command says so (the old guide ran them as ict)"
    local said
    said=$(as_ict 'SLOTSHEET_DB=sqlite:/var/lib/slotsheet/repairs.sqlite slotsheet db status --lang en' 2>&1) \
        && fail "ict could use the slotsheet user's database"
    echo "$said"
    grep -q 'The user ict may not enter the folder /var/lib/slotsheet' <<< "$said" || fail "the refusal does not name ict and /var/lib/slotsheet"
}

after_template_export() {
    step "The office fills rooster.xlsx in (on its PC: openpyxl, as scripts/new-office/fill_rooster.py)"
    cp "$kantoor/rooster.xlsx" "$work/rooster.xlsx"
    .venv-interop/bin/python "$office/fill_rooster.py" "$work/rooster.xlsx"
    picture "$work/rooster.xlsx" rooster-filled 2
    install -o "$(stat -c %u "$kantoor")" -g "$(stat -c %g "$kantoor")" -m 0640 "$work/rooster.xlsx" "$kantoor/rooster.xlsx"
}

after_serve_started() {
    step "In the browser: ict signs in and changes the staff list on the Lists page"
    local password token upload status
    password=$(grep -o "echo '[^']*' | slotsheet user add ict " "$guide" | cut -d"'" -f2)
    token=$(web "$base_url/sign-in" | form_token)
    status=$(web -o /dev/null -w '%{http_code}' --data-urlencode "csrf=$token" --data-urlencode name=ict \
        --data-urlencode "password=$password" "$base_url/sign-in")
    [ "$status" = 303 ] || fail "signing in as ict answered $status"
    token=$(web "$base_url/lists" | form_token)
    web -o "$work/medewerkers-web.xlsx" -w '%{http_code} %{content_type}\n' --data-urlencode "csrf=$token" "$base_url/lists/staff/download"
    .venv-interop/bin/python "$office/edit_staff.py" "$work/medewerkers-web.xlsx"
    upload=$(web -o "$work/list-upload.html" -w '%{http_code} %{redirect_url}' -F "csrf=$token" \
        -F "file=@$work/medewerkers-web.xlsx;type=application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" "$base_url/lists/staff")
    [ "${upload%% *}" = 303 ] || { sed 's/<[^>]*>/ /g' "$work/list-upload.html" | tr -s ' \n' | head -c 2000; fail "the staff list upload answered ${upload%% *}"; }
    web -o "$work/list-preview.html" "${upload#* }"
    sed 's/<[^>]*>/ /g' "$work/list-preview.html" | tr -s ' \n' ' ' | grep -o 'Bram[^<]*Bos' | head -3
    grep -q 'Eva Visser' "$work/list-preview.html" || fail "the preview does not show Eva Visser added"
    local plan
    plan=$(grep -o 'name="plan" value="[^"]*"' "$work/list-preview.html" | sed 's/.*value="//; s/"$//')
    token=$(form_token < "$work/list-preview.html")
    status=$(web -o "$work/list-applied.html" -w '%{http_code}' --data-urlencode "csrf=$token" --data-urlencode "plan=$plan" "${upload#* }/apply")
    [ "$status" = 303 ] || [ "$status" = 200 ] || fail "applying the staff list answered $status"
    web "$base_url/history" | grep -q -i 'lijst Medewerkers\|list Staff' || fail "the history shows no staff list batch"
    echo "staff list applied through the web; the history shows the list batch"
}

after_nightly() {
    step "The nightly's day folder, the slotsheet user's alone; its workbook opened; the Exports page"
    local day
    day=$(ls "$root/var/lib/slotsheet/exports" | grep -E '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' | tail -1)
    [ -n "$day" ] && [ -f "$root/var/lib/slotsheet/exports/$day/manifest.json" ] || fail "no /var/lib/slotsheet/exports/YYYY-MM-DD/manifest.json"
    ls -l "$root/var/lib/slotsheet/exports/$day"
    as_ict "ls /var/lib/slotsheet/exports" > /dev/null 2>&1 && fail "ict can read the nightly's folder without sudo"
    local book
    book=$(cd "$root/var/lib/slotsheet/exports/$day" && ls *.xlsx | grep -i template | head -1)
    picture "$root/var/lib/slotsheet/exports/$day/$book" nightly-template 2
    picture "$root/var/lib/slotsheet/exports/$day/$(cd "$root/var/lib/slotsheet/exports/$day" && ls *.xlsx | grep -i utilization | head -1)" nightly-utilization
    web "$base_url/exports" > "$work/exports.html"
    grep -q "$day" "$work/exports.html" || fail "the Exports page does not list $day"
    web -o "$work/downloaded.xlsx" "$base_url/exports/$day/$book"
    cmp "$work/downloaded.xlsx" "$root/var/lib/slotsheet/exports/$day/$book" || fail "the Exports page's $book differs from the file"
    echo "Exports page: lists $day; $book downloads as it lies on disk"
    opens_as_columns "$root/var/lib/slotsheet/exports/$day/$(cd "$root/var/lib/slotsheet/exports/$day" && ls *.csv | head -1)"
}

after_shared_folder() {
    step "maria (group slotsheet-exports) reads the shared folder"
    chroot "$root" runuser -u maria -- sh -c 'cat /srv/slotsheet-exports/*/manifest.json' > /dev/null \
        || fail "maria cannot read the nightly's files in /srv/slotsheet-exports"
    ls -l "$root"/srv/slotsheet-exports/*/ | head -12
}

after_reports() {
    step "The office opens the reports and the Dutch CSVs"
    picture "$kantoor/bezetting.xlsx" report-utilization
    head -c 3 "$kantoor/verzoeken.csv" | cmp -s - <(printf '\xef\xbb\xbf') || fail "verzoeken.csv has no byte-order mark"
    opens_as_columns "$kantoor/verzoeken.csv"
    opens_as_columns "$kantoor/medewerkers-excel.csv"
}

# --- The guide, block by block ---------------------------------------------------------------------

mapfile -d '' blocks < <(python3 "$office/guide_blocks.py" "$guide" --office "$root/home/ict")
echo "$guide: ${#blocks[@]} blocks of commands"
for block in "${blocks[@]}"; do
    kind=${block%%$'\n'*}
    body=${block#*$'\n'}
    step "$guide: ${kind#\`\`\`} block: $(head -1 <<< "$body")"
    if [ "$kind" = '```console' ]; then run_console "$body"; else run_sh "$body"; fi
    case "$body" in
    *"sudo -u slotsheet slotsheet db init"*) after_database_made ;;
    *"template export "*"-o rooster.xlsx"*) after_template_export ;;
    *"enable --now slotsheet-serve"*) after_serve_started ;;
    *"enable --now slotsheet-nightly.timer"*) after_nightly ;;
    *"systemctl edit slotsheet-nightly"*) after_shared_folder ;;
    *"report requests"*) after_reports ;;
    esac
done

if [ -n "${serve_pid:-}" ]; then kill -TERM "$serve_pid" 2>/dev/null || true; wait "$serve_pid" || true; fi
echo
echo "new-office-walk: $guide followed from apt install to the nightly's files in $((SECONDS - started)) s; pictures in $work/*.png"

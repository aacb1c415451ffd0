#!/usr/bin/env bash
# The Debian package, tested as an administrator would use it, in a throwaway Debian root:
#   1. build it (scripts/package.sh; or take the FILE.deb given) and let lintian judge it: any error,
#      warning or note (info) fails;
#   2. a fresh minimal Debian of this machine's release (debootstrap, cached in .build/package-test/
#      as a tarball) gets the package's Depends from the archive, then the package with dpkg -i;
#   3. the owner, group and mode of everything under /etc/slotsheet and /var/lib/slotsheet (the
#      environment file root's alone: the slotsheet user cannot read it); then as the slotsheet
#      user, with the shipped /etc/slotsheet/environment: --version (each library's
#      version must be the one installed in the root), db init, seed, a template export, an import of
#      the untouched template and of an edited CSV, and the nightly unit's own ExecStart line;
#   4. the serve unit's ExecStart as the slotsheet user, on the port set in /etc/slotsheet/config.toml's
#      [web] section: GET /healthz answers 200, SIGTERM stops it; systemd-analyze verify on every
#      installed unit; the manual pages and completions are there;
#   5. an edited conffile survives a re-install, and an environment file left readable by all (as
#      0.9.0 shipped it) is made root's alone;
#   6. dpkg --purge leaves nothing but the data kept by default (/var/lib/slotsheet and the
#      slotsheet user); a re-install finds that data; a purge answering slotsheet/purge-data with
#      yes leaves nothing at all.
# Needs root (debootstrap, chroot, mount). Mounts live in a private mount namespace, so they end
# with the script whatever happens.
set -euo pipefail
cd "$(dirname "$0")/.."

. scripts/debian-root.sh
root_in_private_namespace package-test "debootstrap, chroot and dpkg into a throwaway root" "$@"

bash scripts/install-deps.sh --package
# `package-test.sh FILE.deb` tests a package built before; without it, the package is built here.
if [ -n "${1:-}" ]; then
    deb=$1
    [ -f "$deb" ] || { echo "package-test: no package $deb" >&2; exit 1; }
else
    deb=$(bash scripts/package.sh)
fi

step() { echo; echo "== $*"; }
fail() { echo "package-test: FAILED: $*" >&2; exit 1; }

step "lintian $deb"
# Clean: any warning or note (info) fails, not only an error. The overrides (packaging/debian/
# lintian-overrides, each with why) are not shown here: with --show-overrides lintian also fails on
# what is overridden. `lintian --show-overrides FILE.deb` lists them.
lintian --fail-on warning,info --display-level '>=info' "$deb" | tee .build/package/lintian.txt \
    || fail "lintian reports a warning, note or error (above)"
echo "lintian: $(grep -c '^E:' .build/package/lintian.txt || true) errors, $(grep -c '^W:' .build/package/lintian.txt || true) warnings, $(grep -c '^I:' .build/package/lintian.txt || true) notes; $(grep -c '^slotsheet:' packaging/debian/lintian-overrides) tags overridden"

# A minimal Debian of this machine's release (scripts/debian-root.sh; its base cached in $cache).
cache=.build/package-test
root=$cache/root
fresh_debian_root "$cache" "$root"

in_root() { chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive "$@"; }
# As the slotsheet user in its state directory, with the settings the units read: like systemd,
# root reads /etc/slotsheet/environment (the user cannot) and hands its KEY=VALUE lines on.
# `as_slotsheet --exec ...` replaces the (sub)shell, so a background run's $! is the command's own.
as_slotsheet() {
    local settings launcher=""
    if [ "$1" = --exec ]; then launcher=exec; shift; fi
    mapfile -t settings < <(grep -E '^[A-Za-z_][A-Za-z0-9_]*=' "$root/etc/slotsheet/environment")
    $launcher chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/var/lib/slotsheet "${settings[@]}" \
        runuser -u slotsheet -- env PATH=/usr/bin:/bin sh -c 'cd /var/lib/slotsheet && exec "$@"' sh "$@"
}
# Every path of the root but the volatile ones, and what the user tables say: what a purge must restore.
snapshot() {
    { (cd "$root" && find . -xdev \( -path ./proc -o -path ./dev -o -path ./sys -o -path ./run -o -path ./tmp \
        -o -path ./var/cache/apt -o -path ./var/lib/apt/lists -o -path ./var/log -o -path ./var/cache/ldconfig \
        -o -name '*-old' \) -prune -o -print)
    grep -h slotsheet "$root"/etc/passwd "$root"/etc/group "$root"/etc/shadow "$root"/etc/gshadow \
        "$root"/var/cache/debconf/config.dat "$root"/var/cache/debconf/templates.dat 2>/dev/null | sed 's/^/entry: /' || true
    } | LC_ALL=C sort
}

step "The package's Depends, from the archive: $(dpkg-deb -f "$deb" Depends)"
in_root apt-get update -q > "$cache/apt.log" || { cat "$cache/apt.log"; fail "apt-get update in the root"; }
in_root apt-get satisfy -y -q --no-install-recommends "$(dpkg-deb -f "$deb" Depends)" >> "$cache/apt.log" \
    || { tail -20 "$cache/apt.log"; fail "installing the Depends"; }
snapshot > "$cache/before.txt"

step "dpkg -i $deb"
cp "$deb" "$root/tmp/"
deb_name=$(basename "$deb")
in_root dpkg -i "/tmp/$deb_name"
getent_line=$(in_root getent passwd slotsheet) || fail "no slotsheet user after install"
echo "user: $getent_line"

step "Owner, group and mode of everything under /etc/slotsheet and /var/lib/slotsheet"
# The environment file may hold the PostgreSQL password: root's alone (systemd reads it as root).
modes() { in_root find /etc/slotsheet /var/lib/slotsheet -printf '%p %u:%g %m\n' | LC_ALL=C sort; }
expected_modes='/etc/slotsheet root:root 755
/etc/slotsheet/config.toml root:root 644
/etc/slotsheet/environment root:root 600
/etc/slotsheet/nightly.json root:root 644
/var/lib/slotsheet slotsheet:slotsheet 750'
modes | tee "$cache/modes.txt"
diff -u <(echo "$expected_modes") "$cache/modes.txt" || fail "owner, group or mode after install differ (above: - expected, + found)"
in_root runuser -u slotsheet -- cat /etc/slotsheet/environment >/dev/null 2>&1 \
    && fail "the slotsheet user can read /etc/slotsheet/environment"
in_root runuser -u nobody -- cat /etc/slotsheet/environment >/dev/null 2>&1 \
    && fail "any user can read /etc/slotsheet/environment"
echo "neither slotsheet nor nobody can read /etc/slotsheet/environment"

step "slotsheet --version"
version_text=$(in_root slotsheet --version)
echo "$version_text"
expect_version() {  # name in --version, Debian package whose upstream version it must be
    local line installed
    line=$(grep "^$1 " <<< "$version_text") || fail "--version has no $1 line"
    installed=$(in_root dpkg-query -W -f '${Version}' "$2" | sed -E 's/^[0-9]+://; s/[-+~].*//')
    [ "${line#"$1" }" = "$installed" ] || fail "--version says '$line', the root has $2 $installed"
}
expect_version slotsheet slotsheet
expect_version libxlsxwriter "$(dpkg-deb -f "$deb" Depends | grep -o "libxlsxwriter[0-9]*" | head -1)"
expect_version libzip libzip4
expect_version libxml2 libxml2
expect_version SQLite libsqlite3-0
grep -q '^schema [0-9]' <<< "$version_text" || fail "--version has no schema line"

step "As the slotsheet user: db init, seed, template export, imports"
as_slotsheet slotsheet db init
as_slotsheet slotsheet db seed --sample
as_slotsheet slotsheet template export --from +1 --to +14 --all-staff -o template.xlsx
# The untouched template first: nothing to change (after the edit below it would be a stale template).
as_slotsheet slotsheet import template.xlsx --operator package-test
as_slotsheet slotsheet export availability --from +1 --to +14 --all-staff --format csv -o availability.csv
# The office makes someone available in a slot where nobody was: the first empty mark.
chroot "$root" runuser -u slotsheet -- sh -c \
    'cd /var/lib/slotsheet && awk -F, "BEGIN{OFS=\",\"} NR>1 && !done && \$4==\"\r\" {\$4=\"x\r\"; done=1} {print}" availability.csv > edited.csv'
in_root cmp -s /var/lib/slotsheet/availability.csv /var/lib/slotsheet/edited.csv && fail "the CSV edit changed nothing"
as_slotsheet slotsheet import edited.csv --operator package-test | tee "$cache/import.txt"
grep -q -i 'applied' "$cache/import.txt" || fail "the edited CSV was not applied"
as_slotsheet slotsheet history

step "What the binary's thinned ICU data must still do (scripts/release-build.sh)"
# A named time zone far from the default one is known (ICU's zoneinfo), an unknown one is refused,
# and a CSV saved as Windows-1252 is quoted back in that code page (ICU's converter).
as_slotsheet env SLOTSHEET_TIMEZONE=America/Sao_Paulo slotsheet config show > "$cache/config.txt"
grep '"America/Sao_Paulo"' "$cache/config.txt" || fail "config show does not take the time zone America/Sao_Paulo"
as_slotsheet env SLOTSHEET_TIMEZONE=Mars/Olympus_Mons slotsheet config show > /dev/null 2>&1 \
    && fail "config show took the time zone Mars/Olympus_Mons"
chroot "$root" runuser -u slotsheet -- sh -c \
    "cd /var/lib/slotsheet && head -2 availability.csv > latin.csv && printf '2026-12-09,D09,M\\374ller,x\\r\\n' >> latin.csv"
as_slotsheet slotsheet import latin.csv --operator package-test > "$cache/latin.txt" 2>&1 \
    && fail "a Windows-1252 CSV was imported"
cat "$cache/latin.txt"
grep -q 'Windows-1252' "$cache/latin.txt" && grep -q '"Müller"' "$cache/latin.txt" \
    || fail "the Windows-1252 CSV's error does not quote \"Müller\" read in that code page"

step "The nightly unit's ExecStart, as the slotsheet user"
exec_start=$(sed -n 's/^ExecStart=//p' "$root/lib/systemd/system/slotsheet-nightly.service")
# shellcheck disable=SC2086 # the unit's command line, split as systemd splits it (no quotes in it)
as_slotsheet $exec_start
ls "$root"/var/lib/slotsheet/exports/*/manifest.json >/dev/null || fail "the nightly export wrote no manifest"
ls -l "$root"/var/lib/slotsheet/exports/*/

step "The nightly's files in a shared folder, readable by the slotsheet-exports group (docs/admin-guide.md)"
in_root getent group slotsheet-exports >/dev/null || fail "no slotsheet-exports group after install"
in_root install -d -o slotsheet -g slotsheet-exports -m 2750 /srv/slotsheet-exports
# A system account: useradd gives it no subordinate ids, so /etc/subuid and /etc/subgid (and their
# backups, which the purge check below would see) stay as they were.
in_root useradd --system --no-create-home --shell /usr/sbin/nologin kantoor
in_root usermod -a -G slotsheet-exports kantoor
# The nightly unit's UMask=0027, as the unit runs it.
as_slotsheet sh -c 'umask 0027 && exec /usr/bin/slotsheet nightly --out /srv/slotsheet-exports --keep 30 --exports /etc/slotsheet/nightly.json'
in_root runuser -u kantoor -- sh -c 'cat /srv/slotsheet-exports/*/manifest.json' >/dev/null \
    || fail "a member of slotsheet-exports cannot read the nightly's files in the shared folder"
in_root runuser -u nobody -- sh -c 'cat /srv/slotsheet-exports/*/manifest.json' >/dev/null 2>&1 \
    && fail "a user outside slotsheet-exports can read the shared folder"
in_root userdel kantoor
rm -rf "$root/srv/slotsheet-exports"
step "The notices unit's ExecStart, as the slotsheet user: one notice to a real SMTP server"
# aiosmtpd (.venv-notices, which make test's install-deps --test makes) on a free loopback port, no
# TLS (the root shares this machine's network); [mail] appended to config.toml as an administrator
# would set it; one notice put in the outbox as a decision's transaction writes it (by Python's
# sqlite3, owned as the database is), then the unit's command sends it through the installed libcurl.
[ -x .venv-notices/bin/python ] || fail "no .venv-notices: run 'bash scripts/install-deps.sh --test' first"
mail_dir=$cache/mail
rm -rf "$mail_dir" && mkdir -p "$mail_dir"
(sleep 300 | exec .venv-notices/bin/python Tests/Fixtures/notices/smtp_server.py "$mail_dir" --plain > "$cache/smtp.out" 2>&1) &
smtp_pid=$!
smtp_port=""
for _ in $(seq 1 100); do
    smtp_port=$(sed -n 's/^port //p' "$cache/smtp.out")
    [ -n "$smtp_port" ] && break
    sleep 0.2
done
[ -n "$smtp_port" ] || { cat "$cache/smtp.out"; fail "the test SMTP server did not start"; }
printf '\n[mail]\nhost = "127.0.0.1"\nport = %s\nsecurity = "none"\nfrom = "repairs@example.org"\n' "$smtp_port" \
    >> "$root/etc/slotsheet/config.toml"
database=$root/var/lib/slotsheet/repairs.sqlite
python3 - "$database" <<'PY'
import sqlite3, sys, time
db = sqlite3.connect(sys.argv[1])
now = int(time.time() * 1000)
db.execute("""INSERT INTO resident_notice (request_id, kind, recipient, recipient_name, language, subject, body, state,
    next_attempt_ms, queued_ms, created_at, message_id)
    SELECT MIN(id), 'completed', 'tenant@example.org', 'Tenant', 'en', 'Your repair request is completed',
    'The repair is completed.', 'queued', 0, ?, '2026-12-01T08:00:00Z', 'notice-package-test@example.org' FROM repair_request""", (now,))
db.commit()
db.close()
PY
chown --reference="$database" "$database"*
notices_start=$(sed -n 's/^ExecStart=//p' "$root/lib/systemd/system/slotsheet-notices.service")
# shellcheck disable=SC2086 # the unit's command line, split as systemd splits it
as_slotsheet $notices_start | tee "$cache/notices.log" || fail "the notices unit's command failed (its log above)"
# The server ends with its standard input: end the sleep that holds it open (the children of this
# subshell), then the subshell.
pkill -P "$smtp_pid" 2>/dev/null || true
kill "$smtp_pid" 2>/dev/null || true
ls "$mail_dir"/messages/*.eml >/dev/null 2>&1 || fail "the SMTP server received no message"
grep -q '^Message-ID: <notice-package-test@example.org>' "$mail_dir"/messages/*.eml || fail "the message lacks the notice's Message-ID"
grep -q ' sent to tenant@example.org' "$cache/notices.log" || fail "no log line of the notice sent"

step "The web front's unit, as the slotsheet user: GET /healthz"
# Where it listens comes from the office settings, as an administrator sets it: the [web] section
# of /etc/slotsheet/config.toml, here on a free loopback port (the root shares this machine's network).
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
sed -i -E 's|^# \[web\]$|[web]|; s|^# listen = .*|listen = "127.0.0.1:'"$port"'"|' "$root/etc/slotsheet/config.toml"
grep -q "^listen = \"127.0.0.1:$port\"$" "$root/etc/slotsheet/config.toml" || fail "could not set [web] listen in config.toml"
serve_start=$(sed -n 's/^ExecStart=//p' "$root/lib/systemd/system/slotsheet-serve.service")
# systemd hands the unit its StateDirectory as STATE_DIRECTORY; the uploads go below it.
# shellcheck disable=SC2086 # the unit's command line, split as systemd splits it
(as_slotsheet --exec env STATE_DIRECTORY=/var/lib/slotsheet $serve_start) > "$cache/serve.log" 2>&1 &
serve_pid=$!
health=""
for _ in $(seq 1 60); do
    health=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/healthz" || true)
    [ "$health" = 200 ] && break
    kill -0 "$serve_pid" 2>/dev/null || break
    sleep 0.5
done
kill -TERM "$serve_pid" 2>/dev/null || true
wait "$serve_pid" || true
cat "$cache/serve.log"
[ "$health" = 200 ] || fail "GET http://127.0.0.1:$port/healthz answered '${health:-nothing}', not 200 (the server's log above)"
echo "GET http://127.0.0.1:$port/healthz: $health"
[ "$(stat -c %a "$root/var/lib/slotsheet/uploads")" = 700 ] || fail "the upload folder is not /var/lib/slotsheet/uploads with mode 0700"
curl -s -o /dev/null "http://127.0.0.1:$port/healthz" && fail "slotsheet serve still answers after SIGTERM"
grep -q 'stopped' "$cache/serve.log" || fail "slotsheet serve did not log that it stopped after SIGTERM"

step "systemd-analyze verify (every installed unit)"
mapfile -t units < <(dpkg-deb -c "$deb" | awk '{print $6}' | grep -E '^\./lib/systemd/system/.+\.(service|timer|socket|path)$' | sed 's|^\.||')
[ "${#units[@]}" -gt 0 ] || fail "the package installs no unit"
MANPATH="$root/usr/share/man" systemd-analyze verify --root="$root" "${units[@]}" || fail "systemd-analyze verify"
echo "verified: ${units[*]}"

step "Manual pages and completions"
pages=$(dpkg-deb -c "$deb" | grep -c 'usr/share/man/man1/slotsheet.*\.1\.gz$')
subcommands=$(in_root slotsheet --help | awk '/^SUBCOMMANDS:/{on=1; next} on && /^ +[a-z]/{print $1}' | wc -l)
echo "$pages manual pages; slotsheet --help lists $subcommands subcommands"
[ "$pages" -gt "$subcommands" ] || fail "fewer manual pages than subcommands"
for page in slotsheet slotsheet.import slotsheet.import.undo slotsheet.nightly; do
    zcat "$root/usr/share/man/man1/$page.1.gz" | grep -q '^\.Sh' || fail "$page.1 is not an mdoc manual page"
done
in_root bash -c '. /usr/share/bash-completion/completions/slotsheet && complete -p slotsheet' || fail "bash completion"
grep -q '^#compdef slotsheet' "$root/usr/share/zsh/vendor-completions/_slotsheet" || fail "zsh completion"
grep -q "complete -c 'slotsheet'" "$root/usr/share/fish/vendor_completions.d/slotsheet.fish" || fail "fish completion"

step "An edited conffile survives a re-install; an environment file readable by all is made root's"
sed -i 's|^#SLOTSHEET_TIMEZONE=.*|SLOTSHEET_TIMEZONE=Europe/Brussels|' "$root/etc/slotsheet/environment"
grep -q '^SLOTSHEET_TIMEZONE=Europe/Brussels$' "$root/etc/slotsheet/environment" || fail "could not edit the conffile"
# As 0.9.0 shipped it (0644): an edited conffile keeps its mode, so the postinst must tighten it.
chmod 0644 "$root/etc/slotsheet/environment"
in_root dpkg -i "/tmp/$deb_name" > /dev/null
grep -q '^SLOTSHEET_TIMEZONE=Europe/Brussels$' "$root/etc/slotsheet/environment" \
    || fail "the re-install replaced the edited conffile"
echo "kept: $(grep '^SLOTSHEET_TIMEZONE=' "$root/etc/slotsheet/environment")"
[ "$(stat -c '%U:%G %a' "$root/etc/slotsheet/environment")" = "root:root 600" ] \
    || fail "after the re-install /etc/slotsheet/environment is $(stat -c '%U:%G %a' "$root/etc/slotsheet/environment"), not root:root 600"

step "dpkg --purge, keeping the data (the default answer)"
# The administrator enabled the timer, as systemctl enable does it.
in_root systemctl enable slotsheet-nightly.timer
in_root dpkg --purge slotsheet
snapshot > "$cache/after-purge.txt"
left=$(comm -13 "$cache/before.txt" "$cache/after-purge.txt")
gone=$(comm -23 "$cache/before.txt" "$cache/after-purge.txt")
echo "left behind:"; sed 's/^/  /' <<< "$left"
[ -z "$gone" ] || fail "the purge removed what was there before: $gone"
unexpected=$(grep -v -E '^(\./var/lib/slotsheet(/.*)?|entry: slotsheet:.*)$' <<< "$left" || true)
[ -z "$unexpected" ] || fail "the purge left more than the data: $unexpected"
grep -q '^\./var/lib/slotsheet/repairs.sqlite$' <<< "$left" || fail "the purge did not keep the database"

step "A re-install finds the kept data"
in_root dpkg -i "/tmp/$deb_name" > /dev/null
as_slotsheet slotsheet history | tee "$cache/history.txt"
grep -q package-test "$cache/history.txt" || fail "the kept database lost its import history"

step "dpkg --purge, answering slotsheet/purge-data with yes"
echo 'slotsheet slotsheet/purge-data boolean true' | in_root debconf-set-selections
in_root dpkg --purge slotsheet
snapshot > "$cache/after-full-purge.txt"
if ! diff -u "$cache/before.txt" "$cache/after-full-purge.txt"; then
    fail "the purge left something behind (above)"
fi
echo "nothing left behind"

echo
echo "package-test: $deb ($(du -k "$deb" | cut -f1) KiB) passed"

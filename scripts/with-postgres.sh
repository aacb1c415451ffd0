#!/usr/bin/env bash
# Runs a command beside a private, throw-away PostgreSQL server, for the tests of the PostgreSQL
# backend: initdb into a temporary folder, the server on a free loopback port, and the command
# run with SLOTSHEET_TEST_POSTGRES=postgres://slotsheet@127.0.0.1:PORT/postgres. The server is
# stopped and its folder removed when the command ends, however it ends.
#   bash scripts/with-postgres.sh swift test
set -euo pipefail

bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
    echo "with-postgres: no PostgreSQL server programs; run 'bash scripts/install-deps.sh --test'" >&2
    exit 2
fi

folder=$(mktemp -d /tmp/slotsheet-postgres.XXXXXX)
as_owner=()
if [ "$(id -u)" -eq 0 ]; then
    # initdb refuses to run as root: the server runs as Debian's postgres user.
    chown postgres "$folder"
    as_owner=(runuser -u postgres --)
fi
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')

stop() {
    "${as_owner[@]}" "$bin/pg_ctl" -D "$folder/data" stop -m immediate >/dev/null 2>&1 || true
    rm -rf "$folder"
}
trap stop EXIT

"${as_owner[@]}" "$bin/initdb" -D "$folder/data" -U slotsheet --auth=trust -E UTF8 --locale=C.UTF-8 >"$folder/initdb.log" 2>&1 \
    || { cat "$folder/initdb.log" >&2; exit 2; }
# Durability off: a test server's data is thrown away anyway, and fsync would dominate the run.
# SLOTSHEET_PG_SETTINGS adds settings after these (a later -c wins): the benchmarks turn durability
# back on and log every statement (the log: $SLOTSHEET_TEST_POSTGRES_LOG).
# pg_stat_statements (PostgreSQL's contrib, in Debian's server package) counts the statements a job
# sends, for the tests that bound them.
preload=""
if [ -f "$bin/../lib/pg_stat_statements.so" ]; then preload="-c shared_preload_libraries=pg_stat_statements"; fi
"${as_owner[@]}" "$bin/pg_ctl" -D "$folder/data" -l "$folder/server.log" -w -o \
    "-p $port -k $folder -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200 $preload ${SLOTSHEET_PG_SETTINGS:-}" \
    start >/dev/null || { cat "$folder/server.log" >&2; exit 2; }

echo "with-postgres: PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port"
export SLOTSHEET_TEST_POSTGRES="postgres://slotsheet@127.0.0.1:$port/postgres"
export SLOTSHEET_REQUIRE_POSTGRES=1
export SLOTSHEET_TEST_POSTGRES_LOG="$folder/server.log"
"$@"

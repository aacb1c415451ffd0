#!/usr/bin/env python3
"""The web front under load (issue 13): many API clients at once against `slotsheet serve`.

Usage: bench.py SLOTSHEET PYTHON ROUNDS [--backend sqlite|postgres] [--clients 20] [--year-clients 4] [--instances 1,3]
(PostgreSQL inside scripts/with-postgres.sh, which sets SLOTSHEET_TEST_POSTGRES.)

Set-up, untimed: a database seeded synthetically (250 staff, 2026, SLOTSHEET_TODAY=2026-01-01 so every
date is editable), 20 office users with API tokens; a server on a copy downloads every client's
template through `GET /api/template` and `Benchmarks/import/make_edit.py` edits 10% of its cells
with openpyxl. A template is only checked against the rows it holds, so the same edited files serve
every round.

Each round and scenario starts a fresh copy of the seeded database and its own `slotsheet serve`,
waited on `/healthz`, and then all clients at once (a barrier): upload (`POST /api/imports`), poll
`GET /api/imports/{id}` every 20 ms until it is no longer reading (nothing subtracted), apply
(`POST /api/imports/{id}/apply` with the plan's digest; a 409 `concurrent_change`, which the API
documents as "nothing written, try again", is tried again up to APPLY_TRIES times in all and counted).
The run fails unless every upload is accepted (202), every preview is a plan with changes, every
apply ends 200 "applied" with its own batch number, and the server's log holds no 5xx and no error line.

With --instances 1,3 each round runs every scenario once on one server and once on three servers on the
same database (the order alternating between rounds), as behind a load balancer without sticky
sessions: a client sends its k-th request to server (client + k) mod 3, so its upload, polls and apply
land on different servers, as nginx's round robin spreads them. A poll that finds the upload ready but
its preview not in that server's memory ("beingRead": another server read it) polls again, and so
does an apply answered 409 `being_read`; both are counted.

- month: CLIENTS clients, each its own 12 staff, March 2026 (186 rows);
- year: YEAR_CLIENTS clients, each its own quarter of the staff (62), the whole of 2026 (2,190 rows).

Figures per round: uploads per second (the uploads over the wall time from the first upload's start
to the last preview ready), each client's time from upload start to preview ready and of its apply
request, the server's CPU seconds over the timed part, its resident memory idle after start (VmRSS)
and its peak (VmHWM, read from /proc before it is stopped). The table gives p50/p95 (nearest rank)
over every client of every round, and the medians of the rounds for the rest.
"""
import argparse
import http.client
import json
import math
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import uuid

HERE = os.path.dirname(os.path.abspath(__file__))
MAKE_EDIT = os.path.join(os.path.dirname(HERE), "import", "make_edit.py")
PASSWORD = "bench password 2026"
POLL_SECONDS = 0.020
APPLY_TRIES = 3
TODAY = "2026-01-01"
MONTH = ("2026-03-01", "2026-03-31")
YEAR = ("2026-01-01", "2026-12-31")
STAFF = 250
MONTH_STAFF_EACH = 12
TICKS = os.sysconf("SC_CLK_TCK")


class Failure(Exception):
    """The run found something wrong with the server's answers."""


def run(command, env, stdin=None):
    result = subprocess.run(command, env=env, input=stdin, capture_output=True, text=True)
    if result.returncode != 0:
        raise Failure(f"{' '.join(command)} exited {result.returncode}: {result.stderr.strip() or result.stdout.strip()}")
    return result.stdout


class Backend:
    """Where the seeded database lives and how a round gets a fresh copy of it."""

    def __init__(self, kind, work):
        self.kind, self.work = kind, work
        if kind == "postgres":
            self.server = os.environ["SLOTSHEET_TEST_POSTGRES"]          # postgres://slotsheet@127.0.0.1:PORT/postgres
            self.base = self.server.rsplit("/", 1)[0]
            self.psql("DROP DATABASE IF EXISTS web_seeded")
            self.psql("CREATE DATABASE web_seeded")
            self.seeded = f"{self.base}/web_seeded"
        else:
            self.seeded = f"sqlite:{work}/seeded.sqlite"
        self.copies = 0

    def psql(self, sql):
        subprocess.run(["psql", self.server, "-q", "-v", "ON_ERROR_STOP=1", "-c", sql], check=True, stdout=subprocess.DEVNULL,
                       env=dict(os.environ, PGOPTIONS="-c client_min_messages=warning"))

    def fresh(self):
        self.copies += 1
        if self.kind == "postgres":
            name = f"web_run_{self.copies}"
            self.psql(f"DROP DATABASE IF EXISTS {name}")
            self.psql(f"CREATE DATABASE {name} TEMPLATE web_seeded")
            return f"{self.base}/{name}"
        path = f"{self.work}/run-{self.copies}.sqlite"
        shutil.copyfile(f"{self.work}/seeded.sqlite", path)
        return f"sqlite:{path}"

    def drop(self, location):
        if self.kind == "postgres":
            self.psql(f"DROP DATABASE IF EXISTS {location.rsplit('/', 1)[1]}")
        else:
            for suffix in ("", "-wal", "-shm"):
                try:
                    os.remove(location.removeprefix("sqlite:") + suffix)
                except FileNotFoundError:
                    pass


class Server:
    """`slotsheet serve` on a free loopback port as a child process, its log in a file."""

    def __init__(self, slotsheet, env, work, name):
        self.log_path = f"{work}/{name}.log"
        self.log = open(self.log_path, "w+")
        uploads = f"{work}/{name}-uploads"
        self.process = subprocess.Popen([slotsheet, "serve", "--listen", "127.0.0.1:0", "--upload-dir", uploads],
                                        env=env, stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 60
        self.port = None
        while self.port is None:
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise Failure(f"slotsheet serve did not start: {self.text()}")
            match = re.search(r"listening on http://127\.0\.0\.1:(\d+)", self.text())
            if match:
                self.port = int(match.group(1))
            else:
                time.sleep(0.05)
        while True:
            try:
                status, _, _ = self.request("GET", "/healthz")
                if status == 200:
                    break
            except OSError:
                pass
            if time.monotonic() > deadline:
                self.stop()
                raise Failure(f"/healthz did not answer 200: {self.text()}")
            time.sleep(0.05)

    def text(self):
        with open(self.log_path) as f:
            return f.read()

    def request(self, method, path, body=None, headers=None, connection=None):
        own = connection is None
        connection = connection or http.client.HTTPConnection("127.0.0.1", self.port, timeout=600)
        try:
            connection.request(method, path, body=body, headers=headers or {})
            response = connection.getresponse()
            return response.status, response.getheader("Content-Type", ""), response.read()
        finally:
            if own:
                connection.close()

    def memory_kib(self, field):
        with open(f"/proc/{self.process.pid}/status") as f:
            return int(re.search(rf"{field}:\s+(\d+) kB", f.read()).group(1))

    def cpu_seconds(self):
        with open(f"/proc/{self.process.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / TICKS

    def stop(self):
        """SIGTERM, as systemd stops it; the exit status."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()
        return self.process.returncode

    def troubles(self):
        """Log lines of a 5xx answer or an error, which fail the run."""
        return [line for line in self.text().splitlines()
                if re.search(r" 5\d\d \d+ms", line) or re.search(r" (ERROR|CRITICAL) ", line)]


def multipart(path):
    boundary = uuid.uuid4().hex
    with open(path, "rb") as f:
        data = f.read()
    head = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{os.path.basename(path)}\"\r\n"
            "Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n").encode()
    return head + data + f"\r\n--{boundary}--\r\n".encode(), f"multipart/form-data; boundary={boundary}"


class Rotation:
    """A client's requests spread over the servers in turn, one keep-alive connection to each."""

    def __init__(self, servers, first):
        self.servers, self.next = servers, first
        self.connections = [http.client.HTTPConnection("127.0.0.1", server.port, timeout=600) for server in servers]

    def request(self, method, path, body=None, headers=None):
        index = self.next % len(self.servers)
        self.next += 1
        return self.servers[index].request(method, path, body, headers, self.connections[index])

    def close(self):
        for connection in self.connections:
            connection.close()


def client_round(servers, index, token, upload, barrier, out):
    """One client's timed part: upload, poll until read, apply. Fills `out` or its `failure`."""
    body, content_type = upload
    auth = {"Authorization": f"Bearer {token}"}
    server = Rotation(servers, index)
    asked_again = 0
    try:
        barrier.wait()
        start = time.perf_counter()
        status, _, answer = server.request("POST", "/api/imports", body, dict(auth, **{"Content-Type": content_type}))
        out["accepted"] = time.perf_counter()
        if status != 202:
            raise Failure(f"upload answered {status}: {answer[:300]!r}")
        upload_id = json.loads(answer)["id"]
        polls = 0
        while True:
            status, _, answer = server.request("GET", f"/api/imports/{upload_id}", None, auth)
            polls += 1
            if status != 200:
                raise Failure(f"GET /api/imports/{upload_id} answered {status}: {answer[:300]!r}")
            state = json.loads(answer)
            if state["state"] != "reading" and not state.get("beingRead"):
                break
            if state.get("beingRead"):
                asked_again += 1
            time.sleep(POLL_SECONDS)
        ready = time.perf_counter()
        result = state.get("result") or {}
        if state["state"] != "ready" or result.get("verdict") != "changes":
            raise Failure(f"upload {upload_id} ended {state['state']}, verdict {result.get('verdict')}: "
                          f"{state.get('error') or result.get('problems', [])[:3]}")
        digest = json.dumps({"planDigest": result["planDigest"]})
        retries = 0
        while True:
            status, _, answer = server.request("POST", f"/api/imports/{upload_id}/apply", digest,
                                               dict(auth, **{"Content-Type": "application/json"}))
            state = json.loads(answer)
            # Another server read it and this one has no preview in memory yet: ask again.
            if status == 409 and state.get("code") == "being_read":
                asked_again += 1
                time.sleep(POLL_SECONDS)
                continue
            # The API's answer when other writers collided with this apply on every attempt the
            # server made: nothing was written, try again. A script does; the run counts it.
            if status == 409 and state.get("code") == "concurrent_change" and retries < APPLY_TRIES - 1:
                retries += 1
                continue
            break
        applied = time.perf_counter()
        if status != 200 or (state.get("result") or {}).get("status") != "applied" or state.get("batch") is None:
            raise Failure(f"apply of upload {upload_id} answered {status}: {answer[:300]!r}")
        out.update(start=start, ready=ready, applied=applied, batch=state["batch"], polls=polls, retries=retries,
                   changes=result["added"] + result["removed"], asked_again=asked_again)
    except Exception as error:   # noqa: BLE001 - every failure is reported with its client
        out["failure"] = f"{type(error).__name__}: {error}"
        barrier.abort()
    finally:
        server.close()


def nearest_rank(values, share):
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def scenario_round(slotsheet, env, backend, work, name, tokens, uploads, instances=1):
    location = backend.fresh()
    servers = []
    try:
        for number in range(instances):
            servers.append(Server(slotsheet, dict(env, SLOTSHEET_DB=location), work, f"{name}-{backend.copies}-{number}"))
        idle = max(server.memory_kib("VmRSS") for server in servers)
        cpu_before = sum(server.cpu_seconds() for server in servers)
        barrier = threading.Barrier(len(uploads))
        outs = [{} for _ in uploads]
        threads = [threading.Thread(target=client_round, args=(servers, i, tokens[i], uploads[i], barrier, outs[i]))
                   for i in range(len(uploads))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        cpu = sum(server.cpu_seconds() for server in servers) - cpu_before
        peak = max(server.memory_kib("VmHWM") for server in servers)
    finally:
        statuses = [server.stop() for server in servers]
    failures = [f"client {i}: {o['failure']}" for i, o in enumerate(outs) if "failure" in o]
    failures += [f"server log: {line}" for server in servers for line in server.troubles()]
    if any(status != 0 for status in statuses):
        failures.append(f"a server exited {statuses} on SIGTERM")
    batches = [o.get("batch") for o in outs]
    if not failures and len(set(batches)) != len(batches):
        failures.append(f"batch numbers repeat: {batches}")
    if failures:
        raise Failure(f"{name}, {backend.kind}, database {location}:\n  " + "\n  ".join(failures)
                      + f"\n  server logs kept: {', '.join(server.log_path for server in servers)}")
    backend.drop(location)
    first = min(o["start"] for o in outs)
    last_ready = max(o["ready"] for o in outs)
    previews = [o["ready"] - o["start"] for o in outs]
    applies = [o["applied"] - o["ready"] for o in outs]
    return {
        "uploads_per_s": len(outs) / (last_ready - first), "previews": previews, "applies": applies,
        "all_applied": max(o["applied"] for o in outs) - first,
        "cpu": cpu, "idle_mib": idle / 1024, "peak_mib": peak / 1024,
        "changes": sum(o["changes"] for o in outs), "polls": sum(o["polls"] for o in outs),
        "retries": sum(o["retries"] for o in outs), "asked_again": sum(o["asked_again"] for o in outs),
    }


def set_up(slotsheet, python, env, backend, work, clients, year_clients):
    """The seeded database, the users and their tokens, and every client's edited template."""
    db = dict(env, SLOTSHEET_DB=backend.seeded)
    run([slotsheet, "db", "init"], db)
    run([slotsheet, "db", "seed", "--synthetic", "--staff", str(STAFF), "--from", YEAR[0], "--to", YEAR[1], "--seed", "1"], db)
    started = time.monotonic()
    users = max(clients, year_clients)
    tokens = []
    for index in range(users):
        run([slotsheet, "user", "add", f"planner{index:02d}", "--role", "office", "--password-stdin"], db, PASSWORD + "\n")
        tokens.append(run([slotsheet, "user", "token", f"planner{index:02d}"], db).strip().split()[-1])
    print(f"set-up: {users} users with tokens in {time.monotonic() - started:.0f} s", flush=True)
    location = backend.fresh()
    server = Server(slotsheet, dict(env, SLOTSHEET_DB=location), work, "set-up")
    try:
        auth = {"Authorization": f"Bearer {tokens[0]}"}

        def template(first, last, staff, path):
            query = urllib.parse.urlencode({"from": first, "to": last, "staff": staff, "lang": "en"})
            status, kind, body = server.request("GET", f"/api/template?{query}", headers=auth)
            if status != 200 or "spreadsheetml" not in kind:
                raise Failure(f"GET /api/template?{query} answered {status}: {body[:300]!r}")
            with open(path, "wb") as f:
                f.write(body)

        template(MONTH[0], MONTH[0], "all", f"{work}/one-day.xlsx")
        codes = staff_codes(python, f"{work}/one-day.xlsx")
        if len(codes) != STAFF:
            raise Failure(f"the all-staff template has {len(codes)} staff, not {STAFF}")
        share = len(codes) // year_clients
        if clients * MONTH_STAFF_EACH > len(codes):
            raise Failure(f"{clients} clients of {MONTH_STAFF_EACH} staff need more than {len(codes)} staff")
        plans = {"month": [(MONTH, codes[i * MONTH_STAFF_EACH:(i + 1) * MONTH_STAFF_EACH]) for i in range(clients)],
                 "year": [(YEAR, codes[i * share:(i + 1) * share]) for i in range(year_clients)]}
        files = {}
        for scenario, plan in plans.items():
            files[scenario] = []
            for index, ((first, last), staff) in enumerate(plan):
                path = f"{work}/{scenario}-{index:02d}.xlsx"
                template(first, last, ",".join(staff), path)
                edited = path.replace(".xlsx", "-edited.xlsx")
                subprocess.run([python, MAKE_EDIT, path, edited, "0.10"], check=True, stdout=subprocess.DEVNULL)
                files[scenario].append(edited)
    finally:
        server.stop()
        backend.drop(location)
    return tokens, files, {scenario: (len(plan[0][1]), os.path.getsize(files[scenario][0])) for scenario, plan in plans.items()}


def staff_codes(python, path):
    script = ("import sys, warnings, openpyxl; warnings.simplefilter('ignore'); b = openpyxl.load_workbook(sys.argv[1], read_only=True);"
              "m = {r[1]: r[2] for r in b['_slotsheet'].iter_rows(values_only=True) if r[0] == 'meta'};"
              "print(' '.join(str(c.value).split(' ')[0] for c in next(b[m['data_sheet']].iter_rows(max_row=1))[5:]))")
    return subprocess.run([python, "-c", script, path], check=True, capture_output=True, text=True).stdout.split()


def report(kind, scenario, rounds, clients, staff, size, instances=1):
    def median(key):
        return statistics.median(r[key] for r in rounds)

    def pooled(key, share):
        return nearest_rank([value for r in rounds for value in r[key]], share)
    label = {"month": "month (March, 186 rows)", "year": "year (2026, 2,190 rows)"}[scenario]
    servers = f", {instances} instances ({sum(r['asked_again'] for r in rounds)} asked again: being read)" if instances > 1 else ""
    print(f"| {kind}{servers} | {label}, {clients} clients x {staff} staff ({size / 1024:.0f} KiB each) | {median('uploads_per_s'):.1f} "
          f"| {pooled('previews', 0.50) * 1000:.0f} / {pooled('previews', 0.95) * 1000:.0f} ms "
          f"| {pooled('applies', 0.50) * 1000:.0f} / {pooled('applies', 0.95) * 1000:.0f} ms "
          f"| {median('all_applied'):.2f} s | {sum(r['retries'] for r in rounds)} of {clients * len(rounds)} "
          f"| {median('cpu'):.1f} s | {median('idle_mib'):.0f} MiB | {median('peak_mib'):.0f} MiB |")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("slotsheet")
    parser.add_argument("python")
    parser.add_argument("rounds", type=int)
    parser.add_argument("--backend", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--year-clients", type=int, default=4)
    parser.add_argument("--instances", default="1", help="server counts to compare, e.g. 1,3")
    args = parser.parse_args()
    counts = [int(count) for count in args.instances.split(",")]
    if args.backend == "sqlite" and max(counts) > 1:
        # Tried: a year apply holds SQLite's one writer past the 10 s another instance's queue
        # claim waits, and that instance logs an error. Several instances are for PostgreSQL.
        parser.error("several instances share a database only on PostgreSQL (--backend postgres)")
    work = tempfile.mkdtemp(prefix="slotsheet-web-bench-")
    env = dict(os.environ, SLOTSHEET_TODAY=TODAY)
    env.pop("SLOTSHEET_DB", None)
    backend = Backend(args.backend, work)
    kept = False
    try:
        started = time.monotonic()
        tokens, files, shape = set_up(args.slotsheet, args.python, env, backend, work, args.clients, args.year_clients)
        print(f"set-up ({backend.kind}): {time.monotonic() - started:.0f} s; {len(tokens)} users with tokens; "
              f"month files {shape['month'][1] / 1024:.0f} KiB, year files {shape['year'][1] / 1024:.0f} KiB", flush=True)
        uploads = {scenario: [multipart(path) for path in paths] for scenario, paths in files.items()}
        results = {(scenario, count): [] for scenario in ("month", "year") for count in counts}
        for round_ in range(args.rounds):
            order = ["month", "year"] if round_ % 2 == 0 else ["year", "month"]
            for scenario in order:
                for count in (counts if round_ % 2 == 0 else list(reversed(counts))):
                    figures = scenario_round(args.slotsheet, env, backend, work, scenario, tokens, uploads[scenario], count)
                    results[(scenario, count)].append(figures)
                    previews, applies = figures["previews"], figures["applies"]
                    print(f"round {round_ + 1} {scenario} on {count} server(s): {figures['uploads_per_s']:.1f} uploads/s, preview p50 "
                          f"{nearest_rank(previews, 0.5) * 1000:.0f} ms max {max(previews) * 1000:.0f} ms, apply p50 "
                          f"{nearest_rank(applies, 0.5) * 1000:.0f} ms max {max(applies) * 1000:.0f} ms, all applied "
                          f"{figures['all_applied']:.2f} s, server CPU {figures['cpu']:.1f} s, idle {figures['idle_mib']:.0f} MiB, "
                          f"peak {figures['peak_mib']:.0f} MiB, {figures['changes']:,} cells changed, {figures['polls']} polls, "
                          f"{figures['retries']} applies tried again after concurrent_change, {figures['asked_again']} asked again (being read)",
                          flush=True)
        print(f"\n{args.rounds} rounds: p50 / p95 over every client of every round (nearest rank), the rest medians "
              f"of the rounds; poll interval {POLL_SECONDS * 1000:.0f} ms (not subtracted); "
              f"load average {os.getloadavg()[0]:.1f} at the end\n")
        print("| backend | scenario | uploads/s | upload to preview p50 / p95 | apply p50 / p95 | first upload to last apply "
              "| applies tried again | server CPU | server idle RSS | server peak RSS |")
        print("|---|---|---|---|---|---|---|---|---|---|")
        sizes = {"month": (args.clients, shape["month"]), "year": (args.year_clients, shape["year"])}
        for scenario in ("month", "year"):
            for count in counts:
                clients, (staff, size) = sizes[scenario]
                report(backend.kind, scenario, results[(scenario, count)], clients, staff, size, count)
    except Failure as failure:
        kept = True
        sys.exit(f"web bench FAILED: {failure}\n(work folder kept: {work})")
    finally:
        if not kept:
            shutil.rmtree(work, ignore_errors=True)
        if backend.kind == "postgres":
            backend.psql("DROP DATABASE IF EXISTS web_seeded")


if __name__ == "__main__":
    main()

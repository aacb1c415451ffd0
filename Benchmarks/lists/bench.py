"""Imports 5,000 staff and a catalogue of 50,000 defects into a fresh database: for each list the dry
run, then the apply, ROUNDS times each; prints the median wall time and peak RSS of each and the load
average around the rounds."""
import os
import statistics
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
from measure import run_measured  # noqa: E402

binary, rounds = sys.argv[1], int(sys.argv[2])
folder = tempfile.mkdtemp(prefix="slotsheet-lists-")
staff = os.path.join(folder, "staff.csv")
with open(staff, "w", encoding="utf-8") as out:
    out.write("code,name,employee_number,active\r\n")
    for number in range(5000):
        out.write(f"S{number:05d},Person {number} van der Testen,E{100000 + number},x\r\n")
# 50,000 defects, 10 locations x 10 spaces x 20 elements x 25 defects: every path new.
catalogue = os.path.join(folder, "catalogue.csv")
with open(catalogue, "w", encoding="utf-8") as out:
    out.write("location,space,element,defect,active\r\n")
    for number in range(50000):
        out.write(f"Location {number // 5000},Space {number // 500 % 10},Element {number // 25 % 20},Defect {number % 25},x\r\n")
dayparts = os.path.join(folder, "dayparts.csv")
with open(dayparts, "w", encoding="utf-8") as out:
    out.write("code,label,start,end,active\r\nD08,08:00-10:00,08:00,10:00,x\r\nD10,10:00-12:00,10:00,12:00,x\r\n"
              "D13,13:00-15:00,13:00,15:00,x\r\nD15,15:00-17:00,15:00,17:00,x\r\n")

env = dict(os.environ, SLOTSHEET_TODAY="2026-12-01")
print(f"load average before: {os.getloadavg()[0]:.2f}")
lists = (("staff", staff, "5,000"), ("catalogue", catalogue, "50,000"))
results = {(name, label): [] for name, _, _ in lists for label in ("dry run", "apply")}
for round_number in range(rounds):
    database = f"sqlite:{folder}/round{round_number}.sqlite"
    run_measured([binary, "db", "init", "--db", database], env)
    run_measured([binary, "dayparts", "import", dayparts, "--db", database], env)
    for name, path, _ in lists:
        for label, extra in (("dry run", ["--dry-run"]), ("apply", [])):
            wall, _, rss = run_measured([binary, name, "import", path, "--db", database, "--json"] + extra, env)
            results[(name, label)].append((wall, rss))
print(f"load average after: {os.getloadavg()[0]:.2f}")
for name, _, rows in lists:
    for label in ("dry run", "apply"):
        runs = results[(name, label)]
        print(f"{name} import, {rows} rows, {label}: median wall {statistics.median(w for w, _ in runs):.3f} s, "
              f"median peak RSS {statistics.median(r for _, r in runs):.1f} MiB ({rounds} rounds)")

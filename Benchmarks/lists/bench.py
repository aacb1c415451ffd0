"""Imports 5,000 staff into a fresh database: the dry run, then the apply, ROUNDS times each;
prints the median wall time and peak RSS of each and the load average around the rounds."""
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
dayparts = os.path.join(folder, "dayparts.csv")
with open(dayparts, "w", encoding="utf-8") as out:
    out.write("code,label,start,end,active\r\nD08,08:00-10:00,08:00,10:00,x\r\nD10,10:00-12:00,10:00,12:00,x\r\n"
              "D13,13:00-15:00,13:00,15:00,x\r\nD15,15:00-17:00,15:00,17:00,x\r\n")

env = dict(os.environ, SLOTSHEET_TODAY="2026-12-01")
print(f"load average before: {os.getloadavg()[0]:.2f}")
results = {"dry run": [], "apply": []}
for round_number in range(rounds):
    database = f"sqlite:{folder}/round{round_number}.sqlite"
    run_measured([binary, "db", "init", "--db", database], env)
    run_measured([binary, "dayparts", "import", dayparts, "--db", database], env)
    for label, extra in (("dry run", ["--dry-run"]), ("apply", [])):
        wall, _, rss = run_measured([binary, "staff", "import", staff, "--db", database, "--json"] + extra, env)
        results[label].append((wall, rss))
print(f"load average after: {os.getloadavg()[0]:.2f}")
for label, runs in results.items():
    print(f"staff import, 5,000 rows, {label}: median wall {statistics.median(w for w, _ in runs):.3f} s, "
          f"median peak RSS {statistics.median(r for _, r in runs):.1f} MiB ({rounds} rounds)")

"""Delivers COUNT notices through `slotsheet notices send` to the tests' aiosmtpd and measures it.

    bench.py SLOTSHEET COUNT

A database is made and seeded (`db init`, `db seed --sample`); COUNT notices are put in its outbox
as a decision's transaction writes them (one approved visit each, a text of ~700 bytes and an
iCalendar part of ~1.6 kB, cycling over the sample's requests); then one `notices send` delivers
them all over one connection. Printed: notices a second over the sender's wall time, its peak RSS
(wait4), and the server's count of distinct Message-IDs, which must equal COUNT.
"""
import os
import sqlite3
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
from measure import run_measured  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SERVER = os.path.join(ROOT, "Tests/Fixtures/notices/smtp_server.py")

TEXT = ("Dear tenant,\n\nWe have approved your repair request {request}. We will visit you on Tuesday 8 December 2026, "
        "09:00-10:00. The visit is in the calendar file attached.\n\nAddress:\nDorpsstraat 1, 1234 AB Ede\n\nDefects:\n"
        "- Kitchen > Tap > Washer > Leaking\n\nKind regards,\nThe repair office\n\n"
        "You may reply to this e-mail to reach the office.\n")


def calendar(request, sequence):
    lines = ["BEGIN:VCALENDAR", "PRODID:-//slotsheet//tenant notices//EN", "VERSION:2.0", "CALSCALE:GREGORIAN", "METHOD:REQUEST",
             "BEGIN:VTIMEZONE", "TZID:Europe/Amsterdam"]
    for kind, start, before, after in [("DAYLIGHT", "20250330T020000", "+0100", "+0200"), ("STANDARD", "20251026T030000", "+0200", "+0100"),
                                       ("DAYLIGHT", "20260329T020000", "+0100", "+0200"), ("STANDARD", "20261025T030000", "+0200", "+0100")]:
        lines += ["BEGIN:" + kind, "DTSTART:" + start, "TZOFFSETFROM:" + before, "TZOFFSETTO:" + after, "END:" + kind]
    lines += ["END:VTIMEZONE", "BEGIN:VEVENT", "UID:request-%d@example.org" % request, "SEQUENCE:%d" % sequence,
              "DTSTAMP:20261201T080000Z", "DTSTART;TZID=Europe/Amsterdam:20261208T090000",
              "DTEND;TZID=Europe/Amsterdam:20261208T100000", "SUMMARY:Repair visit (request %d)" % request,
              "DESCRIPTION:Kitchen > Tap > Washer > Leaking", "LOCATION:Dorpsstraat 1\\, 1234 AB Ede",
              "ORGANIZER:mailto:repairs@example.org", "ATTENDEE;CN=\"Tenant\";ROLE=REQ-PARTICIPANT;RSVP=FALSE:mailto:tenant@example.org",
              "STATUS:CONFIRMED", "TRANSP:OPAQUE", "END:VEVENT", "END:VCALENDAR"]
    return "".join(line + "\r\n" for line in lines)


def main():
    slotsheet, count = sys.argv[1], int(sys.argv[2])
    work = tempfile.mkdtemp(prefix="slotsheet-notices-bench-")
    env = dict(os.environ, SLOTSHEET_DB="sqlite:" + os.path.join(work, "repairs.sqlite"), SLOTSHEET_TODAY="2026-12-01",
               SLOTSHEET_CONFIG=os.path.join(work, "config.toml"), SLOTSHEET_MAIL_PASSWORD="secret-password")
    open(env["SLOTSHEET_CONFIG"], "w").close()
    for step in (["db", "init"], ["db", "seed", "--sample"]):
        subprocess.run([slotsheet] + step, env=env, check=True, stdout=subprocess.DEVNULL)

    server = subprocess.Popen([sys.executable, SERVER, os.path.join(work, "mail")], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True)
    port = int(server.stdout.readline().split()[1])
    with open(env["SLOTSHEET_CONFIG"], "w") as settings:
        settings.write('[mail]\nhost = "127.0.0.1"\nport = %d\nsecurity = "starttls"\nuser = "office"\nfrom = "repairs@example.org"\n'
                       'ca_file = "%s"\n' % (port, os.path.join(work, "mail", "ca.pem")))

    db = sqlite3.connect(os.path.join(work, "repairs.sqlite"))
    requests = [row[0] for row in db.execute("SELECT id FROM repair_request ORDER BY id")]
    now = int(time.time() * 1000)
    rows = []
    for index in range(count):
        request = requests[index % len(requests)]
        sequence = index // len(requests)
        rows.append((request, 1, "approved", "tenant%d@example.org" % index, "Tenant %d" % index, "en",
                     "Your repair visit on Tuesday 8 December 2026, 09:00-10:00 (request %d)" % request, TEXT.format(request=request),
                     calendar(request, sequence), "REQUEST", sequence, "queued", 0, now, "2026-12-01T08:00:00Z",
                     "notice-bench-%d@example.org" % index))
    db.executemany("""INSERT INTO resident_notice (request_id, batch_id, kind, recipient, recipient_name, language, subject, body, calendar,
        calendar_method, calendar_sequence, state, next_attempt_ms, queued_ms, created_at, message_id)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""", rows)
    db.commit()
    db.close()

    wall, output, peak = run_measured([slotsheet, "notices", "send"], env=env)
    server.stdin.close()
    server.wait()
    folder = os.path.join(work, "mail", "messages")
    ids = set()
    for name in os.listdir(folder):
        with open(os.path.join(folder, name), "rb") as message:
            for line in message:
                if line.lower().startswith(b"message-id:"):
                    ids.add(line.strip())
                    break
    load = os.getloadavg()[0]
    print("notices: %d delivered (%d distinct Message-IDs) in %.1f s: %.0f a second; sender peak RSS %.1f MiB; load %.1f"
          % (len(os.listdir(folder)), len(ids), wall, count / wall, peak, load))
    print(output.strip().splitlines()[-1])
    if len(ids) != count:
        sys.exit("notices: %d distinct Message-IDs, not %d" % (len(ids), count))
    subprocess.run(["rm", "-rf", work])


if __name__ == "__main__":
    main()

"""The office's decisions on an exported requests queue, as a benchmark makes them: a CSV of the
export's first `count` rows (its header, its columns), every row decided. Of every 100 rows: 2
cancelled with a note, 1 moved (and approved) to a slot with a free place from `first_day` on,
20 approved and assigned a staff member available in their slot, the rest approved. The free
places and who is available are read from the SQLite database the export was made from."""
import csv
import sqlite3


def slots(database):
    """(capacity, held, available staff codes) by (date, daypart code), from the database."""
    connection = sqlite3.connect(database)
    available = {}
    for date, daypart, staff in connection.execute(
            "SELECT a.date, d.code, s.code FROM availability a JOIN daypart d ON d.id = a.daypart_id "
            "JOIN staff s ON s.id = a.staff_id WHERE s.active = 1 ORDER BY s.code"):
        available.setdefault((date, daypart), []).append(staff)
    held = {}
    for date, daypart, count in connection.execute(
            "SELECT r.slot_date, d.code, COUNT(*) FROM repair_request r JOIN daypart d ON d.id = r.daypart_id "
            "WHERE r.status IN ('new', 'approved') GROUP BY r.slot_date, d.code"):
        held[(date, daypart)] = count
    connection.close()
    return available, held


def make(export, database, target, count, first_day):
    """Writes the decisions; returns how many rows of each kind it wrote."""
    with open(export, newline="", encoding="utf-8-sig") as source:
        sample = source.read(4096)
        source.seek(0)
        rows = list(csv.reader(source, delimiter=";" if sample.count(";") > sample.count(",") else ","))
    header, rows = rows[0], rows[1:count + 1]
    if len(rows) < count:
        raise SystemExit(f"the export has {len(rows)} requests, fewer than {count}")
    column = {name: header.index(name) for name in ("status", "date", "daypart", "staff", "note")}
    available, held = slots(database)
    free = sorted(slot for slot, staff in available.items() if slot[0] >= first_day and len(staff) > held.get(slot, 0))
    kinds = {"approved": 0, "cancelled with a note": 0, "moved": 0, "assigned": 0}
    for number, row in enumerate(rows):
        slot = (row[column["date"]], row[column["daypart"]])
        row[column["status"]] = "approved"
        if number % 100 in (7, 57):
            row[column["status"]] = "cancelled"
            row[column["note"]] = f"Tenant cancelled by phone ({number})."
            kinds["cancelled with a note"] += 1
        elif number % 100 == 31 and free:
            move = free[number % len(free)]
            if move == slot:
                move = free[(number + 1) % len(free)]
            held[move] = held.get(move, 0) + 1
            if held[move] >= len(available[move]):
                free.remove(move)
            row[column["date"]], row[column["daypart"]] = move
            kinds["moved"] += 1
        elif number % 5 == 3 and available.get(slot):
            staff = available[slot]
            row[column["staff"]] = staff[number % len(staff)]
            kinds["assigned"] += 1
        else:
            kinds["approved"] += 1
    with open(target, "w", newline="", encoding="utf-8") as out:
        lines = csv.writer(out, lineterminator="\r\n")
        lines.writerow(header)
        lines.writerows(rows)
    return kinds

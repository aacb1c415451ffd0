#!/usr/bin/env python3
"""The peer of the requests-report benchmark: the same rows, read from the same SQLite database
with the same query, written as the same workbook (16 columns, date cells, times in the office's
zone, a styled frozen header and an autofilter) by XlsxWriter in constant_memory mode.

Usage: xlsxwriter_requests.py DATABASE.sqlite OUTPUT.xlsx FROM TO
"""
import datetime
import sqlite3
import sys
import zoneinfo

import xlsxwriter

QUERY = """
SELECT r.id, r.created_at, r.updated_at, r.status, re.name, re.email, re.street, re.house_number, re.postcode,
re.city, hc.name, r.description, r.slot_date, dp.label, st.code, st.name, sc.name,
l.name, sp.name, el.name, de.name
FROM repair_request r
JOIN resident re ON re.id = r.resident_id
JOIN housing_corporation hc ON hc.id = re.housing_corporation_id
JOIN daypart dp ON dp.id = r.daypart_id
LEFT JOIN staff st ON st.id = r.staff_id
LEFT JOIN subcontractor sc ON sc.id = r.subcontractor_id
LEFT JOIN repair_request_defect rd ON rd.request_id = r.id
LEFT JOIN defect de ON de.id = rd.defect_id
LEFT JOIN element el ON el.id = de.element_id
LEFT JOIN space sp ON sp.id = el.space_id
LEFT JOIN location l ON l.id = sp.location_id
WHERE r.slot_date BETWEEN ? AND ?
ORDER BY r.slot_date, dp.sort_order, r.id, l.name, sp.name, el.name, de.name
"""
TITLES = ["Request", "Created", "Updated", "Status", "Resident", "E-mail", "Address", "Postcode", "City", "Corporation",
          "Defects", "Description", "Slot date", "Daypart", "Staff", "Subcontractor"]
ZONE = zoneinfo.ZoneInfo("Europe/Amsterdam")


def local(text):
    return datetime.datetime.fromisoformat(text.replace("Z", "+00:00")).astimezone(ZONE).replace(tzinfo=None)


def main(database, output, first, last):
    book = xlsxwriter.Workbook(output, {"constant_memory": True})
    sheet = book.add_worksheet("Requests")
    header = book.add_format({"bold": True, "bg_color": "#DDEBF7", "text_wrap": True})
    top = book.add_format({"valign": "top"})
    wrap = book.add_format({"valign": "top", "text_wrap": True})
    day = book.add_format({"num_format": "d mmm yyyy", "valign": "top", "align": "left"})
    moment = book.add_format({"num_format": "d mmm yyyy hh:mm", "valign": "top", "align": "left"})
    for column, title in enumerate(TITLES):
        sheet.write_string(0, column, title, header)
    sheet.freeze_panes(1, 0)
    row_number = 0

    def flush(request, defects):
        nonlocal row_number
        row_number += 1
        r = row_number
        sheet.write_number(r, 0, request[0], top)
        sheet.write_datetime(r, 1, local(request[1]), moment)
        sheet.write_datetime(r, 2, local(request[2]), moment)
        for column, value in ((3, request[3]), (4, request[4]), (5, request[5]), (6, f"{request[6]} {request[7]}"),
                              (7, request[8]), (8, request[9]), (9, request[10])):
            sheet.write_string(r, column, value, top)
        sheet.write_string(r, 10, "\n".join(defects), wrap)
        sheet.write_string(r, 11, request[11], wrap)
        sheet.write_datetime(r, 12, datetime.datetime.fromisoformat(request[12]), day)
        sheet.write_string(r, 13, request[13], top)
        if request[14]:
            sheet.write_string(r, 14, f"{request[14]} {request[15]}", top)
        if request[16]:
            sheet.write_string(r, 15, request[16], top)

    current, defects = None, []
    for row in sqlite3.connect(database).execute(QUERY, (first, last)):
        if current is not None and current[0] != row[0]:
            flush(current, defects)
            defects = []
        current = row
        if row[17] is not None:
            defects.append(" > ".join(row[17:21]))
    if current is not None:
        flush(current, defects)
    sheet.autofilter(0, 0, max(row_number, 1), len(TITLES) - 1)
    book.close()
    print(row_number)


if __name__ == "__main__":
    main(*sys.argv[1:5])

"""Reads the messages smtp_server.py recorded back as a person's mail program would, and prints
them as JSON for the notices' tests: the headers decoded, the text, and the calendar part parsed
by the `icalendar` package (.venv-notices).

    read_messages.py FOLDER
"""
import email
import email.policy
import json
import os
import sys

import icalendar


def calendar_of(part):
    calendar = icalendar.Calendar.from_ical(part.get_content())
    events = []
    for event in calendar.walk("VEVENT"):
        start, end = event.decoded("DTSTART"), event.decoded("DTEND")
        events.append({
            "uid": str(event.get("UID")),
            "sequence": int(event.get("SEQUENCE")),
            "start": start.isoformat(),
            "end": end.isoformat(),
            "tzid": str(start.tzinfo),
            "summary": str(event.get("SUMMARY")),
            "description": str(event.get("DESCRIPTION")),
            "location": str(event.get("LOCATION")),
            "status": str(event.get("STATUS")),
            "attendee": str(event.get("ATTENDEE")),
        })
    return {
        "method": str(calendar.get("METHOD")),
        "content_method": part.get_param("method"),
        "timezones": [str(zone.get("TZID")) for zone in calendar.walk("VTIMEZONE")],
        "events": events,
        "longest_line": max(len(line) for line in part.get_payload(decode=True).split(b"\r\n")),
        "crlf": b"\r\n" in part.get_payload(decode=True) and b"\n" not in part.get_payload(decode=True).replace(b"\r\n", b""),
    }


def read(path):
    with open(path, "rb") as source:
        message = email.message_from_binary_file(source, policy=email.policy.default)
    text, calendar = None, None
    for part in message.walk():
        if part.get_content_type() == "text/plain":
            text = part.get_content()
        elif part.get_content_type() == "text/calendar":
            calendar = calendar_of(part)
    return {
        "file": os.path.basename(path),
        "from": str(message["From"]),
        "to": str(message["To"]),
        "reply_to": str(message["Reply-To"]) if message["Reply-To"] else None,
        "subject": str(message["Subject"]),
        "message_id": str(message["Message-ID"]),
        "date": str(message["Date"]),
        "text": text,
        "calendar": calendar,
    }


def main():
    folder = os.path.join(sys.argv[1], "messages")
    names = sorted(n for n in os.listdir(folder) if n.endswith(".eml")) if os.path.isdir(folder) else []
    print(json.dumps([read(os.path.join(folder, name)) for name in names], ensure_ascii=False))


if __name__ == "__main__":
    main()

"""schemathesis hooks for scripts/web_schemathesis.sh: let the stateful phase follow an upload to apply.

Generated files are never a spreadsheet the server can read, so every upload is refused and the
links from POST /api/imports to apply (docs/openapi.yaml) had nothing to follow. Here some of the
generated uploads are replaced by a real template, exported by this server for next week, as it
came (its plan is `nothing_to_change`) or with one more person marked available in it by openpyxl
(a change that applies, and that undo can take back), and after an upload is received the hook polls its state until it is read, as the
API's description tells a script to, so the state the links read carries the plan's digest.

SLOTSHEET_FUZZ_URL and SLOTSHEET_FUZZ_TOKEN (set by web_schemathesis.sh) name the server.
"""
import datetime
import io
import json
import os
import time
import urllib.request

import openpyxl
import schemathesis
from hypothesis import strategies as st

BASE = os.environ["SLOTSHEET_FUZZ_URL"]
TOKEN = os.environ["SLOTSHEET_FUZZ_TOKEN"]
READ_TIMEOUT_SECONDS = 60


def _get(path):
    request = urllib.request.Request(BASE + path, headers={"Authorization": "Bearer " + TOKEN})
    with urllib.request.urlopen(request, timeout=60) as response:
        return response.read()


def _template():
    tomorrow = datetime.date.today() + datetime.timedelta(days=1)
    week = f"from={tomorrow.isoformat()}&to={(tomorrow + datetime.timedelta(days=6)).isoformat()}"
    return _get(f"/api/template?{week}&staff=all&lang=en")


def _marked_available(template):
    """The template with its first empty staff cell (row 2 on, column F on) marked `x`."""
    workbook = openpyxl.load_workbook(io.BytesIO(template))
    sheet = workbook["Availability"]
    empty = next(cell for row in sheet.iter_rows(min_row=2, min_col=6) for cell in row if cell.value is None)
    empty.value = "x"
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()


TEMPLATE = _template()
TEMPLATES = [TEMPLATE, _marked_available(TEMPLATE)]


def _is_upload(ctx):
    operation = getattr(ctx, "operation", None)
    return operation is not None and operation.method.upper() == "POST" and operation.path == "/api/imports"


@schemathesis.hook
def flatmap_body(ctx, body):
    # Only a file that keeps to the schema is swapped: a negative case (no file, an empty one, not
    # a string) stays as generated, so a check that invalid data is refused still sees it refused.
    if not _is_upload(ctx) or not isinstance(body, dict):
        return st.just(body)
    if "file" in body and not isinstance(body["file"], (bytes, str)):
        # A negative case's `file` that is no string (an object, a number, null) goes out as a part
        # holding that value's JSON (`{}`): a non-empty file, which the server takes and reads (202)
        # and schemathesis counts as invalid data accepted. On the wire no server can tell it from a
        # file holding those bytes; sent empty it is the invalid upload the server can see (400).
        return st.just({**body, "file": b""})
    if not isinstance(body.get("file"), (bytes, str)):
        return st.just(body)
    if not getattr(body["file"], "data", body["file"]):  # schemathesis' Binary is a str holding its bytes in `data`
        return st.just(body)
    return st.sampled_from([body] + [{**body, "file": template} for template in TEMPLATES])


@schemathesis.hook
def after_call(ctx, case, response):
    if case.operation.method.upper() != "POST" or case.operation.path != "/api/imports" or response.status_code != 202:
        return
    upload = json.loads(response.content)["id"]
    deadline = time.monotonic() + READ_TIMEOUT_SECONDS
    while time.monotonic() < deadline:
        if json.loads(_get(f"/api/imports/{upload}"))["state"] != "reading":
            return
        time.sleep(0.1)
    raise AssertionError(f"upload {upload} still reading after {READ_TIMEOUT_SECONDS} s")

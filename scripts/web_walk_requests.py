#!/usr/bin/env python3
"""The browser walk of the Requests page: a real Chromium (Debian's, driven by Playwright) decides
repair requests on a running `slotsheet serve` with the keyboard, checks every page with axe-core
(WCAG 2.0, 2.1 and 2.2, levels A and AA: no violation allowed), and writes a screenshot of each.

    web_walk_requests.py BASE_URL OUT_DIR   (SLOTSHEET_WALK_OFFICE / _ADMIN / _PASSWORD name the users)

Steps: sign in as office; the Requests page from the navigation; filter the new requests from
three days on; tick three with the keyboard and approve them: the preview says 3 approved, its
apply shows the result and the history the batch; "select all on this page" ticks the page's boxes
and clears them again; a cancel without a reason is refused with the boxes still ticked; two users
(office and admin) preview decisions on the same request, the first applies, the second is told
the plan changed (409); a request's page with its status log; the page in Dutch; the queue
downloaded as the requests workbook, two requests completed and one cancelled in it (openpyxl),
uploaded back: its preview, its apply, the requests' statuses and log on the page; a workbook with
a problem shown at its cell, with its error workbook.
Exits non-zero at the first step that does not hold, naming it.
"""
import os, re, sys, zipfile

import openpyxl
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import sync_playwright, expect

base, out = sys.argv[1].rstrip("/"), sys.argv[2]
office = os.environ.get("SLOTSHEET_WALK_OFFICE", "olga")
admin = os.environ.get("SLOTSHEET_WALK_ADMIN", "adam")
password = os.environ["SLOTSHEET_WALK_PASSWORD"]
chromium = os.environ.get("SLOTSHEET_CHROMIUM", "/usr/bin/chromium")
os.makedirs(out, exist_ok=True)
steps = []
axe = Axe()
WCAG = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]},
        "resultTypes": ["violations"]}
checked_pages = []


def step(name):
    steps.append(name)
    print(f"walk: {name}", flush=True)


def look(page, name):
    """A screenshot of the page, and axe-core's WCAG 2.2 A/AA rules on it: none may be violated."""
    page.screenshot(path=os.path.join(out, f"{len(steps):02d}-{name}.png"), full_page=True)
    results = axe.run(page, options=WCAG)
    checked_pages.append(name)
    if results.violations_count:
        raise SystemExit(f"walk: {name} ({page.url}) has {results.violations_count} WCAG violations:\n{results.generate_report()}")


def sign_in(page, name):
    page.goto(base + "/sign-in")
    page.fill("#name", name)
    page.fill("#password", password)
    page.click("main button[type=submit]")
    expect(page.locator("nav")).to_be_visible()


def tick_with_keyboard(page, ids):
    for request in ids:
        page.locator(f"#request-{request}").focus()
        page.keyboard.press("Space")
        expect(page.locator(f"#request-{request}")).to_be_checked()


def expect_preview(page, counts, changes, name):
    """A preview (of the page's own decision or of an upload, read off the request path: the page
    refreshes itself until it is) with these counts and as many changes; looked at as `name`."""
    for count in counts:
        expect(page.locator("p.counts")).to_contain_text(count, timeout=60_000)
    expect(page.locator("table.decision-changes tbody tr")).to_have_count(changes)
    look(page, name)


def apply_preview(page):
    page.click("text=Apply this decision")
    expect(page.locator(".message.ok")).to_contain_text("Applied as batch")


def upload_workbook(page, path):
    """The edited workbook sent back from the Requests page: its upload's page."""
    page.goto(base + "/requests")
    page.set_input_files("#requests-file", path)
    page.click("text=Check the workbook")
    expect(page).to_have_url(re.compile(r"/request-uploads/\d+$"))


def row_ids(page, status=None):
    rows = page.locator("table.requests tbody tr")
    found = []
    for index in range(rows.count()):
        cells = rows.nth(index).locator("td")
        if status is None or cells.nth(3).inner_text() == status:
            found.append(cells.nth(1).inner_text())
    return found


with sync_playwright() as playwright:
    browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
    # axe is put into the page by the test; the server's Content-Security-Policy would refuse it.
    context = browser.new_context(accept_downloads=True, locale="en-GB", viewport={"width": 1280, "height": 900}, bypass_csp=True)
    page = context.new_page()

    step("sign in as office: the Requests page from the navigation")
    sign_in(page, office)
    page.click("nav >> text=Requests")
    expect(page.locator("h1")).to_have_text("Repair requests")
    expect(page.locator("nav a[aria-current=page]")).to_have_text("Requests")
    if page.locator("table.requests tbody tr").count() > 200:
        raise SystemExit("walk: a page of the queue holds more than 200 requests")
    look(page, "requests")

    step("filter the new requests from three days on")
    page.select_option("#status", "new")
    page.fill("#from", "+3")
    page.click("text=Show")
    expect(page).to_have_url(re.compile(r"/requests\?status=new&from=%2B3"))
    new = row_ids(page, "new")
    if len(new) < 6:
        raise SystemExit(f"walk: only {len(new)} new requests from three days on")
    look(page, "requests-new")

    step("tick three with the keyboard and approve them: the preview")
    tick_with_keyboard(page, new[:3])
    page.locator("button[value=approve]").focus()
    page.keyboard.press("Enter")
    expect(page.locator("h1")).to_have_text("Preview of the decision")
    expect_preview(page, ["3 approved; 0 unchanged."], 3, "preview")

    step("apply it: the result, and the batch in the history")
    apply_preview(page)
    expect(page.locator("h1")).to_have_text("Decision applied")
    look(page, "result")
    page.click("text=See it in the history")
    expect(page.locator("main table tbody tr").first).to_contain_text("web: approve 3 requests")
    look(page, "history")

    step("select all on this page ticks every box, and clears them again")
    page.goto(base + "/requests?status=new&from=%2B3")
    page.locator("#select-all").focus()
    page.keyboard.press("Enter")
    boxes = page.locator("table.requests input[type=checkbox]")
    expect(page.locator("table.requests input[type=checkbox]:checked")).to_have_count(boxes.count())
    page.keyboard.press("Enter")
    expect(page.locator("table.requests input[type=checkbox]:checked")).to_have_count(0)

    step("a cancel without a reason is refused, the boxes still ticked")
    remaining = row_ids(page, "new")
    tick_with_keyboard(page, remaining[:1])
    with page.expect_response(lambda r: r.url.endswith("/requests/decisions")) as answer:
        page.click("button[value=cancel]")
    if answer.value.status != 422:
        raise SystemExit(f"walk: a cancel without a reason answered {answer.value.status}, not 422")
    expect(page.locator(".message.error")).to_contain_text("A cancellation needs a reason")
    expect(page.locator(f"#request-{remaining[0]}")).to_be_checked()
    look(page, "cancel-without-reason")

    step("two users decide on the same request: the first is applied, the second gets 409")
    other = browser.new_context(locale="en-GB", viewport={"width": 1280, "height": 900}, bypass_csp=True)
    second = other.new_page()
    sign_in(second, admin)
    target = remaining[0]
    page.goto(base + "/requests?status=new&from=%2B3")
    tick_with_keyboard(page, [target])
    page.click("button[value=approve]")
    expect(page.locator("p.counts")).to_have_text("1 approved; 0 unchanged.")
    second.goto(base + "/requests?status=new&from=%2B3")
    tick_with_keyboard(second, [target])
    second.fill("#note", "The tenant asked to cancel")
    second.click("button[value=cancel]")
    expect(second.locator("p.counts")).to_have_text("1 cancelled; 0 unchanged.")
    page.click("text=Apply this decision")
    expect(page.locator(".message.ok")).to_contain_text("Applied as batch")
    with second.expect_response(lambda r: r.url.endswith("/requests/decisions/apply")) as answer:
        second.click("text=Apply this decision")
    if answer.value.status != 409:
        raise SystemExit(f"walk: the second decider's apply answered {answer.value.status}, not 409")
    expect(second.locator(".message.error").first).to_contain_text("The plan changed")
    # The new plan starts from what the first decided: the request is approved now.
    expect(second.locator("table.decision-changes")).to_contain_text("approved -> cancelled")
    look(second, "plan-changed")
    other.close()

    step("the request's page shows its status log")
    page.goto(base + f"/requests/{target}")
    expect(page.locator("h1")).to_have_text(f"Request {target}")
    expect(page.locator("table.status-log tbody tr").last).to_contain_text("Requests page")
    expect(page.locator("table.status-log tbody tr").last).to_contain_text("new → approved")
    look(page, "request")

    step("the Requests page in Dutch")
    page.goto(base + "/requests")
    page.click("text=Nederlands")
    expect(page.locator("h1")).to_have_text("Reparatieverzoeken")
    look(page, "requests-nl")
    page.goto(base + f"/requests/{target}")
    expect(page.locator("h2")).to_have_text("Statuslogboek")
    look(page, "request-nl")
    page.click("text=English")

    step("the queue downloads as the requests workbook")
    page.goto(base + "/requests?status=approved")
    with page.expect_download() as download_info:
        page.click("text=Download these requests as a workbook")
    name = download_info.value.suggested_filename
    if not re.fullmatch(r"requests-\d{4}-\d{2}-\d{2}\.xlsx", name):
        raise SystemExit(f"walk: unexpected download name {name}")
    workbook = os.path.join(out, name)
    download_info.value.save_as(workbook)
    with zipfile.ZipFile(workbook) as archive:
        if "Requests" not in archive.read("xl/workbook.xml").decode():
            raise SystemExit("walk: the workbook has no sheet Requests")

    step("the workbook with decisions uploaded back: its preview")
    book = openpyxl.load_workbook(workbook)
    sheet = book["Requests"]
    header = [cell.value for cell in sheet[1]]
    status, note = header.index("status") + 1, header.index("note") + 1
    rows = [row for row in range(2, sheet.max_row + 1) if sheet.cell(row, status).value == "approved"]
    if len(rows) < 3:
        raise SystemExit(f"walk: only {len(rows)} approved requests in the workbook")
    completed = [str(sheet.cell(row, 1).value) for row in rows[:2]]
    cancelled = str(sheet.cell(rows[2], 1).value)
    for row in rows[:2]:
        sheet.cell(row, status).value = "completed"
    sheet.cell(rows[2], status).value = "cancelled"
    sheet.cell(rows[2], note).value = "The tenant fixed it himself"
    decided = os.path.join(out, "decided.xlsx")
    book.save(decided)
    upload_workbook(page, decided)
    expect_preview(page, ["2 completed", "1 cancelled"], 3, "upload-preview")

    step("apply the upload: the requests' statuses and their log on the page")
    apply_preview(page)
    look(page, "upload-applied")
    page.goto(base + "/requests?status=completed")
    if not set(completed) <= set(row_ids(page, "completed")):
        raise SystemExit(f"walk: requests {completed} are not completed on the Requests page")
    for request, change in [(completed[0], "approved → completed"), (cancelled, "approved → cancelled")]:
        page.goto(base + f"/requests/{request}")
        last = page.locator("table.status-log tbody tr").last
        expect(last).to_contain_text(change)
        expect(last).to_contain_text("file")
    expect(page.locator("table.status-log tbody tr").last).to_contain_text("The tenant fixed it himself")

    step("a workbook with a problem: shown at its cell, with its error workbook")
    sheet.cell(rows[0], status).value = "maybe"
    wrong = os.path.join(out, "wrong.xlsx")
    book.save(wrong)
    upload_workbook(page, wrong)
    expect(page.locator("main")).to_contain_text(f"Sheet Requests, cell {openpyxl.utils.get_column_letter(status)}{rows[0]}",
                                                 timeout=60_000)
    expect(page.locator("main")).to_contain_text("'maybe' is not a status.")
    look(page, "upload-refused")
    with page.expect_download() as download_info:
        page.click("text=Download the error workbook")
    errors = os.path.join(out, download_info.value.suggested_filename)
    download_info.value.save_as(errors)
    marked = openpyxl.load_workbook(errors)
    if marked.sheetnames != ["Requests", "Errors"] or "'maybe' is not a status." not in str(marked["Errors"]["C2"].value):
        raise SystemExit(f"walk: the error workbook {errors} holds {marked.sheetnames}, {marked['Errors']['C2'].value!r}")
    browser.close()

print(f"walk: {len(steps)} steps passed; axe found no WCAG 2.2 A/AA violation on {len(checked_pages)} pages "
      f"({', '.join(checked_pages)}); screenshots in {out}")

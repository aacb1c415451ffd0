#!/usr/bin/env python3
"""The browser walk of the web front: a real Chromium (Debian's, driven by Playwright) goes through
the office's round trip on a running `slotsheet serve`, and writes a screenshot of each page.

    web_walk.py BASE_URL OUT_DIR        (SLOTSHEET_WALK_OFFICE / _ADMIN / _PASSWORD name the users)

Steps: the sign-in page; home; download a template with the "next 4 weeks" shortcut; edit it with
openpyxl (one person marked available); upload it twice; wait for the reading to finish and check
the preview against the edit; apply the first; applying the second now says the plan changed and
shows why; another edit of the template exported before that apply is stale: the page says what
changed and applies the edit on top (its grid shows one +); the upload list; a CSV with problems
shows its lines and fixes, and its error workbook downloads and opens with openpyxl; history with both
attempts; the pages in Dutch after the language link; an office user gets 403 with a page on an
admin page, and sees the Lists page read-only (a download, no upload form); sign out; an admin
undoes the applied batch from the history; on the Lists page an admin downloads the dayparts,
edits a label with openpyxl, uploads it, sees the change before and after, applies it and finds
it in the history as a list batch.
Exits non-zero at the first step that does not hold, naming it.
"""
import datetime, os, re, sys, warnings

warnings.simplefilter("ignore")
import openpyxl
from playwright.sync_api import sync_playwright, expect

base, out = sys.argv[1].rstrip("/"), sys.argv[2]
office = os.environ.get("SLOTSHEET_WALK_OFFICE", "olga")
admin = os.environ.get("SLOTSHEET_WALK_ADMIN", "adam")
password = os.environ["SLOTSHEET_WALK_PASSWORD"]
chromium = os.environ.get("SLOTSHEET_CHROMIUM", "/usr/bin/chromium")
os.makedirs(out, exist_ok=True)
steps = []


def step(name):
    steps.append(name)
    print(f"walk: {name}", flush=True)


def shot(page, name):
    page.screenshot(path=os.path.join(out, f"{len(steps):02d}-{name}.png"), full_page=True)


def edit_template(source, target, skip=0):
    """Marks one person available in the first empty cell two or more days ahead (after `skip`
    empty ones); returns the cell."""
    book = openpyxl.load_workbook(source)
    records = list(book["_slotsheet"].iter_rows(values_only=True))
    data_sheet = next(r[2] for r in records if r[0] == "meta" and r[1] == "data_sheet")
    today = datetime.date.fromisoformat(next(r[2] for r in records if r[0] == "meta" and r[1] == "today"))
    sheet = book[data_sheet]
    for row in sheet.iter_rows(min_row=2):
        if row[0].value.date() < today + datetime.timedelta(days=2):
            continue
        for empty in (c for c in row[5:] if c.value is None):
            if skip > 0:
                skip -= 1
                continue
            empty.value = "x"
            book.save(target)
            return empty.coordinate
    raise SystemExit("walk: no empty cell to mark in the template")


def wait_until_read(page):
    """The page refreshes itself while the upload is read (its script, or the meta refresh without one)."""
    expect(page.locator(".state")).not_to_have_class(re.compile(r"\breading\b"), timeout=120_000)


with sync_playwright() as playwright:
    browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
    context = browser.new_context(accept_downloads=True, locale="en-GB", viewport={"width": 1200, "height": 900})
    page = context.new_page()

    step("no session: the sign-in page")
    page.goto(base + "/history")
    expect(page).to_have_url(re.compile(re.escape(base) + r"/sign-in\?next=(/|%2F)history$"))
    shot(page, "sign-in")

    step("a wrong password is refused")
    page.fill("#name", office)
    page.fill("#password", "not the password")
    page.click("button[type=submit]")
    expect(page.locator(".message.error")).to_contain_text("not right")

    step("sign in as office: back to the page asked for")
    page.fill("#name", office)
    page.fill("#password", password)
    page.click("main button[type=submit]")
    expect(page).to_have_url(base + "/history")
    page.click("nav >> text=Home")
    expect(page.locator("h1")).to_have_text("The next 4 weeks")
    shot(page, "home")

    step("download a template for the next 4 weeks, two staff")
    page.click("nav >> text=Download a template")
    page.click("text=Next 4 weeks")
    page.check("#staff-chosen")
    page.check("#staff-0")
    page.check("#staff-1")
    shot(page, "template")
    with page.expect_download() as download_info:
        page.click("main button[type=submit]")
    download = download_info.value
    template = os.path.join(out, download.suggested_filename)
    download.save_as(template)
    if not download.suggested_filename.startswith("availability-"):
        raise SystemExit(f"walk: unexpected download name {download.suggested_filename}")

    step("edit it with openpyxl: one person marked available")
    edited = os.path.join(out, "edited.xlsx")
    cell = edit_template(template, edited)
    print(f"walk: marked {cell}", flush=True)

    step("upload it twice and wait for the reading: the preview")
    previews = []
    for copy in range(2):
        page.click("nav >> text=Upload")
        if copy == 0:
            shot(page, "upload")
        page.set_input_files("#file", edited)
        page.click("main button[type=submit]")
        if copy == 0:
            shot(page, "reading")
        wait_until_read(page)
        expect(page.locator(".state")).to_have_text("ready for review")
        expect(page.locator(".message.info")).to_contain_text("1 added, 0 removed")
        previews.append(page.url)
    grid = page.locator("table.change-grid")
    expect(grid.locator("td.mark.added")).to_have_count(1)
    expect(grid.locator("td.mark.removed")).to_have_count(0)
    shot(page, "preview")

    step("apply the first: the upload is applied as a batch")
    page.goto(previews[0])
    page.click("text=Apply these changes")
    expect(page.locator(".state")).to_have_text("applied")
    expect(page.locator(".message.ok")).to_contain_text("Applied as batch")
    shot(page, "applied")

    step("apply the second: the plan changed since its preview, nothing applied, the reason shown")
    page.goto(previews[1])
    with page.expect_response(lambda r: r.url.endswith("/apply")) as answer:
        page.click("text=Apply these changes")
    if answer.value.status != 409:
        raise SystemExit(f"walk: applying a changed plan answered {answer.value.status}, not 409")
    expect(page.locator(".message.error").first).to_contain_text("The plan changed")
    # The first upload made the same change: the second's new plan changes nothing, and says so.
    expect(page.locator(".message.error").first).to_contain_text("1 cell no longer changes")
    expect(page.locator("main")).to_contain_text("Nothing to change")
    shot(page, "plan-changed")

    step("a stale template: what changed since export, and the office's edit applied on top")
    stale_edit = os.path.join(out, "stale-edit.xlsx")
    stale_cell = edit_template(template, stale_edit, skip=1)
    print(f"walk: marked {stale_cell} in the template exported before the apply", flush=True)
    page.click("nav >> text=Upload")
    page.set_input_files("#file", stale_edit)
    page.click("main button[type=submit]")
    wait_until_read(page)
    expect(page.locator(".message.error").first).to_contain_text("The database changed since this template was made")
    expect(page.locator("main h2", has_text="Apply your edits on top")).to_be_visible()
    expect(page.locator(".on-top .message.info")).to_contain_text("1 added, 0 removed")
    grid = page.locator(".on-top table.change-grid")
    expect(grid.locator("td.mark.added")).to_have_count(1)
    expect(grid.locator("td.mark.added")).to_have_text("+")
    expect(page.locator(".on-top .legend")).to_contain_text("+ : becomes available")
    shot(page, "stale")
    page.click("text=Apply my edits on top")
    expect(page.locator(".state")).to_have_text("applied")
    expect(page.locator(".message.ok")).to_contain_text("Applied as batch")
    shot(page, "applied-on-top")

    step("the upload list shows it")
    page.click("nav >> text=Uploads")
    expect(page.locator("table")).to_contain_text("edited.xlsx")
    expect(page.locator("tr", has_text="stale-edit.xlsx")).to_contain_text("Applied as batch")
    shot(page, "uploads")

    step("a CSV with problems shows each line and its fix")
    bad = os.path.join(out, "problems.csv")
    day = (datetime.date.today() + datetime.timedelta(days=10)).isoformat()
    with open(bad, "w", encoding="utf-8") as f:
        f.write(f"date,daypart,staff,available\r\n{day},D09,ANB,y\r\n{day},D09,NOBODY,x\r\n")
    page.click("nav >> text=Upload")
    page.set_input_files("#file", bad)
    page.click("main button[type=submit]")
    wait_until_read(page)
    expect(page.locator(".state")).to_have_text("refused")
    expect(page.locator("main table thead")).to_contain_text("How to fix it")
    if page.locator("main table tbody tr").count() < 2:
        raise SystemExit("walk: the problems table lists fewer than 2 problems")
    shot(page, "problems")

    step("the error workbook of the CSV downloads and opens: its Errors sheet lists the problems")
    with page.expect_download() as download_info:
        page.click("text=Download the error workbook")
    errors_path = os.path.join(out, "errors.xlsx")
    download_info.value.save_as(errors_path)
    errors_book = openpyxl.load_workbook(errors_path)
    if "Errors" not in errors_book.sheetnames or "CSV" not in errors_book.sheetnames:
        raise SystemExit(f"walk: the error workbook has sheets {errors_book.sheetnames}")
    listed = [r for r in errors_book["Errors"].iter_rows(min_row=2, values_only=True) if any(r)]
    if len(listed) < 2:
        raise SystemExit(f"walk: the error workbook lists {len(listed)} problems, not 2")
    print(f"walk: error workbook {download_info.value.suggested_filename}: {len(listed)} problems listed", flush=True)

    step("history: the applied batch and the refused attempt")
    page.click("nav >> text=History")
    expect(page.locator("main table")).to_contain_text("plan changed since the preview")
    expect(page.locator("main table")).to_contain_text("applied")
    if page.locator("text=Undo").count() != 0:
        raise SystemExit("walk: an office user is offered undo")
    shot(page, "history")

    step("the pages in Dutch after the language link")
    page.click("text=Nederlands")
    expect(page.locator("h1")).to_have_text("Geschiedenis")
    page.click("nav >> text=Start")
    expect(page.locator("h1")).to_have_text("De komende 4 weken")
    shot(page, "home-nl")
    page.click("nav >> text=Uploads")
    shot(page, "uploads-nl")
    page.click("text=English")

    step("an office user gets 403 with a page saying what is missing")
    response = page.goto(base + "/users")
    if response.status != 403:
        raise SystemExit(f"walk: /users answered {response.status} for an office user")
    expect(page.locator(".message.error")).to_contain_text("admin role")
    shot(page, "forbidden")

    step("office: the Lists page is read-only, its lists download")
    page.click("nav >> text=Lists")
    expect(page.locator(".message.info")).to_contain_text("only an administrator can change them")
    if page.locator("input[type=file]").count() != 0:
        raise SystemExit("walk: an office user is offered a list upload")
    with page.expect_download() as list_info:
        page.locator("#list-staff button").click()
    if not list_info.value.suggested_filename.startswith("staff-"):
        raise SystemExit(f"walk: unexpected list download name {list_info.value.suggested_filename}")
    shot(page, "lists-office")

    step("sign out")
    page.click("header >> text=Sign out")
    expect(page.locator(".message.ok")).to_contain_text("signed out")
    shot(page, "signed-out")

    step("an admin undoes the applied batch from the history")
    page.fill("#name", admin)
    page.fill("#password", password)
    page.click("main button[type=submit]")
    page.click("nav >> text=History")
    page.locator("main form button", has_text="Undo").first.click()
    expect(page.locator(".message.ok")).to_contain_text("was undone as batch")
    expect(page.locator("main table")).to_contain_text("undone by batch")
    shot(page, "undone")

    step("admin: a daypart's label edited in its list, previewed, applied, in the history")
    page.click("nav >> text=Lists")
    with page.expect_download() as list_info:
        page.locator("#list-dayparts button.secondary").click()
    dayparts = os.path.join(out, list_info.value.suggested_filename)
    list_info.value.save_as(dayparts)
    book = openpyxl.load_workbook(dayparts)
    sheet = book["Dayparts"]
    header = next(row[0].row for row in sheet.iter_rows() if row[0].value == "code")
    label = sheet.cell(row=header + 1, column=2)
    old_label, label.value = label.value, f"{label.value} (walk)"
    edited_list = os.path.join(out, "dayparts-edited.xlsx")
    book.save(edited_list)
    page.set_input_files("#file-dayparts", edited_list)
    shot(page, "lists-admin")
    page.locator("#list-dayparts button.primary").click()
    expect(page.locator("h1")).to_contain_text("List Dayparts")
    expect(page.locator(".message.info")).to_contain_text("0 added, 1 changed, 0 made inactive")
    expect(page.locator("main table")).to_contain_text(f"{old_label} (walk)")
    shot(page, "list-preview")
    page.locator("main form button", has_text="Apply these changes").click()
    expect(page.locator(".message.ok")).to_contain_text("Applied as batch")
    page.click("nav >> text=History")
    expect(page.locator("main table tbody tr").first).to_contain_text("list Dayparts")
    shot(page, "list-history")
    browser.close()

print(f"walk: {len(steps)} steps passed; screenshots in {out}")

"""Managing a knowledge base from the workspace, in Chromium: upload progress that survives
leaving the Uploads view (the job's state is the server's), a typed reason for every file
skipped (duplicates and files left out included), and deleting a document and a knowledge
base, each behind a confirmation that names it.

On its own knowledge base (`scratch`), deleted at the end: the other modules' state is
untouched. The tests run in file order on one tab (each needs the last).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.browser.conftest import ADMIN, barring_violations, sign_in

KB = "scratch"
ADMIN_HEADERS = {"Authorization": f"Bearer {ADMIN}"}

pytestmark = pytest.mark.slow


def api_get(server: Any, path: str) -> Any:
    response = httpx.get(server.url + path, headers=ADMIN_HEADERS)
    response.raise_for_status()
    return response.json()


def test_upload_progress_survives_leaving_the_view(
    page: Any, server: Any, data_room: list[Path]
) -> None:
    created = httpx.post(f"{server.url}/v1/kbs", json={"name": KB}, headers=ADMIN_HEADERS)
    assert created.status_code == 201, created.text
    sign_in(page, ADMIN)
    page.wait_for_selector("text=New knowledge base")
    page.goto(f"{server.url}/#/kb/{KB}/uploads")
    page.wait_for_selector(f"h2:text-is('Upload to {KB}')")
    # The whole data room (a scanned page read by OCR among it): tens of seconds, so the
    # job still runs when the view is left and opened again.
    page.set_input_files("#upload-files", [str(p) for p in data_room])
    job_id = page.locator(".job").first.get_attribute("data-job")
    page.click("#nav a[data-view=docs]")
    page.wait_for_selector(f"h2:text-is('Documents in {KB}')")
    page.click("#nav a[data-view=uploads]")
    page.wait_for_selector(f"h2:text-is('Upload to {KB}')")
    panel = page.locator(f".job[data-job='{job_id}']")
    panel.wait_for(timeout=10_000)  # read from the server, not kept by the page
    running = api_get(server, f"/v1/kbs/{KB}/ingestions/{job_id}")
    assert running["status"] in ("queued", "running"), "the job ended before the view came back"
    panel.locator(".badge.completed").wait_for(timeout=600_000)
    total = len(data_room)
    assert f"{total} of {total} files done" in panel.locator(".progress-text").text_content()
    # The list of jobs, drawn while the job ran, shows it finished, not "running 0 of N".
    row = page.locator("#view tbody tr", has=page.locator(f"button:text-is('{job_id}')"))
    row.locator(".badge.completed").wait_for(timeout=10_000)
    cells = row.locator("td").all_text_contents()
    assert cells[2:4] == [str(total), str(total)], cells


def test_every_skipped_file_has_a_typed_reason(
    page: Any, data_room: list[Path], tmp_path: Path
) -> None:
    again = data_room[0]  # already in the knowledge base: a duplicate
    note = tmp_path / "notes.txt"
    note.write_text("not a PDF")
    page.set_input_files("#upload-files", [str(again), str(note)])
    panel = page.locator(".job").first
    panel.locator(".badge.completed").wait_for(timeout=300_000)
    duplicate = panel.locator("tbody tr[data-status=duplicate]")
    assert duplicate.locator("td").first.text_content() == again.name
    assert duplicate.locator("td code").text_content() == "duplicate"
    assert f"already ingested as {again.name}" in duplicate.text_content()
    # The file the page left out before uploading is named with its reason too.
    left_out = page.locator(".left-out li")
    assert left_out.count() == 1
    assert left_out.locator("code").text_content() == "not_pdf"
    assert "notes.txt" in left_out.text_content()


def confirm_dialog(page: Any, named: str) -> Any:
    """The open confirmation: it names what goes, and Cancel has the focus."""
    dialog = page.locator("dialog.confirm[open]")
    dialog.wait_for()
    assert named in dialog.text_content()
    assert dialog.get_by_role("button", name="Cancel").evaluate(
        "(e) => e === document.activeElement"
    )
    return dialog


def test_delete_a_document_behind_a_confirmation(page: Any, server: Any) -> None:
    page.click("#nav a[data-view=docs]")
    page.wait_for_selector("tr[data-doc]")
    before = page.locator("tr[data-doc]").count()
    name = page.locator("tr[data-doc]").first.get_attribute("data-doc")
    delete = page.get_by_role("button", name=f"Delete {name}", exact=True)
    delete.click()
    dialog = confirm_dialog(page, name)
    assert not barring_violations(page, "the confirmation")
    dialog.get_by_role("button", name="Cancel").click()
    assert page.locator("dialog.confirm[open]").count() == 0
    assert page.locator("tr[data-doc]").count() == before
    delete.click()
    confirm_dialog(page, name).get_by_role("button", name="Delete", exact=True).click()
    page.locator(f"tr[data-doc='{name}']").wait_for(state="detached")
    page.wait_for_selector("tr[data-doc]")  # the list drawn again from the server
    assert page.locator("tr[data-doc]").count() == before - 1
    assert page.locator(f"tr[data-doc='{name}']").count() == 0
    assert name not in [d["name"] for d in api_get(server, f"/v1/kbs/{KB}/documents")]


def test_delete_a_knowledge_base_behind_a_confirmation(page: Any, server: Any) -> None:
    page.click("#nav a[data-view=kbs]")
    page.wait_for_selector("#view table tbody tr")
    delete = page.get_by_role("button", name=f"Delete {KB}", exact=True)
    delete.click()
    confirm_dialog(page, KB)
    page.keyboard.press("Escape")  # the keyboard's way to cancel
    assert page.locator("dialog.confirm[open]").count() == 0
    assert KB in [k["name"] for k in api_get(server, "/v1/kbs")]
    delete.click()
    confirm_dialog(page, KB).get_by_role("button", name="Delete", exact=True).click()
    page.get_by_role("link", name=KB, exact=True).wait_for(state="detached")
    assert KB not in [k["name"] for k in api_get(server, "/v1/kbs")]
    assert page.locator(f"#kb-select option[value={KB}]").count() == 0

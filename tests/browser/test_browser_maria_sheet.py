"""Maria's army sheet has its own controls: while the sheets are written in secret (§4), each
general's row has − and + (the rules' untroop and troop), the choices bar does not repeat them,
and the sheet says how many troops are left; and the movement prompt names whose move it is on
the Flanders map while Austria and the Pragmatic Army alternate (§10.1), in both languages."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from test_browser_client import create_by_api, wait_settled
from test_browser_experience import SIZES, WORDS_JS, console_watch, pass_the_device, to_italian

pytestmark = pytest.mark.browser

# each row of the sheet: the general, its troops, its − and + (the action each sends, or null)
SHEET = """() => [...document.querySelectorAll('.ma-sheet tbody tr')].map((r) => {
  const act = (cls) => { const b = r.querySelector(cls); return b && !b.disabled ? JSON.parse(b.dataset.target) : null; };
  return [r.dataset.general, Number(r.querySelector('.ma-troops').textContent), act('.ma-untroop'), act('.ma-troop')];
})"""


def sheet_rows(page: Any) -> list[list[Any]]:
    page.wait_for_selector(".ma-sheet .ma-troop")
    return list(page.evaluate(SHEET))


def press(page: Any, selector: str) -> list[list[Any]]:
    """Press a button of the sheet and wait for the sheet to be drawn again with its result."""
    before = page.evaluate(SHEET)
    page.locator(selector).click()
    page.wait_for_function(f"(before) => JSON.stringify(({SHEET})()) !== JSON.stringify(before)", arg=before)
    return sheet_rows(page)


@pytest.mark.parametrize("size", SIZES)
def test_4_the_army_sheet_is_written_with_its_own_controls(pages: Any, artifacts: Path, size: str) -> None:
    page = pages.new(*SIZES[size])
    noise = console_watch(page)
    page.goto("/")
    mid = create_by_api(
        page, "maria", {"theresa": "hotseat", "frederick": "hotseat", "louis": "hotseat"}, seed=1
    )
    page.goto(f"/play/{mid}")
    wait_settled(page)
    pass_the_device(page)
    wait_settled(page)
    rows = sheet_rows(page)
    role = page.evaluate("document.body.dataset.role")
    legal = page.request.get(f"/api/matches/{mid}/view?role={role}").json()["view"]["actions"]
    # every control sends a legal action, and every troop the rules offer has its +
    sent = [a for _, _, minus, plus in rows for a in (minus, plus) if a]
    assert sent and all(a in legal for a in sent), (sent, legal)
    assert sorted(map(json.dumps, (a for a in legal if a[0] == "troop"))) == sorted(
        json.dumps(plus) for _, _, _, plus in rows if plus
    )
    # the choices bar leaves them to the sheet and points at it
    assert not page.locator("#choices [data-action*='troop']").count()
    assert "army sheet" in page.locator("#prompt").inner_text()
    left = page.locator(".ma-sheet .ma-left").inner_text()
    general, troops, _, _ = next(r for r in rows if r[3])
    rows = press(page, f".ma-sheet tr[data-general='{general}'] .ma-troop")
    assert dict((g, t) for g, t, _, _ in rows)[general] == troops + 1
    assert page.locator(".ma-sheet .ma-left").inner_text() != left
    # the troop given can be taken back from the same row
    row = next(r for r in rows if r[0] == general)
    assert row[2] == ["untroop", general], row
    # (in one step: a push may draw the sheet again under a locator)
    page.evaluate("document.querySelector('.ma-sheet').scrollIntoView({block: 'center'})")
    page.screenshot(path=str(artifacts / f"maria-sheet-{size}.png"))
    rows = press(page, f".ma-sheet tr[data-general='{general}'] .ma-untroop")
    assert dict((g, t) for g, t, _, _ in rows)[general] == troops
    assert page.locator(".ma-sheet .ma-left").inner_text() == left
    # in Italian the sheet's controls are named in Italian
    to_italian(page)
    sheet_rows(page)
    assert "Assegna" in page.locator(".ma-sheet thead").inner_text()
    label = page.locator(f".ma-sheet tr[data-general='{general}'] .ma-troop").get_attribute("aria-label")
    assert label and label.startswith("Una truppa in più"), label
    assert not noise, noise


def test_10_1_the_flanders_turn_reads_in_both_languages(pages: Any) -> None:
    """The prompt the rules give while Austria and the Pragmatic Army alternate, as the page's
    catalogue renders it."""
    page = pages.new()
    page.goto("/")
    items = [
        ["prompt.move_flanders", {"power": "pragmatic_army"}],
        ["prompt.move_flanders", {"power": "austria"}],
    ]
    en = page.evaluate(WORDS_JS, ["maria", "advanced", "en", items])
    it = page.evaluate(WORDS_JS, ["maria", "advanced", "it", items])
    assert "On the Flanders map the Pragmatic Army moves next" in en[0], en
    assert "On the Flanders map Austria moves next" in en[1], en
    assert "Fiandre muove ora: l'Armata Pragmatica" in it[0], it
    assert "Fiandre muove ora: Austria" in it[1], it

"""The analysis board in the browser: a position pasted in, a move played by clicking the board,
a step back and forward, and a shared link that opens the same position and moves."""

from __future__ import annotations

import base64
import json
import re
from pathlib import Path
from typing import Any

from tavola.core.game import Game
from tavola.core.position import read

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "antike-ii" / "6.1-yellow.yaml"


def _step(page: Any, n: int) -> None:
    page.wait_for_function(f"document.body.dataset.step === '{n}'")


def test_analysis_board_loads_a_position_plays_a_move_and_shares_a_link(
    pages: Any, app_url: str, artifacts: Path
) -> None:
    page = pages.new()
    page.goto("/analysis")
    page.wait_for_selector("body[data-analysis=ready]")
    page.fill("#an-text", "game: antike-ii\nnations: [{nation: romans}]")
    page.click("#an-open")
    page.wait_for_selector("#an-error:not([hidden])")
    assert "nations" in page.inner_text("#an-error")  # the faulty item is named

    page.fill("#an-text", EXAMPLE.read_text())
    page.click("#an-open")
    page.wait_for_selector(".rondel-space[data-space=aurum][data-target]")
    _step(page, 0)
    page.click(".rondel-space[data-space=aurum]")  # AURUM for Yellow, by a click on the rondel
    _step(page, 1)
    page.click("#tab-moves")
    assert "aurum" in page.inner_text("#an-moves")
    page.click("#an-back")
    _step(page, 0)
    page.click("#an-forward")
    _step(page, 1)
    page.screenshot(path=str(artifacts / "analysis-antike-ii.png"))

    page.click("#an-share")
    page.wait_for_selector("#an-link:not([hidden])")
    link = page.input_value("#an-link")
    fragment = link.split("#", 1)[1]
    shared = json.loads(base64.urlsafe_b64decode(fragment + "=" * (-len(fragment) % 4)))
    assert shared["m"] == [["romans", "rondel", "aurum"]]

    other = pages.new()
    other.goto(link)
    _step(other, 1)
    other.wait_for_selector("#prompt .prompt-text")
    # the same position and move, read back from the server: the book's 4 gold and 1 coin
    answer = other.request.post(
        f"{app_url}/api/analysis", data={"position": shared["p"], "actions": shared["m"]}
    )
    romans = next(n for n in answer.json()["position"]["nations"] if n["nation"] == "romans")
    assert romans["purse"] == {"gold": 4, "coin": 1}


def test_analysis_board_opens_an_uploaded_file_in_italian(pages: Any) -> None:
    page = pages.new()
    page.goto("/analysis")
    page.wait_for_selector("body[data-analysis=ready]")
    page.evaluate("document.querySelector('[data-set-lang=it]').click()")
    page.wait_for_function("document.querySelector('#an-open').textContent === 'Apri'")
    assert page.inner_text("#an-share") == "Condividi un link"
    page.set_input_files("#an-file", str(EXAMPLE))
    page.wait_for_selector(".rondel-space[data-space=aurum][data-target]")
    _step(page, 0)
    assert page.locator("#an-role option").first.inner_text() == "Chi deve agire"
    # a worked example of Italia, chosen from the list, opens with the book's nine moves played
    page.click("#an-open-box summary")
    page.wait_for_selector("#an-example option[value='italia-i/9.3-apulia']", state="attached")
    page.select_option("#an-example", "italia-i/9.3-apulia")
    page.click("#an-open")
    _step(page, 9)
    page.click("#an-back")
    _step(page, 8)
    page.evaluate("document.querySelector('[data-set-lang=en]').click()")
    page.wait_for_function("document.querySelector('#an-open').textContent === 'Open'")


def test_replay_opens_a_record_that_starts_from_a_position(pages: Any, app_url: str) -> None:
    """A disputed situation and its continuation in one file: imported, replayed from the
    position, and opened on the analysis board at the step shown."""
    g = Game.from_position(None, read(EXAMPLE)["position"], seed=3)
    g.apply("romans", ["rondel", "aurum"])
    while len(g.actions) < 3:
        role = g.active_roles[0]
        g.apply(role, list(g.legal_actions(role)[0]))
    page = pages.new()
    page.goto("/")
    imported = page.request.post(f"{app_url}/api/records", data=g.record())
    assert imported.status == 201, imported.text()
    page.goto(f"/replay/{imported.json()['match']['id']}")
    page.wait_for_function("document.body.dataset.step === '3'", timeout=60000)
    assert page.inner_text("#rp-total") == "3"
    page.click("#rp-first")
    _step(page, 0)
    page.wait_for_selector(".rondel-space[data-space=aurum]")
    page.click("#rp-next")
    _step(page, 1)
    page.wait_for_selector("#rp-analysis:not([hidden])")
    page.click("#rp-analysis")
    page.wait_for_url(re.compile(r"/analysis#"))
    _step(page, 1)
    page.click("#tab-moves")
    assert "aurum" in page.inner_text("#an-moves")
    shared = page.url.split("#", 1)[1]
    board = json.loads(base64.urlsafe_b64decode(shared + "=" * (-len(shared) % 4)))
    assert board["p"] == g.start and board["m"] == [["romans", "rondel", "aurum"]]

"""The analysis board in the browser: a position pasted in, a move played by clicking the board,
a step back and forward, and a shared link that opens the same position and moves."""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any

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
    page.evaluate("document.querySelector('[data-set-lang=en]').click()")
    page.wait_for_function("document.querySelector('#an-open').textContent === 'Open'")

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


SECRET = """\
game: maria
players: 3
turn:
  number: 1
  stage: retro
  group: 2
  pending:
  - {s: sequence}
  - {s: combat, group: 2, attacks: [[neisse, grottkau]]}
generals:
  neipperg: {city: neisse, troops: '?'}
  khevenhuller: {city: olmutz, troops: '?'}
  friedrich_der_grosse: {city: grottkau, troops: 2}
  schwerin: {city: grottkau, troops: 2}
totals: {austria: 9}
hands:
  austria: 4
  prussia: [5-spades, 4-spades, 3-spades]
"""
"""The §11.1 battle as Frederick knows it: not Austria's cards, nor how its 9 troops are shared."""

TARGETS = ".cell.target, #board-extra [data-target], #choices button:not(.btn-undo)"


def test_4_analysis_board_plays_a_secret_game_from_one_viewpoint(pages: Any, artifacts: Path) -> None:
    """§4, §6, §8: the position leaves Austria's hand and troops unknown; the board says how it
    filled them in, plays from Frederick's viewpoint (Theresa's moves made on the server, never
    shown), and no answer the page receives for that viewpoint holds Austria's secrets."""
    page = pages.new()
    answers: list[dict[str, Any]] = []

    def keep(response: Any) -> None:
        if response.url.endswith("/api/analysis") and response.ok:
            answers.append(response.json())

    page.on("response", keep)
    page.goto("/analysis")
    page.wait_for_selector("body[data-analysis=ready]")
    page.fill("#an-text", SECRET)
    page.click("#an-open")
    page.wait_for_selector("#an-secret:not([hidden])")
    assert page.locator("#an-role option[value='']").count() == 0  # no "side to act" viewpoint
    page.select_option("#an-role", "frederick")
    page.wait_for_function("document.querySelector('#an-hidden').textContent.includes('Frederick')")
    filled = page.inner_text("#an-filled")
    assert "4 tactical cards of Austria" in filled and "Neipperg" in filled and "9 troops" in filled
    page.wait_for_selector("#an-others:not([hidden])")
    assert "Maria Theresa" in page.inner_text("#an-others")
    page.click("#an-others")  # Theresa attacks and plays, on the server
    _step(page, 1)
    # Whether her battle needs Frederick's answer depends on how the seed filled her troops: the
    # others play on, on the server, until he is asked.
    while page.is_visible("#an-others"):
        before = int(page.get_attribute("body", "data-step") or 0)
        assert before < 8, "Frederick is never asked"
        page.click("#an-others")
        page.wait_for_function(f"Number(document.body.dataset.step) > {before}")
    played = int(page.get_attribute("body", "data-step") or 0)
    page.click("#tab-moves")
    assert "not shown" in page.inner_text("#an-moves")
    page.wait_for_selector(TARGETS)
    page.locator(TARGETS).first.click()  # Frederick answers
    _step(page, played + 1)
    page.screenshot(path=str(artifacts / "analysis-maria-frederick.png"))
    page.click("#an-share")
    page.wait_for_selector("#an-link:not([hidden])")
    fragment = page.input_value("#an-link").split("#", 1)[1]
    shared = json.loads(base64.urlsafe_b64decode(fragment + "=" * (-len(fragment) % 4)))
    assert shared["r"] == "frederick" and shared["m"][0] == ["theresa", "@bot"]
    assert shared["m"][-1][0] == "frederick" and all(m[1] == "@bot" for m in shared["m"][:-1])

    seen = [a for a in answers if a["role"] == "frederick"]
    assert len(seen) >= 3
    for answer in seen:
        assert set(answer["moves"]) <= {"frederick"}
        assert set(answer["view"]["hands"]) <= {"prussia", "saxony"}
        assert isinstance(answer["position"]["hands"].get("austria", 0), int)
        assert all(
            g["troops"] == "?"
            for gid, g in answer["position"]["generals"].items()
            if gid in ("neipperg", "khevenhuller") and g["city"]
        )
        assert "troops" not in answer["view"]["generals"]["khevenhuller"]
        assert not [ev for ev in answer["view"]["log"] if "to" in ev and "frederick" not in ev["to"]]

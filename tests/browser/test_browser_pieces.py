"""Pieces chosen on the map: in Italia the counters of the group being gathered (§9.0), in
Antike II the legions and galleys to move (§8.1) are tapped on the board itself, the choice is
marked on the map and in the prompt, and a tap sends only an action the rules offer."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from test_browser_client import create_by_api, roles_of, wait_ready, wait_settled
from test_browser_experience import SIZES, console_watch

from tavola.core.game import Game
from tavola.core.rules import Action

pytestmark = pytest.mark.browser

SEED = 3

# every piece the page made tappable, with the action it sends
PIECES = """() => [...document.querySelectorAll('.map .pieces [data-target]')].map((n) =>
  [n.getAttribute('aria-label'), JSON.parse(n.dataset.target), n.closest('[data-area]').dataset.area])"""


def actions_until(game: str, scenario: str, until: str, pick: Any) -> list[tuple[str, Action]]:
    """The actions of a game of this seed, ``pick(prompt, legal)`` each, up to the first prompt
    ``until``."""
    g = Game(game, scenario, seed=SEED)
    out: list[tuple[str, Action]] = []
    for _ in range(400):
        role = g.active_roles[0]
        legal = [a for a in g.legal_actions(role) if a != ("undo",)]
        prompt = g.view(role)["prompt"]
        if prompt["text"] == until:
            return out
        action = pick(prompt, legal)
        g.apply(role, action)
        out.append((role, action))
    raise AssertionError("the position was not reached")


def italia_first_move(prompt: dict[str, Any], legal: list[Action]) -> Action:
    """Every step ended at once, but the first area offered to move from is picked."""
    return legal[0] if prompt["text"] == "it.p.move" or ("done",) not in legal else ("done",)


def to_movere(prompt: dict[str, Any], legal: list[Action]) -> Action:
    """Every nation to a Movere space of the rondel as soon as it can."""
    return next((a for a in legal if a[0] == "rondel" and str(a[1]).startswith("movere")), legal[0])


def open_at(
    pages: Any, game: str, size: str, moves: list[tuple[str, Action]], seed: int = SEED
) -> tuple[Any, list[str], str]:
    """A hot-seat game of this seed with ``moves`` played through the API, its page open."""
    page = pages.new(*SIZES[size])
    noise = console_watch(page)
    page.goto("/")
    mid = create_by_api(page, game, dict.fromkeys(roles_of(page, game), "hotseat"), seed=seed)
    for i, (role, action) in enumerate(moves):
        res = page.request.post(
            f"/api/matches/{mid}/actions", data={"role": role, "action": list(action), "step": i}
        )
        assert res.ok, res.text()
    page.goto(f"/play/{mid}")
    wait_ready(page)
    page.wait_for_function(f"Number(document.body.dataset.step) === {len(moves)}")
    wait_settled(page)
    return page, noise, mid


def open_with_pieces(
    pages: Any, game: str, size: str, moves: list[tuple[str, Action]]
) -> tuple[Any, list[str], list[Any], list[list[Any]]]:
    """The page at that position, the pieces it made tappable and the legal actions of the seat
    to play: every tappable piece sends one of them."""
    page, noise, mid = open_at(pages, game, size, moves)
    page.wait_for_selector(".map .pieces .piece-target")
    pieces = page.evaluate(PIECES)
    role = page.evaluate("document.body.dataset.role")
    legal = page.request.get(f"/api/matches/{mid}/view?role={role}").json()["view"]["actions"]
    assert pieces and all(action in legal for _, action, _ in pieces), (pieces, legal)
    return page, noise, pieces, legal


def tap(page: Any, selector: str) -> None:
    """Tap a piece and wait for the move it sent to be drawn."""
    before = page.evaluate("document.body.dataset.step")
    page.locator(selector).first.click()
    page.wait_for_function(f"document.body.dataset.step !== '{before}'")
    page.wait_for_function("!document.body.classList.contains('busy')")


def offers_to_leave(page: Any) -> None:
    """The prompt speaks of putting units back exactly when a Put back action is offered."""
    prompt = page.locator("#prompt-text").inner_text()
    role = page.evaluate("document.body.dataset.role")
    mid = page.url.rsplit("/play/", 1)[1].split("?")[0]
    legal = page.request.get(f"/api/matches/{mid}/view?role={role}").json()["view"]["actions"]
    assert ("put some back" in prompt) == any(a[0] == "drop" for a in legal), (prompt, legal)


@pytest.mark.parametrize("size", SIZES)
def test_9_0_italia_counters_are_gathered_on_the_map(pages: Any, artifacts: Path, size: str) -> None:
    # the Celts' first movement: Mediolanum picked, its infantry and Brennus still to gather
    moves = actions_until("italia-i", "standard", "it.p.move.group", italia_first_move)
    page, noise, pieces, _ = open_with_pieces(pages, "italia-i", size, moves)
    labels = {label for label, _, _ in pieces}
    assert {"Gather: infantry", "Gather the leader: Brennus"} <= labels, labels
    group_area = pieces[0][2]
    assert all(area == group_area for _, _, area in pieces)
    offers_to_leave(page)
    # the area being gathered is marked, and the prompt says what a tap does
    assert page.locator(f".cell.selected[data-area='{group_area}']").count() == 1
    assert "on the map" in page.locator(".prompt-note").inner_text()
    tap(page, ".map .pieces .piece-target[data-kind=infantry]")
    page.wait_for_selector(".map .counter.gathered[data-kind=infantry]")
    assert re.search(r"Gathered in Mediolanum: 1 infantry unit", page.locator(".prompt-note").inner_text())
    offers_to_leave(page)
    tap(page, ".map .pieces .piece-target[data-kind=infantry]")
    page.wait_for_function(
        "document.querySelector('.map .counter.gathered[data-kind=infantry]')?.dataset.n === '2'"
    )
    assert "2 infantry units" in page.locator(".prompt-note").inner_text()
    # the group can now go: the areas it may enter are targets on the map
    assert page.locator(".map .cell.target").count() >= 1
    page.screenshot(path=str(artifacts / f"pieces-italia-{size}.png"))
    # "put some back" only once the group has moved and may leave units behind (§8.3)
    for _ in range(3):
        offers_to_leave(page)
        if not page.locator(".map .cell.target").count():
            break
        before = page.evaluate("document.body.dataset.step")
        page.locator(".map .cell.target").first.dispatch_event("click")
        page.wait_for_function(f"document.body.dataset.step !== '{before}'")
        wait_settled(page)
        if page.locator("#prompt-text").inner_text().find("Mediolanum") < 0:
            break
    assert not noise, noise


@pytest.mark.parametrize("size", SIZES)
def test_8_1_antike_legions_and_galleys_are_picked_on_the_map(pages: Any, artifacts: Path, size: str) -> None:
    # the nations go to the Movere spaces of the rondel: the first to move is asked which unit
    moves = actions_until("antike-ii", "orient", "prompt.move", to_movere)
    page, noise, pieces, legal = open_with_pieces(pages, "antike-ii", size, moves)
    # every unit the rules let move is on the map as a token to tap
    movable = [a for a in legal if a[0] in ("legion", "galley")]
    assert sorted(map(json.dumps, movable)) == sorted(
        json.dumps(a) for _, a, _ in pieces if a[0] in ("legion", "galley")
    )
    label, action, region = next(p for p in pieces if p[1][0] == "legion")
    assert label.startswith("Legion: "), label
    tap(page, f".map .pieces [data-target='{json.dumps(action, separators=(',', ':'))}']")
    # the picked legion is ringed, its region marked, and the prompt asks where it goes
    page.wait_for_selector(f".map [data-area='{region}'] .token-ring")
    assert page.locator(f".cell.selected[data-area='{region}']").count() == 1
    assert re.search(r"where does the legion in .+ go", page.locator("#prompt-text").inner_text())
    page.screenshot(path=str(artifacts / f"pieces-antike-{size}.png"))
    assert not noise, noise

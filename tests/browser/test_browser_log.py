"""The log a club player can trust and read: repeats (a random bot choosing its capital back and
forth) fold under their newest entry instead of flooding the list."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from test_browser_client import create_by_api, roles_of, wait_settled
from test_browser_experience import console_watch, play_until

RUN = 3


def has_run(view: dict[str, Any]) -> bool:
    """A run of RUN log entries with one message about one nation."""
    keys = [(e["msg"], (e.get("args") or {}).get("nation")) for e in view.get("log") or []]
    return any(len(set(keys[i : i + RUN])) == 1 for i in range(len(keys) - RUN + 1))


VISIBLE_RUNS = """(n) => {
  const shown = [...document.querySelectorAll('#log .log-entry')].filter((li) => li.offsetParent !== null);
  const keys = shown.map((li) => li.dataset.repeat);
  let longest = 1, cur = 1;
  for (let i = 1; i < keys.length; i++) { cur = keys[i] === keys[i - 1] ? cur + 1 : 1; longest = Math.max(longest, cur); }
  return [longest, shown.length, document.querySelectorAll('#log .log-entry').length];
}"""


# The nations of the capital entries shown, turn by turn.
CAPITALS = """() => {
  const turns = [[]];
  for (const li of document.querySelectorAll('#log .log-entry')) {
    if (li.classList.contains('log-turn')) { turns.push([]); continue; }
    if (li.offsetParent === null || !li.dataset.repeat.startsWith('it.capital|')) continue;
    turns[turns.length - 1].push(li.dataset.repeat.split('|')[2]);
  }
  return turns.filter((t) => t.length);
}"""


# The back-and-forth pairs left in view, turn by turn: one message about one nation, twice
# with two values exchanged (a move from A to B and back) or twice an entry replacing the other
# (a capital declared again).
BACK_AND_FORTH = """() => {
  const out = [];
  let turn = [];
  const check = () => {
    for (let j = 0; j < turn.length; j++) for (let i = 0; i < j; i++) {
      const [a, b] = [turn[i], turn[j]];
      if (a.dataset.repeat !== b.dataset.repeat) continue;
      if (a.dataset.replaces && b.dataset.replaces) { out.push([a.textContent, b.textContent]); continue; }
      const x = JSON.parse(a.dataset.args), y = JSON.parse(b.dataset.args);
      const keys = [...new Set([...Object.keys(x), ...Object.keys(y)])];
      const d = keys.filter((k) => JSON.stringify(x[k]) !== JSON.stringify(y[k]));
      if (d.length === 2 && JSON.stringify(x[d[0]]) === JSON.stringify(y[d[1]]) && JSON.stringify(x[d[1]]) === JSON.stringify(y[d[0]]))
        out.push([a.textContent, b.textContent]);
    }
    turn = [];
  };
  for (const li of document.querySelectorAll('#log .log-entry')) {
    if (li.classList.contains('log-turn')) { check(); continue; }
    if (li.offsetParent !== null) turn.push(li);
  }
  check();
  return out;
}"""


def has_back_and_forth(view: dict[str, Any]) -> bool:
    """A turn where a nation moved units from A to B and back, and declared its capital twice."""
    turn: list[dict[str, Any]] = []
    found = {"move": False, "capital": False}
    for e in (view.get("log") or []) + [{"msg": "it.turn", "args": {}}]:
        if e["msg"] == "it.turn":
            for i, a in enumerate(turn):
                for b in turn[i + 1 :]:
                    x, y = a.get("args") or {}, b.get("args") or {}
                    if a["msg"] != b["msg"] or x.get("nation") != y.get("nation"):
                        continue
                    if a["msg"] == "it.capital":
                        found["capital"] = True
                    elif "from" in x and (x["from"], x.get("to")) == (y.get("to"), y["from"]):
                        found["move"] = True
            turn = []
        else:
            turn.append(e)
    return all(found.values())


def log_after(pages: Any, until: Callable[[dict[str, Any]], bool], limit: int) -> tuple[Any, list[str]]:
    """A hot-seat Italia I game played at random until ``until`` holds, its log open (with a
    fold in it), and the page's console watched."""
    page = pages.new(1440, 900)
    noise = console_watch(page)
    page.goto("/")
    roles = roles_of(page, "italia-i")
    mid = create_by_api(page, "italia-i", dict.fromkeys(roles, "hotseat"), seed=3)
    play_until(page, mid, roles, until, seed=3, limit=limit)
    page.goto(f"/play/{mid}")
    wait_settled(page)
    page.evaluate("document.getElementById('tab-log').click()")
    page.wait_for_selector("#log .log-fold")
    return page, noise


def test_back_and_forth_folds_to_its_newest_entry(pages: Any, artifacts: Path) -> None:
    """A bot moving units from A to B and back, or declaring its capital again, shows its newest
    entry only (with the fold that opens the others): every such pair folds, not only runs of
    three (a capital declared twice showed twice)."""
    page, noise = log_after(pages, has_back_and_forth, 1500)
    assert page.evaluate(BACK_AND_FORTH) == []
    # opened, the folds show the pairs again
    for button in page.locator("#log .log-fold").all():
        button.click()
    assert page.evaluate(BACK_AND_FORTH) != []
    page.screenshot(path=str(artifacts / "log-back-and-forth.png"))
    assert not noise, noise


def test_repeats_fold_under_their_newest_entry(pages: Any, artifacts: Path) -> None:
    page, noise = log_after(pages, has_run, 900)
    longest, shown, total = page.evaluate(VISIBLE_RUNS, RUN)
    assert longest < RUN and shown < total, (longest, shown, total)
    # within a turn, a nation's capital shows once however often it was chosen again
    capitals = page.evaluate(CAPITALS)
    assert capitals
    for turn in capitals:
        assert all(turn.count(nation) == 1 for nation in turn), capitals
    # the fold opens: every entry shows, and closes again
    fold = page.locator("#log .log-fold").first
    n = int(fold.inner_text().strip("+").split()[0])
    fold.click()
    assert page.evaluate(VISIBLE_RUNS, RUN)[1] == shown + n
    page.locator("#log .log-fold[aria-expanded=true]").first.click()
    assert page.evaluate(VISIBLE_RUNS, RUN)[1] == shown
    page.screenshot(path=str(artifacts / "log-folded.png"))
    assert not noise, noise

"""§10.1's alternation on the Flanders map in the prompt: while Austria and the Pragmatic Army take
turns there, the movement prompt names the power whose move it is there, in both languages."""

from __future__ import annotations

from maria_helpers import act, place
from test_maria_advanced import _flanders_moving

from tavola.core.i18n import render
from tavola.games.maria import RULES


def _said(state: dict, role: str, lang: str) -> str:
    prompt = RULES.prompt(state, role)
    return render("tavola.games.maria", prompt["text"], prompt.get("args") or {}, lang)


def test_10_1_the_prompt_says_whose_move_it_is_on_the_flanders_map() -> None:
    state = _flanders_moving()
    place(state, "cumberland", "maastricht", 3)  # the Pragmatic Army keeps a piece to move there
    for role in ("theresa", "frederick"):
        assert RULES.prompt(state, role)["text"] == "prompt.move_flanders"
        assert RULES.prompt(state, role)["args"] == {"power": "pragmatic_army"}
    assert "On the Flanders map the Pragmatic Army moves next" in _said(state, "theresa", "en")
    assert "Fiandre muove ora: l'Armata Pragmatica" in _said(state, "theresa", "it")
    act(state, "frederick", "move", "earl_of_stair")
    act(state, "frederick", "stop")
    assert RULES.prompt(state, "theresa")["args"] == {"power": "austria"}
    assert "On the Flanders map Austria moves next" in _said(state, "frederick", "en")
    act(state, "theresa", "move", "arenberg")
    act(state, "theresa", "stop")
    # Austria has nothing left to move there: the Pragmatic Army moves freely, nothing to say
    assert RULES.prompt(state, "frederick")["text"] == "prompt.move"


def test_10_1_free_order_keeps_the_plain_prompt() -> None:
    """With ``flanders_order=free`` nobody waits on the Flanders map: nothing to say."""
    state = _flanders_moving()
    state["options"]["flanders_order"] = "free"
    assert RULES.prompt(state, "theresa") == {"text": "prompt.move", "args": {}, "rule": "§10.1"}

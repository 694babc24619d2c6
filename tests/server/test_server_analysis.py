"""The analysis board's endpoint: stateless, no account, every bad input a clear 4xx."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from server_helpers import fast_settings

from tavola.server import create_app

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "antike-ii" / "6.1-yellow.yaml"


@pytest.fixture
def web(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(fast_settings(f"sqlite:///{tmp_path / 'a.sqlite3'}"))) as c:
        yield c


def test_a_position_as_text_with_moves_gives_view_prompt_and_legal_actions(web: TestClient) -> None:
    r = web.post(
        "/api/analysis", json={"text": EXAMPLE.read_text(), "actions": [["romans", "rondel", "aurum"]]}
    )
    assert r.status_code == 200, r.text
    data = r.json()
    romans = next(n for n in data["position"]["nations"] if n["nation"] == "romans")
    assert romans["purse"] == {"gold": 4, "coin": 1}
    assert data["active"] == ["greeks"] and data["role"] == "greeks"
    assert ["rondel", "aurum"] in data["moves"]["greeks"]["actions"]
    assert data["moves"]["greeks"]["prompt"]["rule"] == "§5.1"
    assert data["view"]["actions"]  # the side to act sees its moves
    # the start comes back as data, and as data it gives the same answer
    again = web.post(
        "/api/analysis", json={"position": data["start"], "actions": [["romans", "rondel", "aurum"]]}
    )
    assert again.json()["position"] == data["position"]
    assert web.get("/analysis").status_code == 200


@pytest.mark.parametrize(
    ("body", "status", "code", "words"),
    [
        ({}, 400, "malformed", "either as data"),
        ({"text": "nations: [", "game": "antike-ii"}, 422, "bad_position", "not valid YAML"),
        ({"text": '{"game": "antike-ii",'}, 422, "bad_position", "not valid YAML or JSON"),
        ({"text": "[" * 20_000 + "]" * 20_000}, 422, "bad_position", "nested too deeply"),
        ({"text": "- game: antike-ii"}, 422, "bad_position", "a position is a mapping"),
        ({"text": "game: chess"}, 422, "bad_position", "game: unknown game 'chess'"),
        ({"text": "game: antike-ii\nscenario: [orient]"}, 422, "bad_position", "scenario: antike-ii has no"),
        ({"text": "game: antike-ii\nnations: []"}, 422, "bad_position", "nations: the 4-nation set-up needs"),
        ({"actions": [["romans", "rondel", "nowhere"]]}, 422, "illegal_action", "actions.0"),
        ({"actions": [["greeks", "rondel", "aurum"]]}, 422, "illegal_action", "greeks may not act"),
        ({"actions": [["romans"]]}, 400, "malformed", "actions.0"),
        ({"actions": [["romans", "rondel", {"to": "aurum"}]]}, 400, "malformed", "actions.0.2"),
        ({"role": "huns"}, 422, "bad_role", "not a role"),
        ({"seed": -1}, 400, "malformed", "seed"),
        ({"surprise": 1}, 400, "malformed", "surprise"),
    ],
)
def test_bad_input_is_refused_clearly(
    web: TestClient, body: dict, status: int, code: str, words: str
) -> None:
    if "text" not in body and body:
        body = {"text": EXAMPLE.read_text(), **body}
    r = web.post("/api/analysis", json=body)
    assert r.status_code == status, r.text
    err = r.json()["error"]
    assert err["code"] == code and words in err["message"]


def test_worked_examples_are_listed_and_served(web: TestClient) -> None:
    listed = web.get("/api/analysis/examples").json()
    assert {
        "game": "antike-ii",
        "name": "6.1-yellow",
        "section": "6.1-yellow",
        "title": "Yellow's production",
    } in listed
    file = web.get("/api/analysis/examples/antike-ii/6.1-yellow").json()
    assert file["position"]["scenario"] == "mare-nostrum"
    assert web.get("/api/analysis/examples/antike-ii/nothing").status_code == 404


def test_a_body_that_is_not_json_or_too_large_is_refused_and_changes_nothing(web: TestClient) -> None:
    body = {"text": EXAMPLE.read_text(), "actions": [["romans", "rondel", "aurum"]]}
    first = web.post("/api/analysis", json=body).json()
    r = web.post("/api/analysis", content=b"{text: oops", headers={"content-type": "application/json"})
    assert r.status_code == 400 and r.json()["error"]["code"] == "malformed"
    huge = {"text": EXAMPLE.read_text() + "#" * 70_000}
    r = web.post("/api/analysis", json=huge)
    assert r.status_code == 413 and r.json()["error"]["code"] == "too_large"
    r = web.post("/api/analysis", json={**body, "actions": [["romans", "rondel", "nowhere"]]})
    assert r.status_code == 422
    assert web.post("/api/analysis", json=body).json() == first  # stateless: nothing was kept


def test_the_board_page_speaks_english_and_italian(web: TestClient) -> None:
    en = web.get("/api/i18n/en").json()["interface"]
    it = web.get("/api/i18n/it").json()["interface"]
    page = web.get("/analysis").text
    for key in ("analysis.open_title", "analysis.share", "analysis.viewpoint"):
        assert f'data-i18n="{key}"' in page
        assert en[key] != it[key]
    assert it["analysis.share"] == "Condividi un link"


def test_every_worked_example_opens_on_the_board_and_plays_the_books_moves(web: TestClient) -> None:
    listed = web.get("/api/analysis/examples").json()
    assert {e["game"] for e in listed} >= {"antike-ii", "italia-i", "italia-ii"}
    for entry in listed:
        file = web.get(f"/api/analysis/examples/{entry['game']}/{entry['name']}").json()
        moves = [a for a in file.get("actions", []) if isinstance(a, list)]  # not the checks
        body = {"position": file["position"], "actions": moves}
        r = web.post("/api/analysis", json=body)
        assert r.status_code == 200, (entry["name"], r.text)
        assert r.json()["steps"] == len(body["actions"])


SECRET_BATTLE = {
    "game": "maria",
    "players": 3,
    "turn": {
        "number": 1,
        "stage": "retro",
        "group": 2,
        "pending": [{"s": "sequence"}, {"s": "combat", "group": 2, "attacks": [["neisse", "grottkau"]]}],
    },
    "generals": {
        "neipperg": {"city": "neisse", "troops": 3},
        "khevenhuller": {"city": "olmutz", "troops": 6},
        "friedrich_der_grosse": {"city": "grottkau", "troops": 2},
        "schwerin": {"city": "grottkau", "troops": 2},
    },
    "hands": {
        "austria": ["10-diamonds", "9-diamonds", "7-diamonds", "reserve"],
        "prussia": ["5-spades", "4-spades"],
    },
}


def _secret_variant(hand: list[str], neipperg: int) -> dict:
    pos = json.loads(json.dumps(SECRET_BATTLE))
    pos["hands"]["austria"] = hand
    pos["generals"]["neipperg"]["troops"] = neipperg
    pos["generals"]["khevenhuller"]["troops"] = 9 - neipperg
    return pos


def test_4_hidden_information_the_board_answers_only_what_the_viewpoint_sees(web: TestClient) -> None:
    """§4, §6, §8: from Frederick's viewpoint, nothing in the answer depends on Austria's cards or
    on how its troops are shared: two positions differing only there answer the same."""
    answers = []
    for hand, neipperg in (
        (SECRET_BATTLE["hands"]["austria"], 3),
        (["2-hearts", "3-clubs", "8-spades", "6-hearts"], 5),
    ):
        r = web.post("/api/analysis", json={"position": _secret_variant(hand, neipperg), "role": "frederick"})
        assert r.status_code == 200, r.text
        answers.append({k: v for k, v in r.json().items() if k != "start"})
    assert answers[0] == answers[1]
    data = answers[0]
    assert data["hidden"] and data["role"] == "frederick" and data["others"] == ["theresa"]
    assert data["moves"] == {}  # Theresa's moves (her cards) are not sent
    assert data["position"]["hands"]["austria"] == 4
    assert data["position"]["generals"]["neipperg"]["troops"] == "?"
    assert data["position"]["totals"] == {"austria": 9}
    assert set(data["view"]["hands"]) == {"prussia", "saxony"}


def test_4_hidden_information_unknown_parts_are_filled_and_the_others_moves_made_by_the_board(
    web: TestClient,
) -> None:
    pos = _secret_variant(4, 3)
    pos["generals"]["neipperg"]["troops"] = "?"
    pos["generals"]["khevenhuller"]["troops"] = "?"
    pos["totals"] = {"austria": 9}
    body = {"position": pos, "role": "frederick", "actions": [["theresa", "@bot"]]}
    first = web.post("/api/analysis", json=body)
    assert first.status_code == 200, first.text
    data = first.json()
    assert [ev["msg"] for ev in data["filled"]] == ["ev.unknown_cards", "ev.unknown_troops"]
    assert data["steps"] == 1 and "theresa" not in data["moves"]
    assert not [ev for ev in data["view"]["log"] if "to" in ev and "frederick" not in ev["to"]]
    # the board's moves are made again the same way at every request
    assert web.post("/api/analysis", json=body).json() == data
    # an entry for a role not to act is refused, as any move
    late = web.post("/api/analysis", json={**body, "actions": [["louis", "@bot"]]})
    assert late.status_code == 422 and "actions.0" in late.json()["error"]["message"]

"""The rules at hand: every section a prompt can cite is served with its summary."""

from __future__ import annotations

from fastapi.testclient import TestClient


def test_rules_index_serves_sections_in_both_languages(client: TestClient) -> None:
    res = client.get("/api/rules/antike-ii")
    assert res.status_code == 200
    sections = res.json()
    refs = [s["ref"] for s in sections]
    assert "§5.1" in refs
    first = sections[0]
    assert set(first["title"]) == {"en", "it"} and set(first["summary"]) == {"en", "it"}


def test_rules_index_for_an_unknown_game_is_404(client: TestClient) -> None:
    res = client.get("/api/rules/chess")
    assert res.status_code == 404
    assert res.json()["error"]["code"]

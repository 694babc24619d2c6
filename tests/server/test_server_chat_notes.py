"""Chat is for the seated players; notes are for their seat's holder alone."""

from __future__ import annotations

from server_helpers import browser, create


def test_chat_is_for_players_only(client):
    m = create(client, {"north": "me", "south": "open"})
    mid = m["id"]
    invite = next(s["invite"] for s in m["seats"] if s["role"] == "south")
    friend = browser(client)
    stranger = browser(client)
    assert stranger.post(f"/api/matches/{mid}/chat", json={"text": "hello"}).status_code == 403
    assert stranger.get(f"/api/matches/{mid}/chat").status_code == 403
    r = client.post(f"/api/matches/{mid}/chat", json={"text": "  salve  "})
    assert r.status_code == 201 and r.json()["text"] == "salve" and r.json()["roles"] == ["north"]
    friend.post(f"/api/matches/{mid}/join", json={"role": "south", "invite": invite})
    friend.post(f"/api/matches/{mid}/chat", json={"text": "ave"})
    msgs = friend.get(f"/api/matches/{mid}/chat").json()["messages"]
    assert [(x["text"], x["roles"]) for x in msgs] == [("salve", ["north"]), ("ave", ["south"])]
    later = client.get(f"/api/matches/{mid}/chat", params={"after": msgs[0]["id"]}).json()["messages"]
    assert [x["text"] for x in later] == ["ave"]
    for bad in ({"text": ""}, {"text": "x" * 1001}, {"message": "hi"}, {"text": 5}):
        assert client.post(f"/api/matches/{mid}/chat", json=bad).status_code == 400
    assert client.post(f"/api/matches/{mid}/chat", json={"text": "   "}).status_code == 400
    assert client.get("/api/matches/none/chat").status_code == 404


def test_notes_are_private_to_the_seat(client):
    m = create(client, {"north": "me", "south": "open"})
    mid = m["id"]
    invite = next(s["invite"] for s in m["seats"] if s["role"] == "south")
    friend = browser(client)
    friend.post(f"/api/matches/{mid}/join", json={"role": "south", "invite": invite})
    assert client.get(f"/api/matches/{mid}/notes/north").json() == {
        "role": "north",
        "text": "",
        "updated_at": None,
    }
    assert client.put(f"/api/matches/{mid}/notes/north", json={"text": "attack Roma"}).status_code == 200
    assert client.get(f"/api/matches/{mid}/notes/north").json()["text"] == "attack Roma"
    assert friend.get(f"/api/matches/{mid}/notes/north").status_code == 403
    assert friend.put(f"/api/matches/{mid}/notes/north", json={"text": "x"}).status_code == 403
    assert client.get(f"/api/matches/{mid}/notes/south").status_code == 403
    assert client.get(f"/api/matches/{mid}/notes/west").status_code == 404
    assert client.put(f"/api/matches/{mid}/notes/north", json={"text": "y" * 16001}).status_code == 400
    assert client.get(f"/api/matches/{mid}/notes/north").json()["text"] == "attack Roma"

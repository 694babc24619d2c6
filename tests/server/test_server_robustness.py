"""Bad input of every kind gets a clean 4xx in the error format, and changes nothing."""

from __future__ import annotations

from server_helpers import create, view


def _error(r, status: int, code: str | None = None) -> None:
    assert r.status_code == status, r.text
    body = r.json()
    assert set(body) == {"error"} and isinstance(body["error"]["message"], str)
    if code is not None:
        assert body["error"]["code"] == code


def test_malformed_bodies(client):
    m = create(client, {"north": "me", "south": "hotseat"})
    url = f"/api/matches/{m['id']}/actions"
    json_header = {"content-type": "application/json"}
    _error(client.post(url, content=b'{"role": "north",', headers=json_header), 400, "malformed")
    _error(client.post(url, content=b"\xff\xfe", headers=json_header), 400, "malformed")
    _error(client.post(url, content=b"[]", headers=json_header), 400, "malformed")
    _error(client.post(url, content=b"null", headers=json_header), 400, "malformed")
    # A form post from another site carries no JSON content type: refused.
    _error(
        client.post(
            url,
            content=b'{"role": "north", "action": ["bid", 1], "step": 0}',
            headers={"content-type": "text/plain"},
        ),
        400,
        "malformed",
    )
    _error(client.post(url, json={"role": "north", "action": ["bid", 1], "step": 0, "extra": 1}), 400)
    _error(client.post(url, json={"role": "n" * 65, "action": ["bid", 1], "step": 0}), 400)
    _error(client.post(url, json={"role": "north", "action": ["bid"] * 17, "step": 0}), 400)
    assert view(client, m["id"])["match"]["step"] == 0


def test_oversized_bodies(client):
    m = create(client, {"north": "me", "south": "hotseat"})
    big = b'{"text": "' + b"x" * (70 * 1024) + b'"}'
    _error(
        client.put(
            f"/api/matches/{m['id']}/notes/north", content=big, headers={"content-type": "application/json"}
        ),
        413,
        "too_large",
    )

    def chunks():
        for _ in range(80):
            yield b"x" * 1024

    _error(
        client.post(
            f"/api/matches/{m['id']}/chat", content=chunks(), headers={"content-type": "application/json"}
        ),
        413,
        "too_large",
    )
    _error(
        client.post(
            "/api/records", content=b"x" * (5 * 1024 * 1024), headers={"content-type": "application/json"}
        ),
        413,
        "too_large",
    )
    assert client.get(f"/api/matches/{m['id']}/notes/north").json()["text"] == ""


def test_unknown_things(client):
    _error(client.get("/api/matches/doesnotexist"), 404, "not_found")
    _error(client.get("/api/matches/doesnotexist/view"), 404, "not_found")
    _error(client.get("/api/nothing"), 404, "not_found")
    _error(client.delete("/api/matches"), 405, "method_not_allowed")
    _error(client.get("/api/i18n/fr"), 404, "not_found")
    _error(client.get("/api/boards/chess/standard"), 404, "not_found")
    _error(client.get("/api/boards/toy/advanced"), 404, "not_found")
    _error(client.get("/api/boards/toy/basic", params={"players": 9}), 422, "bad_settings")
    _error(client.get("/api/boards/toy/basic", params={"options": "{oops"}), 400, "malformed")
    _error(client.get("/api/matches", params={"limit": 0}), 400, "malformed")
    _error(client.get("/api/matches/x/replay", params={"step": "two"}), 400, "malformed")


def test_catalogue_boards_and_health(client):
    cat = client.get("/api/catalogue").json()
    toy = next(g for g in cat["games"] if g["id"] == "toy")
    basic = toy["scenarios"][0]
    assert basic["players"] == [2, 3] and basic["roles"] == {
        "2": ["north", "south"],
        "3": ["north", "south", "east"],
    }
    assert basic["options"][0]["name"] == "short" and basic["options"][0]["choices"] == [False, True]
    assert "random" in cat["bots"]
    # whether a game draws itself in the browser: the page asks only for scripts that exist
    # (asking for the toy game's made a 404 in every watcher's console)
    scripts = {g["id"]: g["script"] for g in cat["games"]}
    assert scripts["toy"] is False and scripts["antike-ii"] is True and scripts["italia-i"] is True
    assert client.get("/static/games/antike-ii/antike-ii.js").status_code == 200
    assert (
        client.get("/api/boards/toy/basic", params={"players": 3, "options": '{"short": true}'}).json() == {}
    )
    assert client.get("/api/health").json()["ok"] is True


def test_i18n_merges_interface_core_and_games(client):
    it = client.get("/api/i18n/it").json()
    assert it["lang"] == "it" and isinstance(it["interface"], dict)
    assert it["core"]["waiting"].startswith("In attesa")
    assert "toy" in it["games"]  # the toy game ships no messages: an empty catalogue
    en = client.get("/api/i18n/en").json()
    assert en["core"]["waiting"].startswith("Waiting")


def test_openapi_describes_every_route(client):
    spec = client.get("/openapi.json").json()
    paths = spec["paths"]
    for path in ("/api/matches", "/api/matches/{mid}/actions", "/api/records", "/api/i18n/{lang}"):
        assert path in paths
    for path, ops in paths.items():
        for method, op in ops.items():
            if path.startswith("/api/"):
                ok = op["responses"].get("200") or op["responses"].get("201")
                assert ok and ok["content"]["application/json"]["schema"], (path, method)
                assert "400" in op["responses"] and "404" in op["responses"]


def test_pages(client):
    # Pages render the client's templates when they exist; missing ones are a clean 404.
    for path in ("/", "/login", "/play/abc", "/replay/abc"):
        r = client.get(path)
        assert r.status_code in (200, 404), path
        if r.status_code == 200:
            assert "text/html" in r.headers["content-type"]
    assert client.get("/static/nothing-here.js").status_code == 404

"""Accounts, guests and sessions."""

from __future__ import annotations

import time

from server_helpers import browser, create, fast_settings
from sqlalchemy import insert, update

from tavola.server.auth import COOKIE, Accounts
from tavola.server.db import Database
from tavola.server.models import Meta, Session


def test_guest_identity_is_created_once(client):
    me = client.get("/api/me").json()
    assert me["user"]["guest"] is True and me["lang"] == "en"
    assert client.get("/api/me").json()["user"]["id"] == me["user"]["id"]


def test_signup_login_logout(client):
    r = client.post("/api/auth/signup", json={"username": "Livia", "password": "correct horse"})
    assert r.status_code == 200, r.text
    assert r.json()["user"] == {"id": r.json()["user"]["id"], "name": "Livia", "guest": False}
    assert client.get("/api/me").json()["user"]["name"] == "Livia"

    assert client.post("/api/auth/logout").status_code == 200
    assert client.get("/api/me").json()["user"]["guest"] is True

    other = browser(client)
    bad = other.post("/api/auth/login", json={"username": "livia", "password": "wrong password"})
    assert bad.status_code == 401 and bad.json()["error"]["code"] == "bad_credentials"
    ok = other.post("/api/auth/login", json={"username": "LIVIA", "password": "correct horse"})
    assert ok.status_code == 200 and ok.json()["user"]["name"] == "Livia"
    unknown = other.post("/api/auth/login", json={"username": "nobody", "password": "whatever1"})
    assert unknown.status_code == 401


def test_signup_refuses_taken_and_bad_names(client):
    assert (
        client.post("/api/auth/signup", json={"username": "gaius", "password": "12345678"}).status_code == 200
    )
    other = browser(client)
    taken = other.post("/api/auth/signup", json={"username": "Gaius", "password": "12345678"})
    assert taken.status_code == 409 and taken.json()["error"]["code"] == "username_taken"
    for body in (
        {"username": "a b", "password": "12345678"},
        {"username": "ab", "password": "12345678"},
        {"username": "gaius2", "password": "short"},
        {"username": "gaius2"},
        {"username": "gaius2", "password": "12345678", "admin": True},
    ):
        r = other.post("/api/auth/signup", json=body)
        assert r.status_code == 400, body
        assert r.json()["error"]["code"] == "malformed"


def test_signing_out_kills_a_copied_cookie(client):
    client.post("/api/auth/signup", json={"username": "brutus", "password": "12345678"})
    stolen = client.cookies.get(COOKIE)
    client.post("/api/auth/logout")
    thief = browser(client)
    thief.cookies.set(COOKIE, stolen)
    r = thief.get("/api/me")
    assert r.status_code == 401 and r.json()["error"]["code"] == "session_expired"
    assert "tavola_session=" in r.headers["set-cookie"]


def test_expired_session_is_a_clean_401(client):
    client.post("/api/auth/signup", json={"username": "cassia", "password": "12345678"})
    platform = client.app.state.platform
    with platform.db.session() as s, s.begin():
        s.execute(update(Session).values(expires_at=time.time() - 1))
    platform.accounts._cache.clear()
    r = client.get("/api/matches", params={"mine": 1})
    assert r.status_code == 401 and r.json()["error"]["code"] == "session_expired"
    # The cookie was cleared: the next call is a fresh guest, and signing in works again.
    assert client.get("/api/me").json()["user"]["guest"] is True
    assert (
        client.post("/api/auth/login", json={"username": "cassia", "password": "12345678"}).status_code == 200
    )


def test_forged_cookie_is_refused(client):
    client.cookies.set(COOKIE, "not-a-signed-token")
    assert client.get("/api/me").status_code == 401


def test_guest_keeps_matches_on_signup_and_hands_them_over_on_login(client):
    m = create(client, {"north": "me", "south": "hotseat"})
    client.post("/api/auth/signup", json={"username": "decimus", "password": "12345678"})
    mine = client.get("/api/matches", params={"mine": 1}).json()["matches"]
    assert [x["id"] for x in mine] == [m["id"]]

    other = browser(client)
    m2 = create(other, {"north": "me", "south": "bot:random"})
    assert (
        other.post("/api/auth/login", json={"username": "decimus", "password": "12345678"}).status_code == 200
    )
    ids = {x["id"] for x in other.get("/api/matches", params={"mine": 1}).json()["matches"]}
    assert ids == {m["id"], m2["id"]}


def test_language_choice(client):
    assert client.get("/api/me", headers={"accept-language": "it-IT,it;q=0.9"}).json()["lang"] == "it"
    r = client.put("/api/me", json={"lang": "it"})
    assert r.status_code == 200 and r.json()["lang"] == "it"
    assert client.get("/api/me").json()["lang"] == "it"
    assert client.put("/api/me", json={"lang": "fr"}).status_code == 400


def test_repeated_failures_are_slowed_down(client):
    client.post("/api/auth/signup", json={"username": "fabia", "password": "12345678"})
    other = browser(client)
    codes = [
        other.post("/api/auth/login", json={"username": "fabia", "password": f"wrong{i:04d}"}).status_code
        for i in range(11)
    ]
    assert codes[:10] == [401] * 10 and codes[10] == 429


def test_a_new_sign_in_leaves_other_devices_signed_in(client):
    client.post("/api/auth/signup", json={"username": "gnaeus", "password": "12345678"})
    phone = browser(client)
    assert (
        phone.post("/api/auth/login", json={"username": "gnaeus", "password": "12345678"}).status_code == 200
    )
    # Signing up for a second account in the first browser does not sign the phone out.
    assert (
        client.post("/api/auth/signup", json={"username": "gnaeus2", "password": "12345678"}).status_code
        == 200
    )
    assert client.get("/api/me").json()["user"]["name"] == "gnaeus2"
    assert phone.get("/api/me").json()["user"]["name"] == "gnaeus"


def test_server_processes_starting_together_on_a_new_database_share_one_cookie_key(db_url, monkeypatch):
    """Two processes start on a new database: the one that stores its cookie-signing key second
    takes the first's (rather than failing to start), so a cookie works on both."""
    db = Database(db_url)

    def racing(nbytes: int) -> str:  # another process stores its key between this one's read and write
        with db.engine.begin() as conn:
            conn.execute(insert(Meta).values(key="secret", value="theirs"))
        return "mine"

    monkeypatch.setattr("tavola.server.auth.secrets.token_urlsafe", racing)
    first = Accounts(db, fast_settings(db_url))
    monkeypatch.undo()
    second = Accounts(db, fast_settings(db_url))
    assert first.token_of(second.cookie_value("abc")) == "abc"
    assert first.signer.secret_keys == second.signer.secret_keys
    db.dispose()

"""Bots play their seats on the server, by themselves."""

from __future__ import annotations

from server_helpers import act, create, settle, view


def test_bots_finish_an_all_bot_game(client):
    m = create(client, {"north": "bot:random", "south": "bot:random", "east": "bot:random"}, seed=4)
    settle(client)
    final = view(client, m["id"])
    assert final["match"]["status"] == "over" and final["view"]["result"] is not None
    assert final["match"]["seed"] == 4
    record = client.get(f"/api/matches/{m['id']}/record").json()
    assert len(record["actions"]) == final["match"]["step"] > 0


def test_bot_answers_a_person(client):
    m = create(client, {"north": "me", "south": "bot:random"}, seed=9)
    mid = m["id"]
    for _ in range(100):
        settle(client)
        v = view(client, mid, "north")
        if v["view"]["result"] is not None:
            break
        assert v["view"]["actions"], "the game waits on the bot"
        legal = [a for a in v["view"]["actions"] if a != ["undo"]]
        assert act(client, mid, "north", legal[0], v["view"]["step"]).status_code == 200
    assert view(client, mid)["match"]["status"] == "over"


def test_bots_never_act_for_people(client):
    m = create(client, {"north": "me", "south": "bot:random"}, seed=9)
    settle(client)
    v = view(client, m["id"], "north")["view"]
    assert v["active"] == ["north"] and v["step"] == 1  # the bot bid, north still has to


def test_a_searching_bot_thinks_in_a_process_of_its_own_and_plays_on_when_it_dies(tmp_path):
    # A searching bot's thinking holds the interpreter lock: it thinks in a worker process, a
    # seat always in the same one, and a worker that dies is started again at the next move.
    import os
    import signal

    from fastapi.testclient import TestClient
    from server_helpers import fast_settings

    from tavola.server import create_app

    settings = fast_settings(f"sqlite:///{tmp_path / 't.sqlite3'}", bot_processes=1)
    with TestClient(create_app(settings)) as client:
        thinking = client.app.state.platform.bots.thinking
        m = create(client, {"north": "me", "south": "bot:mcts:think=0.02"}, seed=9)
        mid, killed, workers = m["id"], False, set()
        for _ in range(100):
            settle(client)
            v = view(client, mid, "north")
            if v["view"]["result"] is not None:
                break
            workers.update(thinking.pids())
            if workers and not killed:
                os.kill(next(iter(workers)), signal.SIGKILL)  # the bot's next move starts another
                killed = True
            legal = [a for a in v["view"]["actions"] if a != ["undo"]]
            assert act(client, mid, "north", legal[0], v["view"]["step"]).status_code == 200
        assert view(client, mid)["match"]["status"] == "over"
        assert killed and os.getpid() not in workers and len(workers) == 2


def test_searching_bots_think_in_the_servers_threads_where_no_process_can_be_started(tmp_path, monkeypatch):
    # A server in a daemonic process may start no other: its searching bots still think (in its
    # threads), they do not fall back to the first legal action.
    from fastapi.testclient import TestClient
    from server_helpers import fast_settings

    from tavola.server import create_app

    class Refusing:
        def submit(self, *_args, **_kw):
            raise AssertionError("daemonic processes are not allowed to have children")

        def shutdown(self, **_kw):
            """Nothing to stop: it never started a process."""

    settings = fast_settings(f"sqlite:///{tmp_path / 't.sqlite3'}", bot_processes=1)
    with TestClient(create_app(settings)) as client:
        runner = client.app.state.platform.bots
        monkeypatch.setattr(runner.thinking, "_pool", lambda _i: Refusing())
        m = create(client, {"north": "bot:mcts:think=0.02", "south": "bot:mcts:think=0.02"}, seed=3)
        settle(client)
        assert view(client, m["id"])["match"]["status"] == "over"
        assert not runner.thinking.usable
        assert sum(bot.stats["decisions"] for bot in runner._bots.values()) > 3

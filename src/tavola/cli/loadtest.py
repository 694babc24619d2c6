"""`tavola loadtest`: many concurrent matches against a server on loopback, for a bounded time
(the library is :mod:`tavola.tools.loadtest`)."""

from __future__ import annotations

import argparse
from dataclasses import fields

from tavola.cli.common import emit_json
from tavola.cli.serve import serve_on_socket
from tavola.tools.loadtest import HOST, LIVE_BOT_DELAY, LIVE_THINK, LoadTest, compare
from tavola.tools.loadtest import run as run_load


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "loadtest",
        help="load-test the web platform on loopback",
        description="Concurrent live matches against a server on 127.0.0.1: by default at the "
        f"pace of live games (people look {LIVE_THINK / 2:g} to {LIVE_THINK * 1.5:g} s at each view, bots "
        f"wait {LIVE_BOT_DELAY:g} s before each move), where latency is what a player waits; "
        "--full-speed measures the most the server can do instead (latency is then the queue).",
    )
    p.add_argument("--games", type=int, default=20, help="concurrent matches (default 20)")
    p.add_argument("--seconds", type=float, default=20.0, help="how long to run (default 20)")
    p.add_argument("--game", help="game id (default: the first registered game)")
    p.add_argument("--scenario", help="scenario (default: the game's first)")
    p.add_argument("--players", type=int, help="players (default: the scenario's)")
    p.add_argument("--scripted", type=int, help="matches with scripted HTTP players (default: half)")
    p.add_argument("--bot", default="random", help="bot for the other seats (default random)")
    p.add_argument(
        "--bot-delay",
        type=float,
        default=LIVE_BOT_DELAY,
        help=f"seconds every match's bots wait before each move (default {LIVE_BOT_DELAY:g}, a live game)",
    )
    p.add_argument(
        "--bot-think", type=float, default=0.05, help="thinking time of search bots (default 0.05)"
    )
    p.add_argument(
        "--ws-log",
        choices=["full", "delta"],
        default="delta",
        help="sockets get only the new log entries, as the browser asks (default), or whole logs",
    )
    p.add_argument(
        "--think",
        type=float,
        default=LIVE_THINK,
        help=f"seconds a scripted player looks before acting (0.5-1.5 times this; default {LIVE_THINK:g}, a person)",
    )
    p.add_argument(
        "--full-speed",
        action="store_true",
        help="everybody acts the moment they may (--think 0 --bot-delay 0): saturation, not a live pace",
    )
    p.add_argument("--seed", type=int, default=1)
    p.add_argument(
        "--steps",
        type=int,
        default=0,
        help="every match starts this many steps into a random game, stored before the server "
        "starts (long games: their memory and the live games' cache); default 0",
    )
    p.add_argument(
        "--database",
        help="an empty PostgreSQL database, postgresql://user:pw@host/db (default: a temporary SQLite file)",
    )
    p.add_argument(
        "--workers",
        type=_counts,
        default=[1],
        help="server processes (default 1; needs --database); several counts "
        "(1,2) are run in turn and compared",
    )
    p.add_argument(
        "--route",
        choices=["match", "any"],
        default="match",
        help="with several workers: each on its own port, a match's requests and sockets sent to "
        "one by a hash of its id, as a balancer hashing on the match id does (match, the default), "
        "or all on one port, any taking any connection (any)",
    )
    p.add_argument(
        "--rounds",
        type=int,
        default=1,
        help="with several worker counts: run each this many times, interleaved (default 1)",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object on the last line")
    p.set_defaults(func=run)


def _counts(text: str) -> list[int]:
    try:
        return [int(part) for part in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"worker counts are integers, as in 1 or 1,2 (not {text!r})"
        ) from None


def run(args: argparse.Namespace) -> int:
    # Every setting of LoadTest is an option of the same name; --workers may list several.
    given = {f.name: getattr(args, f.name) for f in fields(LoadTest) if f.name not in ("workers", "server")}
    if args.full_speed:
        given.update(think=0.0, bot_delay=0.0)
    load = LoadTest(**given, workers=args.workers[0], server=serve_on_socket)
    if len(args.workers) > 1 or args.rounds > 1:
        report, show = compare(load, args.workers, args.rounds), print_comparison
    else:
        report, show = run_load(load), print_report
    if args.json:
        emit_json(report)
    else:
        show(report)
    return 1 if report["errors"] else 0


def print_comparison(report: dict) -> None:
    print(
        f"{report['game']} {report['scenario']} {report['players']}p: {report['matches']} concurrent matches, "
        f"{report['seconds']} s a run, workers {report['workers']} in turn (routed: {report['route']}), "
        f"{report['rounds']} rounds, {report['cores']} cores"
    )
    for r in report["runs"]:
        lat = r["latency_ms"]
        print(
            f"  round {r['round']}, {r['workers']} worker{'s' if r['workers'] > 1 else ''}: "
            f"{r['actions_per_second']} actions/s, latency median {lat['median']} / p99 {lat['p99']} ms, "
            f"server CPU {r['cpu_seconds']['server']:.1f} s ({r['server_cpu_ms_per_action']} ms an action), "
            f"load average before {r['load_average']}"
        )
    first = report["workers"][0]
    for n, ratios in report["ratio_to_first"].items():
        print(
            f"  {n} workers / {first}: {', '.join(f'{x:.2f}' for x in ratios)} "
            f"(median {report['ratio_median'][n]:.2f})"
        )


def print_report(report: dict) -> None:
    lat, server = report["latency_ms"], report["server_ms"]
    print(
        f"{report['game']} {report['scenario']} {report['players']}p: {report['matches']} concurrent matches "
        f"({report['scripted_matches']} with scripted players), {report['seconds']} s on {HOST}, "
        f"{report['workers']} server process{'es' if report['workers'] > 1 else ''} on {report['database']}"
        + (f" (routed: {report['route']})" if report["route"] else "")
    )
    setup = report["setup"]
    print(
        f"  set-up: {setup['matches_ready']} matches ready in {setup['seconds']} s "
        f"(creating one: median {setup['create_ms']['median']} ms, p99 {setup['create_ms']['p99']} ms); then:"
    )
    print(
        f"  {report['actions']} actions, {report['actions_per_second']} actions/s; "
        f"{report['matches_started']} matches started, {report['matches_finished']} finished"
    )
    if report["http_actions"]:
        print(
            f"  HTTP action latency: median {lat['median']} ms, p99 {lat['p99']} ms "
            f"over {report['http_actions']} requests ({report['stale']} stale)"
        )
        print(f"  of which in the server: median {server['median']} ms, p99 {server['p99']} ms")
        lag = report["client_lag_ms"]
        print(f"  the load clients' own event loop late by: median {lag['median']} ms, p99 {lag['p99']} ms")
    pace = (
        f"people look {report['think'] / 2:g}-{report['think'] * 1.5:g} s, bots wait {report['bot_delay']:g} s"
        if report["think"] or report["bot_delay"]
        else "everybody at full speed"
    )
    print(f"  pace: {pace}")
    cpu = report["cpu_seconds"]
    server_cpu = "?" if cpu["server"] is None else f"{cpu['server']:.1f}"
    print(
        f"  CPU: server {server_cpu} s ({report['server_cpu_ms_per_action']} ms an action), "
        f"load clients {cpu['clients']:.1f} s (the database server's not counted)"
    )
    mem = report["server_memory"]
    if mem["kb_per_match"] is not None:
        print(
            f"  server memory: {mem['start_mb']} MB before the matches, {mem['set_up_mb']} MB set up, "
            f"{mem['end_mb']} MB at the end: {mem['kb_per_match']} KB a match"
        )
    for e in report["first_errors"]:
        print(f"  error: {e}")

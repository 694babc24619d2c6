"""The analysis board: open a position, try any legal move for any side, step back, share.

Stateless: every request carries the position (docs/positions.md) and the moves played from
it; the server loads it, replays the moves with the same checks as any game, and answers the
view, the prompt and the legal actions of every role to act. Nothing is stored and no account
is needed; a shared link carries the position and the moves itself.

In a game with hidden information (Maria) the board plays from the viewpoint of one role: the
answer holds only what that role may see (its view, its moves, the position as it sees it), and
the other roles' moves are made on the server by a bot (a move ``[role, "@bot"]``), replayed
the same way from the seed at every request, so their secrets never reach the browser.
"""

from __future__ import annotations

import random
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, ConfigDict, Field
from starlette.concurrency import run_in_threadpool

from tavola.core.errors import IllegalAction, MalformedAction, PositionError, WrongRole
from tavola.core.examples import example_files
from tavola.core.game import UNDO, Game
from tavola.core.position import parse, read
from tavola.core.registry import game_ids
from tavola.server import pages
from tavola.server import schemas as S
from tavola.server.errors import ApiError, bad_request, not_found

router = APIRouter(tags=["analysis"], responses=S.ERRORS)

MAX_TEXT = 60_000
MAX_MOVES = 1_000
BOT = "@bot"
"""A move ``[role, "@bot"]``: the role's moves are made by a bot, on the server, until it is no
longer to act (its choices stay secret in a game with hidden information)."""
BOT_STEPS = 400


class AnalysisIn(BaseModel):
    """A position (as data, or as YAML/JSON text; a worked-example file's position too) and the
    moves played from it, each ``[role, verb, ...]``."""

    model_config = ConfigDict(extra="forbid")
    game: str | None = Field(None, max_length=40)
    position: dict[str, Any] | None = None
    text: str | None = Field(None, max_length=MAX_TEXT)
    actions: list[list[str | int]] = Field(default_factory=list, max_length=MAX_MOVES)
    seed: int = Field(0, ge=0, le=2**31)
    role: str | None = Field(
        None,
        max_length=40,
        description="the viewpoint; default: the first role to act (hidden information: the first role)",
    )


def bot_moves(game: Game, role: str, seed: int, index: int) -> None:
    """The role's moves, chosen by the game's playout policy (or at random) on worlds that
    resample what the role cannot see, until it is no longer to act. Seeded by the request's
    seed and the move's index, so every replay of the moves makes the same choices."""
    rules = game.rules
    know = rules.knowledge()
    rand = random.Random(f"analysis:{seed}:{index}")
    for _ in range(BOT_STEPS):
        if game.is_over or role not in game.active_roles:
            return
        legal = [a for a in game.legal_actions(role) if a != UNDO]
        if not legal:
            return
        if know is not None and know.playout is not None:
            world = rules.determinize(game.state_of(role), role, rand.getrandbits(62))
            action = know.playout(rules, world, role, legal, rand)
        else:
            action = legal[rand.randrange(len(legal))]
        game.apply(role, list(action))


def analyse(body: AnalysisIn) -> dict[str, Any]:
    """Load, replay and describe; every refusal names what is wrong and changes nothing."""
    if (body.position is None) == (body.text is None):
        raise bad_request("send the position either as data ('position') or as YAML/JSON text ('text')")
    try:
        data = body.position if body.position is not None else parse(body.text or "")
        if isinstance(data.get("position"), dict) and "section" in data:
            data = data["position"]  # a worked-example file
        game = Game.from_position(body.game or data.get("game"), data, seed=body.seed)
    except PositionError as exc:
        raise ApiError(422, "bad_position", str(exc)) from None
    if body.role is not None and body.role not in game.roles:
        raise ApiError(
            422, "bad_role", f"{body.role!r} is not a role of this game; roles: {', '.join(game.roles)}"
        )
    hidden = game.rules.hidden_information
    for i, entry in enumerate(body.actions):
        if len(entry) < 2 or not isinstance(entry[0], str):
            raise bad_request(f"actions.{i}: a move is [role, verb, ...], not {entry!r}")
        try:
            if entry[1:] == [BOT]:
                if entry[0] not in game.active_roles:
                    raise WrongRole(f"{entry[0]} may not act now")
                bot_moves(game, entry[0], body.seed, i)
            else:
                game.apply(entry[0], entry[1:])
        except (IllegalAction, WrongRole, MalformedAction) as exc:
            raise ApiError(422, "illegal_action", f"actions.{i}: {exc}") from None
    active = game.active_roles
    role = body.role or (game.roles[0] if hidden else active[0] if active else None)
    rules = game.rules
    # hidden information: only the viewpoint's own moves, the others only named
    shown = [r for r in active if r == role] if hidden else active
    return {
        "game": game.game_id,
        "scenario": game.scenario,
        "players": game.players,
        "options": game.options,
        "roles": game.roles,
        "start": game.start,
        "steps": len(body.actions),
        "role": role,
        "view": game.view(role),
        "active": active,
        "moves": {
            r: {
                "prompt": rules.prompt(game.state_of(r), r),
                "actions": [list(a) for a in game.legal_actions(r) if a != UNDO],
            }
            for r in shown
        },
        "hidden": hidden,
        "others": [r for r in active if r not in shown],
        "filled": game.filled,
        "position": game.position(role if hidden else None),
        "result": game.result,
    }


@router.post("/api/analysis", response_model=dict[str, Any])
async def analysis(body: AnalysisIn) -> dict[str, Any]:
    """The view, prompts and legal actions after ``actions`` from a position (no match, no account)."""
    return await run_in_threadpool(analyse, body)


@router.get("/analysis", response_class=HTMLResponse, include_in_schema=False)
async def analysis_page(request: Request) -> HTMLResponse:
    """The analysis board (template ``analysis.html``); the link's fragment carries a position."""
    return await pages._render(request, "analysis.html")


@router.get("/api/analysis/examples", response_model=list[dict[str, Any]])
async def examples() -> list[dict[str, Any]]:
    """The worked examples of every rulebook that can be opened on the board."""
    out = []
    for gid in game_ids():
        for path in example_files(gid):
            try:
                data = read(path)
            except PositionError:
                continue
            out.append(
                {"game": gid, "name": path.stem, "section": data.get("section"), "title": data.get("title")}
            )
    return out


@router.get("/api/analysis/examples/{game}/{name}", response_model=dict[str, Any])
async def example(game: str, name: str) -> dict[str, Any]:
    """One worked-example file: its position, the book's moves and the outcome it states."""
    if game in game_ids():
        for path in example_files(game):
            if path.stem == name:
                return read(path)
    raise not_found(f"example {game}/{name}")

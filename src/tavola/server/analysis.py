"""The analysis board: open a position, try any legal move for any side, step back, share.

Stateless: every request carries the position (docs/positions.md) and the moves played from
it; the server loads it, replays the moves with the same checks as any game, and answers the
view, the prompt and the legal actions of every role to act. Nothing is stored and no account
is needed; a shared link carries the position and the moves itself.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, ConfigDict, Field
from starlette.concurrency import run_in_threadpool

from tavola.core.errors import IllegalAction, MalformedAction, PositionError, WrongRole
from tavola.core.examples import example_files
from tavola.core.game import Game
from tavola.core.position import parse, read
from tavola.core.registry import game_ids
from tavola.server import pages
from tavola.server import schemas as S
from tavola.server.errors import ApiError, bad_request, not_found

router = APIRouter(tags=["analysis"], responses=S.ERRORS)

MAX_TEXT = 60_000
MAX_MOVES = 1_000


class AnalysisIn(BaseModel):
    """A position (as data, or as YAML/JSON text; a worked-example file's position too) and the
    moves played from it, each ``[role, verb, ...]``."""

    model_config = ConfigDict(extra="forbid")
    game: str | None = Field(None, max_length=40)
    position: dict[str, Any] | None = None
    text: str | None = Field(None, max_length=MAX_TEXT)
    actions: list[list[str | int]] = Field(default_factory=list, max_length=MAX_MOVES)
    seed: int = Field(0, ge=0, le=2**31)
    role: str | None = Field(None, max_length=40, description="the viewpoint; default: the first role to act")


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
    for i, entry in enumerate(body.actions):
        if len(entry) < 2 or not isinstance(entry[0], str):
            raise bad_request(f"actions.{i}: a move is [role, verb, ...], not {entry!r}")
        try:
            game.apply(entry[0], entry[1:])
        except (IllegalAction, WrongRole, MalformedAction) as exc:
            raise ApiError(422, "illegal_action", f"actions.{i}: {exc}") from None
    active = game.active_roles
    role = body.role or (active[0] if active else None)
    if role is not None and role not in game.roles:
        raise ApiError(
            422, "bad_role", f"{role!r} is not a role of this game; roles: {', '.join(game.roles)}"
        )
    rules, state = game.rules, game.state
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
                "prompt": rules.prompt(state, r),
                "actions": [list(a) for a in rules.legal_actions(state, r)],
            }
            for r in active
        },
        "position": game.position(),
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

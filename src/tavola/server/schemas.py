"""Request and response bodies. Every route declares them, so /openapi.json is complete."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictFloat, StrictInt, StrictStr

Strict = ConfigDict(extra="forbid")

# --- errors -------------------------------------------------------------------------------


class ErrorDetail(BaseModel):
    code: str = Field(description="machine-readable: malformed, stale, illegal_action, not_your_turn, ...")
    message: str = Field(description="English, for people")
    details: list[dict[str, Any]] | None = None


class ErrorOut(BaseModel):
    error: ErrorDetail


ERRORS: dict[int | str, dict[str, Any]] = {
    status: {"model": ErrorOut, "description": text}
    for status, text in {
        400: "Malformed request (bad JSON, wrong fields, malformed action)",
        401: "Not signed in, or the session expired",
        403: "Not your seat / not allowed",
        404: "Unknown id",
        409: "Stale step, not your turn, or the match is over",
        413: "Body too large",
        422: "Well-formed but refused: illegal action, bad settings, corrupt record",
        429: "Too many failed sign-ins",
    }.items()
}

# --- identity -----------------------------------------------------------------------------

Lang = Literal["en", "it"]


class UserOut(BaseModel):
    id: int
    name: str = Field(description="the username, or a generated guest name")
    guest: bool


class Credentials(BaseModel):
    model_config = Strict
    username: str = Field(min_length=3, max_length=32, pattern=r"^[A-Za-z0-9_.-]+$")
    password: str = Field(min_length=8, max_length=256)


class AuthOut(BaseModel):
    user: UserOut


class MeOut(BaseModel):
    user: UserOut = Field(description="the account, or the guest identity of this browser")
    lang: Lang


class MeIn(BaseModel):
    model_config = Strict
    lang: Lang


class Empty(BaseModel):
    pass


class HealthOut(BaseModel):
    ok: bool
    sockets: int = Field(description="open WebSocket connections")
    bot_tasks: int = Field(description="matches whose bots are playing now")
    bot_moves: int = Field(description="bot moves since start")
    bot_stale: int = Field(default=0, description="bot moves thought out but refused as stale since start")
    notices: int = Field(default=0, description="change notices received from other server processes")
    pauses: dict[str, Any] = Field(
        default_factory=dict,
        description="since start: the garbage collector's pauses by generation and how late the event "
        "loop woke a sleeping task, as histograms (counts by buckets_ms, total_ms, max_ms); its full "
        "collections (every full_every seconds) and the objects they freed",
    )


# --- catalogue ----------------------------------------------------------------------------


class OptionOut(BaseModel):
    name: str
    default: Any
    choices: list[Any]
    label: str
    rule: str


class ScenarioOut(BaseModel):
    name: str
    title: str
    players: list[int]
    default_players: int
    options: list[OptionOut]
    roles: dict[str, list[str]] = Field(
        description="player count -> roles in seating order (default options)"
    )


class GameOut(BaseModel):
    id: str
    title: str
    rulebook: str
    hidden_information: bool = Field(
        default=False,
        description="the game hides something from some seat (hot-seat pages hide the screen between seats)",
    )
    script: bool = Field(
        default=False,
        description="the game has its own browser code at /static/games/{id}/{id}.js",
    )
    scenarios: list[ScenarioOut]


class CatalogueOut(BaseModel):
    games: list[GameOut]
    bots: list[str]
    seat_bots: list[str] = Field(
        description="what a seat may be given as bot:SPEC, weakest first within each bot "
        "(levels of the search bots included)"
    )


class I18nOut(BaseModel):
    lang: Lang
    interface: dict[str, Any] = Field(description="the client's own catalogue (web/i18n/LANG.json)")
    core: dict[str, str] = Field(description="engine messages (undo, waiting, ...): key -> text")
    games: dict[str, dict[str, str]] = Field(description="game id -> message key -> text in this language")


# --- matches ------------------------------------------------------------------------------


MAX_BOT_DELAY = 30.0
PAGE_ID = r"^[A-Za-z0-9_-]{8,64}$"
"""A page's id for its socket and its actions (random, made by the page)."""
BOT_DELAY_DOC = (
    "seconds the bots wait before each move, to follow them (0: full speed); null: the server's "
    "default (its --bot-delay where people play, full speed in a match of bots alone)"
)


class CreateMatch(BaseModel):
    model_config = Strict
    game: str = Field(max_length=64)
    scenario: str | None = Field(default=None, max_length=64)
    players: StrictInt | None = None
    options: dict[str, StrictBool | StrictInt | StrictFloat | StrictStr | None] = Field(
        default_factory=dict, description="option name -> one of its choices (a JSON scalar)"
    )
    seed: StrictInt | None = Field(
        default=None,
        ge=0,
        lt=2**63,
        description="random (256 bits from a CSPRNG) if omitted; refused (422) when two or more "
        "people play (any open seat besides the creator's)",
    )
    seats: dict[str, str] = Field(
        description='role -> "me" | "hotseat" | "open" | "bot:NAME[:LEVEL][:KEY=VALUE...]" '
        '(e.g. "bot:mcts", "bot:mcts:hard", "bot:mcts:think=1"); every role of the game once'
    )
    bot_delay: float | None = Field(default=None, ge=0, le=MAX_BOT_DELAY, description=BOT_DELAY_DOC)


class PaceIn(BaseModel):
    model_config = Strict
    bot_delay: float | None = Field(ge=0, le=MAX_BOT_DELAY, description=BOT_DELAY_DOC)


class SeatIn(BaseModel):
    model_config = Strict
    seat: str = Field(
        max_length=80, description="who takes the seat: bot:SPEC (bot:mcts, bot:mcts:hard, bot:greedy ...)"
    )


class JoinIn(BaseModel):
    model_config = Strict
    role: str = Field(max_length=64)
    invite: str = Field(max_length=64)


class PlayerOut(BaseModel):
    name: str
    guest: bool


class SeatOut(BaseModel):
    role: str
    kind: Literal["me", "hotseat", "open", "joined", "bot", "none"] = Field(
        description="me/hotseat: the creator's; open: waiting for someone with the invite; "
        "joined: an open seat someone took; bot: played by the server; none: imported record"
    )
    player: PlayerOut | None = None
    bot: str | None = None
    mine: bool = Field(description="the caller holds this seat")
    invite: str | None = Field(
        default=None, description="invite token (only shown to the creator, while open)"
    )
    invite_url: str | None = None


class MatchOut(BaseModel):
    id: str
    game: str
    game_title: str
    scenario: str
    players: int
    options: dict[str, Any]
    seed: int | None = Field(description="hidden until the game is over (it fixes every future die)")
    dice_commitment: str | None = Field(
        default=None,
        description="hex SHA-256 of 'tavola-dice-commitment:v2:<seed>', published from the start "
        "(docs/fairness.md); null for matches stored before the keyed dice",
    )
    status: Literal["active", "over", "imported"]
    step: int = Field(description="actions taken so far; the step the next action must name")
    round: int | None = Field(
        None, description="the round the game has reached (null: a game without rounds)"
    )
    active: list[str] = Field(description="roles that may act now")
    result: dict[str, Any] | None
    from_position: bool = Field(
        default=False, description="the match starts from a position (docs/positions.md), not a set-up"
    )
    seats: list[SeatOut]
    my_roles: list[str]
    my_turn: bool = Field(description="one of my seats may act now")
    created_by: str | None
    created_at: float
    updated_at: float
    bot_delay: float = Field(default=0.0, description="seconds the bots wait before each move now")
    can_pace: bool = Field(default=False, description="I may set the bots' pace (PUT pace)")


class MatchEnvelope(BaseModel):
    match: MatchOut


class MatchList(BaseModel):
    matches: list[MatchOut]


VIEW_DOC = (
    "Game.view(role): the game's redacted view plus active, step, result, prompt, actions (legal, "
    "for an active role), can_undo and log. Asked with log_from or log_tail, `log` is a window of "
    "the visible log: the entries from index log_from on, with log_size (the whole log's length) "
    "and log_step (the step of entry log_from - 1, null at 0)"
)


class ViewOut(BaseModel):
    match: MatchOut
    role: str | None = Field(description="the viewpoint; null is an observer")
    view: dict[str, Any] = Field(description=VIEW_DOC)


class ActionIn(BaseModel):
    model_config = Strict
    role: str = Field(max_length=64)
    action: list[StrictStr | StrictInt] = Field(
        min_length=1, max_length=16, description='["verb", noun...]; ["undo"]'
    )
    step: StrictInt = Field(ge=0, description="the step the action answers (view.step); stale -> 409")
    page: str | None = Field(
        None,
        max_length=64,
        pattern=PAGE_ID,
        description="the id the acting page gave its socket (`?page=`): the answer carries the "
        "new view, so that socket is not pushed it again",
    )


class ReplayOut(BaseModel):
    match: MatchOut
    role: str | None
    step: int
    steps: int = Field(description="how many steps the whole record has")
    view: dict[str, Any] = Field(description=VIEW_DOC)


class LogPageOut(BaseModel):
    role: str | None = Field(description="the viewpoint; null is an observer")
    step: int = Field(description="the step whose log this is (the live game's, or the replay's)")
    log_from: int = Field(description="the index of the first entry in the role's visible log")
    log_step: int | None = Field(description="the step of entry log_from - 1; null at 0")
    log_size: int = Field(description="how many entries the role's visible log has in all")
    log: list[dict[str, Any]]


class ChatIn(BaseModel):
    model_config = Strict
    text: str = Field(min_length=1, max_length=1000)


class ChatOut(BaseModel):
    id: int
    author: str
    roles: list[str] = Field(description="the seats the author held when writing")
    text: str
    at: float


class ChatList(BaseModel):
    messages: list[ChatOut]


class NoteIn(BaseModel):
    model_config = Strict
    text: str = Field(max_length=16000)


class NoteOut(BaseModel):
    role: str
    text: str
    updated_at: float | None


class RecordIn(BaseModel):
    """A game record as ``Game.record()`` writes it."""

    model_config = Strict
    format: StrictInt = 1
    game: str = Field(max_length=64)
    scenario: str = Field(max_length=64)
    players: StrictInt
    options: dict[str, Any]
    seed: StrictInt
    actions: list[list[StrictStr | StrictInt]]
    checksums: list[str] | None = None
    dice_commitment: str | None = Field(default=None, max_length=64)
    position: dict[str, Any] | None = Field(
        default=None, description="the position the game starts from (docs/positions.md), if any"
    )
    state_version: StrictInt = Field(
        default=1, description="the layout of the game's state its checksums are written in"
    )


class RecordOut(BaseModel):
    format: int
    game: str
    scenario: str
    players: int
    options: dict[str, Any]
    seed: int
    actions: list[list[str | int]]
    checksums: list[str]
    dice_commitment: str | None = None
    position: dict[str, Any] | None = None
    state_version: int | None = None

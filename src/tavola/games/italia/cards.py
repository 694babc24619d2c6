"""Nation cards and scenario facts of Italia I and Italia II (§2.3, §3.0, §5.1, §5.2): what a
card holds, as frozen models that validate each item of ``data/italia_i.yaml`` and
``data/italia_ii.yaml`` on its own (:mod:`.loader` reads the files and checks the items against
the board and each other). Everything the rules read per action is resolved to board ids at load
time: ``Placement.area_id``, ``ScoringRound.area_vp`` ... so nothing is looked up by name during
play.

Victory points may be halves (“½ VP per unit”, §11.0, §12.5.2). They are given in the files as
``vp: 0.5`` and exposed as integer half points (``half_vp``) so the game state never holds a
float.

Dispatch keys: ``VPEvent.trigger``, ``Special.key``, ``Revolt.when``, ``Income.kind`` and
``Where.rule`` are closed vocabularies (Literal types), so a misspelt key fails loading instead of
being silently ignored by the rules.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from tavola.games.italia.board import Provenanced

UnitType = Literal["infantry", "legion", "consular", "foederati", "knight", "elephant", "fleet"]
LAND_UNITS: frozenset[str] = frozenset({"infantry", "legion", "consular", "foederati", "knight", "elephant"})
Colour = Literal["red", "yellow", "blue", "green"]


class Frozen(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def half_points(vp: float) -> int:
    """Victory points as integer half points (``vp: 0.5`` in the files, §11.0, §12.5.2)."""
    doubled = vp * 2
    if doubled != int(doubled):
        raise ValueError(f"victory points must be whole or half points, not {vp}")
    return int(doubled)


# ---------------------------------------------------------------------------------------------
# Scenario-level facts
# ---------------------------------------------------------------------------------------------


class UnitStats(Provenanced):
    """Printed values of a unit type (§2.2.1, §6.2, §9.0, §10.2)."""

    name: str
    to_hit: int = Field(ge=2, le=10)
    hits: int = Field(ge=1, le=2, description="hits needed to eliminate it (consular legion, knight: 2)")
    cost: int = Field(ge=0)
    move: int = Field(ge=1, le=4)
    naval: bool = False


class LeaderStats(Provenanced):
    """Leader counters: never bought, no die, +2 to friendly units, move 3 (§2.2.1.8, §9.1, §10.2)."""

    move: int
    combat_bonus: int
    extra_move: int
    lifetime_rounds: int


class Costs(Provenanced):
    """Gold costs and limits (§6.1, §6.2, §10.6, §12.3.1, §12.3.4)."""

    city: int
    city_rough: int
    gold_cap: int
    pillage_gold: int
    campaign_move: int
    block: int


class Player(Provenanced):
    colour: Colour
    nations: list[str] = Field(min_length=1)


SPECIAL_KEYS: dict[str, str] = {
    # scenario rules
    "reinforcements_at_round_start": "Italia I: every reinforcement is placed at the start of the round (§13.3)",
    "roma": "Italia I Roma rule (§13.1): params area, owner, rounds",
    "elephant_panic": "Romans facing elephants (§13.3): params victims, first, second, third, exempt",
    "round_10": "Italia I round 10 (§13.4): params sequence, scorers, defection rolls",
    "set_piece_battle": "definition of a set-piece battle (§13.2): params min_units",
    "foederati_defection": "Roman Foederati defect (§14.1): params unit, owner, to, roll, roll_only_ostrogoths",
    "knights": "knight rules (§14.2)",
    "patrimonium_conversion": "Patrimonium conversions (§14.3): params nation, uses, per_combat, exempt",
    # nation rules
    "african_lift": "lift units from a region into an entry area (Hannibal, §13.2): params leader, to, from_region, round",
    "allied_movement": "a leader may move through and stop in subjects' areas (§13.2): params leader, subjects",
    "arrival_clears": "other nations' units leave the arrival area (Arabs): params area, rounds",
    "combat_penalty": "combat modifier unless a condition holds (Foederati): params modifier, unless_controls, unless_leader",
    "consular_cap": "consular legions at most cities // per_cities (§6.3): params per_cities",
    "conversion": "the nation converts units (§14.3): params uses",
    "defection_leader": "Roman legions defect to this leader (§13.4): params leader, roll, roll_with_consular, from",
    "entry_as_normal": "entry areas the nation treats as standard areas (§7.2, §9.2): params areas, income (they pay income, §6.1 FAQ), retreat_against_origin",
    "entry_passage": "entry areas the nation may enter or cross (§9.2): params areas",
    "fixed_capital": "the capital cannot be changed (§8.1): params area",
    "fleet_placement": "seas where bought fleets may be placed: params seas",
    "leaves_game": "the nation's units are removed after its last round: params after_round, cities",
    "no_combat_on_arrival": "no combat when the leader appears in an occupied area: params leader",
    "reduce_after_turn": "units cut down at the end of a turn: params round, unit, keep",
    "reinforce_when_gone": "reinforcements arrive even with no pieces on the board (§12.1)",
    "unlimited_consulars": "consular legions without the city cap: params round",
}
"""Every special-rule key the data may use, so a misspelt key fails loading."""

CONDITIONS: dict[str, str] = {
    "roma_empty_or_roman": "Roma holds no units or only Roman ones (clarification 'Romani, Italia I')",
}
"""Every reinforcement condition the data may use."""


class Special(Provenanced):
    """A card or scenario rule the engine dispatches on by ``key``; ``text`` is the rule itself."""

    key: str
    params: dict[str, Any] = Field(default_factory=dict)
    text: str = Field(min_length=1)

    @field_validator("key")
    @classmethod
    def _known(cls, v: str) -> str:
        if v not in SPECIAL_KEYS:
            raise ValueError(f"unknown special rule {v!r}")
        return v


# ---------------------------------------------------------------------------------------------
# Nation card parts
# ---------------------------------------------------------------------------------------------


class Leader(Provenanced):
    key: str = Field(pattern=r"^[a-z][a-z_]*$")
    name: str
    counter: str = Field(description="the abbreviation printed on the counter (§2.2.3)")


class Income(Provenanced):
    """§6.1: ``normal``; ``none`` (no income ever); ``half`` (rounded up: Byzantines);
    ``conditional``: full while the nation controls any area in ``full_if_controls`` (area keys
    or region names), else half rounded up."""

    kind: Literal["normal", "none", "half", "conditional"]
    full_if_controls: list[str] = Field(default_factory=list)
    full_if_controls_ids: tuple[int, ...] = ()

    @model_validator(mode="after")
    def _cond(self) -> Income:
        if (self.kind == "conditional") != bool(self.full_if_controls):
            raise ValueError("'full_if_controls' is required exactly for kind 'conditional'")
        return self


class Placement(Provenanced):
    """Pieces placed at the start of the game (summary card 1, §4.0)."""

    area: str
    units: dict[UnitType, int] = Field(default_factory=dict)
    city: bool = False
    leaders: list[str] = Field(default_factory=list)
    area_id: int = -1

    @field_validator("units")
    @classmethod
    def _positive(cls, v: dict[str, int]) -> dict[str, int]:
        for unit, n in v.items():
            if n < 1:
                raise ValueError(f"{unit}: count must be at least 1, not {n}")
        return v


class Where(Frozen):
    """Where reinforcements appear (§7.2).

    * ``area``: in ``areas[0]`` (non-nation units there must retreat if ``clear``);
    * ``any_of``: in one of ``areas`` (all together unless ``distribute``);
    * ``controlled``: in areas the nation controls (any entry area if it controls none, §7.2);
    * ``controlled_in``: in controlled areas of ``region`` (or of ``areas``);
    * ``free_or_controlled_in``: empty or controlled areas of ``region`` (or of ``areas``), and
      with ``adjacent`` also the areas and seas adjacent to it (Vandals, round 2).

    ``area_ids`` is the resolved set of candidate areas (empty for ``controlled``).
    """

    rule: Literal["area", "any_of", "controlled", "controlled_in", "free_or_controlled_in"]
    areas: list[str] = Field(default_factory=list)
    region: str | None = None
    adjacent: bool = False
    distribute: bool = False
    clear: bool = False
    area_ids: tuple[int, ...] = ()

    @model_validator(mode="after")
    def _shape(self) -> Where:
        if self.rule in ("area", "any_of") and not self.areas:
            raise ValueError(f"rule {self.rule!r} needs 'areas'")
        if self.rule == "area" and len(self.areas) != 1:
            raise ValueError("rule 'area' takes exactly one area")
        if self.rule in ("controlled_in", "free_or_controlled_in") and not (self.region or self.areas):
            raise ValueError(f"rule {self.rule!r} needs 'region' or 'areas'")
        if self.rule in ("area", "any_of", "controlled") and (self.region or self.adjacent):
            raise ValueError(f"rule {self.rule!r} takes no 'region' or 'adjacent'")
        return self


class Reinforcement(Provenanced):
    """One line of a card's reinforcement table (§7.2)."""

    round: int = Field(ge=1, le=10)
    where: Where
    units: dict[UnitType, int] = Field(default_factory=dict)
    leaders: list[str] = Field(default_factory=list)
    top_up: dict[UnitType, int] = Field(
        default_factory=dict, description="raise the number on the board up to N (§7.2)"
    )
    gold: int = Field(default=0, ge=0, description="gold added to the treasury on arrival")
    timing: Literal["start_of_round", "turn", "end_of_round"] = "turn"
    optional: bool = False
    condition: str | None = None
    leader_rounds: int = Field(default=1, ge=1, description="rounds the leader stays (§7.2: one)")
    text: str = ""

    @field_validator("condition")
    @classmethod
    def _known_condition(cls, v: str | None) -> str | None:
        if v is not None and v not in CONDITIONS:
            raise ValueError(f"unknown condition {v!r}")
        return v

    @model_validator(mode="after")
    def _something(self) -> Reinforcement:
        if not (self.units or self.leaders or self.top_up or self.gold):
            raise ValueError("a reinforcement brings units, leaders, a top-up or gold")
        for unit, n in {**self.units, **self.top_up}.items():
            if n < 1:
                raise ValueError(f"{unit}: count must be at least 1, not {n}")
        return self


class TurnSpec(Provenanced):
    """A special nation turn: a major invasion (§12.2) or a campaign (§12.3)."""

    round: int = Field(ge=1, le=10)
    kind: Literal["campaign", "major_invasion"]
    leader: str | None = None
    gold: int = Field(default=0, ge=0, description="campaign gold, received when the campaign starts")
    starts_with_campaign: bool = False
    bonuses: list[Literal["no_stack_limit_with_leader", "extra_move_first"]] = Field(default_factory=list)
    text: str = ""

    @model_validator(mode="after")
    def _leader(self) -> TurnSpec:
        if self.kind == "campaign" and not self.leader:
            raise ValueError("a campaign is led by a leader")
        if self.kind == "major_invasion" and (self.gold or self.starts_with_campaign):
            raise ValueError("a major invasion has no campaign gold and no campaign start")
        return self


class RegionVP(Frozen):
    """VP for a whole region (§11.0): ``all`` needs every area (empty and submitted areas count
    as controlled); ``minus_others`` scores ``vp`` minus 1 per area held by other, non-submitted
    nations, never below 0."""

    region: str
    vp: float
    form: Literal["all", "minus_others"] = "all"
    half_vp: int = 0
    area_ids: tuple[int, ...] = ()


class ScoringRound(Provenanced):
    """Area and city VP at the end of a game round (§11.0). ``areas``/``cities`` map an area key
    or a region name (expanded to its areas; an explicit area key wins) to VP."""

    round: int = Field(ge=1, le=10)
    areas: dict[str, float] = Field(default_factory=dict)
    cities: dict[str, float] = Field(default_factory=dict)
    regions: list[RegionVP] = Field(default_factory=list)
    area_vp: dict[int, int] = Field(default_factory=dict, description="area id -> half VP")
    city_vp: dict[int, int] = Field(default_factory=dict, description="area id -> half VP")


VPTrigger = Literal[
    "kill",  # per enemy unit eliminated (filters: nations, units, leaders)
    "kill_last",  # the last land unit of one of ``nations`` is eliminated
    "pillage",  # a city pillaged or raided (§10.6, §10.7); ``area`` and ``nth`` narrow it
    "set_piece",  # a set-piece battle won (§13.2, §13.4) against ``nations`` (any if empty)
    "submission",  # a nation submits to this nation (§12.5)
    "leader_retreat",  # a leader of this nation retreats (penalty; not after a submission)
    "exit",  # a unit removed from play through ``area`` (FAQ 'Visigoti e Unni')
    "imperial_title",  # the leader in ``leaders`` ends a move in ``area`` and its holders retreat
    # (``unopposed``: an empty area, with nobody to retreat, gives it too)
]


class VPEvent(Provenanced):
    """An "at any time" VP line of a card (§11.0)."""

    trigger: VPTrigger
    vp: float
    nations: list[str] = Field(default_factory=list)
    units: list[
        Literal[
            "infantry", "legion", "consular", "foederati", "knight", "elephant", "fleet", "leader", "land"
        ]
    ] = Field(default_factory=list)
    leaders: list[str] = Field(default_factory=list)
    area: str | None = None
    nth: Literal["first", "later"] | None = None
    rounds: list[int] = Field(default_factory=list)
    as_defender: bool = False
    instead_of_gold: bool = False
    unopposed: bool = False
    text: str = ""
    half_vp: int = 0
    area_id: int = -1

    @model_validator(mode="after")
    def _unopposed(self) -> VPEvent:
        # Only the imperial title has a procedure that an empty area can satisfy (FAQ 'Franchi').
        if self.unopposed and self.trigger != "imperial_title":
            raise ValueError("'unopposed' applies to the imperial_title trigger only")
        return self


class Submission(Provenanced):
    """§12.5.1: attacked by ``to`` in one of its areas, the nation must submit when it controls
    at most ``must_at_most`` land areas, and may (after one combat round) at most
    ``may_at_most``."""

    to: str
    must_at_most: int | None = Field(default=None, ge=0)
    may_at_most: int | None = Field(default=None, ge=0)
    rounds: list[int] = Field(default_factory=list)

    @model_validator(mode="after")
    def _limits(self) -> Submission:
        if self.must_at_most is None and self.may_at_most is None:
            raise ValueError("a submission term needs 'must_at_most' or 'may_at_most'")
        if (
            self.must_at_most is not None
            and self.may_at_most is not None
            and self.may_at_most < self.must_at_most
        ):
            raise ValueError("'may_at_most' cannot be below 'must_at_most'")
        return self


class Revolt(Provenanced):
    """§12.6: the nation may declare a revolt against its ruler ``against``."""

    against: str
    when: Literal["own_turn", "leader_near"] = "own_turn"
    leader: str | None = None
    rounds: list[int] = Field(default_factory=list)
    text: str = ""


class Transform(Provenanced):
    """§12.4: at ``round`` (start of the round) this nation's units become ``into``'s units."""

    round: int = Field(ge=1, le=10)
    into: str
    units: Literal["replace", "remove"] = "replace"
    text: str = ""


class Nation(Provenanced):
    key: str = Field(pattern=r"^[a-z][a-z_]*$")
    name: str
    name_it: str
    colour: Colour
    order: int | None = Field(
        default=None, ge=1, description="position in table 5.1/5.2; None: round-10 faction"
    )
    rounds: tuple[int, int]
    income: Income
    counters: dict[UnitType, int]
    leaders: list[Leader] = Field(default_factory=list)
    capital: str | None = None
    gold: int = Field(default=0, ge=0, le=10, description="starting gold (§6.1: 0 unless the card says)")
    setup: list[Placement] = Field(default_factory=list)
    reinforcements: list[Reinforcement] = Field(default_factory=list)
    turns: list[TurnSpec] = Field(default_factory=list)
    scoring: list[ScoringRound] = Field(default_factory=list)
    vp_events: list[VPEvent] = Field(default_factory=list)
    submission: list[Submission] = Field(default_factory=list)
    revolts: list[Revolt] = Field(default_factory=list)
    transforms: list[Transform] = Field(default_factory=list)
    special: list[Special] = Field(default_factory=list)
    capital_id: int = -1

    @field_validator("rounds")
    @classmethod
    def _rounds(cls, v: tuple[int, int]) -> tuple[int, int]:
        if not 1 <= v[0] <= v[1] <= 10:
            raise ValueError(f"rounds must be 1 <= first <= last <= 10, not {v}")
        return v

    @field_validator("counters")
    @classmethod
    def _counters(cls, v: dict[str, int]) -> dict[str, int]:
        for unit, n in v.items():
            if n < 0:
                raise ValueError(f"{unit}: a counter limit cannot be negative")
        return v

    def leader(self, key: str) -> Leader:
        for lead in self.leaders:
            if lead.key == key:
                return lead
        raise KeyError(f"{self.key} has no leader {key!r}")

    def reinforcements_in(self, round_: int) -> list[Reinforcement]:
        return [r for r in self.reinforcements if r.round == round_]

    def turn_in(self, round_: int) -> TurnSpec | None:
        for t in self.turns:
            if t.round == round_:
                return t
        return None

    def scoring_in(self, round_: int) -> ScoringRound | None:
        for s in self.scoring:
            if s.round == round_:
                return s
        return None

    def active_in(self, round_: int) -> bool:
        return self.rounds[0] <= round_ <= self.rounds[1]


class ScenarioFile(Provenanced):
    key: Literal["italia-i", "italia-ii"]
    title: str
    players_count: int = Field(ge=3, le=4)
    rounds: int = Field(ge=1, le=10)
    scoring_rounds: list[int]
    costs: Costs
    units: dict[UnitType, UnitStats]
    leader: LeaderStats
    players: list[Player]
    order_of_play: list[str]
    order_source: str
    nations: list[Nation]
    special: list[Special] = Field(default_factory=list)


# ---------------------------------------------------------------------------------------------
# Runtime scenario
# ---------------------------------------------------------------------------------------------


class Scenario:
    """A validated scenario. ``nations`` follow the order of play (§5.1/§5.2; round-10 factions
    last); ``players`` maps a colour (the role) to its nations in order of appearance."""

    def __init__(self, spec: ScenarioFile) -> None:
        self.spec = spec
        self.key = spec.key
        self.title = spec.title
        self.rounds = spec.rounds
        self.scoring_rounds: tuple[int, ...] = tuple(spec.scoring_rounds)
        self.units = spec.units
        self.leader_stats = spec.leader
        self.costs = spec.costs
        order = {k: i for i, k in enumerate(spec.order_of_play)}
        self.nations: tuple[Nation, ...] = tuple(
            sorted(spec.nations, key=lambda n: order.get(n.key, len(order)))
        )
        self.index: dict[str, int] = {n.key: i for i, n in enumerate(self.nations)}
        self.order_of_play: tuple[str, ...] = tuple(spec.order_of_play)
        self.players: dict[str, tuple[str, ...]] = {p.colour: tuple(p.nations) for p in spec.players}
        self.roles: tuple[str, ...] = tuple(self.players)
        self.player_of: dict[str, str] = {n: c for c, ns in self.players.items() for n in ns}
        self.special: dict[str, Special] = {s.key: s for s in spec.special}

    def nation(self, key: str) -> Nation:
        return self.nations[self.index[key]]

    def active(self, round_: int) -> list[Nation]:
        """Nations whose card is in play in a round, in order of play (§5.0)."""
        return [n for n in self.nations if n.order is not None and n.active_in(round_)]

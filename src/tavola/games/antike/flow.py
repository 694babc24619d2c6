"""The sequence of play of Antike II in one table: every step of a turn, the rule that governs
it, the chapter module that rules it, what the player is asked, and what its frame keeps.

A turn (§5) is a rondel move (§5.1), perhaps paid for step by step, then the action of the
space landed on (§6 production, §7.1 arming, §7.2 temples, §7.3 technologies, §8 movement,
battles and conquest), then founding (§5.2), then the end of the turn (§5.3,
:mod:`.turn`). Trading by Mercatura or Commercium (§7.3) is a side action, open at every step of
the owner's turn but a trade itself and a founded city's token, whose cost is due. The frame of the deciding step is on top of
``state["flow"]``; the acting nation is the turn's, or the ``who`` of a battle frame.
"""

from __future__ import annotations

from tavola.core.flow import Flow, Frame, SideActions, Step, Wanted
from tavola.games.antike import founding, militia, movere, production, rondel, scientia, templum
from tavola.games.antike.common import TRADE_ACTS, State, trade_rates, wealth
from tavola.games.antike.loader import RULEBOOK
from tavola.games.antike.setup import TRADE_WHEN_BUYING


def _acting(state: State, frame: Frame) -> int:
    return frame["deciding"] if "deciding" in frame else state["turn"]


def _trades(state: State, frame: Frame, n: int) -> list[tuple[str, str]]:
    rates = trade_rates(state, n)
    if frame["s"] == "pay":  # never trade away what the steps already chosen cost
        left = wealth(state["purse"][n]) - rondel.owed(frame)
        rates = [r for r in rates if left >= RULEBOOK.trade[r][0] - RULEBOOK.trade[r][1]]
    return [TRADE_ACTS[rate] for rate in rates]


def _trading(wanted: Wanted | None = None) -> Wanted:
    """§7.3 trading is allowed «in qualsiasi momento durante il turno del giocatore»: at every
    step of the owner's turn (not by a defender asked about a battle). The option
    trade_when_buying offers it only where a purchase is possible in principle (``wanted``:
    arming, temples, technologies, cities), the reading of some summaries."""

    def offered(state: State, frame: Frame, n: int) -> bool:
        if n != state["turn"]:
            return False
        if state.get(TRADE_WHEN_BUYING.name):
            return wanted is not None and wanted(state, frame, n)
        return True

    return offered


TRADING = SideActions(
    verbs=frozenset({"trade"}),
    legal=_trades,
    apply=lambda state, n, action: scientia.start_trade(state, n, action[1]),
)

FLOW = Flow(
    {
        "rondel": Step("§5.1", rondel.legal_rondel, rondel.apply_rondel, rondel.ask_rondel, side=_trading()),
        "pay": Step(
            "§5.1",
            rondel.legal_pay,
            rondel.apply_pay,
            rondel.ask_pay,
            frame={"owed": "paid steps still owed (read by rondel.owed)", "to": "the rondel space moved to"},
            side=_trading(),
        ),
        "coin": Step(
            "§6.1", production.legal_coin, production.apply_coin, production.ask_coin, side=_trading()
        ),
        "militia": Step(
            "§7.1",
            militia.legal_militia,
            militia.apply_militia,
            militia.ask_militia,
            frame={"free": "Bellona's free units left (§5)", "add": "units placed this turn, per region"},
            side=_trading(militia.wanted),
        ),
        "templum": Step(
            "§7.2",
            templum.legal_templum,
            templum.apply_templum,
            templum.ask_templum,
            side=_trading(templum.wanted),
        ),
        "scientia": Step(
            "§7.3",
            scientia.legal_scientia,
            scientia.apply_scientia,
            scientia.ask_scientia,
            side=_trading(scientia.wanted),
        ),
        "trade": Step(
            "§7.3",
            scientia.legal_trade,
            scientia.apply_trade,
            scientia.ask_trade,
            frame={"rate": "mercatura or commercium", "give": "resources still to give", "take": "to take"},
        ),
        "move": Step(
            "§8.1",
            movere.legal_move,
            movere.apply_move,
            movere.ask_move,
            frame={
                "moves_left": "per unit slot, how many units have 1 and 2 moves left",
                "picked": "the picked unit: [slot, moves left, has moved] or None",
            },
            side=_trading(),
        ),
        "clash": Step(
            "§8.1",
            movere.legal_clash,
            movere.apply_clash,
            movere.ask_clash,
            frame={
                "region": "the region",
                "unit": "the unit type fighting (0 legion, 1 galley)",
                "opponents": "the hostile nations there, in order",
                "defender_asked": "0 while the mover is asked, 1 for the other side",
                "deciding": "the nation asked now",
            },
            side=_trading(),
        ),
        "conquer": Step(
            "§8.2", movere.legal_conquer, movere.apply_conquer, movere.ask_conquer, side=_trading()
        ),
        "loss": Step(
            "§8.2",
            movere.legal_loss,
            movere.apply_loss,
            movere.ask_loss,
            frame={"region": "the region conquered", "remove": "units still to return to supply"},
            side=_trading(),
        ),
        "found": Step(
            "§5.2",
            founding.legal_found,
            founding.apply_found,
            founding.ask_found,
            side=_trading(founding.wanted),
        ),
        "token": Step(
            "§5.2",
            founding.legal_token,
            founding.apply_token,
            founding.ask_token,
            frame={"region": "the any-resource site being founded"},
        ),
    },
    actor=_acting,
    side=TRADING,
    final=("over",),
)

LAYOUT_1 = {
    "pay": {"n": "owed"},
    "clash": {"r": "region", "t": "unit"},
    "loss": {"r": "region", "k": "remove"},
    "token": {"r": "region"},
}
"""The frame locals of layout 1 (records written before they had full words), old -> new."""
LAYOUT_2 = {
    "state": {"res": "purse", "cur": "turn"},
    "move": {"mv": "moves_left"},
    "clash": {"opp": "opponents", "ask": "defender_asked", "who": "deciding"},
}
"""What layout 3 named in full words, old -> new: two state keys and the locals of two frames."""
LAYOUT_3 = {
    "state": {"ctrl": "control", "sup": "supply", "tok": "city_token", "pers": "personages"},
    "move": {"sel": "picked"},
}
"""What layout 4 named in full words, old -> new: four state keys and the move's picked unit."""
LAYOUTS = {1: LAYOUT_1, 2: LAYOUT_2, 3: LAYOUT_3}
"""The names each layout changed for the next one (the current layout is 4)."""


def as_layout(state: State, version: int) -> State:
    """``state`` with the names of layout ``version`` (only to check the checksums of older
    records): every renaming since that layout, taken back."""
    back: dict[str, dict[str, str]] = {}
    for v in range(version, len(LAYOUTS) + 1):
        for part, names in LAYOUTS[v].items():
            back.setdefault(part, {}).update({new: old for old, new in names.items()})
    top = back.pop("state", {})
    out = {top.get(k, k): v for k, v in state.items()}
    out["flow"] = [
        {back[f["s"]].get(k, k): v for k, v in f.items()} if f["s"] in back else f for f in state["flow"]
    ]
    return out

"""The sequence of play of Antike II in one table: every step of a turn, the rule that governs
it, the chapter module that rules it, what the player is asked, and what its frame keeps.

A turn (§5) is a rondel move (§5.1), perhaps paid for step by step, then the action of the
space landed on (§6 production, §7.1 arming, §7.2 temples, §7.3 technologies, §8 movement,
battles and conquest), then founding (§5.2), then the end of the turn (§5.3,
:mod:`.turn`). Trading by Mercatura or Commercium (§7.3) is a side action, open at any step
where something could be bought. The frame of the deciding step is on top of
``state["flow"]``; the acting nation is the turn's, or the ``who`` of a battle frame.
"""

from __future__ import annotations

from tavola.core.flow import Flow, Frame, SideActions, Step
from tavola.games.antike import founding, militia, movere, production, rondel, scientia, templum
from tavola.games.antike.common import TRADE_ACTS, State, trade_rates


def _acting(state: State, frame: Frame) -> int:
    return frame.get("who", state["cur"])


def _trades(state: State, n: int) -> list[tuple[str, str]]:
    return [TRADE_ACTS[rate] for rate in trade_rates(state, n)]


# §7.3 trading is allowed at any time of the owner's turn; it is offered where a purchase is
# possible in principle (arming, temples, technologies, cities), which loses no option: resources
# keep between steps and only purchases need particular kinds (the rondel takes any).
TRADING = SideActions(
    verbs=frozenset({"trade"}),
    legal=_trades,
    apply=lambda state, n, action: scientia.start_trade(state, n, action[1]),
)

FLOW = Flow(
    {
        "rondel": Step("§5.1", rondel.legal_rondel, rondel.apply_rondel, rondel.ask_rondel),
        "pay": Step(
            "§5.1",
            rondel.legal_pay,
            rondel.apply_pay,
            rondel.ask_pay,
            frame={"n": "paid steps still owed (read by rondel.owed)", "to": "the rondel space moved to"},
        ),
        "coin": Step("§6.1", production.legal_coin, production.apply_coin, production.ask_coin),
        "militia": Step(
            "§7.1",
            militia.legal_militia,
            militia.apply_militia,
            militia.ask_militia,
            frame={"free": "Bellona's free units left (§5)", "add": "units placed this turn, per region"},
            side=militia.wanted,
        ),
        "templum": Step(
            "§7.2", templum.legal_templum, templum.apply_templum, templum.ask_templum, side=templum.wanted
        ),
        "scientia": Step(
            "§7.3",
            scientia.legal_scientia,
            scientia.apply_scientia,
            scientia.ask_scientia,
            side=scientia.wanted,
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
                "mv": "per unit slot, how many units have 1 and 2 moves left",
                "sel": "the picked unit: [slot, moves left, has moved] or None",
            },
        ),
        "clash": Step(
            "§8.1",
            movere.legal_clash,
            movere.apply_clash,
            movere.ask_clash,
            frame={
                "r": "the region",
                "t": "the unit type fighting",
                "opp": "the hostile nations there, in order",
                "ask": "0 while the mover is asked, 1 for the other side",
                "who": "the nation asked now",
            },
        ),
        "conquer": Step("§8.2", movere.legal_conquer, movere.apply_conquer, movere.ask_conquer),
        "loss": Step(
            "§8.2",
            movere.legal_loss,
            movere.apply_loss,
            movere.ask_loss,
            frame={"r": "the region conquered", "k": "units still to return to supply"},
        ),
        "found": Step(
            "§5.2", founding.legal_found, founding.apply_found, founding.ask_found, side=founding.wanted
        ),
        "token": Step(
            "§5.2",
            founding.legal_token,
            founding.apply_token,
            founding.ask_token,
            frame={"r": "the any-resource site being founded"},
        ),
    },
    actor=_acting,
    side=TRADING,
    final=("over",),
)

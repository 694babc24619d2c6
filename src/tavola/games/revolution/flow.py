"""Revolution's sequence of play, step by step: every decision, its rule, its legal actions,
what an action does, the prompt, and the locals of its frame. The phases without a decision
run in ``turn``."""

from __future__ import annotations

from tavola.core.flow import Flow, Step
from tavola.games.revolution import (
    allegiance,
    armies,
    beggars,
    conflict,
    overpopulation,
    provinces,
    setup,
    support,
    taxes,
    units,
    victory,
)

WHO = {"who": "the faction deciding (an owner index)"}
QUEUE = {**WHO, "queue": "the factions still to play this phase, in turn order"}

FLOW = Flow(
    {
        "garrison": Step(
            "§3.6",
            setup.legal_garrison,
            setup.apply_garrison,
            setup.ask_garrison,
            frame={**WHO, "left": "set-up armies still to place"},
        ),
        "taxes": Step("§6.1", taxes.legal_taxes, taxes.apply_taxes, taxes.ask_taxes, frame=QUEUE),
        "support": Step(
            "§6.2.1", support.legal_support, support.apply_support, support.ask_support, frame=QUEUE
        ),
        "intercept": Step(
            "§6.2.2",
            support.legal_intercept,
            support.apply_intercept,
            support.ask_intercept,
            frame={**WHO, "victim": "the faction moving Spanish Treasury coins", "n": "coins it moved"},
        ),
        "maintain": Step(
            "§6.3",
            armies.legal_maintain,
            armies.apply_maintain,
            armies.ask_maintain,
            frame={**QUEUE, "todo": "[region, box] of its armies not yet dealt with"},
        ),
        "raise": Step("§6.4", armies.legal_raise, armies.apply_raise, armies.ask_raise, frame=QUEUE),
        "siege": Step("§6.6", armies.legal_siege, armies.apply_siege, armies.ask_siege, frame=QUEUE),
        "beggars": Step(
            "§6.7", beggars.legal_beggars, beggars.apply_beggars, beggars.ask_beggars, frame=QUEUE
        ),
        "march": Step(
            "§6.8",
            armies.legal_march,
            armies.apply_march,
            armies.ask_march,
            frame={
                **QUEUE,
                "moved": "[region, box] of armies that moved (or were stopped) this phase",
                "stopped": "per region, armies its Water Beggars stopped this phase (§6.7.4)",
            },
        ),
        "influence": Step(
            "§6.9",
            armies.legal_influence,
            armies.apply_influence,
            armies.ask_influence,
            frame={
                **QUEUE,
                "used": "[region, box] of armies that used their influence",
                "stopped": "per region, armies its Water Beggars stopped this phase (§6.7.4)",
            },
        ),
        "units": Step(
            "§6.10",
            units.legal_units,
            units.apply_units,
            units.ask_units,
            frame={
                **QUEUE,
                "left": "new tokens still to place",
                "present": "per province, the faction's tokens before this phase",
                "added": "per province, new tokens placed there",
            },
        ),
        "neutral": Step(
            "§6.12",
            conflict.legal_neutral,
            conflict.apply_neutral,
            conflict.ask_neutral,
            frame={**WHO, "left": "leftover neutrals to place", "given": "provinces that received one"},
        ),
        "overflow": Step(
            "§6.13",
            overpopulation.legal_overflow,
            overpopulation.apply_overflow,
            overpopulation.ask_overflow,
            frame=QUEUE,
        ),
        "ask": Step("§6.14", provinces.legal_ask, provinces.apply_ask, provinces.ask_ask, frame=QUEUE),
        "arrange": Step(
            "§6.14",
            provinces.legal_arrange,
            provinces.apply_arrange,
            provinces.ask_arrange,
            frame={
                **QUEUE,
                "province": "the province being arranged",
                "provinces": "provinces asked for, still to arrange",
                "moved": "factions that have moved in this province",
            },
        ),
        "spend": Step(
            "§6.16", allegiance.legal_spend, allegiance.apply_spend, allegiance.ask_spend, frame=QUEUE
        ),
        "position": Step(
            "§6.20", victory.legal_position, victory.apply_position, victory.ask_position, frame=QUEUE
        ),
    },
    actor=lambda state, frame: frame["who"],
    final=("over", "next"),
)

"""The compact unit record, its flags, and the rule numbers the data files do not hold.

Every number the data holds is read from it (``data/*.yaml`` through ``scenario.Static``):
costs and the gold cap (§6.1, §6.2), to-hit numbers and hits (§10.2), movement (§9), the
leaders' numbers, pillage gold, campaign and block costs. Only the fleet's capacity (§9.6),
the raid's to-hit (§10.7) and the combat modifiers (§10.2) live here, once.

A unit on the board is a short list ``[nation, kind, mp, flags, hits, extra]``:

* ``nation`` the nation index (position in the scenario's order of play);
* ``kind`` one of :data:`KINDS`;
* ``mp`` movement points left in the current movement phase;
* ``flags`` bits ``F_*`` (reset at the end of every nation turn);
* ``hits`` hits taken by a two-hit unit (§10.2); for a fleet, the land units it has carried
  during the current turn (§9.6: at most two per turn);
* ``extra`` the leader's key for a leader, the cargo list for a fleet, else 0.
"""

from __future__ import annotations

from typing import Final

# Final: compiled code (``tavola/compiled.py``) then reads these as constants, not as globals.
NAT: Final = 0
KIND: Final = 1
MP: Final = 2
FL: Final = 3
HIT: Final = 4
EXT: Final = 5

INFANTRY: Final = "infantry"
FOEDERATI: Final = "foederati"
LEGION: Final = "legion"
CONSULAR: Final = "consular"
KNIGHT: Final = "knight"
ELEPHANT: Final = "elephant"
FLEET: Final = "fleet"
LEADER: Final = "leader"

KINDS: Final = (INFANTRY, FOEDERATI, LEGION, CONSULAR, KNIGHT, ELEPHANT, FLEET, LEADER)
LAND_KINDS: Final = (INFANTRY, FOEDERATI, LEGION, CONSULAR, KNIGHT, ELEPHANT)
"""Land units that count for stacking and roll in land combat (leaders do neither, §8.0)."""
BUYABLE: Final = (INFANTRY, FOEDERATI, LEGION, CONSULAR, KNIGHT, ELEPHANT, FLEET)

FLEET_CAPACITY: Final = 2  # §9.6: land units carried per fleet and turn, leaders free
RAID_TO_HIT: Final = 7  # §10.7: raiders hit on 7-10 whatever their kind

# Modifiers of §10.2 (attackers' view unless said).
MOD_ROUGH: Final = -1  # highland or marsh, attackers (§10.3)
MOD_CITY: Final = -2  # city in the area, attackers (§10.6)
MOD_SUPREMACY: Final = 1  # naval supremacy (§10.9)
MOD_INVASION: Final = 2  # defenders in the first round against units from the sea or a strait (§10.8.2)

# City counter on an area: none, standing city, ruin (§2.2.1.9).
NO_CITY: Final = 0
CITY: Final = 1
RUIN: Final = 2

# Unit flags.
F_GRP: Final = 1  # selected in the group that is moving now
F_STOP: Final = 2  # may not move any further this movement phase
F_LAND: Final = 4  # has moved over land this phase: may not embark (§9.6)
F_SHIP: Final = 8  # has used a fleet this phase: no second fleet, no land move after landing (§9.6)
F_LDR: Final = 16  # started the move with its leader: one extra area (§9.1)
F_NAVAL: Final = 32  # entered its area from the sea or across a strait this turn (§10.8.2)
F_ENTRY: Final = 64  # placed as a reinforcement in an entry area its nation treats as normal, not moved since
# (§10.0 FAQ: it may still treat the area as a true entry area until its nation's turn ends)
F_MOVED: Final = 128  # has moved in this phase
F_OVER: Final = 256  # stopped to overrun the area it stands in (§9.3)
F_CONV: Final = 512  # converted by the Patrimonium for the battle under way (§14.3)
F_CAMP: Final = 1024  # moving with the campaigning leader (§12.3.1)
F_RETR: Final = 2048  # a fleet that retreated this turn: no naval supremacy from it (§10.9)
F_KEEP: Final = F_NAVAL | F_ENTRY  # flags that last the whole nation turn

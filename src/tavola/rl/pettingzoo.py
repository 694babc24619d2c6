"""A PettingZoo environment for every game: Gymnasium spaces over the one rules contract.

``pettingzoo_env("antike-ii")`` returns a ``pettingzoo.AECEnv``. Its action space is
``Discrete(n)`` over the game's fixed action space (``Rules.action_space``); its observation
is ``{"observation": Box(float32, (size,)), "action_mask": Box(int8, (n,))}``, the way
PettingZoo's own action-masked games (chess, connect four) give it. The observation encodes
the role's redacted view only (``Rules.view``), never the state: an agent sees what a player
would. Needs the ``rl`` extra (``pip install 'tavola[rl]'``).

The encoding is generic, a bag of path features (docs/rl.md has the whole scheme): the view's
plain data is walked from the root, and every leaf adds to one feature named by its path:

- a dict key extends the path (``nations``, ``purse``, ``gold``);
- a list of dicts that carry a ``key`` or an ``id`` is indexed by it (``areas/roma``);
- a list of numbers keeps positions (``units/arabs/0``, ``units/arabs/1``);
- any other list is a multiset: its items share the path ``*`` and their features add up,
  so four Celtic infantry in Mediolanum give ``areas/mediolanum/units/*/nation=celts`` = 4;
- a number or bool adds its value to its path; a string or None adds 1 to ``path=value``.

Two features more say who is looking: ``@role=<role>`` and ``@prompt=<prompt text key>``.

Each feature has a slot of its own when it is in the game's feature list, a file shipped in the
game's package (``rl_features.json``, written by ``python -m tavola.rl.pettingzoo GAME`` from
seeded random games of every scenario, player count and option set, and only ever appended to,
so a slot keeps its meaning from one version to the next). A feature not in the list (a game
without one, a situation the random games never reached) is hashed (BLAKE2b) into ``overflow``
extra slots. The observation has ``len(features) + overflow`` numbers.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import random
import sys
from importlib import resources
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from tavola.core.game import Game
from tavola.core.registry import get_rules, module_of
from tavola.core.rules import Action, Rules, State
from tavola.rl.env import Env

OVERFLOW = 1024
FEATURES_FILE = "rl_features.json"


def feature_list(game: str) -> list[str]:
    """The game's shipped feature list (empty for a game that has none)."""
    path = _features_path(game)
    if path is None or not path.is_file():
        return []
    return list(json.loads(path.read_text())[game])


def _features_path(game: str) -> Any:
    """Where the game's package keeps its feature list (None outside a package)."""
    module = module_of(game)
    if not hasattr(importlib.import_module(module), "__path__"):
        module = module.rpartition(".")[0]  # the rules' own module: its package holds the list
    if not module:
        return None  # a top-level module, such as a test game
    return resources.files(module) / FEATURES_FILE


class ViewEncoder:
    """Turns a view (plain data) into a fixed-size float32 vector; see the module docstring."""

    def __init__(self, features: list[str] | None = None, overflow: int = OVERFLOW) -> None:
        self.known = {name: i for i, name in enumerate(features or [])}
        self.overflow = overflow
        self.size = len(self.known) + overflow
        self._hashed: dict[str, int] = {}

    def slot(self, feature: str) -> int:
        found = self.known.get(feature)
        if found is None:
            found = self._hashed.get(feature)
        if found is None:
            digest = hashlib.blake2b(feature.encode(), digest_size=8).digest()
            found = len(self.known) + int.from_bytes(digest, "little") % self.overflow
            self._hashed[feature] = found
        return found

    @staticmethod
    def features(view: Any) -> dict[str, float]:
        """The named features of a view, before they are put in slots."""
        out: dict[str, float] = {}
        _walk(view, "", out)
        return out

    def encode(self, features: dict[str, float]) -> np.ndarray:
        vector = np.zeros(self.size, dtype=np.float32)
        for name, value in features.items():
            vector[self.slot(name)] += value
        return vector


def observed_features(rules: Rules, state: State, role: str) -> dict[str, float]:
    """Every feature ``role`` observes now: its view's, its role's and its prompt's."""
    out = ViewEncoder.features(rules.view(state, role))
    out[f"@role={role}"] = 1.0
    if role in rules.active_roles(state):
        out[f"@prompt={rules.prompt(state, role).get('text', '')}"] = 1.0
    return out


def _add(out: dict[str, float], name: str, value: float) -> None:
    out[name] = out.get(name, 0.0) + value


def _records(data: list[Any]) -> bool:
    """A list of records named by a ``key`` (or an ``id``): areas, nations."""
    return all(isinstance(x, dict) and ("key" in x or "id" in x) for x in data)


def _like_records(data: dict[str, Any]) -> bool:
    """A dict of three or more records with the same fields: a table keyed by name (regions)."""
    values = list(data.values())
    return (
        len(values) >= 3
        and all(isinstance(v, dict) for v in values)
        and all(v.keys() == values[0].keys() for v in values)
    )


def _walk(data: Any, path: str, out: dict[str, float]) -> None:
    if isinstance(data, dict):
        for k, v in data.items():
            _walk(v, f"{path}/{k}", out)
    elif isinstance(data, list | tuple):
        if not data:
            return
        if _records(data):
            for x in data:
                ident = "key" if "key" in x else "id"
                _walk({k: v for k, v in x.items() if k != ident}, f"{path}/{x[ident]}", out)
        elif all(isinstance(x, int | float) and not isinstance(x, bool) for x in data):
            for i, x in enumerate(data):
                _add(out, f"{path}/{i}", float(x))
        else:
            for x in data:
                _walk(x, f"{path}/*", out)
    elif isinstance(data, bool | int | float):
        _add(out, path, float(data))
    else:
        _add(out, f"{path}={data}", 1.0)


class TavolaEnv(AECEnv):
    """One game of ``game`` per ``reset``; agents are the game's roles.

    The game runs in a :class:`tavola.rl.Env` (action ids, rewards, the end of an episode,
    ``infos``); this class adds the Gymnasium spaces, the encoding and PettingZoo's bookkeeping
    (accumulated rewards, finished agents leaving ``agents``)."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "tavola_v0",
        "render_modes": ["ansi"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str,
        scenario: str | None = None,
        players: int | None = None,
        options: dict[str, Any] | None = None,
        *,
        overflow: int = OVERFLOW,
        max_steps: int = 100_000,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.cycle = Env(game, scenario, players, options, max_steps)
        self.rules = self.cycle.rules
        self.render_mode = render_mode
        self.encoder = ViewEncoder(feature_list(game), overflow)
        self.possible_agents = list(self.cycle.possible_agents)
        n = self.cycle.num_actions
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(-np.inf, np.inf, (self.encoder.size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (n,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self._seeds = random.Random()

    @property
    def game(self) -> Game:
        return self.cycle.game

    @property
    def actions(self) -> list[Action]:
        return self.cycle.actions

    @property
    def action_ids(self) -> dict[Action, int]:
        return self.cycle.action_ids

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds.seed(seed)
        self.cycle.reset(self._seeds.randrange(2**62))
        self.agents = list(self.possible_agents)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self._sync()

    def _sync(self) -> None:
        """Copy the episode's outcome so far for the agents still in ``agents``."""
        cycle = self.cycle
        self.rewards = {a: cycle.rewards[a] for a in self.agents}
        self.terminations = {a: cycle.terminations[a] for a in self.agents}
        self.truncations = {a: cycle.truncations[a] for a in self.agents}
        self.infos = {a: dict(cycle.infos[a]) for a in self.agents}
        self.agent_selection = cycle.agent_selection

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return {
            # While the role composes a secret choice it sees its own draft, as in Game.view.
            "observation": self.encoder.encode(
                observed_features(self.rules, self.game.state_of(agent), agent)
            ),
            "action_mask": np.asarray(self.cycle.action_mask(agent), dtype=np.int8),
        }

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self.cycle.step(None if action is None else int(action))  # raises, changing nothing, if illegal
        self._cumulative_rewards[agent] = 0.0
        self._sync()
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return json.dumps(self.rules.view(self.game.state, None), sort_keys=True)
        return None

    def close(self) -> None:
        return None


def pettingzoo_env(
    game: str,
    scenario: str | None = None,
    players: int | None = None,
    options: dict[str, Any] | None = None,
    **kw: Any,
) -> AECEnv:
    """A PettingZoo AEC environment for ``game`` (keywords: ``overflow``, ``max_steps``, ``render_mode``)."""
    return wrappers.OrderEnforcingWrapper(TavolaEnv(game, scenario, players, options, **kw))


def settings(game: str) -> list[tuple[str, int, dict[str, Any]]]:
    """Every scenario and player count, with the default options and with every option on."""
    rules = get_rules(game)
    out = []
    for sc in rules.scenarios():
        for players in sc.players:
            out.append((sc.name, players, {}))
            if sc.options:
                out.append((sc.name, players, {o.name: o.choices[-1] for o in sc.options}))
    return out


Template = tuple[Any, ...]
"""A feature's path with each table entry replaced by ``(table,)``, the table's own template."""


def _shapes(
    data: Any, path: Template, tables: dict[Template, set[str]], leaves: set[tuple[Template, Any]]
) -> None:
    """Like :func:`_walk`, but notes templates: which tables hold which entries, which leaves."""
    entries: list[tuple[str, Any]] | None = None
    if isinstance(data, dict):
        if _like_records(data):
            entries = [(str(k), v) for k, v in data.items()]
        else:
            for k, v in data.items():
                _shapes(v, (*path, str(k)), tables, leaves)
            return
    elif isinstance(data, list | tuple):
        if data and _records(data):
            entries = []
            for x in data:
                ident = "key" if "key" in x else "id"
                entries.append((str(x[ident]), {k: v for k, v in x.items() if k != ident}))
        elif all(isinstance(x, int | float) and not isinstance(x, bool) for x in data):
            for i in range(len(data)):
                leaves.add(((*path, str(i)), None))
        else:
            for x in data:
                _shapes(x, (*path, "*"), tables, leaves)
        if entries is None:
            return
    elif isinstance(data, bool | int | float):
        leaves.add((path, None))
        return
    else:
        leaves.add((path, str(data)))
        return
    tables.setdefault(path, set()).update(name for name, _ in entries)
    for _, v in entries:
        _shapes(v, (*path, (path,)), tables, leaves)


def _expand(template: Template, tables: dict[Template, set[str]]) -> list[str]:
    paths = [""]
    for seg in template:
        names = sorted(tables[seg[0]]) if isinstance(seg, tuple) else [seg]
        paths = [f"{p}/{n}" for p in paths for n in names]
    return paths


def collect_features(game: str, games: int = 2, max_steps: int = 2000, seed: int = 0) -> list[str]:
    """The feature list of a game, from ``games`` seeded random games of every setting (each cut
    after ``max_steps`` actions), completed over tables: a feature met for one entry of a table
    (an area, a region, a nation) is listed for every entry, with every text value met there."""
    rules = get_rules(game)
    extras: set[str] = set()
    tables: dict[Template, set[str]] = {}
    leaves: set[tuple[Template, Any]] = set()
    for n, (scenario, players, options) in enumerate(settings(game) * games):
        table = Game(game, scenario, players, options, seed + n)
        pick = random.Random(seed + n)
        for step in range(max_steps):
            active = table.active_roles
            # The acting role at every step; every role now and then (and at the end).
            for role in table.roles if step % 20 == 0 or not active else active[:1]:
                _shapes(rules.view(table.state_of(role), role), (), tables, leaves)
                extras.update(
                    f for f in observed_features(rules, table.state_of(role), role) if f.startswith("@")
                )
            if not active:
                break
            role = active[0]
            legal = rules.legal_actions(table.state_of(role), role)
            table.apply(role, legal[pick.randrange(len(legal))])
    values: dict[Template, set[str]] = {}
    for template, value in leaves:
        values.setdefault(template, set())
        if value is not None:
            values[template].add(value)
    names = set(extras)
    for template, texts in values.items():
        for path in _expand(template, tables):
            names.update([f"{path}={t}" for t in texts] if texts else [path])
    return sorted(names)


def write_feature_list(game: str) -> tuple[int, int]:
    """Append the features of :func:`collect_features` that the shipped list lacks."""
    path = _features_path(game)
    if path is None:
        raise ValueError(f"{game} is not in a game package")
    lists = json.loads(path.read_text()) if path.is_file() else {}
    old = lists.get(game, [])
    known = set(old)
    new = [f for f in collect_features(game) if f not in known]
    lists[game] = old + new
    path.write_text(json.dumps(lists, indent=0, sort_keys=True) + "\n")
    return len(old), len(new)


if __name__ == "__main__":
    for name in sys.argv[1:]:
        had, added = write_feature_list(name)
        print(f"{name}: {had} features kept, {added} added")

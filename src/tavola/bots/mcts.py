"""Information-set Monte Carlo tree search for any number of players.

Each iteration samples a world with ``rules.determinize(state, role, seed)``: the hidden parts
the bot's role has not seen and the RNG word (future dice, shuffles) are resampled, so every
iteration plans on a different world consistent with what the role knows. One tree is shared
by all those worlds. Its nodes are keyed by the actions taken from the root; an action is
considered only in the worlds where it is legal, and its exploration term counts the times it
was available rather than the parent's visits (the usual fix for action sets that differ
between worlds).

Every role maximises its own value (max^n): each edge keeps the value of the role that took
it, and a backup adds to every edge the value vector's entry of that edge's role. Values come
from ``rules.result`` (1 for a win, split when shared, 0 for a loss) or, where a playout stops
at its depth limit, from ``rules.evaluate``.

When several roles act at once (secret simultaneous choices) each picks from its own
statistics at the node, without seeing the others' picks (decoupled selection); the child is
keyed by the joint choice. Large action lists are opened gradually (progressive widening),
in the order of the game's action prior where it has one (``tavola.bots.knowledge``).

The search runs against the wall clock and answers within ``think`` seconds, set-up included:
it starts no iteration that the slowest recent one (stalls of a busy machine included, kept
in mind for a while) says would not end in time, reads the clock at every click, and keeps
the garbage collector to the objects it makes itself. Between decisions the bot keeps the
subtree it is now in: it finds the node whose recorded view signatures (a checksum of
``rules.view`` for its role) match what it sees now.
"""

from __future__ import annotations

import gc
import math
import random
import time
from collections import deque
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from tavola.bots.base import Bot
from tavola.bots.common import Repetitions, situation_signature, state_values, view_signature
from tavola.bots.knowledge import Knowledge, load_knowledge
from tavola.core.rules import Action, Rules, State

Move = tuple[str, Action]
Key = tuple[Move, ...]


@dataclass(frozen=True)
class LevelSettings:
    think: float  # seconds per decision, unless the caller gives one
    depth: int  # playout clicks before the evaluation is used
    c: float  # exploration constant (values are in [0, 1])
    temperature: float  # 0: play the most visited action; >0: sample by visits^(1/T)


LEVELS: dict[str, LevelSettings] = {
    "easy": LevelSettings(think=0.2, depth=8, c=1.0, temperature=1.0),
    "normal": LevelSettings(think=0.5, depth=24, c=0.7, temperature=0.0),
    "hard": LevelSettings(think=2.0, depth=48, c=0.7, temperature=0.0),
}

_clock = time.perf_counter  # the wall clock every budget reading uses (tests drive a fake one)
_RESERVE = 0.03  # share of the budget kept for answering (picking the move, keeping the tree)
_RESERVE_MIN = 0.002  # seconds kept for it at least
_SLOW_HALF_LIFE = 2.0  # wall seconds after which a slow iteration counts half as much
_MARGIN_CAP = 0.5  # the slow-iteration margin takes at most this share of the budget
_SCAN_SHARE = 0.1  # share of the budget the look for the kept subtree may take
_SIG_DEPTH = 8  # record view signatures this many plies below the root
_SIG_VISITS = 32  # ... during a node's first visits only (later worlds rarely add new views)
_SCAN_LIMIT = 50_000  # nodes looked at when finding the new root in the kept tree
_WIDTH_BASE = 3  # actions opened at once before widening
_DECIDED_EVERY = 16  # iterations between checks whether the choice is already settled


class Node:
    """A node of the search tree: per (role, action) statistics and children by joint move."""

    __slots__ = ("children", "sigs", "stats", "visits")

    def __init__(self) -> None:
        self.children: dict[Key, Node] = {}
        # (role, action) -> [visits, value sum for that role, times available]
        self.stats: dict[Move, list[float]] = {}
        self.visits = 0
        self.sigs: set[int] | None = None


class MctsBot(Bot):
    """ISMCTS with max^n backups, determinized worlds, a wall-clock budget and tree reuse."""

    name = "mcts"
    levelled = True

    def __init__(self, seed: int = 0, think: float | None = None, level: str = "normal") -> None:
        super().__init__(seed=seed, think=think, level=level)
        settings = LEVELS[level]
        self.think = think if think is not None else settings.think
        self.depth = settings.depth
        self.c = settings.c
        self.temperature = settings.temperature
        self.iterations = 0  # a cap on iterations per decision (0: only the clock stops it)
        self.reuse = 1  # keep the subtree between decisions
        self.widen = 1.0  # progressive widening rate (0: open every action at once)
        self.norm = 1  # rescale values to the range seen in this search (0: raw values)
        self._bounds: dict[str, list[float]] = {}
        self.max_nodes = 200_000  # about 200 MB at most; past it the tree stops growing
        self._tree: Node | None = None
        self._tree_owner: tuple[str, str] | None = None  # (game id, role) the tree belongs to
        self._last: Move | None = None
        self._nodes = 0
        self.repeats = Repetitions()
        # The slowest recent iteration in wall seconds and when it was last updated: on a busy
        # machine the process is descheduled now and then, and those stalls come in spells.
        self._slow = 0.0
        self._slow_at = 0.0
        # ``seconds`` is wall time, ``cpu`` this thread's CPU time: far apart on a busy machine.
        self.stats = {"decisions": 0, "searches": 0, "iterations": 0, "seconds": 0.0, "cpu": 0.0, "reused": 0}

    def reset(self) -> None:
        self.repeats.clear()
        self._tree = None
        self._tree_owner = None
        self._last = None
        self._nodes = 0

    # --- the decision -------------------------------------------------------------------
    def choose(self, rules: Rules, state: State, role: str) -> Action:
        start = _clock()
        cpu = time.thread_time()
        legal = rules.legal_actions(state, role)
        if not legal:
            raise ValueError(f"{role} has no legal action to choose from")
        self.stats["decisions"] += 1
        # Everything below counts against the budget: the answer is due at ``deadline``, and
        # the search ends by ``stop`` so that picking the move and keeping the tree fit.
        deadline = start + self.think
        stop = deadline - max(_RESERVE_MIN, _RESERVE * self.think)
        scan_until = start + _SCAN_SHARE * self.think
        if self.iterations > 0:
            # A counted search: no clock reading may cut it short, so it plays the same game
            # on any machine at any load (balance runs and the arena rely on it).
            stop = scan_until = math.inf
        with _young_gc():
            if len(legal) > 1:
                # Clicks that lead straight back to a decision already taken would go round in
                # circles (choose a group, put it down again): searched only if every click does.
                self.repeats.remember(situation_signature(rules, state, role))
                world = rules.determinize(state, role, self.rand.getrandbits(62))
                legal = self.repeats.fresh(rules, world, role, legal)
            sig = view_signature(rules, state, role) if self.reuse else 0
            root = self._find_root(rules.id, role, sig, scan_until)
            self._tree = None  # the rest of the old tree is freed now, inside the budget
            if len(legal) == 1:
                self._keep(rules.id, role, root, (role, legal[0]))
                return legal[0]
            if root is None:
                root = Node()
                self._nodes = 1
            else:
                self.stats["reused"] += root.visits
                self._nodes = root.visits + 1
            done = self._search(rules, root, state, role, legal, stop)
            action = self._final(root, role, legal)
            self._keep(rules.id, role, root, (role, action))
        self.stats["searches"] += 1
        self.stats["iterations"] += done
        self.stats["seconds"] += _clock() - start
        self.stats["cpu"] += time.thread_time() - cpu
        return action

    def _search(
        self, rules: Rules, root: Node, state: State, role: str, legal: list[Action], stop: float
    ) -> int:
        """Iterations until ``stop``; returns how many were made.

        A stall (the process descheduled) can strike at any click, and the clock is read only
        between clicks. So a running iteration is dropped once the clock passes ``hard``,
        which lies a margin before ``stop``: one stall as long as the slowest recent iteration
        still ends by ``stop``. The slowest is forgotten by the wall clock, not by the number
        of iterations (a fast game makes hundreds a second), and it carries over from earlier
        decisions; the margin is capped so a very busy machine still leaves time to search."""
        knowledge = load_knowledge(rules)
        self._bounds = {}
        now = _clock()
        slow = self._slow * 0.5 ** ((now - self._slow_at) / _SLOW_HALF_LIFE) if self._slow_at else 0.0
        cap = _MARGIN_CAP * self.think
        hard = stop - min(slow, cap)
        done = 0
        spent = 0.0  # mean wall seconds per iteration: none starts that would not end by ``hard``
        while now + spent < hard and (self.iterations <= 0 or done < self.iterations):
            self._iterate(rules, root, state, role, legal, knowledge, hard)
            done += 1
            later = _clock()
            took = later - now
            spent += (took - spent) / min(done, 16)
            slow = max(took, slow * 0.5 ** (took / _SLOW_HALF_LIFE))
            hard = stop - min(slow, cap)
            now = later
            if done % _DECIDED_EVERY == 0 and self._decided(
                root, role, legal, (hard - now) / max(spent, 1e-9), done
            ):
                break
        self._slow, self._slow_at = slow, now
        return done

    def _decided(self, root: Node, role: str, legal: list[Action], left: float, done: int) -> bool:
        """Whether the most visited action can no longer be overtaken in the time left."""
        if self.temperature > 0:
            return False
        if self.iterations > 0:
            left = min(left, self.iterations - done)
        first = second = 0.0
        for a in legal:
            s = root.stats.get((role, a))
            n = s[0] if s else 0
            if n > first:
                first, second = n, first
            elif n > second:
                second = n
        return first - second > left

    def root_statistics(self, role: str) -> dict[Action, tuple[int, float]]:
        """Visits and mean value of each of the role's actions at the last root (for tests)."""
        root = self._tree
        if root is None:
            return {}
        return {a: (int(s[0]), s[1] / s[0] if s[0] else 0.0) for (r, a), s in root.stats.items() if r == role}

    def _final(self, root: Node, role: str, legal: list[Action]) -> Action:
        scored = []
        for a in legal:
            s = root.stats.get((role, a))
            n = s[0] if s else 0
            mean = s[1] / s[0] if s and s[0] else 0.0
            scored.append((n, mean, a))
        if self.temperature > 0 and any(n for n, _, _ in scored):
            weights = [n ** (1.0 / self.temperature) for n, _, _ in scored]
            return self.rand.choices([a for _, _, a in scored], weights)[0]
        best = max((n, mean) for n, mean, _ in scored)
        top = [a for n, mean, a in scored if (n, mean) == best]
        return top[self.rand.randrange(len(top))]

    # --- keeping the tree between decisions --------------------------------------------
    def _keep(self, game_id: str, role: str, root: Node | None, move: Move) -> None:
        if root is not None:
            # Only the subtrees below our move can hold the next decision: drop the siblings
            # (a server keeps many bots alive between moves).
            kept = Node()
            kept.stats = root.stats
            kept.visits = root.visits
            kept.children = {key: child for key, child in root.children.items() if move in key}
            root = kept
        self._tree = root
        self._tree_owner = (game_id, role)
        self._last = move

    def _find_root(self, game_id: str, role: str, sig: int, until: float) -> Node | None:
        """The node of the kept tree below our last move whose views match what we see now
        (looked for until the clock reads ``until`` at the latest)."""
        old = self._tree
        if not self.reuse or old is None or self._tree_owner != (game_id, role) or self._last is None:
            return None
        queue: deque[tuple[Node, int]] = deque(
            (child, 1) for key, child in old.children.items() if self._last in key
        )
        scanned = 0
        best: Node | None = None
        best_depth = 0
        while queue and scanned < _SCAN_LIMIT:
            node, depth = queue.popleft()
            scanned += 1
            if best is not None and depth > best_depth:
                break
            if scanned % 512 == 0 and _clock() > until:
                break
            if node.sigs is not None and sig in node.sigs and (best is None or node.visits > best.visits):
                best, best_depth = node, depth
            if depth < _SIG_DEPTH:
                queue.extend((child, depth + 1) for child in node.children.values())
        return best

    # --- one iteration -----------------------------------------------------------------
    def _iterate(
        self,
        rules: Rules,
        root: Node,
        state: State,
        me: str,
        legal: list[Action],
        knowledge: Knowledge | None,
        hard: float,
    ) -> None:
        world = rules.determinize(state, me, self.rand.getrandbits(62))
        node = root
        leaf: Node | None = root  # where the descent stops (None: not kept, the tree is full)
        path: list[tuple[Node, list[Move]]] = []
        depth = 0
        while rules.result(world) is None:
            if _clock() > hard:
                return  # out of time: stalled, or a long descent
            active = rules.active_roles(world)
            if not active:
                break
            if self.reuse and depth <= _SIG_DEPTH and node.visits < _SIG_VISITS and me in active:
                if node.sigs is None:
                    node.sigs = set()
                node.sigs.add(view_signature(rules, world, me))
            moves: list[Move] = []
            for i, r in enumerate(active):
                # Acting in the listed order; an earlier pick may end the later roles' turn.
                if i and r not in rules.active_roles(world):
                    continue
                # At the root the bot's own actions are those it decides between.
                options = legal if node is root and r == me else rules.legal_actions(world, r)
                if not options:
                    continue
                action = self._select(rules, world, node, r, options, knowledge)
                rules.apply(world, r, action)
                moves.append((r, action))
            if not moves:
                break
            path.append((node, moves))
            key = tuple(moves)
            child = node.children.get(key)
            if child is None:
                leaf = None
                if self._nodes < self.max_nodes:  # past the memory cap the tree stops growing
                    leaf = Node()
                    node.children[key] = leaf
                    self._nodes += 1
                break
            node = leaf = child
            depth += 1
        values = self._playout(rules, world, knowledge, hard)
        if values is None:
            return  # out of time mid-playout: an unfinished sample would only add noise
        if leaf is not None:
            leaf.visits += 1  # a new leaf or a finished game
        bounds = self._bounds
        for r, v in values.items():
            b = bounds.get(r)
            if b is None:
                bounds[r] = [v, v]
            elif v < b[0]:
                b[0] = v
            elif v > b[1]:
                b[1] = v
        for n, moves in path:
            n.visits += 1
            for r, a in moves:
                s = n.stats[(r, a)]
                s[0] += 1
                s[1] += values.get(r, 0.0)

    def _select(
        self,
        rules: Rules,
        world: State,
        node: Node,
        role: str,
        options: list[Action],
        knowledge: Knowledge | None,
    ) -> Action:
        stats = node.stats
        tried: list[tuple[Action, list[float]]] = []
        untried: list[Action] = []
        for a in options:
            s = stats.get((role, a))
            if s is None:
                untried.append(a)
            else:
                s[2] += 1
                tried.append((a, s))
        if untried:
            width = len(options) if self.widen <= 0 else _WIDTH_BASE + self.widen * math.sqrt(node.visits)
            if len(tried) < width:
                opened = self._open(rules, world, role, options, untried, bool(tried), knowledge)
                if opened is not None:
                    stats[(role, opened)] = [0, 0.0, 1]
                    return opened
        best: list[Action] = []
        best_u = -math.inf
        c = self.c
        # Values are compared on the range this search has seen for the role, so the
        # exploration constant means the same whatever the scale of the game's evaluation.
        low, span = 0.0, 1.0
        b = self._bounds.get(role)
        if self.norm and b is not None and b[1] - b[0] > 1e-9:
            low, span = b[0], b[1] - b[0]
        for a, (n, w, avail) in tried:
            u = math.inf if n == 0 else (w / n - low) / span + c * math.sqrt(math.log(avail) / n)
            if u > best_u:
                best_u, best = u, [a]
            elif u == best_u:
                best.append(a)
        return best[0] if len(best) == 1 else best[self.rand.randrange(len(best))]

    def _open(
        self,
        rules: Rules,
        world: State,
        role: str,
        options: list[Action],
        untried: list[Action],
        tried: bool,
        knowledge: Knowledge | None,
    ) -> Action | None:
        """The next action to add to a node: the prior's favourite, else a random one; None when
        the game's prior cuts every untried action off (:attr:`Knowledge.cutoff`) and some
        action has been tried."""
        if knowledge is None or knowledge.prior is None:
            return untried[self.rand.randrange(len(untried))]
        if knowledge.cutoff > 0 and tried:
            weights = knowledge.prior(rules, world, role, options)
            floor = knowledge.cutoff * max(weights)
            left = set(untried)
            scored = [(w, a) for a, w in zip(options, weights) if a in left and w >= floor]
            if not scored:
                return None
        elif len(untried) > 1:
            scored = list(zip(knowledge.prior(rules, world, role, untried), untried))
        else:
            return untried[self.rand.randrange(1)]
        top = max(w for w, _ in scored)
        best = [a for w, a in scored if w >= top]
        return best[self.rand.randrange(len(best))]

    def _playout(
        self, rules: Rules, world: State, knowledge: Knowledge | None, hard: float
    ) -> dict[str, float] | None:
        policy = knowledge.playout if knowledge is not None else None
        rand: random.Random = self.rand
        clock = _clock
        for _ in range(self.depth):
            # A clock reading costs a fraction of a microsecond, a click tens: read it every click.
            if clock() > hard:
                return None
            if rules.result(world) is not None:
                break
            active = rules.active_roles(world)
            if not active:
                break
            role = active[0]
            options = rules.legal_actions(world, role)
            if not options:
                break
            if len(options) == 1:
                action = options[0]
            elif policy is not None:
                action = policy(rules, world, role, options, rand)
            else:
                action = options[rand.randrange(len(options))]
            rules.apply(world, role, action)
        return state_values(rules, world)


@contextmanager
def _young_gc() -> Iterator[None]:
    """Keep the garbage collector to the objects made during the decision.

    A full collection walks every object of the process (in a server, every match's state) and
    can stall a decision by tens of milliseconds. Frozen objects are left out of collections;
    unfreezing at the end hands them back. Both are constant-time list splices, and they are
    safe with several searching threads: at worst another thread's unfreeze lets one of its
    collections walk everything, as without the freeze. Where Python starts no full collection
    (a serving process makes them itself, ``tavola.server.collector``) there is nothing to keep
    out of one, and what is frozen is the server's: left alone."""
    if not gc.isenabled() or gc.get_threshold()[2] >= 2**31 - 1:
        yield
        return
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()

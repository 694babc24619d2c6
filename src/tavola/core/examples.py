"""The worked examples of a rulebook, ``examples/<game-id>/``: each file a position
(:mod:`tavola.core.position`), the book's actions played from it through a session, and the
outcome the book states, checked (docs/positions.md)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from tavola.core.errors import IllegalAction, MalformedAction, PositionError, TavolaError, WrongRole
from tavola.core.game import Game
from tavola.core.position import read

# --- worked examples --------------------------------------------------------------------------
EXAMPLE_KEYS = {"section", "title", "book", "note", "position", "seed", "actions", "expect", "cases"}
CASE_KEYS = {"name", "note", "actions", "expect"}


def examples_dir(game_id: str, root: str | Path | None = None) -> Path:
    """``examples/<game-id>/`` of the repository (the nearest one above this package)."""
    if root is not None:
        return Path(root) / "examples" / game_id
    for up in Path(__file__).resolve().parents:
        if (up / "examples").is_dir():
            return up / "examples" / game_id
    return Path("examples") / game_id


def example_files(game_id: str, root: str | Path | None = None) -> list[Path]:
    folder = examples_dir(game_id, root)
    return sorted(p for p in folder.glob("*") if p.suffix in (".yaml", ".yml", ".json"))


def load_example(path: str | Path) -> dict[str, Any]:
    """An example file, shape-checked: its position, the book's actions and the outcome."""
    data = read(path)
    unknown = set(data) - EXAMPLE_KEYS
    if unknown:
        raise PositionError(
            ", ".join(sorted(unknown)), f"unknown key(s) in an example file; keys: {sorted(EXAMPLE_KEYS)}"
        )
    if not isinstance(data.get("section"), str) or not isinstance(data.get("position"), dict):
        raise PositionError("section", "an example names its rule 'section' and gives its 'position'")
    # top-level actions and expectations come first; each case goes on from there
    prefix = list(data.get("actions") or [])
    if data.get("expect"):
        prefix.append({"expect": data["expect"]})
    cases = []
    for i, case in enumerate(data.get("cases") or []):
        if not isinstance(case, dict) or set(case) - CASE_KEYS:
            raise PositionError(f"cases.{i}", f"a case is a mapping with {sorted(CASE_KEYS)}")
        cases.append(
            {
                "name": case.get("name", str(i)),
                "actions": prefix + list(case.get("actions") or []),
                "expect": case.get("expect", []),
            }
        )
    if not cases and prefix:
        cases.append({"name": "", "actions": prefix, "expect": []})
    if not cases:
        raise PositionError("expect", "an example states an outcome: 'actions' and 'expect', or 'cases'")
    data["_cases"] = cases
    return data


def run_example(data: dict[str, Any], game_id: str | None = None) -> list[str]:
    """Play every case of an example from its position; the failures (empty when the book's
    outcome holds)."""
    failures: list[str] = []
    for case in data["_cases"]:
        game = Game.from_position(game_id, data["position"], data.get("seed", 0))
        label = f"case {case['name']}: " if case["name"] else ""
        failures += [label + f for f in play_and_check(game, case["actions"], case["expect"])]
    return failures


def play_and_check(game: Game, actions: Iterable[Any], expect: Iterable[Any]) -> list[str]:
    """Apply ``[role, verb, ...]`` actions (a ``{expect: [...]}`` entry checks midway), then the
    expectations. Returns what failed."""
    failures: list[str] = []
    events: list[dict[str, Any]] = []
    for i, entry in enumerate(actions):
        if isinstance(entry, dict) and set(entry) == {"expect"}:
            failures += [f"after action {i}: {f}" for f in check_expectations(game, entry["expect"], events)]
            continue
        if not isinstance(entry, list) or len(entry) < 2 or not isinstance(entry[0], str):
            return [*failures, f"action {i}: expected [role, verb, ...], found {entry!r}"]
        try:
            events += game.apply(entry[0], entry[1:])
        except (IllegalAction, WrongRole, MalformedAction) as exc:
            return [*failures, f"action {i} {entry}: {exc}"]
    return failures + check_expectations(game, expect, events)


_MISSING = object()


def lookup(data: Any, path: str) -> Any:
    """A dotted path into a position: mapping keys, list indexes, or in a list of mappings the
    entry whose ``nation``/``id``/``name``/``role`` is the segment (``nations.romans.purse.gold``)."""
    cur = data
    for seg in path.split("."):
        if isinstance(cur, Mapping):
            cur = cur.get(seg, _MISSING)
        elif isinstance(cur, list):
            if seg.lstrip("-").isdigit() and -len(cur) <= int(seg) < len(cur):
                cur = cur[int(seg)]
            else:
                cur = next(
                    (
                        e
                        for e in cur
                        if isinstance(e, Mapping)
                        and seg in (e.get(k) for k in ("nation", "id", "name", "role"))
                    ),
                    _MISSING,
                )
        else:
            cur = _MISSING
        if cur is _MISSING:
            return _MISSING
    return cur


def _same(found: Any, want: Any) -> bool:
    """Equal, where an absent value equals 0, false, null, an empty list or mapping (positions
    leave zeros and empties out)."""
    if found is _MISSING:
        return want in (0, None, False, [], {})
    if isinstance(want, list) and isinstance(found, list):
        return len(want) == len(found) and all(_same(f, w) for f, w in zip(found, want, strict=True))
    if isinstance(want, dict) and isinstance(found, Mapping):
        keys = set(want) | set(found)
        return all(_same(found.get(k, _MISSING), want.get(k)) for k in keys)
    return bool(found == want)


def check_expectations(
    game: Game, expect: Iterable[Any], events: list[dict[str, Any]] | None = None
) -> list[str]:
    """Evaluate expectations (docs/positions.md) on the game; the ones that fail, explained.

    - ``{path: P, equals: V}``, ``{path: P, contains: V}``, ``{path: P, absent: true}``: a dotted
      path into ``game.position()``; ``result.`` paths read the game's result;
    - ``{legal: [role, verb, ...]}``, ``{illegal: [role, verb, ...]}``;
    - ``{moves: {role: R, verb: V}, are: [[verb, ...], ...]}``: exactly these legal actions of R
      (with that verb, when given);
    - ``{active: [roles]}``; ``{log: key}``: an event with that message key happened."""
    failures: list[str] = []
    position = game.position()
    for item in expect or []:
        if not isinstance(item, dict):
            failures.append(f"expectation {item!r} is not a mapping")
            continue
        if "path" in item:
            path = item["path"]
            if path.startswith("result.") or path == "result":
                found = lookup({"result": game.result}, path)
            else:
                found = lookup(position, path)
            if "equals" in item and not _same(found, item["equals"]):
                failures.append(f"{path} is {_show(found)}, the example expects {item['equals']!r}")
            if "contains" in item and (not isinstance(found, list) or item["contains"] not in found):
                failures.append(f"{path} is {_show(found)}, which does not hold {item['contains']!r}")
            if item.get("absent") and found is not _MISSING:
                failures.append(f"{path} is {_show(found)}, the example expects none")
        elif "legal" in item or "illegal" in item:
            key = "legal" if "legal" in item else "illegal"
            role, *act = item[key]
            legal = _legal(game, role)
            if (tuple(act) in legal) != (key == "legal"):
                failures.append(f"{act} is {'not ' if key == 'legal' else ''}legal for {role}")
        elif "moves" in item:
            role = item["moves"]["role"]
            verb = item["moves"].get("verb")
            have = {a for a in _legal(game, role) if verb is None or a[0] == verb}
            want = {tuple(a) for a in item["are"]}
            if have != want:
                failures.append(
                    f"{role}'s legal actions{f' ({verb})' if verb else ''} are {sorted(map(list, have))}, "
                    f"the example expects {sorted(map(list, want))}"
                )
        elif "active" in item:
            if sorted(game.active_roles) != sorted(item["active"]):
                failures.append(f"active roles are {game.active_roles}, the example expects {item['active']}")
        elif "log" in item:
            if not any(ev.get("msg") == item["log"] for ev in events or []):
                failures.append(f"no {item['log']!r} event happened")
        else:
            failures.append(f"expectation {item!r} has no known check")
    return failures


def _legal(game: Game, role: str) -> set[tuple[Any, ...]]:
    try:
        return {a for a in game.legal_actions(role) if a != ("undo",)}
    except TavolaError:
        return set()


def _show(value: Any) -> str:
    return "absent" if value is _MISSING else repr(value)

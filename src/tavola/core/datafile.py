"""Reading a game's data files: YAML, items with provenance, validation errors that name the item.

Every board and card item says where it comes from (``source:``) or on what basis it was
reconstructed (``reconstructed:``); a bad file raises :class:`DataError` naming the file and the
item, so an owner of the physical game can find the line to fix.
"""

from __future__ import annotations

import importlib.resources
from collections.abc import Callable, Container
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, ValidationError, model_validator

from tavola.core.errors import DataError


class Provenanced(BaseModel):
    """An item with exactly one of ``source`` (where the fact is printed or published) or
    ``reconstructed`` (the basis on which a missing fact was reconstructed). A reconstructed
    item may also say how a balance report ``tuned`` it; a sourced fact is never tuned."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    source: str | None = None
    reconstructed: str | None = None
    tuned: str | None = None  # what a balance run showed and what was changed for it

    @model_validator(mode="after")
    def _one_provenance(self) -> Provenanced:
        if bool(self.source) == bool(self.reconstructed):
            raise ValueError("needs exactly one of 'source' or 'reconstructed' (non-empty)")
        if self.tuned is not None and not self.tuned:
            raise ValueError("'tuned' must say what the balance runs showed")
        # A sourced item may name a reconstructed part ("...; value reconstructed"): only such
        # a part can be tuned.
        if self.tuned and self.source and "reconstructed" not in self.source:
            raise ValueError("a sourced fact is never tuned: only reconstructed items are")
        return self

    @property
    def sourced(self) -> bool:
        return self.source is not None


def default_name(node: dict[str, Any]) -> Any:
    """The name an item goes by in error messages: its ``id``, ``key`` or ``name``."""
    return node.get("id") or node.get("key") or node.get("name")


def item_label(
    raw: Any, loc: tuple[Any, ...], name_of: Callable[[dict[str, Any]], Any] = default_name
) -> str:
    """``areas[3] (ravenna).terrain`` for a pydantic error location inside the raw file."""
    out = ""
    node = raw
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
            try:
                node = node[part]
            except (IndexError, KeyError, TypeError):
                node = None
            if isinstance(node, dict):
                name = name_of(node)
                if name is not None:
                    out += f" ({name})"
        else:
            out += f".{part}" if out else str(part)
            node = node.get(part) if isinstance(node, dict) else None
    return out


def validation_message(
    name: str, raw: Any, err: ValidationError, name_of: Callable[[dict[str, Any]], Any] = default_name
) -> str:
    """One line per pydantic error, each naming the file and the item."""
    return "\n".join(f"{name}: {item_label(raw, tuple(e['loc']), name_of)}: {e['msg']}" for e in err.errors())


def read_yaml(path: Path) -> Any:
    """A YAML file's content; DataError naming the file if it cannot be read or parsed."""
    try:
        with path.open(encoding="utf-8") as f:
            return yaml.load(f, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except OSError as exc:
        raise DataError(f"{path.name}: cannot read: {exc}") from exc
    except yaml.YAMLError as exc:
        raise DataError(f"{path.name}: not valid YAML: {exc}") from exc


def read_game_data(package: str, name: str) -> Any:
    """The data file ``data/<name>`` of a game's package (``tavola.games.antike``) as parsed
    YAML; DataError naming the game and the file if it is missing or not YAML."""
    game = package.rsplit(".", 1)[-1]
    try:
        text = importlib.resources.files(package).joinpath("data", name).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DataError(f"{game} data file {name} is missing") from None
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise DataError(f"{game} data/{name} is not valid YAML: {exc}") from None


def pair_problem(a: str, b: str, known: Container[str], seen: set[frozenset[str]], place: str) -> str | None:
    """What is wrong with a map's border (or link) between the places ``a`` and ``b``, each a
    ``place`` (``"region"``): an end not ``known``, a place joined to itself, or a pair listed
    before (in ``seen``, to which a sound pair is added); None if nothing."""
    for end in (a, b):
        if end not in known:
            return f"names unknown {place} {end!r}"
    if a == b:
        return f"joins a {place} to itself"
    pair = frozenset((a, b))
    if pair in seen:
        return "is listed twice"
    seen.add(pair)
    return None

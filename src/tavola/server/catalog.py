"""What the platform offers: games and scenarios, boards, bots and message catalogues.

Everything comes from the registry and the Rules methods. A game whose package fails to
import (for instance one still being written) is left out and logged, not fatal.
"""

from __future__ import annotations

import importlib
import json
import logging
import threading
from pathlib import Path
from typing import Any

from tavola.bots import BOTS, LEVELS, bot_names
from tavola.core import registry
from tavola.core.errors import UnknownGame
from tavola.core.i18n import LANGUAGES, catalogue
from tavola.core.rules import Rules, Scenario
from tavola.server.errors import ApiError, not_found
from tavola.web import game_script

log = logging.getLogger("tavola.server")

WEB = Path(__file__).resolve().parent.parent / "web"


def load_rules(game_id: str) -> Rules | None:
    """The rules of a registered game, or None if it cannot be loaded now."""
    try:
        return registry.get_rules(game_id)
    except UnknownGame:
        return None
    except Exception:
        log.warning("game %s cannot be loaded; left out of the catalogue", game_id, exc_info=True)
        return None


def seat_bots() -> list[str]:
    """The bot seats the lobby offers: each bot, and each level of a bot that has levels."""
    specs: list[str] = []
    for name in bot_names():
        if getattr(BOTS[name], "levelled", False):
            specs += [name if level == "normal" else f"{name}:{level}" for level in LEVELS]
        else:
            specs.append(name)
    return specs


def rules_or_404(game_id: str) -> Rules:
    rules = load_rules(game_id) if game_id in registry.GAMES else None
    if rules is None:
        raise not_found(f"game {game_id!r}")
    return rules


def game_package(game_id: str) -> str | None:
    """The package holding a game's messages.yaml, from the registry's module path."""
    module_name = registry.module_of(game_id)
    module = importlib.import_module(module_name)
    if hasattr(module, "__path__"):
        return module.__name__
    return module.__package__ or None


def _scenario_out(rules: Rules, sc: Scenario) -> dict[str, Any]:
    defaults = {o.name: o.default for o in sc.options}
    return {
        "name": sc.name,
        "title": sc.title,
        "players": list(sc.players),
        "default_players": sc.default_players,
        "options": [
            {
                "name": o.name,
                "default": o.default,
                "choices": list(o.choices),
                "label": o.label,
                "rule": o.rule,
            }
            for o in sc.options
        ],
        "roles": {str(n): list(rules.roles(sc.name, n, defaults)) for n in sc.players},
    }


class Catalog:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._games: list[dict[str, Any]] | None = None
        self._i18n: dict[str, dict[str, Any]] = {}
        self._boards: dict[str, dict[str, Any]] = {}

    def games(self) -> dict[str, Any]:
        with self._lock:
            if self._games is None:
                games = []
                for gid in registry.game_ids():
                    rules = load_rules(gid)
                    if rules is None:
                        continue
                    try:
                        scenarios = [_scenario_out(rules, sc) for sc in rules.scenarios()]
                    except Exception:
                        log.warning("game %s: scenarios failed; left out", gid, exc_info=True)
                        continue
                    title = rules.title or gid
                    games.append(
                        {
                            "id": gid,
                            "title": title,
                            "rulebook": rules.rulebook,
                            "hidden_information": rules.hidden_information,
                            # whether the game draws itself in the browser (web/<id>.js): the
                            # page asks for no script a game lacks
                            "script": game_script(gid, f"{gid}.js") is not None,
                            "scenarios": scenarios,
                        }
                    )
                self._games = games
            return {"games": self._games, "bots": bot_names(), "seat_bots": seat_bots()}

    def board(
        self, game_id: str, scenario: str, players: int | None, options: dict[str, Any]
    ) -> dict[str, Any]:
        rules = rules_or_404(game_id)
        specs = {s.name: s for s in rules.scenarios()}
        spec = specs.get(scenario)
        if spec is None:
            raise not_found(f"scenario {scenario!r} of {game_id}")
        n = spec.default_players if players is None else players
        if n not in spec.players:
            raise ApiError(
                422, "bad_settings", f"{game_id} {scenario} is for {list(spec.players)} players, not {n}"
            )
        merged = {o.name: o.default for o in spec.options}
        for key, value in options.items():
            opt = next((o for o in spec.options if o.name == key), None)
            if opt is None or not any(type(value) is type(c) and value == c for c in opt.choices):
                raise ApiError(422, "bad_settings", f"bad option {key}={value!r}")
            merged[key] = value
        cache_key = json.dumps([game_id, scenario, n, merged], sort_keys=True)
        with self._lock:
            hit = self._boards.get(cache_key)
        if hit is None:
            hit = rules.board(scenario, n, merged)
            with self._lock:
                self._boards[cache_key] = hit
        return hit

    def i18n(self, lang: str) -> dict[str, Any]:
        if lang not in LANGUAGES:
            raise not_found(f"language {lang!r} (languages: {', '.join(LANGUAGES)})")
        with self._lock:
            hit = self._i18n.get(lang)
        if hit is not None:
            return hit
        out = {
            "lang": lang,
            "interface": self._interface(lang),
            "core": _flatten(catalogue("tavola.core"), lang),
            "games": {},
        }
        for gid in registry.game_ids():
            if load_rules(gid) is None:
                continue
            try:
                package = game_package(gid)
                out["games"][gid] = _flatten(catalogue(package), lang) if package else {}
            except Exception:
                log.warning("game %s: messages unreadable", gid, exc_info=True)
                out["games"][gid] = {}
        with self._lock:
            self._i18n[lang] = out
        return out

    @staticmethod
    def _interface(lang: str) -> dict[str, Any]:
        path = WEB / "i18n" / f"{lang}.json"
        if not path.is_file():
            return {}
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except ValueError:
            log.warning("%s is not valid JSON", path.name)
            return {}
        return data if isinstance(data, dict) else {}


def _flatten(messages: dict[str, dict[str, str]], lang: str) -> dict[str, str]:
    return {key: entry.get(lang) or entry.get("en", key) for key, entry in messages.items()}

"""Browser tests: the app runs in-process on a loopback port over a temporary SQLite file, and
Playwright drives Debian's chromium (``/usr/bin/chromium``) against it."""

from __future__ import annotations

import socket
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from tavola.core.registry import GAMES

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(autouse=True)
def _maptest_registered() -> Iterator[None]:
    """The map test game exists only while a browser test runs, so the other packages' tests,
    which run every registered game, never meet it."""
    GAMES["maptest"] = "mapgame:RULES"
    yield
    GAMES.pop("maptest", None)


@pytest.fixture(scope="session")
def app_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    import uvicorn

    from tavola.server.app import create_app
    from tavola.server.config import Settings

    db = tmp_path_factory.mktemp("web") / "tavola.sqlite3"
    app = create_app(Settings(database=f"sqlite:///{db}", bot_think=0.05, bot_delay=0.0))
    port = _free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="session")
def chromium() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


class Pages:
    """New browser contexts (each one a separate visitor with its own cookies)."""

    def __init__(self, browser: Any, base: str) -> None:
        self.browser = browser
        self.base = base
        self.contexts: list[Any] = []
        self.errors: list[str] = []

    def new(self, width: int = 1280, height: int = 860, lang: str = "en-GB") -> Any:
        # The tests' own probes (wait_for_function) evaluate strings, which the page's
        # Content-Security-Policy forbids; test_browser_sign_in runs a page under the policy.
        ctx = self.browser.new_context(
            viewport={"width": width, "height": height}, locale=lang, base_url=self.base, bypass_csp=True
        )
        ctx.set_default_timeout(15000)
        self.contexts.append(ctx)
        page = ctx.new_page()
        page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        return page

    def close(self) -> None:
        for ctx in self.contexts:
            ctx.close()


@pytest.fixture
def pages(chromium: Any, app_url: str) -> Iterator[Pages]:
    p = Pages(chromium, app_url)
    yield p
    p.close()
    assert not p.errors, f"JavaScript errors on the page: {p.errors}"


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS

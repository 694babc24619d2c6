"""Signing in under the page's Content-Security-Policy: back where the user came from, never
to another site."""

from __future__ import annotations

import random
import re
from typing import Any
from urllib.parse import urlsplit


def test_sign_in_returns_only_to_a_page_of_this_site(pages: Any, app_url: str) -> None:
    # A context that honours the Content-Security-Policy (the shared one bypasses it for probes).
    ctx = pages.browser.new_context(base_url=app_url)
    pages.contexts.append(ctx)
    page = ctx.new_page()
    blocked: list[str] = []
    page.on("console", lambda m: blocked.append(m.text) if "Content Security Policy" in m.text else None)
    page.on("pageerror", lambda exc: pages.errors.append(str(exc)))
    name = f"redir{random.randrange(10**6)}"
    page.goto("/login?next=/replay/abc%3Fstep%3D2")
    page.wait_for_load_state("networkidle")
    page.click("#tab-signup")
    page.fill("#form-signup input[name=username]", name)
    page.fill("#form-signup input[name=password]", "correct horse")
    page.fill("#form-signup input[name=password2]", "correct horse")
    page.click("#form-signup button[type=submit]")
    page.wait_for_url(re.compile(r"/replay/abc\?step=2$"))
    here = urlsplit(app_url).netloc
    # A backslash or a tab turns "/..." into "//host" for the browser: each lands on the home page.
    for bad in (
        "/%5Cexample.org/x",
        "/%09/example.org/x",
        "//example.org/x",
        "/%5C%5Cexample.org",
        "https://example.org",
    ):
        page.goto(f"/login?next={bad}")
        page.wait_for_load_state("networkidle")
        page.fill("#form-signin input[name=username]", name)
        page.fill("#form-signin input[name=password]", "correct horse")
        page.click("#form-signin button[type=submit]")
        page.wait_for_url(re.compile(r"/$"))
        assert urlsplit(page.url).netloc == here, bad
    page.wait_for_load_state("networkidle")  # the lobby, under the policy
    assert blocked == []

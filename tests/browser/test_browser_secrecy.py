"""A hot-seat game with hidden information: a screen between seats, and who is still deciding."""

from __future__ import annotations

import re
from typing import Any


def test_hotseat_with_hidden_information_covers_the_screen_between_seats(pages: Any) -> None:
    page = pages.new()
    page.goto("/")
    res = page.request.post(
        "/api/matches", data={"game": "toy", "seats": {"north": "me", "south": "hotseat"}}
    )
    assert res.ok, res.text()
    mid = res.json()["match"]["id"]
    page.goto(f"/play/{mid}?role=north")
    curtain = page.locator("#privacy-screen")
    curtain.wait_for()
    assert re.search("north", curtain.inner_text(), re.I)
    page.click("#privacy-screen button")
    assert curtain.count() == 0
    page.wait_for_function("document.body.dataset.step === '0'")
    banner = page.locator(".banner-decisions")
    assert re.search(r"deciding.*north.*south", banner.inner_text(), re.I | re.S)
    # North bids (in secret); the page moves on to south, and covers north's screen first.
    page.click("#choices button >> nth=0")
    curtain.wait_for()
    assert re.search("south", curtain.inner_text(), re.I)
    page.click("#privacy-screen button")
    page.wait_for_function("document.body.dataset.role === 'south'")
    text = page.locator(".banner-decisions").inner_text()
    assert re.search(r"deciding: south", text, re.I) and re.search(r"decided: north", text, re.I)

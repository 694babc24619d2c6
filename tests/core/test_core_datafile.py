"""Provenance of data-file items (tavola.core.datafile): every item is sourced or
reconstructed, and only what was reconstructed may carry a balance run's ``tuned`` note."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from tavola.core.datafile import Provenanced


def test_an_item_is_either_sourced_or_reconstructed() -> None:
    assert Provenanced(source="rulebook §7.2").sourced
    assert not Provenanced(reconstructed="history").sourced
    with pytest.raises(ValidationError):
        Provenanced()
    with pytest.raises(ValidationError):
        Provenanced(source="rulebook §7.2", reconstructed="history")


def test_a_reconstructed_item_may_be_tuned_by_a_balance_run() -> None:
    item = Provenanced(reconstructed="history", tuned="red won 7 games in 10; one VP less")
    assert item.tuned and not item.sourced


def test_a_sourced_fact_is_never_tuned() -> None:
    with pytest.raises(ValidationError, match="never tuned"):
        Provenanced(source="rulebook §11.0 example 2", tuned="the Berbers scored too much")


def test_the_reconstructed_part_of_a_sourced_item_may_be_tuned() -> None:
    item = Provenanced(source="rulebook §11.0 (the form); values reconstructed", tuned="4 instead of 6")
    assert item.tuned


def test_a_tuning_says_what_the_runs_showed() -> None:
    with pytest.raises(ValidationError, match="what the balance runs showed"):
        Provenanced(reconstructed="history", tuned="")

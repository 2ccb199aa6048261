"""The reference rules model's state for a position of the package: the reference deals the same
cards from the game's start fields itself, then replays the game's actions by code."""

from __future__ import annotations

from typing import Any

from .rules_model import RefState


def reference_of(game: Any) -> RefState:
    """The reference state after the same deal and actions as ``game`` (a ``Game``)."""
    f = game.start_fields
    ref = RefState.from_deal(
        game.profile, f["dealer"], [list(h) for h in f["hands"]], list(f["stock"]),
        list(f["aside"]), f["trump_card"], f["carry"],
    )
    for a in game.actions:
        ref = ref.apply(a.code)
    return ref

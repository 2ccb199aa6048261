"""Perft golden numbers: the count of action sequences to depth N from seeded deals.

The numbers in tests/data/perft.json were produced by the core and agree with the independent
reference at the depths that it can reach (see test_differential_rules.py, and the check below).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from reference.rules_model import RefState
from sixtysix_solver import PROFILES, Game

GOLDEN = json.loads((Path(__file__).parent / "data" / "perft.json").read_text())


def test_golden_file_covers_every_profile() -> None:
    assert set(GOLDEN) == set(PROFILES)


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_perft_matches_golden(name: str) -> None:
    for seed, counts in GOLDEN[name].items():
        game = Game.deal(name, seed=int(seed))
        assert [game.perft(d) for d in range(len(counts))] == counts, (name, seed)


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_reference_reproduces_golden_prefix(name: str) -> None:
    from reference.rules_model import perft

    counts = GOLDEN[name]["1"]
    game = Game.deal(name, seed=1)
    f = game.start_fields
    ref = RefState.from_deal(
        game.profile, f["dealer"], [list(h) for h in f["hands"]], list(f["stock"]),
        list(f["aside"]), f["trump_card"], 0,
    )
    depth = 0
    while depth + 1 < len(counts) and counts[depth + 1] <= 3000:
        depth += 1
    assert depth >= 3
    assert [perft(ref, d) for d in range(depth + 1)] == counts[: depth + 1]

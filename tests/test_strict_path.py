"""The dedicated two-player strict-phase search (cpp/strict_search.cpp) against the general search.

All run in the same build (``_core.set_strict_path`` picks the path of the searches created
after it: 0 general, 1 dedicated on the State, 2 on the compact state), on seeded random strict positions of every two-player profile:
leads, mid-trick, the end (claim or pass) phase, closed and used-up stocks, pending marriage
points, marriages still declarable (handed to the general search until none is left). Every
objective the core has (``tricks`` is the core's own) and every legal action's value must be
identical. ``SIXTYSIX_SOLVER_STRICT_POSITIONS`` positions per profile (default 150).
"""

from __future__ import annotations

import os
import random

import pytest

from sixtysix_solver import PROFILES, Game, _core
from test_solver_differential import Style

POSITIONS = int(os.environ.get("SIXTYSIX_SOLVER_STRICT_POSITIONS", "150"))
TWO_PLAYER = [n for n, p in PROFILES.items() if p.players == 2]
OBJECTIVES = ("game_points", "win", "card_points", "tricks")
DEFAULT = _core.strict_path()
MODES = (1, 2)  # the dedicated search on the State, and on the compact state


def position(name: str, k: int) -> Game:
    """Position ``k``: a random hand of the profile played until the stock is closed or used
    up and at most ``cards`` cards are in hand, then 0-3 more actions."""
    rng = random.Random(f"strict-path|{name}|{k}")
    prof = PROFILES[name]
    cards = rng.choice((2, 4, 6, 8, 8, 10, 10, 12))
    while True:
        carry = rng.choice((0, 0, 1, 2)) if prof.draw_carry else 0
        game = Game.deal(prof, seed=rng.getrandbits(64), dealer=rng.randrange(2), carry=carry)
        style = Style(rng)
        extra = rng.choice((0, 0, 1, 2, 3))
        while not game.is_over:
            f = game.fields()
            strict = f["closed_by"] >= 0 or not f["stock"]
            if strict and sum(map(len, f["hands"])) <= cards:
                if extra == 0:
                    return game
                extra -= 1
            game.apply(style.pick(game))


def core_solve(game: Game, objective: str) -> tuple[int, dict[int, int]]:
    """The value and every action's value, straight from the core (a fresh 16 MiB table)."""
    out = _core.Solver(16).solve(game._state, objective, 0, 0.0, True, False)
    assert out["lower"] == out["upper"]  # (no limit: exact)
    return int(out["lower"]), {int(c): int(lo) for c, lo, _ in out["actions"]}


def solve(game: Game, objective: str, mode: int) -> tuple[int, dict[int, int]]:
    _core.set_strict_path(mode)
    try:
        return core_solve(game, objective)
    finally:
        _core.set_strict_path(DEFAULT)


@pytest.mark.parametrize("name", TWO_PLAYER)
def test_strict_path_matches_general_search(name: str) -> None:
    failures = []
    for k in range(POSITIONS):
        game = position(name, k)
        if game.is_over:
            continue
        for objective in OBJECTIVES:
            general = solve(game, objective, 0)
            for mode in MODES:
                dedicated = solve(game, objective, mode)
                if general != dedicated:
                    failures.append(
                        f"{name} k={k} {objective} mode {mode}: general {general}, strict {dedicated}"
                    )
    assert not failures, "\n".join(failures[:20])

"""Small helpers shared by several test files."""

from __future__ import annotations

import random

from sixtysix_solver import Game
from sixtysix_solver.agents import random_action


def random_position(profile: str, seed: int, moves: int, *, dealer: int | None = None) -> Game:
    """A seeded deal played ``moves`` seeded random actions forward, stopping one action short
    of the end of the hand."""
    rng = random.Random(seed)
    g = Game.deal(profile, seed=seed) if dealer is None else Game.deal(profile, seed=seed,
                                                                        dealer=dealer)
    for _ in range(moves):
        nxt = g.clone()
        nxt.apply(random_action(nxt, rng))
        if nxt.is_over:
            break
        g = nxt
    return g

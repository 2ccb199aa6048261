"""Random play for every profile: thousands of seeded hands checking the invariants.

Card conservation, scores equal to the cards taken plus marriages and bonuses, hand sizes,
game points in range, zero-sum returns, and that replaying (and undoing) the actions gives the
same positions.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from sixtysix_solver import PROFILES, Game
from sixtysix_solver.rules.cards import POINTS
from sixtysix_solver.rules.random_play import random_action

GAMES_PER_PROFILE = 300  # fully checked at every step; plus the fast games below
FAST_GAMES_PER_PROFILE = 1500

REASONS = {
    "claim", "false_claim", "closer_failed", "last_trick", "first_to_target", "higher_total",
    "side_total", "dead_hand", "draw",
}


def deck_counter(profile: Any) -> Counter[int]:
    low = {"9": 5, "J": 4, "7": 7}[profile.low_rank]
    return Counter(
        {s * 8 + r: profile.copies for s in range(4) for r in range(low + 1)}
    )


def check_position(game: Game, deck: Counter[int]) -> None:
    f = game.fields()
    prof = game.profile
    n = prof.players
    everything: Counter[int] = Counter(f["stock"] + f["aside"] + f["trick"])
    for p in range(n):
        everything.update(f["hands"][p])
        everything.update(f["taken"][p])
    assert everything == deck, "cards were created or lost"
    # Every player holds the same number of cards once the trick in progress is counted.
    sizes = set()
    for p in range(n):
        in_trick = (p - f["leader"]) % n < len(f["trick"])
        sizes.add(len(f["hands"][p]) + in_trick)
    assert len(sizes) == 1
    # Scores are card points taken + credited marriages + bonuses, per side.
    side = (lambda p: p % 2) if n == 4 else (lambda p: p)
    expect = [0] * prof.sides
    for p in range(n):
        pts = sum(POINTS[c & 7] for c in f["taken"][p])
        expect[side(p)] += pts + f["marriage_points"][p] + f["bonus"][p]
        assert len(f["taken"][p]) % n == 0
    assert game.scores() == expect
    assert all(v >= 0 for v in f["pending"])


def check_result(game: Game, carry: int) -> None:
    res = game.result
    assert res is not None
    assert res.reason in REASONS
    prof = game.profile
    if prof.players == 3:
        assert sorted(res.returns) in ([-1, -1, 2], [-2, 1, 1], [0, 0, 0])
    else:
        assert all(0 <= p <= 3 + carry for p in res.points)
        assert sum(1 for p in res.points if p) <= 1
        assert res.returns[0] == -res.returns[1]
        if res.reason == "draw":
            assert res.points == (0, 0) and res.carry_out == carry + prof.draw_carry
        else:
            assert max(res.points) >= 1 + carry and res.carry_out == 0


def play(game: Game, rng: random.Random, uniform: bool, deck: Counter[int] | None) -> None:
    while not game.is_over:
        legal = game.legal_actions()
        assert legal, "a live position must have a legal action"
        a = random_action(game, rng, uniform=uniform)
        game.apply(a)
        if deck is not None:
            check_position(game, deck)


@pytest.mark.parametrize("name", list(PROFILES))
def test_random_hands_keep_every_invariant(name: str) -> None:
    prof = PROFILES[name]
    deck = deck_counter(prof)
    rng = random.Random(f"random-play {name}")
    for i in range(GAMES_PER_PROFILE):
        carry = i % 3 if prof.draw_carry else 0
        game = Game.deal(prof, seed=i, dealer=i % prof.players, carry=carry)
        check_position(game, deck)
        play(game, rng, uniform=i % 5 == 0, deck=deck)
        check_result(game, carry)
        # The record (start + actions) replays to the same position.
        replay = Game.from_fields(prof, game.start_fields)
        for a in game.actions:
            replay.apply(a)
        assert replay.fields() == game.fields()
        # Undo walks back to the deal.
        for _ in range(len(game.actions)):
            game.undo()
        assert game.fields() == game.start_fields


@pytest.mark.parametrize("name", list(PROFILES))
def test_many_random_hands_end_with_valid_results(name: str) -> None:
    prof = PROFILES[name]
    rng = random.Random(f"fast {name}")
    reasons: Counter[str] = Counter()
    for i in range(FAST_GAMES_PER_PROFILE):
        game = Game.deal(prof, seed=10_000 + i, dealer=i % prof.players)
        play(game, rng, uniform=False, deck=None)
        check_result(game, 0)
        reasons[game.result.reason] += 1  # type: ignore[union-attr]
    # Sensible random play reaches real endings, not only penalties.
    assert reasons["claim"] + reasons["side_total"] + reasons["dead_hand"] > 0, reasons

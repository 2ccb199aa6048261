"""The card-point search that proves a close failed (``cpp/card_reach.cpp``), against a plain
minimax written here from the strict-phase rules of RULES.md: follow suit, beat the led card
when the profile asks it (``must_head``), trump when void (``must_trump``); of two identical
cards the first played wins."""

from __future__ import annotations

import functools
import random

import pytest

from sixtysix_solver import _core
from sixtysix_solver.errors import PositionError
from sixtysix_solver.rules.profiles import get_profile

from helpers import ENDING_PROFILES, ending_deck, strict_replies

POINTS = (11, 10, 4, 3, 2, 0, 0, 0)  # by rank: ace, ten, king, queen, jack, nine, eight, seven


def _most(hx: tuple[int, ...], hy: tuple[int, ...], x_leads: bool, trump: int, head: bool,
          must_trump: bool) -> int:
    """The most card points x takes in tricks from here, y keeping x to the least."""

    @functools.cache
    def best(hx: tuple[int, ...], hy: tuple[int, ...], x_leads: bool) -> int:
        if not hx:
            return 0
        leader, follower = (hx, hy) if x_leads else (hy, hx)
        outcomes = []
        for i, a in enumerate(leader):
            legal = strict_replies(follower, a, trump, head, must_trump)
            replies = []
            for b in set(legal):
                takes = (b >> 3 == a >> 3 and (b & 7) < (a & 7)) or (b >> 3 == trump != a >> 3)
                x_wins = takes != x_leads
                rest_l = leader[:i] + leader[i + 1:]
                j = follower.index(b)
                rest_f = follower[:j] + follower[j + 1:]
                nx, ny = (rest_l, rest_f) if x_leads else (rest_f, rest_l)
                gain = POINTS[a & 7] + POINTS[b & 7] if x_wins else 0
                replies.append(gain + best(nx, ny, x_wins))
            outcomes.append(min(replies) if x_leads else max(replies))
        return max(outcomes) if x_leads else min(outcomes)

    return best(tuple(sorted(hx)), tuple(sorted(hy)), x_leads)


@pytest.mark.parametrize("profile", ENDING_PROFILES)
def test_card_reach_matches_a_plain_minimax(profile: str) -> None:
    prof, rules, deck = ending_deck(profile)
    rng = random.Random(profile)
    checked = 0
    for _ in range(150):
        k = rng.randint(1, 4)
        cards = rng.sample(deck, 2 * k)
        hx, hy = cards[:k], cards[k:]
        trump, x_leads = rng.randrange(4), rng.random() < 0.5
        most = _most(tuple(hx), tuple(hy), x_leads, trump, prof.must_head != "none",
                     prof.must_trump)
        for need in {most - 3, most - 1, most, most + 1, most + 4, 0}:
            got = _core.card_reach(rules, trump, hx, hy, x_leads, need)
            assert got == (most >= need), (profile, hx, hy, trump, x_leads, need, most)
            checked += 1
    assert checked > 600


def test_card_reach_refuses_bad_hands() -> None:
    rules = _core.RuleSet(get_profile("schnapsen").knobs())
    with pytest.raises(PositionError, match="not in the deck"):
        _core.card_reach(rules, 0, [7], [0], True, 10)  # (schnapsen has no sevens)
    with pytest.raises(PositionError, match="copies"):
        _core.card_reach(rules, 0, [0], [0], True, 10)
    with pytest.raises(PositionError, match="as long"):
        _core.card_reach(rules, 0, [0, 1], [2], True, 10)
    with pytest.raises(PositionError, match="trump"):
        _core.card_reach(rules, 4, [0], [1], True, 10)

"""The search of who reaches the target first in a strict ending (``cpp/race.cpp``), against a
plain minimax written here from RULES.md: follow suit, beat the led card when the profile asks
it (``must_head``), trump when void (``must_trump``); of two identical cards the first played
wins. The winner of a trick adds its cards (and, on the last trick, the bonus); a side whose
points reach its need has won at once (it leads and claims); when the cards run out first, the
end of play decides (a failed close, the last trick, or a draw)."""

from __future__ import annotations

import functools
import random

import pytest

from sixtysix_solver import _core
from sixtysix_solver.errors import PositionError
from sixtysix_solver.rules.profiles import get_profile

from helpers import ENDING_PROFILES, ending_deck, strict_replies

POINTS = (11, 10, 4, 3, 2, 0, 0, 0)  # by rank: ace, ten, king, queen, jack, nine, eight, seven
ENDS = ("x_loses", "x_wins", "last_trick", "draw")


def _outcome(hx: tuple[int, ...], hy: tuple[int, ...], x_leads: bool, lead: int, nx: int,
             ny: int, trump: int, head: bool, must_trump: bool, end: str, bonus: int) -> int:
    """x's result under best play: 1 a win, 0 a draw, -1 a loss."""

    def after(hx: tuple[int, ...], hy: tuple[int, ...], x_leads: bool, a: int, b: int, nx: int,
              ny: int) -> int:
        takes = (b >> 3 == a >> 3 and (b & 7) < (a & 7)) or (b >> 3 == trump != a >> 3)
        x_wins = takes != x_leads
        gain = POINTS[a & 7] + POINTS[b & 7] + (bonus if not hx and not hy else 0)
        if x_wins:
            if nx - gain <= 0:
                return 1
            return best(hx, hy, True, nx - gain, ny)
        if ny - gain <= 0:
            return -1
        return best(hx, hy, False, nx, ny - gain)

    @functools.cache
    def reply(hx: tuple[int, ...], hy: tuple[int, ...], x_leads: bool, a: int, nx: int,
              ny: int) -> int:
        follower = hy if x_leads else hx
        results = []
        for b in set(strict_replies(follower, a, trump, head, must_trump)):
            j = follower.index(b)
            rest = follower[:j] + follower[j + 1:]
            fx, fy = (hx, rest) if x_leads else (rest, hy)
            results.append(after(fx, fy, x_leads, a, b, nx, ny))
        return min(results) if x_leads else max(results)

    @functools.cache
    def best(hx: tuple[int, ...], hy: tuple[int, ...], x_leads: bool, nx: int, ny: int) -> int:
        if not hx and not hy:
            return {"x_loses": -1, "x_wins": 1, "draw": 0}.get(end, 1 if x_leads else -1)
        leader = hx if x_leads else hy
        results = []
        for i, a in enumerate(leader):
            rest = leader[:i] + leader[i + 1:]
            fx, fy = (rest, hy) if x_leads else (hx, rest)
            results.append(reply(fx, fy, x_leads, a, nx, ny))
        return max(results) if x_leads else min(results)

    hx, hy = tuple(sorted(hx)), tuple(sorted(hy))
    if lead >= 0:
        return reply(hx, hy, x_leads, lead, nx, ny)
    return best(hx, hy, x_leads, nx, ny)


@pytest.mark.parametrize("profile", ENDING_PROFILES)
def test_race_matches_a_plain_minimax(profile: str) -> None:
    prof, rules, deck = ending_deck(profile)
    head, must_trump = prof.must_head != "none", prof.must_trump
    rng = random.Random(f"race|{profile}")
    checked = {True: 0, False: 0}
    for _ in range(200):
        k = rng.randint(1, 4)
        cards = rng.sample(deck, 2 * k)
        hx, hy = cards[:k], cards[k:]
        trump, x_leads = rng.randrange(4), rng.random() < 0.5
        lead = -1
        if rng.random() < 0.3:  # mid-trick: the leader has played its first card
            leader = hx if x_leads else hy
            lead = leader.pop(rng.randrange(len(leader)))
        end, bonus = rng.choice(ENDS), rng.choice((0, 0, 10))
        total = sum(POINTS[c & 7] for c in cards) + bonus
        for _ in range(4):
            nx, ny = rng.randint(-5, total + 3), rng.randint(-5, total + 3)
            want = _outcome(tuple(hx), tuple(hy), x_leads, lead, nx, ny, trump, head,
                            must_trump, end, bonus)
            for draw_will_do in (False, True):
                got = _core.race(rules, trump, hx, hy, x_leads, lead, nx, ny, end, bonus,
                                 draw_will_do)
                assert got == (want >= (0 if draw_will_do else 1)), (
                    profile, hx, hy, trump, x_leads, lead, nx, ny, end, bonus, draw_will_do)
                checked[got] += 1
    assert min(checked.values()) > 200  # both answers well represented


def test_race_refuses_bad_input() -> None:
    rules = _core.RuleSet(get_profile("schnapsen").knobs())
    ok = dict(x_leads=True, lead=-1, need_x=10, need_y=10, end="last_trick", bonus=0,
              draw_will_do=False)
    assert _core.race(rules, 0, [0], [1], **ok) is True  # (the ace of trumps wins)
    with pytest.raises(PositionError, match="not in the deck"):
        _core.race(rules, 0, [7], [0], **ok)
    with pytest.raises(PositionError, match="as long"):
        _core.race(rules, 0, [0, 1], [2], **ok)
    with pytest.raises(PositionError, match="as long"):
        _core.race(rules, 0, [0], [2], **{**ok, "lead": 1})
    with pytest.raises(PositionError, match="empty"):
        _core.race(rules, 0, [], [], **ok)
    with pytest.raises(PositionError, match="end must be"):
        _core.race(rules, 0, [0], [1], **{**ok, "end": "sideways"})
    with pytest.raises(PositionError, match="needs"):
        _core.race(rules, 0, [0], [1], **{**ok, "need_x": 10_000})
    with pytest.raises(PositionError, match="lead must be"):
        _core.race(rules, 0, [0], [1], **{**ok, "lead": -7})

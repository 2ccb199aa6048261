"""The core rejects inconsistent fields with a PositionError naming the problem (no truncation,
no silently accepted nonsense), for finished and unfinished hands alike."""

from __future__ import annotations

import random
from typing import Any

import pytest

from sixtysix_solver import Game, PositionError
from sixtysix_solver.rules.random_play import random_action


def finished(profile: str, seed: int) -> Game:
    g = Game.deal(profile, seed=seed)
    rng = random.Random(seed)
    while not g.is_over:
        g.apply(random_action(g, rng))
    return g


def started(profile: str = "sixty-six", seed: int = 1, actions: int = 3) -> Game:
    g = Game.deal(profile, seed=seed)
    rng = random.Random(seed)
    for _ in range(actions):
        g.apply(random_action(g, rng))
    return g


def rejects(profile: str, fields: dict[str, Any], match: str) -> None:
    with pytest.raises(PositionError, match=match):
        Game.from_fields(profile, fields)


@pytest.mark.parametrize("profile", ["sixty-six", "schnapsen", "four-hand", "three-hand"])
def test_finished_hands_round_trip(profile: str) -> None:
    for seed in range(5):
        g = finished(profile, seed)
        again = Game.from_fields(profile, g.fields())
        assert again.fields() == g.fields()
        assert again.result == g.result


def test_close_fields_need_a_closed_stock() -> None:
    f = started().fields()
    assert f["closed_by"] == -1
    rejects("sixty-six", {**f, "close_opp_score": 12}, "only kept once the stock is closed")
    rejects("sixty-six", {**f, "close_opp_had_trick": True}, "only kept once the stock is closed")


def test_marriage_suit_below_minus_one() -> None:
    rejects("sixty-six", {**started().fields(), "marriage_suit": -2}, "marriage_suit must be")


@pytest.mark.parametrize("bonus", [-1, 251, 70000])
def test_bonus_out_of_range_in_a_finished_hand(bonus: int) -> None:
    f = finished("sixty-six", 3).fields()
    rejects("sixty-six", {**f, "bonus": [bonus, 0]}, "bonus points out of range")


def test_returns_out_of_range_or_inconsistent() -> None:
    f = finished("sixty-six", 3).fields()
    w = 0 if f["returns"][0] > 0 else 1
    big = [0, 0]
    big[w], big[1 - w] = 70000, -70000
    rejects("sixty-six", {**f, "returns": big}, "returns out of range")
    swapped = [f["returns"][1], f["returns"][0]]
    rejects("sixty-six", {**f, "returns": swapped}, "side's game points less the other side's")
    rejects("sixty-six", {**f, "points": [1, 1], "returns": [0, 0]}, "only one side")


def test_four_hand_partners_share_returns() -> None:
    f = finished("four-hand", 2).fields()
    r = list(f["returns"])
    assert r[0] == r[2] and r[1] == r[3]
    rejects("four-hand", {**f, "returns": [r[0], r[1], r[2] + 1, r[3] - 1]}, "side's game points")

"""The C++ core against the independent Python reference (tests/reference/rules_model.py).

Same seeded deals; along random games every step must agree on who acts, the phase, the legal
actions and the scores, and the finished hands on the result. Perft counts agree at small depths.
"""

from __future__ import annotations

import os
import random

import pytest

from reference.rules_model import RefState, perft, seeded_deal
from sixtysix_solver import PROFILES, Game
from sixtysix_solver.rules.random_play import random_action

GAMES = int(os.environ.get("SIXTYSIX_DIFF_GAMES", "150"))


def ref_from_game_deal(game: Game) -> RefState:
    f = game.start_fields
    hands = [list(h) for h in f["hands"]]
    return RefState.from_deal(
        game.profile, f["dealer"], hands, list(f["stock"]), list(f["aside"]), f["trump_card"],
        f["carry"],
    )


@pytest.mark.parametrize("name", list(PROFILES))
def test_seeded_deals_agree(name: str) -> None:
    prof = PROFILES[name]
    for seed in (0, 1, 2, 99, 2**63 + 5):
        for dealer in range(prof.players):
            ours = Game.deal(prof, seed=seed, dealer=dealer).fields()
            ref = seeded_deal(prof, dealer, seed)
            assert [sorted(h) for h in ref["hands"]] == ours["hands"]
            assert ref["stock"] == ours["stock"]
            assert sorted(ref["aside"]) == ours["aside"]
            assert ref["trump_card"] == ours["trump_card"]


@pytest.mark.parametrize("name", list(PROFILES))
def test_random_games_agree_step_by_step(name: str) -> None:
    prof = PROFILES[name]
    rng = random.Random(f"differential {name}")
    for i in range(GAMES):
        carry = i % 2 if prof.draw_carry else 0
        game = Game.deal(prof, seed=1000 + i, dealer=i % prof.players, carry=carry)
        ref = ref_from_game_deal(game)
        trail: list[str] = []
        while True:
            where = f"seed {1000 + i} after {' '.join(trail) or 'the deal'}"
            assert game.phase == ref.phase(), where
            assert (game.to_act if game.to_act is not None else -1) == ref.to_act(), where
            assert game.scores() == ref.scores(), where
            assert game.legal_action_codes() == sorted(ref.legal_actions()), where
            assert [sorted(h) for h in ref.hands()] == game.fields()["hands"], where
            if game.is_over:
                break
            a = random_action(game, rng, uniform=i % 4 == 0)
            trail.append(str(a))
            game.apply(a)
            ref = ref.apply(a.code)
        res = game.result
        assert res is not None
        expect = ref.result()
        assert list(res.points) == expect["points"], where
        assert list(res.returns) == expect["returns"], where
        assert res.carry_out == expect["carry_out"], where


PERFT_DEPTH = {"four-hand": 6, "three-hand": 6, "four-hand-24": 7}


@pytest.mark.parametrize("name", list(PROFILES))
def test_perft_agrees_with_reference(name: str) -> None:
    prof = PROFILES[name]
    depth = PERFT_DEPTH.get(name, 5)
    for seed in (1, 2):
        game = Game.deal(prof, seed=seed)
        ref = ref_from_game_deal(game)
        assert [game.perft(d) for d in range(depth + 1)] == [perft(ref, d) for d in range(depth + 1)]

"""The exact solver against the slow reference minimax, on random positions of every profile.

Positions come from seeded random games stopped where the reference can still search the whole
tree: mostly small strict-phase positions, plus late open-phase positions (a short stock still
to draw). The solver's value and the value of every legal action must equal the reference's.
Set SIXTYSIX_SOLVER_POSITIONS to run more (the resolving run used 100,000 per profile).
"""

from __future__ import annotations

import os
import random

import pytest

from reference.engine import RefState
from reference.minimax import solve as ref_solve
from sixtysix_solver import PROFILES, Game
from sixtysix_solver.agents import random_action
from sixtysix_solver.solve import Solver

POSITIONS = int(os.environ.get("SIXTYSIX_SOLVER_POSITIONS", "150"))
OPEN_POSITIONS = max(POSITIONS // 50, 2)


def reference_of(game: Game) -> RefState:
    f = game.start_fields
    ref = RefState.from_deal(
        game.profile, f["dealer"], [list(h) for h in f["hands"]], list(f["stock"]),
        list(f["aside"]), f["trump_card"], f["carry"],
    )
    for a in game.actions:
        ref = ref.apply(a.code)
    return ref


def random_position(name: str, rng: random.Random, seed: int, max_cards: int, open_phase: bool) -> Game | None:
    prof = PROFILES[name]
    carry = rng.choice((0, 0, 1)) if prof.draw_carry else 0
    game = Game.deal(prof, seed=seed, dealer=seed % prof.players, carry=carry)
    stop = rng.randrange(4) if open_phase else 0  # random extra actions past the threshold
    while not game.is_over:
        cards = sum(len(h) for h in game.hands)
        stock = len(game.stock)
        small = cards <= max_cards if not open_phase else (0 < stock <= 2 and cards <= 10)
        if small or (not open_phase and game.phase == "end"):
            if stop == 0:
                return game
            stop -= 1
        game.apply(random_action(game, rng, uniform=rng.random() < 0.1))
    return None


def check(game: Game, solver: Solver, objective: str) -> None:
    ours = solver.solve(game, objective=objective, pv=True)  # type: ignore[arg-type]
    value, per_action = ref_solve(reference_of(game), objective)
    where = f"{game.profile.name} seed-position {game.start_fields['hands']} after {[str(a) for a in game.actions]}"
    assert ours.value == value, where
    assert {av.action.code: av.value for av in ours.actions} == per_action, where
    # The principal variation is legal and ends the hand at the value.
    replay = game.clone()
    for a in ours.pv:
        replay.apply(a)
    if objective == "game_points" and replay.is_over:
        res = replay.result
        assert res is not None and res.returns[game.to_act] == value, where


MAX_CARDS = {2: 6, 3: 6, 4: 8}


@pytest.mark.parametrize("name", list(PROFILES))
def test_strict_positions_match_reference(name: str) -> None:
    prof = PROFILES[name]
    rng = random.Random(f"solver strict {name}")
    solver = Solver(8)
    done = 0
    seed = 0
    while done < POSITIONS:
        seed += 1
        game = random_position(name, rng, seed, MAX_CARDS[prof.players], open_phase=False)
        if game is None or game.is_over:
            continue
        objective = ("game_points", "game_points", "win", "card_points")[done % 4]
        check(game, solver, objective)
        done += 1


# The reference is slow on full open-phase hands; the default run keeps to the smaller decks.
OPEN_PROFILES = os.environ.get("SIXTYSIX_SOLVER_OPEN", "schnapsen,schnapsen-jaques,sixty-six").split(",")


@pytest.mark.parametrize("name", OPEN_PROFILES)
def test_open_phase_positions_match_reference(name: str) -> None:
    rng = random.Random(f"solver open {name}")
    solver = Solver(8)
    done = 0
    seed = 0
    while done < OPEN_POSITIONS:
        seed += 1
        game = random_position(name, rng, seed, 0, open_phase=True)
        if game is None or game.is_over:
            continue
        check(game, solver, "game_points")
        done += 1

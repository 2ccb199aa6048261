"""Golden hard positions: the solver's values must stay exactly those in the golden file.

``tests/data/solver_golden.json`` holds five positions per profile, picked by
``bench/make_golden.py`` among seeded random games as the hardest of their kind: the most
nodes, exactly one best action, a closing/exchange/marriage/show/claim decision (four-hand: the
last card of a trick), a trick in progress, and the hardest the reference minimax still solves
(which confirmed those values). Each has its exact value for ``game_points`` and ``win`` and/or
``card_points``, and the value of every legal action. Regenerate with
``python bench/make_golden.py --write`` (see bench/README.md).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, cast

import pytest

from sixtysix_solver import PROFILES, Game
from sixtysix_solver.notation.position import format_position, parse_position
from sixtysix_solver.rules.solve import Objective, Solver, solve_many

DATA = json.loads(
    (Path(__file__).parent / "data" / "solver_golden.json").read_text(encoding="utf-8")
)
POSITIONS: list[dict[str, Any]] = DATA["positions"]
SOLVER = Solver(64)


def test_golden_file() -> None:
    assert DATA["format"] == "sixtysix-solver-golden" and DATA["version"] == 1
    ids = [p["id"] for p in POSITIONS]
    assert len(ids) == len(set(ids)) and len(ids) >= 36
    assert {i.split("/")[0] for i in ids} == set(PROFILES)
    kinds = {p["kind"] for p in POSITIONS}
    assert kinds == {"most-nodes", "unique-best", "decision", "mid-trick-last", "mid-trick",
                     "reference"}
    # Every position is a choice: two or more legal actions.
    assert all(len(p["values"]["game_points"]["actions"]) >= 2 for p in POSITIONS)
    objectives = {obj for p in POSITIONS for obj in p["values"]}
    assert objectives == {"game_points", "win", "card_points"}
    assert all("game_points" in p["values"] for p in POSITIONS)
    # In every profile, a position that the reference minimax confirmed on every objective.
    confirmed = [p for p in POSITIONS if p["reference"] and set(p["reference"]) == set(p["values"])]
    assert {p["id"].split("/")[0] for p in confirmed} == set(PROFILES)


def replay(entry: dict[str, Any]) -> Game:
    game = parse_position(entry["start"])
    for a in entry["actions"].split():
        if a != "-":
            game.apply(a)
    return game


@pytest.mark.parametrize("entry", POSITIONS, ids=[p["id"] for p in POSITIONS])
def test_golden_position(entry: dict[str, Any]) -> None:
    text = entry["position"]
    game = parse_position(text)
    assert format_position(game) == text
    assert replay(entry).fields() == game.fields()  # the recorded history leads here
    legal = sorted(str(a) for a in game.legal_actions())
    for name, want in entry["values"].items():
        objective = cast(Objective, name)
        r = SOLVER.solve(game, objective=objective, actions=True, pv=True)
        assert r.value == want["value"], (entry["id"], objective)
        assert {str(av.action): av.value for av in r.actions} == want["actions"], (
            entry["id"], objective,
        )
        # Every legal action has a value (claims are not played under card_points).
        unvalued = {a for a in legal if a not in want["actions"]}
        assert unvalued <= ({"claim"} if objective == "card_points" else set())
        # The principal variation is legal and, when it ends the hand, ends it at the value.
        line = game.clone()
        for a in r.pv:
            line.apply(a)
        if objective == "game_points" and line.is_over:
            res = line.result
            assert r.player == game.to_act and res is not None
            assert res.returns[r.player] == r.value, entry["id"]


@pytest.mark.parametrize("objective", ["game_points", "win", "card_points"])
def test_golden_values_in_a_batch(objective: Objective) -> None:
    group = [p for p in POSITIONS if objective in p["values"]]
    batch = solve_many(
        [parse_position(p["position"]) for p in group], objective=objective, threads=2
    )
    assert not batch.aborted.any()
    assert batch.values.tolist() == [p["values"][objective]["value"] for p in group]

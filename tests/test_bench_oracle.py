"""bench/oracle.py: ``--tie hands`` (the engine given every other hand, not the stock) and
``--blind`` (the engine's choices for the first cards of a hand)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from helpers import bench_module

import sixtysix_solver.play.arena as arena_mod
from sixtysix_solver import Game, View
from sixtysix_solver.agents import EngineAgent
from sixtysix_solver.agents.heuristic import HeuristicAgent
from sixtysix_solver.knowledge.worlds import WorldSpace
from sixtysix_solver.rules.actions import Action


def test_the_hands_oracle_sees_the_other_hands_but_not_the_stock(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Importing the script replaces the arena's act_in_game; put the original back afterwards.
    monkeypatch.setattr(arena_mod, "act_in_game", arena_mod.act_in_game)
    oracle = bench_module("oracle")
    game = Game.deal("mariage-piquet", seed=3)
    seat = game.to_act
    assert seat is not None
    seen: list[View] = []

    class Spy:  # the engine's act, on 20 worlds without a cap, recording the view it gets
        def act(self, view: View) -> Any:
            seen.append(view)
            return EngineAgent(worlds=20, time_limit=0, seed=1).act(view)

    agent = oracle.make(seed=1, tie="hands")
    agent.engine = Spy()
    assert agent.act_game(game) in game.legal_actions()
    (view,) = seen
    other = 1 - seat
    assert view.seat == seat and sorted(view.known[other]) == sorted(game.hand(other))
    assert view.stock_size == len(game.stock) > 0
    worlds = list(WorldSpace(view).sample(12, 1))
    assert all(sorted(w.hands[other]) == sorted(c.code for c in game.hand(other))
               for w in worlds)
    assert len({tuple(w.stock) for w in worlds}) > 1  # the stock's order stays unknown



def test_the_blind_oracle_plays_the_engine_for_its_first_cards_only(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(arena_mod, "act_in_game", arena_mod.act_in_game)
    oracle = bench_module("oracle")
    asked: list[int] = []

    class Spy(HeuristicAgent):  # the engine: records how many cards the seat held when asked
        def choose(self, view: View, legal: Sequence[Action]) -> Action:
            asked.append(len(view.hand))
            return legal[0]

    agent = oracle.make(seed=1, tie="reply", blind=2, infer=0.01)
    assert "blind=2" in str(agent.spec) and "infer=0.01" in str(agent.engine.spec)
    agent.engine = Spy(1)
    game = Game.deal("three-hand", seed=2)
    size = game.profile.hand_size
    held: list[int] = []
    while not game.is_over:  # the oracle plays every seat
        seat = game.to_act
        assert seat is not None
        held.append(len(game.hand(seat)))
        game.apply(agent.act_game(game))
    # Each seat asked the engine while it had played fewer than 2 cards, the best line after.
    assert asked and all(n > size - 2 for n in asked)
    assert len(asked) == sum(n > size - 2 for n in held) < len(held)

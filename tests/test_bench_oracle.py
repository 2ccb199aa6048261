"""bench/oracle.py's ``--tie hands``: the engine given every other hand, not the stock."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import bench_module

import sixtysix_solver.play.arena as arena_mod
from sixtysix_solver import Game, View
from sixtysix_solver.agents import EngineAgent
from sixtysix_solver.knowledge.worlds import WorldSpace


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

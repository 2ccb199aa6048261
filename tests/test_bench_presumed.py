"""bench/presumed.py: PIMC's leads valued again against the opponent's own PIMC reply; the
lead that is ahead there by more than z paired standard errors replaces PIMC's."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import bench_module
from sixtysix_solver import Game, View
from sixtysix_solver.rules.actions import Kind


def _lead(seed: int = 4) -> tuple[View, list[Any]]:
    g = Game.deal("schnapsen", seed=seed)
    return View.from_game(g), g.legal_actions()


def _agent(**kw: Any) -> Any:
    presumed = bench_module("presumed")
    base = {"seed": 1, "worlds": 40, "time": 30.0, "outer": 12, "inner": 4, "least": 4}
    return presumed.Presumed(**{**base, **kw})


def test_it_values_pimcs_leads_and_answers_legally() -> None:
    view, legal = _lead()
    agent = _agent()
    pick = agent.choose_with(view, legal, None)
    assert pick in legal
    assert agent.valued == [12]  # every world of the budget, well inside 30 s


@pytest.mark.parametrize("ahead,z,switch", [(1.0, 1.0, True), (0.02, 1.0, False),
                                            (1.0, 50.0, False)])
def test_the_bar_in_paired_standard_errors(monkeypatch: pytest.MonkeyPatch, ahead: float,
                                           z: float, switch: bool) -> None:
    view, legal = _lead()
    agent = _agent(z=z)
    calls: list[Any] = []

    def rigged(world: Any, lead: Any, seat: int, seed: int, until: float) -> float:
        # every lead but PIMC's first choice is `ahead` better, with some noise by world
        calls.append(lead)
        first = calls[0]
        noise = (seed % 3) * 0.1
        return 0.0 if lead == first else ahead + noise - 0.1

    monkeypatch.setattr(agent, "_value", rigged)
    pick = agent.choose_with(view, legal, None)
    first = calls[0]  # PIMC's best lead, valued first
    assert first.kind == Kind.PLAY
    assert (pick != first) == switch

"""bench/anchors.py: the anchor variants measured with bench/forks.py set the bar they claim."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import RiggedRecommend, bench_module

from sixtysix_solver import Game, View
from sixtysix_solver.agents import AgentSpec, EngineAgent, HeuristicAgent

NOISY = [1, -1, 2, -1, 1, -2, 1, 0] * 2  # the favourite ahead by 1/8 a world, se ~0.35
CLEAR = [1, 1, 2, 1] * 4  # ahead in every world, by 1.25 on average (se ~0.11)


@pytest.fixture
def lead(monkeypatch: pytest.MonkeyPatch) -> tuple[View, Any, Any, RiggedRecommend]:
    """A first lead, the basic club player's card there, another card, and the engine's
    figures rigged to prefer that other card."""
    bench_module("anchors")  # registered as `anchors`, where the custom factory looks it up
    game = Game.deal("schnapsen", seed=2)
    view = View.from_game(game, game.to_act)
    legal = game.legal_actions()
    club = HeuristicAgent(0, rules="basic").choose(view, legal)
    other = next(a for a in legal if a != club)
    return view, club, other, RiggedRecommend(monkeypatch, other, NOISY)


def _pick(spec: str, view: View) -> Any:
    return AgentSpec.parse(spec).build(seed=1).act(view)


def test_the_anchor_by_stock_takes_its_bar_from_the_cards_left(lead: Any) -> None:
    view, club, other, _ = lead
    stock = view.stock_size
    assert stock > 0 and view.closed_by is None
    by = "custom:factory=anchors.by_stock,worlds=3,time=0"  # no cap: any machine alike
    assert _pick(f"{by}", view) == club  # anchor=1 above the late stock: noise keeps the club
    assert _pick(f"{by},late={stock}", view) == other  # late: no anchor
    assert _pick(f"{by},late={stock},lateanchor=1", view) == club
    assert _pick(f"{by},late=0,midanchor=0", view) == other  # the middle's bar: 0 se
    assert _pick(f"{by},late=0,midanchor=0,top={stock}", view) == club  # the top's: anchor=1
    agent = AgentSpec.parse(f"{by},late=0,midanchor=0").build(seed=1)
    agent.act(view)
    assert isinstance(agent, EngineAgent) and agent.anchor == 1.0  # put back after the decision


def test_the_margin_anchor_asks_a_lead_in_game_points_too(lead: Any) -> None:
    view, club, other, rig = lead
    m = "custom:factory=anchors.margin,worlds=3,time=0"
    assert _pick(f"{m},margin=0", view) == club  # the plain anchor: noise keeps the club
    rig.diffs = CLEAR  # no noise: the plain anchor lets any lead through ...
    assert _pick("engine:worlds=3,anchor=1", view) == other
    assert _pick(f"{m},margin=1.2", view) == other
    assert _pick(f"{m},margin=1.3", view) == club  # ... the margin asks more than 1.25

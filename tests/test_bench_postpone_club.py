"""bench/postpone_club.py: strategy fusion in three-hand against the basic club's replies."""

from __future__ import annotations

import random
from typing import Any

from helpers import bench_module

from sixtysix_solver import Game, View
from sixtysix_solver.advice.pasts import PastSpace
from sixtysix_solver.knowledge.history import History
from sixtysix_solver.knowledge.worlds import WorldSpace, is_consistent, layout_of


def _pc() -> Any:
    return bench_module("postpone_club")


def _after_two_tricks(pc: Any, seed: int) -> Game:
    """A three-hand deal played by the club's rules until seat 0 acts in the third trick."""
    g = Game.deal("three-hand", seed=seed)
    while sum(g.tricks_won()) < 2 or g.to_act != 0:
        g.apply(pc.club(g))
    return g


def test_the_true_deal_fits_and_a_world_that_breaks_the_rules_does_not() -> None:
    pc = _pc()
    g = _after_two_tricks(pc, 5)
    history = History.from_game(g, 0)
    spaces = {p: PastSpace(history, p) for p in history.others()}
    fit = pc.fitting(history, layout_of(g), spaces)  # the others played by the rules here
    assert fit is not None and fit.same_position(g)
    view = View.from_game(g, 0)
    kept = [pc.fitting(history, lay, spaces) for lay in WorldSpace(view).sample(200, 1)]
    assert any(w is None for w in kept)  # their play ruled some worlds out
    assert all(is_consistent(view, w) and w.actions == g.actions for w in kept if w is not None)
    worlds, tried = pc.worlds_fitting(g, 0, 5, random.Random(1))
    assert len(worlds) == 5 and tried >= 5
    assert all(w.legal_actions() == g.legal_actions() for w in worlds)


def test_postponed_values_never_exceed_pimc_and_the_core_agrees_with_the_replies() -> None:
    pc = _pc()
    g = _after_two_tricks(pc, 7)
    worlds, _ = pc.worlds_fitting(g, 0, 6, random.Random(2))
    pimc, post = pc.values(worlds, 0)
    assert set(pimc) == set(post) == {str(a) for a in g.legal_actions()}
    assert all(post[a] <= pimc[a] + 1e-9 for a in pimc)
    # PIMC's value is the best of the seat's next actions after the club's replies: the core's
    # reply search from that turn finds the same best line.
    for w in worlds[:3]:
        for a in w.legal_actions():
            h = w.clone()
            h.apply(a)
            pc.to_turn(h, 0)
            if h.is_over:
                continue
            nexts = []
            for b in h.legal_actions():
                k = h.clone()
                k.apply(b)
                pc.to_turn(k, 0)
                nexts.append(pc.utility(k, 0))
            assert pc.utility(h, 0) == max(nexts)

"""The counted endgame: once a two-player hand has no stock left, every card out is in the
opponent's hand, so the club player (:mod:`sixtysix_solver.advice.expert`) knows the whole
position and plays it by exact count (the compiled solver, game points, a node budget).

>>> from sixtysix_solver import Game, View
>>> g = Game.deal("schnapsen", seed=3)
>>> known_world(View.from_game(g)) is None       # a stock on the table: cards are hidden
True
"""

from __future__ import annotations

import threading
from collections.abc import Sequence

from ..errors import SixtySixError
from ..knowledge.view import View
from ..knowledge.worlds import Layout
from ..rules.actions import Action
from ..rules.game import Game
from ..rules.solve import Solver
from .counting import Count, card_code

__all__ = ["NODE_BUDGET", "counted_best", "known_world"]

NODE_BUDGET = 200_000
"""Nodes per endgame solve; a search that does not finish leaves the choice to the rules."""

_local = threading.local()


def _solver() -> Solver:
    solver = getattr(_local, "solver", None)
    if solver is None:
        solver = _local.solver = Solver(tt_mib=2)
    return solver


def known_world(view: View, count: Count | None = None) -> Game | None:
    """The position itself when the view leaves nothing hidden (two players, no stock, no
    dead hand), else ``None``."""
    count = count or Count(view)
    if not count.all_known:
        return None
    opp = count.opponents[0]
    hands: list[tuple[int, ...]] = [(), ()]
    hands[view.seat] = tuple(sorted(card_code(c) for c in view.hand))
    hands[opp] = tuple(count.opp_hand())
    try:
        return Layout(tuple(hands), (), ()).game(view)
    except SixtySixError:  # pragma: no cover - a view no deal fits
        return None


def counted_best(view: View, count: Count | None = None) -> Sequence[Action] | None:
    """The actions that score the most game points by exact count, when the whole position is
    known and the search ends within :data:`NODE_BUDGET`; else ``None``."""
    game = known_world(view, count)
    if game is None:
        return None
    result = _solver().solve(game, objective="game_points", pv=False, node_limit=NODE_BUDGET)
    if not result.exact:
        return None
    return result.best

"""Anchor variants of the engine, for bench/forks.py (not engine options: none measured better).

The engine's ``anchor=z`` plays the club player's card unless PIMC's best beats it by more
than ``z`` standard errors, paired over the worlds solved. Two variants, built through the
``custom`` agent kind (``bench/`` is on the import path when a bench script runs):

    custom:factory=anchors.by_stock,late=4                # no anchor with 4 or fewer stock cards
    custom:factory=anchors.by_stock,top=12,midanchor=3,late=6,lateanchor=1
    custom:factory=anchors.margin,margin=0.1              # the bar at least 0.1 game points

Both take ``worlds`` (100 / 1000 by default), ``time`` (1 s) and ``anchor`` (1) like the engine's
spec, and pass any other keyword to :class:`EngineAgent`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sixtysix_solver.advice.recommend import Recommendation, paired_difference
from sixtysix_solver.advice.stats import Utility
from sixtysix_solver.agents.engine import EngineAgent
from sixtysix_solver.knowledge.history import History
from sixtysix_solver.knowledge.view import View
from sixtysix_solver.rules.actions import Action


class ByStock(EngineAgent):
    """The anchor's ``z`` by the cards left in the stock (0 once it is closed or gone):
    ``anchor`` with ``top`` or more, ``lateanchor`` with ``late`` or fewer (negative: no
    anchor), ``midanchor`` (default ``anchor``) between."""

    def __init__(self, *, seed: int, worlds: int = 100, time: float = 1.0, anchor: float = 1.0,
                 top: int = 99, late: int = 4, midanchor: float | None = None,
                 lateanchor: float = -1.0, **kw: Any) -> None:
        # follow and fallible off, as when this agent was measured (before their auto)
        super().__init__(worlds=worlds, time_limit=time, seed=seed, anchor=anchor,
                         **{"follow": None, "fallible": None, **kw})
        self.base = float(anchor)
        self.top, self.late = top, late
        self.mid = self.base if midanchor is None else float(midanchor)
        self.lateanchor = None if lateanchor < 0 else float(lateanchor)

    def choose_with(self, view: View, legal: Sequence[Action], history: History | None) -> Action:
        stock = view.stock_size if view.closed_by is None else 0
        self.anchor = (self.lateanchor if stock <= self.late
                       else self.base if stock >= self.top else self.mid)
        try:
            return super().choose_with(view, legal, history)
        finally:
            self.anchor = self.base


class Margin(EngineAgent):
    """The anchor's bar at least ``margin`` (in the utility's units, game points by default),
    however many worlds shrink the standard error."""

    def __init__(self, *, seed: int, worlds: int = 1000, time: float = 1.0, anchor: float = 1.0,
                 margin: float = 0.1, **kw: Any) -> None:
        # follow and fallible off, as when this agent was measured (before their auto)
        super().__init__(worlds=worlds, time_limit=time, seed=seed, anchor=anchor,
                         **{"follow": None, "fallible": None, **kw})
        self.margin = float(margin)

    def _overrides_club(self, rec: Recommendation, best: Action, club: Action,
                        utility: Utility | None) -> bool:
        assert self.anchor is not None
        mean, se = paired_difference(rec, best, club, utility)
        return mean > max(self.anchor * se, self.margin)


def by_stock(seed: int, **kw: Any) -> ByStock:
    return ByStock(seed=seed, **kw)


def margin(seed: int, **kw: Any) -> Margin:
    return Margin(seed=seed, **kw)

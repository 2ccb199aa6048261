"""Presumed values at the opponent's reply, for bench/forks.py (an experiment, not an engine
option).

PIMC values an action in each sampled world as if the opponent, too, saw every card: its
reply to a lead is the best in that world. Wisser (IJCAI 2015) calls this the overestimation
of the opponent's knowledge. Here, after PIMC has ranked the actions (a share of the time),
the leads among its best few are valued again in other worlds of the seat's view: in each
world the opponent replies as PIMC would from *its* view (the world's cards it holds, the lead
it sees, the seat's hand hidden), and the rest of the hand is solved with open cards. The
lead whose value is best wins if it beats PIMC's choice there by more than ``z`` paired
standard errors; else PIMC's choice stands (also when the time is too short for ``least``
worlds, and where the seat does not lead).

    custom:factory=presumed.presumed                       # 1 s, PIMC half of it
    custom:factory=presumed.presumed,top=3,inner=12,z=1

Built through the ``custom`` agent kind (``bench/`` is on the import path when a bench
script runs); every other keyword goes to :class:`EngineAgent` (the engine's defaults:
1,000 worlds, closing when sure).
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from sixtysix_solver.advice.limits import SearchLimits
from sixtysix_solver.advice.recommend import Recommendation, recommend
from sixtysix_solver.advice.stats import Utility
from sixtysix_solver.agents.engine import EngineAgent
from sixtysix_solver.knowledge.history import History
from sixtysix_solver.knowledge.view import View
from sixtysix_solver.knowledge.worlds import WorldSpace
from sixtysix_solver.rules.actions import Action, Kind
from sixtysix_solver.rules.game import Game
from sixtysix_solver.rules.solve import Solver


class Presumed(EngineAgent):
    """PIMC, then its ``top`` best leads (cards only: no close, claim or exchange) valued
    against the opponent's own PIMC reply (``inner`` worlds of its view) in up to ``outer``
    worlds, in the time PIMC left (PIMC gets ``share`` of it)."""

    def __init__(self, *, seed: int, worlds: int = 1000, time: float = 1.0, share: float = 0.5,
                 top: int = 3, inner: int = 12, outer: int = 200, least: int = 8,
                 z: float = 1.0, **kw: Any) -> None:
        # follow off, as when this agent was measured (before follow=auto)
        super().__init__(worlds=worlds, time_limit=time, seed=seed, **{"follow": None, **kw})
        self.cap = float(time)
        self.share, self.top, self.inner, self.outer = float(share), top, inner, outer
        self.least, self.z = least, float(z)
        self._rec: Recommendation | None = None
        self._solver = Solver(tt_mib=16)
        self.changed = 0  # decisions where the presumed value overruled PIMC
        self.valued: list[int] = []  # the worlds valued at each decision that got that far

    def _recommend(self, view: View, limits: SearchLimits, utility: Utility | None,
                   history: History | None) -> Recommendation:
        self._rec = super()._recommend(view, limits, utility, history)
        return self._rec

    def choose_with(self, view: View, legal: Sequence[Action], history: History | None) -> Action:
        start = time.perf_counter()
        full = self.limits
        self.limits = replace(full, time_limit=self.cap * self.share)
        try:
            best = super().choose_with(view, legal, history)
        finally:
            self.limits = full
        rec, self._rec = self._rec, None
        if (rec is None or rec.method == "rule" or view.profile.sides != 2
                or best.kind != Kind.PLAY):
            return best
        leads = [s.action for s in rec.ranked() if s.action.kind == Kind.PLAY][:self.top]
        if best not in leads or len(leads) < 2:
            return best
        pick = self._presumed(view, leads, best, start + 0.9 * self.cap)
        self.changed += pick != best
        return pick

    def _presumed(self, view: View, leads: list[Action], best: Action, until: float) -> Action:
        """The lead whose presumed value beats ``best``'s by more than ``z`` paired standard
        errors (``best`` if none, or too few worlds in the time)."""
        seat = view.seat
        rows: list[list[int]] = []
        space = WorldSpace(view)
        seed = self.rng.getrandbits(32)
        for k, layout in enumerate(space.sample(self.outer, seed)):
            if time.perf_counter() >= until:
                break
            world = layout.game(view)
            row = []
            for a in leads:
                v = self._value(world, a, seat, seed + k, until)
                if v is None:
                    break
                row.append(v)
            if len(row) < len(leads):
                break
            rows.append(row)
        self.valued.append(len(rows))
        if len(rows) < self.least:
            return best
        b = leads.index(best)
        n = len(rows)
        top, top_t = best, 0.0
        for j, a in enumerate(leads):
            if j == b:
                continue
            d = [r[j] - r[b] for r in rows]
            mean = sum(d) / n
            var = sum((x - mean) ** 2 for x in d) / (n - 1)
            se = math.sqrt(var / n)
            t = mean / se if se > 0 else (math.inf if mean > 0 else 0.0)
            if mean > 0 and t > self.z and t > top_t:
                top, top_t = a, t
        return top

    def _value(self, world: Game, lead: Action, seat: int, seed: int,
               until: float) -> int | None:
        """The seat's game points after ``lead`` in ``world``, the opponent replying as its
        PIMC would from its view, then open cards to the end (None: out of time)."""
        g = world.clone()
        g.apply(lead)
        if not g.is_over and g.to_act != seat:
            replies = g.legal_actions()
            if len(replies) > 1:
                if time.perf_counter() >= until:
                    return None
                other = View.from_game(g, g.to_act)
                reply = recommend(other, limits=SearchLimits(
                    worlds=self.inner, seed=seed, threads=1)).best
            else:
                reply = replies[0]
            g.apply(reply)
        result = g.result
        if result is not None:  # (the last trick)
            return result.returns[seat]
        return self._solver.solve(g, actions=False, pv=False).value_for_side(seat)


def presumed(seed: int, **kw: Any) -> Presumed:
    return Presumed(seed=seed, **kw)

"""An opponent model for inference against PIMC players: the opponent's own PIMC choice.

The club models (:class:`~sixtysix_solver.advice.opponents.HeuristicModel`) predict a PIMC
opponent's action in only about half of its decisions (``bench/pimc_model.py``). This model
asks PIMC itself, from the opponent's view at each of its past decisions, on a few seeded
worlds: its choice with probability ``1 - eps``, ``eps`` spread over the other legal actions.
Each view is asked once: the weighting asks the same past views at every later decision of
the hand, so the answers are kept (up to :data:`CACHE` views, then forgotten all at once).

>>> from sixtysix_solver import Game, View
>>> g = Game.deal("schnapsen", seed=6)
>>> g.apply("QH")
>>> m = PimcModel(eps=0.2, worlds=6)
>>> v = View.from_game(g)
>>> [(str(a), round(m.probability(v, a), 3)) for a in g.legal_actions()][:3]
[('AC', 0.8), ('JC', 0.04), ('AH', 0.04)]
>>> m
PimcModel(eps=0.2, worlds=6, seed=11)
"""

from __future__ import annotations

from dataclasses import replace

from ..knowledge.view import View
from ..rules.actions import Action
from .limits import SearchLimits
from .opponents import ModelError, check_eps, softened
from .recommend import recommend

__all__ = ["CACHE", "PimcModel"]

#: Views whose answers a model keeps before it forgets them all.
CACHE = 20_000


class PimcModel:
    """PIMC on ``worlds`` worlds (drawn with ``seed``) from the acting player's view, softened
    by ``eps``; ``limits``, when given, are the whole budget of that PIMC instead (for
    example the horizon search, cheaper). ``call_time``: seconds each PIMC run may take at
    most (``None``: no limit, the same answers on every machine); under a time cap it keeps
    the weighting, which checks its deadline between the model's answers, on time."""

    def __init__(self, eps: float = 0.2, worlds: int = 12, seed: int = 11,
                 limits: SearchLimits | None = None, call_time: float | None = None) -> None:
        if not isinstance(worlds, int) or isinstance(worlds, bool) or not 1 <= worlds <= 10_000:
            raise ModelError(f"worlds must be a whole number from 1 to 10,000, got {worlds!r}")
        self.eps = check_eps(eps)
        self.worlds = worlds
        self.seed = seed
        self._limits_given = limits is not None
        self.limits = limits or SearchLimits(worlds=worlds, seed=seed, threads=1)
        if call_time is not None:
            self.limits = replace(self.limits, time_limit=call_time)
        self.name = f"pimc:{self.eps:g}"
        self._choices: dict[View, Action] = {}

    def choice(self, view: View) -> Action:
        """PIMC's action from ``view`` (asked once a view)."""
        got = self._choices.get(view)
        if got is None:
            if len(self._choices) >= CACHE:
                self._choices.clear()
            got = self._choices[view] = recommend(view, limits=self.limits).best
        return got

    def probability(self, view: View, action: Action) -> float:
        return softened(view, action, self.eps, lambda v, _legal: self.choice(v))

    def __repr__(self) -> str:
        if self._limits_given:
            return f"PimcModel(eps={self.eps!r}, limits={self.limits!r})"
        timed = "" if self.limits.time_limit is None else f", call_time={self.limits.time_limit!r}"
        return f"PimcModel(eps={self.eps!r}, worlds={self.worlds!r}, seed={self.seed!r}{timed})"

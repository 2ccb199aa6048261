"""The searches behind the board's panels, as JSON: every legal action's figures
(:func:`analyse`), closing against going on (:func:`closing`) and the open-card solver's
exact values (:func:`solve_open`). Each runs in a worker (:mod:`.searches`), reports its
figures so far after every batch and stops when its search is halted.

>>> from sixtysix_solver import Game, View
>>> from sixtysix_solver.advice.recommend import recommend
>>> v = View.from_game(Game.deal("schnapsen", seed=3), 1)
>>> out = recommendation_json(recommend(v, worlds=20, seed=1), v, budget=20)
>>> out["worlds"], out["progress"], sorted(out["actions"][0]) == sorted(STATS_KEYS)
(20, 1.0, True)
>>> round(sum(out["actions"][0]["distribution"].values()), 6)
1.0
"""

from __future__ import annotations

import math
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..advice.closing import ClosingAnalysis, analyse_closing
from ..advice.limits import SearchLimits
from ..advice.recommend import Recommendation, recommend
from ..advice.stats import ActionStats
from ..knowledge.view import View, format_view
from ..knowledge.worlds import count_worlds, enumerate_worlds
from ..notation.position import format_position
from ..rules.game import Game
from ..rules.solve import Solver
from .boards import game_board
from .searches import Search
from .setup import RequestError, get_int

__all__ = ["Budget", "STATS_KEYS", "analyse", "closing", "closing_json", "recommendation_json",
           "solve_open", "stats_json"]

STATS_KEYS = ("action", "line", "ev", "ev_ci95", "p_win", "p_win_ci95", "distribution",
              "utility")  # an action's figures (``ActionStats.to_dict``)


@dataclass(frozen=True)
class Budget:
    """A request's budget: the most worlds, seconds (capped by the server) and the seed."""

    worlds: int
    seconds: float
    seed: int

    @classmethod
    def from_json(cls, data: Mapping[str, Any], max_seconds: float,
                  worlds: int = 1000, seconds: float = 10.0) -> Budget:
        w = get_int(data, "worlds", worlds, 1, 100_000)
        s = data.get("time_limit", min(seconds, max_seconds))
        if (not isinstance(s, (int, float)) or isinstance(s, bool) or not math.isfinite(s)
                or not 0 < s <= max_seconds):
            raise RequestError(f"time_limit must be seconds above 0 and at most {max_seconds:g} "
                               f"(this server's cap), got {s!r}")
        return cls(w, float(s), get_int(data, "seed", 0, 0, 2**63 - 1))

    def limits(self) -> SearchLimits:
        return SearchLimits(worlds=self.worlds, time_limit=self.seconds, seed=self.seed)


def _r(x: float) -> float:
    return round(float(x), 6)


def stats_json(s: ActionStats) -> dict[str, Any]:
    """One action's figures in the package's result schema (``docs/schema.md``)."""
    return s.to_dict()


def recommendation_json(rec: Recommendation, view: View, budget: int,
                        started: float | None = None) -> dict[str, Any]:
    """A recommendation (final or so far) in the package's result schema, its actions best
    first, with the view and the progress: worlds solved over the worlds it will solve at
    most."""
    goal = max(1, min(budget, rec.total_worlds))
    out = rec.to_dict()
    out["actions"] = [stats_json(s) for s in rec.ranked()]
    out["view"] = format_view(view)
    out["progress"] = _r(min(1.0, rec.worlds / goal))
    if started is not None:
        out["seconds"] = _r(time.perf_counter() - started)
    return out


def _open_line(view: View, seconds: float, search: Search) -> list[str] | None:
    """The best line when no card is hidden (one world): the solver's principal variation."""
    if count_worlds(view, stock_order=True) != 1:
        return None
    world = next(iter(enumerate_worlds(view, 1)))
    r = Solver(16).solve(world, time_limit=seconds, cancel=search.cancel)
    return [str(a) for a in r.pv] if r.exact else None


def analyse(search: Search, view: View, budget: Budget) -> dict[str, Any]:
    """Every legal action of the player to act, with progress reports after each batch."""
    if view.to_act is None:
        raise RequestError("the hand is over: there is no decision to analyse")
    if view.to_act != view.seat:
        raise RequestError(f"seat {view.to_act} is to act, not seat {view.seat}: analyse "
                           "the view of the seat to act")
    start = time.perf_counter()

    def progress(rec: Recommendation) -> None:
        search.report("progress", recommendation_json(rec, view, budget.worlds, start))

    rec = recommend(view, limits=budget.limits(), on_progress=progress, stop=search.stop)
    out = recommendation_json(rec, view, budget.worlds)
    out["line"] = _open_line(view, budget.seconds, search)
    out["stopped_by"] = search.stopped_by
    return out


def closing_json(a: ClosingAnalysis, view: View) -> dict[str, Any]:
    return {"view": format_view(view), **a.to_dict()}


def closing(search: Search, view: View, budget: Budget) -> dict[str, Any]:
    """Closing now (and after drawing) against going on, with a progress report per batch."""
    def progress(part: str, rec: Recommendation) -> None:
        search.report("progress", {"part": part, **recommendation_json(rec, view, budget.worlds)})

    a = analyse_closing(view, limits=budget.limits(), on_progress=progress, stop=search.stop)
    out = closing_json(a, view)
    out["stopped_by"] = search.stopped_by
    return out


def solve_open(search: Search, game: Game, seconds: float) -> dict[str, Any]:
    """The open-card solver: every legal action's exact game points for the side to act (or
    the bounds proven when the time ran out), the value and the best line."""
    if game.to_act is None:
        raise RequestError("the hand is over: there is nothing to solve")
    r = Solver(64).solve(game, time_limit=seconds, cancel=search.cancel)
    return {**r.to_dict(), "exact": r.exact, "position": format_position(game),
            "board": game_board(game)}

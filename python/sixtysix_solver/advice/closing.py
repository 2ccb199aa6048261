"""Does closing win? The value of closing the stock now, over every world that fits the
player's view, against going on.

Once the stock is closed its order no longer matters, so closing is valued over the worlds
that differ in where the hidden cards lie, not in the order of the stock: exactly, by solving
each of them, when there are at most ``exact_limit`` (12,376 at sixty-six's first lead), else
on a seeded sample. Going on (every other legal action, the best of them reported) is valued
by perfect-information Monte Carlo on sampled worlds with the stock in order. Before drawing,
where the rules allow closing there, "close after drawing" (draw, then close) is valued too.

Every world is solved with open cards from the decision on (the perfect-information
assumption of :mod:`sixtysix_solver.advice.recommend`): the figures credit both players with play
that knows the hidden cards.

>>> from sixtysix_solver import Game
>>> from sixtysix_solver.knowledge.view import View
>>> g = Game.deal("sixty-six", seed=1)
>>> a = analyse_closing(View.from_game(g, g.to_act), worlds=8, seed=1)
>>> a.close.worlds, a.close.exact, a.verdict
(12376, True, 'continue')
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from ..rules.actions import Action, Kind
from ..errors import NotationError, SixtySixError
from ..rules.schema import JsonMixin, expect_keys, get_bool, get_float, get_int, get_str
from ..rules.game import Game
from ..knowledge.history import History
from .limits import SearchLimits, resolve_limits
from .opponents import OpponentModel
from .recommend import Recommendation, evaluate_lines, opponent_weights, view_of
from .stats import ActionStats
from ..knowledge.view import View
from ..knowledge.worlds import WorldSpace

__all__ = ["ClosingAnalysis", "ClosingOption", "analyse_closing"]

CLOSE = Action(Kind.CLOSE)
DRAW = Action(Kind.DRAW)
DEFAULT_WORLDS = 200  # sampled worlds for going on, without limits


@dataclass(frozen=True)
class ClosingOption(JsonMixin):
    """One way to act, valued over worlds: ``name`` (``"close now"``, ``"close after
    drawing"`` or ``"go on"``), the actions, and their figures (see
    :class:`~sixtysix_solver.advice.stats.ActionStats`); ``exact``: every world was solved."""

    name: str
    line: tuple[Action, ...]
    stats: ActionStats
    worlds: int
    total_worlds: int
    exact: bool

    @property
    def mean(self) -> float:
        return self.stats.mean

    @property
    def win(self) -> float:
        return self.stats.win

    def to_dict(self) -> dict[str, Any]:
        """``name``, ``worlds``, ``total_worlds``, ``exact`` and the figures of
        :meth:`ActionStats.to_dict <sixtysix_solver.advice.stats.ActionStats.to_dict>`
        (whose ``line`` is this option's)."""
        return {"name": self.name, "worlds": self.worlds, "total_worlds": self.total_worlds,
                "exact": self.exact, **self.stats.to_dict()}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> ClosingOption:
        if not isinstance(d, dict):
            raise NotationError("a closing option must be a JSON object")
        own = ("name", "worlds", "total_worlds", "exact")
        for k in own:
            if k not in d:
                raise NotationError(f"a closing option: missing key {k!r}")
        stats = ActionStats.from_dict({k: v for k, v in d.items() if k not in own})
        return cls(get_str(d, "name"), stats.line, stats, get_int(d, "worlds"),
                   get_int(d, "total_worlds"), get_bool(d, "exact"))


@dataclass(frozen=True)
class ClosingAnalysis(JsonMixin):
    """Closing against going on for the player to act. ``verdict``: ``"close"``,
    ``"continue"``, ``"either"`` (exactly equal) or ``"too close to call"`` (the difference
    lies inside the sampling noise); ``after_drawing`` is set when the player may close before drawing."""

    seat: int
    close: ClosingOption
    after_drawing: ClosingOption | None
    go_on: ClosingOption
    verdict: str
    seconds: float

    @property
    def options(self) -> tuple[ClosingOption, ...]:
        return tuple(o for o in (self.close, self.after_drawing, self.go_on) if o is not None)

    def to_dict(self) -> dict[str, Any]:
        """``seat``, ``verdict``, ``seconds`` and the ``options`` in order: close now, close
        after drawing (where possible), go on (``docs/schema.md``)."""
        return {"seat": self.seat, "verdict": self.verdict, "seconds": self.seconds,
                "options": [o.to_dict() for o in self.options]}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> ClosingAnalysis:
        d = expect_keys(d, ("seat", "verdict", "seconds", "options"), "a closing analysis")
        opts = d["options"]
        if not isinstance(opts, list) or len(opts) not in (2, 3):
            raise NotationError("options must be a list of two or three closing options")
        parsed = [ClosingOption.from_dict(o) for o in opts]
        return cls(get_int(d, "seat"), parsed[0], parsed[1] if len(parsed) == 3 else None,
                   parsed[-1], get_str(d, "verdict"), get_float(d, "seconds"))


def _option(name: str, rec: Recommendation, index: int) -> ClosingOption:
    s = rec.actions[index]
    return ClosingOption(name, s.line, s, rec.worlds, rec.total_worlds, rec.exact)


def _interval(o: ClosingOption) -> tuple[float, float]:
    return o.stats.ci if o.stats.ci is not None else (o.mean, o.mean)


def _verdict(close: ClosingOption, rivals: list[ClosingOption]) -> str:
    best = max(rivals, key=lambda o: o.mean)
    lo, hi = _interval(close)
    rlo, rhi = _interval(best)
    if lo > rhi or (close.exact and best.exact and close.mean > best.mean):
        return "close"
    if hi < rlo or (close.exact and best.exact and close.mean < best.mean):
        return "continue"
    if close.exact and best.exact:
        return "either"
    return "too close to call"


def analyse_closing(
    position: View | Game,
    *,
    limits: SearchLimits | None = None,
    worlds: int | None = None,
    close_worlds: int = 100_000,
    seed: int | None = None,
    time_limit: float | None = None,
    threads: int | None = None,
    on_progress: Callable[[str, Recommendation], None] | None = None,
    stop: threading.Event | None = None,
    opponent_model: OpponentModel | None = None,
    history: History | None = None,
) -> ClosingAnalysis:
    """Value closing now against going on for the player to act, who must be allowed to close.

    ``close_worlds``: the most worlds for closing (solved exactly when at most this many fit
    the view, else sampled); the budget of the other parts is ``limits`` (a
    :class:`~sixtysix_solver.advice.limits.SearchLimits`) or the keywords of its fields, which
    replace the limits' fields: ``worlds``, sampled worlds for going on (and for closing after
    drawing; default 200 without ``limits``); ``time_limit`` applies to going on, closing is
    always finished; ``seed`` and ``threads`` apply to every part. ``on_progress`` receives the
    part being valued (``"close now"``, ...) and its figures so far.
    ``opponent_model``/``history`` weight the worlds of every part as in
    :func:`~sixtysix_solver.advice.recommend.recommend`.
    """
    start = time.perf_counter()
    lim = resolve_limits(
        limits, worlds=worlds if worlds is not None or limits is not None else DEFAULT_WORLDS,
        seed=seed, time_limit=time_limit, threads=threads,
    )
    view = view_of(position)
    # Built once here: every part shares its history and its cached weights.
    weights = opponent_weights(position, view, opponent_model, history, lim.seed,
                               lim.past_limit, lim.past_samples)
    probe = next(WorldSpace(view, stock_order=False).layouts(None)).game(view)
    legal = probe.legal_actions()
    if CLOSE not in legal:
        raise SixtySixError(
            "the player to act may not close the stock here (closing is for the leader, "
            "with the stock open, when the rules allow it)"
        )

    def report(name: str) -> Callable[[Recommendation], None] | None:
        if on_progress is None:
            return None
        cb = on_progress
        return lambda rec: cb(name, rec)

    # Closing is always finished: its own world budget, no time limit, no early stop.
    close_limits = replace(lim, worlds=close_worlds, time_limit=None, stop_when_clear=False)
    close_rec = evaluate_lines(
        view, [[CLOSE]], stock_order=False, limits=close_limits,
        on_progress=report("close now"), stop=stop, weights=weights,
    )
    close = _option("close now", close_rec, 0)

    after: ClosingOption | None = None
    if DRAW in legal:
        g = probe.clone()
        g.apply(DRAW)
        if not g.is_over and g.to_act == view.seat and g.is_legal(CLOSE):
            rec = evaluate_lines(
                view, [[DRAW, CLOSE]], limits=lim, on_progress=report("close after drawing"),
                stop=stop, weights=weights,
            )
            after = _option("close after drawing", rec, 0)

    others = [[a] for a in legal if a != CLOSE]
    go_rec = evaluate_lines(
        view, others, limits=lim, on_progress=report("go on"), stop=stop, weights=weights,
    )
    best = max(range(len(others)), key=lambda i: go_rec.actions[i].mean)
    go_on = _option("go on", go_rec, best)
    rivals = [go_on] + ([after] if after is not None else [])
    return ClosingAnalysis(
        seat=view.seat,
        close=close,
        after_drawing=after,
        go_on=go_on,
        verdict=_verdict(close, rivals),
        seconds=time.perf_counter() - start,
    )

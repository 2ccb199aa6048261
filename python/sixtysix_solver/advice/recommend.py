"""Advice for a player who cannot see the hidden cards: perfect-information Monte Carlo.

Every legal action of the seat to act is scored on the same worlds (the placements of the
hidden cards that fit the player's :class:`~sixtysix_solver.knowledge.view.View`): in each world the
exact solver gives the game points the action is worth with every card open, and the worlds'
average is the action's expected value. Worlds are all of them when few enough fit the view
(the figures are then exact averages), else a seeded uniform sample with 95% confidence
intervals. The loop is *anytime*: it solves worlds in growing batches, reports after each, and
stops at the world budget, at a time limit, on request, or (``stop_when_clear``) as soon as one
action is clearly best.

The open-card assumption is the method's known bias: in each world the player is credited with
play that knows where every card lies from now on (see :mod:`sixtysix_solver.advice.ismcts` for a
method without it).

>>> from sixtysix_solver import Game
>>> from sixtysix_solver.knowledge.view import View
>>> g = Game.deal("schnapsen", seed=4)
>>> for a in "AC TC QC QD".split():
...     g.apply(a) if g.is_legal(a) else g.apply(g.legal_actions()[0])
>>> rec = recommend(View.from_game(g, g.to_act), worlds=200, seed=1)
>>> rec.worlds, rec.exact, str(rec.best) in {str(a) for a in g.legal_actions()}
(200, False, True)
"""

from __future__ import annotations

import math
import os
import random
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace

import numpy as np
import numpy.typing as npt

from .. import _core
from ..rules.actions import Action, Kind
from ..errors import SearchLimitError, SixtySixError
from ..rules.game import Game
from ..knowledge.history import History, HistoryError
from .equity import MatchEquity
from .opponents import OpponentModel, implausible, model_name
from .pasts import DEFAULT_PAST_LIMIT, DEFAULT_PAST_SAMPLES, PastWeights
from ..knowledge.view import View
from ..knowledge.worlds import (
    DEFAULT_LIMIT,
    Layout,
    TooManyWorldsError,
    WorldSpace,
    first_layout,
    layout_rows,
)

__all__ = [
    "ActionStats",
    "Recommendation",
    "Utility",
    "evaluate_lines",
    "layout_rows",
    "match_utility",
    "paired_difference",
    "recommend",
    "view_of",
]

Utility = Callable[[int], float]
"""What a hand result (game points for the seat's side) is worth to the player; the
recommendation maximises its average (the game points themselves by default)."""

_Z95 = 1.959963984540054
_Z_CLEAR = 3.2905267314919255  # 99.9%: the test is repeated after every batch
# Worlds are solved in batches of about this many search nodes per thread (about 0.15 s on a
# current core), so that stops and progress are seen soon. Sized by nodes, not by time, so
# that a run's batches, hence its node counts, are the same on every run (see _loop).
_BATCH_NODES = 1_500_000

# Worlds weighted by an opponent model between two looks at the time limit.
_WEIGH_PIECE = 8

# Worker pools are kept from one call to the next: a fresh one allocates its tables (16-64 MiB
# of huge pages the kernel zeroes), 2-100 ms a call. A kept pool starts a new generation, which
# runs exactly as fresh tables would (same values, same node counts). One pool per
# (threads, tt_mib, shared), out of the cache while a call uses it; the two latest are kept.
_POOLS: dict[tuple[int, int, bool], _core.WorldPool] = {}
_POOLS_LOCK = threading.Lock()
_POOLS_KEPT = 2


def _take_pool(threads: int, tt_mib: int, shared: bool = False) -> _core.WorldPool:
    with _POOLS_LOCK:
        pool = _POOLS.pop((threads, tt_mib, shared), None)
    if pool is None:
        return _core.WorldPool(threads, tt_mib, shared)
    pool.new_generation()
    return pool


def _give_back(pool: _core.WorldPool, threads: int, tt_mib: int, shared: bool = False) -> None:
    with _POOLS_LOCK:
        _POOLS[(threads, tt_mib, shared)] = pool
        while len(_POOLS) > _POOLS_KEPT:
            del _POOLS[next(iter(_POOLS))]


@dataclass(frozen=True)
class ActionStats:
    """One action's figures over the worlds solved.

    ``mean``: expected game points for the seat's side; ``win``: probability that the side
    scores the hand; ``distribution``: (game points, probability) pairs, ascending;
    ``ci``/``win_ci``: 95% confidence intervals (``None`` when every world was solved);
    ``utility``: the average the choice maximised (``mean`` unless a utility was given, e.g.
    the probability of winning the match).
    """

    action: Action
    mean: float
    win: float
    distribution: tuple[tuple[int, float], ...]
    ci: tuple[float, float] | None
    win_ci: tuple[float, float] | None
    utility: float
    line: tuple[Action, ...] = ()  # the actions scored (just ``action`` for a recommendation)


@dataclass(frozen=True)
class Recommendation:
    """The actions of one decision scored on the same worlds; ``best`` maximises the utility.

    ``worlds``: worlds solved; ``total_worlds``: how many fit the view; ``exact``: all of them
    were solved, so the figures are exact averages; ``stopped``: why the loop ended
    (``"done"``, ``"time"``, ``"clear"`` or ``"stop"``); ``values[w, a]``: game points of
    action ``a`` in world ``w``; ``weights[w]``: the world's weight (deals it stands for,
    times the likelihood of the other players' past actions with an opponent model);
    ``ess``: the effective number of worlds (Kish: (sum w)^2 / sum w^2), which the win
    interval rests on (the mean's interval uses the weighted ratio estimator's variance);
    ``opponent_model``: the model's name when worlds were weighted by one, and ``ruled_out``
    how many worlds drawn it gave weight 0 (not solved; sampled worlds are drawn with
    replacement, so a world may count more than once).
    """

    seat: int
    actions: tuple[ActionStats, ...]
    best: Action
    worlds: int
    total_worlds: int
    exact: bool
    stopped: str
    seconds: float
    nodes: int
    values: npt.NDArray[np.int16] = field(repr=False, compare=False)
    weights: npt.NDArray[np.float64] = field(repr=False, compare=False)
    ess: float = math.nan
    opponent_model: str | None = None
    ruled_out: int = 0

    def stats(self, action: Action | str) -> ActionStats:
        """The figures of one action (an :class:`Action` or its notation)."""
        a = Action.parse(action) if isinstance(action, str) else action
        for s in self.actions:
            if s.action == a:
                return s
        raise SixtySixError(f"{a} is not one of this decision's actions")

    def ranked(self) -> list[ActionStats]:
        """The actions best first (utility, then probability of winning)."""
        return sorted(self.actions, key=lambda s: (-s.utility, -s.mean, -s.win))


def match_utility(
    view: View, score: Sequence[int] | None = None, equity: MatchEquity | None = None,
) -> Utility:
    """The probability of winning the match after each hand result, as a utility: with it a
    recommendation maximises the chance to win the match instead of the expected game points.

    ``score``: match points per side (side 0 first; default: the view's ``match``);
    ``equity``: the match table (default: the profile's, see
    :meth:`MatchEquity.for_profile <sixtysix_solver.advice.equity.MatchEquity.for_profile>`).
    """
    if view.profile.sides != 2:
        raise SixtySixError("match equity needs a game of two sides")
    scores = tuple(score) if score is not None else view.match
    if scores is None:
        raise SixtySixError("the view carries no match score: give one, e.g. (3, 5)")
    if len(scores) != 2 or not all(isinstance(x, int) and x >= 0 for x in scores):
        raise SixtySixError(f"a match score is two non-negative integers, got {scores!r}")
    met = equity if equity is not None else MatchEquity.for_profile(view.profile)
    side = view.side(view.seat)
    values = met.outcome_values(scores[side], scores[1 - side], carry=view.carry)

    def utility(points: int) -> float:
        return values[points]

    return utility


def view_of(position: View | Game) -> View:
    """The view of the player to act (a :class:`Game` is seen from its player to act)."""
    if isinstance(position, View):
        view = position
    elif isinstance(position, Game):
        if position.to_act is None:
            raise SixtySixError("the hand is over: there is no decision to advise on")
        view = View.from_game(position, position.to_act)
    else:
        raise SixtySixError(f"expected a View or a Game, got {type(position).__name__}")
    if view.to_act is None or view.phase == "over":
        raise SixtySixError("the hand is over: there is no decision to advise on")
    if view.to_act != view.seat:
        raise SixtySixError(
            f"it is seat {view.to_act}'s turn, but the view is seat {view.seat}'s: "
            "advice is for the player to act"
        )
    return view


def stock_in_play(view: View) -> bool:
    """Does the order of the stock still matter (cards will be drawn from it)?"""
    return view.stock_size > 0 and view.closed_by is None


class _Source:
    """The worlds to solve, in the order they are solved, as rows for the core and weights:
    a seeded shuffle of all of them (exact mode: any prefix is a uniform sample without
    replacement) or an endless seeded stream of samples."""

    def __init__(
        self, space: WorldSpace, exact: bool, seed: int, shuffle: bool = True,
        weigher: PastWeights | None = None, stripes: int = 1,
    ) -> None:
        self.exact = exact
        self.weigher = weigher
        self.ruled_out = 0  # worlds the opponent model gave weight 0
        self.total = space.count
        self._rows = np.zeros((0, 0), dtype=np.uint8)
        self._weights = np.zeros(0)
        self._stream: Iterator[Layout] | None = None
        if exact:
            rows, weights = space.rows(None)
            if shuffle:
                order = np.array(range(len(rows)))
                random.Random(seed).shuffle(order)  # type: ignore[arg-type]
                rows, weights = rows[order], weights[order]
            self._rows, self._weights = rows, weights
        else:
            self._stream = space.stream(seed)
        self.used = 0
        # Unshuffled, with several threads solving one line: the worlds in `stripes` contiguous
        # runs, each batch taking the next piece of every run, so that each thread (the pool
        # cuts a batch into equal contiguous shares) goes on from the neighbour of the last
        # world its table saw (cut into plain prefixes, the threads swapped halves each batch:
        # 20% more nodes at sixty-six's first lead).
        self.stripes = stripes if exact and not shuffle and len(self._rows) >= stripes else 1
        bounds = [len(self._rows) * t // self.stripes for t in range(self.stripes + 1)]
        self._at, self._ends = bounds[:-1], bounds[1:]

    def left(self) -> int | None:
        return len(self._rows) - self.used if self.exact else None

    def take(
        self, n: int, until: float | None = None,
    ) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.float64]]:
        """Up to ``n`` worlds; with a model, fewer once ``perf_counter()`` passes ``until``
        (weighting can cost more than solving: the time limit counts it too)."""
        if self.weigher is None:
            return self._take(n)
        # Worlds the model rules out (weight 0) are not solved: draw on until n are kept.
        rows_out, w_out = [], []
        kept = tried = 0
        while kept < n:
            if until is not None and kept and time.perf_counter() >= until:
                break
            rows, weights = self._take(n - kept if until is None else min(n - kept, _WEIGH_PIECE))
            if not len(rows):
                break
            tried += len(rows)
            weights = weights * self.weigher.rows(rows)
            keep = weights > 0
            self.ruled_out += int((~keep).sum())
            rows_out.append(rows[keep])
            w_out.append(weights[keep])
            kept += int(keep.sum())
            if not self.exact and tried >= max(10_000, 100 * n):
                if kept == 0:
                    raise implausible(self.weigher.model, f"every world tried ({tried:,})")
                break  # a few kept: solve those rather than draw on without end
        if not rows_out:
            return np.zeros((0, 0), dtype=np.uint8), np.zeros(0)
        return np.vstack(rows_out), np.concatenate(w_out)

    def _take(self, n: int) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.float64]]:
        if self.exact and self.stripes > 1:
            # Share t of the batch, as the pool cuts it: n * t // T up to n * (t + 1) // T.
            # A run short of worlds passes its share on to the next with worlds left.
            picks: list[npt.NDArray[np.int64]] = []
            owed = 0
            for t in list(range(self.stripes)) * 2:
                if t < len(picks):  # (the second round: what the last runs could not give)
                    want, owed = owed, 0
                else:
                    want = n * (t + 1) // self.stripes - n * t // self.stripes + owed
                    picks.append(np.zeros(0, dtype=np.int64))
                got = min(want, self._ends[t] - self._at[t])
                picks[t] = np.concatenate([picks[t], np.arange(self._at[t], self._at[t] + got)])
                self._at[t] += got
                owed = want - got
            idx = np.concatenate(picks)
            rows, weights = self._rows[idx], self._weights[idx]
        elif self.exact:
            rows = self._rows[self.used:self.used + n]
            weights = self._weights[self.used:self.used + n]
        else:
            assert self._stream is not None
            lays = [next(self._stream) for _ in range(n)]
            rows = layout_rows(lays)
            weights = np.array([float(lay.weight) for lay in lays])
        self.used += len(rows)
        return rows, weights


def _check_int(name: str, v: object, lo: int, hi: int | None = None) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or v < lo or (hi is not None and v > hi):
        rng = f"from {lo} to {hi}" if hi is not None else f"at least {lo}"
        raise SixtySixError(f"{name} must be an integer {rng}, got {v!r}")
    return v


def _interval(mean: float, var: float) -> tuple[float, float]:
    half = _Z95 * math.sqrt(max(var, 0.0))
    return (mean - half, mean + half)


def _ess(w: npt.NDArray[np.float64]) -> float:
    """Kish's effective sample size of weighted worlds: (sum w)^2 / sum w^2."""
    return float(w.sum()) ** 2 / float((w * w).sum())


def _wilson(p: float, w: npt.NDArray[np.float64], fpc: float) -> tuple[float, float]:
    """Wilson's 95% interval for a proportion (sound near 0 and 1), with the effective sample
    size of weighted worlds and the finite population correction."""
    n = _ess(w) / max(fpc, 1e-12)
    z2 = _Z95 * _Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = _Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def _mean_var(
    x: npt.NDArray[np.float64], w: npt.NDArray[np.float64], fpc: float,
) -> tuple[float, float]:
    """Weighted mean and the variance of that estimate (ratio estimator, with a finite
    population correction ``fpc`` when drawing without replacement)."""
    sw = float(w.sum())
    m = float((w * x).sum() / sw)
    n = len(x)
    if n < 2:
        return m, math.inf
    var = float((w * w * (x - m) ** 2).sum()) / (sw * sw) * n / (n - 1)
    return m, var * fpc


def _stats(
    lines: Sequence[tuple[Action, ...]],
    values: npt.NDArray[np.int16],
    weights: npt.NDArray[np.float64],
    utility: Utility | None,
    complete: bool,
    fpc: float,
) -> tuple[ActionStats, ...]:
    out = []
    sw = float(weights.sum())
    for j, line in enumerate(lines):
        v = values[:, j].astype(np.float64)
        mean, var = _mean_var(v, weights, fpc)
        winv = (v > 0).astype(np.float64)
        win, _ = _mean_var(winv, weights, fpc)
        outcomes = np.unique(values[:, j])
        dist = tuple(
            (int(o), float(weights[values[:, j] == o].sum() / sw)) for o in outcomes
        )
        util = mean if utility is None else sum(p * utility(o) for o, p in dist)
        out.append(ActionStats(
            action=line[0],
            mean=mean,
            win=win,
            distribution=dist,
            ci=None if complete else _interval(mean, var),
            win_ci=None if complete else _wilson(win, weights, fpc),
            utility=util,
            line=tuple(line),
        ))
    return tuple(out)


def best_index(stats: Sequence[ActionStats]) -> int:
    """Highest utility; on a tie the higher expected game points, the likelier win, then: a
    winning claim (it ends the hand at once) before playing on, but playing on before a claim
    that does not win (conceding gives the opponent no chance to go wrong)."""

    def claim_order(a: ActionStats) -> int:
        if a.action.kind != Kind.CLAIM:
            return 0
        return 1 if a.mean > 0 else -1

    return max(
        range(len(stats)),
        key=lambda i: (stats[i].utility, stats[i].mean, stats[i].win, claim_order(stats[i]), -i),
    )


def paired_difference(
    rec: Recommendation, a: Action | str, b: Action | str, utility: Utility | None = None,
) -> tuple[float, float]:
    """How much better ``a`` is than ``b`` over the same worlds: the weighted mean difference
    (of game points, or of ``utility``) and its standard error (0 when the figures are exact).

    >>> from sixtysix_solver import Game
    >>> rec = recommend(Game.deal("schnapsen", seed=3), worlds=40, seed=1, threads=1)
    >>> first, second = rec.ranked()[:2]
    >>> mean, se = paired_difference(rec, first.action, second.action)
    >>> mean >= 0 and se >= 0
    True
    """
    cols = []
    for x in (a, b):
        act = Action.parse(x) if isinstance(x, str) else x
        j = next((i for i, s in enumerate(rec.actions) if s.action == act), None)
        if j is None:
            raise SixtySixError(f"{act} is not one of this decision's actions")
        cols.append(j)
    got = _paired(_utilities(rec.values[:, cols], utility), rec.weights, 0, 1, 1.0)
    if got is None:
        return 0.0, 0.0
    mean, var = got
    if rec.exact:  # every world solved: no sampling error
        return mean, 0.0
    return mean, math.sqrt(var) if math.isfinite(var) else math.inf


def _utilities(values: npt.NDArray[np.int16], utility: Utility | None) -> npt.NDArray[np.float64]:
    """Each world's result as what it is worth (game points without a utility)."""
    if utility is None:
        return values.astype(np.float64)
    table = {int(o): utility(int(o)) for o in np.unique(values)}
    out: npt.NDArray[np.float64] = np.vectorize(lambda o: table[int(o)], otypes=[np.float64])(values)
    return out


def _paired(
    u: npt.NDArray[np.float64], w: npt.NDArray[np.float64], i: int, j: int, fpc: float,
) -> tuple[float, float] | None:
    """Mean and variance of column i less column j over the same worlds; None when they are
    equal in every world."""
    d = u[:, i] - u[:, j]
    if not d.any():
        return None
    return _mean_var(d, w, fpc)


def _clearly_best(
    values: npt.NDArray[np.int16],
    weights: npt.NDArray[np.float64],
    best: int,
    utility: Utility | None,
    fpc: float,
) -> bool:
    """Is ``best`` ahead of every other action by more than the noise (paired over the same
    worlds, at 99.9%)? Actions that score the same in every world solved do not hold it up."""
    if len(values) < 64:
        return False
    u = _utilities(values, utility)
    for j in range(values.shape[1]):
        got = None if j == best else _paired(u, weights, best, j, fpc)
        if got is not None and got[0] - _Z_CLEAR * math.sqrt(got[1]) <= 0:
            return False
    return True


def opponent_weights(
    position: View | Game,
    view: View,
    model: OpponentModel | None,
    history: History | None,
    seed: int,
    past_limit: int = DEFAULT_PAST_LIMIT,
    past_samples: int = DEFAULT_PAST_SAMPLES,
) -> PastWeights | None:
    """The world weigher for an opponent model (``None`` without one): the history is
    ``history``, or read from ``position`` when it is a :class:`Game`; it must lead to
    ``view``."""
    if model is None:
        if history is not None:
            raise SixtySixError("a history is only used with an opponent model")
        return None
    if history is None:
        if not isinstance(position, Game):
            raise HistoryError(
                "weighting by an opponent model needs the hand's history, which a View does "
                "not carry: pass the Game, or history=History.from_game(game, seat)"
            )
        history = History.from_game(position, view.seat)
    if not isinstance(history, History):
        raise HistoryError(f"history must be a History, got {type(history).__name__}")
    if history.view != view:
        raise HistoryError("the history does not lead to the position advised on")
    return PastWeights(history, model, seed=seed, past_limit=past_limit,
                       past_samples=past_samples)


def recommend(
    position: View | Game,
    *,
    worlds: int = 1000,
    seed: int = 0,
    exact: bool | None = None,
    time_limit: float | None = None,
    stop_when_clear: bool = False,
    utility: Utility | None = None,
    threads: int | None = None,
    tt_mib: int | None = None,
    on_progress: Callable[[Recommendation], None] | None = None,
    stop: threading.Event | None = None,
    opponent_model: OpponentModel | None = None,
    history: History | None = None,
    past_limit: int = DEFAULT_PAST_LIMIT,
    past_samples: int = DEFAULT_PAST_SAMPLES,
) -> Recommendation:
    """Score every legal action of the player to act on the same worlds.

    ``worlds``: the most worlds to solve. ``exact``: ``None`` solves every world when at most
    ``worlds`` fit the view (else samples), ``True`` always enumerates them (up to
    100,000), ``False`` always samples. ``time_limit`` (seconds), ``stop`` (an event another
    thread sets) and ``stop_when_clear`` end the loop early with the figures so far;
    ``on_progress`` is called after every batch with the recommendation so far. ``utility``
    maps a hand result to what it is worth (see :mod:`sixtysix_solver.advice.equity` for match
    equity). ``threads``: solver threads (default: the machine's cores); values do not depend
    on it. ``tt_mib``: table size per thread (default 64 MiB for positions with more than 16
    cards in the hands and a stock still in play, else 16). The same seed gives the same worlds
    and figures. Several threads share one table and take the worlds as they come, so their
    node count varies a little from run to run (with ``stop_when_clear`` each thread keeps a
    table of its own and a fixed share of each batch: the same count every run).

    ``opponent_model`` (see :mod:`sixtysix_solver.advice.opponents`) weights every world by how likely
    the other players' past actions were in it (:mod:`sixtysix_solver.advice.pasts`); it needs the
    hand's history: ``position`` a :class:`Game` that started at a deal, or ``history``
    (:meth:`History.from_game <sixtysix_solver.knowledge.history.History.from_game>`). A hand's pasts
    are averaged exactly when at most ``past_limit`` fit it, else over ``past_samples``
    seeded samples. Without a model (the default) nothing changes.
    """
    return evaluate_lines(
        position, None, worlds=worlds, seed=seed, exact=exact, time_limit=time_limit,
        stop_when_clear=stop_when_clear, utility=utility, threads=threads, tt_mib=tt_mib,
        on_progress=on_progress, stop=stop, opponent_model=opponent_model, history=history,
        past_limit=past_limit, past_samples=past_samples,
    )


def evaluate_lines(
    position: View | Game,
    lines: Sequence[Sequence[Action | str]] | None,
    *,
    stock_order: bool | None = None,
    worlds: int = 1000,
    seed: int = 0,
    exact: bool | None = None,
    time_limit: float | None = None,
    stop_when_clear: bool = False,
    utility: Utility | None = None,
    threads: int | None = None,
    tt_mib: int | None = None,
    on_progress: Callable[[Recommendation], None] | None = None,
    stop: threading.Event | None = None,
    opponent_model: OpponentModel | None = None,
    history: History | None = None,
    past_limit: int = DEFAULT_PAST_LIMIT,
    past_samples: int = DEFAULT_PAST_SAMPLES,
    weights: PastWeights | None = None,
) -> Recommendation:
    """Like :func:`recommend`, for chosen *lines* of the player to act: each a sequence of
    actions applied one after the other (``[["draw", "close"]]`` values drawing and then
    closing). ``None``: every legal action. ``stock_order=False`` counts worlds that differ
    only in the order of the stock as one (right when every line closes the stock at once);
    the default is to count the order while the stock is in play. Every line must be legal
    in every world. ``opponent_model``, ``history``, ``past_limit`` and ``past_samples``
    weight the worlds as in :func:`recommend`; or ``weights``, a
    :class:`~sixtysix_solver.advice.pasts.PastWeights` for this view, whose caches are then shared
    with other runs over the same history (the same weights as a fresh one)."""
    view = view_of(position)
    worlds = _check_int("worlds", worlds, 1)
    seed = _check_int("seed", seed, -(2**63), 2**63 - 1)
    tt_mib = _check_int("tt_mib", tt_mib, 1, 4096) if tt_mib is not None else None
    threads = _check_int("threads", threads if threads is not None else (os.cpu_count() or 1), 1, 256)
    if exact not in (None, True, False):
        raise SixtySixError(f"exact must be None, True or False, got {exact!r}")
    if time_limit is not None and not (isinstance(time_limit, (int, float)) and time_limit > 0):
        raise SixtySixError(f"time_limit must be positive seconds, got {time_limit!r}")
    start = time.perf_counter()
    if weights is None:
        weigher = opponent_weights(
            position, view, opponent_model, history, seed, past_limit, past_samples,
        )
    elif opponent_model is not None or history is not None:
        raise SixtySixError("give weights, or an opponent model (and history), not both")
    elif weights.history.view != view:
        raise HistoryError("the weights' history does not lead to the position advised on")
    else:
        weigher = weights.fork()

    if stock_order is None:
        stock_order = stock_in_play(view)
    if tt_mib is None:  # big positions fill a table fast; small ones should not pay for one
        cards = sum(view.hand_sizes) + (view.stock_size if stock_order else 0)
        tt_mib = 64 if cards > 16 else 16
    space = WorldSpace(view, stock_order=bool(stock_order))
    total = space.count
    if total == 0:
        raise SixtySixError("no deal fits this view")
    if exact is True and total > DEFAULT_LIMIT:
        raise TooManyWorldsError(
            f"{total} worlds fit this view, more than the {DEFAULT_LIMIT} an exact run solves"
        )
    use_all = exact is True or (exact is None and total <= worlds)
    budget = total if use_all and exact is True else min(worlds, total) if use_all else worlds
    # All worlds in enumeration order share most positions with their neighbours; shuffled
    # only when the run may stop before the end (so that what was solved is a fair sample).
    may_stop = time_limit is not None or stop is not None or stop_when_clear or budget < total

    base = first_layout(view).game(view)  # any world: the others are its cards moved
    chosen: list[tuple[Action, ...]]
    if lines is None:
        chosen = [(a,) for a in base.legal_actions()]
    else:
        chosen = [tuple(Action.parse(a) if isinstance(a, str) else a for a in ln) for ln in lines]
        if not chosen or any(not ln for ln in chosen):
            raise SixtySixError("give at least one line, each of at least one action")
        probe = base.clone()
        for ln in chosen:
            g = probe.clone()
            for a in ln:
                if g.is_over or not g.is_legal(a):
                    raise SixtySixError(f"{' '.join(map(str, ln))}: {a} is not legal there")
                g.apply(a)
    codes = [[a.code for a in ln] for ln in chosen]
    # Tables kept for the whole run: positions recur from world to world. Several threads share
    # one table and take the worlds one at a time (18% less time than a table each and a fixed
    # split, in sixty-six advice): their node counts then vary from run to run, the figures do
    # not. Only a run that may stop once the best action is clear splits the worlds between
    # tables of its own in a fixed way, so that it stops after the same batch on every run.
    shared = threads > 1 and not stop_when_clear
    source = _Source(space, use_all, seed, shuffle=may_stop, weigher=weigher,
                     stripes=threads if len(chosen) == 1 and not shared else 1)
    pool = _take_pool(threads, tt_mib, shared)

    # A stop request interrupts the solver (once some world is solved, so that there is an
    # answer): a watcher thread cancels the running batch.
    finished = threading.Event()
    solved_some = threading.Event()
    if stop is not None:
        def watch() -> None:
            assert stop is not None
            while not finished.is_set():
                if stop.wait(0.02) and solved_some.is_set():
                    pool.cancel()
                    return

        threading.Thread(target=watch, daemon=True).start()
    try:
        return _loop(
            view, chosen, codes, base, pool, source, budget, total, use_all, start, threads,
            time_limit, stop, stop_when_clear, utility, on_progress, solved_some,
        )
    finally:
        finished.set()
        if stop is None:  # (with a stop watcher, a late cancel could reach the next call)
            _give_back(pool, threads, tt_mib, shared)


def _loop(
    view: View,
    chosen: list[tuple[Action, ...]],
    codes: list[list[int]],
    base: Game,
    pool: _core.WorldPool,
    source: _Source,
    budget: int,
    total: int,
    use_all: bool,
    start: float,
    threads: int,
    time_limit: float | None,
    stop: threading.Event | None,
    stop_when_clear: bool,
    utility: Utility | None,
    on_progress: Callable[[Recommendation], None] | None,
    solved_some: threading.Event,
) -> Recommendation:
    rows_done: list[npt.NDArray[np.int16]] = []
    weights_done: list[npt.NDArray[np.float64]] = []
    nodes = 0
    pending_rows, pending_w = np.zeros((0, 0), dtype=np.uint8), np.zeros(0)
    # The first batch one world per thread, then about _BATCH_NODES per thread. (Sizes follow
    # from node counts, not from timings: a run that stops once the best action is clear must
    # stop after the same batch on every run, and its node counts follow from its batches.)
    batch = threads
    done = 0
    stopped = "done"
    rec: Recommendation | None = None
    while True:
        want = min(batch, budget - done) - len(pending_rows)
        if want > 0:
            until = None if time_limit is None else start + time_limit
            more_rows, more_w = source.take(want, until)
            pending_rows = more_rows if not len(pending_rows) else np.vstack([pending_rows, more_rows])
            pending_w = np.concatenate([pending_w, more_w])
        if not len(pending_rows):
            if rec is None:  # every world was ruled out by the opponent model
                assert source.weigher is not None
                raise implausible(source.weigher.model, "every world")
            break
        if stop is not None and stop.is_set() and rec is not None:
            rec = replace(rec, stopped="stop", seconds=time.perf_counter() - start)
            break
        deadline = 0.0
        if time_limit is not None:
            deadline = max(1e-6, time_limit - (time.perf_counter() - start))
        values, node_counts, aborted = pool.solve(
            base.core, pending_rows, codes, "game_points", 0, 0.0, True, deadline,
        )
        keep = ~aborted
        if keep.any():  # worlds the deadline cut off are left out
            rows_done.append(values[keep])
            weights_done.append(pending_w[keep])
        nodes += int(node_counts.sum())
        done += int(keep.sum())
        if done:
            solved_some.set()
        per_world = max(1.0, float(node_counts.sum()) / max(1, len(pending_rows)))
        # (A run that cannot stop early checks nothing between batches but progress: there
        # bigger batches leave the threads fewer waits for the slowest share.)
        cap = 4096 if source.stripes == 1 else 16384
        batch = int(min(max(threads, _BATCH_NODES * threads / per_world), cap))
        pending_rows, pending_w = np.zeros((0, 0), dtype=np.uint8), np.zeros(0)
        if not rows_done:  # the time ran out before the first world was solved
            raise SearchLimitError(
                f"the time limit of {time_limit} s ran out before one world was solved"
            )

        vals = np.concatenate(rows_done)
        w = np.concatenate(weights_done).astype(np.float64)
        seen = done + source.ruled_out
        weights_exact = source.weigher is None or source.weigher.exact
        complete = use_all and seen == total and weights_exact
        # Estimated weights are noisy even over every world: then no finite population bonus.
        fpc = (total - seen) / (total - 1) if use_all and total > 1 and weights_exact else 1.0
        stats = _stats(chosen, vals, w, utility, complete, fpc)
        b = best_index(stats)
        if done >= budget or (use_all and source.left() == 0 and not aborted.any()):
            stopped = "done"
        elif time_limit is not None and time.perf_counter() - start >= time_limit:
            stopped = "time"
        elif stop is not None and stop.is_set():
            stopped = "stop"
        elif stop_when_clear and _clearly_best(vals, w, b, utility, fpc):
            stopped = "clear"
        else:
            stopped = ""
        rec = Recommendation(
            seat=view.seat,
            actions=stats,
            best=chosen[b][0],
            worlds=done,
            total_worlds=total,
            exact=complete,
            stopped=stopped or "running",
            seconds=time.perf_counter() - start,
            nodes=nodes,
            values=vals,
            weights=w,
            ess=_ess(w),
            opponent_model=None if source.weigher is None else model_name(source.weigher.model),
            ruled_out=source.ruled_out,
        )
        if on_progress is not None:
            on_progress(rec)
        if stopped:
            break
    assert rec is not None
    return rec

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
from functools import cached_property
from typing import Any, cast

import numpy as np
import numpy.typing as npt

from .. import _core
from ..errors import NotationError, SixtySixError
from ..knowledge.history import History, HistoryError
from ..knowledge.view import View
from ..knowledge.worlds import (
    DEFAULT_LIMIT,
    Layout,
    TooManyWorldsError,
    WorldSpace,
    first_layout,
    layout_rows,
)
from ..rules.actions import Action, Kind
from ..rules.cancel import interruptible
from ..rules.game import Game
from ..rules.profiles import Profile
from ..rules.schema import (
    JsonMixin, expect_keys, get_action, get_bool, get_float, get_int, get_opt_float, get_str,
    json_float,
)
from .club import club_choice
from .club_pasts import view_facts
from .equity import MatchEquity
from .horizon import weights_for
from .limits import (
    MAX_HORIZON,
    check_hooks,
    DEFAULT_PAST_LIMIT,
    DEFAULT_PAST_SAMPLES,
    SearchLimits,
    check_int,
    resolve_limits,
)
from .opponents import OpponentModel, implausible, model_name
from .past_weights import PastWeights
from .stats import (
    ActionStats,
    Utility,
    Values,
    action_stats,
    best_index,
    MIN_TEST_WORLDS,
    clearly_best,
    ess,
    outpaced,
    paired_mean_se,
)

__all__ = [
    "ActionStats",
    "Recommendation",
    "SearchLimits",
    "Utility",
    "CLOSEWIN",
    "best_index",
    "close_when_sure",
    "evaluate_lines",
    "layout_rows",
    "match_utility",
    "opponent_weights",
    "on_course",
    "paired_difference",
    "probes",
    "recommend",
    "stock_in_play",
    "view_of",
]

# Worlds are solved in batches of about this many search nodes per thread (about 0.15 s on a
# current core), so that stops and progress are seen soon. Sized by nodes, not by time, so
# that a run's batches, hence its node counts, are the same on every run (see _loop).
_BATCH_NODES = 1_500_000

# Sampled worlds drawn between two looks at the time limit (a draw costs 30 us to 0.3 ms).
_DRAW_PIECE = 16

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


# Horizon pools likewise, by thread count (a 16 MiB table per thread: the exact leaves are
# strict endings, small and quickly re-solved).
_HPOOLS: dict[int, _core.HorizonPool] = {}
_HORIZON_TT_MIB = 16


def _take_horizon_pool(threads: int) -> _core.HorizonPool:
    with _POOLS_LOCK:
        pool = _HPOOLS.pop(threads, None)
    return pool if pool is not None else _core.HorizonPool(threads, _HORIZON_TT_MIB)


def _give_back_horizon(pool: _core.HorizonPool, threads: int) -> None:
    with _POOLS_LOCK:
        _HPOOLS.clear()  # one kept: they are cheap to make
        _HPOOLS[threads] = pool


#: "auto" solves worlds exactly when at most this many cards are still to be played (hands and
#: stock): schnapsen from its first lead, sixty-six from a stock of 8, every hand without a
#: stock; elsewhere the horizon search bounds the cost of a world.
AUTO_EXACT_CARDS = 20
#: With a budget of AUTO_LONG_BUDGET seconds or more (or none), up to this many: a whole
#: sixty-six deal (bench/bounded.py quality, sixty-six at 1 s: exact worlds agreed with the
#: long run in 93% of the positions, the horizon search in 73%).
AUTO_EXACT_CARDS_LONG = 24
AUTO_LONG_BUDGET = 0.5
#: ... but only when the worlds come fast enough: "auto" under a time limit first solves
#: exactly for this share of the time (the probe) and goes on only if it is on course for
#: AUTO_MIN_WORLDS worlds (or the world budget, if fewer) by the limit; else the horizon
#: search values the worlds in the time left. Early in a sixty-six deal 1 s gives 0-60 exact
#: worlds on one core (a choice that is mostly noise) against 1,000 horizon worlds.
AUTO_PROBE = 0.2
AUTO_MIN_WORLDS = 100
#: The share of a time limit kept back for handing the answer back (at most TIME_RESERVE_MAX
#: seconds): on a busy machine (load 4-5 on 2 cores), stopping exactly at the limit made up to
#: one answer in 25 arrive more than 10% late at 0.1 s (bench/bounded.py first, bench/README.md).
TIME_RESERVE = 0.05
TIME_RESERVE_MAX = 0.05


def method_for(view: View, lines: Sequence[Sequence[Action]], method: str = "auto",
               time_limit: float | None = None) -> str:
    """How the worlds of ``view`` value ``lines`` within ``time_limit`` seconds: ``"exact"`` or
    ``"horizon"`` (see :class:`~sixtysix_solver.advice.limits.SearchLimits`). Lines of more
    than one action are always solved exactly (the horizon search values the actions of the
    position itself).

    >>> from sixtysix_solver import Game, View
    >>> method_for(View.from_game(Game.deal("schnapsen", seed=1)), [])
    'exact'
    >>> method_for(View.from_game(Game.deal("mariage", seed=1)), [])
    'horizon'
    >>> sixty_six = View.from_game(Game.deal("sixty-six", seed=1))
    >>> method_for(sixty_six, [], time_limit=1.0), method_for(sixty_six, [], time_limit=0.1)
    ('exact', 'horizon')
    """
    if any(len(ln) > 1 for ln in lines) or method == "exact":
        return "exact"
    if method == "horizon":
        return "horizon"
    cards = sum(view.hand_sizes) + view.stock_size
    long = time_limit is None or time_limit >= AUTO_LONG_BUDGET
    most = AUTO_EXACT_CARDS_LONG if long else AUTO_EXACT_CARDS
    return "exact" if not stock_in_play(view) or cards <= most else "horizon"


@dataclass(frozen=True, eq=False)
class Recommendation(JsonMixin):
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

    ``method``: how the figures were obtained: ``"exact"`` (every world solved to the end of
    the hand), ``"horizon"`` (each world searched ``depth`` tricks ahead, the shallowest world
    counted, exact where play reached the strict phase, estimated beyond: the figures are then
    estimates of game points), or ``"rule"`` (the budget ended before one world was valued:
    ``best`` is the club player's choice, and no figures stand behind it: ``worlds`` is 0).

    ``valued[w, a]``: was action ``a`` valued in world ``w``? ``None`` (as a rule): all were.
    Sampled worlds *race* the actions (:attr:`SearchLimits.race
    <sixtysix_solver.advice.limits.SearchLimits>`): an action clearly behind the best is no
    longer valued in the worlds that follow, so that they come faster for the others; its
    figures are those of the worlds it was valued in (:meth:`worlds_of`).
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
    values: Values = field(repr=False, compare=False)
    weights: npt.NDArray[np.float64] = field(repr=False, compare=False)
    ess: float = math.nan
    opponent_model: str | None = None
    ruled_out: int = 0
    method: str = "exact"
    depth: int | None = None
    valued: npt.NDArray[np.bool_] | None = field(default=None, repr=False, compare=False)

    # The values matrix and weights are the raw material, not part of the value: equality,
    # hashing and the JSON form leave them out (and read "no ess" the same however it came).
    def _key(self) -> tuple[Any, ...]:
        d = self.to_dict()
        return tuple((k, repr(v)) for k, v in d.items())

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Recommendation):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def to_dict(self) -> dict[str, Any]:
        """The decision under the schema's names (``docs/schema.md``); ``values`` and
        ``weights`` are left out (``from_dict`` gives empty ones)."""
        return {
            "seat": self.seat, "best": str(self.best), "method": self.method,
            "depth": self.depth, "worlds": self.worlds, "total_worlds": self.total_worlds,
            "exact": self.exact, "stopped": self.stopped, "seconds": self.seconds,
            "nodes": self.nodes, "opponent_model": self.opponent_model,
            "ess": json_float(self.ess), "ruled_out": self.ruled_out,
            "actions": [s.to_dict() for s in self.actions],
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Recommendation:
        keys = ("seat", "best", "method", "depth", "worlds", "total_worlds", "exact",
                "stopped", "seconds", "nodes", "opponent_model", "ess", "ruled_out",
                "actions")
        d = expect_keys(d, keys, "a recommendation")
        acts = d["actions"]
        if not isinstance(acts, list):
            raise NotationError("actions must be a list of action figures")
        stats = tuple(ActionStats.from_dict(a) for a in acts)
        return cls(
            seat=get_int(d, "seat"), actions=stats, best=get_action(d, "best"),
            worlds=get_int(d, "worlds"), total_worlds=get_int(d, "total_worlds"),
            exact=get_bool(d, "exact"), stopped=get_str(d, "stopped"),
            seconds=get_float(d, "seconds"), nodes=get_int(d, "nodes"),
            values=np.zeros((0, len(stats)), dtype=np.int16),
            weights=np.zeros(0, dtype=np.float64), ess=get_opt_float(d, "ess"),
            opponent_model=get_str(d, "opponent_model", none=True),
            ruled_out=get_int(d, "ruled_out"), method=get_str(d, "method"),
            depth=get_int(d, "depth", none=True),
        )

    def column(self, action: Action | str) -> int:
        """The index of one action (an :class:`Action` or its notation) in :attr:`actions`,
        which is its column in :attr:`values`."""
        a = Action.parse(action) if isinstance(action, str) else action
        for j, s in enumerate(self.actions):
            if s.action == a:
                return j
        raise SixtySixError(f"{a} is not one of this decision's actions")

    def stats(self, action: Action | str) -> ActionStats:
        """The figures of one action (an :class:`Action` or its notation)."""
        return self.actions[self.column(action)]

    def worlds_of(self, action: Action | str) -> int:
        """How many worlds valued ``action``: :attr:`worlds`, or fewer when the race left it
        behind (0 when the values are not at hand, as after ``from_dict``)."""
        j = self.column(action)
        if self.valued is None:
            return len(self.values)
        return int(self.valued[:, j].sum())

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

    A result the hand cannot award counts as the nearest one it can: the horizon search's
    estimates, rounded to whole points, may say 1 where a pot of ``carry`` points makes every
    win worth at least ``1 + carry``.

    >>> from sixtysix_solver import Game
    >>> g = Game.deal("sixty-six", seed=1, carry=1)
    >>> u = match_utility(View.from_game(g, 0), score=(3, 5))
    >>> u(1) == u(2), u(-1) == u(-2), u(9) == u(4)
    (True, True, True)
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
    wins = sorted(k for k in values if k > 0)
    losses = sorted(k for k in values if k < 0)

    def utility(points: int) -> float:
        if points in values:
            return values[points]
        if points > 0:  # the nearest result the hand can award
            return values[min(max(points, wins[0]), wins[-1])]
        return values[max(min(points, losses[-1]), losses[0])]

    return utility


def club_replies(view: View, limits: SearchLimits) -> bool:
    """Are worlds valued by the seat's best line against a club player's replies? With
    ``others="club"`` (the basic rules) wherever the core has the club's rules (one copy of
    each card, nobody with a partner: three-hand and the two-player games of one deck), and
    with ``"auto"`` in three-hand; with ``others="expert"`` (the full club player's rules) in
    the two-player games of one deck. Elsewhere they leave the plain game value (double-deck,
    the four-hand games; three-hand for ``expert``).

    >>> from sixtysix_solver import Game, View
    >>> from sixtysix_solver.advice.limits import SearchLimits
    >>> v = View.from_game(Game.deal("sixty-six", seed=1))
    >>> club_replies(v, SearchLimits(others="club")), club_replies(v, SearchLimits())
    (True, False)
    >>> club_replies(v, SearchLimits(others="expert"))
    True
    >>> three = View.from_game(Game.deal("three-hand", seed=1))
    >>> club_replies(three, SearchLimits()), club_replies(three, SearchLimits(others="expert"))
    (True, False)
    """
    return others_in(view.profile, limits.others) in ("club", "expert")


def others_in(profile: Profile, others: str) -> str:
    """What ``SearchLimits.others`` comes to in ``profile``: ``"auto"`` is ``"club"`` in
    three-hand and ``"paranoid"`` elsewhere, and the club players' replies (``"club"``,
    ``"expert"``) are the plain game value (``"paranoid"``) where the core lacks their rules.

    >>> from sixtysix_solver.rules.profiles import get_profile
    >>> [others_in(get_profile(p), "auto") for p in ("three-hand", "sixty-six")]
    ['club', 'paranoid']
    >>> others_in(get_profile("three-hand"), "expert"), others_in(get_profile("mariage"), "expert")
    ('paranoid', 'expert')
    """
    one_deck_alone = profile.copies == 1 and profile.sides == profile.players
    if others == "auto":
        return "club" if one_deck_alone and profile.sides > 2 else "paranoid"
    if others == "club":
        return others if one_deck_alone else "paranoid"
    if others == "expert":
        return others if one_deck_alone and profile.players == 2 else "paranoid"
    return others


def reply_facts(view: View) -> list[tuple[int, int]]:
    """Per player, what ``view``'s history ruled out of that player's hand, as the core's full
    club player takes it (excluded cards, void suits: :func:`~sixtysix_solver.advice.club_pasts.view_facts`).
    A view holds no facts about the seat's own hand: none for it, as :func:`known_voids`."""
    return [(0, 0) if p == view.seat else view_facts(view, p) for p in range(view.players)]


def known_voids(view: View, history: History | None = None) -> int:
    """The suits the players are known to lack, as the core's club rules take them (bit
    player * 4 + suit). With the hand's ``history``, every void its play showed
    (``History.voids``: the seat's own too, which the others know). Without one, those the
    view knows of the other players: a view holds no facts about its own seat's hand, and
    leaves out a void its seat can tell from its own cards (where it holds the rest of the
    suit), which the other players may not."""
    bits = 0
    if history is not None:
        for p, suits in enumerate(history.voids):
            for s in suits:
                bits |= 1 << (p * 4 + s)
        return bits
    for p in range(view.players):
        if p != view.seat:
            for s in view.void_suits(p):
                bits |= 1 << (p * 4 + s)
    return bits


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
                order = list(range(len(rows)))
                random.Random(seed).shuffle(order)
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
        """Up to ``n`` worlds; fewer once ``perf_counter()`` passes ``until`` (at least one):
        weighting by a model, and drawing worlds where facts reject most draws, can cost more
        than solving, and the time limit counts them too."""
        if self.weigher is None:
            if until is None or self.exact:
                return self._take(n)
            parts = [self._take(min(n, _DRAW_PIECE))]
            got = len(parts[0][0])
            while got < n and time.perf_counter() < until:
                parts.append(self._take(min(n - got, _DRAW_PIECE)))
                got += len(parts[-1][0])
            return np.vstack([p[0] for p in parts]), np.concatenate([p[1] for p in parts])
        # Worlds the model rules out (weight 0) are not solved: draw on until n are kept.
        rows_out, w_out = [], []
        kept = tried = 0
        # With a time limit, one world at a time (a world's weight can cost tens of ms), and
        # the weigher itself keeps to the deadline.
        self.weigher.until = until
        while kept < n:
            if until is not None and kept and time.perf_counter() >= until:
                break
            rows, weights = self._take(n - kept if until is None else 1)
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


CLOSEWIN = 0.8
"""Close only when closing wins the hand in at least this share of the worlds (the engine
agents' and the engine protocol's default; measured in docs/strength.md)."""


def close_when_sure(rec: Recommendation, closewin: float = CLOSEWIN) -> Action:
    """The action to play by ``rec``'s figures when closing only where it is sure: ``rec.best``,
    unless that is a close that wins the hand in less than the share ``closewin`` of the
    worlds; then the best other action (``closewin=0``: ``rec.best`` always). PIMC solves every
    world with the cards known, so it overrates a close, after which the closer plays blind to
    the other hand; a club player closes only when sure.

    >>> from sixtysix_solver import Game
    >>> rec = recommend(Game.deal("schnapsen", seed=3), worlds=40, seed=1, threads=1)
    >>> close_when_sure(rec, 0) == rec.best == close_when_sure(rec)  # best is no close here
    True
    """
    if not 0 <= closewin <= 1:
        raise SixtySixError(f"closewin must be a share from 0 to 1, got {closewin!r}")
    best = rec.best
    if best.kind != Kind.CLOSE or closewin == 0:
        return best
    close = next(a for a in rec.actions if a.action == best)
    others = [a for a in rec.actions if a.action.kind != Kind.CLOSE]
    if close.win < closewin and others:
        return others[best_index(others)].action  # recommend's own tie-breaks
    return best


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
    return paired_mean_se(rec.values, rec.weights, rec.column(a), rec.column(b), utility,
                          rec.exact, rec.valued)


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
    limits: SearchLimits | None = None,
    worlds: int | None = None,
    seed: int | None = None,
    exact: bool | None = None,
    time_limit: float | None = None,
    stop_when_clear: bool | None = None,
    utility: Utility | None = None,
    threads: int | None = None,
    tt_mib: int | None = None,
    on_progress: Callable[[Recommendation], None] | None = None,
    stop: threading.Event | None = None,
    opponent_model: OpponentModel | None = None,
    history: History | None = None,
    past_limit: int | None = None,
    past_samples: int | None = None,
) -> Recommendation:
    """Score every legal action of the player to act on the same worlds.

    The budget is a :class:`~sixtysix_solver.advice.limits.SearchLimits` (``limits``), or
    built from the keywords of its fields; keywords given with ``limits`` replace its fields.
    ``worlds``: the most worlds to solve (default 1000). ``exact``: ``None`` solves every world
    when at most ``worlds`` fit the view (else samples), ``True`` always enumerates them (up to
    100,000), ``False`` always samples. ``time_limit`` (seconds), ``stop`` (an event another
    thread sets) and ``stop_when_clear`` end the loop early with the figures so far;
    ``on_progress`` is called after every batch with the recommendation so far. ``utility``
    maps a hand result to what it is worth (see :mod:`sixtysix_solver.advice.equity` for match
    equity). ``threads``: solver threads (default: the machine's cores); values do not depend
    on it. ``tt_mib``: table size per thread (default 64 MiB for positions with more than 16
    cards in the hands and a stock still in play, else 16). The same seed (default 0) gives the
    same worlds and figures. Several threads share one table and take the worlds as they come,
    so their node count varies a little from run to run (with ``stop_when_clear`` each thread
    keeps a table of its own and a fixed share of each batch: the same count every run).

    ``opponent_model`` (see :mod:`sixtysix_solver.advice.opponents`) weights every world by how likely
    the other players' past actions were in it (:mod:`sixtysix_solver.advice.pasts`); it needs the
    hand's history: ``position`` a :class:`Game` that started at a deal, or ``history``
    (:meth:`History.from_game <sixtysix_solver.knowledge.history.History.from_game>`). A hand's pasts
    are averaged exactly when at most ``past_limit`` fit it, else over ``past_samples``
    seeded samples. Without a model (the default) nothing changes.
    """
    lim = resolve_limits(
        limits, worlds=worlds, seed=seed, exact=exact, time_limit=time_limit,
        stop_when_clear=stop_when_clear, threads=threads, tt_mib=tt_mib,
        past_limit=past_limit, past_samples=past_samples,
    )
    return evaluate_lines(
        position, None, limits=lim, utility=utility, on_progress=on_progress, stop=stop,
        opponent_model=opponent_model, history=history,
    )


def evaluate_lines(
    position: View | Game,
    lines: Sequence[Sequence[Action | str]] | None,
    *,
    stock_order: bool | None = None,
    limits: SearchLimits | None = None,
    worlds: int | None = None,
    seed: int | None = None,
    exact: bool | None = None,
    time_limit: float | None = None,
    stop_when_clear: bool | None = None,
    utility: Utility | None = None,
    threads: int | None = None,
    tt_mib: int | None = None,
    on_progress: Callable[[Recommendation], None] | None = None,
    stop: threading.Event | None = None,
    opponent_model: OpponentModel | None = None,
    history: History | None = None,
    past_limit: int | None = None,
    past_samples: int | None = None,
    weights: PastWeights | None = None,
) -> Recommendation:
    """Like :func:`recommend`, for chosen *lines* of the player to act: each a sequence of
    actions applied one after the other (``[["draw", "close"]]`` values drawing and then
    closing). ``None``: every legal action. ``stock_order=False`` counts worlds that differ
    only in the order of the stock as one (right when every line closes the stock at once);
    the default is to count the order while the stock is in play. Every line must be legal
    in every world. ``opponent_model``, ``history``, ``past_limit`` and ``past_samples``
    weight the worlds as in :func:`recommend`; or ``weights``, a
    :class:`~sixtysix_solver.advice.past_weights.PastWeights` for this view, whose caches are then shared
    with other runs over the same history (the same weights as a fresh one)."""
    lim = resolve_limits(
        limits, worlds=worlds, seed=seed, exact=exact, time_limit=time_limit,
        stop_when_clear=stop_when_clear, threads=threads, tt_mib=tt_mib,
        past_limit=past_limit, past_samples=past_samples,
    )
    view = view_of(position)
    check_hooks(on_progress, stop, utility)
    check_int("seed", lim.seed, -(2**63), 2**63 - 1)
    if lim.threads is None:
        lim = replace(lim, threads=check_int("threads", os.cpu_count() or 1, 1, 256))
    start = time.perf_counter()
    if weights is None:
        weigher = opponent_weights(
            position, view, opponent_model, history, lim.seed, lim.past_limit, lim.past_samples,
        )
    elif opponent_model is not None or history is not None:
        raise SixtySixError("give weights, or an opponent model (and history), not both")
    elif weights.history.view != view:
        raise HistoryError("the weights' history does not lead to the position advised on")
    else:
        weigher = weights.fork()

    if stock_order is None:
        stock_order = stock_in_play(view)
    if lim.tt_mib is None:  # big positions fill a table fast; small ones should not pay for one
        cards = sum(view.hand_sizes) + (view.stock_size if stock_order else 0)
        mib = 64 if cards > 16 else 16
        if lim.time_limit is not None:  # a short search fills little of a table, and first
            # touching a big one's pages costs more than the budget (0.2 s for 128 MiB)
            mib = min(mib, 4 if lim.time_limit <= 0.25 else 16 if lim.time_limit <= 1.5 else 64)
        lim = replace(lim, tt_mib=mib)
    space = WorldSpace(view, stock_order=bool(stock_order))
    total = space.count
    if total == 0:
        raise SixtySixError("no deal fits this view")
    if lim.exact is True and total > DEFAULT_LIMIT:
        raise TooManyWorldsError(
            f"{total} worlds fit this view, more than the {DEFAULT_LIMIT} an exact run solves"
        )
    use_all = lim.exact is True or (lim.exact is None and total <= lim.worlds)
    budget = total if use_all and lim.exact is True else min(lim.worlds, total) if use_all else lim.worlds
    # All worlds in enumeration order share most positions with their neighbours; shuffled
    # only when the run may stop before the end (so that what was solved is a fair sample).
    may_stop = (lim.time_limit is not None or stop is not None or lim.stop_when_clear
                or budget < total)

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
    # Tables kept for the whole run: positions recur from world to world. Several threads share
    # one table and take the worlds one at a time (18% less time than a table each and a fixed
    # split, in sixty-six advice): their node counts then vary from run to run, the figures do
    # not. Only a run that may stop once the best action is clear splits the worlds between
    # tables of its own in a fixed way, so that it stops after the same batch on every run.
    threads, tt_mib = lim.threads, lim.tt_mib
    assert threads is not None and tt_mib is not None
    shared = threads > 1 and not lim.stop_when_clear
    # The club's replies are valued in exact worlds only (the seat's lookahead bounds them).
    club = club_replies(view, lim)
    method = "exact" if club else method_for(view, chosen, lim.method, lim.time_limit)
    # Auto with a time limit solves the long positions exactly only if the worlds come fast
    # enough: a probe of the first AUTO_PROBE of the time must be on course for AUTO_MIN_WORLDS
    # (or the budget), else the horizon search takes the time left (see _loop).
    probing = method == "exact" and not club and probes(view, chosen, lim)

    def attempt(method: str, probe: bool) -> tuple[Recommendation | None, int]:
        """The run's recommendation (None: the probe failed) and the nodes it searched."""
        pool: _core.WorldPool | _core.HorizonPool
        pool = (_take_pool(threads, tt_mib, shared) if method == "exact"
                else _take_horizon_pool(threads))
        source = _Source(space, use_all, lim.seed, shuffle=may_stop, weigher=weigher,
                         stripes=threads if len(chosen) == 1 and not shared else 1)
        run = _Run(
            view=view, lines=chosen, base=base, pool=pool, source=source, limits=lim,
            budget=budget, total=total, use_all=use_all, start=start, utility=utility,
            on_progress=on_progress, stop=stop, method=method,
            history=None if weigher is None else weigher.history,
            weights=list(weights_for(view.profile)) if method == "horizon" else [],
            probe_seconds=AUTO_PROBE * lim.time_limit if probe and lim.time_limit else None,
            min_worlds=min(AUTO_MIN_WORLDS, budget) if probe else 0,
        )
        # A stop request interrupts the solver (once some world is solved, so that there is
        # an answer): a watcher thread cancels the running batch.
        finished = threading.Event()
        if stop is not None:
            def watch() -> None:
                assert stop is not None
                while not finished.is_set():
                    if stop.wait(0.02) and run.solved_some.is_set():
                        pool.cancel()
                        return

            threading.Thread(target=watch, daemon=True).start()
        try:
            rec = _loop(run)
            return (None if rec is None else _deepen(run, rec)), run.nodes
        finally:
            finished.set()
            if stop is None:  # (with a stop watcher, a late cancel could reach the next call)
                if isinstance(pool, _core.WorldPool):
                    _give_back(pool, threads, tt_mib, shared)
                else:
                    _give_back_horizon(pool, threads)

    rec, probed = attempt(method, probing)
    if rec is None:  # the probe: too few exact worlds in this budget; the same seed's worlds
        rec, nodes = attempt("horizon", False)
        assert rec is not None
        rec = replace(rec, nodes=probed + nodes)  # (the probe's nodes count too)
    return rec


def on_course(done: int, elapsed: float, limit: float, worlds: int, probe: float) -> bool:
    """Is a run that valued ``done`` worlds in ``elapsed`` seconds on course for ``worlds`` by
    ``limit`` seconds? The rate is taken over the ``probe`` seconds at least: the first worlds
    may come fast and the next ones slow.

    >>> on_course(20, 0.1, 1.0, 100, 0.2), on_course(19, 0.2, 1.0, 100, 0.2)
    (True, False)
    >>> on_course(1, 0.01, 1.0, 100, 0.2)  # one fast world is not enough
    False
    """
    return done * limit >= worlds * max(elapsed, probe)


def probes(view: View, lines: Sequence[Sequence[Action]], limits: SearchLimits) -> bool:
    """Does ``method="auto"`` probe the exact solver's speed before it commits to exact worlds
    (see :data:`AUTO_PROBE`)? Only under a time limit, with the stock in play, single actions
    and more than :data:`AUTO_EXACT_CARDS` cards to play (the positions that a budget of
    :data:`AUTO_LONG_BUDGET` seconds or more lets ``method_for`` solve exactly).

    >>> from sixtysix_solver import Game, View
    >>> from sixtysix_solver.advice.limits import SearchLimits
    >>> v = View.from_game(Game.deal("sixty-six", seed=1))
    >>> probes(v, [], SearchLimits(time_limit=1.0)), probes(v, [], SearchLimits())
    (True, False)
    >>> probes(View.from_game(Game.deal("schnapsen", seed=1)), [], SearchLimits(time_limit=1.0))
    False
    """
    return (limits.method == "auto" and limits.time_limit is not None
            and stock_in_play(view) and all(len(ln) == 1 for ln in lines)
            and sum(view.hand_sizes) + view.stock_size > AUTO_EXACT_CARDS)


@dataclass
class _Run:
    """One run of :func:`evaluate_lines`: what is valued (``lines`` from ``view``, in the
    worlds of ``source`` built on ``base``), on which pool, with which limits (threads and
    table size resolved), how to report and when to stop."""

    view: View
    lines: list[tuple[Action, ...]]
    base: Game
    pool: _core.WorldPool | _core.HorizonPool
    source: _Source
    limits: SearchLimits
    budget: int  # the most worlds to solve
    total: int  # the worlds that fit the view
    use_all: bool  # worlds taken from the enumeration (exact mode), not sampled
    start: float
    utility: Utility | None
    on_progress: Callable[[Recommendation], None] | None
    stop: threading.Event | None
    method: str = "exact"  # how a world values the lines (method_for)
    history: History | None = None  # the hand's, when the worlds are weighted (its voids)
    weights: list[float] = field(default_factory=list)  # the horizon estimate's, by profile
    solved_some: threading.Event = field(default_factory=threading.Event)
    # The worlds valued so far (rows) and, for the horizon search, each one's depth: what a
    # deeper pass (_deepen) values again.
    rows_valued: list[npt.NDArray[np.uint8]] = field(default_factory=list)
    depths: list[npt.NDArray[np.int64]] = field(default_factory=list)
    complete: bool = False  # the last figures' finite-population terms (see _loop)
    fpc: float = 1.0
    nodes: int = 0  # searched so far, deeper passes included
    # When this run began (after the auto method's probe, if one failed).
    began: float = field(default_factory=time.perf_counter)
    # The auto method's probe (seconds from the start; None: none) and the worlds the whole
    # budget must be on course for: else _loop gives up (returns None) at the probe's end.
    probe_seconds: float | None = None
    min_worlds: int = 0
    # The lines still valued (indices into lines): all, until the race leaves some behind.
    active: list[int] = field(init=False)

    def __post_init__(self) -> None:
        self.active = list(range(len(self.lines)))

    def value(
        self, rows: npt.NDArray[np.uint8], deadline: float, horizon: int | None = None,
    ) -> tuple[Values, npt.NDArray[np.uint64], npt.NDArray[np.bool_],
               npt.NDArray[np.int64] | None, npt.NDArray[np.float64] | None]:
        """The values of the :attr:`active` lines (a column each) in these worlds: values,
        nodes and aborted per world, and for the horizon search each world's depth (``None``
        for exact values), and the card points that break ties (:attr:`card_ties`; else
        ``None``); ``horizon``: the search's depth when not the limits' own."""
        if isinstance(self.pool, _core.WorldPool) and (self.maxn or self.club):
            assert len(self.active) == len(self.lines)  # (no race: see races)
            # One solve gives both: utility = game points * MAXN_SCALE + the seat's points
            # (max^n, or the seat's best line against the club's replies).
            objective, voids, facts = self.replies
            util, nodes, aborted = self.pool.solve(
                self.base.core, rows, self.codes, objective, 0, 0.0, True,
                deadline, interrupt=interruptible(), voids=voids,
                lookahead=-1 if self.limits.lookahead is None or not self.club
                else self.limits.lookahead,
                facts=facts,
            )
            gp, points = np.divmod(util.astype(np.int64), _core.MAXN_SCALE)
            ties = self.limits.card_tie * points.astype(np.float64) if self.card_ties else None
            return gp.astype(np.int16), nodes, aborted, None, ties
        if isinstance(self.pool, _core.WorldPool):
            t0 = time.perf_counter()
            codes = self.codes
            values, nodes, aborted = self.pool.solve(
                self.base.core, rows, [codes[j] for j in self.active], "game_points", 0, 0.0,
                True, deadline, interrupt=interruptible(),
            )
            if not self.card_ties:
                return values, nodes, aborted, None, None
            left = max(1e-6, deadline - (time.perf_counter() - t0)) if deadline else 0.0
            cards, more, cut = self._card_points(rows, left)
            return values, nodes + more, aborted | cut, None, cards
        lim = self.limits
        hv, _exact, nodes, depth, aborted = self.pool.values(
            self.base.core, rows, [self.lines[j][0].code for j in self.active], self.weights,
            lim.horizon if horizon is None else horizon, lim.world_nodes, deadline,
            interrupt=interruptible(),
        )
        return hv, nodes, aborted, np.asarray(depth, dtype=np.int64), None

    @property
    def races(self) -> bool:
        """Do the lines race (:attr:`SearchLimits.race
        <sixtysix_solver.advice.limits.SearchLimits>`)? In sampled worlds, where each world
        values each line on its own: not where one solve values them all (the club's replies,
        max^n) or the card points break ties (two solves a world), nor over every world of an
        exact run, whose figures are exact."""
        return (self.limits.race and not self.use_all and len(self.lines) > 1
                and not (self.club or self.maxn or self.card_ties))

    def spread(self, values: Values) -> tuple[Values, npt.NDArray[np.bool_]]:
        """The :attr:`active` lines' columns of :meth:`value` laid out under every line, with
        the mask of the lines valued (the others' cells hold 0)."""
        k, n = len(self.lines), len(values)
        mask = np.zeros((n, k), dtype=np.bool_)
        mask[:, self.active] = True
        if len(self.active) == k:
            return values, mask
        full = np.zeros((n, k), dtype=values.dtype)
        full[:, self.active] = values
        return cast(Values, full), mask

    def best(self, stats: Sequence[ActionStats]) -> int:
        """The best of the :attr:`active` lines (those the race left behind are out of it)."""
        return self.active[best_index([stats[j] for j in self.active])]

    @property
    def club(self) -> bool:
        """Are exact worlds valued against a club player's replies (:func:`club_replies`)?"""
        return club_replies(self.view, self.limits)

    @cached_property
    def replies(self) -> tuple[str, int, list[tuple[int, int]]]:
        """A solve that gives utilities, read from the view once a run: the core's objective
        (``"expert"`` or ``"club"`` against a club player's replies, :attr:`club`; else
        ``"maxn"``), the voids and the history's facts those replies take."""
        if not self.club:
            return "maxn", 0, []
        if self.limits.others == "expert":
            return "expert", known_voids(self.view, self.history), reply_facts(self.view)
        return "club", known_voids(self.view, self.history), []

    @property
    def maxn(self) -> bool:
        """Are exact worlds valued by max^n (three players each alone, ``others="maxn"``)?"""
        return self.view.profile.sides > 2 and self.limits.others == "maxn"

    @property
    def card_ties(self) -> bool:
        """Are ties broken by the card points (three players each alone, exact worlds)?"""
        return (self.view.profile.sides > 2 and isinstance(self.pool, _core.WorldPool)
                and self.limits.card_tie > 0)

    def _card_points(
        self, rows: npt.NDArray[np.uint8], deadline: float,
    ) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.uint64], npt.NDArray[np.bool_]]:
        """The card points each line secures in these worlds, times the limits' ``card_tie`` (a claim's
        0: card points ignore claims), the nodes and the worlds the deadline cut off."""
        assert isinstance(self.pool, _core.WorldPool)
        cols = [j for j, ln in enumerate(self.lines) if ln[0].kind != Kind.CLAIM]
        cards = np.zeros((len(rows), len(self.lines)))
        nodes = np.zeros(len(rows), dtype=np.uint64)
        cut = np.zeros(len(rows), dtype=np.bool_)
        if cols:
            cp, nodes, cut = self.pool.solve(
                self.base.core, rows, [self.codes[j] for j in cols], "card_points", 0, 0.0,
                True, deadline, interrupt=interruptible(),
            )
            cards[:, cols] = self.limits.card_tie * cp.astype(np.float64)
        return cards, nodes, cut

    @property
    def search_seconds(self) -> float | None:
        """The time the search may take: the time limit less a reserve for handing back the
        answer (a thread that a busy machine schedules late, the figures, the caller's
        wrapping), :data:`TIME_RESERVE` of it and at most :data:`TIME_RESERVE_MAX` seconds."""
        t = self.limits.time_limit
        return None if t is None else t - min(TIME_RESERVE * t, TIME_RESERVE_MAX)

    @property
    def deepens(self) -> bool:
        """Does time left after the worlds go to deeper passes (:func:`_deepen`)?"""
        return (self.method == "horizon" and self.limits.deepen
                and self.limits.time_limit is not None)

    @property
    def codes(self) -> list[list[int]]:
        return [[a.code for a in ln] for ln in self.lines]


def _loop(run: _Run) -> Recommendation | None:
    view, chosen, source, lim = run.view, run.lines, run.source, run.limits
    budget, total, use_all, start = run.budget, run.total, run.use_all, run.start
    time_limit, stop, utility = run.search_seconds, run.stop, run.utility
    threads = lim.threads
    assert threads is not None
    rows_done: list[Values] = []
    depth: int | None = None
    weights_done: list[npt.NDArray[np.float64]] = []
    valued_done: list[npt.NDArray[np.bool_]] = []
    ties_done: list[npt.NDArray[np.float64]] = []
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
            until = None
            if time_limit is not None:  # weighting gets at most half the time left, solving the rest
                now = time.perf_counter()
                until = now + max(0.0, start + time_limit - now) / 2
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
            if run.probe_seconds is not None:
                probe_left = start + run.probe_seconds - time.perf_counter()
                deadline = min(deadline, max(1e-6, probe_left))
        values, node_counts, aborted, world_depth, ties = run.value(pending_rows, deadline)
        values, valued_now = run.spread(values)
        keep = ~aborted
        if world_depth is not None and keep.any():
            batch_depth = int(world_depth[keep].min())
            depth = batch_depth if depth is None else min(depth, batch_depth)
        if keep.any():  # worlds the deadline cut off are left out
            rows_done.append(values[keep])
            valued_done.append(valued_now[keep])
            weights_done.append(pending_w[keep])
            if ties is not None:
                ties_done.append(ties[keep])
            if run.deepens and world_depth is not None:  # kept for the deeper passes
                run.rows_valued.append(pending_rows[keep])
                run.depths.append(world_depth[keep])
        nodes += int(node_counts.sum())
        run.nodes = nodes
        done += int(keep.sum())
        if run.probe_seconds is not None:
            assert time_limit is not None
            elapsed = time.perf_counter() - start
            if on_course(done, elapsed, time_limit, run.min_worlds, run.probe_seconds):
                run.probe_seconds = None  # exact worlds it is
            elif elapsed >= run.probe_seconds or not done:
                return None
        if done:
            run.solved_some.set()
        per_world = max(1.0, float(node_counts.sum()) / max(1, len(pending_rows)))
        # (A run that cannot stop early checks nothing between batches but progress: there
        # bigger batches leave the threads fewer waits for the slowest share.)
        cap = 4096 if source.stripes == 1 else 16384
        batch = int(min(max(threads, _BATCH_NODES * threads / per_world), cap))
        if run.races and len(run.active) > 1:  # a look at the race at 64, 128, 256... worlds
            batch = min(batch, max(MIN_TEST_WORLDS, done))
        pending_rows, pending_w = np.zeros((0, 0), dtype=np.uint8), np.zeros(0)
        if not rows_done:  # the time ran out before the first world was valued
            return _rule_answer(run)

        vals = cast(Values, np.concatenate(rows_done))
        w = np.concatenate(weights_done).astype(np.float64)
        seen = done + source.ruled_out
        weights_exact = source.weigher is None or source.weigher.exact
        complete = use_all and seen == total and weights_exact
        # Estimated weights are noisy even over every world: then no finite population bonus.
        fpc = (total - seen) / (total - 1) if use_all and total > 1 and weights_exact else 1.0
        valued: npt.NDArray[np.bool_] | None = np.concatenate(valued_done)
        if valued is not None and valued.all():
            valued = None
        stats = action_stats(chosen, vals, w, utility, complete, fpc,
                             np.concatenate(ties_done) if ties_done else None, valued)
        run.complete, run.fpc = complete, fpc
        b = run.best(stats)
        if run.races and len(run.active) > 1:  # the worlds to come value only the contenders
            behind = outpaced(vals, w, b, run.active, utility, fpc, valued)
            run.active = [j for j in run.active if j not in behind]
        if done >= budget or (use_all and source.left() == 0 and not aborted.any()):
            stopped = "done"
        elif time_limit is not None and time.perf_counter() - start >= time_limit:
            stopped = "time"
        elif stop is not None and stop.is_set():
            stopped = "stop"
        elif lim.stop_when_clear and clearly_best(vals, w, b, utility, fpc, valued):
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
            ess=ess(w),
            opponent_model=None if source.weigher is None else model_name(source.weigher.model),
            ruled_out=source.ruled_out,
            method=run.method,
            depth=depth,
            valued=valued,
        )
        if run.on_progress is not None:  # (deeper passes may follow a "done": still running)
            run.on_progress(replace(rec, stopped="running") if stopped == "done" and run.deepens
                            else rec)
        if stopped:
            break
    assert rec is not None
    return rec


def _deepen(run: _Run, rec: Recommendation) -> Recommendation:
    """Time left after the horizon search has valued every world asked for: value the same
    worlds again one trick deeper, pass after pass, while the time left is at least twice what
    the pass before took (iterative deepening over the whole decision). A world's deeper
    value replaces its shallower one; a pass the deadline cuts short keeps the worlds it
    finished (a fair share: the worlds were drawn in random order). Without a time limit, or
    with ``deepen=False``, the search stays at ``horizon``; ``depth`` is then and always the
    shallowest depth over the worlds."""
    lim = run.limits
    if not run.deepens or rec.stopped != "done" or not run.rows_valued or not run.depths:
        return rec
    searching = run.search_seconds
    assert searching is not None
    rows = np.concatenate(run.rows_valued)
    depths = np.concatenate(run.depths)
    vals = np.array(rec.values, copy=True)
    end = run.start + searching
    # (the first pass's time is this run's own, not a failed probe's before it)
    horizon, last, nodes, stopped = lim.horizon, run.start + rec.seconds - run.began, rec.nodes, "done"
    while horizon < MAX_HORIZON:
        begun = time.perf_counter()
        if end - begun < 2 * last or (run.stop is not None and run.stop.is_set()):
            break
        horizon += 1
        values, node_counts, aborted, world_depth, _ = run.value(rows, end - begun, horizon)
        assert world_depth is not None
        nodes += int(node_counts.sum())
        deeper = ~aborted & (world_depth > depths)
        if aborted.any():
            stopped = "time" if run.stop is None or not run.stop.is_set() else "stop"
        if not deeper.any():  # every world's node budget (world_nodes) is spent: no deeper
            break
        # (the lines the race left behind keep their values, and those of their worlds)
        vals[np.ix_(deeper, np.asarray(run.active, dtype=np.intp))] = values[deeper]
        depths[deeper] = world_depth[deeper]
        stats = action_stats(run.lines, cast(Values, vals), rec.weights, run.utility,
                             run.complete, run.fpc, valued=rec.valued)
        run.nodes = nodes
        rec = replace(rec, actions=stats, best=run.lines[run.best(stats)][0],
                      values=cast(Values, vals.copy()), depth=int(depths.min()), nodes=nodes,
                      seconds=time.perf_counter() - run.start, stopped=stopped)
        if run.on_progress is not None:
            run.on_progress(replace(rec, stopped="running"))
        last = time.perf_counter() - begun
        if stopped != "done":
            break
    return replace(rec, stopped=stopped, nodes=nodes, seconds=time.perf_counter() - run.start)


def _rule_answer(run: _Run) -> Recommendation:
    """The budget ended before one world was valued: the club player's choice (among the
    lines' first actions; the first line where it is none of them), with no figures."""
    firsts = [ln[0] for ln in run.lines]
    pick = club_choice(run.view, firsts) if run.view.to_act == run.view.seat else firsts[0]
    best = pick if pick in firsts else firsts[0]
    blank = tuple(
        ActionStats(action=ln[0], mean=0.0, win=0.0, distribution=(), ci=None, win_ci=None,
                    utility=0.0, line=ln)
        for ln in run.lines
    )
    return Recommendation(
        seat=run.view.seat, actions=blank, best=best, worlds=0, total_worlds=run.total,
        exact=False, stopped="time", seconds=time.perf_counter() - run.start, nodes=0,
        values=np.zeros((0, len(run.lines)), dtype=np.int16), weights=np.zeros(0),
        method="rule",
    )

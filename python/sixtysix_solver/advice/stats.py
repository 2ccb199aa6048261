"""Statistics over the values of actions in weighted worlds: the figures of each action (mean,
chance to win, outcome distribution, 95% intervals), the choice of the best one with its
tie-breaks, and paired differences between two actions over the same worlds.

Pure functions of value arrays (``values[w, a]``: game points of action ``a`` in world ``w``)
and world weights; the search that fills them is :mod:`sixtysix_solver.advice.recommend`.

>>> import numpy as np
>>> from sixtysix_solver.rules.actions import Action
>>> values = np.array([[2, 1], [-1, 1], [3, 1]], dtype=np.int16)
>>> stats = action_stats([(Action.parse("AC"),), (Action.parse("TC"),)], values,
...                      np.ones(3), None, complete=True, fpc=1.0)
>>> [(str(s.action), round(s.mean, 3), round(s.win, 3)) for s in stats], best_index(stats)
([('AC', 1.333, 0.667), ('TC', 1.0, 1.0)], 0)
>>> paired_mean_se(values, np.ones(3), 0, 1, None, exact=True)
(0.3333333333333333, 0.0)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from ..rules.actions import Action, Kind
from ..errors import NotationError
from ..rules.schema import (
    JsonMixin, expect_keys, get_action, get_actions, get_float, get_pair,
)

#: A values matrix (worlds x lines): exact game points, or the horizon search's estimates.
Values = npt.NDArray[np.int16] | npt.NDArray[np.float64]

__all__ = [
    "ActionStats",
    "CARD_TIE",
    "Values",
    "Utility",
    "Z95",
    "action_stats",
    "best_index",
    "clearly_best",
    "ess",
    "mean_var",
    "MIN_TEST_WORLDS",
    "outpaced",
    "paired",
    "paired_mean_se",
    "utilities",
    "wilson",
]

Utility = Callable[[int], float]
"""What a hand result (game points for the seat's side) is worth to the player; the
recommendation maximises its average (the game points themselves by default)."""

CARD_TIE = 1 / 200
"""With three players each alone, what a card point the player secures adds to an action's
utility: the paranoid game points (the player against the other two together) are the same
for most actions in most worlds, and the card points break those ties without overruling a
game point in any one world (two actions differ by fewer than 200 card points;
docs/advice.md)."""

Z95 = 1.959963984540054  # the normal 97.5% quantile: two-sided 95% intervals
_Z_CLEAR = 3.2905267314919255  # 99.9%: the test is repeated after every batch

MIN_TEST_WORLDS = 64
"""The fewest worlds on which a paired test calls an action clearly better than another: with
fewer, the sample variance of game points (-3 to 3) is itself too unsure."""


@dataclass(frozen=True)
class ActionStats(JsonMixin):
    """One action's figures over the worlds solved.

    ``mean``: expected game points for the seat's side; ``win``: probability that the side
    scores the hand; ``distribution``: (game points, probability) pairs, ascending;
    ``ci``/``win_ci``: 95% confidence intervals (``None`` when every world was solved);
    ``utility``: the average the choice maximised (``mean`` unless a utility was given, e.g.
    the probability of winning the match; with three players each alone, ``mean`` plus
    :data:`CARD_TIE` times the card points the player secures).
    """

    action: Action
    mean: float
    win: float
    distribution: tuple[tuple[int, float], ...]
    ci: tuple[float, float] | None
    win_ci: tuple[float, float] | None
    utility: float
    line: tuple[Action, ...] = ()  # the actions scored (just ``action`` for a recommendation)

    def to_dict(self) -> dict[str, Any]:
        """The figures under the schema's names (``docs/schema.md``): ``ev`` is :attr:`mean`,
        ``p_win`` :attr:`win`, ``ev_ci95``/``p_win_ci95`` the intervals, ``distribution``
        maps game points (as text) to probabilities."""
        return {
            "action": str(self.action),
            "line": [str(a) for a in self.line],
            "ev": self.mean,
            "ev_ci95": None if self.ci is None else list(self.ci),
            "p_win": self.win,
            "p_win_ci95": None if self.win_ci is None else list(self.win_ci),
            "distribution": {str(v): p for v, p in self.distribution},
            "utility": self.utility,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> ActionStats:
        keys = ("action", "line", "ev", "ev_ci95", "p_win", "p_win_ci95", "distribution",
                "utility")
        d = expect_keys(d, keys, "an action's figures")
        dist = d["distribution"]
        try:
            pairs = sorted((int(v), float(p)) for v, p in dist.items())
        except (AttributeError, TypeError, ValueError):
            raise NotationError(f"distribution must map game points to probabilities, "
                                f"got {dist!r}") from None
        return cls(
            action=get_action(d, "action"), mean=get_float(d, "ev"), win=get_float(d, "p_win"),
            distribution=tuple(pairs), ci=get_pair(d, "ev_ci95"),
            win_ci=get_pair(d, "p_win_ci95"), utility=get_float(d, "utility"),
            line=get_actions(d, "line"),
        )


def _interval(mean: float, var: float) -> tuple[float, float]:
    half = Z95 * math.sqrt(max(var, 0.0))
    return (mean - half, mean + half)


def ess(w: npt.NDArray[np.float64]) -> float:
    """Kish's effective sample size of weighted worlds: (sum w)^2 / sum w^2."""
    return float(w.sum()) ** 2 / float((w * w).sum())


def wilson(p: float, n: float) -> tuple[float, float]:
    """Wilson's 95% interval for a proportion ``p`` over ``n`` (effective) observations: sound
    near 0 and 1.

    >>> tuple(round(x, 4) for x in wilson(0.5, 100))
    (0.4038, 0.5962)
    """
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_var(
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


def action_stats(
    lines: Sequence[tuple[Action, ...]],
    values: Values,
    weights: npt.NDArray[np.float64],
    utility: Utility | None,
    complete: bool,
    fpc: float,
    ties: npt.NDArray[np.float64] | None = None,
    valued: npt.NDArray[np.bool_] | None = None,
) -> tuple[ActionStats, ...]:
    """The figures of every line (column ``j`` of ``values`` is line ``j``) over weighted
    worlds; ``complete``: every world was solved (no intervals); ``fpc``: the finite
    population correction of the variances. ``ties``: a second value per world and line,
    whose weighted mean is added to the utility (small enough to break ties, as
    :data:`CARD_TIE` does for the card points with three players). ``valued[w, j]``: was line
    ``j`` valued in world ``w`` (``None``: every line in every world)? A line left out of some
    worlds (a race: :func:`outpaced`) has the figures of the worlds it was valued in, sampled
    figures without a finite population correction."""
    out = []
    # Horizon estimates are fractions of game points: their outcomes count as the nearest
    # whole result (the mean and the intervals keep the fractions).
    whole_all = np.rint(values) if values.dtype.kind == "f" else values
    for j, line in enumerate(lines):
        rows = _rows(valued, j)
        w = weights if rows is None else weights[rows]
        whole = whole_all[:, j] if rows is None else whole_all[rows, j]
        col_fpc, col_complete = (fpc, complete) if rows is None else (1.0, False)
        sw = float(w.sum())
        v = (values[:, j] if rows is None else values[rows, j]).astype(np.float64)
        mean, var = mean_var(v, w, col_fpc)
        winv = (v > 0).astype(np.float64)
        win, _ = mean_var(winv, w, col_fpc)
        outcomes = np.unique(whole)
        dist = tuple((int(o), float(w[whole == o].sum() / sw)) for o in outcomes)
        util = mean if utility is None else sum(p * utility(o) for o, p in dist)
        if ties is not None:
            t = ties[:, j] if rows is None else ties[rows, j]
            util += float((t * w).sum() / sw)
        out.append(ActionStats(
            action=line[0],
            mean=mean,
            win=win,
            distribution=dist,
            ci=None if col_complete else _interval(mean, var),
            win_ci=None if col_complete else wilson(win, ess(w) / max(col_fpc, 1e-12)),
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


def utilities(values: Values, utility: Utility | None) -> npt.NDArray[np.float64]:
    """Each world's result as what it is worth (game points without a utility)."""
    if utility is None:
        return values.astype(np.float64)
    whole = np.rint(values).astype(np.int64)  # (horizon estimates: the nearest whole result)
    table = {int(o): utility(int(o)) for o in np.unique(whole)}
    out: npt.NDArray[np.float64] = np.vectorize(lambda o: table[int(o)], otypes=[np.float64])(whole)
    return out


def _rows(valued: npt.NDArray[np.bool_] | None, *cols: int) -> npt.NDArray[np.bool_] | None:
    """The worlds in which every one of ``cols`` was valued; ``None``: all of them."""
    if valued is None:
        return None
    rows = np.logical_and.reduce([valued[:, c] for c in cols])
    return None if rows.all() else rows


def paired(
    u: npt.NDArray[np.float64], w: npt.NDArray[np.float64], i: int, j: int, fpc: float,
    valued: npt.NDArray[np.bool_] | None = None,
) -> tuple[float, float] | None:
    """Mean and variance of column i less column j over the same worlds (those in which both
    were ``valued``: then sampled, without ``fpc``); None when they are equal in every one."""
    rows = _rows(valued, i, j)
    if rows is not None:
        u, w, fpc = u[rows], w[rows], 1.0
    d = u[:, i] - u[:, j]
    if not d.any():
        return None
    return mean_var(d, w, fpc)


def paired_mean_se(
    values: Values,
    weights: npt.NDArray[np.float64],
    i: int,
    j: int,
    utility: Utility | None,
    exact: bool,
    valued: npt.NDArray[np.bool_] | None = None,
) -> tuple[float, float]:
    """How much better column ``i`` is than column ``j`` over the same worlds (those in which
    both were ``valued``): the weighted mean difference (of game points, or of ``utility``) and
    its standard error (0 when the figures are ``exact``, every world solved)."""
    pair = None if valued is None else valued[:, [i, j]]
    got = paired(utilities(values[:, [i, j]], utility), weights, 0, 1, 1.0, pair)
    if got is None:
        return 0.0, 0.0
    mean, var = got
    if exact and _rows(pair, 0, 1) is None:  # every world solved: no sampling error
        return mean, 0.0
    return mean, math.sqrt(var) if math.isfinite(var) else math.inf


def clearly_best(
    values: Values,
    weights: npt.NDArray[np.float64],
    best: int,
    utility: Utility | None,
    fpc: float,
    valued: npt.NDArray[np.bool_] | None = None,
) -> bool:
    """Is ``best`` ahead of every other action by more than the noise (paired over the same
    worlds, at 99.9%)? Actions that score the same in every world solved do not hold it up."""
    if len(values) < MIN_TEST_WORLDS:
        return False
    others = [j for j in range(values.shape[1]) if j != best]
    return len(outpaced(values, weights, best, others, utility, fpc, valued)) == len(others)


def outpaced(
    values: Values,
    weights: npt.NDArray[np.float64],
    best: int,
    cols: Sequence[int],
    utility: Utility | None,
    fpc: float,
    valued: npt.NDArray[np.bool_] | None = None,
) -> list[int]:
    """The columns of ``cols`` that ``best`` is ahead of by more than the noise (paired over the
    worlds both were valued in, at 99.9%: the test is repeated after every batch), and those
    that score as ``best`` does in every world (nothing left to tell them apart).

    >>> import numpy as np
    >>> v = np.array([[1, -2, 1], [2, -1, 2]] * 40, dtype=np.int16)
    >>> outpaced(v, np.ones(80), 0, [1, 2], None, 1.0)
    [1, 2]
    >>> outpaced(v[:10], np.ones(10), 0, [1, 2], None, 1.0)  # too few worlds to tell
    []
    """
    if len(values) < MIN_TEST_WORLDS:
        return []
    u = utilities(values, utility)
    out = []
    for j in cols:
        if j == best:
            continue
        got = paired(u, weights, best, j, fpc, valued)
        if got is None or got[0] - _Z_CLEAR * math.sqrt(got[1]) > 0:
            out.append(j)
    return out

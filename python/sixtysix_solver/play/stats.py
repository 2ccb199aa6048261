"""The arena's statistics: agent ``a`` against agent ``b`` over duplicate matches with 95%
intervals clustered by duplicate pair (:func:`summarize`), and maximum-likelihood Elo ratings
of a round robin (:func:`elo`). Pure functions of :class:`~sixtysix_solver.play.results.MatchResult`
records; the matches are played by :mod:`sixtysix_solver.play.arena`.

In a solo profile (three-hand: ``a`` in one seat, ``b`` in the others) the cluster is the
duplicate set of one leg per seat of ``a``, ``b``'s figures are per seat (the mean of its
seats), and the shares ``a`` scores at equal strength are one in three instead of one half;
Elo refuses such matches."""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..advice.stats import Z95, wilson
from ..agents import AgentError, AgentSpec
from ..errors import SixtySixError
from .results import ArenaError, HandRecord, MatchResult, profile_of

__all__ = ["EloRow", "Estimate", "PairSummary", "agent_name", "elo", "summarize"]

# Student's t, 97.5% quantile, for 1..30 degrees of freedom (a CI over few duplicate pairs).
_T975 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179,
         2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064,
         2.060, 2.056, 2.052, 2.048, 2.045, 2.042)


def _t975(df: int) -> float:
    if df < 1:
        return math.inf
    if df <= len(_T975):
        return _T975[df - 1]
    z = Z95  # Cornish-Fisher expansion: within 1e-4 beyond 30 degrees of freedom
    return z + (z**3 + z) / (4 * df) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)


@dataclass(frozen=True)
class Estimate:
    """An estimate with its standard error and 95% confidence interval."""

    value: float
    low: float
    high: float
    se: float

    def __str__(self) -> str:
        if not (math.isfinite(self.low) and math.isfinite(self.high)):  # too few pairs
            return f"{self.value:.3f} [n/a]"
        return f"{self.value:.3f} [{self.low:.3f}, {self.high:.3f}]"

    def as_dict(self) -> dict[str, float | None]:
        """For JSON: infinite or undefined numbers (too few pairs) become ``None``."""
        return {"value": _finite(self.value), "low": _finite(self.low),
                "high": _finite(self.high), "se": _finite(self.se)}


def _finite(x: float) -> float | None:
    return x if math.isfinite(x) else None


def _ratio(ys: Sequence[float], xs: Sequence[float]) -> tuple[float, float, int]:
    """Ratio of sums over clusters and its variance (linearisation, cluster-robust): the
    cluster is a duplicate pair, so the two legs of a deal sequence count together."""
    sx = float(sum(xs))
    r = float(sum(ys)) / sx if sx else math.nan
    m = len(xs)
    if m < 2 or not sx:
        return r, math.inf, m
    resid = sum((y - r * x) ** 2 for y, x in zip(ys, xs))
    return r, m / (m - 1) * resid / (sx * sx), m


def _mean_estimate(ys: Sequence[float], xs: Sequence[float]) -> Estimate:
    r, var, m = _ratio(ys, xs)
    se = math.sqrt(var)
    half = _t975(m - 1) * se
    return Estimate(r, r - half, r + half, se)


def _rate_estimate(ys: Sequence[float], xs: Sequence[float]) -> Estimate:
    """A proportion: Wilson's interval with the effective sample size of the clustered data
    (the plain count when the clusters show no spread)."""
    r, var, _ = _ratio(ys, xs)
    total = float(sum(xs))
    if math.isnan(r):
        return Estimate(math.nan, 0.0, 1.0, math.inf)
    n = total
    if 0 < var < math.inf and 0 < r < 1:
        n = min(total, r * (1 - r) / var)
    low, high = wilson(r, n)
    se = math.sqrt(var) if var < math.inf else math.sqrt(r * (1 - r) / n)
    return Estimate(r, low, high, se)


@dataclass(frozen=True)
class PairSummary:
    """Agent ``a`` against agent ``b`` over duplicate matches, from ``a``'s point of view.

    ``matches``: legs played; ``pairs``: match indices with both legs (the rest count as
    single legs); ``hands``. Per hand: ``a_points``, ``b_points`` (game points each side
    received) and ``net`` (``a``'s minus ``b``'s). ``hand_score``: share of hands ``a`` won
    (a drawn hand counts half); ``match_score``: share of matches ``a`` won. Intervals are
    95%, clustered by duplicate pair (the two legs of one deal sequence are one observation):
    Student's t for the means, Wilson's interval with the effective sample size for the
    shares. ``pair_results``: pairs ``a`` won 2-0, split 1-1, lost 0-2.

    ``legs``: legs of a duplicate set, 2 with two sides. In a solo profile (three-hand) it is
    the number of players: ``a`` plays one seat and ``b`` every other, and one leg is played
    with ``a`` in each seat. Then ``pairs`` counts complete duplicate sets; ``b_points`` is
    the mean of ``b``'s seats per hand and ``net`` ``a``'s points less that mean;
    ``hand_score`` is ``a``'s share of each hand's game points (a hand nobody scored counts
    one in ``legs``; ``hand_shared``: hands ``a`` shared with a seat of ``b``, e.g. paid by a
    false claimant), ``hand_losses`` hands only ``b``'s seats scored; ``match_score`` the
    share of legs ``a`` won, ``b_wins`` those one of ``b``'s seats won; ``pair_results`` the
    sets by legs ``a`` won, from all ``legs`` down to none. At equal strength both shares
    are :attr:`baseline`, 1 / ``legs``."""

    a: str
    b: str
    profile: str
    overrides: str
    matches: int
    pairs: int
    hands: int
    a_points: Estimate
    b_points: Estimate
    net: Estimate
    hand_score: Estimate
    hand_wins: int
    hand_losses: int
    hand_draws: int
    match_score: Estimate
    a_wins: int
    b_wins: int
    pair_results: tuple[int, ...]
    legs: int = 2
    hand_shared: int = 0
    # Mean thinking time per decision asked of each agent, in milliseconds (forced moves
    # excluded; 0 when unrecorded).
    a_ms_per_move: float = field(default=0.0, compare=False)
    b_ms_per_move: float = field(default=0.0, compare=False)
    records: tuple[MatchResult, ...] = field(default=(), repr=False, compare=False)

    @property
    def solo(self) -> bool:
        """``a`` played one seat alone against ``b`` in each other seat (three-hand)."""
        return self.legs > 2

    @property
    def baseline(self) -> float:
        """``a``'s share of the matches (and of the hands' game points) at equal strength."""
        return 1 / self.legs

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for k in self.__dataclass_fields__:
            if k == "records":
                continue
            v = getattr(self, k)
            out[k] = v.as_dict() if isinstance(v, Estimate) else (
                list(v) if isinstance(v, tuple) else v)
        return out


def _oriented(records: Iterable[MatchResult], a: str, b: str) -> list[MatchResult]:
    """The matches between ``a`` and ``b``, each seen from ``a``'s side (a solo profile's
    match cannot be turned round: there ``a`` held one seat and ``b`` the others)."""
    out = []
    turned = False
    for r in records:
        if (r.a, r.b) == (a, b):
            out.append(r)
        elif (r.a, r.b) == (b, a) and r.solo:
            turned = True
        elif (r.a, r.b) == (b, a):
            out.append(MatchResult(
                a=a, b=b, profile=r.profile, overrides=r.overrides, seed=r.seed,
                index=r.index, swap=not r.swap, a_seats=tuple(
                    p for p in range(2 * len(r.a_seats)) if p not in r.a_seats),
                score=(r.score[1], r.score[0]), winner="b" if r.winner == "a" else "a",
                hands=tuple(HandRecord(h.deal_seed, h.dealer, h.carry, h.b_points, h.a_points,
                                       h.reason) for h in r.hands),
                seconds=r.seconds, think=(r.think[1], r.think[0]),
                decisions=(r.decisions[1], r.decisions[0]),
            ))
    if turned and not out:
        raise ArenaError(f"in these matches every player plays alone: {b} held one seat and "
                         f"{a} every other, which cannot be seen the other way round; "
                         f"summarize(records, {b!r}, {a!r})")
    return out


def _ms_per_move(records: list[MatchResult], role: int) -> float:
    n = sum(r.decisions[role] for r in records)
    return 1000.0 * sum(r.think[role] for r in records) / n if n else 0.0


def summarize(records: Iterable[MatchResult], a: str | AgentSpec | None = None,
              b: str | AgentSpec | None = None) -> PairSummary:
    """The statistics of ``a`` against ``b`` (default: the agents of the first record) over
    the matches between them in ``records`` (all of one profile)."""
    recs = list(records)
    if not recs:
        raise SixtySixError("no matches to summarize")
    na = agent_name(a) if a is not None else recs[0].a
    nb = agent_name(b) if b is not None else recs[0].b
    own = _oriented(recs, na, nb)
    if not own:
        raise SixtySixError(f"no matches between {na} and {nb}")
    if len({(r.profile, r.overrides) for r in own}) > 1:
        raise SixtySixError("the matches are of several profiles: summarize one at a time")
    # legs: of a duplicate set (the cluster); 2 with two sides, the players in a solo profile,
    # where b's figures are per seat: its points over its legs - 1 seats.
    legs = profile_of(own[0]).players if own[0].solo else 2
    clusters: dict[tuple[Any, ...], list[MatchResult]] = defaultdict(list)
    for r in own:
        clusters[(r.seed, r.index, r.a, r.b)].append(r)
    cl = list(clusters.values())
    hands = [float(sum(len(r.hands) for r in c)) for c in cl]
    pa = [float(sum(h.a_points for r in c for h in r.hands)) for c in cl]
    pb = [float(sum(h.b_points for r in c for h in r.hands)) / (legs - 1) for c in cl]
    net = [x - y for x, y in zip(pa, pb)]
    hs = [sum(_hand_share(h, legs) for r in c for h in r.hands) for c in cl]
    played = [float(len(c)) for c in cl]
    mw = [float(sum(r.winner == "a" for r in c)) for c in cl]
    all_hands = [h for r in own for h in r.hands]
    sets = [c for c in cl if len(c) == legs]
    wins = [sum(r.winner == "a" for r in c) for c in sets]
    return PairSummary(
        a=na, b=nb, profile=own[0].profile, overrides=own[0].overrides,
        matches=len(own), pairs=len(sets), hands=len(all_hands),
        a_points=_mean_estimate(pa, hands), b_points=_mean_estimate(pb, hands),
        net=_mean_estimate(net, hands), hand_score=_rate_estimate(hs, hands),
        hand_wins=sum(h.a_points > 0 and h.b_points == 0 for h in all_hands),
        hand_losses=sum(h.b_points > 0 and h.a_points == 0 for h in all_hands),
        hand_draws=sum(h.a_points == 0 and h.b_points == 0 for h in all_hands),
        match_score=_rate_estimate(mw, played),
        a_wins=sum(r.winner == "a" for r in own), b_wins=sum(r.winner == "b" for r in own),
        pair_results=tuple(wins.count(w) for w in range(legs, -1, -1)),
        legs=legs, hand_shared=sum(h.a_points > 0 and h.b_points > 0 for h in all_hands),
        a_ms_per_move=_ms_per_move(own, 0), b_ms_per_move=_ms_per_move(own, 1),
        records=tuple(own),
    )


def _hand_share(h: HandRecord, legs: int) -> float:
    """``a``'s share of a hand's game points; a hand nobody scored counts one in ``legs``
    (with two sides: a won hand 1, a lost one 0, a drawn one half)."""
    total = h.a_points + h.b_points
    return h.a_points / total if total else 1 / legs


# --- Elo -----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class EloRow:
    """One agent's Elo rating (the ratings average 0), its standard error and 95% interval,
    the games it played and the share of points it scored."""

    name: str
    rating: float
    se: float
    low: float
    high: float
    games: int
    score: float

    def as_dict(self) -> dict[str, Any]:
        return {"name": self.name, "rating": self.rating, "se": _finite(self.se),
                "low": _finite(self.low), "high": _finite(self.high), "games": self.games,
                "score": _finite(self.score)}


_C = math.log(10) / 400


def agent_name(x: str | AgentSpec) -> str:
    """An agent's canonical name (its spec text; other names are kept as they are)."""
    try:
        return str(AgentSpec.parse(x))
    except AgentError:
        return str(x)


def elo(records: Iterable[MatchResult], agents: Sequence[str | AgentSpec] | None = None, *,
        unit: str = "match", prior: float = 1.0) -> list[EloRow]:
    """Maximum-likelihood Elo ratings (Bradley-Terry on the 400-point logistic scale) of the
    agents in ``records``, best first. ``unit``: a game is a ``"match"`` (won or lost) or a
    ``"hand"`` (won, lost, or drawn for half). ``prior``: virtual drawn games added to every
    pairing that played, so that a clean sweep still has a finite rating. Standard errors come
    from the observed information (games taken as independent: the duplicate pairing makes
    them conservative). Matches of a solo profile (three-hand: one seat against two) raise
    :class:`~sixtysix_solver.play.results.ArenaError`: they are not games between two."""
    if unit not in ("match", "hand"):
        raise SixtySixError(f"unit must be match or hand, got {unit!r}")
    if not isinstance(prior, (int, float)) or isinstance(prior, bool) or prior < 0:
        raise SixtySixError(f"prior must be a number >= 0, got {prior!r}")
    recs = list(records)
    names = [agent_name(x) for x in agents] if agents is not None else sorted(
        {r.a for r in recs} | {r.b for r in recs})
    if len(set(names)) != len(names):
        raise SixtySixError("Elo needs distinct agents")
    idx = {nm: i for i, nm in enumerate(names)}
    solo = next((r for r in recs if r.solo and r.a in idx and r.b in idx), None)
    if solo is not None:
        raise ArenaError(f"Elo needs two sides: in {solo.profile!r} every player plays alone "
                         "(one seat against two); compare agents two at a time with summarize")
    k = len(names)
    won = np.zeros((k, k))  # won[i, j]: points i scored against j
    games = np.zeros((k, k))
    for r in recs:
        if r.a not in idx or r.b not in idx or r.a == r.b:
            continue
        i, j = idx[r.a], idx[r.b]
        if unit == "match":
            s, n = (1.0 if r.winner == "a" else 0.0), 1.0
        else:
            s = sum(1.0 if h.a_points > 0 else 0.5 if h.b_points == 0 else 0.0 for h in r.hands)
            n = float(len(r.hands))
        won[i, j] += s
        won[j, i] += n - s
        games[i, j] += n
        games[j, i] += n
    played = games > 0
    w = won + np.where(played, prior / 2, 0.0)
    g = games + np.where(played, prior, 0.0)
    rating = np.zeros(k)
    info = np.zeros((k, k))
    for _ in range(100):  # Newton's method on the centred ratings
        diff = rating[:, None] - rating[None, :]
        p = 1.0 / (1.0 + np.exp(-_C * diff))
        grad = _C * (w - g * p).sum(axis=1)
        h = _C * _C * g * p * (1 - p)
        info = np.diag(h.sum(axis=1)) - h
        step = np.linalg.pinv(info) @ grad
        rating = rating + step
        rating -= rating.mean()
        if np.abs(step).max() < 1e-9:
            break
    cov = np.linalg.pinv(info)
    rows = []
    for i, nm in enumerate(names):
        n_i = float(games[i].sum())
        se = float(math.sqrt(max(cov[i, i], 0.0))) if n_i else math.inf
        rows.append(EloRow(
            name=nm, rating=float(rating[i]), se=se,
            low=float(rating[i]) - Z95 * se, high=float(rating[i]) + Z95 * se,
            games=int(round(n_i)) if unit == "match" else int(n_i),
            score=float(won[i].sum()) / n_i if n_i else math.nan,
        ))
    return sorted(rows, key=lambda row: -row.rating)

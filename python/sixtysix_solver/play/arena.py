"""The arena: matches between agents on duplicate deals, statistics with confidence intervals,
and Elo ratings of a round robin.

A *match* is played to the profile's ``match_target`` (7) exactly as ``sixtysix play`` plays
it: the deal moves one seat on after every hand, a drawn hand's carry goes to the next hand,
and each hand's game points (carry included) go to the side that scored. Every match is
played **twice, with the seats swapped** (*duplicate*): match ``i`` deals the same seeded
sequence of hands in both legs (hand ``k`` of match ``i`` is the deal of seed
``derive_seed(seed, "deal", i, k)``, dealt by seat ``(players - 1 + k) % players``), so the
luck of the cards largely cancels within a pair. With partners each agent plays both seats of
its side (one agent object per seat: partners do not share what they see).

Agents are :class:`~sixtysix_solver.agents.AgentSpec` s, built into agents inside the process
that plays the match, so matches run on any :class:`concurrent.futures.Executor` (local
processes by default, or e.g. Dask's ``Client.get_executor()``). Each finished match can be
appended as one JSON line to a results file; a run with the same file skips the matches
already there (resumable). Results depend only on the seed, never on the executor or on the
order in which matches finish.

>>> s = arena("heuristic", "random", profile="schnapsen", matches=2, seed=1, workers=1)
>>> s.matches, s.pairs, s.a_wins + s.b_wins
(4, 2, 4)
>>> s.match_score.value >= 0.5
True
"""

from __future__ import annotations

import json
import math
import os
import time
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np

from ..agents import Agent, AgentError, AgentSpec
from ..rules.seeds import derive_seed
from ..errors import SixtySixError
from ..rules.game import Game
from ..rules.profiles import Profile, format_overrides, get_profile, parse_overrides
from ..knowledge.view import View

__all__ = [
    "EloRow",
    "Estimate",
    "HandRecord",
    "MatchJob",
    "MatchResult",
    "PairSummary",
    "Tournament",
    "arena",
    "elo",
    "load_results",
    "match_jobs",
    "play_match",
    "profile_of",
    "round_robin",
    "run_jobs",
    "summarize",
]

RESULTS_FORMAT = "sixtysix-arena"
RESULTS_VERSION = 1
_Z95 = 1.959963984540054
# Student's t, 97.5% quantile, for 1..30 degrees of freedom (a CI over few duplicate pairs).
_T975 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179,
         2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064,
         2.060, 2.056, 2.052, 2.048, 2.045, 2.042)


def _t975(df: int) -> float:
    if df < 1:
        return math.inf
    if df <= len(_T975):
        return _T975[df - 1]
    z = _Z95  # Cornish-Fisher expansion: within 1e-4 beyond 30 degrees of freedom
    return z + (z**3 + z) / (4 * df) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)


def _profile_key(profile: Profile) -> tuple[str, str]:
    return profile.name, format_overrides(profile)


# --- one match ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class MatchJob:
    """One leg of a duplicate match: agents ``a`` and ``b``, match ``index`` of the run seeded
    ``seed``; ``swap=False`` puts ``a`` on side 0 (seat 0, and 2 with partners), ``True`` on
    side 1. Picklable, so it can be played in another process."""

    a: AgentSpec
    b: AgentSpec
    profile: Profile
    seed: int
    index: int
    swap: bool
    max_hands: int = 500

    @property
    def key(self) -> tuple[str, str, str, str, int, int, bool]:
        """What identifies the match in a results file."""
        name, over = _profile_key(self.profile)
        return (str(self.a), str(self.b), name, over, self.seed, self.index, self.swap)


class HandRecord(NamedTuple):
    """One hand of a match: its deal (seed, dealer), the carry it was dealt with, the game
    points each agent's side received, how it ended."""

    deal_seed: int
    dealer: int
    carry: int
    a_points: int
    b_points: int
    reason: str


@dataclass(frozen=True)
class MatchResult:
    """A finished match: who played (``a_seats``: agent ``a``'s seats), the final match score
    (``a``'s first), the ``winner`` (``"a"`` or ``"b"``), every hand, and the wall time
    (not compared)."""

    a: str
    b: str
    profile: str
    overrides: str
    seed: int
    index: int
    swap: bool
    a_seats: tuple[int, ...]
    score: tuple[int, int]
    winner: str
    hands: tuple[HandRecord, ...]
    seconds: float = field(default=0.0, compare=False)
    # Thinking time and decisions asked of each agent (a's first); forced moves not counted.
    think: tuple[float, float] = field(default=(0.0, 0.0), compare=False)
    decisions: tuple[int, int] = field(default=(0, 0), compare=False)

    @property
    def key(self) -> tuple[str, str, str, str, int, int, bool]:
        return (self.a, self.b, self.profile, self.overrides, self.seed, self.index, self.swap)

    def to_json(self) -> str:
        """One line of JSON (the results file's format)."""
        return json.dumps({
            "format": RESULTS_FORMAT, "version": RESULTS_VERSION,
            "a": self.a, "b": self.b, "profile": self.profile, "overrides": self.overrides,
            "seed": self.seed, "index": self.index, "swap": self.swap,
            "a_seats": list(self.a_seats), "score": list(self.score), "winner": self.winner,
            "hands": [list(h) for h in self.hands], "seconds": round(self.seconds, 3),
            "think": [round(t, 3) for t in self.think], "decisions": list(self.decisions),
        }, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> MatchResult:
        try:
            d = json.loads(text)
            if d.get("format") != RESULTS_FORMAT or d.get("version") != RESULTS_VERSION:
                raise ValueError("not an arena result")
            return cls(
                a=str(d["a"]), b=str(d["b"]), profile=str(d["profile"]),
                overrides=str(d["overrides"]), seed=int(d["seed"]), index=int(d["index"]),
                swap=bool(d["swap"]), a_seats=tuple(int(x) for x in d["a_seats"]),
                score=(int(d["score"][0]), int(d["score"][1])), winner=str(d["winner"]),
                hands=tuple(HandRecord(int(h[0]), int(h[1]), int(h[2]), int(h[3]), int(h[4]),
                                       str(h[5])) for h in d["hands"]),
                seconds=float(d.get("seconds", 0.0)),
                think=(float(d.get("think", (0, 0))[0]), float(d.get("think", (0, 0))[1])),
                decisions=(int(d.get("decisions", (0, 0))[0]),
                           int(d.get("decisions", (0, 0))[1])),
            )
        except (ValueError, KeyError, TypeError, IndexError, AttributeError) as err:
            raise SixtySixError(f"bad arena result line: {err}") from None


def _side(profile: Profile, seat: int) -> int:
    return seat % 2 if profile.players == 4 else seat


def _two_sided(profile: Profile) -> Profile:
    if profile.sides != 2:
        raise SixtySixError(
            f"the arena needs two sides: {profile.name!r} has {profile.players} players each "
            "playing alone"
        )
    return profile


def play_match(job: MatchJob) -> MatchResult:
    """Play one leg (runs in a worker). Each seat gets its own agent, seeded from (seed, match
    index, agent, seat within the side), and sees only ``View.from_game(game, seat)`` when it
    is to act; a decision with a single legal action is played without asking."""
    t0 = time.perf_counter()
    prof = _two_sided(job.profile)
    n = prof.players
    a_side = 1 if job.swap else 0
    agents: list[Agent] = []
    ordinal = [0, 0]
    for seat in range(n):
        is_a = _side(prof, seat) == a_side
        role = "a" if is_a else "b"
        spec = job.a if is_a else job.b
        agents.append(spec.build(seed=derive_seed(job.seed, "agent", job.index, role,
                                                  ordinal[is_a])))
        ordinal[is_a] += 1
    match = [0, 0]
    carry = 0
    hands: list[HandRecord] = []
    think = [0.0, 0.0]  # by role: 0 = a, 1 = b
    asked = [0, 0]
    k = 0
    while max(match) < prof.match_target:
        if k >= job.max_hands:
            raise SixtySixError(f"match {job.index} did not finish in {job.max_hands} hands "
                                f"(score {match[0]}:{match[1]})")
        deal_seed = derive_seed(job.seed, "deal", job.index, k)
        dealer = (n - 1 + k) % n
        game = Game.deal(prof, seed=deal_seed, dealer=dealer, carry=carry)
        game.match_score = tuple(match)  # side 0 first, as in `sixtysix play`
        while not game.is_over:
            to_act = game.to_act
            assert to_act is not None
            legal = game.legal_actions()
            if len(legal) == 1:
                action = legal[0]
            else:
                who = 0 if _side(prof, to_act) == a_side else 1
                t1 = time.perf_counter()
                action = agents[to_act].act(View.from_game(game, to_act))
                think[who] += time.perf_counter() - t1
                asked[who] += 1
                if not game.is_legal(action):  # pragma: no cover - Agent.act checks it
                    raise AgentError(f"{agents[to_act].name} chose the illegal action {action}")
            game.apply(action)
        r = game.result
        assert r is not None
        for s in (0, 1):
            match[s] += r.points[s]
        hands.append(HandRecord(deal_seed, dealer, carry, r.points[a_side], r.points[1 - a_side],
                                r.reason))
        carry = r.carry_out
        k += 1
    name, over = _profile_key(prof)
    return MatchResult(
        a=str(job.a), b=str(job.b), profile=name, overrides=over, seed=job.seed,
        index=job.index, swap=job.swap,
        a_seats=tuple(p for p in range(n) if _side(prof, p) == a_side),
        score=(match[a_side], match[1 - a_side]),
        winner="a" if match[a_side] >= prof.match_target else "b",
        hands=tuple(hands), seconds=time.perf_counter() - t0,
        think=(think[0], think[1]), decisions=(asked[0], asked[1]),
    )


# --- running many ---------------------------------------------------------------------------------
def _spec(x: str | AgentSpec) -> AgentSpec:
    return AgentSpec.parse(x)


def _check_count(name: str, v: object, lo: int) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or v < lo:
        raise SixtySixError(f"{name} must be an integer >= {lo}, got {v!r}")
    return v


def match_jobs(
    a: str | AgentSpec, b: str | AgentSpec, *, profile: str | Profile = "sixty-six",
    matches: int = 10, seed: int = 0, max_hands: int = 500,
) -> list[MatchJob]:
    """The legs of ``matches`` duplicate matches: for each index, ``a`` on side 0, then the
    same deals with the seats swapped."""
    prof = _two_sided(get_profile(profile))
    _check_count("matches", matches, 1)
    _check_count("max_hands", max_hands, 1)
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise SixtySixError(f"seed must be an integer >= 0, got {seed!r}")
    sa, sb = _spec(a), _spec(b)
    return [MatchJob(sa, sb, prof, seed, i, swap, max_hands)
            for i in range(matches) for swap in (False, True)]


def load_results(path: str | os.PathLike[str]) -> list[MatchResult]:
    """Every match in a results file (lines that cannot be read, e.g. the last one of a run
    that was killed while writing, are skipped); a missing file holds none."""
    p = Path(path)
    if not p.exists():
        return []
    out = []
    for line in p.read_text(encoding="utf-8").splitlines():
        if line.strip():
            try:
                out.append(MatchResult.from_json(line))
            except SixtySixError:
                continue
    return out


def _append(path: Path, records: Iterable[MatchResult]) -> None:
    with path.open("a", encoding="utf-8") as f:
        for r in records:
            f.write(r.to_json() + "\n")
        f.flush()
        os.fsync(f.fileno())  # a finished match survives a crash right after


def _progress(enabled: bool, total: int, done: int, label: str) -> Any:
    from rich.console import Console
    from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn,
                               TimeElapsedColumn, TimeRemainingColumn)

    bar = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                   TimeElapsedColumn(), TimeRemainingColumn(),
                   console=Console(stderr=True), disable=not enabled)
    bar.add_task(label, total=total, completed=done)  # task 0: the only one
    return bar


def run_jobs(
    jobs: Sequence[MatchJob],
    *,
    workers: int | None = None,
    executor: Executor | None = None,
    results: str | os.PathLike[str] | None = None,
    progress: bool = False,
    on_result: Callable[[MatchResult], None] | None = None,
) -> list[MatchResult]:
    """Play every job not yet in ``results`` (a JSON-lines file, appended to as each match
    finishes) and return the results of all of them, in the order of ``jobs``.

    ``executor``: any :class:`concurrent.futures.Executor` (it is not shut down). Without one,
    ``workers`` local processes (default: the machine's cores; 1 plays in this process).
    ``progress``: a rich progress bar on stderr. ``on_result`` is called with each new result
    (after it was written)."""
    path = Path(results) if results is not None else None
    done: dict[tuple[Any, ...], MatchResult] = {}
    wanted = {j.key for j in jobs}
    if path is not None:
        for r in load_results(path):
            if r.key in wanted:
                done.setdefault(r.key, r)
        if path.exists() and path.stat().st_size:
            with path.open("rb") as f:
                f.seek(-1, os.SEEK_END)
                if f.read(1) != b"\n":  # a line cut off by a kill: start on a fresh line
                    with path.open("a", encoding="utf-8") as g:
                        g.write("\n")
    todo = [j for j in jobs if j.key not in done]
    if workers is not None:
        _check_count("workers", workers, 1)
    n_workers = workers if workers is not None else (os.cpu_count() or 1)
    labels = sorted({f"{j.a} vs {j.b}" for j in jobs})
    label = labels[0] if len(labels) == 1 else f"{len(labels)} pairings"

    def finished(r: MatchResult) -> None:
        done[r.key] = r
        if path is not None:
            _append(path, [r])
        bar.advance(0)
        if on_result is not None:
            on_result(r)

    parallel = bool(todo) and (executor is not None or (n_workers > 1 and len(todo) > 1))
    own = parallel and executor is None
    ex: Executor | None = None
    futures: list[Future[MatchResult]] = []
    try:
        if parallel:
            # Submitted before the progress bar starts its thread: a forking pool then copies
            # a process that runs no other thread.
            ex = executor if executor is not None else ProcessPoolExecutor(max_workers=n_workers)
            futures = [ex.submit(play_match, job) for job in todo]
        with _progress(progress, len(jobs), len(jobs) - len(todo), label) as bar:
            if parallel:
                for fut in as_completed(futures):
                    finished(fut.result())
            else:
                for job in todo:
                    finished(play_match(job))
    finally:
        for fut in futures:
            fut.cancel()
        if own and ex is not None:
            ex.shutdown(wait=True, cancel_futures=True)
    return [done[j.key] for j in jobs]


# --- statistics -----------------------------------------------------------------------------------
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
    z2 = _Z95 * _Z95
    centre = (r + z2 / (2 * n)) / (1 + z2 / n)
    half = _Z95 * math.sqrt(r * (1 - r) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    se = math.sqrt(var) if var < math.inf else math.sqrt(r * (1 - r) / n)
    return Estimate(r, max(0.0, centre - half), min(1.0, centre + half), se)


@dataclass(frozen=True)
class PairSummary:
    """Agent ``a`` against agent ``b`` over duplicate matches, from ``a``'s point of view.

    ``matches``: legs played; ``pairs``: match indices with both legs (the rest count as
    single legs); ``hands``. Per hand: ``a_points``, ``b_points`` (game points each side
    received) and ``net`` (``a``'s minus ``b``'s). ``hand_score``: share of hands ``a`` won
    (a drawn hand counts half); ``match_score``: share of matches ``a`` won. Intervals are
    95%, clustered by duplicate pair (the two legs of one deal sequence are one observation):
    Student's t for the means, Wilson's interval with the effective sample size for the
    shares. ``pair_results``: pairs ``a`` won 2-0, split 1-1, lost 0-2."""

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
    pair_results: tuple[int, int, int]
    # Mean thinking time per decision asked of each agent, in milliseconds (forced moves
    # excluded; 0 when unrecorded).
    a_ms_per_move: float = field(default=0.0, compare=False)
    b_ms_per_move: float = field(default=0.0, compare=False)
    records: tuple[MatchResult, ...] = field(default=(), repr=False, compare=False)

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
    """The matches between ``a`` and ``b``, each seen from ``a``'s side."""
    out = []
    for r in records:
        if (r.a, r.b) == (a, b):
            out.append(r)
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
    na = _name(a) if a is not None else recs[0].a
    nb = _name(b) if b is not None else recs[0].b
    own = _oriented(recs, na, nb)
    if not own:
        raise SixtySixError(f"no matches between {na} and {nb}")
    if len({(r.profile, r.overrides) for r in own}) > 1:
        raise SixtySixError("the matches are of several profiles: summarize one at a time")
    clusters: dict[tuple[Any, ...], list[MatchResult]] = defaultdict(list)
    for r in own:
        clusters[(r.seed, r.index, r.a, r.b)].append(r)
    cl = list(clusters.values())
    hands = [float(sum(len(r.hands) for r in c)) for c in cl]
    pa = [float(sum(h.a_points for r in c for h in r.hands)) for c in cl]
    pb = [float(sum(h.b_points for r in c for h in r.hands)) for c in cl]
    net = [x - y for x, y in zip(pa, pb)]
    hs = [sum(1.0 if h.a_points > 0 else 0.5 if h.b_points == 0 else 0.0
              for r in c for h in r.hands) for c in cl]
    legs = [float(len(c)) for c in cl]
    mw = [float(sum(r.winner == "a" for r in c)) for c in cl]
    all_hands = [h for r in own for h in r.hands]
    pairs = [c for c in cl if len(c) == 2]
    wins = [sum(r.winner == "a" for r in c) for c in pairs]
    return PairSummary(
        a=na, b=nb, profile=own[0].profile, overrides=own[0].overrides,
        matches=len(own), pairs=len(pairs), hands=len(all_hands),
        a_points=_mean_estimate(pa, hands), b_points=_mean_estimate(pb, hands),
        net=_mean_estimate(net, hands), hand_score=_rate_estimate(hs, hands),
        hand_wins=sum(h.a_points > 0 for h in all_hands),
        hand_losses=sum(h.b_points > 0 for h in all_hands),
        hand_draws=sum(h.a_points == 0 and h.b_points == 0 for h in all_hands),
        match_score=_rate_estimate(mw, legs),
        a_wins=sum(r.winner == "a" for r in own), b_wins=sum(r.winner == "b" for r in own),
        pair_results=(wins.count(2), wins.count(1), wins.count(0)),
        a_ms_per_move=_ms_per_move(own, 0), b_ms_per_move=_ms_per_move(own, 1),
        records=tuple(own),
    )


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


def _name(x: str | AgentSpec) -> str:
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
    them conservative)."""
    if unit not in ("match", "hand"):
        raise SixtySixError(f"unit must be match or hand, got {unit!r}")
    if not isinstance(prior, (int, float)) or isinstance(prior, bool) or prior < 0:
        raise SixtySixError(f"prior must be a number >= 0, got {prior!r}")
    recs = list(records)
    names = [_name(x) for x in agents] if agents is not None else sorted(
        {r.a for r in recs} | {r.b for r in recs})
    if len(set(names)) != len(names):
        raise SixtySixError("Elo needs distinct agents")
    idx = {nm: i for i, nm in enumerate(names)}
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
            low=float(rating[i]) - _Z95 * se, high=float(rating[i]) + _Z95 * se,
            games=int(round(n_i)) if unit == "match" else int(n_i),
            score=float(won[i].sum()) / n_i if n_i else math.nan,
        ))
    return sorted(rows, key=lambda row: -row.rating)


# --- the front doors ------------------------------------------------------------------------------
def arena(
    a: str | AgentSpec,
    b: str | AgentSpec,
    *,
    profile: str | Profile = "sixty-six",
    matches: int = 10,
    seed: int = 0,
    workers: int | None = None,
    executor: Executor | None = None,
    results: str | os.PathLike[str] | None = None,
    progress: bool = False,
    max_hands: int = 500,
    on_result: Callable[[MatchResult], None] | None = None,
) -> PairSummary:
    """``matches`` duplicate matches of ``a`` against ``b`` (``2 * matches`` played) and their
    statistics. Running options as :func:`run_jobs`."""
    jobs = match_jobs(a, b, profile=profile, matches=matches, seed=seed, max_hands=max_hands)
    recs = run_jobs(jobs, workers=workers, executor=executor, results=results,
                    progress=progress, on_result=on_result)
    return summarize(recs, jobs[0].a, jobs[0].b)


@dataclass(frozen=True)
class Tournament:
    """A round robin: every pairing's summary, the Elo table (best first) and every match."""

    agents: tuple[str, ...]
    profile: str
    overrides: str
    pairs: tuple[PairSummary, ...]
    elo: tuple[EloRow, ...]
    records: tuple[MatchResult, ...] = field(repr=False, compare=False)


def round_robin(
    agents: Sequence[str | AgentSpec],
    *,
    profile: str | Profile = "sixty-six",
    matches: int = 10,
    seed: int = 0,
    workers: int | None = None,
    executor: Executor | None = None,
    results: str | os.PathLike[str] | None = None,
    progress: bool = False,
    max_hands: int = 500,
    unit: str = "match",
    on_result: Callable[[MatchResult], None] | None = None,
) -> Tournament:
    """``matches`` duplicate matches between every two of ``agents`` (in the order given: the
    earlier one is ``a``), the summaries and the Elo table (:func:`elo` with ``unit``)."""
    specs = [_spec(x) for x in agents]
    names = [str(s) for s in specs]
    if len(specs) < 2 or len(set(names)) != len(names):
        raise SixtySixError("a round robin needs at least two distinct agents")
    if unit not in ("match", "hand"):
        raise SixtySixError(f"unit must be match or hand, got {unit!r}")
    jobs = [j for i in range(len(specs)) for k in range(i + 1, len(specs))
            for j in match_jobs(specs[i], specs[k], profile=profile, matches=matches,
                                seed=seed, max_hands=max_hands)]
    recs = run_jobs(jobs, workers=workers, executor=executor, results=results,
                    progress=progress, on_result=on_result)
    pairs = tuple(summarize(recs, names[i], names[k])
                  for i in range(len(names)) for k in range(i + 1, len(names)))
    prof = get_profile(profile)
    name, over = _profile_key(prof)
    return Tournament(tuple(names), name, over, pairs, tuple(elo(recs, names, unit=unit)),
                      tuple(recs))


def profile_of(record: MatchResult) -> Profile:
    """The profile a result was played with."""
    return get_profile(record.profile, **parse_overrides(record.overrides))

"""The arena: matches between agents on duplicate deals, played on any executor, and the front
doors that summarise them (:func:`arena`, :func:`round_robin`). The statistics with confidence
intervals and the Elo ratings are :mod:`sixtysix_solver.play.stats`, the results and the
results file :mod:`sixtysix_solver.play.results` (their names are importable from here too).

A *match* is played to the profile's ``match_target`` (7) exactly as ``sixtysix play`` plays
it: the deal moves one seat on after every hand, a drawn hand's carry goes to the next hand,
and each hand's game points (carry included) go to the side that scored. Every match is
played **twice, with the seats swapped** (*duplicate*): match ``i`` deals the same seeded
sequence of hands in both legs (hand ``k`` of match ``i`` is the deal of seed
``derive_seed(seed, "deal", i, k)``, dealt by seat ``(players - 1 + k) % players``), so the
luck of the cards largely cancels within a pair. With partners each agent plays both seats of
its side (one agent object per seat: partners do not share what they see).

**Solo profiles** (three-hand: every player alone, ``profile.sides == profile.players``):
agent ``a`` takes one seat and ``b`` every other seat (one agent object per seat, seeded
apart), and match ``i`` is played once with ``a`` in each seat (``MatchJob.a_seat`` 0, 1, 2)
on the same deals: the *duplicate set* of three legs. The match goes to the first player to
reach the target alone on top: when a hand brings several players level at the top at or
above the target (two opponents of a false claimant, each paid 1), play goes on until one
leads (the rules are silent; this is the arena's assumption). ``a`` wins a leg when it is
that player: one leg in three at equal strength. The statistics are ``a``'s against the mean
of ``b``'s seats; a round robin and Elo need two sides and refuse solo profiles
(:class:`ArenaError`).

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
>>> solo = arena("heuristic", "random", profile="three-hand", matches=2, seed=1, workers=1)
>>> solo.matches, solo.pairs, solo.legs, [r.a_seat for r in solo.records]
(6, 2, 3, [0, 1, 2, 0, 1, 2])
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .._version import __version__
from ..agents import Agent, AgentError, AgentSpec, act_in_game
from ..errors import SixtySixError
from ..rules.game import Game
from ..rules.profiles import Profile, get_profile
from ..rules.seeds import derive_seed
from .results import (
    ArenaError,
    HandRecord,
    MatchKey,
    MatchResult,
    append_results,
    load_results,
    match_key,
    profile_key,
    profile_of,
)
from .stats import EloRow, Estimate, PairSummary, elo, summarize

__all__ = [  # the statistics and the results file's names too: the arena is the front door
    "ArenaError",
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


# --- one match ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class MatchJob:
    """One leg of a duplicate match: agents ``a`` and ``b``, match ``index`` of the run seeded
    ``seed``; ``swap=False`` puts ``a`` on side 0 (seat 0, and 2 with partners), ``True`` on
    side 1. In a solo profile (three-hand) ``a_seat`` is ``a``'s seat (``b`` holds every other
    one) and ``swap`` is ``False``; with two sides ``a_seat`` is ``None``. Picklable, so it can
    be played in another process."""

    a: AgentSpec
    b: AgentSpec
    profile: Profile
    seed: int
    index: int
    swap: bool
    max_hands: int = 500
    a_seat: int | None = None

    def __post_init__(self) -> None:
        if _solo(self.profile):
            if (not isinstance(self.a_seat, int) or isinstance(self.a_seat, bool)
                    or not 0 <= self.a_seat < self.profile.players or self.swap):
                raise ArenaError(
                    f"{self.profile.name}: every player plays alone, so a match job gives a's "
                    f"seat (a_seat 0 to {self.profile.players - 1}, swap=False), got "
                    f"a_seat={self.a_seat!r}, swap={self.swap!r}")
        elif self.a_seat is not None:
            raise ArenaError(f"{self.profile.name} has two sides: a's place is given by swap, "
                             f"not a_seat (got a_seat={self.a_seat!r})")

    @property
    def key(self) -> MatchKey:
        """What identifies the match in a results file."""
        name, over = profile_key(self.profile)
        return match_key(str(self.a), str(self.b), name, over, self.seed, self.index,
                         self.swap, self.a_seat)


def _solo(profile: Profile) -> bool:
    """Every player plays alone (three-hand): a duplicate set is one leg per seat of ``a``."""
    return profile.sides == profile.players > 2


def _seated(profile: Profile) -> Profile:
    """The profile, if the arena can seat two agents in it: two sides, or every player alone."""
    if profile.sides != 2 and not _solo(profile):  # pragma: no cover - no such profile yet
        raise ArenaError(f"the arena cannot seat two agents in {profile.name!r}: "
                         f"{profile.players} players in {profile.sides} sides")
    return profile


def play_match(job: MatchJob) -> MatchResult:
    """Play one leg (runs in a worker). Each seat gets its own agent, seeded from (seed, match
    index, agent, seat within the side; in a solo profile ``b``'s seats are numbered in seat
    order), and sees only ``View.from_game(game, seat)`` when it is to act (and the hand's
    public history from that seat, if it infers from play); a decision with a single legal
    action is played without asking."""
    t0 = time.perf_counter()
    prof = _seated(job.profile)
    solo = _solo(prof)
    n = prof.players
    a_side = job.a_seat if job.a_seat is not None else (1 if job.swap else 0)
    agents: list[Agent] = []
    ordinal = [0, 0]
    for seat in range(n):
        is_a = prof.side(seat) == a_side
        role = "a" if is_a else "b"
        spec = job.a if is_a else job.b
        agents.append(spec.build(seed=derive_seed(job.seed, "agent", job.index, role,
                                                  ordinal[is_a])))
        ordinal[is_a] += 1
    a_first = next(p for p in range(n) if prof.side(p) == a_side)
    b_first = next(p for p in range(n) if prof.side(p) != a_side)
    match = [0] * prof.sides
    carry = 0
    hands: list[HandRecord] = []
    think = [0.0, 0.0]  # by role: 0 = a, 1 = b
    asked = [0, 0]
    k = 0
    while (leader := prof.match_winner(match)) is None:
        if k >= job.max_hands:
            raise SixtySixError(f"match {job.index} did not finish in {job.max_hands} hands "
                                f"(score {':'.join(str(x) for x in match)})")
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
                who = 0 if prof.side(to_act) == a_side else 1
                t1 = time.perf_counter()
                action = act_in_game(agents[to_act], game, to_act)
                think[who] += time.perf_counter() - t1
                asked[who] += 1
                if not game.is_legal(action):  # pragma: no cover - Agent.act checks it
                    raise AgentError(f"{agents[to_act].name} chose the illegal action {action}")
            game.apply(action)
        r = game.result
        assert r is not None
        for s in range(prof.sides):
            match[s] += r.points[s]
        hands.append(HandRecord(
            deal_seed, dealer, carry, r.points[a_side],
            sum(p for s, p in enumerate(r.points) if s != a_side), r.reason,
            tuple(r.points) if solo else None))
        carry = r.carry_out
        k += 1
    name, over = profile_key(prof)
    return MatchResult(
        a=str(job.a), b=str(job.b), profile=name, overrides=over, seed=job.seed,
        index=job.index, swap=job.swap,
        a_seats=tuple(p for p in range(n) if prof.side(p) == a_side),
        score=(match[a_side], max(m for s, m in enumerate(match) if s != a_side)),
        winner="a" if leader == a_side else "b",
        hands=tuple(hands), seconds=time.perf_counter() - t0,
        think=(think[0], think[1]), decisions=(asked[0], asked[1]), a_seat=job.a_seat,
        settings=(agents[a_first].settings(prof.name), agents[b_first].settings(prof.name)),
        package=__version__,
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
    same deals with the seats swapped; in a solo profile (three-hand), ``a`` in seat 0, 1, ...
    on the same deals (one leg per seat)."""
    prof = _seated(get_profile(profile))
    _check_count("matches", matches, 1)
    _check_count("max_hands", max_hands, 1)
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise SixtySixError(f"seed must be an integer >= 0, got {seed!r}")
    sa, sb = _spec(a), _spec(b)
    if _solo(prof):
        return [MatchJob(sa, sb, prof, seed, i, False, max_hands, a_seat=seat)
                for i in range(matches) for seat in range(prof.players)]
    return [MatchJob(sa, sb, prof, seed, i, swap, max_hands)
            for i in range(matches) for swap in (False, True)]


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
    done: dict[MatchKey, MatchResult] = {}
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
            append_results(path, [r])
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
    """``matches`` duplicate matches of ``a`` against ``b`` (``2 * matches`` played; in a solo
    profile ``players * matches``, ``a`` in each seat) and their statistics. Running options
    as :func:`run_jobs`."""
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
    earlier one is ``a``), the summaries and the Elo table (:func:`elo` with ``unit``). Needs
    two sides: a solo profile (three-hand) raises :class:`ArenaError`, as pairwise ratings of
    one seat against two are not a round robin."""
    prof = get_profile(profile)
    if _solo(prof):
        raise ArenaError(f"a round robin and Elo need two sides: in {prof.name!r} every player "
                         "plays alone; compare agents two at a time with arena(a, b)")
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
    name, over = profile_key(prof)
    return Tournament(tuple(names), name, over, pairs, tuple(elo(recs, names, unit=unit)),
                      tuple(recs))

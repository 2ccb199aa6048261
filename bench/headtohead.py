"""Head to head: perfect-information Monte Carlo (PIMC) against information-set MCTS (ISMCTS).

    python bench/headtohead.py --profile schnapsen --deals 60        # schnapsen, 120 hands
    python bench/headtohead.py --profile sixty-six --deals 8 --worlds 10 --iterations 20000
    python bench/headtohead.py --quick                               # a smoke run (~1 minute)

Each seeded deal is played twice with the seats swapped (*duplicate*): once with ISMCTS in seat
0 and PIMC in seat 1, once the other way round, so the luck of the cards cancels within a pair.
Each agent sees only ``View.from_game(game, seat)`` when it is its turn to choose (decisions with
a single legal action are played without asking it) and returns an action.

* PIMC: :func:`sixtysix_solver.recommend.recommend` (``--worlds`` sampled worlds, every legal
  action solved exactly in each, the best average), on one solver thread. If the package has no
  ``recommend`` yet, a local PIMC does the same with :func:`sixtysix_solver.solve.solve`.
* ISMCTS: :func:`sixtysix_solver.ismcts.ismcts` with ``--iterations`` iterations (``--rollout``,
  ``--c``).

Both budgets are fixed counts, so a run is reproducible for its ``--seed``; the time each agent
spent per decision is measured and printed, and comparable budgets are the caller's choice (the
defaults are roughly matched on one core: PIMC's time per decision is front-loaded, the solves
of the first tricks being the costly ones, while an ISMCTS iteration costs about the same all
hand long).

Per profile it prints: hands played, the mean game points per hand each agent scored, ISMCTS's
net result per hand (its game points minus PIMC's, zero-sum) with a 95% confidence interval over
the duplicate pairs (the pair's mean is one observation), how often each side won the hand, and
the mean / max seconds per decision of each agent.
"""

from __future__ import annotations

import argparse
import inspect
import math
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from sixtysix_solver import Action, Game, View, get_profile
from sixtysix_solver.ismcts import ismcts
from sixtysix_solver.solve import solve
from sixtysix_solver.worlds import sample_worlds

try:  # the package's PIMC recommender
    from sixtysix_solver.recommend import recommend as _recommend
except ImportError:  # pragma: no cover - only before recommend.py existed
    _recommend = None  # type: ignore[assignment]

Agent = Callable[[View, int], Action]
NAMES = ("ISMCTS", "PIMC")


# --- the machine ------------------------------------------------------------------------------
def machine() -> str:
    model = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines():
            if line.lower().startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    load = " ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    return (f"{model}, {os.cpu_count()} logical cores, load average {load}; "
            f"Python {platform.python_version()}")


# --- the agents -------------------------------------------------------------------------------
def local_pimc(view: View, worlds: int, seed: int) -> Action:
    """PIMC without the package's recommender: solve every sampled world with every action's
    value, average, take the best (ties: the lowest action code)."""
    totals: dict[Action, float] = {}
    for w in sample_worlds(view, worlds, seed):
        for av in solve(w, actions=True, pv=False).actions:
            totals[av.action] = totals.get(av.action, 0.0) + av.value
    return max(sorted(totals, key=lambda a: a.code), key=lambda a: totals[a])


def pimc_agent(worlds: int) -> Agent:
    if _recommend is None:
        return lambda view, seed: local_pimc(view, worlds, seed)
    rec = _recommend
    extra = {"threads": 1} if "threads" in inspect.signature(rec).parameters else {}

    def act(view: View, seed: int) -> Action:
        return rec(view, worlds=worlds, seed=seed, **extra).best  # type: ignore[arg-type]

    return act


def ismcts_agent(iterations: int, rollout: str, c: float) -> Agent:
    def act(view: View, seed: int) -> Action:
        return ismcts(view, iterations=iterations, seed=seed, rollout=rollout,  # type: ignore[arg-type]
                      c=c).best

    return act


# --- one hand, one pair -----------------------------------------------------------------------
@dataclass
class Hand:
    returns: float  # ISMCTS's net game points (its side's minus the other side's)
    points: tuple[int, int]  # game points received by ISMCTS's side, by PIMC's side
    winner: str  # "ISMCTS", "PIMC" or "none"
    times: dict[str, list[float]] = field(default_factory=dict)
    actions: list[str] = field(default_factory=list)


def play(profile: str, deal_seed: int, ismcts_seat: int, agents: dict[str, Agent],
         seed: int) -> Hand:
    """One hand of a seeded deal: ISMCTS in ``ismcts_seat``, PIMC in the other seat(s)."""
    g = Game.deal(profile, seed=deal_seed)
    who = ["ISMCTS" if p == ismcts_seat else "PIMC" for p in range(g.players)]
    times: dict[str, list[float]] = {n: [] for n in NAMES}
    move = 0
    while not g.is_over:
        p = g.to_act
        assert p is not None
        legal = g.legal_actions()
        if len(legal) == 1:
            a = legal[0]
        else:
            view = View.from_game(g, p)
            s = (seed * 1_000_003 + deal_seed * 7919 + move) % 2**63
            t0 = time.perf_counter()
            a = agents[who[p]](view, s)
            times[who[p]].append(time.perf_counter() - t0)
            if a not in legal:
                raise RuntimeError(f"{who[p]} chose the illegal action {a} in {g!r}")
        g.apply(a)
        move += 1
    res = g.result
    assert res is not None
    side = ismcts_seat % 2 if g.players == 4 else ismcts_seat
    winner = "none" if res.winner is None else ("ISMCTS" if res.winner == side else "PIMC")
    return Hand(float(res.returns[ismcts_seat]), (res.points[side], res.points[1 - side]),
                winner, times, [str(a) for a in g.actions])


@dataclass
class Job:
    profile: str
    deal: int
    deal_seed: int
    worlds: int
    iterations: int
    rollout: str
    c: float
    seed: int


def play_pair(job: Job) -> tuple[int, Hand, Hand]:
    agents = {"ISMCTS": ismcts_agent(job.iterations, job.rollout, job.c),
              "PIMC": pimc_agent(job.worlds)}
    a = play(job.profile, job.deal_seed, 0, agents, job.seed)
    b = play(job.profile, job.deal_seed, 1, agents, job.seed)
    return job.deal, a, b


# --- statistics -------------------------------------------------------------------------------
def t975(df: int) -> float:
    """The 97.5% quantile of Student's t (Cornish-Fisher expansion; exact enough for a CI)."""
    z = 1.959963984540054
    if df < 1:
        return math.inf
    return (z + (z**3 + z) / (4 * df) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)
            + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * df**3))


def mean_ci(xs: Sequence[float]) -> tuple[float, float]:
    m = statistics.fmean(xs)
    if len(xs) < 2:
        return m, math.inf
    return m, t975(len(xs) - 1) * statistics.stdev(xs) / math.sqrt(len(xs))


def report(profile: str, args: argparse.Namespace, pairs: list[tuple[Hand, Hand]],
           wall: float) -> None:
    hands = [h for pair in pairs for h in pair]
    n = len(hands)
    m, half = mean_ci([(a.returns + b.returns) / 2 for a, b in pairs])
    wins = {k: sum(h.winner == k for h in hands) for k in ("ISMCTS", "PIMC", "none")}
    print(f"\n== {profile}: {len(pairs)} duplicate deals, {n} hands "
          f"(PIMC {args.worlds} worlds, ISMCTS {args.iterations} iterations, rollout "
          f"{args.rollout}, c={args.c}; seed {args.seed}; {wall:.0f} s)")
    print(f"  game points per hand: ISMCTS {statistics.fmean(h.points[0] for h in hands):.3f}, "
          f"PIMC {statistics.fmean(h.points[1] for h in hands):.3f}")
    print(f"  ISMCTS net per hand (minus PIMC): {m:+.3f} +- {half:.3f} (95% CI "
          f"[{m - half:+.3f}, {m + half:+.3f}], paired by deal)")
    print(f"  hands won: ISMCTS {wins['ISMCTS']} ({wins['ISMCTS'] / n:.1%}), PIMC "
          f"{wins['PIMC']} ({wins['PIMC'] / n:.1%}), nobody {wins['none']}")
    for name in NAMES:
        ts = [t for h in hands for t in h.times[name]]
        if ts:
            print(f"  {name:6s} seconds per decision: mean {statistics.fmean(ts):.3f}, median "
                  f"{statistics.median(ts):.3f}, max {max(ts):.3f} over {len(ts)} decisions; "
                  f"{sum(ts) / n:.2f} s per hand")


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--profile", action="append",
                    help="a two-sided profile; repeat for several (default: schnapsen and "
                         "sixty-six)")
    ap.add_argument("--deals", type=int, default=40, help="duplicate deals per profile (40)")
    ap.add_argument("--worlds", type=int, default=100, help="PIMC worlds per decision (100)")
    ap.add_argument("--iterations", type=int, default=10000,
                    help="ISMCTS iterations per decision (10000)")
    ap.add_argument("--rollout", choices=("solver", "random"), default="solver",
                    help="ISMCTS rollout (solver)")
    ap.add_argument("--c", type=float, default=0.7, help="ISMCTS exploration constant (0.7)")
    ap.add_argument("--seed", type=int, default=1, help="seed of the deals and the agents (1)")
    ap.add_argument("--jobs", type=int, default=1,
                    help="deals played in parallel processes (1; timings are per process)")
    ap.add_argument("--quick", action="store_true",
                    help="a smoke run: 3 deals per profile, 10 PIMC worlds, 1000 iterations")
    args = ap.parse_args(argv)
    if args.quick:
        args.deals, args.worlds, args.iterations = 3, 10, 1000
    profiles = args.profile or ["schnapsen", "sixty-six"]
    for name in profiles:
        if get_profile(name).sides != 2:
            ap.error(f"{name}: head to head needs a two-sided profile")
    if args.deals < 1 or args.worlds < 1 or args.iterations < 1 or args.jobs < 1:
        ap.error("--deals, --worlds, --iterations and --jobs must be positive")
    pimc = ("sixtysix_solver.recommend.recommend" if _recommend is not None
            else "local PIMC (no sixtysix_solver.recommend)")
    print(f"machine: {machine()}")
    print(f"PIMC: {pimc}; ISMCTS: sixtysix_solver.ismcts.ismcts")
    for name in profiles:
        rng = random.Random(f"headtohead {name} {args.seed}")
        jobs = [Job(name, i, rng.randrange(2**32), args.worlds, args.iterations, args.rollout,
                    args.c, args.seed) for i in range(args.deals)]
        t0 = time.perf_counter()
        pairs: dict[int, tuple[Hand, Hand]] = {}

        def done(deal: int, a: Hand, b: Hand) -> None:
            pairs[deal] = (a, b)
            print(f"  {name} deal {deal:3d} (seed {jobs[deal].deal_seed}): ISMCTS as seat 0 "
                  f"{a.returns:+.0f}, as seat 1 {b.returns:+.0f}  [{time.perf_counter() - t0:.0f} s]",
                  flush=True)

        if args.jobs == 1:
            for job in jobs:
                done(*play_pair(job))
        else:
            with ProcessPoolExecutor(args.jobs) as pool:
                for out in pool.map(play_pair, jobs):
                    done(*out)
        report(name, args, [pairs[i] for i in range(len(jobs))], time.perf_counter() - t0)
    return 0


if __name__ == "__main__":
    sys.exit(main())

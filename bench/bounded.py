"""Advice in bounded time (issue 19): answers on time in every profile, and how good they are.

    python bench/bounded.py first      # time to the first answer and budgets kept, every profile
    python bench/bounded.py quality    # 1-s choices against a long reference run, two-player profiles
    python bench/bounded.py race       # what the race of the actions saves at a world budget
    python bench/bounded.py --help     # the options (hands, positions, budgets, methods)

(a) ``first``: seeded hands played by the club player at every seat; at every decision with
    more than one legal action, ``recommend`` from the view of the seat to act with each
    budget. Reports per profile: decisions, the time to the first answer (the first progress
    report, or the return), its median and 90th percentile, the share of calls that returned
    within the budget + 10%, the worst overshoot, and the methods used (exact / horizon / rule).
(b) ``quality``: open-phase decisions (stock in play) of seeded club-played hands in each
    two-player profile with a stock. A long reference run (``--reference`` seconds: exact
    worlds in the decks of 24 cards or fewer, else the auto method at horizon 3) scores every
    action; each method under test (``--methods``) then
    chooses within ``--budget`` seconds (``ismcts``: information-set MCTS with exact
    strict-phase leaves, the other approach tried; ``reference``: the reference recipe again
    on other worlds, which measures the reference's own noise). Reports per profile and method:
    how often the choice is the reference's, the mean loss in the reference's expected game
    points, and the agreement on the *clear* positions, where the reference's best beats its
    runner-up by more than two paired standard errors.

(c) ``race``: the same open-phase decisions, each valued on ``--worlds`` sampled worlds (one
    thread, no time limit) with the race of the actions (``SearchLimits.race``, the default)
    and without it. Reports per profile: the mean number of actions, the share of decisions
    where the race left some action behind, the nodes and the time with the race as a share
    of those without (nodes are the same on every run), and how often the choice is the same.

Times depend on the machine and its load: the header prints the machine, and the figures
compare methods measured in the same run.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass

from sixtysix_solver import PROFILES, Game, View, recommend
from sixtysix_solver.advice.club import club_choice
from sixtysix_solver.advice.ismcts import ismcts
from sixtysix_solver.advice.limits import SearchLimits
from sixtysix_solver.advice.recommend import (
    Recommendation,
    paired_difference,
    stock_in_play,
)
from sixtysix_solver.knowledge.legal import legal_actions

TWO_PLAYER_STOCK = ["sixty-six", "sixty-six-jaques", "schnapsen", "schnapsen-jaques", "mariage",
                    "mariage-piquet", "double-deck"]


def decisions(profile: str, hands: int, seed: int) -> Iterator[View]:
    """Every decision (more than one legal action) of ``hands`` seeded hands, the club player
    acting at every seat (with one random action in five, so that hands differ)."""
    rng = random.Random(f"{profile} {seed}")
    for h in range(hands):
        g = Game.deal(profile, seed=seed * 1000 + h, dealer=h % PROFILES[profile].players)
        while not g.is_over:
            view = View.from_game(g)
            legal = legal_actions(view)
            if len(legal) > 1:
                yield view
            a = rng.choice(legal) if rng.random() < 0.2 else club_choice(view, legal)
            g.apply(a)


@dataclass
class Timed:
    first: float
    total: float
    rec: Recommendation


def timed(view: View, limits: SearchLimits) -> Timed:
    start = time.perf_counter()
    first: list[float] = []

    def progress(_r: Recommendation) -> None:
        if not first:
            first.append(time.perf_counter() - start)

    rec = recommend(view, limits=limits, on_progress=progress)
    total = time.perf_counter() - start
    return Timed(first[0] if first else total, total, rec)


def run_first(args: argparse.Namespace) -> None:
    budgets = [float(b) for b in args.budgets.split(",")]
    print(f"(a) first answer and budgets: {args.hands} hands per profile, budgets {budgets} s, "
          f"threads {args.threads}")
    print(f"{'profile':18s} {'budget':>6s} {'n':>5s} {'first med':>9s} {'p90':>7s} "
          f"{'in +10%':>8s} {'worst':>7s}  methods")
    for profile in args.profiles:
        views = list(decisions(profile, args.hands, args.seed))
        for budget in budgets:
            rows = [timed(v, SearchLimits(time_limit=budget, seed=i, threads=args.threads))
                    for i, v in enumerate(views)]
            firsts = sorted(r.first for r in rows)
            within = sum(r.total <= budget * 1.1 for r in rows) / len(rows)
            worst = max(r.total for r in rows)
            methods: dict[str, int] = {}
            for r in rows:
                methods[r.rec.method] = methods.get(r.rec.method, 0) + 1
            p90 = firsts[int(0.9 * (len(firsts) - 1))]
            print(f"{profile:18s} {budget:6.2f} {len(rows):5d} {statistics.median(firsts):9.3f} "
                  f"{p90:7.3f} {within:8.1%} {worst:7.3f}  "
                  + " ".join(f"{k}:{v}" for k, v in sorted(methods.items())), flush=True)


def run_quality(args: argparse.Namespace) -> None:
    methods = args.methods.split(",")
    print(f"(b) decision quality: {args.positions} open-phase positions per profile, "
          f"{args.budget} s per choice against a {args.reference} s reference, threads "
          f"{args.threads}")
    print(f"{'profile':18s} {'method':9s} {'n':>4s} {'agree':>7s} {'loss':>7s} {'worlds':>7s} "
          f"{'clear':>5s} {'agree':>7s}  (worlds: mean worlds, or ISMCTS iterations, per choice; "
          "clear: positions whose reference best beats its runner-up by 2 paired standard errors, "
          "and the agreement on those)")
    for profile in args.profiles:
        if profile not in TWO_PLAYER_STOCK:
            continue
        views = open_positions(profile, args.positions, args.seed)
        # The reference: exact worlds where a deal of at most 24 cards makes them affordable
        # (sixty-six, schnapsen), else the horizon search one trick deeper than the default.
        ref_method = "exact" if PROFILES[profile].deck_size <= 24 else "auto"

        def reference(v: View, seed: int, ref_method: str = ref_method) -> Recommendation:
            return recommend(v, limits=SearchLimits(worlds=100_000, time_limit=args.reference,
                                                    seed=seed, horizon=3, method=ref_method,
                                                    threads=args.threads))

        refs = [reference(v, 10_000 + i) for i, v in enumerate(views)]
        clear = [is_clear(ref) for ref in refs]
        for method in methods:
            agree, loss, worlds, agree_clear = 0, 0.0, 0, 0
            for i, (v, ref) in enumerate(zip(views, refs)):
                if method == "reference":  # the reference again on other worlds: its own noise
                    again = reference(v, 20_000 + i)
                    choice, used = again.best, again.worlds
                elif method == "ismcts":  # the other approach: one tree over the information set
                    r = ismcts(v, limits=SearchLimits(iterations=10**7, time_limit=args.budget,
                                                      seed=i))
                    choice, used = r.best, r.iterations
                else:  # "auto-flat": the auto method without deeper passes (deepen=False);
                    # "auto-norace": every action valued in every world (race=False);
                    # "auto@300": at most 300 worlds (instead of --worlds)
                    name, _, cap = method.partition("@")
                    base, _, option = name.partition("-")
                    rec = recommend(v, limits=SearchLimits(
                        worlds=int(cap) if cap else args.worlds, time_limit=args.budget, seed=i,
                        method=base, deepen=option != "flat", race=option != "norace",
                        threads=args.threads))
                    choice, used = rec.best, rec.worlds
                best = max(s.mean for s in ref.actions)
                agree += choice == ref.best
                agree_clear += clear[i] and choice == ref.best
                loss += best - ref.stats(choice).mean
                worlds += used
            n, nc = len(views), sum(clear)
            print(f"{profile:18s} {method:9s} {n:4d} {agree / n:7.1%} {loss / n:7.3f} "
                  f"{worlds // max(n, 1):7d} {nc:5d} {agree_clear / max(nc, 1):7.1%}", flush=True)


def open_positions(profile: str, positions: int, seed: int) -> list[View]:
    """``positions`` open-phase decisions (stock in play) of seeded club-played hands, shuffled
    by the profile's name: the positions of ``quality`` and ``race``."""
    views = [v for v in decisions(profile, positions * 3, seed + 7) if stock_in_play(v)]
    random.Random(profile).shuffle(views)
    return views[:positions]


def run_race(args: argparse.Namespace) -> None:
    worlds = min(args.worlds, 100_000)
    print(f"(c) the race of the actions: {args.positions} open-phase positions per profile, "
          f"{worlds} sampled worlds each, one thread, with the race and without")
    print(f"{'profile':18s} {'n':>4s} {'actions':>7s} {'raced':>6s} {'nodes':>7s} {'time':>6s} "
          f"{'same':>6s}  (raced: decisions where some action was left behind; nodes, time: "
          "with the race as a share of without; same: the same choice)")
    for profile in args.profiles:
        if profile not in TWO_PLAYER_STOCK:
            continue
        n_actions = raced = same = 0
        nodes = {True: 0, False: 0}
        seconds = {True: 0.0, False: 0.0}
        views = open_positions(profile, args.positions, args.seed)
        for i, v in enumerate(views):
            recs = {}
            for race in (False, True):
                t = time.perf_counter()
                recs[race] = recommend(v, limits=SearchLimits(
                    worlds=worlds, exact=False, seed=i, threads=1, race=race))
                seconds[race] += time.perf_counter() - t
                nodes[race] += recs[race].nodes
            n_actions += len(recs[True].actions)
            raced += recs[True].valued is not None
            same += recs[True].best == recs[False].best
        n = max(1, len(views))
        print(f"{profile:18s} {len(views):4d} {n_actions / n:7.1f} {raced / n:6.1%} "
              f"{nodes[True] / max(1, nodes[False]):7.1%} "
              f"{seconds[True] / max(1e-9, seconds[False]):6.1%} {same / n:6.1%}   "
              f"(nodes {nodes[True]:,} against {nodes[False]:,})", flush=True)


def is_clear(ref: Recommendation) -> bool:
    """The reference's best beats its runner-up by more than two paired standard errors (or by
    anything, where its figures are exact): a choice the reference itself would not change
    on other worlds."""
    ranked = ref.ranked()
    if len(ranked) < 2:
        return True
    diff, se = paired_difference(ref, ranked[0].action, ranked[1].action)
    return diff > 2 * se if se > 0 else diff > 0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("job", choices=["first", "quality", "race"])
    ap.add_argument("--profiles", default="all", help="comma-separated (default: all)")
    ap.add_argument("--hands", type=int, default=3, help="hands per profile for (a)")
    ap.add_argument("--budgets", default="0.1,1.0", help="seconds per decision for (a)")
    ap.add_argument("--positions", type=int, default=15, help="positions per profile for (b)")
    ap.add_argument("--budget", type=float, default=1.0, help="seconds per choice for (b)")
    ap.add_argument("--worlds", type=int, default=100_000,
                    help="most worlds per choice for (b) (the engine agent's cap is 1,000; the "
                         "horizon search deepens once they are valued), worlds for (c)")
    ap.add_argument("--reference", type=float, default=6.0, help="reference seconds for (b)")
    ap.add_argument("--methods", default="auto,auto-flat,exact,horizon,ismcts",
                    help="methods compared in (b): recommend's methods (suffix -flat: no deeper "
                         "passes; -norace: every action valued in every world; @W: at most W "
                         "worlds instead of --worlds), ismcts, or "
                         "reference (the reference run again on other worlds: its own noise)")
    ap.add_argument("--threads", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    args.profiles = sorted(PROFILES) if args.profiles == "all" else args.profiles.split(",")
    print(f"machine: {platform.machine()} {platform.processor() or ''}, {os.cpu_count()} cores, "
          f"Python {platform.python_version()}, load {os.getloadavg()[0]:.2f}")
    {"first": run_first, "quality": run_quality, "race": run_race}[args.job](args)


if __name__ == "__main__":
    sys.exit(main())

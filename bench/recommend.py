"""Hidden-card benchmark: the exact closing analysis and recommendations over sampled worlds.

    python bench/recommend.py            # full run (a few minutes; --first-lead adds more)
    python bench/recommend.py --quick    # a smaller run (about a minute)

(a) exact closing value at sixty-six's first lead: every one of the 12,376 worlds (the other
    hand; the stock's order no longer matters once closed) solved after ``close``, on
    ``--threads`` threads (target: at most 100 ms on 2 cores), for several seeded deals, on
    kept pools (the first call, which allocates the tables, is timed apart).
(b) a recommendation from 1,000 sampled worlds in sixty-six once the stock holds 6 cards or
    fewer (before the leader's decision, stock open): every legal action solved in each world
    (target: at most 1 s on 2 cores); median, p90 and max over seeded positions, on kept
    pools (the first call with each table size, which allocates its tables, is timed apart).
(c) with ``--first-lead``: 1,000 worlds at sixty-six's first lead (reported, no target), and
    how soon the anytime loop settled on its final choice (the worlds and seconds after which
    the best action no longer changed).

Each line states the machine (CPU, cores, load average): timings mean something only on an
otherwise idle machine. Ratios in the same run are the stable figures: (a) also times one
thread, so the two-thread speedup is reported.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from solve import cpu_model  # noqa: E402

from sixtysix_solver import Game  # noqa: E402
from sixtysix_solver.rules.actions import Action, Kind  # noqa: E402
from sixtysix_solver.advice.recommend import Recommendation, evaluate_lines, recommend  # noqa: E402
from sixtysix_solver.knowledge.view import View  # noqa: E402

CLOSE = Action(Kind.CLOSE)


def machine() -> str:
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return f"{cpu_model()}, {os.cpu_count()} cores, load {load:.2f}"


def first_lead(seed: int) -> View:
    g = Game.deal("sixty-six", seed=seed)
    assert g.to_act is not None
    return View.from_game(g, g.to_act)


def short_stock(seed: int, stock: int = 6) -> View | None:
    """The leader's view in a seeded random sixty-six game (nobody closes) once the stock holds
    at most ``stock`` cards, or None if the hand ended first."""
    rng = random.Random(seed)
    g = Game.deal("sixty-six", seed=seed)
    while not g.is_over:
        f = g.fields()
        if 0 < len(f["stock"]) <= stock and g.phase == "lead" and f["closed_by"] in (None, -1):
            assert g.to_act is not None
            return View.from_game(g, g.to_act)
        legal = g.legal_actions()
        calm = [a for a in legal if a.kind not in (Kind.CLOSE, Kind.CLAIM)]
        g.apply(rng.choice(calm or legal))
    return None


def closing_bench(deals: int, threads: int) -> tuple[list[float], list[float]]:
    # The first call on a thread count allocates that pool's tables (kept for later runs, as
    # an engine keeps them): timed apart, as it varies with the kernel's huge pages (10-200 ms).
    for n in (threads, 1):
        t = time.perf_counter()
        evaluate_lines(first_lead(1), [[CLOSE]], stock_order=False, worlds=100_000, threads=n)
        print(f"(a) first call on {n} thread(s), tables allocated: "
              f"{(time.perf_counter() - t) * 1e3:.0f} ms (not counted below)", flush=True)
    two, one = [], []
    for seed in range(1, deals + 1):
        view = first_lead(seed)
        for n, out in ((threads, two), (1, one)):
            t = time.perf_counter()
            rec = evaluate_lines(view, [[CLOSE]], stock_order=False, worlds=100_000, threads=n)
            out.append(time.perf_counter() - t)
            assert rec.exact and rec.worlds == 12376
        print(f"(a) deal {seed}: {two[-1] * 1e3:.0f} ms on {threads} threads, "
              f"{one[-1] * 1e3:.0f} ms on 1; closing EV {rec.actions[0].mean:+.3f}", flush=True)
    return two, one


def recommend_bench(positions: int, worlds: int, threads: int) -> list[float]:
    # As in (a): the first call with each table size allocates that pool's tables (16 MiB a
    # thread for positions of up to 16 cards, else 64), timed apart.
    view = short_stock(1)
    assert view is not None
    for mib in (16, 64):
        t = time.perf_counter()
        recommend(view, worlds=20, seed=1, threads=threads, exact=False, tt_mib=mib)
        print(f"(b) first call with {mib} MiB a thread, tables allocated: "
              f"{(time.perf_counter() - t) * 1e3:.0f} ms (not counted below)", flush=True)
    times: list[float] = []
    seed = 0
    while len(times) < positions:
        seed += 1
        view = short_stock(seed)
        if view is None:
            continue
        t = time.perf_counter()
        rec = recommend(view, worlds=worlds, seed=seed, threads=threads, exact=False)
        times.append(time.perf_counter() - t)
        print(f"(b) position {seed}: {times[-1]:.2f} s, {len(rec.actions)} actions, "
              f"{rec.nodes:,} nodes, best {rec.best}", flush=True)
    return times


def settle_bench(seed: int, worlds: int, threads: int) -> None:
    view = first_lead(seed)
    trail: list[tuple[int, float, Action]] = []

    def note(rec: Recommendation) -> None:
        trail.append((rec.worlds, rec.seconds, rec.best))

    rec = recommend(view, worlds=worlds, seed=seed, threads=threads, exact=False,
                    on_progress=note)
    final = rec.best
    settled = trail[0]
    for i, (w, s, b) in enumerate(trail):
        if b != final:
            settled = trail[i + 1]
    print(f"(c) first lead, deal {seed}: {rec.worlds} worlds in {rec.seconds:.1f} s "
          f"({rec.nodes:,} nodes); best {final}, settled after {settled[0]} worlds / "
          f"{settled[1]:.1f} s", flush=True)


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="fewer deals and positions")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--deals", type=int, default=None, help="deals for (a)")
    ap.add_argument("--positions", type=int, default=None, help="positions for (b)")
    ap.add_argument("--worlds", type=int, default=1000)
    ap.add_argument("--first-lead", action="store_true", help="run (c) (minutes)")
    args = ap.parse_args()
    deals = args.deals or (3 if args.quick else 10)
    positions = args.positions or (3 if args.quick else 10)
    print(f"machine: {machine()}; threads {args.threads}", flush=True)

    two, one = closing_bench(deals, args.threads)
    rec_times = recommend_bench(positions, args.worlds, args.threads)
    if args.first_lead:
        settle_bench(1, args.worlds, args.threads)

    med2, med1 = statistics.median(two), statistics.median(one)
    print()
    print(f"machine: {machine()}")
    print(f"(a) exact closing analysis, sixty-six first lead, 12,376 worlds, {deals} deals: "
          f"median {med2 * 1e3:.0f} ms on {args.threads} threads (max {max(two) * 1e3:.0f}), "
          f"{med1 * 1e3:.0f} ms on 1 thread, speedup {med1 / med2:.2f}x; target <= 100 ms: "
          f"{'PASS' if med2 <= 0.1 else 'FAIL'}")
    print(f"(b) recommendation, {args.worlds} worlds, sixty-six stock <= 6, {positions} "
          f"positions: median {statistics.median(rec_times):.2f} s, p90 "
          f"{pct(rec_times, 0.9):.2f} s, max {max(rec_times):.2f} s; target <= 1 s: "
          f"{'PASS' if statistics.median(rec_times) <= 1 else 'FAIL'} (median), "
          f"{sum(t <= 1 for t in rec_times)}/{len(rec_times)} within")
    return 0


if __name__ == "__main__":
    sys.exit(main())

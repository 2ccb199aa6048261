"""Cost of weighting worlds by an opponent model, at mid-hand.

    python bench/weighting.py [--profile sixty-six] [--positions 8] [--worlds 500] [--moves 9]
                              [--eps 0.3] [--rules basic] [--compare 20] [--time 1]

Positions: seeded deals of ``--profile`` played by two club players of ``--rules`` (``basic``
or ``expert``, the model's rules too) for ``--moves`` actions (9: three tricks, the stock still
open). For each: (a) the weigher alone on
``--worlds`` sampled worlds with a cold cache (ms per world, and per distinct hand of the other
player: worlds that differ only in the stock order share a weight); (b) the same weights of the
first ``--compare`` distinct hands valued by the core and by the Python model (``core=False``),
their ratio measured in the same run and their largest difference (0 but for rounding where
every past is counted); (c) ``recommend`` with and without the model on the same worlds
(seconds, and the extra ms per world); (d) with ``--time``, the worlds ``recommend`` values
under that time limit with the model. Timings are for this machine and its load.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from sixtysix_solver import Game, View, format_view, recommend
from sixtysix_solver.agents import HeuristicAgent
from sixtysix_solver.knowledge.history import History
from sixtysix_solver.advice.opponents import HeuristicModel
from sixtysix_solver.advice.past_weights import PastWeights
from sixtysix_solver.knowledge.worlds import WorldSpace


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=8)
    ap.add_argument("--worlds", type=int, default=500)
    ap.add_argument("--moves", type=int, default=9)
    ap.add_argument("--eps", type=float, default=0.3)
    ap.add_argument("--rules", choices=("basic", "expert"), default="basic")
    ap.add_argument("--profile", default="sixty-six")
    ap.add_argument("--compare", type=int, default=20)
    ap.add_argument("--time", type=float, default=0.0)
    ap.add_argument("--threads", type=int, default=os.cpu_count() or 1)
    args = ap.parse_args()
    bot = HeuristicAgent(rules=args.rules)  # the rules HeuristicModel predicts
    per_world, per_hand, extra, ratios = [], [], [], []
    seed = 0
    done = 0
    print(f"cpu cores {os.cpu_count()}, load {os.getloadavg()[0]:.2f}")
    while done < args.positions:
        seed += 1
        g = Game.deal(args.profile, seed=seed)
        for _ in range(args.moves):
            if g.is_over:
                break
            g.apply(bot.act(View.from_game(g)))
        if g.is_over or not g.stock or len(g.legal_actions()) < 2:
            continue
        view = View.from_game(g)
        model = HeuristicModel(args.eps, args.rules)
        pw = PastWeights(History.from_game(g, view.seat), model, seed=1)
        lays = WorldSpace(view).sample(args.worlds, 1)
        t = time.perf_counter()
        for lay in lays:
            pw.weight(lay.hands)
        spent = time.perf_counter() - t
        hands = len({tuple(sorted(lay.hands[1 - view.seat])) for lay in lays})
        ratio = ""
        if args.compare and pw.core:
            history = History.from_game(g, view.seat)
            seen: dict[tuple[int, ...], list[list[int]]] = {}
            for lay in lays:
                seen.setdefault(tuple(sorted(lay.hands[1 - view.seat])), lay.hands)
            few = list(seen.values())[:args.compare]
            costs, values, exact = [], [], True
            for core in (True, False):
                w = PastWeights(history, model, seed=1, core=core)
                t = time.perf_counter()
                values.append([w.weight(h) for h in few])
                costs.append(time.perf_counter() - t)
                exact = exact and w.exact
            ratios.append(costs[1] / costs[0])
            diff = max(abs(a - b) / max(a, b, 1e-300) for a, b in zip(*values))
            # Sampled, the two draw different pasts: only exact weights must agree.
            same = (f"largest relative difference {diff:.1e}" if exact
                    else "pasts sampled (each its own draws)")
            ratio = (f"; {len(few)} hands: core {1000 * costs[0] / len(few):.3f} ms/hand, "
                     f"Python {1000 * costs[1] / len(few):.2f} ms/hand (x{ratios[-1]:.0f}), "
                     f"{same}")
        t = time.perf_counter()
        plain = recommend(g, worlds=args.worlds, seed=1, threads=args.threads)
        t_plain = time.perf_counter() - t
        t = time.perf_counter()
        weighted = recommend(g, worlds=args.worlds, seed=1, threads=args.threads,
                             opponent_model=model)
        t_model = time.perf_counter() - t
        per_world.append(1000 * spent / len(lays))
        per_hand.append(1000 * spent / hands)
        extra.append(1000 * (t_model - t_plain) / weighted.worlds)
        done += 1
        print(f"seed {seed}: {format_view(view)}\n  weigher {per_world[-1]:.2f} ms/world "
              f"({hands} hands, {per_hand[-1]:.2f} ms/hand, exact {pw.exact}, "
              f"{pw.model_calls} model calls); recommend {t_plain:.2f} s plain, "
              f"{t_model:.2f} s weighted (ess {weighted.ess:.0f}), best {plain.best} -> "
              f"{weighted.best}{ratio}")
        if args.time:
            timed = recommend(g, worlds=1000, time_limit=args.time, seed=1, threads=1,
                              opponent_model=model)
            print(f"  at {args.time:g} s on one thread: {timed.worlds} worlds with the model "
                  f"({timed.method})")
    print(f"median: weigher {statistics.median(per_world):.2f} ms/world, "
          f"{statistics.median(per_hand):.2f} ms/hand; recommend +"
          f"{statistics.median(extra):.2f} ms/world"
          + (f"; the Python model {statistics.median(ratios):.0f} times the core's cost"
             if ratios else ""))


if __name__ == "__main__":
    main()

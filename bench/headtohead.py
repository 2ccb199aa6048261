"""Head to head: perfect-information Monte Carlo (PIMC) against information-set MCTS (ISMCTS).

    python bench/headtohead.py --quick                                          # smoke run
    python bench/headtohead.py --profile schnapsen --matches 20 --worlds 100 --iterations 5000
    python bench/headtohead.py --profile sixty-six --matches 8 --worlds 20 --iterations 10000

A thin layer over the arena (:mod:`sixtysix_solver.play.arena`): duplicate matches to the profile's
target, each played twice with the seats swapped on the same seeded deals, between
``engine:worlds=W,threads=1`` (PIMC, :func:`sixtysix_solver.advice.recommend.recommend`) and
``ismcts:iterations=I,threads=1`` (:func:`sixtysix_solver.advice.ismcts.ismcts`). Both budgets are
fixed counts, so a run is reproducible for its ``--seed``; the arena times each agent's
decisions, so comparable budgets can be chosen from the printed milliseconds per decision.

It prints the machine, then the arena's figures for ISMCTS against PIMC: game points per hand,
net game points per hand and hand and match win rates with 95% intervals clustered by
duplicate pair, and each agent's milliseconds per decision. `sixtysix arena` runs the same
matches; this script only fixes the two agents and prints the machine.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
from collections.abc import Sequence

from sixtysix_solver.play.arena import PairSummary, arena


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next(line.split(":", 1)[1].strip() for line in f if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return f"{cpu}, {os.cpu_count()} cores, load {load:.2f}, Python {platform.python_version()}"


def specs(worlds: int, iterations: int, rollout: str, c: float) -> tuple[str, str]:
    """(ISMCTS, PIMC) agent specs: one solver thread each."""
    extra = (f",rollout={rollout}" if rollout != "solver" else "") + (f",c={c}" if c != 0.7 else "")
    return (f"ismcts:iterations={iterations},threads=1{extra}", f"engine:worlds={worlds},threads=1")


def report(s: PairSummary) -> str:
    return "\n".join([
        f"{s.profile}: {s.a} vs {s.b}, {s.pairs} duplicate matches ({s.matches} played), "
        f"{s.hands} hands",
        f"  game points / hand: ISMCTS {s.a_points}, PIMC {s.b_points}",
        f"  net for ISMCTS:     {s.net}",
        f"  hands won by ISMCTS {s.hand_wins}, by PIMC {s.hand_losses} ({s.hand_draws} drawn); "
        f"share {s.hand_score}",
        f"  matches won by ISMCTS {s.a_wins}, by PIMC {s.b_wins}; share {s.match_score}",
        f"  ms / decision: ISMCTS {s.a_ms_per_move:.0f}, PIMC {s.b_ms_per_move:.0f}",
    ])


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--profile", action="append", help="profile (repeatable; default schnapsen)")
    ap.add_argument("--matches", type=int, default=10, help="duplicate matches per profile")
    ap.add_argument("--worlds", type=int, default=100, help="PIMC worlds per decision")
    ap.add_argument("--iterations", type=int, default=5000, help="ISMCTS iterations per decision")
    ap.add_argument("--rollout", choices=("solver", "random"), default="solver")
    ap.add_argument("--c", type=float, default=0.7, help="ISMCTS exploration constant")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=None, help="processes (default: the cores)")
    ap.add_argument("--results", help="append the matches to this JSON-lines file (resumable)")
    ap.add_argument("--quick", action="store_true", help="1 match of schnapsen, small budgets")
    args = ap.parse_args(argv)
    if args.quick:
        args.matches, args.worlds, args.iterations = 1, 5, 200
    print(machine())
    ismcts_spec, pimc_spec = specs(args.worlds, args.iterations, args.rollout, args.c)
    for profile in args.profile or ["schnapsen"]:
        s = arena(ismcts_spec, pimc_spec, profile=profile, matches=args.matches, seed=args.seed,
                  workers=args.workers, results=args.results, progress=sys.stderr.isatty())
        print(report(s))
    return 0


if __name__ == "__main__":
    sys.exit(main())

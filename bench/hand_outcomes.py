"""Default hand outcomes for the match equity tables (``sixtysix_solver.advice.equity``).

    python bench/hand_outcomes.py                  # every two-sided profile (a few minutes)
    python bench/hand_outcomes.py --quick          # a smoke run (not written unless --out)
    python bench/hand_outcomes.py --help

For each two-sided profile it deals N seeded hands (seat 0 deals every hand, so side 0 is the
dealer's side), solves each whole deal from the first lead with the exact open-card solver
(``solve_many``, objective ``game_points``: the hand's result for the side to act), turns the
value into side 0's view and counts the results -3..3. The counts and probabilities go to
``python/sixtysix_solver/data/hand_outcomes.json`` (with N, the seed and the method), which
``HandOutcomes.for_profile`` reads; ``MatchEquity.for_profile`` averages the two sides' views,
since the deal alternates in a match.

Open-card values are an approximation of real play: every card is visible to both sides and
both play perfectly. Users with better numbers (e.g. arena statistics) pass their own
``HandOutcomes``.

The same seed gives the same deals and (the solver being exact) the same file. Profiles whose
whole deals the solver cannot afford are skipped and listed in the file with the reason
(``mariage``: 32 cards with free play while a 20-card stock lasts, minutes per deal); name one
with ``--profiles`` to try it anyway. Single deals that take more than ``--node-limit`` nodes
(about 10 s; a few percent of ``double-deck`` deals, which therefore gets fewer deals) are left
out and counted as ``aborted``: the distribution is then that of the deals the solver finished,
a small bias on top of the sampling error. Node counts do not depend on the machine or its load,
so the same options reproduce the same file.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

from sixtysix_solver import PROFILES, Game, solve_many

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "python" / "sixtysix_solver" / "data" / "hand_outcomes.json"
TWO_SIDED = [name for name, p in PROFILES.items() if p.sides == 2]
CHEAP = {"schnapsen", "schnapsen-jaques", "four-hand", "four-hand-24"}  # ~5 ms per deal or less
HEAVY = {"double-deck"}  # 48 cards: median ~50 ms, but a few percent of deals take minutes
SKIP = {
    "mariage": "whole 32-card deals with free play during a 20-card stock take the open-card "
    "solver minutes each",
}
METHOD = (
    "exact open-card solve (solve_many, objective game_points) of seeded whole deals from the "
    "first lead, seat 0 dealing; results in side 0's (the dealer's side's) view; deals that hit "
    "the node limit are left out (counted as aborted)"
)
CHUNK = 50
NODE_LIMIT = 50_000_000


def deal_seeds(seed: int, profile: str, n: int) -> list[int]:
    """N deal seeds for one profile, from the run's seed and the profile's name."""
    rng = random.Random(f"{seed}:{profile}")
    return [rng.getrandbits(64) for _ in range(n)]


def side_of(game: Game) -> int:
    seat = game.to_act
    assert seat is not None
    return seat % 2 if game.players == 4 else seat


def run_profile(
    name: str, n: int, seed: int, threads: int, tt_mib: int, node_limit: int | None,
    time_limit: float | None,
) -> dict[str, object]:
    counts = {k: 0 for k in range(-3, 4)}
    aborted = 0
    per_deal: list[float] = []
    seeds = deal_seeds(seed, name, n)
    start = time.perf_counter()
    for lo in range(0, n, CHUNK):
        games = [Game.deal(name, seed=s, dealer=0) for s in seeds[lo : lo + CHUNK]]
        t0 = time.perf_counter()
        batch = solve_many(games, threads=threads, tt_mib=tt_mib, node_limit=node_limit,
                           time_limit=time_limit)
        per_deal.append((time.perf_counter() - t0) / len(games))
        for g, v, stop in zip(games, batch.values.tolist(), batch.aborted.tolist()):
            if stop:
                aborted += 1
                continue
            points = v if side_of(g) == 0 else -v
            counts[points] += 1
        print(f"  {name}: {min(lo + CHUNK, n)}/{n} deals, {time.perf_counter() - start:.1f} s",
              file=sys.stderr, flush=True)
    seconds = time.perf_counter() - start
    solved = n - aborted
    if solved == 0:
        raise SystemExit(f"{name}: every deal hit the time limit")
    return {
        "n": solved,
        "aborted": aborted,
        "seconds": round(seconds, 1),
        "counts": {str(k): c for k, c in counts.items()},
        "probabilities": {str(k): c / solved for k, c in counts.items()},
        "mean_ms_per_deal": round(1000 * statistics.fmean(per_deal), 2),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    ap.add_argument("--profiles", nargs="*", default=None,
                    help=f"profiles to run (default: every two-sided one but {', '.join(SKIP)})")
    ap.add_argument("--n", type=int, default=400, help="deals per profile (default 400)")
    ap.add_argument("--n-cheap", type=int, default=2000,
                    help=f"deals for the cheap profiles {', '.join(sorted(CHEAP))} (default 2000)")
    ap.add_argument("--n-heavy", type=int, default=200,
                    help=f"deals for {', '.join(sorted(HEAVY))} (default 200)")
    ap.add_argument("--seed", type=int, default=1, help="run seed (default 1)")
    ap.add_argument("--threads", type=int, default=1, help="solver threads (default 1)")
    ap.add_argument("--tt-mib", type=int, default=64, help="table MiB per thread (default 64)")
    ap.add_argument("--node-limit", type=int, default=NODE_LIMIT,
                    help=f"nodes per deal (default {NODE_LIMIT:,}, about 10 s); deals that hit "
                    "it are left out of the counts and reported as aborted (node counts do not "
                    "depend on the machine, so the file is reproducible)")
    ap.add_argument("--time-limit", type=float, default=None,
                    help="seconds per deal, as --node-limit (not reproducible; default none)")
    ap.add_argument("--quick", action="store_true", help="40 and 200 deals, no file by default")
    ap.add_argument("--out", type=Path, default=None, help=f"output (default {OUT})")
    ap.add_argument("--update", action="store_true",
                    help="keep the other profiles of an existing output file (same seed only)")
    args = ap.parse_args(argv)

    names = args.profiles if args.profiles else [p for p in TWO_SIDED if p not in SKIP]
    for name in names:
        if name not in PROFILES or PROFILES[name].sides != 2:
            ap.error(f"{name!r} is not a two-sided profile: use one of {', '.join(TWO_SIDED)}")
    n_costly, n_cheap, n_heavy = (40, 200, 20) if args.quick else (args.n, args.n_cheap,
                                                                    args.n_heavy)
    out = args.out if args.out is not None else (None if args.quick else OUT)

    results: dict[str, dict[str, object]] = {}
    total_start = time.perf_counter()
    for name in names:
        n = n_cheap if name in CHEAP else n_heavy if name in HEAVY else n_costly
        results[name] = run_profile(name, n, args.seed, args.threads, args.tt_mib,
                                    args.node_limit or None, args.time_limit)
    total = time.perf_counter() - total_start

    print(f"\n{'profile':18} {'n':>5}  " + " ".join(f"{k:>+6d}" for k in range(-3, 4))
          + "   E[pts]  seconds")
    for name, r in results.items():
        probs = r["probabilities"]
        assert isinstance(probs, dict)
        mean = sum(int(k) * p for k, p in probs.items())
        print(f"{name:18} {r['n']:>5}  " + " ".join(f"{probs[str(k)]:6.3f}" for k in range(-3, 4))
              + f"  {mean:+7.3f}  {r['seconds']:7.1f}"
              + (f"  ({r['aborted']} aborted)" if r["aborted"] else ""))
    print(f"total {total:.1f} s on {args.threads} thread(s)")

    if out is not None:
        if args.update and out.exists():
            old = json.loads(out.read_text(encoding="utf-8"))
            if old.get("seed") != args.seed or old.get("method") != METHOD:
                raise SystemExit(f"--update: {out} was made with another seed or method")
            results = {**old["profiles"], **results}
            results = {k: results[k] for k in TWO_SIDED if k in results}
            total += old.get("seconds", 0.0)
        data = {
            "method": METHOD,
            "seed": args.seed,
            "view": "side 0 = the dealer's side (seat 0 deals every hand)",
            "generator": "bench/hand_outcomes.py",
            "seconds": round(total, 1),
            "node_limit": args.node_limit,
            "time_limit": args.time_limit,
            "profiles": results,
            "skipped": {k: v for k, v in SKIP.items() if k not in results},
        }
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

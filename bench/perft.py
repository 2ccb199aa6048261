"""Perft: golden counts and speed.

    python bench/perft.py            # speed table: leaves, actions generated per second
    python bench/perft.py --golden   # rewrite tests/data/perft.json (only after a reviewed rule change)

"Actions generated" counts every legal action produced by the move generator; the tree is
walked by the C++ perft (copy-make, bulk counting at the last ply).
"""

from __future__ import annotations

import argparse
import json
import platform
import time
from pathlib import Path

from sixtysix_solver import PROFILES, Game

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "data" / "perft.json"
# Depth per profile for the golden file: each count takes well under a second.
GOLDEN_DEPTH = {
    "sixty-six": 11, "sixty-six-jaques": 9, "schnapsen": 10, "schnapsen-jaques": 13,
    "mariage": 9, "mariage-piquet": 11, "four-hand": 17, "four-hand-24": 16, "three-hand": 14,
    "double-deck": 11,
}
SEEDS = (1, 2, 3)


def golden() -> None:
    data = {
        name: {str(seed): [Game.deal(name, seed=seed).perft(d) for d in range(depth + 1)]
               for seed in SEEDS}
        for name, depth in GOLDEN_DEPTH.items()
    }
    GOLDEN.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {GOLDEN}")


def speed(profiles: list[str], seconds: float) -> None:
    print(f"machine: {platform.machine()} {platform.processor() or ''} "
          f"python {platform.python_version()}")
    print(f"{'profile':16} {'depth':>5} {'leaves':>12} {'generated':>12} {'s':>7} "
          f"{'actions/s':>12}")
    for name in profiles:
        game = Game.deal(name, seed=1)
        depth, t0 = 1, 0.0
        while True:  # deepen until one count takes `seconds`
            start = time.perf_counter()
            generated = sum(game.perft(d) for d in range(1, depth + 1))
            t0 = time.perf_counter() - start
            if t0 >= seconds or depth >= 40:
                break
            depth += 1
        leaves = game.perft(depth)
        print(f"{name:16} {depth:5d} {leaves:12d} {generated:12d} {t0:7.3f} "
              f"{generated / t0:12.3e}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--golden", action="store_true")
    ap.add_argument("--seconds", type=float, default=1.0)
    ap.add_argument("profiles", nargs="*", default=["sixty-six", "schnapsen", "four-hand"])
    args = ap.parse_args()
    if args.golden:
        golden()
    else:
        speed(args.profiles, args.seconds)


if __name__ == "__main__":
    main()

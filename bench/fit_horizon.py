"""Fit the horizon search's static estimate per profile and measure its error.

    python bench/fit_horizon.py                  # fit, write data/horizon_weights.json, print the table
    python bench/fit_horizon.py --hands 12 --no-write   # a quick look

Positions: for each two-player profile with a stock, seeded hands played by the club player
(one action in five a sensible random one, for variety) through the players' views; every
open-phase trick start (stock open, nobody to act mid-turn) is a candidate. Each is solved
exactly (``Solver().solve``, ``--solve-limit`` seconds); a hand's positions are tried from the
smallest stock up, and once one does not finish the larger ones of that hand are skipped too
(counted as skipped). Hands are split by seed: two in three train, the third is held out.

The weights: least squares (numpy) of the exact value on the features. "default" is the fit on
every profile's training positions pooled (a ridge toward zero); each profile's is a ridge
toward "default" (so that a profile with few positions stays near it), the strengths chosen
by 3-fold cross-validation over the training hands.

On the held-out positions, by profile and stock size: the estimate's error against the exact
value (MAE, RMSE in game points; sign: whether the estimate has the sign of the exact value,
over the hands not drawn) for the
depth-0 estimate of the position and for the horizon search's position value at depths 1 and
2; "best": how often the search's best action is one of the exact best; "regret": the game
points its choice loses by the exact values.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from sixtysix_solver import Game, View
from sixtysix_solver.advice.club import club_choice
from sixtysix_solver.advice.horizon import FEATURES, features, horizon_values, weights_for
from sixtysix_solver.rules.random_play import random_action
from sixtysix_solver.rules.solve import Solver

PROFILES = ["sixty-six", "sixty-six-jaques", "schnapsen", "schnapsen-jaques", "mariage",
            "mariage-piquet", "double-deck"]
OUT = Path(__file__).resolve().parent.parent / "python/sixtysix_solver/data/horizon_weights.json"
LAMBDAS = (0.3, 1.0, 3.0, 10.0, 30.0, 100.0)  # ridge strengths tried


@dataclass
class Row:
    game: Game
    seed: int
    stock: int
    value: int                 # exact, for the player to act
    actions: dict[str, int]    # exact value of each action
    best: set[str]
    features: list[float]


@dataclass
class Score:
    err: float      # estimate less exact
    exact: float
    best: bool      # the horizon's choice is an exact best action
    regret: float   # game points its choice loses


def trick_start(g: Game) -> bool:
    f = g.fields()
    return (g.phase == "lead" and not f["trick"] and f["turn_step"] == 0 and f["closed_by"] < 0
            and len(f["stock"]) > 0)


def hand_positions(profile: str, seed: int) -> list[Game]:
    """The open-phase trick starts of one seeded hand (copies), in order of play."""
    rng = random.Random(seed)
    g = Game.deal(profile, seed=seed, dealer=seed % 2)
    out = []
    while not g.is_over:
        if trick_start(g):
            out.append(g.clone())
        p = g.to_act
        assert p is not None
        if rng.random() < 0.2:
            a = random_action(g, rng)
        else:
            a = club_choice(View.from_game(g, p), g.legal_actions())
        g.apply(a)
    return out


BUCKETS = ("2-4", "5-8", "9-14", "15+")


def bucket(stock: int) -> str:
    return "2-4" if stock <= 4 else "5-8" if stock <= 8 else "9-14" if stock <= 14 else "15+"


def split(rows: list[Row], train: bool) -> list[Row]:
    """Hands by seed: two in three train, the third is held out."""
    return [r for r in rows if (r.seed % 3 != 0) == train]


def held_out_table(data: dict[str, list[Row]], weights: dict[str, list[float]], title: str,
                   ) -> tuple[dict[tuple[str, int], list[int]], dict[tuple[str, int], list[float]]]:
    """Print the held-out error by profile and stock bucket at depths 0, 1, 2 of ``weights``;
    return the horizon search's nodes and seconds per position."""
    stats: dict[tuple[str, str, int], list[Score]] = defaultdict(list)
    horizon_nodes: dict[tuple[str, int], list[int]] = defaultdict(list)
    horizon_secs: dict[tuple[str, int], list[float]] = defaultdict(list)
    for prof, rows in data.items():
        w = weights.get(prof, weights.get("default"))
        for r in split(rows, False):
            for d in (0, 1, 2):
                t = time.perf_counter()
                h = horizon_values(r.game, max_depth=d, weights=w)
                horizon_secs[(prof, d)].append(time.perf_counter() - t)
                # Depth 0: the position's own estimate; deeper: the search's best value.
                est = max(-3.0, min(3.0, float(np.dot(w, r.features)))) if d == 0 else max(h.values)
                choice = str(h.best)
                sc = Score(est - r.value, r.value, choice in r.best, r.value - r.actions[choice])
                stats[(prof, bucket(r.stock), d)].append(sc)
                stats[(prof, "all", d)].append(sc)
                horizon_nodes[(prof, d)].append(h.nodes)
    print()
    print(title)
    print(f"{'profile':17} {'stock':5} {'n':>4} | " + " | ".join(
        f"d{d}: {'MAE':>5} {'RMSE':>5} {'sign':>4} {'best':>4} {'regr':>5}" for d in (0, 1, 2)))
    for prof in data:
        for b in (*BUCKETS, "all"):
            cells = []
            n = len(stats[(prof, b, 0)])
            if n == 0:
                continue
            for d in (0, 1, 2):
                s = stats[(prof, b, d)]
                err = np.array([x.err for x in s])
                ex = np.array([x.exact for x in s])
                won = ex != 0  # (a drawn hand has no sign to agree with)
                sign = float(np.mean(((err + ex) > 0)[won] == (ex > 0)[won])) if won.any() else 1.0
                best = float(np.mean([x.best for x in s]))
                regret = float(np.mean([x.regret for x in s]))
                cells.append(f"    {np.mean(np.abs(err)):5.2f} {np.sqrt(np.mean(err ** 2)):5.2f} "
                             f"{100 * sign:3.0f}% {100 * best:3.0f}% {regret:5.2f}")
            print(f"{prof:17} {b:5} {n:4} | " + " | ".join(cells))
    return horizon_nodes, horizon_secs


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hands", type=int, default=24, help="seeded hands per profile")
    ap.add_argument("--solve-limit", type=float, default=2.0, help="seconds per exact solve")
    ap.add_argument("--profile-budget", type=float, default=75.0,
                    help="seconds of solving per profile before no new hand is started")
    ap.add_argument("--profiles", nargs="*", default=PROFILES)
    ap.add_argument("--no-write", action="store_true")
    ap.add_argument("--save", type=Path, help="also write the positions' features and exact "
                    "values (numpy .npz) for other models")
    ap.add_argument("--out", type=Path, default=OUT, help="the weights file to write (merged)")
    ap.add_argument("--baseline", action="store_true",
                    help="also score the stored weights on the same held-out positions")
    args = ap.parse_args()

    solver = Solver(64)
    t_all = time.time()
    data: dict[str, list[Row]] = {}
    skipped: dict[str, int] = {}
    for prof in args.profiles:
        rows: list[Row] = []
        skip = 0
        t0 = time.time()
        for seed in range(1, args.hands + 1):
            if time.time() - t0 > args.profile_budget:
                break
            positions = sorted(hand_positions(prof, seed), key=lambda g: len(g.fields()["stock"]))
            for i, g in enumerate(positions):
                r = solver.solve(g, actions=True, pv=False, time_limit=args.solve_limit)
                if not r.exact or not all(a.exact for a in r.actions):  # the limit bound
                    skip += len(positions) - i
                    break
                best = {str(a.action) for a in r.actions if a.value == r.value}
                rows.append(Row(g, seed, len(g.fields()["stock"]), r.value,
                                {str(a.action): a.value for a in r.actions}, best, features(g)))
        data[prof] = rows
        skipped[prof] = skip
        print(f"{prof}: {len(rows)} positions solved, {skip} skipped "
              f"({time.time() - t0:.0f} s)", file=sys.stderr)

    if args.save:
        np.savez(args.save, **{f"{p}:{k}": v for p, rows in data.items() for k, v in (
            ("x", np.array([r.features for r in rows], dtype=float).reshape(-1, FEATURES)),
            ("y", np.array([r.value for r in rows], dtype=float)),
            ("seed", np.array([r.seed for r in rows])), ("stock", np.array([r.stock for r in rows])))})

    def fit(rows: list[Row], prior: np.ndarray, lam: float) -> np.ndarray:
        # Ridge toward `prior`: min |Xw - y|^2 + lam |w - prior|^2.
        x = np.array([r.features for r in rows], dtype=float)
        y = np.array([r.value for r in rows], dtype=float)
        return np.linalg.solve(x.T @ x + lam * np.eye(FEATURES), x.T @ y + lam * prior)

    def tuned(rows: list[Row], prior: np.ndarray) -> tuple[np.ndarray, float]:
        # The ridge's strength by 3-fold cross-validation over the training hands.
        def cv_error(lam: float) -> float:
            err = 0.0
            for k in range(3):
                fold = [r for r in rows if r.seed // 3 % 3 == k]
                rest = [r for r in rows if r.seed // 3 % 3 != k]
                if fold and rest:
                    w = fit(rest, prior, lam)
                    err += sum((float(np.dot(w, r.features)) - r.value) ** 2 for r in fold)
            return err
        lam = min(LAMBDAS, key=cv_error)
        return fit(rows, prior, lam), lam

    pooled = [r for rows in data.values() for r in split(rows, True)]
    zero = np.zeros(FEATURES)
    default, lam_default = tuned(pooled, zero)
    fitted = {p: tuned(split(rows, True), default) for p, rows in data.items() if split(rows, True)}
    weights = {p: [float(x) for x in w] for p, (w, _) in fitted.items()}
    weights["default"] = [float(x) for x in default]
    lambdas = {p: lam for p, (_, lam) in fitted.items()} | {"default": lam_default}

    print()
    print(f"fitted on {len(pooled)} training positions; run {time.time() - t_all:.0f} s")
    horizon_nodes, horizon_secs = held_out_table(data, weights, "held-out error (game points), "
                                                 "the new weights")
    if args.baseline:
        stored = {p: list(weights_for(p)) for p in data}
        held_out_table(data, stored, "held-out error (game points), the stored weights "
                       "(data/horizon_weights.json before this run), same positions")
    print()
    print("skipped (exact solve over the limit): " +
          ", ".join(f"{p} {skipped[p]}" for p in data))
    print("horizon search per position, mean nodes / ms:")
    for p in data:
        if horizon_nodes[(p, 1)]:
            print(f"  {p:17} " + "  ".join(
                f"d{d} {np.mean(horizon_nodes[(p, d)]):8.0f} / {1000 * np.mean(horizon_secs[(p, d)]):6.1f}"
                for d in (0, 1, 2)))
    if not args.no_write:
        # Profiles left out of this run keep their stored weights; the pooled default is
        # replaced only by a run over every profile.
        try:
            kept = json.loads(args.out.read_text(encoding="utf-8"))["profiles"]
        except (OSError, ValueError, KeyError):
            kept = {}
        if set(PROFILES) - set(data):
            weights.pop("default")
        out = {
            "about": "horizon estimate weights (cpp/horizon.cpp lists the features); "
                     "written by bench/fit_horizon.py",
            "features": FEATURES,
            "profiles": {p: {"weights": [round(x, 5) for x in w],
                             "train": len(split(data[p], True)) if p in data else len(pooled),
                             "ridge": lambdas[p]}
                         for p, w in weights.items()},
        }
        out["profiles"] = {**kept, **out["profiles"]}
        args.out.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {args.out}")


if __name__ == "__main__":
    main()

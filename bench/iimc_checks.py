"""Are IIMC playouts by club players a better judge than PIMC? Checked off the matches.

    python bench/iimc_checks.py close schnapsen --hands 10   # PIMC's closes
    python bench/iimc_checks.py ties schnapsen --hands 40    # PIMC's near-ties

Hands are played by PIMC (``recommend``). ``close``: at every decision where PIMC closes, the
close and PIMC's best other action are played out by club players
(:func:`~sixtysix_solver.advice.iimc.playout_values`, 40 worlds) and by PIMC players
(30 worlds a decision, 12 worlds): the second stands for what the engine's own continuation
would make of them. ``ties``: at every decision where PIMC finishes inside 0.25 s and other
actions lie within 0.25 game points of its best, the club players' playouts choose among them in
the time left (as ``engine:...,iimc=0,tie=0.25``); where they choose another action, both are
played out by PIMC players (16 worlds) and the difference is printed with its running mean.
Slow (seconds a position) and machine-dependent where time limits bind; for judging the
method, not for tests.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Iterator, Sequence

from sixtysix_solver import Game, View, recommend
from sixtysix_solver.advice.iimc import playout_values
from sixtysix_solver.rules.actions import Action, Kind

CLOSE = Action(Kind.CLOSE)


def pimc_player(view: View, legal: Sequence[Action]) -> Action:
    """A cheap PIMC player for playouts (30 worlds, at most 0.1 s)."""
    return recommend(view, worlds=30, seed=1, threads=1, time_limit=0.1).best


def decisions(profile: str, first_seed: int, hands: int) -> Iterator[tuple[int, Game, View]]:
    """Each real decision (forced moves played) of ``hands`` seeded deals: the hand's index,
    the game and the view of the seat to act. The caller applies the action it chooses."""
    for h in range(hands):
        g = Game.deal(profile, seed=first_seed + h)
        while g.to_act is not None:
            legal = g.legal_actions()
            if len(legal) == 1:
                g.apply(legal[0])
                continue
            yield h, g, View.from_game(g, g.to_act)


def closes(profile: str, hands: int) -> None:
    for h, g, v in decisions(profile, 1000, hands):
        rec = recommend(v, worlds=300, seed=h, threads=1, time_limit=0.5)
        if rec.best == CLOSE:
            other = next(s.action for s in rec.ranked() if s.action != CLOSE)
            club = playout_values(v, [CLOSE, other], playouts=40, seed=h)
            pimc = playout_values(v, [CLOSE, other], playouts=12, seed=h + 7,
                                  policy=pimc_player)
            dc, sc = club.paired(CLOSE, other)
            dp, sp = pimc.paired(CLOSE, other)
            print(f"hand {h}: PIMC close {rec.stats(CLOSE).mean:+.2f}, {other} "
                  f"{rec.stats(other).mean:+.2f} | close - other played out by club players "
                  f"{dc:+.2f} ± {sc:.2f}, by PIMC players {dp:+.2f} ± {sp:.2f}", flush=True)
        g.apply(rec.best)


def ties(profile: str, hands: int, margin: float = 0.25, cap: float = 0.25) -> None:
    total, n = 0.0, 0
    for h, g, v in decisions(profile, 3000, hands):
        t = time.perf_counter()
        rec = recommend(v, worlds=1000, seed=h, threads=1, time_limit=cap)
        left = cap - (time.perf_counter() - t)
        best = rec.best
        top = rec.stats(best).mean
        near = [s.action for s in rec.ranked() if s.action != best and s.mean >= top - margin]
        if near[:2] and left > 0.02:
            club = playout_values(v, [best] + near[:2], playouts=10**6, seed=h,
                                  time_limit=left)
            if club.best != best:
                pimc = playout_values(v, [best, club.best], playouts=16, seed=h + 7,
                                      policy=pimc_player)
                d, se = pimc.paired(club.best, best)
                total, n = total + d, n + 1
                print(f"hand {h}, action {len(g.actions)}: PIMC {best} {top:+.2f}, club "
                      f"playouts {club.best} ({club.worlds} worlds) | played out by PIMC "
                      f"players {d:+.2f} ± {se:.2f}; running mean {total / n:+.3f} "
                      f"over {n}", flush=True)
        g.apply(best)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("check", choices=("close", "ties"))
    ap.add_argument("profile")
    ap.add_argument("--hands", type=int, default=20)
    args = ap.parse_args()
    (closes if args.check == "close" else ties)(args.profile, args.hands)


if __name__ == "__main__":
    main()

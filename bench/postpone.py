"""PIMC with the seat's next decision postponed: how often it would change PIMC's choice.

    python bench/postpone.py --quick
    python bench/postpone.py --profile sixty-six --hands 24 --phase closed --worlds 200
    python bench/postpone.py --profile schnapsen --hands 7 --phase open --worlds 60

PIMC values an action by solving each world with every card open, so after the action the seat
plays each world's own best continuation, as if it would then know which world it is in. It
will not: at its next decision it must choose one action for all the worlds it cannot tell
apart (*strategy fusion*, Frank and Basin 1998). Arjonilla, Saffidine and Cazenave (2024)
proposed postponing the perfect-information reasoning by a few moves to lessen it.

``postponed_values`` does that for one move of the seat's side. In each world, after the
action, the other side plays its open-card best (the solver's first best action) until the
seat's side acts again; there the solver values each of the seat's actions in that world.
Worlds the seat cannot tell apart at that point (the same actions seen, the same cards in the
acting hand) form one information set, where the seat plays the one action best on average
over them; an action's postponed value is the mean over worlds of what that choice scores. It
is at most PIMC's value (equal when every information set holds one world).

Two club players (``heuristic``) play seeded hands; at each decision of the chosen phase
(``closed``: the stock closed, hidden cards left; ``open``: the stock open) PIMC (``--worlds``,
one thread) and the postponed values on as many worlds choose among every legal action, and
the script prints the decisions where they differ, how many, and the seconds a decision the
postponed values took. It is a probe, not a player: it measured too few differences to be
worth an engine option (bench/README.md).
"""


from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path

from sixtysix_solver.errors import SixtySixError
from sixtysix_solver.knowledge.legal import legal_actions
from sixtysix_solver.knowledge.view import View
from sixtysix_solver.knowledge.worlds import sample_worlds
from sixtysix_solver.rules.actions import Action
from sixtysix_solver.rules.game import Game
from sixtysix_solver.rules.solve import Solver

sys.path.insert(0, str(Path(__file__).resolve().parent))
from headtohead import machine

_Key = tuple[str, tuple[int, ...], tuple[int, ...]]


def _to_next_turn(g: Game, side: int, solver: Solver) -> tuple[int, ...]:
    """Play the other side's open-card best moves in ``g`` until ``side`` acts or the hand
    ends; the action codes played (what the seat sees of them)."""
    seen: list[int] = []
    prof = g.profile
    while not g.is_over:
        seat = g.to_act
        assert seat is not None
        if prof.side(seat) == side:
            break
        legal = g.legal_actions()
        if len(legal) == 1:
            act = legal[0]
        else:
            r = solver.solve(g, pv=False)
            act = r.best[0]
        seen.append(act.code)
        g.apply(act)
    return tuple(seen)


def _world_values(world: Game, actions: Sequence[Action], side: int,
                  solver: Solver) -> list[tuple[_Key, dict[int, int]]]:
    """For each action: the information set the seat reaches in ``world`` and the value (for
    ``side``, game points) of each of its actions there; a hand over before then is a set of
    its own with one value."""
    out: list[tuple[_Key, dict[int, int]]] = []
    for a in actions:
        g = world.clone()
        g.apply(a)
        seen = _to_next_turn(g, side, solver)
        if g.is_over:
            r = g.result
            assert r is not None
            net = r.points[side] - sum(p for s, p in enumerate(r.points) if s != side)
            out.append(((str(a), seen, (-1,)), {-1: net}))
            continue
        seat = g.to_act
        assert seat is not None
        hand = tuple(sorted(c.code for c in g.hand(seat)))
        res = solver.solve(g, pv=False)
        vals = {}
        for av in res.actions:
            if av.value is None:  # pragma: no cover - no limit is set
                raise SixtySixError("a postponed solve stopped early")
            vals[av.action.code] = av.value if res.side == side else -av.value
        out.append(((str(a), seen, hand), vals))
    return out


def postponed_values(view: View, actions: Sequence[Action | str], *, worlds: int = 100,
                     seed: int = 0,
                     solver: Solver | None = None) -> tuple[dict[str, float], int]:
    """Each action's postponed value (mean game points for the seat's side, see the module)
    over ``worlds`` worlds drawn with ``seed``, the same worlds for every action, and the
    number of worlds valued. Two-sided games only."""
    if view.profile.sides != 2:
        raise SixtySixError("postponed values need two sides")
    legal = legal_actions(view)
    acts = [a if isinstance(a, Action) else next((x for x in legal if str(x) == a), None)
            for a in actions]
    for given, a in zip(actions, acts):
        if a is None or a not in legal:
            raise SixtySixError(f"{given} is not a legal action here")
    side = view.side(view.seat)
    solver = solver or Solver(tt_mib=16)
    rows: list[list[tuple[_Key, dict[int, int]]]] = []
    chosen = [a for a in acts if a is not None]
    for w in sample_worlds(view, worlds, seed):
        rows.append(_world_values(w, chosen, side, solver))
    if not rows:
        return {}, 0
    # The seat's one choice in each information set: the best on average over its worlds.
    totals: dict[_Key, dict[int, int]] = defaultdict(lambda: defaultdict(int))
    for row in rows:
        for key, vals in row:
            for code, v in vals.items():
                totals[key][code] += v
    choice = {key: max(t, key=lambda c: (t[c], -c)) for key, t in totals.items()}
    out: dict[str, float] = {}
    for i, a in enumerate(acts):
        assert a is not None
        out[str(a)] = sum(row[i][1][choice[row[i][0]]] for row in rows) / len(rows)
    return out, len(rows)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--profile", default="schnapsen")
    ap.add_argument("--hands", type=int, default=30, help="seeded hands 1..N")
    ap.add_argument("--phase", choices=("closed", "open"), default="closed")
    ap.add_argument("--worlds", type=int, default=200)
    ap.add_argument("--quick", action="store_true", help="3 schnapsen hands, 40 worlds")
    args = ap.parse_args(argv)
    if args.quick:
        args.profile, args.hands, args.worlds = "schnapsen", 3, 40
    from sixtysix_solver import recommend
    from sixtysix_solver.agents import AgentSpec, act_in_game

    print(f"machine: {machine()}")
    print(f"{args.profile}, {args.hands} hands, stock {args.phase}, {args.worlds} worlds")
    players = [AgentSpec.parse("heuristic").build(seed=s) for s in (1, 2)]
    decisions = differ = 0
    spent = 0.0
    for seed in range(1, args.hands + 1):
        g = Game.deal(args.profile, seed=seed, dealer=seed % 2)
        while not g.is_over:
            seat = g.to_act
            assert seat is not None
            legal = g.legal_actions()
            v = View.from_game(g, seat)
            phase = "closed" if v.closed_by is not None else "open" if v.stock_size else None
            if len(legal) > 1 and phase == args.phase:
                rec = recommend(v, worlds=args.worlds, seed=seed, threads=1)
                t = time.perf_counter()
                vals, _ = postponed_values(v, legal_actions(v), worlds=args.worlds, seed=seed)
                spent += time.perf_counter() - t
                pimc = rec.best
                mine = max(legal_actions(v), key=lambda a: (vals[str(a)], a == pimc))
                decisions += 1
                if mine != pimc:
                    differ += 1
                    print(f"hand {seed} seat {seat}: PIMC {pimc} ({rec.stats(pimc).mean:+.2f}, "
                          f"postponed {vals[str(pimc)]:+.2f}), postponed {mine} "
                          f"({rec.stats(mine).mean:+.2f}, postponed {vals[str(mine)]:+.2f})")
            g.apply(legal[0] if len(legal) == 1 else act_in_game(players[seat], g, seat))
    print(f"decisions {decisions}, the choice differs in {differ}; "
          f"{spent / max(decisions, 1):.3f} s a decision for the postponed values")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""What inferring the hidden cards changes at equal worlds, judged by the true deal.

    python bench/inference.py --quick
    python bench/inference.py --profile mariage-piquet --hands 14 --worlds 100

Seat 0 plays seeded hands against the club player (``--rules``, seat 1). At each decision of
seat 0 with a choice, PIMC chooses twice on the same number of worlds, with no time limit:
plainly, and with every world weighted by how likely the club player's past actions were in
it (``HeuristicModel(--eps)`` of the same rules, which is exactly how seat 1 plays). The true
deal is then solved exactly: a choice's *loss* is what it gives up there against the best
action (game points). The hand goes on with the plain choice.

Match results mix the model's worth with its cost (weighting takes time the worlds then lack);
this separates them: if inference does not lower the loss at equal worlds, no speed-up of
the weighting can make it pay. Prints the machine, then per method the decisions where the
choice was best in the true deal, the mean loss and the seconds a decision.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from sixtysix_solver import Game, View, recommend
from sixtysix_solver.advice.opponents import HeuristicModel
from sixtysix_solver.agents import HeuristicAgent, act_in_game
from sixtysix_solver.knowledge.history import History
from sixtysix_solver.rules.solve import solve

sys.path.insert(0, str(Path(__file__).resolve().parent))
from headtohead import machine  # noqa: E402

METHODS = ("pimc", "infer")


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--profile", default="mariage-piquet")
    ap.add_argument("--hands", type=int, default=14, help="seeded hands 1..N")
    ap.add_argument("--worlds", type=int, default=100)
    ap.add_argument("--eps", type=float, default=0.3)
    ap.add_argument("--rules", default="basic", help="the club player's rules (and the model's)")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--quick", action="store_true", help="one hand, 20 worlds")
    args = ap.parse_args(argv)
    if args.quick:
        args.hands, args.worlds = 1, 20
    print(machine())
    club = HeuristicAgent(0, args.rules)
    best = dict.fromkeys(METHODS, 0)
    loss = dict.fromkeys(METHODS, 0.0)
    spent = dict.fromkeys(METHODS, 0.0)
    same = decisions = 0
    for seed in range(1, args.hands + 1):
        g = Game.deal(args.profile, seed=seed)
        k = 0
        while not g.is_over:
            p, legal = g.to_act, g.legal_actions()
            assert p is not None
            if p != 0 or len(legal) == 1:
                g.apply(act_in_game(club, g, p) if p else legal[0])
                continue
            k += 1
            view = View.from_game(g, 0)
            model = {"pimc": {}, "infer": {"opponent_model": HeuristicModel(args.eps, args.rules),
                                           "history": History.from_game(g, 0)}}
            chosen = {}
            for m in METHODS:
                t = time.perf_counter()
                r = recommend(view, worlds=args.worlds, seed=seed * 1000 + k,
                              threads=args.threads, **model[m])  # type: ignore[arg-type]
                spent[m] += time.perf_counter() - t
                chosen[m] = r.best
            truth = {av.action: av.value for av in solve(g, pv=False).actions}
            top = max(v for v in truth.values() if v is not None)
            for m in METHODS:
                v = truth[chosen[m]]
                assert v is not None
                best[m] += v == top
                loss[m] += top - v
            same += chosen["pimc"] == chosen["infer"]
            decisions += 1
            g.apply(chosen["pimc"])
    print(f"{args.profile}: {decisions} decisions of seat 0 in {args.hands} hands against "
          f"heuristic:{args.rules}, {args.worlds} worlds each, model eps {args.eps}")
    print(f"  the same choice with and without the model: {same} of {decisions}")
    for m in METHODS:
        print(f"  {m:5}: best in the true deal {best[m]} of {decisions}, mean loss "
              f"{loss[m] / max(1, decisions):.3f} game points, {spent[m] / max(1, decisions):.2f} s "
              "a decision")
    return 0


if __name__ == "__main__":
    sys.exit(main())

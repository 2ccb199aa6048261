"""What inferring a PIMC opponent's cards from its play would need (issue 20).

    python bench/pimc_model.py --quick
    python bench/pimc_model.py --profile schnapsen --hands 80 --worlds 300

The engine infers hidden cards by weighting each world by how likely the opponent's past
actions were there under a model of the opponent (``infer=EPS``: a club player chosen with
probability ``1 - EPS``). Against the club players that model is right; against PIMC it is
right only as often as PIMC plays the club player's card. This probe measures three things:

* **Agreement.** PIMC (``recommend`` on ``--worlds`` worlds, no time limit: the same figures on
  every machine) plays both seats of seeded hands; at each decision with more than one legal
  action it counts how often each club player's rules (``heuristic:basic``, ``heuristic``) and
  PIMC on ``--model-worlds`` worlds (the package's ``PimcModel``, the engine's ``model=pimc``)
  choose PIMC's action, by stock size. A model that agrees in a share ``q`` of the decisions
  needs ``EPS`` near ``1 - q`` and tells little where ``q`` is near the share a random legal
  action would get.
* **The cost of the model that agrees more.** PIMC itself from the opponent's view at each of
  its past decisions, asked afresh at each decision. At some of the seat's decisions it counts
  the model calls the weighting of ``--weigh`` worlds makes (one per past decision and hand the
  opponent held then: the weighting caches them) and times a ``--inner``-world PIMC from the
  views those calls see; their product is what one decision would cost with that model.
* **What such a model would change** (``--probe club|pimc|horizon``). At seat 0's decisions
  with 1 to ``--max-stock`` cards in the stock (the opponent has acted), PIMC on ``--worlds``
  worlds with and without the worlds weighted by the model (``club``: the full club player,
  ``--eps``; ``pimc``: PIMC on ``--inner`` worlds from the opponent's view at each past
  decision, its choice with probability ``1 - --eps``; ``horizon``: the same valued by the
  horizon search ``--depth`` tricks deep, cheaper). Where the two choose apart, both actions
  are valued in the true deal with open cards (game points): what the model's choice gains
  there. The seat plays the unweighted choice, so every model sees the same hands.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from sixtysix_solver import (
    Game, HeuristicModel, OpponentModel, SearchLimits, View, recommend, solve,
)
from sixtysix_solver.advice.opponents import MODEL_RULES, softened
from sixtysix_solver.advice.pimc_model import PimcModel
from sixtysix_solver.rules.actions import Action

sys.path.insert(0, str(Path(__file__).resolve().parent))
from headtohead import machine

Player = Callable[[View, Sequence[Action]], Action]


def pimc_player(worlds: int, seed: int) -> Player:
    """PIMC on ``worlds`` worlds drawn with ``seed`` (no time limit): :class:`PimcModel`'s
    choice."""
    model = PimcModel(worlds=worlds, seed=seed)
    return lambda view, legal: model.choice(view)


@dataclass
class Agreement:
    """Per club rules, per stock size: [decisions where they chose the player's action,
    decisions with a choice]; ``random`` sums 1/legal (a random legal action's share)."""

    counts: dict[str, dict[int, list[int]]] = field(
        default_factory=lambda: defaultdict(lambda: defaultdict(lambda: [0, 0])))
    random: float = 0.0
    decisions: int = 0

    def share(self, rules: str) -> float:
        hit = sum(c[0] for c in self.counts[rules].values())
        return hit / self.decisions if self.decisions else float("nan")


def agreement(player: Player, profile: str, hands: int, seed: int,
              model_worlds: int = 0) -> Agreement:
    """``player`` plays every seat of ``hands`` seeded deals; at each decision with a choice,
    which club rules chose its action, and (``model_worlds`` > 0) whether PIMC on that many
    worlds did (``"pimc"``: the choice of :class:`PimcModel`)."""
    out = Agreement()
    choosers: dict[str, Player] = dict(MODEL_RULES)
    if model_worlds:
        model = PimcModel(worlds=model_worlds)
        choosers["pimc"] = lambda view, legal: model.choice(view)
    for h in range(hands):
        g = Game.deal(profile, seed=seed * 10_000 + h)
        while not g.is_over:
            view = View.from_game(g)
            legal = g.legal_actions()
            action = player(view, legal)
            if len(legal) > 1:
                out.decisions += 1
                out.random += 1 / len(legal)
                for rules, choose in choosers.items():
                    c = out.counts[rules][view.stock_size]
                    c[0] += choose(view, legal) == action
                    c[1] += 1
            g.apply(action)
    return out


class CountingModel:
    """The basic club model (eps 0.3) that counts its calls and keeps the views it was asked
    about (the opponent's view at a past decision). Not a HeuristicModel, so the weighting
    asks it in Python, once per past decision and hand held, as it would a PIMC model."""

    def __init__(self) -> None:
        self.calls = 0
        self.views: list[View] = []

    def probability(self, view: View, action: Action) -> float:
        self.calls += 1
        self.views.append(view)
        return softened(view, action, 0.3, MODEL_RULES["basic"])


@dataclass
class Cost:
    calls: list[tuple[int, int]]  # (stock size, model calls) per decision weighed
    inner: list[float]  # seconds of one inner PIMC from a past view

    def per_decision(self) -> float:
        """Median model calls times median inner PIMC time: seconds a decision."""
        return statistics.median(c for _, c in self.calls) * statistics.median(self.inner)


def model_cost(profile: str, hands: int, seed: int, weigh: int, inner: int,
               sample: int = 5) -> Cost:
    """Model calls when ``weigh`` worlds are weighted at seat 0's open-phase decisions (the
    hands played by PIMC on 200 worlds), and the time of an ``inner``-world PIMC from
    ``sample`` of the views each decision's calls saw."""
    calls: list[tuple[int, int]] = []
    times: list[float] = []
    for h in range(hands):
        g = Game.deal(profile, seed=seed * 10_000 + h)
        while not g.is_over:
            view = View.from_game(g)
            if g.to_act == 0 and view.stock_size > 0 and len(g.legal_actions()) > 1:
                m = CountingModel()
                recommend(g, worlds=weigh, seed=seed, opponent_model=m)
                if m.calls:
                    calls.append((view.stock_size, m.calls))
                    step = max(1, len(m.views) // sample)
                    for past in m.views[::step][:sample]:
                        t = time.perf_counter()
                        recommend(past, worlds=inner, seed=seed)
                        times.append(time.perf_counter() - t)
            g.apply(recommend(view, worlds=200, seed=seed).best)
    return Cost(calls, times)


@dataclass
class Gains:
    """Per decision probed: did the model's choice differ, and what it gains over PIMC's with
    open cards in the true deal (0 where they agree)."""

    changed: list[bool] = field(default_factory=list)
    gains: list[int] = field(default_factory=list)

    def summary(self) -> str:
        n = len(self.gains)
        mean = sum(self.gains) / n if n else 0.0
        sd = statistics.pstdev(self.gains) if n > 1 else 0.0
        moved = sum(1 for g in self.gains if g)
        return (f"{n} decisions, the choice changed in {sum(self.changed)}, the open-card value "
                f"in {moved} ({sum(self.gains):+d} game points): {mean:+.4f} "
                f"± {1.96 * sd / math.sqrt(max(n, 1)):.4f} a decision")


def probe(profile: str, hands: int, seed: int, worlds: int, model: OpponentModel,
          max_stock: int = 8) -> Gains:
    """At seat 0's decisions with 1 to ``max_stock`` stock cards, PIMC's choice with and
    without ``model`` weighting the worlds; PIMC plays every seat (unweighted)."""
    out = Gains()
    for h in range(hands):
        g = Game.deal(profile, seed=seed * 10_000 + h)
        while not g.is_over:
            view = View.from_game(g)
            action = recommend(view, worlds=worlds, seed=h).best
            if g.to_act == 0 and 0 < view.stock_size <= max_stock and len(g.legal_actions()) > 1:
                weighted = recommend(g, worlds=worlds, seed=h, opponent_model=model).best
                out.changed.append(weighted != action)
                gain = 0
                if weighted != action:
                    values = {v.action: v.lower for v in solve(g, pv=False).actions}
                    gain = values[weighted] - values[action]
                out.gains.append(gain)
            g.apply(action)
    return out


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--profile", default="schnapsen")
    ap.add_argument("--hands", type=int, default=80, help="hands for the agreement")
    ap.add_argument("--worlds", type=int, default=300, help="PIMC's worlds a decision")
    ap.add_argument("--cost-hands", type=int, default=6, help="hands for the model's cost")
    ap.add_argument("--weigh", type=int, default=1000, help="worlds weighted a decision")
    ap.add_argument("--inner", type=int, default=30, help="worlds of the modelled PIMC")
    ap.add_argument("--model-worlds", type=int, default=12,
                    help="worlds of the PIMC model whose agreement is counted (0: none)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--probe", choices=("club", "pimc", "horizon"),
                    help="instead: what weighting by this model changes (see above)")
    ap.add_argument("--eps", type=float, default=None,
                    help="the model's eps (club: 0.45, pimc and horizon: 0.2)")
    ap.add_argument("--depth", type=int, default=0, help="the horizon model's depth")
    ap.add_argument("--max-stock", type=int, default=8)
    ap.add_argument("--quick", action="store_true", help="2 hands each, 60 worlds")
    a = ap.parse_args(argv)
    if a.quick:
        a.hands, a.cost_hands, a.worlds, a.weigh = 2, 1, 60, 200
    print(f"machine: {machine()}")
    if a.probe:
        model: OpponentModel
        if a.probe == "club":
            model = HeuristicModel(0.45 if a.eps is None else a.eps, "expert")
        else:
            limits = (SearchLimits(worlds=a.inner, seed=11, threads=1) if a.probe == "pimc" else
                      SearchLimits(worlds=a.inner, seed=11, threads=1, method="horizon",
                                   horizon=a.depth))
            model = PimcModel(0.2 if a.eps is None else a.eps, limits=limits)
        t0 = time.perf_counter()
        gains = probe(a.profile, a.hands, a.seed, a.worlds, model, a.max_stock)
        print(f"{a.profile}, {a.hands} hands, PIMC on {a.worlds} worlds, weighted by {a.probe}: "
              f"{gains.summary()} ({time.perf_counter() - t0:.0f} s)")
        return 0
    t0 = time.perf_counter()
    ag = agreement(pimc_player(a.worlds, a.seed), a.profile, a.hands, a.seed, a.model_worlds)
    print(f"{a.profile}: PIMC ({a.worlds} worlds) over {a.hands} hands, {ag.decisions} "
          f"decisions with a choice; a random legal action {ag.random / ag.decisions:.1%}")
    for rules in ag.counts:
        by_stock = ", ".join(f"{k}: {c[0]}/{c[1]}" for k, c in
                             sorted(ag.counts[rules].items(), reverse=True))
        who = (f"PIMC on {a.model_worlds} worlds (the model) chooses" if rules == "pimc"
               else f"the {rules} club rules choose")
        print(f"  {who} its action in {ag.share(rules):.1%} (by stock size {by_stock})")
    print(f"  ({time.perf_counter() - t0:.0f} s)")
    cost = model_cost(a.profile, a.cost_hands, a.seed, a.weigh, a.inner)
    if not cost.calls:
        print("no decision asked the model")
        return 0
    counts = sorted(c for _, c in cost.calls)
    print(f"a PIMC model: {len(cost.calls)} decisions weighing {a.weigh} worlds asked the model "
          f"{counts[0]} to {counts[-1]} times (median {statistics.median(counts):.0f}); "
          f"a {a.inner}-world PIMC from those views took median "
          f"{1e3 * statistics.median(cost.inner):.1f} ms (max {1e3 * max(cost.inner):.1f}): "
          f"about {cost.per_decision():.1f} s a decision")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

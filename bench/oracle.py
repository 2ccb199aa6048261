"""The ceiling of a player who sees every card: matches of an oracle against the club player.

    python bench/oracle.py --quick                                     # smoke run
    python bench/oracle.py --profile three-hand --matches 20 --seed 1  # the deals of three-hand-t1-basic

PIMC values each action as if it saw the hidden cards. An oracle that really sees them (it
solves the true deal exactly at every decision) is therefore the most PIMC can reach with a
perfect solver: what an oracle wins against ``heuristic:basic`` bounds what any PIMC setting
can win. ``--tie cards`` breaks ties between actions of equal game points by the card points
the player secures (a second solve), which matters with three players, where the paranoid
value (the player against the other two together) is often the same for every action.
``--tie hands`` is not an oracle of the whole deal: the default engine (1 s a decision, one
thread) given the other hands but not the stock's order, so that its worlds differ only in
the stock: what a perfect inference of the hands could add to PIMC.
``--tie reply`` is a higher ceiling still: the oracle also knows how the others play (the
rules of ``--against``, which must be a ``heuristic`` player) and plays, in every deal, the
line best for itself against exactly those replies (its game points, then its card points).
No player can win more game points a hand against these opponents; a higher share of the
matches could come only from playing each hand for the match score.
``--blind K`` (with ``--tie reply``) sees the cards only from its (K+1)-th card of each hand
on: its first K cards (and what it declares before them) are the default engine's choices
from its view (1 s a decision, one thread; ``--infer EPS`` weights its worlds by the club's
rules, as ``infer=EPS``). With K = 0 it is the oracle, with K the hand size the engine; the
share in between says how much of the oracle's margin lies in the first tricks, which no
player who does not see the cards can win.

A bench-only agent: the arena gives an agent the seat's view, so this script hands the oracle
the whole game instead (it replaces the arena's ``act_in_game`` for agents that see all).
It prints the machine and the arena's figures, and for a solo profile the pairwise share:
how often the oracle's seat finished above each other seat (even strength: 50%).
"""

from __future__ import annotations

import argparse
import sys
import time as clock
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import sixtysix_solver.play.arena as arena_mod
from sixtysix_solver import _core
from sixtysix_solver.advice.pasts import PastSpace, past_game
from sixtysix_solver.agents import Agent, AgentSpec, act_in_game
from sixtysix_solver.agents.engine import EngineAgent
from sixtysix_solver.agents.heuristic import HeuristicAgent
from sixtysix_solver.knowledge.view import View
from sixtysix_solver.knowledge.worlds import WorldSpace
from sixtysix_solver.play.arena import arena
from sixtysix_solver.rules.actions import Action, Kind
from sixtysix_solver.rules.game import Game
from sixtysix_solver.rules.seeds import derive_seed
from sixtysix_solver.rules.solve import solve

sys.path.insert(0, str(Path(__file__).resolve().parent))
from headtohead import machine  # noqa: E402


class Oracle(Agent):
    """Solves the true deal at each decision (game points, paranoid with three players)."""

    sees_all = True

    def __init__(self, seed: int = 0, tie: str = "none", rules: str = "basic",
                 blind: int = 0, infer: float = 0.0) -> None:
        super().__init__(seed)
        self.tie = tie
        self.rules = rules
        self.blind = blind
        self.infer = infer
        self.others = HeuristicAgent(seed, rules)  # the replies it expects (tie "reply")
        self.engine = EngineAgent(worlds=1000, time_limit=1.0, seed=seed,  # tie "hands", blind
                                  infer=infer or "auto")

    @property
    def spec(self) -> AgentSpec:
        extra = (f",blind={self.blind}" if self.blind else "") + (
            f",infer={self.infer}" if self.infer else "")
        return AgentSpec.parse(
            f"custom:factory=oracle.make,tie={self.tie},rules={self.rules}{extra}")

    def choose(self, view, legal):  # type: ignore[no-untyped-def]
        raise NotImplementedError("the oracle needs the game: play it through bench/oracle.py")

    def act_game(self, game: Game) -> Action:
        me = game.to_act
        assert me is not None
        if len(game.hand(me)) > game.profile.hand_size - self.blind:  # its first cards: blind
            return act_in_game(self.engine, game, me)
        if self.tie == "hands":
            return self._hands(game)
        if self.tie == "reply":
            return self._reply(game)
        if self.tie == "maxn":  # every seat for itself: the highest own utility, first in order
            r = _core.maxn(game.core, tt_mib=16)
            me = game.profile.side(game.to_act)
            code = max(r["actions"], key=lambda av: (av[1][me], -av[0]))[0]
            return next(a for a in game.legal_actions() if a.code == code)
        gp = solve(game, pv=False)
        best = gp.best
        if self.tie == "none" or (len(best) == 1 and self.tie == "cards"):
            return best[0]
        if any(a.kind == Kind.CLAIM for a in best):  # card points ignore claims
            return next(a for a in best if a.kind == Kind.CLAIM)
        by_cards = {av.action: av.lower for av in solve(game, objective="card_points", pv=False).actions}
        pool = best if self.tie == "cards" else tuple(by_cards)
        return max(pool, key=lambda a: by_cards.get(a, -1))

    def _hands(self, game: Game) -> Action:
        """The default engine's choice (1 s a decision, one thread) from a view in which every
        other hand is known: the worlds differ only in the stock's order. What perfect
        inference of the hands could give PIMC, the stock left unseen."""
        seat = game.to_act
        assert seat is not None
        view = View.from_game(game, seat)
        known = tuple(tuple(view.hand) if p == seat else tuple(game.hand(p))
                      for p in range(game.profile.players))
        return self.engine.act(replace(view, known=known))

    def _reply(self, game: Game) -> Action:
        """The first action of the best line against the expected replies."""
        me = game.to_act
        assert me is not None
        values = {a: best_line(after(game, a), me, self.others) for a in game.legal_actions()}
        return max(values, key=lambda a: values[a])  # the first of equal ones, in legal order


def after(game: Game, action: Action) -> Game:
    c = game.clone()
    c.apply(action)
    return c


def best_line(g: Game, me: int, others: Agent) -> tuple[int, int]:
    """``me``'s best (return, own card points) from ``g`` when every other seat plays as
    ``others`` does: a depth-first search over ``me``'s actions only (``g`` is consumed)."""
    # No hand pays more (three-hand: 1 from each other player; else 3): stop once reached.
    top = 2 if g.profile.players == 3 else 3
    while not g.is_over and g.to_act != me:
        g.apply(act_in_game(others, g, g.to_act))  # type: ignore[arg-type]
    if g.is_over:
        r = g.result
        assert r is not None
        return r.returns[me], g.scores()[g.profile.side(me)]
    best = (-99, -1)
    for a in g.legal_actions():
        best = max(best, best_line(after(g, a), me, others))
        if best[0] >= top:
            break
    return best


class Modeller(Agent):
    """Sees only its view and the hand's history, and models the others as the club player
    of ``rules``: PIMC whose worlds are valued by the best line against those replies
    (``best_line``), each action by its mean return plus 1/200 of its card points, for
    ``time`` seconds a decision (at least one world). Profiles with every card dealt only
    (three-hand, four-hand-24): there a world's deal follows from its hands and the history."""

    uses_history = True

    def __init__(self, seed: int = 0, rules: str = "basic", time: float = 1.0) -> None:
        super().__init__(seed)
        self.rules = rules
        self.time = time
        self.others = HeuristicAgent(seed, rules)

    @property
    def spec(self) -> AgentSpec:
        return AgentSpec.parse(f"custom:factory=oracle.model,rules={self.rules},time={self.time}")

    def choose(self, view, legal):  # type: ignore[no-untyped-def]
        raise NotImplementedError("the modeller needs the hand's history")

    def choose_with(self, view, legal, history):  # type: ignore[no-untyped-def]
        if len(legal) == 1:
            return legal[0]
        assert history is not None and not view.profile.stock_size
        start = clock.perf_counter()
        me = view.seat
        totals = dict.fromkeys(legal, 0.0)
        spaces = {p: PastSpace(history, p) for p in history.others()}
        worlds = WorldSpace(view)
        batch = 0
        while True:
            batch += 1
            for lay in worlds.sample(8, derive_seed(self.rng.getrandbits(32), "m", batch)):
                pasts = {p: next(sp.pasts(lay.hands[p])) for p, sp in spaces.items()}
                g = past_game(history, lay.hands, lay.stock, lay.aside, pasts)
                for a in history.actions:
                    g.apply(a)
                for a in legal:
                    ret, pts = best_line(after(g, a), me, self.others)
                    totals[a] += ret + pts / 200
                if clock.perf_counter() - start >= self.time:
                    return max(legal, key=lambda a: totals[a])


def model(seed: int = 0, rules: str = "basic", time: float = 1.0) -> Modeller:
    return Modeller(seed, rules, time)


def make(seed: int = 0, tie: str = "none", rules: str = "basic", blind: int = 0,
         infer: float = 0.0) -> Oracle:
    return Oracle(seed, tie, rules, blind, infer)


def _act(agent: Agent, game: Game, seat: int) -> Action:
    if getattr(agent, "sees_all", False):
        return agent.act_game(game)  # type: ignore[attr-defined,no-any-return]
    return act_in_game(agent, game, seat)


arena_mod.act_in_game = _act  # the worker processes are forked from this one


def pairwise(records: Sequence[object]) -> tuple[float, list[int]]:
    """Share of (leg, other seat) where a's seat finished above (ties half), and a's places."""
    total, places = 0.0, [0, 0, 0]
    for r in records:
        s, a = r.seat_scores, r.a_seats[0]  # type: ignore[attr-defined]
        others = [s[i] for i in range(len(s)) if i != a]
        total += sum(1.0 if s[a] > o else 0.5 if s[a] == o else 0.0 for o in others) / len(others)
        places[sum(o > s[a] for o in others)] += 1
    return total / len(records), places


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--profile", default="three-hand")
    ap.add_argument("--matches", type=int, default=20, help="duplicate matches (sets in three-hand)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--tie", choices=("none", "cards", "cardsonly", "maxn", "reply", "hands"),
                    default="none",
                    help="maxn: every seat plays for itself (game points, then its card points); "
                         "reply: the best line against the others' known rules; hands: the "
                         "default engine at 1 s seeing the other hands but not the stock")
    ap.add_argument("--against", default="heuristic:basic")
    ap.add_argument("--model", type=float, metavar="SECONDS",
                    help="play the modeller instead (no hidden cards seen; the others modelled "
                         "as --against), SECONDS a decision")
    ap.add_argument("--blind", type=int, default=0, metavar="K",
                    help="the default engine plays the oracle's first K cards of each hand")
    ap.add_argument("--infer", type=float, default=0.0, metavar="EPS",
                    help="that engine infers with the club's rules (infer=EPS)")
    ap.add_argument("--workers", type=int, default=None)
    ap.add_argument("--results", help="JSON-lines file of the matches (resumable)")
    ap.add_argument("--quick", action="store_true", help="one match")
    args = ap.parse_args(argv)
    if args.quick:
        args.matches = 1
    print(machine())
    rules = "expert"
    if args.against.startswith("heuristic:"):
        rules = str(dict(AgentSpec.parse(args.against).params).get("rules", "expert"))
    elif args.tie == "reply" and args.against != "heuristic":
        ap.error("--tie reply needs a heuristic player as --against (its rules are replayed)")
    if args.blind < 0:
        ap.error("--blind must be at least 0")
    spec = f"custom:factory=oracle.make,tie={args.tie},rules={rules}"
    if args.blind:
        spec += f",blind={args.blind}"
    if args.infer:
        spec += f",infer={args.infer}"
    if args.model is not None:
        spec = f"custom:factory=oracle.model,rules={rules},time={args.model}"
    s = arena(spec, args.against, profile=args.profile, matches=args.matches, seed=args.seed,
              workers=args.workers, results=args.results, progress=sys.stderr.isatty())
    who = f"modeller ({args.model} s)" if args.model is not None else f"oracle (tie {args.tie})"
    if args.blind and args.model is None:
        who += f", blind for its first {args.blind} cards"
        who += f" (the engine inferring, eps {args.infer})" if args.infer else ""
    print(f"{s.profile}: {who} vs {s.b}: {s.matches} legs, {s.hands} hands")
    print(f"  matches won {s.match_score} (even {s.baseline:.1%}); net / hand {s.net}")
    if s.solo:
        share, places = pairwise(s.records)
        print(f"  pairwise share {share:.1%} (even 50%); places 1st/2nd/3rd {places}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

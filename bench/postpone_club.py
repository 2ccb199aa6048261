"""Strategy fusion in three-hand, where the others follow the basic club's rules.

    python bench/postpone_club.py --quick
    python bench/postpone_club.py --hands 15 --worlds 200 --seed 2

bench/postpone.py measures strategy fusion where the other side plays its open-card best. In
three-hand the engine values a world by the seat's best line against the basic club players'
replies (``others=club``), and those players are deterministic: their play rules worlds in or
out exactly, and after the seat's action they answer in one way in each world. This probe
asks how much the seat's own open-card foresight is worth there.

At each decision of seat 0 (two more club players in the other seats, and seat 0 playing the
club's card to move the hand on) it draws worlds that fit the others' past play (a world is
kept when the club's rules, replayed from its deal, make every action the others made), and
for each action and world plays the others' replies up to the seat's next turn, where it
values each of the seat's actions by its best line against the replies (``_core.club_reply``).
PIMC's value of an action is the mean of the best of those; the postponed value lets the seat
pick one action for all the worlds it cannot tell apart then (the same replies seen). It
prints the decisions where the two choose differently and what PIMC's choice loses by the
postponed values (game points; card points break ties, 512 of them to a game point).
Where the postponed values tie, they keep PIMC's choice.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path

from sixtysix_solver import _core
from sixtysix_solver.advice.club import club_choice
from sixtysix_solver.advice.recommend import known_voids
from sixtysix_solver.advice.pasts import PastSpace, past_game
from sixtysix_solver.knowledge.history import History
from sixtysix_solver.knowledge.view import View
from sixtysix_solver.knowledge.worlds import Layout, WorldSpace
from sixtysix_solver.rules.actions import Action
from sixtysix_solver.rules.game import Game

sys.path.insert(0, str(Path(__file__).resolve().parent))
from headtohead import machine

PROFILE = "three-hand"
SCALE = _core.MAXN_SCALE


def club(g: Game) -> Action:
    """The basic club player's action for the player to act."""
    return club_choice(View.from_game(g), g.legal_actions())


def fitting(history: History, lay: Layout, spaces: dict[int, PastSpace]) -> Game | None:
    """The world ``lay`` replayed from its deal, or None when the others' past play does not
    fit the club's rules there (every card is dealt: one past per world)."""
    pasts = {p: next(sp.pasts(lay.hands[p])) for p, sp in spaces.items()}
    g = past_game(history, lay.hands, lay.stock, lay.aside, pasts)
    for p, a in zip(history.actors, history.actions):
        if p != history.seat and len(g.legal_actions()) > 1 and club(g) != a:
            return None
        g.apply(a)
    return g


def worlds_fitting(game: Game, seat: int, n: int, rng: random.Random) -> tuple[list[Game], int]:
    """Up to ``n`` worlds that fit the others' play, and how many were drawn to find them."""
    history = History.from_game(game, seat)
    spaces = {p: PastSpace(history, p) for p in history.others()}
    space = WorldSpace(history.view)
    out: list[Game] = []
    tried = 0
    while len(out) < n and tried < 200 * n:
        for lay in space.sample(50, rng.randrange(1 << 30)):
            tried += 1
            g = fitting(history, lay, spaces)
            if g is not None:
                out.append(g)
                if len(out) == n:
                    break
    return out, tried


def to_turn(g: Game, seat: int) -> tuple[int, ...]:
    """Play the club's replies until ``seat`` acts or the hand ends; the actions seen."""
    seen = []
    while not g.is_over and g.to_act != seat:
        a = club(g)
        seen.append(a.code)
        g.apply(a)
    return tuple(seen)


def utility(g: Game, seat: int) -> int:
    """The seat's utility (return * SCALE + score): at the end, or by its best line from its
    turn against the club's replies."""
    if g.is_over:
        r = g.result
        assert r is not None
        return r.returns[seat] * SCALE + g.scores()[seat]
    v, _ = _core.club_reply(g.core, public_voids(g, seat))
    return int(v)


def public_voids(g: Game, seat: int) -> int:
    """The voids everybody knows, as the core's club rules take them (bit player * 4 + suit):
    every void the hand's play showed, the seat's own too (:func:`known_voids` with the
    history, as the engine passes them when it weights its worlds)."""
    return known_voids(View.from_game(g, seat), History.from_game(g, seat))


def values(worlds: Sequence[Game], seat: int) -> tuple[dict[str, float], dict[str, float]]:
    """Each action's PIMC value and postponed value (mean utility over ``worlds``)."""
    pimc: dict[str, float] = {}
    post: dict[str, float] = {}
    for a in worlds[0].legal_actions():
        total = 0
        ended = 0
        sets: dict[tuple[int, ...], dict[int, int]] = defaultdict(lambda: defaultdict(int))
        for w in worlds:
            g = w.clone()
            g.apply(a)
            seen = to_turn(g, seat)
            if g.is_over:
                v = utility(g, seat)
                total += v
                ended += v
                continue
            nexts = {}
            for b in g.legal_actions():
                h = g.clone()
                h.apply(b)
                to_turn(h, seat)
                nexts[b.code] = utility(h, seat)
                sets[seen][b.code] += nexts[b.code]
            total += max(nexts.values())
        pimc[str(a)] = total / len(worlds)
        post[str(a)] = (ended + sum(max(t.values()) for t in sets.values())) / len(worlds)
    return pimc, post


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=15, help="seeded hands")
    ap.add_argument("--worlds", type=int, default=200)
    ap.add_argument("--seed", type=int, default=2, help="hands seed*1000 .. and the worlds")
    ap.add_argument("--quick", action="store_true", help="2 hands, 20 worlds")
    args = ap.parse_args(argv)
    if args.quick:
        args.hands, args.worlds = 2, 20
    print(f"machine: {machine()}")
    print(f"{PROFILE}, {args.hands} hands, {args.worlds} worlds, seed {args.seed}")
    rng = random.Random(args.seed)
    decisions = differ = 0
    lost = 0.0
    spent = 0.0
    for h in range(args.hands):
        g = Game.deal(PROFILE, seed=args.seed * 1000 + h)
        while not g.is_over:
            if g.to_act == 0 and len(g.legal_actions()) > 1:
                t = time.perf_counter()
                worlds, tried = worlds_fitting(g, 0, args.worlds, rng)
                pimc, post = values(worlds, 0)
                spent += time.perf_counter() - t
                a1 = max(pimc, key=lambda a: pimc[a])  # the first of equal ones
                a2 = max(post, key=lambda a: (post[a], a == a1))  # PIMC's on a tie
                decisions += 1
                if a1 != a2:
                    differ += 1
                    lost += (post[a2] - post[a1]) / SCALE
                    print(f"hand {h}, trick {sum(g.tricks_won()) + 1}: {len(worlds)} of {tried} "
                          f"worlds fit; PIMC {a1}, postponed {a2}: "
                          f"{(post[a2] - post[a1]) / SCALE:+.3f} game points by the postponed "
                          f"values", flush=True)
            g.apply(club(g))
    print(f"decisions {decisions}, the choice differs in {differ}; PIMC's choice loses "
          f"{lost / max(decisions, 1):+.4f} game points a decision by the postponed values; "
          f"{spent / max(decisions, 1):.2f} s a decision")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Weighting worlds by the other players' past actions: the exact weights against a brute force
over every full deal, the past sampler's uniformity and consistency, every profile, errors."""

from __future__ import annotations

import itertools
import random
from collections import Counter, defaultdict
from collections.abc import Sequence

import pytest

from sixtysix_solver.actions import Action, Kind
from sixtysix_solver.bots import HeuristicAgent, RandomAgent
from sixtysix_solver.errors import SixtySixError
from sixtysix_solver.game import Game
from sixtysix_solver.history import History, HistoryError
from sixtysix_solver.opponents import (
    HeuristicModel,
    ModelError,
    OpponentModel,
    UniformModel,
    parse_opponent_model,
)
from sixtysix_solver.pasts import Past, PastSpace, PastWeights, past_game
from sixtysix_solver.profiles import PROFILES
from sixtysix_solver.view import View
from sixtysix_solver.worlds import Layout, WorldSpace


def bot_game(profile: str, seed: int, stop: int | None = None, stock: int | None = None) -> Game:
    """Seat 0 a heuristic player, the others random ones, until ``stop`` actions were taken
    or the stock is down to ``stock`` cards (claims are skipped so that the hand goes on)."""
    g = Game.deal(profile, seed=seed)
    bots = [HeuristicAgent(), RandomAgent(seed)]
    n = 0
    while not g.is_over and (stop is None or n < stop) and (stock is None or len(g.stock) > stock):
        p = g.to_act
        assert p is not None
        a = bots[0 if p == 0 else 1].act(View.from_game(g, p))
        if a.kind == Kind.CLAIM:
            a = next((x for x in g.legal_actions() if x.kind != Kind.CLAIM), a)
        g.apply(a)
        n += 1
    return g


def schnapsen_position(seed: int, actions: int) -> Game:
    g = bot_game("schnapsen", seed, stop=actions)
    assert g.to_act == 1 and len(g.stock) == 4
    return g


def brute_force(game: Game, seat: int, model: OpponentModel) -> dict[tuple[int, ...], float]:
    """Every full deal the seat cannot tell from the real one (its own cards and draws the same,
    every action legal), in plain Python: the sum of the model's likelihood of the other
    player's actions, per current hand of the other player."""
    prof = game.profile
    start = game.start_fields
    opp = 1 - seat
    real_stock = list(start["stock"])
    # The seat knows which stock places it drew from (it saw the cards).
    replay = Game.from_fields(prof, start)
    mine: dict[int, int] = {}
    taken = 0
    opp_drawn = 0  # the opponent's hidden draws so far
    needs: list[tuple[int, int]] = []  # (hidden draws before, card) for each card it used
    for a in game.actions:
        f = replay.fields()
        if f["to_act"] == opp and a.kind == Kind.PLAY:
            needs.append((opp_drawn, a.arg))
        before = list(f["stock"])
        replay.apply(a)
        after = replay.fields()
        drawn = len(before) - len(after["stock"])
        first = after["last_trick_winner"]
        for i in range(drawn):
            drawer = (first + i) % 2
            if i == len(before) - 1:
                continue  # the face-up card: everybody sees who takes it
            if drawer == seat:
                mine[taken + i] = before[i]
            else:
                opp_drawn += 1
        taken += drawn
    opp_places = [i for i in range(taken) if i not in mine and i < len(real_stock) - 1]
    hidden_places = [i for i in range(len(real_stock) - 1) if i not in mine]
    deck = Counter(c for h in start["hands"] for c in h) + Counter(real_stock)
    unknown = sorted((deck - Counter(start["hands"][seat]) - Counter(mine.values())
                      - Counter([real_stock[-1]])).elements())
    sums: dict[tuple[int, ...], float] = defaultdict(float)
    k = prof.hand_size
    for dealt in itertools.combinations(unknown, k):
        rest = list((Counter(unknown) - Counter(dealt)).elements())
        for order in itertools.permutations(rest, len(opp_places)):
            # A card played must be in the hand (dealt or drawn before): prune the rest.
            if any(c not in dealt and c not in order[:k_drawn] for k_drawn, c in needs):
                continue
            stock = [0] * len(real_stock)
            for i, c in mine.items():
                stock[i] = c
            rest_left = list((Counter(rest) - Counter(order)).elements())
            places = iter(hidden_places)
            for c in list(order) + rest_left:
                stock[next(places)] = c
            stock[-1] = real_stock[-1]
            hands = [list(h) for h in start["hands"]]
            hands[opp] = list(dealt)
            f = dict(start)
            f["hands"], f["stock"] = hands, stock
            g = Game.from_fields(prof, f)
            lik = 1.0
            for a in game.actions:
                if not g.is_legal(a):
                    lik = 0.0
                    break
                if g.to_act == opp:
                    lik *= model.probability(View.from_game(g, opp), a)
                g.apply(a)
            if lik == 0.0:
                continue
            # the seat must see what it saw: its hand now
            assert sorted(g.hand(seat)) == sorted(game.hand(seat))
            sums[tuple(sorted(c.code for c in g.hand(opp)))] += lik
    return dict(sums)


@pytest.mark.parametrize("seed, actions, informative", [(20, 14, False), (22, 7, True)])
def test_exact_weights_match_brute_force(seed: int, actions: int, informative: bool) -> None:
    """Every full deal consistent with what the seat saw, weighted by the model's likelihood of
    the opponent's actions and summed per current hand: proportional to the exact weights."""
    g = schnapsen_position(seed, actions)
    seat = 1
    model = HeuristicModel(0.2)
    brute = brute_force(g, seat, model)
    counts = brute_force(g, seat, UniformModel())
    h = History.from_game(g, seat)
    pw = PastWeights(h, model, seed=3, past_limit=10**6)
    space = PastSpace(h, 0)
    worlds = list(WorldSpace(h.view, stock_order=False).layouts(None))
    assert {tuple(sorted(w.hands[0])) for w in worlds} == set(brute)
    # Outside open strict play every world has as many pasts: the base sampler is right.
    assert len(set(counts.values())) == 1
    assert {space.count(w.hands[0]) for w in worlds} == set(counts.values())
    mine = {tuple(sorted(w.hands[0])): pw.weight(w.hands) for w in worlds}
    assert pw.exact
    total_b, total_m = sum(brute.values()), sum(mine.values())
    for hand, b in brute.items():
        assert mine[hand] / total_m == pytest.approx(b / total_b, rel=1e-9, abs=1e-15)
    # seed 22: the weights differ from world to world (so the comparison can fail)
    assert (len({round(x / total_m, 12) for x in mine.values()}) > 1) == informative

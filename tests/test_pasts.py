"""Weighting worlds by the other players' past actions: the exact weights against a brute force
over every full deal, the past sampler's uniformity and consistency, every profile, errors."""

from __future__ import annotations

import itertools
import math
import random
import time
from collections import Counter, defaultdict
from collections.abc import Sequence

import pytest

from sixtysix_solver.rules.actions import Action, Kind
from sixtysix_solver.agents import HeuristicAgent, RandomAgent
from sixtysix_solver.errors import SixtySixError
from sixtysix_solver.rules.game import Game
from sixtysix_solver.knowledge.history import History, HistoryError
from sixtysix_solver.advice.opponents import HeuristicModel, ModelError, OpponentModel, UniformModel, parse_opponent_model
from sixtysix_solver.advice.past_weights import PastWeights
from sixtysix_solver.advice.pasts import Past, PastSpace, past_game
from sixtysix_solver.rules.profiles import PROFILES
from sixtysix_solver.knowledge.view import View
from sixtysix_solver.knowledge.worlds import Layout, WorldSpace


def bot_game(profile: str, seed: int, stop: int | None = None, stock: int | None = None) -> Game:
    """Seat 0 the basic heuristic player (the rules HeuristicModel predicts), the others random
    ones, until ``stop`` actions were taken or the stock is down to ``stock`` cards (claims are
    skipped so that the hand goes on)."""
    g = Game.deal(profile, seed=seed)
    bots = [HeuristicAgent(rules="basic"), RandomAgent(seed)]
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


def strict_position(profile: str, seed: int, stock: int) -> Game:
    """Seat 0 random, seat 1 the basic heuristic (no claims or closing) until the stock is small."""
    g = Game.deal(profile, seed=seed)
    bots = [RandomAgent(seed), HeuristicAgent(rules="basic")]
    while not g.is_over and len(g.stock) > stock:
        p = g.to_act
        assert p is not None
        a = bots[p].act(View.from_game(g, p))
        if a.kind in (Kind.CLAIM, Kind.CLOSE):
            a = next(x for x in g.legal_actions() if x.kind not in (Kind.CLAIM, Kind.CLOSE))
        g.apply(a)
    assert g.to_act == 0
    return g


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


def test_exact_weights_in_open_strict_play() -> None:
    """Schnapsen-jaques plays strictly from the first trick: some pasts of a world break the
    rules, so worlds have different numbers of legal pasts; a model that gives illegal actions
    probability 0 weights the worlds exactly as the brute force does all the same."""
    g = strict_position("schnapsen-jaques", 45, 4)
    model = HeuristicModel(0.2)
    brute = brute_force(g, 0, model)
    assert len(set(brute_force(g, 0, UniformModel()).values())) > 1  # legal pasts differ
    h = History.from_game(g, 0)
    pw = PastWeights(h, model, seed=1, past_limit=10**6)
    worlds = list(WorldSpace(h.view, stock_order=False).layouts(None))
    mine = {tuple(sorted(w.hands[1])): pw.weight(w.hands) for w in worlds}
    assert pw.exact and set(mine) == set(brute)
    total_b, total_m = sum(brute.values()), sum(mine.values())
    for hand, b in brute.items():
        assert mine[hand] / total_m == pytest.approx(b / total_b, rel=1e-9, abs=1e-15)
    assert len({round(x / total_m, 12) for x in mine.values()}) > 1


# --- the past sampler ---------------------------------------------------------------------------
def test_sampled_pasts_are_uniform() -> None:
    """Seeded samples of one hand's pasts against the enumerated pasts (chi-square; deals, not
    labelings, are what must be equally likely)."""
    from test_worlds import chi2_sf

    g = schnapsen_position(22, 7)
    h = History.from_game(g, 1)
    space = PastSpace(h, 0)
    hand = tuple(sorted(c.code for c in g.hand(0)))
    everything = list(space.pasts(hand))
    assert len(everything) == space.count(hand) == len({(p.dealt, p.drawn) for p in everything})
    assert 20 <= len(everything) <= 200
    rng = random.Random(5)
    n = 60 * len(everything)
    seen = Counter((p.dealt, p.drawn) for p in (space.sample(hand, rng) for _ in range(n)))
    assert set(seen) == {(p.dealt, p.drawn) for p in everything}
    expect = n / len(everything)
    chi2 = sum((seen[(p.dealt, p.drawn)] - expect) ** 2 / expect for p in everything)
    assert chi2_sf(chi2, len(everything) - 1) > 1e-4


def held_when_played(history: History, past: Game) -> bool:
    """Every card a player played or gave up was in its hand at that moment."""
    g = Game.from_fields(history.profile, past.start_fields)
    for a in history.actions:
        p = g.to_act
        assert p is not None
        if a.kind == Kind.PLAY and a.arg not in [c.code for c in g.hand(p)]:
            return False
        if not g.is_legal(a):
            return history.profile.open_strict  # only strict play can forbid a held card
        g.apply(a)
    return True


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_sampled_pasts_fit_the_history(profile: str) -> None:
    """In every profile: a sampled past of a world is a deal in which every card played was
    held when played; outside open strict play the whole history replays on it and ends in
    the world."""
    for seed in range(3):
        g = bot_game(profile, seed, stop=9)
        if g.is_over:
            continue
        seat = g.to_act
        assert seat is not None
        h = History.from_game(g, seat)
        spaces = {p: PastSpace(h, p) for p in h.others()}
        rng = random.Random(seed)
        for lay in WorldSpace(h.view).sample(8, seed):
            pasts = {p: s.sample(tuple(sorted(lay.hands[p])), rng) for p, s in spaces.items()}
            past = past_game(h, lay.hands, lay.stock, lay.aside, pasts)
            assert held_when_played(h, past)
            if profile.startswith(("schnapsen-jaques", "mariage-piquet")):
                continue
            replay = Game.from_fields(h.profile, past.start_fields)
            for a in h.actions:
                replay.apply(a)
            f = replay.fields()
            assert [sorted(x) for x in f["hands"]] == [sorted(x) for x in lay.hands]
            assert f["stock"] == list(lay.stock)


# Sixty-six, seed 4: seat 1 exchanges the trump nine for the face-up jack (action 3), and the
# nine, lying face up, comes back to it with the stock's last draw (action 20).
GIVEN_UP_AND_DRAWN_BACK = ["TS", "JH", "draw", "exchange", "JD", "JS", "draw", "9C", "AC", "draw",
                           "KH", "KD", "draw", "marry-C", "KC", "QD", "draw", "marry-S", "KS", "TC",
                           "draw", "TD", "AD", "QC"]


def test_a_card_given_up_and_drawn_back_is_in_the_hand_again() -> None:
    """A past's hand at each decision is the hand the replayed past deal holds there, also for a
    card that left the hand (exchanged) and came back (the face-up card drawn last)."""
    g = Game.deal("sixty-six", seed=4)
    for a in GIVEN_UP_AND_DRAWN_BACK:
        g.apply(a)
    h = History.from_game(g, 0)
    space = PastSpace(h, 1)
    nine = next(c for t, c in h.gone[1] if h.actions[t].kind == Kind.EXCHANGE)
    assert str(h.actions[3]) == "exchange" and any(c == nine for _, c in h.arrived[1])
    rng = random.Random(4)
    checked = 0
    for lay in WorldSpace(h.view).sample(6, 4):
        past = space.sample(tuple(sorted(lay.hands[1])), rng)
        deal = past_game(h, lay.hands, lay.stock, lay.aside, {1: past})
        replay = Game.from_fields(h.profile, deal.start_fields)
        at = {d.index for d in space.decisions}
        expect = []
        for i, a in enumerate(h.actions):
            if i in at:
                expect.append(tuple(sorted(c.code for c in replay.hand(1))))
            replay.apply(a)
        got = space.hands(past)
        assert got == expect
        assert nine in got[-1]  # the last decision (AD, action 22) came after the draw back
        checked += 1
    assert checked == 6
    # and the weighting runs to the end (it used to fail with a hand one card short)
    assert PastWeights(h, HeuristicModel(0.3), seed=1).weight(
        [list(g.hand(0)), list(g.hand(1))]) > 0


def test_pasts_read_only_what_the_seat_sees() -> None:
    """The engine's tracker replays the public events on a shadow deal with other hidden cards:
    its history gives the same weights as the real game's."""
    from sixtysix_solver.knowledge.tracker import HandTracker

    g = bot_game("sixty-six", 3, stop=10)
    seat = g.to_act
    assert seat is not None
    real = History.from_game(g, seat)
    start = g.start_fields
    t = HandTracker(g.profile.name, dealer=start["dealer"], seat=seat,
                    hand=[c for c in Game.from_fields(g.profile, start).hand(seat)],
                    trump_card=g.trump_card)
    replay = Game.from_fields(g.profile, start)
    for a in g.actions:
        p = replay.to_act
        assert p is not None
        before = Counter(replay.fields()["hands"][seat])
        replay.apply(a)
        t.act(p, a)
        if t.pending_draw:
            got = Counter(replay.fields()["hands"][seat]) - before
            t.drew(next(iter(got)))
    assert t.shadow().start_fields != g.start_fields  # other hidden cards
    shadow = History.from_game(t.shadow(), seat)
    assert shadow.view == real.view
    a = PastWeights(real, HeuristicModel(0.25), seed=1)
    b = PastWeights(shadow, HeuristicModel(0.25), seed=1)
    for lay in WorldSpace(real.view).sample(30, 2):
        assert a.weight(lay.hands) == b.weight(lay.hands)


# --- models and errors --------------------------------------------------------------------------
class NoCard:
    """Probability 0 for any action of ``player`` while it holds ``card``."""

    def __init__(self, player: int, card: int) -> None:
        self.player, self.card = player, card

    def probability(self, view: View, action: Action) -> float:
        return 0.0 if view.seat == self.player and self.card in view.hand else 0.5


def test_probability_zero_gives_weight_zero() -> None:
    g = bot_game("four-hand", 1, stop=6)  # no stock: a hand now was held at every decision
    seat = g.to_act
    assert seat is not None
    h = History.from_game(g, seat)
    q = (seat + 1) % 4
    card = sorted(c.code for c in g.hand(q))[0]
    pw = PastWeights(h, NoCard(q, card), seed=0)
    lays = WorldSpace(h.view).sample(40, 1)
    for lay in lays:
        w = pw.weight(lay.hands)
        decisions = sum(1 for d in h.decisions)
        assert (w == 0.0) == (card in lay.hands[q])
        if w:
            assert w == 0.5 ** decisions
    assert {card in lay.hands[q] for lay in lays} == {True, False}


def test_models_and_their_errors() -> None:
    assert isinstance(parse_opponent_model("uniform"), UniformModel)
    m = parse_opponent_model(" Heuristic:0.25 ")
    assert isinstance(m, HeuristicModel) and m.eps == 0.25
    assert isinstance(m, OpponentModel) and isinstance(UniformModel(), OpponentModel)
    assert parse_opponent_model("none") is None and parse_opponent_model("off") is None
    for bad in ("heuristic:-0.1", "heuristic:1.5", "heuristic:x", "heuristic:nan", "bogus",
                "uniform:2", "none:1"):
        with pytest.raises(ModelError):
            parse_opponent_model(bad)
    for eps in (-0.01, 1.01, True, "0.3", math.nan):
        with pytest.raises(ModelError):
            HeuristicModel(eps)  # type: ignore[arg-type]
    assert issubclass(ModelError, SixtySixError) and issubclass(HistoryError, ValueError)
    g = Game.deal("schnapsen", seed=3)
    v = View.from_game(g)
    legal = g.legal_actions()
    for eps in (0.0, 0.3, 1.0):
        probs = [HeuristicModel(eps).probability(v, a) for a in legal]
        assert sum(probs) == pytest.approx(1.0)
    assert HeuristicModel(0.3).probability(v, Action(Kind.PLAY, 7)) == 0.0  # not in the hand


def test_history_errors() -> None:
    g = bot_game("sixty-six", 2, stop=5)
    with pytest.raises(HistoryError, match="fresh deal"):
        History.from_game(Game.from_fields("sixty-six", g.fields()), 0)
    with pytest.raises(HistoryError):
        History.from_game(View.from_game(g), 0)  # type: ignore[arg-type]
    with pytest.raises(HistoryError):
        History.from_game(g, 5)
    h = History.from_game(g, 1)
    with pytest.raises(SixtySixError, match="probability"):
        PastWeights(h, object(), seed=0)  # type: ignore[arg-type]
    with pytest.raises(SixtySixError, match="past_samples"):
        PastWeights(h, UniformModel(), past_samples=0)

    class Bad:
        def probability(self, view: View, action: Action) -> float:
            return 1.5

    pw = PastWeights(h, Bad())
    with pytest.raises(SixtySixError, match="not in"):
        pw.weight(WorldSpace(h.view).sample(1, 0)[0].hands)


@pytest.mark.parametrize("profile", ["sixty-six", "schnapsen-jaques", "four-hand-24", "three-hand"])
def test_histories_read_action_by_action_equal_histories_read_at_once(profile: str) -> None:
    """History.from_game and View.from_game keep what they read: asked at every decision in
    order (each call reads only the new actions) or backwards (each call reads the hand
    anew), they give the same histories and views."""
    actions = bot_game(profile, 5).actions

    def prefix(k: int) -> Game:
        g = Game.deal(profile, seed=5)
        for a in actions[:k]:
            g.apply(a)
        return g

    games = [prefix(k) for k in range(len(actions) + 1)]
    seats = range(games[0].players)
    forward = [(History.from_game(g, s), View.from_game(g, s)) for g in games for s in seats]
    backward = [(History.from_game(g, s), View.from_game(g, s))
                for g in reversed(games) for s in reversed(seats)]
    assert forward == backward[::-1]


def test_two_deck_pasts_count_deals() -> None:
    """With two decks a deal whose two copies of a card could swap places is reached by two
    labelings: each counts half, so the shares of a hand's pasts add up to its deals."""
    checked = 0
    for seed in range(6):
        g = bot_game("double-deck", seed, stop=12)
        if g.is_over:
            continue
        seat = g.to_act
        assert seat is not None
        h = History.from_game(g, seat)
        space = PastSpace(h, 1 - seat)
        for lay in WorldSpace(h.view).sample(3, seed):
            hand = tuple(sorted(lay.hands[1 - seat]))
            if space.count(hand) > 5000:
                continue
            shares: dict[tuple[tuple[int, ...], tuple[int, ...]], float] = defaultdict(float)
            for p in space.pasts(hand):
                shares[(p.dealt, p.drawn)] += p.share
            assert all(s == 1.0 for s in shares.values())  # every deal counts once
            checked += 1
    assert checked


def test_a_deadline_bounds_the_cost_of_a_weight() -> None:
    """With ``until`` set (a caller's time limit) a hand of many pasts is estimated from sampled
    pasts, and once ``until`` has passed from the first past drawn: far fewer model calls than
    the exact average, the same weight for the same seed, and never zero for the real hand."""
    g = bot_game("sixty-six", 5, stock=6)
    seat = g.to_act
    assert seat is not None
    h = History.from_game(g, seat)
    other = 1 - seat
    hands = [list(g.hand(0)), list(g.hand(1))]
    space = PastSpace(h, other)
    assert space.count(tuple(sorted(int(c) for c in hands[other]))) > 64  # enumerated if exact
    exact = PastWeights(h, HeuristicModel(0.3), seed=2, core=False)
    exact.weight(hands)
    assert exact.exact
    late = [PastWeights(h, HeuristicModel(0.3), seed=2, core=False) for _ in range(2)]
    for pw in late:
        pw.until = time.perf_counter() - 1.0  # already past
    w1, w2 = (pw.weight(hands) for pw in late)
    assert not late[0].exact and w1 == w2 > 0
    assert late[0].model_calls <= len(space.decisions) < exact.model_calls

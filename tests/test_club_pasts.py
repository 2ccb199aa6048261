"""The core's likelihoods of a history under the basic club model (advice/club_pasts.py) against
the Python model they stand in for (PastWeights with core=False asks HeuristicModel per
decision of each past)."""

from __future__ import annotations

import random

import pytest

from sixtysix_solver import _core
from sixtysix_solver.advice.club_pasts import core_pasts, core_takes, greedy_past
from sixtysix_solver.advice.opponents import HeuristicModel
from sixtysix_solver.advice.past_weights import PastWeights
from sixtysix_solver.advice.pasts import PastSpace
from sixtysix_solver.agents import HeuristicAgent, RandomAgent
from sixtysix_solver.errors import SixtySixError
from sixtysix_solver.knowledge.history import History
from sixtysix_solver.knowledge.view import View
from sixtysix_solver.knowledge.worlds import WorldSpace
from sixtysix_solver.rules.actions import Kind
from sixtysix_solver.rules.game import Game
from sixtysix_solver.rules.profiles import PROFILES

from test_pasts import GIVEN_UP_AND_DRAWN_BACK

TWO_PLAYER = [n for n, p in PROFILES.items() if p.players == 2 and p.copies == 1]


def club_history(profile: str, seed: int, plies: int, rules: str = "basic",
                 after_stock: bool = False) -> Game:
    """A hand of ``plies`` actions (``after_stock``: that many once random play has used up
    the stock): seat 0 random, seat 1 the club player of ``rules`` four times in five (its
    choices then carry information); claims skipped so that the hand goes on."""
    rng = random.Random(seed)
    g = Game.deal(profile, seed=seed, dealer=rng.randrange(2))
    club, rand = HeuristicAgent(rules=rules), RandomAgent(seed)
    while after_stock and not g.is_over and View.from_game(g, 0).stock_size:
        g.apply(rng.choice([a for a in g.legal_actions()
                            if a.kind not in (Kind.CLOSE, Kind.CLAIM)]))
    for _ in range(plies):
        if g.is_over:
            break
        p = g.to_act
        assert p is not None
        view = View.from_game(g, p)
        a = club.act(view) if p == 1 and rng.random() < 0.8 else rand.act(view)
        if a.kind == Kind.CLAIM:
            a = next((x for x in g.legal_actions() if x.kind != Kind.CLAIM), a)
        g.apply(a)
    return g


def test_the_core_takes_the_two_player_games_of_one_deck() -> None:
    assert set(TWO_PLAYER) >= {"schnapsen", "sixty-six", "mariage", "mariage-piquet"}
    for name, prof in PROFILES.items():
        g = Game.deal(name, seed=1)
        assert core_takes(History.from_game(g, g.to_act)) == (name in TWO_PLAYER)


@pytest.mark.parametrize("profile", TWO_PLAYER)
def test_core_likelihoods_are_the_python_models(profile: str) -> None:
    # Every past of a few worlds in seeded hands at several stages: the same likelihood per
    # past, and the same exact weight per world (sums in the same order: equal to 1e-12).
    checked = pasts = 0
    for seed in range(10):
        g = club_history(profile, seed, plies=4 + 3 * seed)
        if g.is_over:
            continue
        seat = 0  # advised; its opponent (1) is the club player
        h = History.from_game(g, seat)
        space = PastSpace(h, 1)
        if not space.decisions:
            continue
        eps = (0.1, 0.3, 0.5)[seed % 3]
        slow = PastWeights(h, HeuristicModel(eps), seed=seed, core=False)
        fast = PastWeights(h, HeuristicModel(eps), seed=seed)
        assert fast.core and not slow.core
        before = checked
        for lay in WorldSpace(h.view).sample(8, seed):
            hand = tuple(sorted(lay.hands[1]))
            if space.count(hand) > 300:
                continue
            core = core_pasts(space, eps, hand)
            assert core is not None
            for past in list(space.pasts(hand))[:40]:
                want = slow._likelihood(space, past)
                got = core.likelihood(list(past.dealt), list(past.drawn))
                assert got == pytest.approx(want, rel=1e-12, abs=1e-300), (profile, seed, past)
                pasts += 1
            w_fast, w_slow = fast.weight(lay.hands), slow.weight(lay.hands)
            assert w_fast == pytest.approx(w_slow, rel=1e-12, abs=1e-300)
            checked += 1
        assert fast.exact and fast.model_calls == 0
        assert fast.core_calls >= 1 or checked == before
    assert checked >= 8 and pasts >= 100


def test_a_card_given_up_and_drawn_back_in_the_core() -> None:
    g = Game.deal("sixty-six", seed=4)
    for a in GIVEN_UP_AND_DRAWN_BACK:
        g.apply(a)
    h = History.from_game(g, 0)
    hands = [list(g.hand(0)), list(g.hand(1))]
    # 6,480 pasts, every one valued (sampled, the two would draw different pasts)
    slow = PastWeights(h, HeuristicModel(0.3), past_limit=7000, core=False).weight(hands)
    fast = PastWeights(h, HeuristicModel(0.3), past_limit=7000)
    assert fast.weight(hands) == pytest.approx(slow, rel=1e-12) and fast.exact
    assert slow > 0


def test_the_core_exchange_forfeit_as_the_python_model() -> None:
    # sixty-six-jaques: an exchange not taken when possible is lost; hands with the low trump
    # at a decision where the player could have exchanged count it.
    found = 0
    for seed in range(40):
        g = club_history("sixty-six-jaques", seed, plies=14)
        if g.is_over:
            continue
        h = History.from_game(g, 0)
        space = PastSpace(h, 1)
        if not any(d.could_exchange and d.action.kind != Kind.EXCHANGE for d in space.decisions):
            continue
        slow = PastWeights(h, HeuristicModel(0.2), seed=1, core=False)
        fast = PastWeights(h, HeuristicModel(0.2), seed=1)
        for lay in WorldSpace(h.view).sample(3, seed):
            if space.count(tuple(sorted(lay.hands[1]))) <= 300:
                assert fast.weight(lay.hands) == pytest.approx(slow.weight(lay.hands), rel=1e-12)
                found += 1
    assert found >= 6


def test_sampled_pasts_in_the_core_estimate_the_mean() -> None:
    # A hand of many pasts: the mean of 4,000 pasts drawn in the core is near the exact mean,
    # the same seed gives the same estimate, and another seed another one.
    for seed in range(12):
        g = club_history("sixty-six", seed, plies=12)
        h = History.from_game(g, 0)
        space = PastSpace(h, 1)
        hand = tuple(sorted(c.code for c in g.hand(1)))
        if not 100 < space.count(hand) <= 512:
            continue
        core = core_pasts(space, 0.3, hand)
        assert core is not None
        cards = [c for _, c in space.instances(hand)]
        opens = [space.open_slots(d) for d, _ in space.instances(hand)]
        args = (cards, opens, space.dealt, len(space.draw_times))
        exact = core.mean(*args, 0, 0)
        est = core.mean(*args, 4000, 5)
        assert est == core.mean(*args, 4000, 5) != core.mean(*args, 4000, 6)
        assert est == pytest.approx(exact, rel=0.1)
        return
    pytest.fail("no hand with 100 to 512 pasts")


def test_the_core_refuses_what_does_not_fit() -> None:
    g = club_history("schnapsen", 3, plies=9)
    h = History.from_game(g, 0)
    space = PastSpace(h, 1)
    hand = tuple(sorted(c.code for c in g.hand(1)))
    core = core_pasts(space, 0.3, hand)
    assert core is not None
    past = greedy_past(space, hand)
    start = Game.deal("schnapsen", seed=3).core
    codes = [a.code for a in h.actions]
    decisions = [(d.index, 0, 0, 0, False) for d in space.decisions]
    with pytest.raises(SixtySixError, match="one copy of each card"):
        _core.ClubPasts(Game.deal("double-deck", seed=1).core, [], 1, 0.3, [], -1, False)
    with pytest.raises(SixtySixError, match="player"):
        _core.ClubPasts(start, [], 2, 0.3, [], -1, False)
    with pytest.raises(SixtySixError, match="eps"):
        _core.ClubPasts(start, [], 1, 1.5, [], -1, False)
    with pytest.raises(SixtySixError, match="decisions do not fit"):
        _core.ClubPasts(start, codes, 1, 0.3, decisions[:-1], -1, False)
    with pytest.raises(SixtySixError, match="code"):
        _core.ClubPasts(start, [600], 1, 0.3, [], -1, False)
    # A card played where the hand draws (not where the rules of following allow any card)
    g = Game.deal("sixty-six", seed=4)
    for a in ["TS", "JH"]:
        g.apply(a)
    assert g.phase == "draw" and g.to_act == 1
    card = g.hand(1)[0].code
    turns = [t for t, p in enumerate(History.from_game(g, 0).actors) if p == 1] + [2]
    with pytest.raises(SixtySixError, match="does not fit the deal"):
        _core.ClubPasts(Game.deal("sixty-six", seed=4).core,
                        [g.actions[0].code, g.actions[1].code, card], 1, 0.3,
                        [(t, 0, 0, 0, False) for t in turns], -1, False)
    with pytest.raises(SixtySixError, match="card code"):
        core.likelihood([40], list(past.drawn))
    assert core.likelihood(list(past.dealt), list(past.drawn)) > 0
    assert core.likelihood(list(past.dealt)[1:], list(past.drawn)) == 0.0  # a card short
    assert core.likelihood([], list(past.drawn)) == 0.0
    if past.drawn:
        with pytest.raises(SixtySixError, match="hidden draws"):
            core.likelihood(list(past.dealt), [])
    deck = [c for c in range(32) if c % 8 < 5][:12]  # schnapsen: A T K Q J of each suit
    with pytest.raises(SixtySixError, match="too many pasts"):  # 12! orders: refused, not run
        core.mean(deck, [12] * 12, 0, 12, 0, 0)
    assert 0.0 <= core.mean(deck, [12] * 12, 0, 12, 50, 1) <= 1.0  # sampled, any slots
    with pytest.raises(SixtySixError, match="not a card of the deck"):
        core.mean([7] * 12, [12] * 12, 0, 12, 50, 1)  # a seven in schnapsen
    with pytest.raises(SixtySixError, match="one card for each slot"):
        core.mean([1, 2], [1, 2], space.dealt, len(space.draw_times), 0, 0)
    with pytest.raises(SixtySixError, match="samples"):
        core.mean(*([c for _, c in space.instances(hand)],
                    [space.open_slots(d) for d, _ in space.instances(hand)]),
                  space.dealt, len(space.draw_times), -1, 0)

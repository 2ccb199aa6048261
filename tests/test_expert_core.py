"""The full club player's rules in the core (cpp/expert.cpp, ``_core.expert_action``) against
the Python player (advice/expert.py), and its likelihoods of a history (``ClubPasts`` with
``rules="expert"``) against the Python model they stand in for (``HeuristicModel(eps,
"expert")`` asked per decision of each past): in the two-player games of one deck."""

from __future__ import annotations

import itertools
import random

import pytest

from sixtysix_solver import _core
from sixtysix_solver.advice.club_pasts import core_pasts, view_facts
from sixtysix_solver.advice.counting import Count
from sixtysix_solver.advice.expert import expert_choice
from sixtysix_solver.advice.opponents import HeuristicModel
from sixtysix_solver.advice.past_weights import PastWeights
from sixtysix_solver.advice.pasts import Past, PastSpace
from sixtysix_solver.errors import SixtySixError
from sixtysix_solver.knowledge.history import History
from sixtysix_solver.knowledge.legal import legal_actions
from sixtysix_solver.knowledge.view import View
from sixtysix_solver.knowledge.worlds import WorldSpace
from sixtysix_solver.rules.actions import Action, Kind
from sixtysix_solver.rules.game import Game
from sixtysix_solver.rules.profiles import PROFILES

from test_club_pasts import club_history

TWO_PLAYER = [n for n, p in PROFILES.items() if p.players == 2 and p.copies == 1]


def counted(view: View) -> bool:
    """Does the Python player count this decision exactly (every card known, a card to play)?"""
    return view.phase in ("lead", "follow") and Count(view).all_known


@pytest.mark.parametrize("profile", TWO_PLAYER)
def test_the_core_expert_chooses_as_the_python_player(profile: str) -> None:
    # Every decision of 50 deals played by the club player three times in five, else at random:
    # the core's choice is the Python player's (closes, exchanges, marriages, the facts that
    # strict play reveals), but where the Python player counts the endgame exactly.
    rng = random.Random(11)
    checked = counted_here = 0
    for _ in range(50):
        g = Game.deal(profile, seed=rng.randrange(10**6), dealer=rng.randrange(2))
        while not g.is_over:
            p = g.to_act
            assert p is not None
            view = View.from_game(g, p)
            want = expert_choice(view, legal_actions(view))
            assert _core.expert_counts(g.core) == Count(view).all_known
            if counted(view):
                counted_here += 1
            else:
                excluded, voids = view_facts(view, 1 - p)
                got = Action.from_code(_core.expert_action(g.core, excluded, voids))
                assert got == want, (g.fields(), str(got), str(want))
                checked += 1
            g.apply(want if rng.random() < 0.6 else rng.choice(g.legal_actions()))
    assert checked > 300 and counted_here > 20


def reference_likelihood(slow: PastWeights, space: PastSpace, past: Past) -> tuple[float, int]:
    """The Python model's likelihood of ``past`` without the decisions its player counted
    exactly (the core leaves those out), and how many it left out."""
    lik, skipped, lost = 1.0, 0, False
    for d, hand in zip(space.decisions, space.hands(past)):
        if counted(d.view_with(space.history.profile, hand, lost)):
            skipped += 1
        else:
            lik *= slow._prob(d, hand, lost)
        if (space.lose_exchange and d.could_exchange and space.low in hand
                and d.action.kind != Kind.EXCHANGE):
            lost = True
    return lik, skipped


@pytest.mark.parametrize("profile", TWO_PLAYER)
def test_core_expert_likelihoods_are_the_python_models(profile: str) -> None:
    # The first 40 pasts of a few worlds in seeded hands at many stages, the stock's end and
    # the counted endgame included: the same likelihood per past; and where no decision was
    # counted, the same exact weight per world.
    checked = pasts = skipped = 0
    for seed in range(12):
        g = (club_history(profile, seed, 4 + 3 * seed, "expert") if seed < 8
             else club_history(profile, seed, seed - 6, "expert", after_stock=True))
        if g.is_over:
            continue
        h = History.from_game(g, 0)  # the advised seat; its opponent (1) is the club player
        space = PastSpace(h, 1)
        if not space.decisions:
            continue
        eps = (0.1, 0.3, 0.5)[seed % 3]
        slow = PastWeights(h, HeuristicModel(eps, "expert"), seed=seed, core=False)
        fast = PastWeights(h, HeuristicModel(eps, "expert"), seed=seed)
        assert fast.core and not slow.core
        for lay in WorldSpace(h.view).sample(6, seed):
            hand = tuple(sorted(lay.hands[1]))
            core = core_pasts(space, eps, hand, "expert")
            assert core is not None
            none_counted = True
            for past in itertools.islice(space.pasts(hand), 40):
                want, left_out = reference_likelihood(slow, space, past)
                got = core.likelihood(list(past.dealt), list(past.drawn))
                assert got == pytest.approx(want, rel=1e-12, abs=1e-300), (profile, seed, past)
                pasts += 1
                skipped += left_out
                none_counted = none_counted and not left_out
            if none_counted and space.count(hand) <= 40:
                assert fast.weight(lay.hands) == pytest.approx(slow.weight(lay.hands), rel=1e-12)
            checked += 1
        assert fast.model_calls == 0
    assert checked >= 8 and pasts >= 100
    if profile in ("schnapsen", "sixty-six"):
        assert skipped > 0  # the counted endgame was reached


def test_the_core_expert_refuses_what_it_does_not_take() -> None:
    g = Game.deal("schnapsen", seed=2)
    deck = sum(1 << (s * 8 + r) for s in range(4) for r in range(5))
    for bad in (dict(excluded=1 << 7), dict(voids=16)):
        with pytest.raises(SixtySixError):
            _core.expert_action(g.core, **bad)
    assert Action.from_code(_core.expert_action(g.core, deck, 15)) in g.legal_actions()
    for name in ("three-hand", "double-deck", "four-hand"):
        with pytest.raises(SixtySixError, match="two players and one deck"):
            _core.expert_action(Game.deal(name, seed=1).core)
    g = club_history("schnapsen", 3, 8, "expert")
    h = History.from_game(g, 0)
    space = PastSpace(h, 1)
    core = core_pasts(space, 0.2, tuple(sorted(c.code for c in g.hand(1))), "expert")
    assert core is not None and core.decisions == len(space.decisions)
    fresh = Game.deal("schnapsen", seed=3).core
    with pytest.raises(SixtySixError, match="rules must be basic or expert"):
        _core.ClubPasts(fresh, [], 0, 0.2, [], -1, False, "club", [])
    with pytest.raises(SixtySixError, match="one \\(excluded, voids\\) per decision"):
        _core.ClubPasts(fresh, [], 0, 0.2, [], -1, False, "basic", [(0, 0)])

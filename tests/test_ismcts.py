"""Information-set MCTS (sixtysix_solver.advice.ismcts): legal and reproducible results, every
iteration counted, obvious choices found, only the view read, bad input rejected."""

from __future__ import annotations

import math
import random
from dataclasses import replace

import pytest
from helpers import random_position

from sixtysix_solver.rules.actions import Action
from sixtysix_solver.rules.random_play import random_action
from sixtysix_solver.errors import PositionError, SixtySixError
from sixtysix_solver.rules.game import Game
from sixtysix_solver.advice.ismcts import ismcts
from sixtysix_solver.advice.limits import SearchLimits
from sixtysix_solver.notation.position import format_position
from sixtysix_solver.knowledge.facts import FULL, Lack
from sixtysix_solver.knowledge.view import View
from sixtysix_solver.knowledge.worlds import layout_of, sample_worlds


def played(profile: str, seed: int, actions: str) -> Game:
    g = Game.deal(profile, seed=seed)
    for a in actions.split():
        g.apply(a)
    return g


@pytest.mark.parametrize("profile", [
    "sixty-six", "schnapsen", "schnapsen-jaques", "three-hand", "four-hand", "four-hand-24",
    "double-deck",
])
@pytest.mark.parametrize("rollout", ["solver", "random"])
def test_legal_and_every_iteration_counted(profile: str, rollout: str) -> None:
    for seed, moves in ((1, 0), (2, 5), (3, 11)):
        g = random_position(profile, seed, moves)
        view = View.from_game(g)
        r = ismcts(view, iterations=60, seed=seed, rollout=rollout)  # type: ignore[arg-type]
        legal = g.legal_actions()
        assert [s.action for s in r.actions] == legal
        assert r.best in legal
        assert r.iterations == 60 == sum(s.visits for s in r.actions)
        assert r.seat == g.to_act and r.rollout == rollout
        assert r.nodes >= len(legal) or r.iterations < len(legal)
        scale = 3 + view.carry
        assert all(-scale <= s.mean <= scale for s in r.actions)
        best = r.stats(r.best)
        assert best.visits == max(s.visits for s in r.actions) and r.value == best.mean


def test_deterministic_for_a_seed() -> None:
    view = View.from_game(random_position("schnapsen", 5, 3))
    a = ismcts(view, iterations=200, seed=11)
    b = ismcts(view, iterations=200, seed=11)
    assert a == b and a.actions == b.actions and a.best == b.best
    others = [ismcts(view, iterations=200, seed=s).actions for s in (12, 13)]
    assert any(o != a.actions for o in others)  # the seed matters


def test_time_limit_stops_early() -> None:
    view = View.from_game(Game.deal("sixty-six", seed=2))
    r = ismcts(view, iterations=10**9, seed=1, time_limit=0.05)
    assert 1 <= r.iterations < 10**9
    assert sum(s.visits for s in r.actions) == r.iterations
    assert r.seconds < 5


@pytest.mark.parametrize("profile, seed, actions, best", [
    # A true claim for 3 game points; every other action wins 1 at most, in every world.
    ("schnapsen", 1682436871, "KD JC marry-H QH TD QS JS close JD AD JH KH", "claim"),
    # Declaring forty reaches the target at once (3 game points in every world, the rest <= 1).
    ("sixty-six", 3646034112, "TS KH draw JS TH draw JC 9S draw AD TC draw", "marry-S"),
    # Trumping the jack with the married queen wins 2 in every world; nothing else does.
    ("schnapsen", 3156947540, "AH TH marry-S KS AS KC JC JH", "QS"),
])
@pytest.mark.parametrize("rollout", ["solver", "random"])
def test_finds_the_winning_action(
    profile: str, seed: int, actions: str, best: str, rollout: str,
) -> None:
    g = played(profile, seed, actions)
    view = View.from_game(g)
    for s in range(3):
        r = ismcts(view, iterations=300, seed=s, rollout=rollout)  # type: ignore[arg-type]
        assert r.best == Action.parse(best)
        assert r.value == max(x.mean for x in r.actions)


def test_last_trick_choice() -> None:
    """Two cards each, every card known: the ace of hearts wins the hand, the jack loses it."""
    g = Game.from_position(
        "schnapsen dealer=0 turn=1:lead trump=KS hands=QCKH/JHAH stock=- "
        "taken=KCACJDQDKDADQHTS/JCTCTDTHJSQSKSAS last_win=5/8 exchanged=1"
    )
    r = ismcts(View.from_game(g), iterations=100, seed=0)
    assert r.best == Action.parse("AH")
    assert r.stats(Action.parse("AH")).mean == 1.0
    # Means are averages over the tree's play, exploring replies included (not minimax values).
    assert r.stats(Action.parse("JH")).mean < 0


@pytest.mark.parametrize("profile", ["sixty-six", "schnapsen", "four-hand"])
def test_reads_only_the_view(profile: str) -> None:
    """Two games that differ in their hidden cards but give the seat the same view get the
    same result for the same seed."""
    start = random_position(profile, 7, 4)
    g = Game.from_position(format_position(start))  # no history, so no revealed facts
    seat = g.to_act
    assert seat is not None
    view = View.from_game(g, seat)
    other = next(
        w for w in sample_worlds(view, 50, seed=3)
        if layout_of(w).hands != layout_of(g).hands
    )
    assert View.from_game(other, seat) == view
    assert other.fields()["hands"] != g.fields()["hands"]
    a = ismcts(View.from_game(g, seat), iterations=150, seed=4)
    b = ismcts(View.from_game(other, seat), iterations=150, seed=4)
    assert a == b


def test_bad_input() -> None:
    g = Game.deal("schnapsen", seed=1)
    view = View.from_game(g)
    bad: list[dict[str, object]] = [
        {"iterations": 0}, {"iterations": -5}, {"iterations": 1.5}, {"iterations": True},
        {"seed": -1}, {"seed": 2**64}, {"seed": "1"}, {"seed": 1.0},
        {"c": -0.1}, {"c": math.nan}, {"c": math.inf}, {"c": "0.7"}, {"c": None},
        {"time_limit": 0}, {"time_limit": -1.0}, {"time_limit": "1"},
        {"rollout": "greedy"}, {"rollout": None},
    ]
    for kwargs in bad:
        with pytest.raises(SixtySixError):
            ismcts(view, **kwargs)  # type: ignore[arg-type]
    with pytest.raises(SixtySixError, match="needs a View"):
        ismcts(g, iterations=10)  # type: ignore[arg-type]
    with pytest.raises(SixtySixError, match="turn"):
        ismcts(View.from_game(g, 1 - (g.to_act or 0)), iterations=10)
    over = Game.deal("schnapsen", seed=1)
    rng = random.Random(1)
    while not over.is_over:
        over.apply(random_action(over, rng))
    with pytest.raises(SixtySixError, match="over"):
        ismcts(View.from_game(over, 0), iterations=10)
    assert issubclass(SixtySixError, ValueError)


def test_no_deal_fits() -> None:
    view = View.from_game(Game.deal("schnapsen", seed=1))
    nowhere = replace(view, lacks=(Lack(1 - view.seat, (FULL,) * 4, 0),))  # holds no card
    with pytest.raises(PositionError):
        ismcts(nowhere, iterations=10)


def test_search_limits_are_the_budget() -> None:
    # limits= gives the same search as the keywords; keywords given with it replace its fields.
    view = View.from_game(Game.deal("schnapsen", seed=4))
    by_kw = ismcts(view, iterations=150, seed=2)
    assert ismcts(view, limits=SearchLimits(iterations=150, seed=2)) == by_kw
    assert ismcts(view, limits=SearchLimits(iterations=40, seed=9), iterations=150, seed=2) == by_kw
    with pytest.raises(SixtySixError, match="seed"):
        ismcts(view, limits=SearchLimits(seed=-1))  # signed seeds are PIMC's only

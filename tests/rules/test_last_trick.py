"""RULES.md row 'last-trick bonus': 10 for sixty-six, mariage, double-deck (natural end only),
mariage-piquet (assumed), four-hand, four-hand-24; none for sixty-six-jaques, schnapsen,
schnapsen-jaques, three-hand."""

from __future__ import annotations

import pytest

from sixtysix_solver.rules.game import Game

from .helpers import ALL_PROFILES, STOCK_PROFILES, play_out, side_of, taken_points

BONUS = {
    "sixty-six": 10, "sixty-six-jaques": 0, "schnapsen": 0, "schnapsen-jaques": 0,
    "mariage": 10, "mariage-piquet": 10, "four-hand": 10, "four-hand-24": 10,
    "three-hand": 0, "double-deck": 10,
}


@pytest.mark.parametrize("profile", ALL_PROFILES)
@pytest.mark.parametrize("seed", [1, 2])
def test_last_trick_bonus(profile: str, seed: int) -> None:
    """'last-trick bonus': after a natural end (stock exhausted, every card played) the
    last-trick winner's side gets the bonus on top of its card points."""
    g = play_out(Game.deal(profile, seed=seed), end="stop")
    lts = side_of(g, g.fields()["last_trick_winner"])
    want = taken_points(g)
    want[lts] += BONUS[profile]
    assert g.scores() == want
    deck_points = 240 if profile == "double-deck" else 120
    assert sum(g.scores()) == deck_points + BONUS[profile] - _aside_points(g)


def _aside_points(g: Game) -> int:
    from .helpers import POINTS, RANKS
    return sum(POINTS[RANKS[c % 8]] for c in g.fields()["aside"])


@pytest.mark.parametrize("profile", STOCK_PROFILES)
def test_no_bonus_when_closed(profile: str) -> None:
    """'last-trick bonus' (natural end only): a closed hand gives no bonus."""
    g = Game.deal(profile, seed=3)
    g.apply("close")
    play_out(g, end="stop")
    assert g.scores() == taken_points(g)
    assert sum(g.scores()) < 120 or profile == "double-deck"

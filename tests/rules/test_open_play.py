"""RULES.md row 'open phase play': free (sixty-six, sixty-six-jaques, schnapsen, mariage,
double-deck) or strict (schnapsen-jaques, mariage-piquet) while the stock is open."""

from __future__ import annotations

import pytest

from .helpers import cards_of, legal_cards, make

OPEN = {
    "sixty-six": "free", "sixty-six-jaques": "free", "schnapsen": "free",
    "schnapsen-jaques": "strict", "mariage": "free", "mariage-piquet": "strict",
    "double-deck": "free",
}


@pytest.mark.parametrize("profile", list(OPEN))
def test_open_phase_follow(profile: str) -> None:
    """RULES.md 'open phase play': the follower of KH holding AH JH, spades and other suits."""
    g = make(profile, ["AH JH QS", "KH"], trump="AS", voids={0: "H"})
    g.apply("KH")
    assert g.to_act == 0 and g.phase == "follow"
    if OPEN[profile] == "free":
        assert not g.strict
        assert legal_cards(g) == set(cards_of(g, 0))
    else:
        assert g.strict
        assert legal_cards(g) == {"AH"}


@pytest.mark.parametrize("profile", list(OPEN))
def test_open_phase_void_need_not_trump(profile: str) -> None:
    """RULES.md 'open phase play': a follower void in the led suit may discard (free) or
    must trump (strict)."""
    g = make(profile, ["QS", "KH"], trump="AS", voids={0: "HS"})
    g.apply("KH")
    if OPEN[profile] == "free":
        assert legal_cards(g) == set(cards_of(g, 0))
    else:
        assert legal_cards(g) == {"QS"}


@pytest.mark.parametrize("profile", list(OPEN))
def test_open_phase_after_draws_still_open(profile: str) -> None:
    """RULES.md 'open phase play': later open-phase tricks keep the same regime."""
    g = make(profile, ["AC JH AH", "KC KH"], stock="KD QD", trump="AS",
             voids={0: "CH", 1: "H"})
    g.apply("KC")
    g.apply("AC")
    if g.phase == "draw":
        g.apply("draw")
    assert g.to_act == 0
    g.apply("JH")
    assert g.to_act == 1 and g.phase == "follow"
    hand = set(cards_of(g, 1))
    if OPEN[profile] == "free":
        assert legal_cards(g) == hand
    else:
        assert legal_cards(g) == {"KH"}

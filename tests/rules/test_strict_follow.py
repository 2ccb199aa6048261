"""RULES.md row 'strict: follow suit' (every profile): in the strict phase (stock closed or
exhausted, or no stock at all) a follower holding the led suit must play it."""

from __future__ import annotations

import pytest

from .helpers import ALL_PROFILES, cards_of, legal_cards, strict_follow


@pytest.mark.parametrize("profile", ALL_PROFILES)
def test_must_follow_suit(profile: str) -> None:
    """'strict: follow suit' = yes: holding JH (lower than the led KH) and a trump, only JH."""
    g, f = strict_follow(profile, "KH", "JH QS", trump="AS", void="HS")
    assert g.strict
    assert legal_cards(g) == {"JH"}
    assert not g.is_legal("QS")


@pytest.mark.parametrize("profile", ALL_PROFILES)
def test_void_without_trump_plays_anything(profile: str) -> None:
    """'strict: follow suit': void in the led suit and without trumps, any card."""
    g, f = strict_follow(profile, "KH", "", trump="AS", void="HS")
    assert legal_cards(g) == set(cards_of(g, f))
    assert len(legal_cards(g)) > 1


@pytest.mark.parametrize("profile", ALL_PROFILES)
def test_follow_trump_lead(profile: str) -> None:
    """'strict: follow suit': a trump lead must be followed with a trump."""
    g, f = strict_follow(profile, "KS", "JS", trump="AS", void="S")
    assert legal_cards(g) == {"JS"}

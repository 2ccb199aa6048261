"""RULES.md row 'strict: must beat (head) when following'.

yes: sixty-six, schnapsen, schnapsen-jaques, mariage, mariage-piquet, four-hand (the highest
card so far, partner's too), four-hand-24, three-hand, double-deck. no: sixty-six-jaques.
"""

from __future__ import annotations

import pytest

from .helpers import ALL_PROFILES, legal_cards, make, start, strict_follow

HEAD = {p: p != "sixty-six-jaques" for p in ALL_PROFILES}


@pytest.mark.parametrize("profile", ALL_PROFILES)
def test_must_head(profile: str) -> None:
    """'must beat': follower of KH with AH and JH must play AH (sixty-six-jaques: either)."""
    g, _ = strict_follow(profile, "KH", "AH JH", trump="AS", void="HS")
    if HEAD[profile]:
        assert legal_cards(g) == {"AH"}
        assert not g.is_legal("JH")
    else:
        assert legal_cards(g) == {"AH", "JH"}


@pytest.mark.parametrize("profile", ALL_PROFILES)
def test_cannot_beat_plays_any_of_suit(profile: str) -> None:
    """'must beat': holding only lower cards of the led suit, any of them."""
    g, _ = strict_follow(profile, "AH", "KH JH", trump="AS", void="HS")
    assert legal_cards(g) == {"KH", "JH"}


@pytest.mark.parametrize("profile", ALL_PROFILES)
def test_head_on_trump_lead(profile: str) -> None:
    """'must beat' applies to a trump lead too: QS led, holding AS and JS."""
    g, _ = strict_follow(profile, "QS", "AS JS", trump="KS" if profile != "four-hand" else "7S",
                         void="S")
    if HEAD[profile]:
        assert legal_cards(g) == {"AS"}
    else:
        assert legal_cards(g) == {"AS", "JS"}


def test_double_deck_identical_card_does_not_beat() -> None:
    """'must beat', double-deck: the other copy of the led card does not beat it, so the
    follower may play either heart; the first-played copy wins the trick."""
    g, _ = strict_follow("double-deck", "AH", "AH JH", trump="AS", void="HS")
    assert legal_cards(g) == {"AH", "JH"}
    g.apply("AH")
    assert g.to_act == 1  # leader's copy won
    assert g.tricks_won() == [0, 1]


def test_double_deck_head_with_higher_card() -> None:
    """'must beat', double-deck: KH led, follower holds both AH copies and JH: an AH."""
    g, _ = strict_follow("double-deck", "KH", "AH AH JH", trump="AS", void="HS")
    assert legal_cards(g) == {"AH"}


FOUR_HAND = {
    # seat 0 holds the trump card (spades), seat 1 leads
    "four-hand": "7S",
    "four-hand-24": "9S",
}


@pytest.mark.parametrize("profile", ["four-hand", "four-hand-24"])
def test_four_hand_head_highest_so_far(profile: str) -> None:
    """'must beat', four-hand(-24): beat the highest card so far, not just the lead: JH led,
    KH played, the next seat with AH and QH must play AH."""
    g = start(make(profile, [[], ["JH"], ["KH"], ["AH", "QH"]], trump=FOUR_HAND[profile],
                   voids={3: "HS", 2: "H"}))
    g.apply("JH")
    g.apply("KH")
    assert g.to_act == 3
    assert legal_cards(g) == {"AH"}


@pytest.mark.parametrize("profile", ["four-hand", "four-hand-24"])
def test_four_hand_head_partners_card(profile: str) -> None:
    """'must beat', four-hand: the partner's winning card must be beaten too (four-hand-24:
    'yes' = the same engine value, must_head always): QH led by seat 1, seat 2 discards,
    seat 3 (seat 1's partner) with KH and a low heart must play KH."""
    low = "7H" if profile == "four-hand" else "9H"
    g = start(make(profile, [[], ["QH"], ["AD"], ["KH", low]], trump=FOUR_HAND[profile],
                   voids={2: "HS", 3: "HS"}))
    g.apply("QH")
    g.apply("AD")
    assert g.to_act == 3
    assert legal_cards(g) == {"KH"}


@pytest.mark.parametrize("profile", ["four-hand", "four-hand-24"])
def test_four_hand_no_head_when_trumped(profile: str) -> None:
    """'must beat', four-hand: once the trick is trumped, a follower of the led suit cannot
    beat it and may play any card of the led suit."""
    low = "7H" if profile == "four-hand" else "9H"
    g = start(make(profile, [[], ["QH"], ["TS"], ["KH", low]], trump=FOUR_HAND[profile],
                   voids={2: "H", 3: "HS"}))
    g.apply("QH")
    g.apply("TS")
    assert g.to_act == 3
    assert legal_cards(g) == {"KH", low}


def test_three_hand_head_highest_so_far() -> None:
    """'must beat', three-hand (assumed yes): JH led, KH played, the dealer with AH QH: AH."""
    g = start(make("three-hand", [["AH", "QH", "9S"], ["JH"], ["KH"]], trump="9S",
                   voids={0: "HS", 2: "H"}))
    g.apply("JH")
    g.apply("KH")
    assert g.to_act == 0
    assert legal_cards(g) == {"AH"}

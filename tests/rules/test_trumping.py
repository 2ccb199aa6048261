"""RULES.md row 'strict: void, must trump' (every profile), with four-hand's 'and overtrump
if able; undertrump if not' (four-hand-24: plain 'yes', no overtrump duty)."""

from __future__ import annotations

import pytest

from .helpers import ALL_PROFILES, legal_cards, make, ranks_of, start, strict_follow


@pytest.mark.parametrize("profile", ALL_PROFILES)
def test_void_must_trump(profile: str) -> None:
    """'void, must trump': void in hearts, holding QS and JS (trumps) and clubs: a trump."""
    g, _ = strict_follow(profile, "KH", "QS JS", trump="AS", void="HS")
    assert legal_cards(g) == {"QS", "JS"}
    assert not any(g.is_legal(c) for c in ("9C", "JC", "7C", "9D", "JD"))


@pytest.mark.parametrize("profile", ALL_PROFILES)
def test_trump_wins_trick(profile: str) -> None:
    """Common ground: a trick is won by the highest trump in it (AS trumps the led AH)."""
    g, f = strict_follow(profile, "AH", "AS", trump=ranks_of(profile)[-1] + "S", void="HS")
    g.apply("AS")
    while g.phase == "follow":
        g.apply(sorted(legal_cards(g))[0])
    assert g.tricks_won()[f] == 1


def _four(profile: str, seat1: str, seat2: str, seat3: str, voids: dict[int, str]):
    trump = "7S" if profile == "four-hand" else "9S"
    return start(make(profile, [[], seat1.split(), seat2.split(), seat3.split()],
                      trump=trump, voids=voids))


def test_four_hand_must_overtrump() -> None:
    """'void, must trump', four-hand: and overtrump if able: QH led, seat 2 trumps with QS,
    seat 3 (void) with KS and JS must play KS."""
    g = _four("four-hand", "QH", "QS", "KS JS", {2: "H", 3: "HS"})
    g.apply("QH")
    g.apply("QS")
    assert legal_cards(g) == {"KS"}


def test_four_hand_must_overtrump_partner() -> None:
    """four-hand: the overtrump duty is about the best trump so far: seat 1 leads AD, seat 2
    trumps QS, seat 3 overtrumps KS; seat 0 (void, AS JS 7S) must play AS."""
    g = start(make("four-hand", [["AS", "JS", "7S"], ["AD"], ["QS"], ["KS"]], trump="7S",
                   voids={0: "DS", 2: "D", 3: "DS"}))
    g.apply("AD")
    g.apply("QS")
    g.apply("KS")
    assert g.to_act == 0
    assert legal_cards(g) == {"AS"}


def test_four_hand_overtrump_partners_trump() -> None:
    """four-hand ('partner's too'): seat 1 leads AD, seat 2 trumps QS, seat 3 discards;
    seat 0 (seat 2's partner, void, AS JS 7S) must still overtrump the partner with AS."""
    g = start(make("four-hand", [["AS", "JS", "7S"], ["AD"], ["QS"], ["8C"]], trump="7S",
                   voids={0: "DS", 2: "D", 3: "DS"}))
    g.apply("AD")
    g.apply("QS")
    g.apply("8C")
    assert g.to_act == 0
    assert legal_cards(g) == {"AS"}


def test_four_hand_must_undertrump() -> None:
    """four-hand: undertrump if unable to overtrump: QH led, seat 2 trumps AS, seat 3 void
    with JS and 8S (both lower) must still play a trump."""
    g = _four("four-hand", "QH", "AS", "JS 8S", {2: "H", 3: "HS"})
    g.apply("QH")
    g.apply("AS")
    assert legal_cards(g) == {"JS", "8S"}


def test_four_hand_24_no_overtrump_duty() -> None:
    """'void, must trump', four-hand-24: plain 'yes': any trump (KS or JS) over QS."""
    g = _four("four-hand-24", "QH", "QS", "KS JS", {2: "H", 3: "HS"})
    g.apply("QH")
    g.apply("QS")
    assert legal_cards(g) == {"KS", "JS"}


def test_three_hand_no_overtrump_duty() -> None:
    """'void, must trump', three-hand: plain 'yes' (no overtrump duty): QH led by seat 1,
    seat 2 trumps QS, the dealer (void, KS and JS) may play either trump."""
    g = start(make("three-hand", [["KS", "JS"], ["QH"], ["QS"]], trump="JS",
                   voids={0: "HS", 2: "H"}))
    g.apply("QH")
    g.apply("QS")
    assert g.to_act == 0
    assert legal_cards(g) == {"KS", "JS"}

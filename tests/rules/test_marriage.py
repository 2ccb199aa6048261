"""RULES.md rows 'marriage 20 / 40' and 'marriage before first trick'.

Trumps are diamonds here: KD QD is the royal marriage (40), KH QH a common one (20).
"""

from __future__ import annotations

import pytest

from .helpers import cards_of, legal_cards, make, play, pts

MARRIAGE_PROFILES = [
    "sixty-six", "sixty-six-jaques", "schnapsen", "schnapsen-jaques", "mariage",
    "mariage-piquet", "four-hand-24", "three-hand", "double-deck",
]
STOCK = ["sixty-six", "sixty-six-jaques", "schnapsen", "schnapsen-jaques", "mariage",
         "mariage-piquet", "double-deck"]
OPEN_ONLY = {"sixty-six": True, "sixty-six-jaques": False, "schnapsen": False,
             "schnapsen-jaques": False, "mariage": True, "mariage-piquet": False,
             "double-deck": True}
BEFORE = {"sixty-six": "pending", "sixty-six-jaques": "zero", "schnapsen": "pending",
          "schnapsen-jaques": "pending", "mariage": "forbidden", "mariage-piquet": "pending",
          "double-deck": "pending"}

# No-stock deals: seat 1 leads AC and wins the first trick; seat 1 holds KH QH KD QD.
NO_STOCK = {
    "three-hand": dict(hands=["9C JC 9H JH 9S JS 9D", "AC TC KH QH KD QD AS",
                              "KC QC AH TH TS KS QS"], aside="AD TD JD",
                       trick="AC QC 9C", points=11 + 3 + 0),
    "four-hand-24": dict(hands=["9C JC 9H JH 9S 9D", "AC KH QH KD QD AS",
                                "QC AH TH TS KS QS", "KC TC JS AD TD JD"], aside="",
                         trick="AC QC TC 9C", points=11 + 3 + 10 + 0),
}


def leader_after_trick(profile: str):
    """Player/seat 1 holds KH QH KD QD, has won the first trick (AC) and is to lead.
    Returns (game, leader's score so far)."""
    if profile in NO_STOCK:
        d = NO_STOCK[profile]
        g = make(profile, [h.split() for h in d["hands"]], aside=d["aside"].split(),
                 trump="9D")
        assert g.phase == "lead" and g.to_act == 1
        play(g, d["trick"])
        assert g.phase == "lead" and g.to_act == 1
        return g, d["points"]
    g = make(profile, [[], "AC KH QH KD QD".split()], trump="AD", voids={0: "CD"})
    g.apply("AC")
    discard = cards_of(g, 0)[0]
    g.apply(discard)
    if g.phase == "draw":
        g.apply("draw")
    assert g.phase == "lead" and g.to_act == 1
    return g, 11 + pts([discard])


@pytest.mark.parametrize("profile", MARRIAGE_PROFILES)
@pytest.mark.parametrize("suit,value", [("H", 20), ("D", 40)])
def test_marriage_value(profile: str, suit: str, value: int) -> None:
    """'marriage 20 / 40': on lead after a trick, 20 for a plain suit, 40 in trumps,
    credited at once; the lead must then be the king or queen."""
    g, before = leader_after_trick(profile)
    assert g.scores()[1] == before
    assert g.is_legal(f"marry-{suit}")
    g.apply(f"marry-{suit}")
    assert g.scores()[1] == before + value
    assert legal_cards(g) == {"K" + suit, "Q" + suit}
    other = "D" if suit == "H" else "H"
    assert not g.is_legal(f"marry-{other}")  # one declaration per lead


@pytest.mark.parametrize("profile", MARRIAGE_PROFILES)
def test_marriage_shows_both_cards(profile: str) -> None:
    """Fine point 'declaring it shows both cards': both become known."""
    g, _ = leader_after_trick(profile)
    g.apply("marry-H")
    known = g.fields()["known"][1]
    assert 2 * 8 + 2 in known and 2 * 8 + 3 in known  # KH, QH


@pytest.mark.parametrize("profile", STOCK)
def test_no_marriage_when_following(profile: str) -> None:
    """'marriage 20 / 40': on lead only, never by the follower."""
    g = make(profile, [["KH", "QH", "AC"], ["QC"]], trump="AD", voids={1: "D"})
    g.apply("QC")
    assert g.phase == "follow"
    assert not g.is_legal("marry-H")


@pytest.mark.parametrize("profile", STOCK)
def test_marriage_after_closing(profile: str) -> None:
    """'marriage 20 / 40': open phase only (sixty-six, mariage, double-deck) vs any phase
    (sixty-six-jaques, schnapsen(-jaques), mariage-piquet): after the leader closes."""
    g, before = leader_after_trick(profile)
    g.apply("close")
    assert g.strict
    assert g.is_legal("marry-H") == (not OPEN_ONLY[profile])
    if not OPEN_ONLY[profile]:
        g.apply("marry-H")
        assert g.scores()[1] == before + 20


@pytest.mark.parametrize("profile", ["three-hand", "four-hand-24"])
def test_marriage_no_stock_any_lead(profile: str) -> None:
    """'marriage 20 / 40', three-hand (on lead, assumed) / four-hand-24: every trick is strict,
    yet a marriage may be declared on a lead, but not when following."""
    g, before = leader_after_trick(profile)
    assert g.strict
    g.apply("marry-D")
    assert g.scores()[1] == before + 40
    g.apply("KD")
    assert g.phase == "follow"
    assert not g.is_legal("marry-H")


def test_four_hand_has_no_marriages() -> None:
    """'marriage 20 / 40', four-hand: none; K and Q together are never a declaration."""
    g = make("four-hand", [[], "AC KH QH KD QD".split(), [], []], trump="7D")
    assert not any(str(a).startswith(("marry", "show")) for a in g.legal_actions())
    assert not g.is_legal("marry-H") and not g.is_legal("marry-D")


@pytest.mark.parametrize("profile", STOCK)
def test_marriage_before_first_trick(profile: str) -> None:
    """'marriage before first trick': pending (counts once a trick is won), zero
    (sixty-six-jaques: may still show and lead, scores 0) or not allowed (mariage).

    Player 1 declares hearts at the first lead and leads QH; player 0 takes it with AH and
    leads a low club, which player 1 takes with AC."""
    low = "JC" if profile.startswith("schnapsen") else "9C"
    g = make(profile, [["AH", low], ["KH", "QH", "AC"]], trump="AD", voids={0: "CH", 1: "C"})
    if BEFORE[profile] == "forbidden":
        assert not g.is_legal("marry-H")
        return
    assert g.is_legal("marry-H")
    play(g, "marry-H")
    assert g.scores()[1] == 0
    play(g, "QH AH")
    if g.phase == "draw":
        g.apply("draw")
    assert g.scores() == [14, 0]
    play(g, f"{low} AC")
    expected = 11 + pts([low]) + (20 if BEFORE[profile] == "pending" else 0)
    assert g.scores()[1] == expected
    assert g.tricks_won() == [1, 1]


def test_mariage_marriage_allowed_after_a_trick() -> None:
    """'marriage before first trick', mariage: not allowed before, allowed after a trick."""
    g, before = leader_after_trick("mariage")
    assert g.is_legal("marry-H")
    g2 = make("mariage", [[], "AC KH QH".split()], trump="AD")
    assert not g2.is_legal("marry-H")


def test_three_hand_pending() -> None:
    """'marriage before first trick', three-hand (pending, assumed): seat 1 declares hearts,
    loses the trick to seat 2, then wins one: the 20 comes then."""
    g = make("three-hand", [h.split() for h in NO_STOCK["three-hand"]["hands"]],
             aside="AD TD JD".split(), trump="9D")
    play(g, "marry-H")
    assert g.scores() == [0, 0, 0]
    play(g, "QH AH 9H")
    assert g.scores() == [0, 0, 14]
    play(g, "QC 9C AC")  # seat 2 leads, seat 0, seat 1 take with the ace
    assert g.scores() == [0, 11 + 3 + 0 + 20, 14]


def test_four_hand_24_pending_for_side() -> None:
    """'marriage before first trick', four-hand-24 (pending for the side, assumed): seat 1
    declares hearts; seat 3 (the partner) trumps the trick: side 1 gets the 20 at once."""
    g = make("four-hand-24", [h.split() for h in NO_STOCK["four-hand-24"]["hands"]],
             trump="9D")
    play(g, "marry-H")
    assert g.scores() == [0, 0]
    play(g, "QH AH JD 9H")
    assert g.tricks_won() == [0, 0, 0, 1]
    assert g.scores() == [0, 3 + 11 + 2 + 0 + 20]


SHOW_DEAL = ["9C JC 9H JH 9S 9D", "AC TC AS TS QS JD", "QC AH TH AD TD JS",
             "KH QH KD QD KC KS"]


def test_four_hand_24_partner_shows() -> None:
    """'marriage 20 / 40', four-hand-24: on a lead, the leader's partner may show a marriage
    (before the leader acts); it is pending until the side wins a trick."""
    g = make("four-hand-24", [h.split() for h in SHOW_DEAL], trump="9D")
    assert g.phase == "show" and g.to_act == 3
    assert {str(a) for a in g.legal_actions()} == {"show-H", "show-D", "pass"}
    g.apply("show-D")
    assert g.phase == "lead" and g.to_act == 1
    assert not g.is_legal("marry-H")  # one declaration per lead
    assert g.scores() == [0, 0]
    play(g, "AC QC KC 9C")
    assert g.scores() == [0, 11 + 3 + 4 + 0 + 40]


def test_four_hand_24_partner_may_pass() -> None:
    """four-hand-24: the partner may decline; then the leader leads freely."""
    g = make("four-hand-24", [h.split() for h in SHOW_DEAL], trump="9D")
    g.apply("pass")
    assert g.phase == "lead" and g.to_act == 1
    assert g.is_legal("TC") and g.is_legal("AS")


def test_four_hand_24_opponent_cannot_show() -> None:
    """four-hand-24: only the leader's partner may show, never an opponent of the leader:
    seat 2 (seat 1's opponent) holding KH QH gets no show phase."""
    hands = ["9C JC 9H JH 9S 9D", "AC TC AS TS QS JD", "KH QH KD QD KC KS",
             "QC AH TH AD TD JS"]
    g = make("four-hand-24", [h.split() for h in hands], trump="9D")
    assert g.phase == "lead" and g.to_act == 1
    assert not any(str(a).startswith("show") for a in g.legal_actions())

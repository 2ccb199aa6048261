"""RULES.md rows 'exchange card (lowest trump)', 'exchange: when', 'exchange: needs a trick
won', 'exchange: right lost if skipped'.

Trumps are spades throughout; the face-up card is AS.
"""

from __future__ import annotations

import pytest

from sixtysix_solver.rules.game import Game

from .helpers import cards_of, make, play, stock_of

EXCH = {
    "sixty-six": "9S", "sixty-six-jaques": "9S", "schnapsen": "JS", "schnapsen-jaques": "JS",
    "mariage": "7S", "double-deck": "9S",
}
# the next trump above the exchange card: never exchangeable
OTHER = {
    "sixty-six": "JS", "sixty-six-jaques": "JS", "schnapsen": "QS", "schnapsen-jaques": "QS",
    "mariage": "8S", "double-deck": "JS",
}
NEEDS_TRICK = {
    "sixty-six": True, "sixty-six-jaques": False, "schnapsen": False, "schnapsen-jaques": False,
    "mariage": True, "double-deck": True,
}
TIMING_TURN = {p: p == "sixty-six-jaques" for p in EXCH}
LOST_IF_SKIPPED = {p: p == "sixty-six-jaques" for p in EXCH}


def leader_with_trick(profile: str, p0: str, stock: str = "", p1: str = "", **kw):
    """Player 1 leads QC, player 0 takes it with AC and draws: player 0 leads next."""
    g = make(profile, [("AC " + p0).split(), ("QC " + p1).split()], stock=stock, trump="AS",
             voids={1: "S"}, **kw)
    play(g, "QC AC")
    if g.phase == "draw":
        g.apply("draw")
    assert g.to_act == 0 and g.phase == "lead"
    return g


@pytest.mark.parametrize("profile", list(EXCH))
def test_exchange_card(profile: str) -> None:
    """'exchange card': the profile's low trump is swapped for the face-up card."""
    x = EXCH[profile]
    g = leader_with_trick(profile, "", stock=x)  # player 0 draws it after the first trick
    assert x in cards_of(g, 0)
    assert g.is_legal("exchange")
    n = len(g.stock)
    g.apply("exchange")
    assert "AS" in cards_of(g, 0)
    assert x not in cards_of(g, 0) or profile == "double-deck"
    assert stock_of(g)[-1] == x
    assert len(g.stock) == n
    assert g.phase == "lead" and g.to_act == 0
    assert "AS" in [str(a) for a in g.legal_actions()]  # the taken trump may be led


@pytest.mark.parametrize("profile", list(EXCH))
def test_other_low_trump_cannot_exchange(profile: str) -> None:
    """'exchange card': a trump of another rank (the next one up) cannot be exchanged."""
    g = leader_with_trick(profile, OTHER[profile], stock="KD " + EXCH[profile])
    assert OTHER[profile] in cards_of(g, 0)
    assert EXCH[profile] not in cards_of(g, 0)
    assert not g.is_legal("exchange")


def test_mariage_piquet_has_no_exchange() -> None:
    """'exchange card', mariage-piquet: none, even holding the 7 of trumps after a trick."""
    g = leader_with_trick("mariage-piquet", "7S 9S JS")
    assert {"7S", "9S", "JS"} <= set(cards_of(g, 0))
    assert not g.is_legal("exchange")
    g2 = make("mariage-piquet", [[], ["7S"]], trump="AS")
    assert not g2.is_legal("exchange")


def test_double_deck_either_copy() -> None:
    """'exchange card', double-deck: 9 (either copy): the other 9S is still in the stock."""
    g = leader_with_trick("double-deck", "9S", stock="KD 9S")
    assert cards_of(g, 0).count("9S") == 1
    assert g.is_legal("exchange")
    g.apply("exchange")
    assert stock_of(g)[-1] == "9S"
    assert "AS" in cards_of(g, 0)


def test_double_deck_face_up_nine_not_exchanged() -> None:
    """'exchange card', double-deck: a face-up 9 of trumps (the other copy) is not taken."""
    g = make("double-deck", [["AC", "9S"], ["QC"]], trump="9S", voids={1: "S"})
    play(g, "QC AC draw")
    assert "9S" in cards_of(g, 0)
    assert not g.is_legal("exchange")


@pytest.mark.parametrize("profile", list(EXCH))
def test_exchange_when_following_first_trick(profile: str) -> None:
    """'exchange: when': only sixty-six-jaques lets the follower exchange at the start of a
    follow turn (here before any trick; sixty-six-jaques needs no trick)."""
    x = EXCH[profile]
    g = make(profile, [[x], ["QC"]], trump="AS", voids={1: "S"})
    g.apply("QC")
    assert g.phase == "follow" and g.to_act == 0
    assert g.is_legal("exchange") == TIMING_TURN[profile]
    if TIMING_TURN[profile]:
        g.apply("exchange")
        assert "AS" in cards_of(g, 0) and stock_of(g)[-1] == x
        assert g.phase == "follow" and g.to_act == 0
        assert g.is_legal("AS")
        assert not g.is_legal("exchange")


@pytest.mark.parametrize("profile", [p for p in EXCH if not TIMING_TURN[p]])
def test_no_exchange_when_following_with_trick(profile: str) -> None:
    """'exchange: when' = own lead: a follower who has won a trick still cannot exchange."""
    x = EXCH[profile]
    g = make(profile, [["AC", "JD", x], ["QC", "AD", "KD"]], stock="KH QH", trump="AS",
             voids={0: "D", 1: "S"})
    play(g, "QC AC")
    if g.phase == "draw":
        g.apply("draw")
    play(g, "JD AD")
    if g.phase == "draw":
        g.apply("draw")
    assert g.to_act == 1
    g.apply("KD")
    assert g.phase == "follow" and g.to_act == 0
    assert g.tricks_won()[0] == 1 and x in cards_of(g, 0)
    assert not g.is_legal("exchange")


@pytest.mark.parametrize("profile", ["sixty-six", "double-deck"])
def test_no_exchange_in_draw_window(profile: str) -> None:
    """'exchange: when' = own lead: not in the draw window after winning a trick."""
    g = make(profile, [["AC", "9S"], ["QC"]], trump="AS", voids={1: "S"})
    play(g, "QC AC")
    assert g.phase == "draw"
    assert not g.is_legal("exchange")


@pytest.mark.parametrize("profile", list(EXCH))
def test_exchange_needs_trick(profile: str) -> None:
    """'exchange: needs a trick won': at the very first lead the holder of the low trump may
    exchange only where no trick is needed (sixty-six-jaques, schnapsen, schnapsen-jaques)."""
    g = make(profile, [[], [EXCH[profile]]], trump="AS")
    assert g.to_act == 1 and g.phase == "lead"
    assert g.is_legal("exchange") == (not NEEDS_TRICK[profile])


@pytest.mark.parametrize("profile", list(EXCH))
def test_exchange_right_after_skipping(profile: str) -> None:
    """'exchange: right lost if skipped': player 1 holds the low trump and leads AC, then AD
    (winning both) without exchanging; only sixty-six-jaques loses the right."""
    g = make(profile, [[], [EXCH[profile], "AC", "AD"]], trump="AS", voids={0: "CDS"})
    g.apply("AC")
    g.apply(cards_of(g, 0)[0])
    if g.phase == "draw":
        g.apply("draw")
    assert g.to_act == 1
    g.apply("AD")
    g.apply(cards_of(g, 0)[0])
    if g.phase == "draw":
        g.apply("draw")
    assert g.to_act == 1 and g.tricks_won()[1] == 2
    assert EXCH[profile] in cards_of(g, 1)
    assert g.is_legal("exchange") == (not LOST_IF_SKIPPED[profile])


def test_jaques_right_kept_when_exchange_was_impossible() -> None:
    """'right lost if skipped', sixty-six-jaques: only a player who *could* exchange loses it:
    player 1 draws the 9S after the first trick and may then exchange."""
    g = make("sixty-six-jaques", [[], ["AC"]], stock="9S", trump="AS", voids={0: "CS"})
    g.apply("AC")
    g.apply(cards_of(g, 0)[0])
    assert g.to_act == 1 and "9S" in cards_of(g, 1)
    assert g.is_legal("exchange")


@pytest.mark.parametrize("profile", ["sixty-six-jaques", "schnapsen"])
def test_follower_skipping_exchange(profile: str) -> None:
    """'right lost if skipped', sixty-six-jaques: a follower who could exchange and plays
    instead loses the right (schnapsen, where a follower cannot exchange, keeps it)."""
    x = EXCH[profile]
    g = make(profile, [["AC", x], ["QC"]], trump="AS", voids={1: "S"})
    g.apply("QC")
    assert g.is_legal("exchange") == (profile == "sixty-six-jaques")
    g.apply("AC")
    assert g.to_act == 0 and g.phase == "lead"
    assert g.is_legal("exchange") == (profile == "schnapsen")


@pytest.mark.parametrize("profile", list(EXCH))
def test_exchange_with_two_stock_cards_left(profile: str) -> None:
    """'exchange' (engine exchange_min_stock = 2; schnapsen: 'at least one face-down card
    besides the trump card'): still legal with only two stock cards left, never once the
    stock is exhausted. Seeds are scanned for a leader holding the low trump at that point."""
    found = False
    for seed in range(300):
        g = Game.deal(profile, seed=seed)
        x = EXCH[profile][0] + str(g.trump_card)[1]  # the low trump of this deal's suit
        while g.stock and not g.is_over:
            if g.phase == "draw":
                g.apply("draw")
                continue
            if (g.phase == "lead" and len(g.stock) == 2 and x in cards_of(g, g.to_act)
                    and stock_of(g)[-1] != x and g.tricks_won()[g.to_act] > 0):
                assert g.is_legal("exchange") or (
                    LOST_IF_SKIPPED[profile] and g.fields()["exchange_lost"][g.to_act])
                if g.is_legal("exchange"):
                    found = True
                break
            g.apply(next(a for a in g.legal_actions() if a.card is not None))
        if found:
            break
    assert found

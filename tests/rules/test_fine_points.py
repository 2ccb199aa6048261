"""RULES.md 'Fine points that every profile shares' (and common-ground details not covered by
a row): the last open trick's loser draws the face-up card; start-of-turn order; the draw
window; marriages count once and need both cards; pending points credited at the first
trick, with an immediate claim; a person may forget to claim; a 0-point trick is a trick."""

from __future__ import annotations

import pytest

from sixtysix_solver.rules.game import Game

from .helpers import (
    STOCK_PROFILES, act, cards_of, legal, make, play, race, stock_of,
)


@pytest.mark.parametrize("profile", STOCK_PROFILES)
@pytest.mark.parametrize("seed", [5, 6])
def test_loser_of_last_open_trick_draws_face_up_card(profile: str, seed: int) -> None:
    """Fine point: the loser of the last open-phase trick draws the face-up trump card."""
    g = Game.deal(profile, seed=seed)
    face_up = str(g.stock[-1])
    while True:
        if g.phase == "draw":
            g.apply("draw")
            continue
        if len(g.stock) == 2 and g.phase == "lead":
            top = stock_of(g)[0]
            leader = g.to_act
            act(g, " ".join([str(next(a for a in g.legal_actions() if a.card is not None))]))
            g.apply(next(a for a in g.legal_actions() if a.card is not None))
            if g.phase == "draw":
                g.apply("draw")
            break
        g.apply(next(a for a in g.legal_actions() if a.card is not None))
    assert g.stock == []
    winner = g.to_act
    loser = 1 - winner
    assert face_up in cards_of(g, loser)
    assert top in cards_of(g, winner)
    assert leader in (0, 1)


@pytest.mark.parametrize("profile", ["sixty-six", "schnapsen", "double-deck"])
def test_exchanged_low_trump_drawn_last(profile: str) -> None:
    """Fine point: after an exchange, the low trump lying in the face-up card's place is the
    last card drawn, by the loser of the last open trick."""
    low = "JS" if profile == "schnapsen" else "9S"
    g = make(profile, [["AC", low], ["QC"]], trump="AS", voids={1: "S"})
    act(g, "QC AC exchange")
    assert stock_of(g)[-1] == low
    while g.stock:
        if g.phase == "draw":
            g.apply("draw")
            continue
        g.apply(next(a for a in g.legal_actions() if a.card is not None))
        if g.phase == "follow":
            g.apply(next(a for a in g.legal_actions() if a.card is not None))
        if g.phase == "draw":
            g.apply("draw")
        if not g.stock:
            break
    loser = 1 - g.to_act
    assert low in cards_of(g, loser)


@pytest.mark.parametrize("profile", ["sixty-six", "schnapsen", "sixty-six-jaques"])
def test_start_of_turn_order(profile: str) -> None:
    """Fine point: exchange, then close, then declare, each optional, in this order."""
    low = "JS" if profile == "schnapsen" else "9S"
    hand = ["AC", "KH", "QH"]
    # the low trump is drawn after the first trick (sixty-six-jaques would lose the right to
    # exchange by following without exchanging)
    g = make(profile, [hand, ["QC"]], stock=low, trump="AS", voids={1: "S"})
    act(g, "QC AC")
    assert g.to_act == 0 and g.phase == "lead"
    assert {"exchange", "close", "marry-H"} <= legal(g)
    g.apply("exchange")
    assert not g.is_legal("exchange")
    assert g.is_legal("close") and g.is_legal("marry-H")
    g.apply("close")
    assert not g.is_legal("exchange") and not g.is_legal("close")
    # after closing: marriages only where any phase is allowed
    assert g.is_legal("marry-H") == (profile != "sixty-six")
    g2 = make(profile, [hand, ["QC"]], stock=low, trump="AS", voids={1: "S"})
    act(g2, "QC AC marry-H")
    assert not g2.is_legal("exchange") and not g2.is_legal("close")
    g3 = make(profile, [hand, ["QC"]], stock=low, trump="AS", voids={1: "S"})
    act(g3, "QC AC close")
    assert not g3.is_legal("exchange")


@pytest.mark.parametrize("profile", ["sixty-six", "double-deck"])
def test_draw_window_nothing_else(profile: str) -> None:
    """Fine point: in the window after winning a trick only closing (or drawing) happens;
    an exchange needs an open stock, so it is impossible after closing there."""
    g = make(profile, [["AC", "9S", "KH", "QH"], ["QC"]], trump="AS", voids={1: "S"})
    play(g, "QC AC")
    assert g.phase == "draw"
    assert legal(g) == {"draw", "close"}
    g.apply("close")
    assert g.phase == "lead"
    assert not g.is_legal("exchange")
    assert not g.is_legal("marry-H")  # sixty-six: open phase only


@pytest.mark.parametrize("profile", ["sixty-six", "schnapsen"])
def test_marriage_needs_both_cards(profile: str) -> None:
    """Fine point: a marriage needs both cards in hand: the king with the queen still in the
    stock is no marriage; once the queen is drawn, it is."""
    g = make(profile, [["AC", "KH"], ["QC"]], stock="QH", trump="AS", voids={0: "H", 1: "S"})
    play(g, "QC AC")
    if g.phase == "draw":
        assert not g.is_legal("marry-H")
        g.apply("draw")
    assert "QH" in cards_of(g, 0) and "KH" in cards_of(g, 0)
    assert g.is_legal("marry-H")
    g0 = make(profile, [["AC", "KH"], ["QC"]], stock="9D QH" if profile == "sixty-six"
              else "JD QH", trump="AS", voids={0: "H", 1: "S"})
    act(g0, "QC AC")
    assert "QH" not in cards_of(g0, 0)
    assert not g0.is_legal("marry-H")


@pytest.mark.parametrize("profile", ["sixty-six", "schnapsen"])
def test_marriage_counts_once(profile: str) -> None:
    """Fine point: a marriage counts once: after declaring hearts and leading the queen, the
    king alone cannot declare again; a pair whose king was played cannot be declared."""
    g = make(profile, [["AC", "KH", "QH", "KD", "QD"], ["QC", "JC"]], trump="AS",
             voids={1: "SH"})
    act(g, "QC AC marry-H QH")
    assert g.scores()[0] == 11 + 3 + 20
    g.apply(next(a for a in g.legal_actions() if a.card is not None))  # player 1 discards
    assert g.to_act == 0
    if g.phase == "draw":
        g.apply("draw")
    assert "KH" in cards_of(g, 0)
    assert not g.is_legal("marry-H")
    assert g.is_legal("marry-D")
    g.apply("KD")  # plays the king without declaring
    g.apply(next(a for a in g.legal_actions() if a.card is not None))
    if g.phase == "draw":
        g.apply("draw")
    if g.to_act == 0:
        assert "QD" in cards_of(g, 0)
        assert not g.is_legal("marry-D")


def test_pending_credited_at_once_and_claim() -> None:
    """Fine point: pending marriage points are credited the moment the side wins a trick; if
    that lifts it to 66 it may claim at once (four-hand-24: seat 1 declares trumps, the
    partner wins the trick: 66, and the partner claims on its lead)."""
    g = make("four-hand-24", ["9C JC 9H JH 9S 9D".split(), "AC KH QH KD QD AS".split(),
                              "QC AH TH TS KS QS".split(), "KC TC JS AD TD JD".split()],
             trump="9D")
    play(g, "marry-D KD AH AD 9D")
    assert g.scores() == [0, 4 + 11 + 11 + 0 + 40]
    while g.phase == "show":
        g.apply("pass")
    assert g.to_act == 3 and g.is_legal("claim")
    g.apply("claim")
    r = g.result
    assert r is not None and r.reason == "claim" and r.points == (0, 3)


def test_pending_credited_two_player_then_claim() -> None:
    """Fine point (two players): the pending 40 is credited with the first trick, and a
    claim is then legal at once on the next lead (schnapsen, claim on own turn)."""
    g = make("schnapsen", [["AD", "QC"], ["KD", "QD", "AC", "TC"]], trump="JD",
             voids={0: "C", 1: "C"})
    play(g, "marry-D KD AD")
    assert g.scores() == [15, 0]
    g.apply("QC")
    g.apply("AC")
    assert g.scores() == [15, 11 + 3 + 40]
    assert g.to_act == 1 and g.is_legal("claim")


def test_may_forget_to_claim() -> None:
    """Fine point: the engine lets a person at 66 forget to claim and play on."""
    g = race("sixty-six", "no_trick")
    assert g.scores()[0] >= 66 and g.is_legal("claim")
    c = next(a for a in g.legal_actions() if a.card is not None)
    g.apply(c)
    assert not g.is_over and g.phase == "follow"


def test_zero_point_trick_is_a_trick() -> None:
    """Fine point: two 0-point cards make a trick worth 0, but it is a trick: the exchange
    (sixty-six: needs a trick) becomes legal, and a later false claim by the opponent costs
    2, not 3."""
    g = make("sixty-six", [["9D", "AC"], ["9C", "9S", "JC"]], stock="KH QH", trump="AS",
             voids={0: "CS", 1: "S"})
    play(g, "9C 9D")
    assert g.tricks_won() == [0, 1] and g.scores() == [0, 0]
    act(g, "")
    assert g.to_act == 1
    assert g.is_legal("exchange")
    act(g, "JC AC")
    assert g.to_act == 0 and g.scores() == [13, 0]
    g.apply("claim")
    r = g.result
    assert r is not None and r.reason == "false_claim" and r.points == (0, 2)

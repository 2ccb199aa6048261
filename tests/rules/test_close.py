"""RULES.md row 'close': who may close and when.

sixty-six, double-deck: leader, before or after drawing (a draw window after each won
open-phase trick); sixty-six-jaques, schnapsen-jaques: leader, start of turn; schnapsen:
leader, before leading, also before the first trick; mariage: leader after drawing with at
least 2 draw cards left (face-up card counts); mariage-piquet: leader after drawing.
four-hand, four-hand-24, three-hand: no stock, no close.
"""

from __future__ import annotations

import pytest

from sixtysix_solver.rules.game import Game

from .helpers import NO_STOCK_PROFILES, STOCK_PROFILES, legal, legal_cards, make, play

WINDOW = {p: p in ("sixty-six", "double-deck") for p in STOCK_PROFILES}


def first_trick_won_by_0(profile: str):
    g = make(profile, [["AC"], ["QC"]], trump="AS", voids={1: "S"})
    play(g, "QC AC")
    return g


@pytest.mark.parametrize("profile", STOCK_PROFILES)
def test_draw_window(profile: str) -> None:
    """'close': before drawing only where the row says 'before or after drawing': the
    winner of an open trick may then only draw or close."""
    g = first_trick_won_by_0(profile)
    hs = g.profile.hand_size
    if WINDOW[profile]:
        assert g.phase == "draw" and g.to_act == 0
        assert legal(g) == {"draw", "close"}
        assert [len(h) for h in g.hands] == [hs - 1, hs - 1]
    else:
        assert g.phase == "lead" and g.to_act == 0
        assert [len(h) for h in g.hands] == [hs, hs]
        assert g.is_legal("close")


@pytest.mark.parametrize("profile", ["sixty-six", "double-deck"])
def test_close_before_drawing(profile: str) -> None:
    """'close' = before or after drawing: closing in the draw window, nobody draws and both
    play out the cards in hand."""
    g = first_trick_won_by_0(profile)
    n = len(g.stock)
    g.apply("close")
    assert g.phase == "lead" and g.to_act == 0
    assert g.strict
    assert len(g.stock) == n
    hs = g.profile.hand_size
    assert [len(h) for h in g.hands] == [hs - 1, hs - 1]
    assert not g.is_legal("close")


@pytest.mark.parametrize("profile", STOCK_PROFILES)
def test_close_after_drawing(profile: str) -> None:
    """'close': the leader may close after drawing, before leading; then no more draws."""
    g = first_trick_won_by_0(profile)
    if g.phase == "draw":
        g.apply("draw")
    n = len(g.stock)
    assert g.is_legal("close")
    g.apply("close")
    assert g.strict and g.phase == "lead" and g.to_act == 0
    assert not g.is_legal("close")
    hs = g.profile.hand_size
    c = sorted(legal_cards(g))[0]
    g.apply(c)
    g.apply(sorted(legal_cards(g))[0])
    assert g.phase in ("lead", "end")
    assert len(g.stock) == n
    assert [len(h) for h in g.hands] == [hs - 1, hs - 1]


@pytest.mark.parametrize("profile", STOCK_PROFILES)
def test_close_at_first_lead(profile: str) -> None:
    """'close', schnapsen: 'also before the first trick' (rules-model.md: every close profile lets
    the leader close at step 0/1 of the first lead)."""
    g = Game.deal(profile, seed=4)
    assert g.is_legal("close")
    g.apply("close")
    assert g.strict


@pytest.mark.parametrize("profile", STOCK_PROFILES)
def test_follower_cannot_close(profile: str) -> None:
    """'close': only the leader."""
    g = make(profile, [["AC"], ["QC"]], trump="AS", voids={1: "S"})
    g.apply("QC")
    assert g.phase == "follow"
    assert not g.is_legal("close")


@pytest.mark.parametrize("profile", STOCK_PROFILES)
def test_close_with_two_stock_cards_left(profile: str) -> None:
    """'close', mariage: 'with >= 2 draw cards left' (the face-up card counts; engine
    close_min_stock = 2 for every profile): legal with 2 left, impossible once exhausted."""
    g = Game.deal(profile, seed=12)
    seen_two = False
    while not g.is_over and g.phase != "end":
        if g.phase == "draw":
            if len(g.stock) == 2:
                assert g.is_legal("close")
            g.apply("draw")
            continue
        if g.phase == "lead" and len(g.stock) == 2:
            assert g.is_legal("close")
            seen_two = True
        if g.phase == "lead" and len(g.stock) == 0:
            assert not g.is_legal("close")
        g.apply(sorted(legal_cards(g))[0])
    assert seen_two


@pytest.mark.parametrize("profile", NO_STOCK_PROFILES)
def test_no_close_without_stock(profile: str) -> None:
    """'close' is '--' without a stock: never legal."""
    g = Game.deal(profile, seed=3)
    while g.phase == "show":
        g.apply("pass")
    assert not g.is_legal("close")

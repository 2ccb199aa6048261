"""RULES.md row 'false claim'.

sixty-six, mariage-piquet, double-deck, four-hand-24: opponent 2, or 3 if the opponent has no
trick; sixty-six-jaques, mariage: opponent 2; schnapsen(-jaques): the opponent scores what the
claimant would have scored (3/2/1 by the opponent's own state); three-hand: the claimant pays
1 to each other player.
"""

from __future__ import annotations

import pytest

from sixtysix_solver.rules.game import Game

from .helpers import STOCK_PROFILES, make, play, race

RULE = {
    "sixty-six": "opp2or3", "sixty-six-jaques": "opp2", "schnapsen": "mirror",
    "schnapsen-jaques": "mirror", "mariage": "opp2", "mariage-piquet": "opp2or3",
    "double-deck": "opp2or3",
}
EXPECTED = {
    # player 1's state when player 0 (at 21) claims falsely
    "opp2or3": {"no_trick": 3, "below": 2, "above": 2},
    "opp2": {"no_trick": 2, "below": 2, "above": 2},
    "mirror": {"no_trick": 3, "below": 2, "above": 1},
}


@pytest.mark.parametrize("profile", STOCK_PROFILES)
@pytest.mark.parametrize("state", ["no_trick", "below", "above"])
def test_false_claim(profile: str, state: str) -> None:
    """'false claim': player 0 claims with 21 after trumping AH; player 1 has no trick / 21 /
    35 points."""
    g = race(profile, state, to_66=False)
    assert g.scores()[0] == 21
    assert g.is_legal("claim")
    g.apply("claim")
    r = g.result
    assert r is not None
    assert r.reason == "false_claim"
    gp = EXPECTED[RULE[profile]][state]
    assert r.points == (0, gp)
    assert r.returns == (-gp, gp)


def test_four_hand_24_false_claim_by_partner() -> None:
    """'false claim', four-hand-24: as sixty-six with sides: seat 3 (side 1, 24 points)
    claims while following; side 0 has no trick: 3 to side 0."""
    g = make("four-hand-24", ["9C JC 9H JH 9S 9D".split(), "AC KH QH KD QD AS".split(),
                              "QC AH TH TS KS QS".split(), "KC TC JS AD TD JD".split()],
             trump="9D")
    play(g, "AC QC TC 9C AS TS")
    assert g.to_act == 3 and g.is_legal("claim")
    g.apply("claim")
    r = g.result
    assert r is not None and r.reason == "false_claim"
    assert r.points == (3, 0)
    assert r.returns == (3, -3, 3, -3)


def test_four_hand_24_false_claim_opponents_with_trick() -> None:
    """'false claim', four-hand-24: the other side has a trick: 2."""
    g = make("four-hand-24", ["9C JC 9H JH 9S 9D".split(), "AC KH QH KD QD AS".split(),
                              "QC AH TH TS KS QS".split(), "KC TC JS AD TD JD".split()],
             trump="9D")
    play(g, "AC QC TC 9C")  # side 1 wins
    g.apply("claim")  # seat 1 with 24: false; side 0 has no trick
    r = g.result
    assert r is not None and r.points == (3, 0)
    g.undo()
    # let side 0 win a trick first: seat 1 leads QH, seat 2 heads with AH, seat 3 must
    # trump (void in hearts) ... so use a trump lead that side 0 cannot win; instead let
    # the dealer's side take a trick in a fresh deal
    g = make("four-hand-24", ["AC JC 9H JH 9S 9D".split(), "9C KH QH KD QD AS".split(),
                              "QC AH TH TS KS QS".split(), "KC TC JS AD TD JD".split()],
             trump="9D")
    play(g, "9C QC KC AC")  # seat 0 wins the first trick for side 0
    assert g.tricks_won() == [1, 0, 0, 0]
    while g.phase == "show":
        g.apply("pass")
    g.apply(next(a for a in g.legal_actions() if a.card is not None))  # seat 0 leads
    assert g.to_act == 1
    g.apply("claim")  # seat 1, side 1 without a trick and 0 points
    r = g.result
    assert r is not None and r.reason == "false_claim"
    assert r.points == (2, 0)


def test_three_hand_false_claim_pays_each() -> None:
    """'false claim', three-hand (assumed): the claimant pays 1 to each other player."""
    g = Game.deal("three-hand", seed=41)
    g.apply("claim")  # seat 1 at the first lead, 0 points
    r = g.result
    assert r is not None and r.reason == "false_claim"
    assert r.returns == (1, -2, 1)
    assert r.carry_out == 0


def test_three_hand_false_claim_when_following() -> None:
    """'false claim', three-hand: also by a follower (claim on any own turn)."""
    g = Game.deal("three-hand", seed=42)
    g.apply(next(a for a in g.legal_actions() if a.card is not None))
    assert g.to_act == 2
    g.apply("claim")
    r = g.result
    assert r is not None and r.reason == "false_claim"
    assert r.returns == (1, 1, -2)

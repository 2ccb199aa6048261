"""RULES.md row 'claim 66' (when a claim is legal) and the common-ground game points of a
correct claim (1 if the loser has 33 or more, 2 below 33 with a trick, 3 without a trick).

sixty-six, mariage: own (lead) turn after a trick won or a declaration; sixty-six-jaques: any
point of own turn before leading; schnapsen(-jaques), mariage-piquet, double-deck: own turn;
four-hand: no claim; four-hand-24: first side to claim; three-hand: first to claim.
"""

from __future__ import annotations

import pytest

from sixtysix_solver.rules.game import Game

from .helpers import STOCK_PROFILES, make, play, play_out, race

CLAIM = {
    "sixty-six": "after", "sixty-six-jaques": "lead", "schnapsen": "turn",
    "schnapsen-jaques": "turn", "mariage": "after", "mariage-piquet": "turn",
    "four-hand": "none", "four-hand-24": "turn", "three-hand": "turn", "double-deck": "turn",
}


def _lead(g: Game) -> Game:
    while g.phase == "show":
        g.apply("pass")
    return g


@pytest.mark.parametrize("profile", list(CLAIM))
def test_claim_at_first_lead(profile: str) -> None:
    """'claim 66': at the first lead (no trick yet) only 'any point of own turn' profiles."""
    g = _lead(Game.deal(profile, seed=31))
    assert g.phase == "lead"
    assert g.is_legal("claim") == (CLAIM[profile] in ("lead", "turn"))


@pytest.mark.parametrize("profile", ["sixty-six"])
def test_claim_after_declaration(profile: str) -> None:
    """'claim 66', sixty-six: 'after a trick won or a marriage': declaring at the first lead
    makes a claim legal."""
    g = make(profile, [[], ["KH", "QH"]], trump="AD")
    assert not g.is_legal("claim")
    g.apply("marry-H")
    assert g.is_legal("claim")


@pytest.mark.parametrize("profile", list(CLAIM))
def test_claim_when_following(profile: str) -> None:
    """'claim 66': while following only where the whole own turn counts (schnapsen(-jaques),
    mariage-piquet, four-hand-24, three-hand, double-deck)."""
    g = _lead(Game.deal(profile, seed=32))
    g.apply(next(a for a in g.legal_actions() if a.card is not None))
    assert g.phase == "follow"
    assert g.is_legal("claim") == (CLAIM[profile] == "turn")


@pytest.mark.parametrize("profile", list(CLAIM))
def test_claim_on_lead_after_winning(profile: str) -> None:
    """'claim 66': the leader who won the last trick may claim (every profile with claims)."""
    g = _lead(Game.deal(profile, seed=33))
    for _ in range(g.players):
        g.apply(next(a for a in g.legal_actions() if a.card is not None))
    if g.phase == "draw":
        g.apply("draw")
    _lead(g)
    assert g.phase == "lead"
    assert g.is_legal("claim") == (CLAIM[profile] != "none")


@pytest.mark.parametrize("profile", list(CLAIM))
def test_claim_after_last_trick(profile: str) -> None:
    """'claim 66': after the last trick its winner may claim or pass (four-hand: no claim,
    the hand is scored at once)."""
    g = play_out(Game.deal(profile, seed=34), end="stop")
    if CLAIM[profile] == "none":
        assert g.is_over
        assert g.result is not None and g.result.reason == "side_total"
    else:
        assert g.phase == "end"
        assert {str(a) for a in g.legal_actions()} == {"claim", "pass"}
        assert g.to_act == g.fields()["last_trick_winner"]


def test_four_hand_never_claims() -> None:
    """'claim 66', four-hand: no claim at any point."""
    g = Game.deal("four-hand", seed=35)
    while not g.is_over:
        assert not g.is_legal("claim")
        g.apply(next(a for a in g.legal_actions() if a.card is not None))


@pytest.mark.parametrize("profile", STOCK_PROFILES)
@pytest.mark.parametrize("state,gp", [("no_trick", 3), ("below", 2), ("above", 1)])
def test_correct_claim_game_points(profile: str, state: str, gp: int) -> None:
    """Common ground 'Game points for a correct 66 claim': 3 / 2 / 1 by the loser's state."""
    g = race(profile, state)
    assert g.scores()[0] == 76
    assert g.scores()[1] == {"no_trick": 0, "below": 21, "above": 35}[state]
    assert g.is_legal("claim")
    g.apply("claim")
    r = g.result
    assert r is not None
    assert r.reason == "claim"
    assert r.points == (gp, 0)
    assert r.returns == (gp, -gp)


def test_three_hand_correct_claim_pays_one_each() -> None:
    """'claim 66', three-hand: the first to claim correctly receives 1 from each other player."""
    g = make("three-hand", ["9C JC 9H JH 9S JS 9D".split(), "AC TC KH QH KD QD AS".split(),
                            "KC QC AH TH TS KS QS".split()], aside="AD TD JD".split(),
             trump="9D")
    play(g, "AC QC 9C marry-D KD AH 9D")
    assert g.scores() == [0, 14 + 40 + 4 + 11, 0]
    assert g.to_act == 1 and g.is_legal("claim")
    g.apply("claim")
    r = g.result
    assert r is not None and r.reason == "claim"
    assert r.returns == (-1, 2, -1)


def test_four_hand_24_partner_claims_for_side() -> None:
    """'claim 66', four-hand-24: the first side to claim; the partner's claim counts for the
    side's score (side 1 at 90, opponents without a trick: 3)."""
    g = make("four-hand-24", ["9C JC 9H JH 9S 9D".split(), "AC KH QH KD QD AS".split(),
                              "QC AH TH TS KS QS".split(), "KC TC JS AD TD JD".split()],
             trump="9D")
    play(g, "AC QC TC 9C marry-D KD AH AD 9D")
    assert g.scores() == [0, 24 + 40 + 4 + 11 + 11 + 0]
    assert g.phase == "show" and g.to_act == 1  # seat 1 still holds KH QH: may show
    g.apply("pass")
    assert g.phase == "lead" and g.to_act == 3
    g.apply("claim")
    r = g.result
    assert r is not None and r.reason == "claim"
    assert r.points == (0, 3)
    assert r.returns == (-3, 3, -3, 3)

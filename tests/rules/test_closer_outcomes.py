"""RULES.md rows 'closer wins' and 'closer fails, or opponent claims first'.

closer wins: sixty-six, sixty-six-jaques, mariage-piquet, double-deck: game points from the
opponent's state at the claim; schnapsen(-jaques), mariage: at closing.
closer fails / opponent claims first: opponent 2, or 3 if it had no trick at closing (every
stock profile except sixty-six-jaques: opponent 2).
"""

from __future__ import annotations

import pytest

from sixtysix_solver.rules.game import Game

from .helpers import STOCK_PROFILES, act, closer_hand, make, play_out

STAKES = {
    "sixty-six": "claim", "sixty-six-jaques": "claim", "schnapsen": "closing",
    "schnapsen-jaques": "closing", "mariage": "closing", "mariage-piquet": "claim",
    "double-deck": "claim",
}
FAIL3 = {p: p != "sixty-six-jaques" for p in STOCK_PROFILES}


@pytest.mark.parametrize("profile", STOCK_PROFILES)
def test_closer_wins(profile: str) -> None:
    """'closer wins': player 1 closes at the first lead (player 0: no trick, 0 points), player
    0 then wins a trick worth 3; player 1 claims 66+: 2 (state at claim) or 3 (at closing)."""
    g = closer_hand(profile)
    assert g.to_act == 1 and g.phase == "lead"
    assert g.scores()[1] >= 66
    low_points = 2 if profile.startswith("schnapsen") else 0  # the closer's low spade
    assert g.scores()[0] == 3 + low_points and g.tricks_won()[0] == 1
    f = g.fields()
    assert f["closed_by"] == 1 and f["close_opp_had_trick"] is False
    assert f["close_opp_score"] == 0
    g.apply("claim")
    r = g.result
    assert r is not None and r.reason == "claim"
    gp = 2 if STAKES[profile] == "claim" else 3
    assert r.points == (0, gp)


@pytest.mark.parametrize("profile", STOCK_PROFILES)
def test_closer_plays_out_without_claim(profile: str) -> None:
    """'closer fails': the closer never claims; the hand is played out: the opponent gets 3
    (no trick at closing, though it took tricks later) or 2 (sixty-six-jaques)."""
    for seed in range(51, 90):
        g = Game.deal(profile, seed=seed)
        g.apply("close")
        play_out(g, end="pass")
        if g.tricks_won()[0] > 0:
            break
    r = g.result
    assert r is not None
    assert r.reason == "closer_failed"
    assert g.tricks_won()[0] > 0  # the opponent did take tricks after the closing
    gp = 3 if FAIL3[profile] else 2
    assert r.points == (gp, 0)


@pytest.mark.parametrize("profile", STOCK_PROFILES)
def test_closer_fails_opponent_had_trick(profile: str) -> None:
    """'closer fails': the opponent had a trick at closing: 2 (every profile)."""
    g = make(profile, [["AC", "JH"], ["QC", "AH"]], trump="AS", voids={0: "HS", 1: "S"})
    act(g, "QC AC JH AH")  # player 0 takes a trick, then player 1
    assert g.to_act == 1 and g.phase == "lead"
    g.apply("close")
    assert g.fields()["close_opp_had_trick"] is True
    play_out(g, end="pass")
    r = g.result
    assert r is not None and r.reason == "closer_failed"
    assert r.points == (2, 0)


@pytest.mark.parametrize("profile", STOCK_PROFILES)
def test_closer_false_claim(profile: str) -> None:
    """'closer fails': a false claim by the closer costs the closing rate: the opponent had
    no trick at closing: 3 (sixty-six-jaques 2), although it has one now."""
    g = closer_hand(profile)
    # take the scripted hand back to the closer's first won trick, then claim too early
    while g.tricks_won()[1] > 1:
        g.undo()
    while g.phase != "lead" or g.to_act != 1:
        g.undo()
    assert g.scores()[1] < 66 and g.tricks_won() == [1, 1]
    assert g.is_legal("claim")
    g.apply("claim")
    r = g.result
    assert r is not None and r.reason == "closer_failed"
    gp = 3 if FAIL3[profile] else 2
    assert r.points == (gp, 0)


@pytest.mark.parametrize("profile", STOCK_PROFILES)
def test_opponent_claims_first(profile: str) -> None:
    """'opponent claims first': player 1 closes at the first lead, player 0 reaches 66 and
    claims: the closer's failure price: 3 (no trick at closing), sixty-six-jaques 2."""
    g = closer_hand(profile, closer=0)
    assert g.fields()["closed_by"] == 1
    assert g.to_act == 0 and g.scores()[0] >= 66
    assert g.tricks_won()[1] == 1
    g.apply("claim")
    r = g.result
    assert r is not None
    assert r.reason == "closer_failed"
    gp = 3 if FAIL3[profile] else 2
    assert r.points == (gp, 0)

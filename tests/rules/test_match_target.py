"""RULES.md row 'target' (66 everywhere; a knob) and the common-ground match target (first to
7 game points; four-hand may play to 11): profile knobs only."""

from __future__ import annotations

import pytest

from sixtysix_solver.rules.profiles import get_profile

from .helpers import ALL_PROFILES, race


@pytest.mark.parametrize("profile", ALL_PROFILES)
def test_target_and_match_target(profile: str) -> None:
    """'target' = 66, schneider 33, match to 7 for every profile."""
    p = get_profile(profile)
    assert p.target == 66
    assert p.schneider == 33
    assert p.match_target == 7


def test_four_hand_may_play_to_eleven() -> None:
    """Common ground: four-hand may play to 11 (a knob override)."""
    assert get_profile("four-hand", match_target=11).match_target == 11


@pytest.mark.parametrize("profile", ["double-deck", "sixty-six"])
def test_target_is_a_knob(profile: str) -> None:
    """'target', double-deck: 'make the target a knob': 21 points claim correctly with target
    20, but not with 66; 76 points do not reach a target of 100."""
    g = race(profile, "no_trick", to_66=False, target=20)
    g.apply("claim")
    assert g.result is not None and g.result.reason == "claim"
    assert g.result.points == (3, 0)
    g = race(profile, "no_trick", to_66=False)
    g.apply("claim")
    assert g.result is not None and g.result.reason == "false_claim"
    g = race(profile, "no_trick", target=100)
    assert g.scores()[0] == 76
    g.apply("claim")
    assert g.result is not None and g.result.reason == "false_claim"

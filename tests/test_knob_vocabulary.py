"""The knob vocabulary is declared once, in the core (cpp/rules.hpp): the profiles' checks are
derived from it, and the Literal types that repeat it for the type checker must equal it."""

from __future__ import annotations

import dataclasses
import typing

import pytest

from sixtysix_solver import _core
from sixtysix_solver.errors import ProfileError
from sixtysix_solver.rules import profiles
from sixtysix_solver.rules.profiles import Profile, get_profile

VOCABULARY = _core.knob_vocabulary()
RANGES = _core.knob_ranges()
HINTS = typing.get_type_hints(Profile)
FIELDS = [f.name for f in dataclasses.fields(Profile)]


def test_every_core_knob_is_a_profile_knob() -> None:
    assert set(VOCABULARY) <= set(FIELDS)
    assert set(RANGES) <= set(FIELDS)
    assert not set(VOCABULARY) & set(RANGES)


@pytest.mark.parametrize("knob", sorted(VOCABULARY))
def test_literal_types_equal_the_core_vocabulary(knob: str) -> None:
    assert typing.get_origin(HINTS[knob]) is typing.Literal
    assert typing.get_args(HINTS[knob]) == VOCABULARY[knob]


def test_every_literal_knob_is_in_the_core_vocabulary() -> None:
    literal = {k for k, t in HINTS.items() if typing.get_origin(t) is typing.Literal}
    assert literal == set(VOCABULARY)


def test_the_literal_aliases_are_the_field_types() -> None:
    aliases = {
        "low_rank": profiles.LowRank, "exchange_rank": profiles.ExchangeRank,
        "must_head": profiles.Head, "exchange_timing": profiles.Timing,
        "marriages": profiles.Marriages, "marriage_before_trick": profiles.BeforeTrick,
        "close": profiles.Close, "claim": profiles.Claim, "false_claim": profiles.FalseClaim,
        "close_stakes": profiles.CloseStakes, "close_fail": profiles.CloseFail,
        "natural_end": profiles.NaturalEnd,
    }
    assert set(aliases) == set(VOCABULARY)
    for knob, alias in aliases.items():
        assert typing.get_args(alias) == VOCABULARY[knob], knob


def test_the_profile_checks_are_derived_from_the_core() -> None:
    assert profiles._CHOICES == {
        "players": (2, 3, 4), "low_rank": ("9", "J", "7"), "copies": (1, 2),
        "must_head": ("none", "always", "vs_opponent"),
        "exchange_rank": ("none", "9", "J", "7"), "exchange_timing": ("lead", "turn"),
        "marriages": ("none", "open", "any"),
        "marriage_before_trick": ("pending", "zero", "forbidden"),
        "close": ("none", "lead", "lead_or_before_draw"),
        "claim": ("none", "lead_after_trick_or_marriage", "lead", "turn"),
        "false_claim": ("opp2or3", "opp2", "mirror", "pay1each"),
        "close_stakes": ("claim", "closing"), "close_fail": ("opp2or3_at_close", "opp2"),
        "natural_end": ("claim_or_draw", "last_trick", "first_to_target", "higher_total",
                        "side_total", "dead_hand"),
    }
    assert list(profiles._CHOICES) == [f for f in FIELDS if f in profiles._CHOICES]
    assert profiles._RANGES == {
        "hand_size": (1, 16), "aside": (0, 16), "exchange_min_stock": (2, 48),
        "close_min_stock": (2, 48), "last_trick_bonus": (0, 100), "draw_carry": (0, 10),
        "target": (1, 250), "schneider": (0, 250), "match_target": (1, 1000),
    }
    assert RANGES["marriage_points"] == (0, 250)


@pytest.mark.parametrize("knob", sorted(VOCABULARY))
def test_the_core_takes_every_name_and_refuses_others(knob: str) -> None:
    base = get_profile("sixty-six").knobs()
    for name in VOCABULARY[knob]:
        try:
            _core.RuleSet({**base, knob: name})
        except ProfileError as e:  # a consistency rule may refuse it, never the name
            assert "unknown" not in str(e)
    with pytest.raises(ProfileError, match=f"{knob}: unknown"):
        _core.RuleSet({**base, knob: "nosuch"})


@pytest.mark.parametrize(
    "knobs, message",
    [
        ({"must_head": "sometimes"},
         "must_head must be one of ['none', 'always', 'vs_opponent'], got 'sometimes'"),
        ({"players": 5}, "players must be one of [2, 3, 4], got 5"),
        ({"copies": 3}, "copies must be one of [1, 2], got 3"),
        ({"low_rank": "8"}, "low_rank must be one of ['9', 'J', '7'], got '8'"),
        ({"target": 0}, "target must be between 1 and 250, got 0"),
        ({"marriage_points": (20, 400)},
         "marriage_points must be two numbers from 0 to 250, got (20, 400)"),
    ],
)
def test_messages_for_bad_knob_values(knobs: dict[str, object], message: str) -> None:
    with pytest.raises(ProfileError) as info:
        get_profile("sixty-six", **knobs)
    assert str(info.value) == message


@pytest.mark.parametrize("knob, lo, hi", [(k, lo, hi) for k, (lo, hi) in RANGES.items()])
def test_the_core_checks_the_same_bounds(knob: str, lo: int, hi: int) -> None:
    base = get_profile("sixty-six").knobs()

    def value(v: int) -> object:
        return (v, v) if knob == "marriage_points" else v

    for bad in (lo - 1, hi + 1):
        with pytest.raises(ProfileError, match=knob.replace("[", r"\[")):
            _core.RuleSet({**base, knob: value(bad)})

"""Position notation and JSON: exact round trips, every error class, and garbage input."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sixtysix_solver.errors import NotationError, PositionError, ProfileError, SixtySixError
from sixtysix_solver.rules.game import Game
from sixtysix_solver.notation.position import format_position, parse_position, position_from_json, position_to_dict, position_to_json
from sixtysix_solver.rules.position_text import format_profile, parse_card_list, parse_profile
from sixtysix_solver.rules.profiles import PROFILES, get_profile

FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Overrides that keep every profile valid.
SAFE_OVERRIDES: dict[str, Any] = {
    "target": st.integers(40, 120),
    "match_target": st.integers(1, 21),
    "marriage_points": st.tuples(st.integers(0, 60), st.integers(0, 80)),
    "open_strict": st.booleans(),
    "schneider": st.integers(0, 40),
}


def random_game(
    name: str, seed: int, steps: int, dealer: int = 0, carry: int = 0,
    overrides: dict[str, Any] | None = None,
) -> Game:
    profile = get_profile(name, **(overrides or {}))
    g = Game.deal(profile, seed=seed, dealer=dealer % profile.players, carry=carry)
    rng = random.Random(seed)
    for _ in range(steps):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    return g


@st.composite
def games(draw: Any, with_overrides: bool = True) -> Game:
    name = draw(st.sampled_from(sorted(PROFILES)))
    overrides = {
        k: draw(v) for k, v in SAFE_OVERRIDES.items()
        if with_overrides and draw(st.integers(0, 4)) == 0
    }
    g = random_game(
        name,
        draw(st.integers(0, 2**32)),
        draw(st.one_of(st.integers(0, 60), st.just(1000))),
        dealer=draw(st.integers(0, 3)),
        carry=draw(st.sampled_from([0, 0, 1, 3])),
        overrides=overrides,
    )
    if draw(st.booleans()):
        setattr(g, "match_score", tuple(draw(st.integers(0, 12)) for _ in range(g.profile.sides)))
    return g


def base_text(name: str = "sixty-six", seed: int = 1, steps: int = 0) -> str:
    return format_position(random_game(name, seed, steps))


def replace_token(text: str, key: str, value: str | None) -> str:
    """Set (or with None remove) the ``key=`` token of a position text."""
    parts = [p for p in text.split() if not p.startswith(key + "=")]
    if value is not None:
        parts.append(f"{key}={value}")
    return " ".join(parts)


def token(text: str, key: str) -> str:
    m = re.search(rf"(?:^| ){key}=(\S+)", text)
    assert m, (key, text)
    return m.group(1)


# --- round trips ------------------------------------------------------------------------------
@FAST
@given(games())
def test_text_round_trip(g: Game) -> None:
    text = format_position(g)
    assert "\n" not in text
    h = parse_position(text)
    assert h.fields() == g.fields()
    assert h.profile == g.profile and h.profile.overrides == g.profile.overrides
    assert getattr(h, "match_score") == getattr(g, "match_score", None)
    assert format_position(h) == text
    assert sorted(h.legal_action_codes()) == sorted(g.legal_action_codes())
    assert h.result == g.result


@FAST
@given(games())
def test_json_round_trip(g: Game) -> None:
    text = position_to_json(g)
    h = position_from_json(text)
    assert h.fields() == g.fields()
    assert h.profile == g.profile
    assert getattr(h, "match_score") == getattr(g, "match_score", None)
    assert position_to_json(h) == text
    d = position_to_dict(g)
    assert json.loads(text) == d
    assert position_from_json(d).fields() == g.fields()
    # text and JSON describe the same position
    assert format_position(position_from_json(text)) == format_position(g)


def _symbolise(m: re.Match[str]) -> str:
    rank = "10" if m.group(1) == "T" else m.group(1)
    return rank + {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}[m.group(2)]


@FAST
@given(games(with_overrides=False), st.randoms(use_true_random=False), st.integers(0, 2))
def test_variant_spellings(g: Game, rnd: random.Random, how: int) -> None:
    """Lower case, ``10`` and suit symbols, tokens in any order: the same position."""
    text = format_position(g)
    head, *rest = text.split()
    rnd.shuffle(rest)
    variant = " ".join([head] + rest)
    if how == 0:
        variant = variant.lower()
    elif how == 1:
        variant = re.sub(r"([AKQJT987])([CDHS])", _symbolise, variant)
    else:
        variant = "  " + variant.replace(" ", " \t ") + "\n"
    h = parse_position(variant)
    assert h.fields() == g.fields()
    assert format_position(h) == text


def test_fresh_deal_tokens() -> None:
    g = Game.deal("sixty-six", seed=1)
    text = format_position(g)
    assert [t.split("=")[0] for t in text.split()] == [
        "sixty-six", "dealer", "turn", "trump", "hands", "stock"]
    assert token(text, "turn") == "1:lead"
    f = g.fields()
    assert parse_card_list(token(text, "stock")) == f["stock"]


def test_four_hand_and_three_hand_tokens() -> None:
    text = format_position(Game.deal("three-hand", seed=2, dealer=2))
    assert "aside=" in text and "stock=" not in text and token(text, "turn") == "0:lead"
    assert len(token(text, "hands").split("/")) == 3
    text = format_position(Game.deal("four-hand", seed=2))
    assert len(token(text, "hands").split("/")) == 4 and "aside=" not in text


def test_finished_hand_tokens() -> None:
    g = random_game("three-hand", 5, 1000)
    text = format_position(g)
    assert token(text, "turn") == "-:over"
    for key in ("points", "returns", "reason"):
        assert f"{key}=" in text
    assert parse_position(text).result == g.result


def test_match_argument_and_attribute() -> None:
    g = Game.deal("four-hand-24", seed=4)
    assert "match=" not in format_position(g)
    assert format_position(g, match=(3, 5)).endswith(" match=3/5")
    setattr(g, "match_score", (1, 2))
    assert format_position(g).endswith(" match=1/2")
    assert format_position(g, match=(4, 4)).endswith(" match=4/4")
    assert getattr(parse_position(format_position(g)), "match_score") == (1, 2)
    fresh = parse_position(format_position(Game.deal("sixty-six", seed=1)))
    assert getattr(fresh, "match_score") is None
    with pytest.raises(NotationError, match="match score"):
        format_position(g, match=(1, 2, 3))


def test_profile_token() -> None:
    p = get_profile("sixty-six", target=100, match_target=11, marriage_points=(30, 60))
    text = format_profile(p)
    assert text == "sixty-six[marriage_points=30:60,match_target=11,target=100]"
    assert parse_profile(text) == p and parse_profile(text).overrides == p.overrides
    assert parse_profile("Sixty_Six[target=100]") == get_profile("sixty-six", target=100)
    assert parse_profile("schnapsen[open_strict=TRUE,must_head=none]").must_head == "none"


def test_custom_profile_cannot_be_written() -> None:
    import dataclasses

    g = Game.deal("sixty-six", seed=1)
    g.profile = dataclasses.replace(g.profile, name="my-game")
    with pytest.raises(NotationError, match="cannot be written"):
        format_position(g)


# --- errors -----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "edit, error, message",
    [
        (lambda t: replace_token(t, "hands", "ZZ" + token(t, "hands")), NotationError, "hands="),
        (lambda t: replace_token(t, "trump", "1H"), NotationError, "trump="),
        (lambda t: replace_token(t, "stock", token(t, "stock") + "K"), NotationError, "stock="),
        (lambda t: replace_token(t, "trump", "QHKH"), NotationError, "one card"),
        (lambda t: t + " foo=1", NotationError, "unknown token"),
        (lambda t: t + " dealer", NotationError, "key=value"),
        (lambda t: t + " carry=", NotationError, "key=value"),
        (lambda t: t + " dealer=0", NotationError, "twice"),
        (lambda t: replace_token(t, "hands", None), NotationError, "missing token hands="),
        (lambda t: replace_token(t, "stock", None), NotationError, "has a stock"),
        (lambda t: replace_token(t, "turn", "1:play"), NotationError, "turn="),
        (lambda t: replace_token(t, "turn", "1"), NotationError, "turn="),
        (lambda t: replace_token(t, "dealer", "x"), NotationError, "dealer="),
        (lambda t: replace_token(t, "dealer", "-"), NotationError, "dealer="),
        (lambda t: t + " carry=1.5", NotationError, "carry="),
        (lambda t: t + " carry=99999", NotationError, "carry="),
        (lambda t: t + " close=0:1", NotationError, "close="),
        (lambda t: t + " step=jumped", NotationError, "step="),
        (lambda t: t + " step=declared:HS", NotationError, "one suit"),
        (lambda t: t + " declared=X/-", NotationError, "declared="),
        (lambda t: t + " exchange_lost=2/0", NotationError, "exchange_lost="),
        (lambda t: t + " points=1/0", NotationError, "finished hand"),
        (lambda t: t + " match=1", NotationError, "match score"),
        (lambda t: t + " match=a/b", NotationError, "match="),
        (lambda t: t + " trick=KH", NotationError, "trick="),
        (lambda t: "", NotationError, "empty"),
        (lambda t: "dealer=0 " + t, NotationError, "profile"),
        (lambda t: t.replace("sixty-six", "sixty-seven", 1), ProfileError, "unknown profile"),
        (lambda t: t.replace("sixty-six", "sixty-six[target=abc]", 1), NotationError, "target"),
        (lambda t: t.replace("sixty-six", "sixty-six[target=0]", 1), ProfileError, "target"),
        (lambda t: t.replace("sixty-six", "sixty-six[nosuch=1]", 1), ProfileError, "nosuch"),
        (lambda t: t.replace("sixty-six", "sixty-six[target]", 1), NotationError, "knob=value"),
        (lambda t: t.replace("sixty-six", "sixty-six[target=9,target=9]", 1), NotationError,
         "twice"),
        (lambda t: t.replace("sixty-six", "sixty-six[marriage_points=20]", 1), NotationError,
         "20:40"),
        (lambda t: t.replace("sixty-six", "sixty-six[open_strict=maybe]", 1), NotationError,
         "true or false"),
        (lambda t: t.replace("sixty-six", "sixty-six[players=3]", 1), ProfileError, "players"),
    ],
)
def test_notation_errors(edit: Any, error: type[Exception], message: str) -> None:
    text = base_text()
    with pytest.raises(error, match=re.escape(message)):
        parse_position(edit(text))


def test_duplicate_card() -> None:
    text = base_text()
    hands = token(text, "hands").split("/")
    bad = replace_token(text, "hands", f"{hands[0]}/{hands[1][:-2]}{hands[0][:2]}")
    with pytest.raises(PositionError, match="more often"):
        parse_position(bad)


def test_missing_card() -> None:
    text = base_text()
    with pytest.raises(PositionError, match="missing card"):
        parse_position(replace_token(text, "stock", token(text, "stock")[2:]))
    hands = token(text, "hands").split("/")
    with pytest.raises(PositionError, match="missing card"):
        parse_position(replace_token(text, "hands", f"{hands[0][2:]}/{hands[1]}"))


def test_wrong_hand_sizes() -> None:
    text = base_text()
    hands = token(text, "hands").split("/")
    moved = replace_token(text, "hands", f"{hands[0][2:]}/{hands[1]}{hands[0][:2]}")
    with pytest.raises(PositionError, match="holds"):
        parse_position(moved)
    with pytest.raises(PositionError, match="one entry per player"):
        parse_position(replace_token(text, "hands", f"{hands[0]}{hands[1]}"))
    # a card moved from the stock into a hand
    stock = token(text, "stock")
    grown = replace_token(
        replace_token(text, "stock", stock[2:]), "hands", f"{hands[0]}{stock[:2]}/{hands[1]}"
    )
    with pytest.raises(PositionError):
        parse_position(grown)


def test_points_must_match_marriages_and_cards() -> None:
    text = base_text()
    with pytest.raises(PositionError, match="marriage points"):
        parse_position(text + " marriage_points=20/0")
    with pytest.raises(PositionError, match="marriage points"):
        parse_position(text + " declared=H/- marriage_points=60/0")
    with pytest.raises(PositionError, match="first_to_target"):
        parse_position(text + " first_to_target=0")
    # a side whose taken cards reach the target must be named by first_to_target
    text = reached_target_text()
    with pytest.raises(PositionError, match="first_to_target"):
        parse_position(replace_token(text, "first_to_target", None))


def reached_target_text() -> str:
    """A position (before the end) in which a side has reached the target."""
    for seed in range(500):
        g = Game.deal("sixty-six-jaques", seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            if max(g.scores()) >= 66 and g.phase == "lead":
                text = format_position(g)
                assert "first_to_target=" in text
                return text
            g.apply(rng.choice([a for a in g.legal_actions() if str(a) != "claim"]
                               or g.legal_actions()))
    raise AssertionError("no position reached the target")


def test_taken_cards_must_be_whole_tricks() -> None:
    g = random_game("sixty-six", 3, 6)
    text = format_position(g)
    taken = token(text, "taken").split("/")
    assert any(t != "-" for t in taken)
    i = 0 if taken[0] != "-" else 1
    card = taken[i][:2]
    rest = taken[i][2:] or "-"
    taken[i] = rest
    hands = token(text, "hands").split("/")
    hands[i] += card
    bad = replace_token(replace_token(text, "taken", "/".join(taken)), "hands", "/".join(hands))
    with pytest.raises(PositionError, match="whole number of tricks"):
        parse_position(bad)


def test_close_score_cannot_exceed_score() -> None:
    g = random_game("sixty-six", 3, 6)
    text = replace_token(format_position(g), "close", "0:200:n")
    with pytest.raises(PositionError, match="closing"):
        parse_position(text)


@pytest.mark.parametrize(
    "edit, message",
    [
        (lambda d: "{", "bad position JSON"),
        (lambda d: "[]", "expected an object"),
        (lambda d: {**d, "format": "fen"}, "format"),
        (lambda d: {**d, "extra": 1}, "unknown key"),
        (lambda d: {**d, "profile": 3}, "'profile' must be text"),
        (lambda d: {**d, "match": [1]}, "match score"),
        (lambda d: {**d, "fields": []}, "'fields' must be an object"),
        (lambda d: {**d, "fields": {k: v for k, v in d["fields"].items() if k != "hands"}},
         "missing field"),
        (lambda d: {**d, "fields": {**d["fields"], "nonsense": 1}}, "unknown field"),
        (lambda d: {**d, "fields": {**d["fields"], "dealer": "0"}}, "field 'dealer'"),
        (lambda d: {**d, "fields": {**d["fields"], "dealer": True}}, "field 'dealer'"),
        (lambda d: {**d, "fields": {**d["fields"], "trump_card": "ZZ"}}, "trump_card"),
        (lambda d: {**d, "fields": {**d["fields"], "hands": "9C"}}, "expected a list"),
        (lambda d: {**d, "fields": {**d["fields"], "close_opp_had_trick": 0}}, "true or false"),
        (lambda d: {**d, "fields": {**d["fields"], "phase": 1}}, "expected text"),
        (lambda d: {**d, "fields": {**d["fields"], "marriage_suit": -5}}, "suit 0..3 or -1"),
        (lambda d: {**d, "fields": {**d["fields"], "exchange_lost": [0, 5]}}, "0 or 1"),
    ],
)
def test_json_errors(edit: Any, message: str) -> None:
    d = position_to_dict(Game.deal("sixty-six", seed=1))
    with pytest.raises(NotationError, match=re.escape(message)):
        position_from_json(edit(d))


def test_json_position_errors() -> None:
    d = position_to_dict(Game.deal("sixty-six", seed=1))
    with pytest.raises(ProfileError):
        position_from_json({**d, "profile": "sixty-seven"})
    with pytest.raises(ProfileError):
        position_from_json({**d, "overrides": {"target": -1}})
    hands = d["fields"]["hands"]
    with pytest.raises(PositionError, match="more often"):
        position_from_json({**d, "fields": {**d["fields"], "hands": [hands[0], hands[0]]}})
    with pytest.raises(PositionError, match="unknown value"):
        position_from_json({**d, "fields": {**d["fields"], "phase": "play"}})
    # codes are accepted in place of card text
    codes = {**d["fields"], "trump_card": Game.deal("sixty-six", seed=1).fields()["trump_card"]}
    assert position_from_json({**d, "fields": codes}).fields() == Game.deal(
        "sixty-six", seed=1).fields()


# --- garbage ----------------------------------------------------------------------------------
def _only_package_errors(fn: Any, arg: Any) -> Any:
    try:
        return fn(arg)
    except SixtySixError:
        return None


NOTATION_ALPHABET = "0123456789-/:=[], ACDHJKQST987♥♠lead followrsixtyx" + "\t\n"


@FUZZ
@given(st.one_of(st.text(), st.text(alphabet=NOTATION_ALPHABET)))
def test_garbage_text_only_package_errors(text: str) -> None:
    _only_package_errors(parse_position, text)
    _only_package_errors(position_from_json, text)
    _only_package_errors(parse_profile, text)
    _only_package_errors(parse_card_list, text)


@st.composite
def mutated_texts(draw: Any) -> str:
    text = format_position(draw(games()))
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(text)))
        op = draw(st.integers(0, 3))
        piece = draw(st.text(alphabet=NOTATION_ALPHABET, max_size=4))
        if op == 0:
            text = text[:i] + piece + text[i:]
        elif op == 1:
            text = text[:i] + text[i + len(piece) + 1:]
        elif op == 2:
            text = text[:i] + piece + text[i + len(piece):]
        else:
            parts = text.split()
            j = draw(st.integers(0, len(parts) - 1))
            text = " ".join(parts[:j] + parts[j + 1:])
    return text


@FUZZ
@given(mutated_texts())
def test_mutated_text_only_package_errors(text: str) -> None:
    g = _only_package_errors(parse_position, text)
    if g is not None:  # whatever parses writes back canonically and reads back the same
        again = parse_position(format_position(g))
        assert again.fields() == g.fields()
        assert format_position(again) == format_position(g)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner,
                                                                  max_size=4),
    max_leaves=12,
)


@FUZZ
@given(games(), st.data())
def test_mutated_json_only_package_errors(g: Game, data: Any) -> None:
    d = position_to_dict(g)
    where = data.draw(st.sampled_from(["top", "fields", "fields", "fields"]))
    target = d if where == "top" else d["fields"]
    key = data.draw(st.sampled_from(sorted(target)))
    target[key] = data.draw(json_values)
    h = _only_package_errors(position_from_json, d)
    if h is not None:  # whatever JSON is accepted, both forms write and read back exactly
        assert position_from_json(position_to_json(h)).fields() == h.fields()
        assert parse_position(format_position(h)).fields() == h.fields()

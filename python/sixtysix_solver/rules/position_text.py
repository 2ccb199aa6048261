"""Position text on the level of fields: the one-line notation and the JSON form of a position
as the profile, the fields dict of :meth:`Game.fields <sixtysix_solver.rules.game.Game.fields>`
and the match score; card lists and profile headers, which the view notation shares.

This is the rules layer's own notation (a game's ``repr`` and ``Game.from_position`` use it),
so it knows no :class:`Game`; :mod:`sixtysix_solver.notation.position` gives the same forms for
games. The text form is space-separated tokens: the profile (with optional knob overrides in
brackets), then ``key=value`` tokens in a fixed order, leaving out the ones that hold their
default. Card lists are 2-character cards run together (``9HKHAH``), ``-`` for none, one list
per player separated by ``/``. ``docs/notation.md`` describes every token.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

from .cards import SUITS, Card
from ..errors import NotationError, ProfileError
from .profiles import Profile, format_overrides, get_profile

__all__ = [
    "check_writable",
    "fields_from_json",
    "fields_to_dict",
    "format_card_list",
    "format_fields",
    "format_profile",
    "implied_leader",
    "implied_last_trick",
    "parse_card_list",
    "parse_fields",
    "parse_profile",
    "parse_tokens",
    "suits_text",
]

PHASES = ("lead", "follow", "draw", "show", "end", "over")
STEPS = ("start", "exchanged", "closed", "declared")
MAX_NUMBER = 9999  # no number in a position needs more; larger values are rejected

# Canonical order of the key=value tokens (the profile comes first, ``match`` last).
KEYS = (
    "dealer", "turn", "trump", "hands", "trick", "stock", "aside", "taken", "known", "married",
    "declared", "marriage_points", "pending", "bonus", "last_win", "last_trick",
    "first_to_target", "close", "exchanged", "exchange_lost", "step", "carry",
    "points", "returns", "carry_out", "reason", "match",
)
_RESULT_KEYS = ("points", "returns", "carry_out", "reason")

_SUIT_CHARS = "CDHS♣♦♥♠♧♢♡♤"
_SUIT_INDEX = {ch: i % 4 for i, ch in enumerate(_SUIT_CHARS + "cdhs")}
_CARD_RE = re.compile(r"(10|[AKQJT987])([" + _SUIT_CHARS + r"])", re.IGNORECASE)
_INT_RE = re.compile(r"-?[0-9]{1,4}", re.ASCII)
_PROFILE_RE = re.compile(r"([a-z0-9][a-z0-9_-]*)(?:\[(.*)\])?", re.IGNORECASE | re.ASCII)
_KNOB_RE = re.compile(r"([a-z_]+)=(.+)", re.IGNORECASE | re.ASCII)

# Field kinds, for the JSON form.
_CARD_FIELDS_PP = ("hands", "known", "married", "taken")
_CARD_FIELDS = ("stock", "aside", "trick")
_INT_FIELDS = (
    "dealer", "to_act", "leader", "closed_by", "close_opp_score", "exchanged_by", "turn_step",
    "marriage_suit", "last_trick_winner", "first_to_target", "carry", "carry_out",
)
_INT_LIST_FIELDS = (
    "exchange_lost", "marriage_points", "pending", "bonus", "last_win", "points", "returns",
)
_FIELD_ORDER = (
    "dealer", "to_act", "leader", "phase", "hands", "known", "married", "taken", "stock",
    "aside", "trick", "trump_card", "closed_by", "close_opp_score", "close_opp_had_trick",
    "exchanged_by", "exchange_lost", "turn_step", "marriage_suit", "declared",
    "marriage_points", "pending", "bonus", "last_win", "last_trick_winner", "first_to_target",
    "carry", "points", "returns", "carry_out", "reason",
)

POSITION_FORMAT = "sixtysix-position"
POSITION_VERSION = 1


# --- small pieces -----------------------------------------------------------------------------
def _card_text(code: int) -> str:
    return str(Card.from_code(code))


def _sorted_codes(codes: Sequence[int]) -> list[int]:
    """Canonical order: suits C D H S, low to high within a suit."""
    return sorted(codes, key=lambda c: (c >> 3, -(c & 7)))


def format_card_list(codes: Sequence[int], *, keep_order: bool = False) -> str:
    """Card codes as run-together text, ``-`` for none.

    >>> format_card_list([0, 2, 31]), format_card_list([31, 0], keep_order=True)
    ('KCAC7S', '7SAC')
    """
    seq = list(codes) if keep_order else _sorted_codes(codes)
    return "".join(_card_text(c) for c in seq) if seq else "-"


def parse_card_list(text: str, token: str = "cards") -> list[int]:
    """Run-together cards (``10H``, lower case and suit symbols accepted) to codes.

    >>> parse_card_list("9h10♥ks"), parse_card_list("-")
    ([21, 17, 26], [])
    """
    if text == "-":
        return []
    out: list[int] = []
    pos = 0
    while pos < len(text):
        m = _CARD_RE.match(text, pos)
        try:
            card = Card.parse(m.group(0)) if m else None
        except NotationError:  # a look-alike letter that the regex's case folding let in
            card = None
        if m is None or card is None:
            raise NotationError(
                f"bad card at {text[pos:pos + 3]!r} in {token}: expected cards such as 9HKHAH "
                "(rank A T K Q J 9 8 7 or 10, suit C D H S), or - for none"
            )
        out.append(card.code)
        pos = m.end()
    if not out:
        raise NotationError(f"empty card list in {token}: write - for none")
    return out


def _parse_int(text: str, token: str, what: str = "a number") -> int:
    if not _INT_RE.fullmatch(text):
        raise NotationError(f"bad {token}: expected {what}, got {text!r}")
    return int(text)


def _parse_seat(text: str, token: str, allow_none: bool = True) -> int:
    if allow_none and text == "-":
        return -1
    if not re.fullmatch(r"[0-9]{1,2}", text, re.ASCII):
        none = " or - for nobody" if allow_none else ""
        raise NotationError(f"bad {token}: expected a seat number{none}, got {text!r}")
    return int(text)


def _seat_text(value: int) -> str:
    return "-" if value < 0 else str(value)


def _parse_suits(text: str, token: str) -> list[int]:
    """``HS`` (suit letters, repeated by count) to counts per suit."""
    counts = [0, 0, 0, 0]
    if text == "-":
        return counts
    for ch in text:
        i = _SUIT_INDEX.get(ch, -1)
        if i < 0:
            raise NotationError(f"bad {token}: expected suit letters C D H S or -, got {text!r}")
        counts[i] += 1
    return counts


def suits_text(counts: Sequence[int]) -> str:
    s = "".join(SUITS[i] * max(0, k) for i, k in enumerate(counts))
    return s or "-"


def _bool_text(value: bool) -> str:
    return "y" if value else "n"


# --- the profile token ------------------------------------------------------------------------
def format_profile(profile: Profile) -> str:
    """The profile token: its name and the overridden knobs in brackets.

    >>> format_profile(get_profile("sixty-six", target=100, open_strict=True))
    'sixty-six[open_strict=true,target=100]'
    """
    if not profile.overrides:
        return profile.name
    return f"{profile.name}[{format_overrides(profile)}]"


def _parse_knob(base: Profile, knob: str, text: str) -> Any:
    knobs = base.knobs()
    if knob not in knobs:
        raise ProfileError(f"unknown knob {knob!r} in the profile token; known: {', '.join(knobs)}")
    default = knobs[knob]
    if isinstance(default, bool):
        t = text.lower()
        if t not in ("true", "false"):
            raise NotationError(f"bad override {knob}={text}: expected true or false")
        return t == "true"
    if isinstance(default, int):
        return _parse_int(text, f"override {knob}={text}")
    if isinstance(default, tuple):
        parts = text.split(":")
        if len(parts) != 2:
            raise NotationError(f"bad override {knob}={text}: expected two numbers such as 20:40")
        return tuple(_parse_int(p, f"override {knob}={text}") for p in parts)
    return text


def parse_profile(text: str) -> Profile:
    """The profile token back to a :class:`Profile`.

    >>> parse_profile("sixty-six[marriage_points=30:60]").marriage_points
    (30, 60)
    """
    m = _PROFILE_RE.fullmatch(text)
    if not m:
        raise NotationError(
            f"bad profile token {text!r}: expected a profile name such as sixty-six, "
            "optionally with overrides like sixty-six[target=100]"
        )
    base = get_profile(m.group(1))
    overrides: dict[str, Any] = {}
    if m.group(2):
        for item in m.group(2).split(","):
            km = _KNOB_RE.fullmatch(item)
            if not km:
                raise NotationError(f"bad override {item!r} in {text!r}: expected knob=value")
            knob = km.group(1).lower()
            if knob in overrides:
                raise NotationError(f"bad profile token {text!r}: {knob} is given twice")
            overrides[knob] = _parse_knob(base, knob, km.group(2))
    return base.with_overrides(**overrides)


def check_writable(profile: Profile) -> None:
    try:
        again = get_profile(profile.name, **dict(profile.overrides))
    except ProfileError:
        again = None
    if again != profile:
        raise NotationError(
            f"profile {profile.name!r} cannot be written: it is not a named profile with "
            "overrides (use get_profile(name, **knobs))"
        )


def _check_match(match: Any, sides: int) -> tuple[int, ...]:
    if (
        not isinstance(match, (tuple, list)) or len(match) != sides
        or not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= MAX_NUMBER
                   for v in match)
    ):
        raise NotationError(
            f"bad match score {match!r}: expected {sides} game point totals (one per side)"
        )
    return tuple(match)


# --- derived defaults (shared by format and parse) ---------------------------------------------
def implied_last_trick(last_win: Sequence[int], taken: Sequence[Sequence[int]], n: int) -> int:
    """The player whose latest trick is the latest one, if exactly one; else -1."""
    total = sum(len(t) for t in taken) // n
    hits = [p for p, w in enumerate(last_win) if total > 0 and w == total]
    return hits[0] if len(hits) == 1 else -1


def implied_leader(phase: str, to_act: int, last_trick: int, dealer: int, n: int) -> int:
    """The leader when the trick is empty and no ``trick=`` token says otherwise."""
    if to_act >= 0:
        return (to_act + 2) % n if phase == "show" else to_act
    if last_trick >= 0:
        return last_trick
    return (dealer + 1) % n


# --- format -----------------------------------------------------------------------------------
def format_fields(profile: Profile, f: dict[str, Any], match: Sequence[int] | None = None) -> str:
    """The one-line notation of the position with these fields (``match``: the match score per
    side, or ``None``)."""
    check_writable(profile)
    n = profile.players
    toks: dict[str, str] = {}

    def cards_pp(key: str) -> str:
        return "/".join(format_card_list(h) for h in f[key])

    def ints_pp(key: str) -> str:
        return "/".join(str(v) for v in f[key])

    toks["dealer"] = str(f["dealer"])
    toks["turn"] = f"{_seat_text(f['to_act'])}:{f['phase']}"
    toks["trump"] = _card_text(f["trump_card"])
    toks["hands"] = cards_pp("hands")
    implied_last = implied_last_trick(f["last_win"], f["taken"], n)
    implied_lead = implied_leader(
        f["phase"], f["to_act"], f["last_trick_winner"], f["dealer"], n
    )
    if f["trick"] or f["leader"] != implied_lead:
        toks["trick"] = f"{f['leader']}:{format_card_list(f['trick'], keep_order=True)}"
    if profile.stock_size > 0 or f["stock"]:
        toks["stock"] = format_card_list(f["stock"], keep_order=True)
    if profile.aside > 0 or f["aside"]:
        toks["aside"] = format_card_list(f["aside"])
    for key in ("taken", "known", "married"):
        if any(f[key]):
            toks[key] = cards_pp(key)
    if any(any(d) for d in f["declared"]):
        toks["declared"] = "/".join(suits_text(d) for d in f["declared"])
    for key in ("marriage_points", "pending", "bonus", "last_win"):
        if any(f[key]):
            toks[key] = ints_pp(key)
    if f["last_trick_winner"] != implied_last:
        toks["last_trick"] = _seat_text(f["last_trick_winner"])
    if f["first_to_target"] != -1:
        toks["first_to_target"] = _seat_text(f["first_to_target"])
    if f["closed_by"] != -1 or f["close_opp_score"] or f["close_opp_had_trick"]:
        toks["close"] = (
            f"{_seat_text(f['closed_by'])}:{f['close_opp_score']}:"
            f"{_bool_text(f['close_opp_had_trick'])}"
        )
    if f["exchanged_by"] != -1:
        toks["exchanged"] = _seat_text(f["exchanged_by"])
    if any(f["exchange_lost"]):
        toks["exchange_lost"] = ints_pp("exchange_lost")
    if f["turn_step"] or f["marriage_suit"] != -1:
        step = STEPS[f["turn_step"]] if 0 <= f["turn_step"] < len(STEPS) else str(f["turn_step"])
        suit = f":{SUITS[f['marriage_suit']]}" if 0 <= f["marriage_suit"] < 4 else ""
        toks["step"] = step + suit
    if f["carry"]:
        toks["carry"] = str(f["carry"])
    if f["phase"] == "over":
        toks["points"] = ints_pp("points")
        toks["returns"] = ints_pp("returns")
        if f["carry_out"]:
            toks["carry_out"] = str(f["carry_out"])
        toks["reason"] = f["reason"]
    if match is not None:
        toks["match"] = "/".join(str(v) for v in _check_match(match, profile.sides))
    return " ".join([format_profile(profile)] + [f"{k}={toks[k]}" for k in KEYS if k in toks])


# --- parse ------------------------------------------------------------------------------------
def parse_tokens(
    profile: Profile, parts: Sequence[str], keys: Sequence[str], required: Sequence[str],
) -> dict[str, str]:
    """The ``key=value`` tokens of a position's or a view's notation (after the profile name)
    by lower-case key: every key one of ``keys``, none twice, every one of ``required`` given,
    and ``stock=`` and ``aside=`` where ``profile`` has a stock or a dead hand."""
    toks: dict[str, str] = {}
    for part in parts:
        key, eq, value = part.partition("=")
        if not eq or not value:
            raise NotationError(f"bad token {part!r}: expected key=value")
        key = key.lower()
        if key not in keys:
            raise NotationError(f"unknown token {part!r}; known keys: {' '.join(keys)}")
        if key in toks:
            raise NotationError(f"token {key}= is given twice")
        toks[key] = value
    for key in required:
        if key not in toks:
            raise NotationError(f"missing token {key}=")
    if profile.stock_size > 0 and "stock" not in toks:
        raise NotationError("missing token stock=: this profile has a stock")
    if profile.aside > 0 and "aside" not in toks:
        raise NotationError("missing token aside=: this profile has a dead hand")
    return toks


def parse_fields(text: str) -> tuple[Profile, dict[str, Any], tuple[int, ...] | None]:
    """The profile, fields and match score (or ``None``) written in ``text``. Raises
    :class:`NotationError` for text that cannot be read; the fields are checked by the core
    when a position is built from them."""
    if not isinstance(text, str):
        raise NotationError(f"a position must be text, got {type(text).__name__}")
    parts = text.split()
    if not parts:
        raise NotationError("empty position: expected a profile name and key=value tokens")
    profile = parse_profile(parts[0])
    toks = parse_tokens(profile, parts[1:], KEYS, ("dealer", "turn", "trump", "hands"))
    n = profile.players

    def cards_pp(key: str) -> list[list[int]]:
        if key not in toks:
            return [[] for _ in range(n)]
        return [parse_card_list(t, f"{key}=") for t in toks[key].split("/")]

    def ints_pp(key: str, default: int = 0) -> list[int]:
        if key not in toks:
            return [default] * n
        return [_parse_int(t, f"{key}=") for t in toks[key].split("/")]

    f: dict[str, Any] = {}
    f["dealer"] = _parse_seat(toks["dealer"], "dealer=", allow_none=False)
    to_act_text, colon, phase = toks["turn"].partition(":")
    phase = phase.lower()
    if not colon or phase not in PHASES:
        raise NotationError(
            f"bad turn={toks['turn']}: expected seat:phase, phase one of {' '.join(PHASES)}"
        )
    f["to_act"] = _parse_seat(to_act_text, "turn=")
    f["phase"] = phase
    f["hands"] = cards_pp("hands")
    f["known"] = cards_pp("known")
    f["married"] = cards_pp("married")
    f["taken"] = cards_pp("taken")
    f["stock"] = parse_card_list(toks["stock"], "stock=") if "stock" in toks else []
    f["aside"] = parse_card_list(toks["aside"], "aside=") if "aside" in toks else []
    trump = parse_card_list(toks["trump"], "trump=")
    if len(trump) != 1:
        raise NotationError(f"bad trump={toks['trump']}: expected one card")
    f["trump_card"] = trump[0]

    if "close" in toks:
        parts = toks["close"].split(":")
        if len(parts) != 3 or parts[2].lower() not in ("y", "n"):
            raise NotationError(
                f"bad close={toks['close']}: expected closer:opponent score:y|n, e.g. close=0:26:y"
            )
        f["closed_by"] = _parse_seat(parts[0], "close=")
        f["close_opp_score"] = _parse_int(parts[1], "close=")
        f["close_opp_had_trick"] = parts[2].lower() == "y"
    else:
        f["closed_by"], f["close_opp_score"], f["close_opp_had_trick"] = -1, 0, False
    f["exchanged_by"] = _parse_seat(toks["exchanged"], "exchanged=") if "exchanged" in toks else -1
    f["exchange_lost"] = ints_pp("exchange_lost")
    if any(v not in (0, 1) for v in f["exchange_lost"]):
        raise NotationError(
            f"bad exchange_lost={toks['exchange_lost']}: expected 0 or 1 per player"
        )

    f["turn_step"], f["marriage_suit"] = 0, -1
    if "step" in toks:
        word, colon, suit = toks["step"].partition(":")
        word = word.lower()
        if word not in STEPS:
            raise NotationError(
                f"bad step={toks['step']}: expected {' | '.join(STEPS)}, optionally :suit"
            )
        f["turn_step"] = STEPS.index(word)
        if colon:
            counts = _parse_suits(suit, "step=")
            if sum(counts) != 1:
                raise NotationError(f"bad step={toks['step']}: expected one suit after the colon")
            f["marriage_suit"] = counts.index(1)
    if "declared" in toks:
        f["declared"] = [_parse_suits(t, "declared=") for t in toks["declared"].split("/")]
    else:
        f["declared"] = [[0, 0, 0, 0] for _ in range(n)]
    for key in ("marriage_points", "pending", "bonus", "last_win"):
        f[key] = ints_pp(key)

    if "last_trick" in toks:
        f["last_trick_winner"] = _parse_seat(toks["last_trick"], "last_trick=")
    else:
        f["last_trick_winner"] = implied_last_trick(f["last_win"], f["taken"], n)
    f["first_to_target"] = (
        _parse_seat(toks["first_to_target"], "first_to_target=") if "first_to_target" in toks
        else -1
    )
    if "trick" in toks:
        lead_text, colon, trick_text = toks["trick"].partition(":")
        if not colon:
            raise NotationError(f"bad trick={toks['trick']}: expected leader:cards, e.g. 1:KH")
        f["leader"] = _parse_seat(lead_text, "trick=", allow_none=False)
        f["trick"] = parse_card_list(trick_text, "trick=")
    else:
        f["leader"] = implied_leader(
            phase, f["to_act"], f["last_trick_winner"], f["dealer"], n
        )
        f["trick"] = []
    f["carry"] = _parse_int(toks["carry"], "carry=") if "carry" in toks else 0

    if phase == "over":
        for key in ("points", "returns", "reason"):
            if key not in toks:
                raise NotationError(f"missing token {key}=: the hand is over")
        f["points"] = [_parse_int(t, "points=") for t in toks["points"].split("/")]
        f["returns"] = [_parse_int(t, "returns=") for t in toks["returns"].split("/")]
        f["carry_out"] = _parse_int(toks["carry_out"], "carry_out=") if "carry_out" in toks else 0
        f["reason"] = toks["reason"].lower()
    else:
        given = [k for k in _RESULT_KEYS if k in toks]
        if given:
            raise NotationError(f"token {given[0]}= is only for a finished hand (turn=-:over)")
        f["points"], f["returns"], f["carry_out"], f["reason"] = [], [], 0, "none"

    match: tuple[int, ...] | None = None
    if "match" in toks:
        match = tuple(_parse_int(t, "match=") for t in toks["match"].split("/"))
        match = _check_match(match, profile.sides)
    return profile, f, match


# --- JSON -------------------------------------------------------------------------------------
def _json_knob(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def fields_to_dict(profile: Profile, f: dict[str, Any],
                   match: Sequence[int] | None = None) -> dict[str, Any]:
    """The position as a JSON-ready dict: the profile, its overrides, every field with cards
    written as text, and the match score (or ``None``)."""
    check_writable(profile)
    fields: dict[str, Any] = {}
    for key in _FIELD_ORDER:
        v = f[key]
        if key in _CARD_FIELDS_PP:
            v = [[_card_text(c) for c in h] for h in v]
        elif key in _CARD_FIELDS:
            v = [_card_text(c) for c in v]
        elif key == "trump_card":
            v = _card_text(v)
        elif key == "declared":
            v = [list(d) for d in v]
        elif isinstance(v, list):
            v = list(v)
        fields[key] = v
    return {
        "format": POSITION_FORMAT,
        "version": POSITION_VERSION,
        "profile": profile.name,
        "overrides": {k: _json_knob(v) for k, v in profile.overrides},
        "match": None if match is None else list(_check_match(match, profile.sides)),
        "fields": fields,
    }


def _loads(text: str, what: str) -> Any:
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as e:
        raise NotationError(f"bad {what} JSON: {e}") from None


def _json_int(v: Any, where: str) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or not -MAX_NUMBER <= v <= MAX_NUMBER:
        raise NotationError(f"bad {where}: expected an integer, got {v!r}")
    return v


def _json_list(v: Any, where: str) -> list[Any]:
    if not isinstance(v, list):
        raise NotationError(f"bad {where}: expected a list, got {v!r}")
    return v


def _json_card(v: Any, where: str) -> int:
    if isinstance(v, str):
        cards = parse_card_list(v, where) if v != "-" else []
        if len(cards) == 1:
            return cards[0]
    elif isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 32:
        return v
    raise NotationError(f"bad card {v!r} in {where}: expected text such as KH (or a code 0..31)")


def _json_fields(d: Any) -> dict[str, Any]:
    if not isinstance(d, dict):
        raise NotationError("bad position JSON: 'fields' must be an object")
    unknown = sorted(set(d) - set(_FIELD_ORDER))
    if unknown:
        raise NotationError(f"bad position JSON: unknown field(s) {', '.join(map(str, unknown))}")
    missing = [k for k in _FIELD_ORDER if k not in d]
    if missing:
        raise NotationError(f"bad position JSON: missing field(s) {', '.join(missing)}")
    f: dict[str, Any] = {}
    for key in _FIELD_ORDER:
        v, where = d[key], f"field {key!r}"
        if key in _CARD_FIELDS_PP:
            f[key] = [[_json_card(c, where) for c in _json_list(h, where)]
                      for h in _json_list(v, where)]
        elif key in _CARD_FIELDS:
            f[key] = [_json_card(c, where) for c in _json_list(v, where)]
        elif key == "trump_card":
            f[key] = _json_card(v, where)
        elif key in _INT_FIELDS:
            f[key] = _json_int(v, where)
            if key == "marriage_suit" and not -1 <= v <= 3:
                raise NotationError(f"bad {where}: expected a suit 0..3 or -1, got {v!r}")
        elif key in _INT_LIST_FIELDS:
            f[key] = [_json_int(x, where) for x in _json_list(v, where)]
            if key == "exchange_lost" and any(x not in (0, 1) for x in f[key]):
                raise NotationError(f"bad {where}: expected 0 or 1 per player, got {v!r}")
        elif key == "declared":
            f[key] = [[_json_int(x, where) for x in _json_list(p, where)]
                      for p in _json_list(v, where)]
        elif key == "close_opp_had_trick":
            if not isinstance(v, bool):
                raise NotationError(f"bad {where}: expected true or false, got {v!r}")
            f[key] = v
        else:  # phase, reason
            if not isinstance(v, str):
                raise NotationError(f"bad {where}: expected text, got {v!r}")
            f[key] = v
    return f


def fields_from_json(
    data: str | dict[str, Any],
) -> tuple[Profile, dict[str, Any], tuple[int, ...] | None]:
    """The profile, fields and match score of position JSON (text or the decoded dict)."""
    d = _loads(data, "position") if isinstance(data, str) else data
    if not isinstance(d, dict):
        raise NotationError("bad position JSON: expected an object")
    if d.get("format") != POSITION_FORMAT or d.get("version") != POSITION_VERSION:
        raise NotationError(
            f"bad position JSON: expected format {POSITION_FORMAT!r} version {POSITION_VERSION}"
        )
    extra = sorted(set(d) - {"format", "version", "profile", "overrides", "match", "fields"})
    if extra:
        raise NotationError(f"bad position JSON: unknown key(s) {', '.join(map(str, extra))}")
    name, overrides = d.get("profile"), d.get("overrides", {})
    if not isinstance(name, str) or not isinstance(overrides, dict):
        raise NotationError("bad position JSON: 'profile' must be text, 'overrides' an object")
    base = get_profile(name)
    knobs = base.knobs()
    ov: dict[str, Any] = {}
    for k, v in overrides.items():
        if k in knobs and isinstance(knobs[k], tuple) and isinstance(v, list):
            v = tuple(v)
        ov[str(k)] = v
    profile = base.with_overrides(**ov)
    match = d.get("match")
    match_t = None if match is None else _check_match(match, profile.sides)
    return profile, _json_fields(d.get("fields")), match_t

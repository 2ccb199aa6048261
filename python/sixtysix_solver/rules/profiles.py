"""Rule profiles: every named game is one setting of the knobs in :class:`Profile`.

>>> p = get_profile("schnapsen")
>>> p.low_rank, p.hand_size, p.exchange_rank
('J', 5, 'J')
>>> get_profile("sixty-six", match_target=11).match_target
11
>>> get_profile("sixty-six", target=0)
Traceback (most recent call last):
...
sixtysix_solver.errors.ProfileError: target must be between 1 and 250, got 0
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from collections.abc import Sequence
from typing import Any, Literal

from .. import _core
from ..errors import ProfileError

LowRank = Literal["9", "J", "7"]
ExchangeRank = Literal["none", "9", "J", "7"]
Head = Literal["none", "always", "vs_opponent"]
Timing = Literal["lead", "turn"]
Marriages = Literal["none", "open", "any"]
BeforeTrick = Literal["pending", "zero", "forbidden"]
Close = Literal["none", "lead", "lead_or_before_draw"]
Claim = Literal["none", "lead_after_trick_or_marriage", "lead", "turn"]
FalseClaim = Literal["opp2or3", "opp2", "mirror", "pay1each"]
CloseStakes = Literal["claim", "closing"]
CloseFail = Literal["opp2or3_at_close", "opp2"]
NaturalEnd = Literal[
    "claim_or_draw", "last_trick", "first_to_target", "higher_total", "side_total", "dead_hand"
]

# The knob vocabulary is the core's (cpp/rules.hpp declares it once): the names of each named
# knob's values, in the core's order, and the numeric knobs' bounds. The Literal types above
# repeat the names for the type checker; tests/test_knob_vocabulary.py keeps them equal.
_VOCABULARY: dict[str, tuple[str, ...]] = _core.knob_vocabulary()
_BOUNDS: dict[str, tuple[int, int]] = _core.knob_ranges()
_COUNTS = ("players", "copies")  # few values: checked as a choice among them
_RANGES: dict[str, tuple[int, int]] = {
    k: v for k, v in _BOUNDS.items() if k not in _COUNTS and k != "marriage_points"
}
_BOOLS = (
    "open_strict", "must_trump", "must_overtrump", "exchange_needs_trick",
    "exchange_lost_if_skipped", "marriage_by_partner",
)
_RANKS_FROM = {"9": 6, "J": 5, "7": 8}  # ranks per suit for each lowest rank


@dataclass(frozen=True)
class Profile:
    """One complete setting of the rule knobs (see ``docs/rules-model.md``)."""

    name: str
    description: str
    seeds: str
    players: int = 2
    low_rank: LowRank = "9"
    copies: int = 1
    hand_size: int = 6
    aside: int = 0
    open_strict: bool = False
    must_head: Head = "always"
    must_trump: bool = True
    must_overtrump: bool = False
    exchange_rank: ExchangeRank = "9"
    exchange_timing: Timing = "lead"
    exchange_needs_trick: bool = True
    exchange_lost_if_skipped: bool = False
    exchange_min_stock: int = 2
    marriages: Marriages = "open"
    marriage_before_trick: BeforeTrick = "pending"
    marriage_by_partner: bool = False
    marriage_points: tuple[int, int] = (20, 40)
    close: Close = "lead_or_before_draw"
    close_min_stock: int = 2
    last_trick_bonus: int = 10
    claim: Claim = "lead_after_trick_or_marriage"
    false_claim: FalseClaim = "opp2or3"
    close_stakes: CloseStakes = "claim"
    close_fail: CloseFail = "opp2or3_at_close"
    natural_end: NaturalEnd = "claim_or_draw"
    draw_carry: int = 1
    target: int = 66
    schneider: int = 33
    match_target: int = 7
    overrides: tuple[tuple[str, Any], ...] = field(default=(), compare=False)

    def __post_init__(self) -> None:
        _validate(self)

    @property
    def ranks_per_suit(self) -> int:
        """How many ranks each suit has in the deck (6, 5 or 8): ranks ``0..n-1`` of A T K Q J 9 8 7."""
        return _RANKS_FROM[self.low_rank]

    @property
    def deck_size(self) -> int:
        return 4 * self.ranks_per_suit * self.copies

    def exchange_card(self, trump_suit: int) -> int | None:
        """The code of the card that may be exchanged for the face-up trump card (the low trump,
        ``exchange_rank`` of ``trump_suit``), or ``None`` where there is no exchange.

        >>> get_profile("sixty-six").exchange_card(2), get_profile("schnapsen").exchange_card(2)
        (21, 20)
        """
        if self.exchange_rank == "none":
            return None
        return trump_suit * 8 + "ATKQJ987".index(self.exchange_rank)

    @property
    def stock_size(self) -> int:
        return self.deck_size - self.players * self.hand_size - self.aside

    @property
    def sides(self) -> int:
        return 2 if self.players == 4 else self.players

    def side(self, seat: int) -> int:
        """The side of a seat: partners sit opposite with four players, else each is alone.

        >>> get_profile("four-hand").side(3), get_profile("three-hand").side(2)
        (1, 2)
        """
        return seat % 2 if self.players == 4 else seat

    def match_winner(self, score: Sequence[int]) -> int | None:
        """The side that has won a match at this score (one number per side): alone on top, at
        ``match_target`` or beyond; ``None``: play on. With two sides only one scores in a
        hand, so the first to the target is alone on top; with three players two may reach it
        together, and then the match goes on until one leads.

        >>> p = get_profile("three-hand")
        >>> p.match_winner([7, 3, 2]), p.match_winner([7, 7, 2]), p.match_winner([6, 0, 0])
        (0, None, None)
        """
        if len(score) != self.sides:
            raise ProfileError(f"a {self.name} match score has {self.sides} numbers, "
                                f"got {len(score)}")
        top = max(score)
        if top < self.match_target or list(score).count(top) > 1:
            return None
        return list(score).index(top)

    def knobs(self) -> dict[str, Any]:
        """Every rule knob with its value (no name, description or seeds)."""
        out = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
        for key in ("name", "description", "seeds", "overrides"):
            out.pop(key)
        return out

    def with_overrides(self, **overrides: Any) -> Profile:
        """A copy with some knobs changed; the result is validated as a whole."""
        bad = sorted(set(overrides) - set(self.knobs()))
        if bad:
            raise ProfileError(f"unknown knob(s) {', '.join(bad)} for profile {self.name!r}")
        if not overrides:
            return self
        merged = dict(self.overrides)
        merged.update(overrides)
        return dataclasses.replace(self, overrides=tuple(sorted(merged.items())), **overrides)

    def __repr__(self) -> str:
        args = "".join(f", {k}={v!r}" for k, v in self.overrides)
        return f"get_profile({self.name!r}{args})"


# Every knob with a fixed set of values, in the order of the profile's fields.
_CHOICES: dict[str, tuple[Any, ...]] = {
    f.name: _VOCABULARY[f.name] if f.name in _VOCABULARY
    else tuple(range(_BOUNDS[f.name][0], _BOUNDS[f.name][1] + 1))
    for f in dataclasses.fields(Profile)
    if f.name in _VOCABULARY or f.name in _COUNTS
}


def _validate(p: Profile) -> None:
    for name, choices in _CHOICES.items():
        value = getattr(p, name)
        if not any(type(value) is type(c) and value == c for c in choices):
            raise ProfileError(f"{name} must be one of {list(choices)}, got {value!r}")
    for name, (lo, hi) in _RANGES.items():
        value = getattr(p, name)
        if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
            raise ProfileError(f"{name} must be between {lo} and {hi}, got {value!r}")
    for name in _BOOLS:
        if not isinstance(getattr(p, name), bool):
            raise ProfileError(f"{name} must be true or false, got {getattr(p, name)!r}")
    mp = p.marriage_points
    lo, hi = _BOUNDS["marriage_points"]
    if (
        not isinstance(mp, tuple) or len(mp) != 2
        or not all(type(v) is int and lo <= v <= hi for v in mp)
    ):
        raise ProfileError(f"marriage_points must be two numbers from {lo} to {hi}, got {mp!r}")
    if p.stock_size < 0:
        raise ProfileError(
            f"hand_size {p.hand_size} is too large: {p.players} hands of {p.hand_size} and "
            f"{p.aside} aside need more than the {p.deck_size} cards of the deck"
        )
    has_stock = p.stock_size > 0
    if has_stock and p.players != 2:
        raise ProfileError("a stock is only supported with two players: deal every card")
    if has_stock and p.stock_size % 2:
        raise ProfileError(f"the stock must hold an even number of cards, got {p.stock_size}")
    if p.aside and p.players != 3:
        raise ProfileError("a dead hand (aside) is only used by the three-hand game")
    if p.copies == 2 and p.players != 2:
        raise ProfileError("copies=2 (the double deck) is only supported with two players")
    if not has_stock and p.close != "none":
        raise ProfileError("closing needs a stock: set close='none'")
    if not has_stock and p.exchange_rank != "none":
        raise ProfileError("the exchange needs a stock: set exchange_rank='none'")
    if p.exchange_rank not in ("none",) and _RANKS_FROM[p.low_rank] < _RANKS_FROM.get(
        p.exchange_rank, 0
    ):
        raise ProfileError(
            f"exchange_rank {p.exchange_rank} is not in a deck down to {p.low_rank}"
        )
    if p.marriage_by_partner and p.players != 4:
        raise ProfileError("marriage_by_partner needs partners (four players)")
    if p.natural_end == "side_total" and p.players != 4:
        raise ProfileError("natural_end side_total is the four-hand partnership rule")
    if p.natural_end == "dead_hand" and p.players != 3:
        raise ProfileError("natural_end dead_hand is the three-hand rule")
    if p.false_claim == "pay1each" and p.players != 3:
        raise ProfileError("false_claim pay1each is the three-hand rule")
    if p.players == 3 and (p.false_claim != "pay1each" or p.natural_end != "dead_hand"):
        raise ProfileError("three players need false_claim='pay1each' and natural_end='dead_hand'")
    if p.claim == "none" and p.natural_end not in ("side_total",):
        raise ProfileError("without claims the hand must be scored by side_total")



PROFILES: dict[str, Profile] = {
    p.name: p
    for p in (
        Profile(
            name="sixty-six",
            description="Classic two-hand Sixty-Six, 24 cards, close before or after drawing",
            seeds="002, 004",
        ),
        Profile(
            name="sixty-six-jaques",
            description="Sixty-Six as Jaques of London print it: no heading, marriages any time",
            seeds="000",
            must_head="none",
            exchange_timing="turn",
            exchange_needs_trick=False,
            exchange_lost_if_skipped=True,
            marriages="any",
            marriage_before_trick="zero",
            close="lead",
            last_trick_bonus=0,
            claim="lead",
            false_claim="opp2",
            close_fail="opp2",
            natural_end="first_to_target",
            draw_carry=0,
        ),
        Profile(
            name="schnapsen",
            description="Austrian Schnapsen, 20 cards, hands of 5, jack exchange",
            seeds="004, 000, Austrian rules",
            low_rank="J",
            hand_size=5,
            exchange_rank="J",
            exchange_needs_trick=False,
            marriages="any",
            close="lead",
            last_trick_bonus=0,
            claim="turn",
            false_claim="mirror",
            close_stakes="closing",
            natural_end="last_trick",
            draw_carry=0,
        ),
        Profile(
            name="schnapsen-jaques",
            description="Schnapsen with strict play from the first trick (Jaques)",
            seeds="000",
            low_rank="J",
            hand_size=5,
            open_strict=True,
            exchange_rank="J",
            exchange_needs_trick=False,
            marriages="any",
            close="lead",
            last_trick_bonus=0,
            claim="turn",
            false_claim="mirror",
            close_stakes="closing",
            natural_end="last_trick",
            draw_carry=0,
        ),
        Profile(
            name="mariage",
            description="Mariage teaching profile, 32 cards, hands of 6, seven exchange",
            seeds="003",
            low_rank="7",
            exchange_rank="7",
            marriage_before_trick="forbidden",
            close="lead",
            false_claim="opp2",
            close_stakes="closing",
            natural_end="higher_total",
            draw_carry=0,
        ),
        Profile(
            name="mariage-piquet",
            description="Mariage with hands of 8 and strict play throughout, no exchange",
            seeds="000",
            low_rank="7",
            hand_size=8,
            open_strict=True,
            exchange_rank="none",
            marriages="any",
            close="lead",
            claim="turn",
            natural_end="higher_total",
            draw_carry=0,
        ),
        Profile(
            name="four-hand",
            description="Four-hand partnership Sixty-Six, 32 cards all dealt, no marriages",
            seeds="001",
            players=4,
            low_rank="7",
            hand_size=8,
            must_overtrump=True,
            exchange_rank="none",
            marriages="none",
            close="none",
            claim="none",
            natural_end="side_total",
        ),
        Profile(
            name="four-hand-24",
            description="Four-hand partnership game with 24 cards, marriages and claims",
            seeds="001",
            players=4,
            exchange_rank="none",
            marriages="any",
            marriage_by_partner=True,
            close="none",
            claim="turn",
        ),
        Profile(
            name="three-hand",
            description="Three players alone, hands of 7, three cards to a dead hand",
            seeds="000",
            players=3,
            hand_size=7,
            aside=3,
            exchange_rank="none",
            marriages="any",
            close="none",
            last_trick_bonus=0,
            claim="turn",
            false_claim="pay1each",
            natural_end="dead_hand",
            draw_carry=0,
        ),
        Profile(
            name="double-deck",
            description="Sixty-Six with two 24-card decks shuffled together (48 cards)",
            seeds="000",
            copies=2,
            claim="turn",
        ),
    )
}

DEFAULT_PROFILE = "sixty-six"


def get_profile(name: str | Profile = DEFAULT_PROFILE, **overrides: Any) -> Profile:
    """Look a profile up by name (case-insensitive; ``_`` and spaces count as ``-``)."""
    if isinstance(name, Profile):
        return name.with_overrides(**overrides)
    key = str(name).strip().lower().replace("_", "-").replace(" ", "-")
    try:
        base = PROFILES[key]
    except KeyError:
        raise ProfileError(
            f"unknown profile {name!r}; known profiles: {', '.join(PROFILES)}"
        ) from None
    return base.with_overrides(**overrides)


def profile_names() -> list[str]:
    return list(PROFILES)


def parse_overrides(text: str) -> dict[str, Any]:
    """``"target=100,match_target=11"`` to a dict of knob values typed like the knobs.

    >>> parse_overrides("target=100, open_strict=yes, marriage_points=20:40")
    {'target': 100, 'open_strict': True, 'marriage_points': (20, 40)}
    """
    defaults = PROFILES[DEFAULT_PROFILE].knobs()
    out: dict[str, Any] = {}
    for item in filter(None, (s.strip() for s in text.split(","))):
        key, sep, raw = item.partition("=")
        key, raw = key.strip(), raw.strip()
        if not sep or key not in defaults:
            raise ProfileError(f"bad override {item!r}: expected knob=value with a known knob")
        kind = defaults[key]
        try:
            if isinstance(kind, bool):
                if raw.lower() not in ("true", "false", "yes", "no", "1", "0"):
                    raise ValueError
                out[key] = raw.lower() in ("true", "yes", "1")
            elif isinstance(kind, int):
                out[key] = int(raw)
            elif isinstance(kind, tuple):
                a, b = raw.split(":")
                out[key] = (int(a), int(b))
            else:
                out[key] = raw
        except ValueError:
            raise ProfileError(f"bad override {item!r}: {raw!r} is not a valid {key}") from None
    return out


def format_overrides(profile: Profile) -> str:
    """The overrides of a profile in the form :func:`parse_overrides` reads."""

    def fmt(v: Any) -> str:
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, tuple):
            return ":".join(str(x) for x in v)
        return str(v)

    return ",".join(f"{k}={fmt(v)}" for k, v in profile.overrides)

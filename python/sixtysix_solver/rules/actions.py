"""Actions: playing a card, the start-of-turn actions, claims. Each has one canonical text.

>>> Action.parse("10h"), Action.parse("40 s"), Action.parse("X")
(Action.parse('TH'), Action.parse('marry-S'), Action.parse('exchange'))
>>> str(Action.parse("marry hearts"))
Traceback (most recent call last):
...
sixtysix_solver.errors.NotationError: bad action 'marry hearts': expected a card (KH), exchange, close, marry-H, show-H, claim, pass or draw
>>> Action.parse("claim").code, Action.from_code(2 * 64)
(320, Action.parse('close'))
"""

from __future__ import annotations

import re
from enum import IntEnum
from typing import NamedTuple

from .cards import SUITS, Card, parse_suit
from ..errors import NotationError


class Kind(IntEnum):
    PLAY = 0
    EXCHANGE = 1
    CLOSE = 2
    MARRY = 3
    SHOW = 4
    CLAIM = 5
    PASS = 6
    DRAW = 7


_WORDS = {
    "exchange": Kind.EXCHANGE, "x": Kind.EXCHANGE, "swap": Kind.EXCHANGE,
    "close": Kind.CLOSE, "c": Kind.CLOSE,
    "claim": Kind.CLAIM, "66": Kind.CLAIM,
    "pass": Kind.PASS, "p": Kind.PASS,
    "draw": Kind.DRAW, "d": Kind.DRAW,
}
_DECLARE = re.compile(r"^(marry|marriage|m|20|40|show)[\s\-:]*(.)$")
_BAD = "expected a card (KH), exchange, close, marry-H, show-H, claim, pass or draw"


class Action(NamedTuple):
    """An action: ``kind`` and, for plays, the card's code, for declarations the suit."""

    kind: Kind
    arg: int = 0

    @classmethod
    def from_code(cls, code: int) -> Action:
        if not isinstance(code, int) or not 0 <= code < 512:
            raise NotationError(f"bad action code {code!r}")
        kind, arg = Kind(code >> 6), code & 63
        if (kind == Kind.PLAY and arg >= 32) or (kind in (Kind.MARRY, Kind.SHOW) and arg >= 4):
            raise NotationError(f"bad action code {code!r}")
        if kind not in (Kind.PLAY, Kind.MARRY, Kind.SHOW) and arg:
            raise NotationError(f"bad action code {code!r}")
        return cls(kind, arg)

    @classmethod
    def play(cls, card: Card | str) -> Action:
        c = Card.parse(card) if isinstance(card, str) else card
        return cls(Kind.PLAY, c.code)

    @classmethod
    def parse(cls, text: str) -> Action:
        t = " ".join(text.strip().lower().split())
        if t in _WORDS:
            return cls(_WORDS[t])
        m = _DECLARE.match(t)
        if m:
            try:
                suit = parse_suit(m.group(2))
            except NotationError:
                raise NotationError(f"bad action {text!r}: {_BAD}") from None
            return cls(Kind.SHOW if m.group(1) == "show" else Kind.MARRY, suit)
        try:
            return cls.play(Card.parse(t))
        except NotationError:
            raise NotationError(f"bad action {text!r}: {_BAD}") from None

    @property
    def code(self) -> int:
        return int(self.kind) * 64 + self.arg

    @property
    def card(self) -> Card | None:
        return Card.from_code(self.arg) if self.kind == Kind.PLAY else None

    def __str__(self) -> str:
        if self.kind == Kind.PLAY:
            return str(Card.from_code(self.arg))
        if self.kind in (Kind.MARRY, Kind.SHOW):
            return f"{self.kind.name.lower()}-{SUITS[self.arg]}"
        return self.kind.name.lower()

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

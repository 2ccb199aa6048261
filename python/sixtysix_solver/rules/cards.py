"""Cards: a rank and a suit, parsed from and formatted to short text.

Ranks are ``A T K Q J 9 8 7`` (high to low), suits ``C D H S``. A card's *code* is
``suit * 8 + rank`` with rank 0 for the ace; the compiled core only speaks codes.

>>> Card.parse("10h")
Card.parse('TH')
>>> str(Card.parse("K♠")), Card.parse("QD").points, Card.parse("AS").code
('KS', 3, 24)
>>> format_cards(parse_cards("AH 9C th"))
'9C TH AH'
>>> Card.parse("1H")
Traceback (most recent call last):
...
sixtysix_solver.errors.NotationError: bad card '1H': expected a rank (A T K Q J 9 8 7, or 10) and a suit (C D H S)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..errors import NotationError

RANKS = "ATKQJ987"
SUITS = "CDHS"
POINTS = (11, 10, 4, 3, 2, 0, 0, 0)
_SUIT_SYMBOLS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S", "♧": "C", "♢": "D", "♡": "H", "♤": "S"}


class Card(int):
    """A card: ``rank`` 0..7 (ace..seven), ``suit`` 0..3 (clubs, diamonds, hearts, spades).

    A card *is* its code (an ``int`` subclass, ``suit * 8 + rank``): the one card type of every
    public object (games, views, results), which the code that computes with codes takes as it
    is. It prints as its text, compares and hashes as its code, and JSON takes it as text
    through ``str``.

    >>> c = Card(2, 3)
    >>> c, str(c), int(c), c.rank, c.suit, c == 26, Card.from_code(26) is c
    (Card.parse('KS'), 'KS', 26, 2, 3, True, True)
    """

    __slots__ = ()

    def __new__(cls, rank: int, suit: int) -> Card:
        if not (isinstance(rank, int) and isinstance(suit, int) and 0 <= rank < 8
                and 0 <= suit < 4):
            raise NotationError(f"bad card rank {rank!r} and suit {suit!r}: expected 0..7, 0..3")
        if cls is Card and _TABLE:
            return _TABLE[suit * 8 + rank]
        return super().__new__(cls, suit * 8 + rank)

    @classmethod
    def from_code(cls, code: int) -> Card:
        if not isinstance(code, int) or isinstance(code, bool) or not 0 <= code < 32:
            raise NotationError(f"bad card code {code!r}: expected 0..31")
        return _TABLE[code]

    @classmethod
    def parse(cls, text: str) -> Card:
        t = text.strip().upper()
        if t[:2] == "10":
            t = "T" + t[2:]
        if len(t) == 2 and t[1] in _SUIT_SYMBOLS:
            t = t[0] + _SUIT_SYMBOLS[t[1]]
        if len(t) != 2 or t[0] not in RANKS or t[1] not in SUITS:
            raise NotationError(
                f"bad card {text!r}: expected a rank (A T K Q J 9 8 7, or 10) and a suit (C D H S)"
            )
        return cls(RANKS.index(t[0]), SUITS.index(t[1]))

    @property
    def rank(self) -> int:
        return int(self) & 7

    @property
    def suit(self) -> int:
        return int(self) >> 3

    @property
    def code(self) -> int:
        return int(self)

    @property
    def points(self) -> int:
        return POINTS[int(self) & 7]

    def __str__(self) -> str:
        return RANKS[self.rank] + SUITS[self.suit]

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Card.from_code, (int(self),))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Card:
        return self


# One instance per code: building a card is a table look-up.
_TABLE: list[Card] = []
_TABLE.extend([Card(code & 7, code >> 3) for code in range(32)])


def card_tuple(values: Iterable[int]) -> tuple[Card, ...]:
    """Codes (or cards) as a tuple of cards, in the same order."""
    return tuple(_TABLE[v] for v in values)


def parse_suit(text: str) -> int:
    """A suit letter or symbol to its number: ``parse_suit('h') == 2``."""
    t = text.strip().upper()
    t = _SUIT_SYMBOLS.get(t, t)
    if len(t) != 1 or t not in SUITS:
        raise NotationError(f"bad suit {text!r}: expected one of C D H S")
    return SUITS.index(t)


def parse_cards(text: str) -> list[Card]:
    """Cards separated by spaces or commas; ``-`` or an empty text is no card."""
    items = text.replace(",", " ").split()
    if items == ["-"]:
        return []
    return [Card.parse(t) for t in items]


def sort_key(card: Card) -> tuple[int, int]:
    """Suit order C D H S, low to high within a suit."""
    return (card.suit, -card.rank)


def format_cards(cards: Iterable[Card], *, keep_order: bool = False) -> str:
    """Cards as text, sorted by suit and rank unless ``keep_order``; ``-`` for none."""
    seq = list(cards) if keep_order else sorted(cards, key=sort_key)
    return " ".join(str(c) for c in seq) if seq else "-"


def beats(a: int, b: int, trump_suit: int) -> bool:
    """Whether card code ``a``, played after ``b`` in a trick, beats it: a higher card of the
    same suit, or a trump on a card of another suit. (Identical cards: the first played wins.)

    This is the trick rule of the compiled core (``beats`` in ``cpp/state.hpp``), kept here for
    the Python that reasons about tricks; tests/test_cards_beats.py holds the two equal.

    >>> ah, th, nc, ns = (Card.parse(t).code for t in ("AH", "TH", "9C", "9S"))
    >>> beats(ah, th, 0), beats(th, ah, 0), beats(nc, ah, 0), beats(ns, ah, 0)
    (True, False, True, False)
    """
    if a >> 3 == b >> 3:
        return a & 7 < b & 7
    return a >> 3 == trump_suit


def codes(cards: Iterable[Card]) -> list[int]:
    return [c.code for c in cards]


def from_codes(values: Iterable[int]) -> list[Card]:
    return [Card.from_code(v) for v in values]

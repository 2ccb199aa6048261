"""The facts that play reveals about the hands a seat cannot see.

A :class:`Lack` says that a player holds at most so many cards of a set (most often none: a
void, no trump, no card above some rank); a :class:`Holds` says that a player holds every card
of at least one option (a king-queen pair in four-hand-24). :func:`revealed_by_play` is the
table of what one strict-phase play reveals; :func:`normalize_lacks` and
:func:`normalize_holds` give a set of facts its canonical form. :class:`View
<sixtysix_solver.knowledge.view.View>` carries these facts, and ``docs/views.md`` (*Revealed facts*)
describes the rules behind them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..rules.cards import RANKS, SUITS, Card, beats
from ..errors import SixtySixError
from ..rules.position_text import format_card_list
from ..rules.profiles import Profile, get_profile  # noqa: F401 (get_profile: the doctests)

__all__ = [
    "FULL",
    "could_exchange",
    "lacked_codes",
    "Holds",
    "Lack",
    "Masks",
    "normalize_holds",
    "normalize_lacks",
    "ranks_in_deck",
    "revealed_by_play",
    "top_mask",
]


def ranks_in_deck(profile: Profile) -> int:
    """How many ranks each suit has in the profile's deck (6, 5 or 8)."""
    return profile.ranks_per_suit


def suit_of(code: int) -> int:
    return code >> 3


def rank_of(code: int) -> int:
    return code & 7


Masks = tuple[int, int, int, int]
FULL = 0xFF  # a suit mask that covers the whole suit, whatever the deck


def top_mask(count: int) -> int:
    """The rank mask of the top ``count`` ranks of a suit (ace first); 8 or more: whole suit."""
    return FULL if count >= 8 else (1 << max(0, count)) - 1


@dataclass(frozen=True)
class Lack:
    """A fact about one player's current hand: it holds at most ``at_most`` cards of a set.

    The set is a rank mask per suit C D H S (``masks[s]`` bit ``r`` set: rank ``r`` of suit
    ``s``, rank 0 the ace; :data:`FULL` is the whole suit). ``at_most=0`` is the usual case, cards
    the player cannot hold: a void (did not follow suit), no trump (did not trump when obliged),
    no card of a suit above some rank (did not beat when obliged). A positive ``at_most`` arises
    where strict play comes before the last draw (``open_strict`` profiles: a void covers the
    hand of that moment, and the player may have drawn cards of the suit since) and, in
    four-hand-24, from a partner who could not show a marriage (at most one of a king and
    queen).

    >>> lack = Lack(1, (0, 0, FULL, top_mask(3)))
    >>> str(lack), lack.holds(Card.parse("KS").code), lack.holds(Card.parse("QS").code)
    ('HS>Q', True, False)
    >>> str(Lack.of_cards(2, [Card.parse("KD").code, Card.parse("QD").code], 1))
    'QDKD:1'
    """

    player: int
    masks: Masks
    at_most: int = 0

    @classmethod
    def of_cards(cls, player: int, codes: Iterable[int], at_most: int = 0) -> Lack:
        """The fact about a set of cards given by their codes."""
        m = [0, 0, 0, 0]
        for c in codes:
            m[suit_of(c)] |= 1 << rank_of(c)
        return cls(player, (m[0], m[1], m[2], m[3]), at_most)

    def holds(self, code: int) -> bool:
        """Whether the card with this code is in the set."""
        return bool(self.masks[suit_of(code)] >> rank_of(code) & 1)

    def cards(self, profile: Profile) -> list[Card]:
        """The cards of the set in the profile's deck (once each), in code order."""
        r = ranks_in_deck(profile)
        return [Card(k, s) for s in range(4) for k in range(r) if self.masks[s] >> k & 1]

    def count_in(self, cards: Iterable[int]) -> int:
        """How many of ``cards`` (with repeats) are in the set."""
        return sum(1 for c in cards if self.holds(c))

    def __str__(self) -> str:
        parts = []
        for s, m in enumerate(self.masks):
            if m == FULL:
                parts.append(SUITS[s])
            elif m and m & (m + 1) == 0:  # the top ranks of the suit
                parts.append(f"{SUITS[s]}>{RANKS[m.bit_length()]}")
            elif m:
                parts.append("".join(RANKS[r] + SUITS[s] for r in range(7, -1, -1) if m >> r & 1))
        text = "".join(parts) or "-"
        return f"{text}:{self.at_most}" if self.at_most else text


@dataclass(frozen=True)
class Holds:
    """A fact about one player's current hand: it holds every card of at least one option.

    It comes from four-hand-24, where a partner who is offered to show a marriage (the engine's
    ``show`` phase exists only when the partner has one) and passes reveals a king-queen pair;
    cards of the pair that the player has played since are left out of the option.

    >>> str(Holds(2, ((10, 11), (18, 19))))
    'QDKD|QHKH'
    """

    player: int
    options: tuple[tuple[int, ...], ...]

    def satisfied_by(self, hand: Iterable[int]) -> bool:
        have = Counter(hand)
        return any(not (Counter(opt) - have) for opt in self.options)

    def __str__(self) -> str:
        return "|".join(format_card_list(opt) for opt in self.options)


def revealed_by_play(
    profile: Profile, trump_suit: int, trick: Sequence[tuple[int, int]], player: int, card: int,
) -> Masks:
    """What a strict-phase play shows about the player's hand at that moment.

    ``trick`` is the cards already in the trick as ``(player, code)`` in play order (not
    empty); ``card`` is the card ``player`` played to it. The answer is a rank mask per suit of
    the cards the player cannot have held (0: nothing revealed), following the engine's rules:
    follow suit; with ``must_head`` beat the best card of the led suit when the trick is not
    trumped (or trumps were led); void in the led suit, trump with ``must_trump``, overtrump with
    ``must_overtrump`` (``vs_opponent`` relaxes heading and overtrumping while the partner wins).

    >>> p = get_profile("sixty-six")
    >>> revealed_by_play(p, 2, [(0, Card.parse("TC").code)], 1, Card.parse("KC").code)
    (1, 0, 0, 0)
    >>> revealed_by_play(p, 2, [(0, Card.parse("TC").code)], 1, Card.parse("AS").code)
    (255, 0, 255, 0)
    """
    if not trick:
        raise SixtySixError("a lead reveals nothing: the trick must hold a card")
    side = profile.side

    best = 0
    for i in range(1, len(trick)):
        if beats(trick[i][1], trick[best][1], trump_suit):
            best = i
    opponent_winning = side(trick[best][0]) != side(player)
    led = suit_of(trick[0][1])
    out = [0, 0, 0, 0]
    if suit_of(card) == led:
        head = profile.must_head == "always" or (
            profile.must_head == "vs_opponent" and opponent_winning
        )
        trumped = any(suit_of(c) == trump_suit for _, c in trick)
        if head and (not trumped or led == trump_suit):
            best_led = min(rank_of(c) for _, c in trick if suit_of(c) == led)
            if rank_of(card) >= best_led:  # did not beat: no card of the suit above the best
                out[led] = top_mask(best_led)
        return (out[0], out[1], out[2], out[3])
    out[led] = FULL  # did not follow: void in the led suit
    if profile.must_trump:
        if suit_of(card) != trump_suit:
            out[trump_suit] = FULL  # did not trump: no trump at all
        else:
            relaxed = profile.must_head == "vs_opponent" and not opponent_winning
            trumps = [rank_of(c) for _, c in trick if suit_of(c) == trump_suit]
            if profile.must_overtrump and trumps and not relaxed:
                top = min(trumps)
                if rank_of(card) >= top:  # did not overtrump: no trump above the best one
                    out[trump_suit] |= top_mask(top)
    return (out[0], out[1], out[2], out[3])


def union_masks(a: Sequence[int], b: Sequence[int]) -> Masks:
    return (a[0] | b[0], a[1] | b[1], a[2] | b[2], a[3] | b[3])


def _subset(a: Sequence[int], b: Sequence[int]) -> bool:
    return all(x & ~y == 0 for x, y in zip(a, b))


def normal_masks(masks: Sequence[int], r: int) -> Masks:
    deck = (1 << r) - 1
    m = [FULL if x & deck == deck else x & deck for x in masks]
    return (m[0], m[1], m[2], m[3])


def normalize_lacks(
    lacks: Iterable[Lack], profile: Profile, hand_sizes: Sequence[int],
) -> tuple[Lack, ...]:
    """The canonical form of a set of facts: masks cut to the deck (a whole suit written as
    :data:`FULL`); the facts with ``at_most=0`` merged into one per player; facts that another
    implies dropped (a smaller set with a budget at least as large, a budget as large as the
    hand, a set inside the excluded cards); sorted by player, then budget, then text."""
    r = ranks_in_deck(profile)
    per: dict[int, list[Lack]] = {}
    for lk in lacks:
        m = normal_masks(lk.masks, r)
        if any(m):
            per.setdefault(lk.player, []).append(Lack(lk.player, m, lk.at_most))
    out: list[Lack] = []
    for p in sorted(per):
        zero: Masks = (0, 0, 0, 0)
        for lk in per[p]:
            if lk.at_most == 0:
                zero = union_masks(zero, lk.masks)
        size = hand_sizes[p] if 0 <= p < len(hand_sizes) else 0
        pos = sorted({lk for lk in per[p] if lk.at_most > 0}, key=lambda x: (x.at_most, str(x)))
        kept: list[Lack] = []
        for i, lk in enumerate(pos):
            if lk.at_most >= size or _subset(lk.masks, zero):
                continue
            if any(
                j != i and _subset(lk.masks, o.masks) and o.at_most <= lk.at_most
                and (o.masks != lk.masks or j < i)
                for j, o in enumerate(pos)
            ):
                continue
            kept.append(lk)
        out.extend(([Lack(p, zero, 0)] if any(zero) else []) + kept)
    return tuple(out)


def normalize_holds(holds: Iterable[Holds]) -> tuple[Holds, ...]:
    """Options sorted and deduplicated, facts sorted by player and text, repeats dropped."""
    out = {
        Holds(h.player, tuple(sorted({tuple(sorted(o)) for o in h.options})))
        for h in holds if h.options
    }
    return tuple(sorted(out, key=lambda h: (h.player, h.options)))


def could_exchange(prof: Profile, f: dict[str, Any], p: int) -> bool:
    """Whether ``p`` could exchange now if it held the low trump (the engine's conditions
    except holding it): the chance that ``exchange_lost_if_skipped`` punishes skipping."""
    if prof.exchange_rank == "none" or f["turn_step"] != 0 or f["closed_by"] >= 0:
        return False
    stock = f["stock"]
    if not stock or len(stock) < prof.exchange_min_stock:
        return False
    if f["phase"] == "follow":
        if prof.exchange_timing != "turn":
            return False
    elif f["phase"] != "lead":
        return False
    if f["exchange_lost"][p]:
        return False
    if stock[-1] == prof.exchange_card(stock[-1] >> 3):
        return False
    mates = [q for q in range(prof.players) if prof.side(q) == prof.side(p)]
    return not prof.exchange_needs_trick or any(f["taken"][q] for q in mates)


def lacked_codes(masks: Masks) -> frozenset[int]:
    """The card codes of a rank mask per suit (as :func:`revealed_by_play` gives them)."""
    return frozenset(s * 8 + r for s in range(4) for r in range(8) if masks[s] >> r & 1)

"""The pasts of a world: which cards another player held at each of its decisions.

A world fixes the hidden cards *now*. To ask how likely another player's earlier choices were,
we need what it held *then*: every card it ever held is in its hand now, was played, or was
given up in an exchange, and each came from a *slot*: the deal, or one of its draws from the
stock. (Cards that came face up, the trump card taken by an exchange or the face-up card drawn
last, have a known arrival.) A card the player showed, played or gave up at action ``t`` must
have arrived before ``t``: its *deadline*; a card never seen may come from any slot.

Sorting the cards by deadline and letting each take one of the free slots open before its
deadline, uniformly, gives every complete assignment the same probability, so the pasts are
sampled uniformly among the deals that fit the history and the world; their number is the
product of ``slots open before deadline_i - i`` (divided by the orders of the dealt hand, which
is a set). Few enough of them are enumerated instead. With no stock the past follows from the
world alone. :mod:`sixtysix_solver.advice.past_weights` weighs worlds by them.

With two decks the two copies of a card are told apart by deadline; a past in which swapping
them gives another valid past of the same deal counts 1/2, so that deals, not labelings, are
averaged.

>>> from sixtysix_solver.rules.game import Game
>>> from sixtysix_solver.knowledge.history import History
>>> g = Game.deal("schnapsen", seed=3)
>>> for a in ["JD", "KD", "KS", "AD", "JC", "KC"]:
...     g.apply(a)
>>> h = History.from_game(g, 1)
>>> space = PastSpace(h, 0)          # seat 0 was dealt 5 cards and drew 2 since
>>> hand = g.hand(0)                  # one world: the real hand
>>> space.count([c.code for c in hand])
125
"""

from __future__ import annotations

import bisect
import math
import random
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from ..rules.game import Game
from ..knowledge.history import History, HistoryError

__all__ = ["Past", "PastSpace", "drawn_order", "past_game"]


@dataclass(frozen=True)
class Past:
    """One past of one player: ``dealt`` (sorted codes) and ``drawn[j]``, the card of its
    ``j``-th hidden draw; ``share`` is 1, or 1/2 for a two-deck labeling that counts half."""

    dealt: tuple[int, ...]
    drawn: tuple[int, ...]
    share: float = 1.0


class PastSpace:
    """The slots, fixed arrivals and deadlines of one player in one history (world-independent),
    and the pasts of one current hand."""

    def __init__(self, history: History, player: int) -> None:
        self.history = history
        self.player = player
        prof = history.profile
        self.end = len(history.actions)
        self.dealt = prof.hand_size
        self.draw_times = [d.after + 1 for d in history.draws
                           if d.player == player and d.card is None]
        # Arrival time of every slot, in slot order: the dealt ones, then the draws.
        self.slots = [0] * self.dealt + self.draw_times
        self.fixed = [c for _, c in history.arrived[player]]
        self.gone = [c for _, c in history.gone[player]]
        # Per card: (time, cards of it that must have come from slots by then), from what was
        # shown, used or given up (world-independent); the running maximum makes it monotone.
        gone_before: Counter[int] = Counter()
        gone_at = sorted(history.gone[player])
        fixed_at = sorted(history.arrived[player])
        need: dict[int, list[tuple[int, int]]] = {}
        gi = 0
        for t, cards in history.held[player]:
            while gi < len(gone_at) and gone_at[gi][0] < t:
                gone_before[gone_at[gi][1]] += 1
                gi += 1
            have = Counter(cards)
            for c, k in have.items():
                came = sum(1 for ft, fc in fixed_at if fc == c and ft <= t)
                need.setdefault(c, []).append((t, gone_before[c] + k - came))
        self.need: dict[int, list[tuple[int, int]]] = {}
        for c, events in need.items():
            run, out = 0, []
            for t, k in sorted(events):
                if k > run:
                    run = k
                    out.append((t, run))
            self.need[c] = out
        self.decisions = [d for d in history.decisions if d.player == player]
        low = prof.exchange_card(int(history.start_fields["trump_card"]) >> 3)
        self.low = -1 if low is None else low
        self.lose_exchange = prof.exchange_lost_if_skipped
        self._moments: list[tuple[int, tuple[int, ...], tuple[int, ...]]] | None = None
        # Did a card leave the hand and come back (given up in an exchange, drawn back face up)?
        self._returned = bool(set(self.fixed) & set(self.gone))

    def instances(self, hand: Sequence[int]) -> list[tuple[int, int]]:
        """The cards to place in slots as (deadline, card), by deadline; raises
        :class:`HistoryError` when ``hand`` cannot be this player's hand after the history."""
        ever = Counter(hand) + Counter(self.gone)
        fixed = Counter(self.fixed)
        if fixed - ever:
            raise HistoryError("a world's hand lacks a card that came to the player face up")
        slotted = ever - fixed
        if sum(slotted.values()) != len(self.slots):
            raise HistoryError("a world's hand does not fit the player's deal and draws")
        out: list[tuple[int, int]] = []
        for c, k in slotted.items():
            ds: list[int] = []
            for t, run in self.need.get(c, []):
                ds.extend([t] * (run - len(ds)))
            if len(ds) > k:
                raise HistoryError("a world's hand lacks a card the player showed")
            out.extend((d, c) for d in ds)
            out.extend((self.end, c) for _ in range(k - len(ds)))
        out.sort()
        return out

    def open_slots(self, deadline: int) -> int:
        """How many slots (the dealt ones, then the draws) had come by action ``deadline``."""
        return bisect.bisect_right(self.slots, deadline)

    def count(self, hand: Sequence[int]) -> int:
        """The number of pasts (deals of this player's cards to its slots) of ``hand``."""
        return self.count_of(self.instances(hand))

    def count_of(self, inst: Sequence[tuple[int, int]]) -> int:
        """The number of pasts of a hand's :meth:`instances`."""
        n = 1
        for i, (d, _) in enumerate(inst):
            n *= max(0, self.open_slots(d) - i)
        return n // math.factorial(self.dealt) if n else 0

    def pasts(self, hand: Sequence[int]) -> Iterator[Past]:
        """Every past of ``hand`` once (two-deck labelings that count half say so)."""
        inst = self.instances(hand)
        ndraw = len(self.draw_times)
        drawn: list[int] = [-1] * ndraw
        dealt: list[int] = []

        def rec(i: int) -> Iterator[Past]:
            if i == len(inst):
                yield self._past(dealt, drawn, inst)
                return
            d, c = inst[i]
            if len(dealt) < self.dealt:
                dealt.append(c)
                yield from rec(i + 1)
                dealt.pop()
            for j in range(self.open_slots(d) - self.dealt):
                if drawn[j] < 0:
                    drawn[j] = c
                    yield from rec(i + 1)
                    drawn[j] = -1

        return rec(0)

    def sample(self, hand: Sequence[int], rng: random.Random) -> Past:
        """One past of ``hand``, uniformly (as a labeled assignment; see :class:`Past`)."""
        inst = self.instances(hand)
        taken = [False] * len(self.slots)
        place = [-1] * len(self.slots)
        for i, (d, c) in enumerate(inst):
            free = [s for s in range(self.open_slots(d)) if not taken[s]]
            s = free[rng.randrange(len(free))]
            taken[s] = True
            place[s] = c
        return self._past(place[:self.dealt], place[self.dealt:], inst)

    def _past(self, dealt: Sequence[int], drawn: Sequence[int], inst: Sequence[tuple[int, int]]) -> Past:
        share = 1.0
        if self.history.profile.copies > 1:
            for c in set(drawn):
                deadlines = [d for d, x in inst if x == c]
                if len(deadlines) < 2:
                    continue
                times = sorted([0] * dealt.count(c)
                               + [t for t, x in zip(self.draw_times, drawn) if x == c])
                # the copies in different slots, and swapping them also meets the deadlines
                if times[1] > 0 and times[1] <= deadlines[0]:
                    share /= 2
        return Past(tuple(sorted(dealt)), tuple(drawn), share)

    def hands(self, past: Past) -> list[tuple[int, ...]]:
        """The player's hand at each of its decisions in this past."""
        out = []
        for drawn_by, fixed, gone in self.decision_moments():
            # Cards are unique and none came back: plain set arithmetic. A card given up in
            # an exchange and then drawn face up last has left and come back: it is counted.
            if self.history.profile.copies == 1 and not self._returned:
                held = [*past.dealt, *past.drawn[:drawn_by], *fixed]
                out.append(tuple(sorted(c for c in held if c not in gone)))
                continue
            have = Counter(past.dealt)
            have.update(past.drawn[:drawn_by])
            have.update(fixed)
            have.subtract(gone)
            out.append(tuple(sorted(have.elements())))
        return out

    def decision_moments(self) -> list[tuple[int, tuple[int, ...], tuple[int, ...]]]:
        """Per decision: how many of the player's draws had come, the face-up cards that had
        come, and the cards gone from its hand before it."""
        if self._moments is not None:
            return self._moments
        fixed_at = self.history.arrived[self.player]
        gone_at = self.history.gone[self.player]
        out = []
        for d in self.decisions:
            t = d.index
            out.append((
                bisect.bisect_right(self.draw_times, t),
                tuple(c for at, c in fixed_at if at <= t),
                tuple(c for at, c in gone_at if at < t),
            ))
        self._moments = out
        return out


def drawn_order(history: History, pasts: dict[int, Past]) -> list[int]:
    """The cards drawn face down so far, top of the stock first: those the seat saw, and the
    others' hidden draws as ``pasts`` (per other player) place them."""
    top: list[int] = []
    draw_no = {p: 0 for p in pasts}
    for d in history.draws:
        if d.face_up:
            continue
        if d.card is not None:
            top.append(int(d.card))
        else:
            top.append(pasts[d.player].drawn[draw_no[d.player]])
            draw_no[d.player] += 1
    return top


def past_game(history: History, hands: Sequence[Sequence[int]], stock: Sequence[int],
              aside: Sequence[int], pasts: dict[int, Past]) -> Game:
    """The complete deal of one past (``pasts`` per other player) of the world with these
    hands, stock and dead hand, as a fresh :class:`Game` (the history's actions not applied)."""
    prof = history.profile
    n = prof.players
    f = dict(history.start_fields)
    start_hands = [list(history.start_hand) if p == history.seat else [] for p in range(n)]
    for p, past in pasts.items():
        start_hands[p] = list(past.dealt)
    start_stock: list[int] = []
    if prof.stock_size:
        start_stock = drawn_order(history, pasts) + list(stock[:-1]) + [int(f["trump_card"])]
    f["hands"] = start_hands
    f["stock"] = start_stock
    f["aside"] = list(aside)
    return Game.from_fields(prof, f)

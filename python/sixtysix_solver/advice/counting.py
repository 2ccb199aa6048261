"""Card counting for the club player (:mod:`sixtysix_solver.advice.expert`): from one seat's
view, the cards that are still out, which of them an opponent may hold (the strict-phase
facts rule some out), the top cards and the sure tricks.

>>> from sixtysix_solver import Game, View
>>> c = Count(View.from_game(Game.deal("schnapsen", seed=3)))
>>> c.trump, len(c.hand), sum(c.out.values())
(2, 5, 15)
>>> c.all_known
False
"""

from __future__ import annotations

from collections import Counter

from ..knowledge.view import View
from ..rules.cards import POINTS, beats

__all__ = ["ACE", "JACK", "KING", "QUEEN", "TEN", "Count", "card_code", "points", "rank", "suit"]

ACE, TEN, KING, QUEEN, JACK = 0, 1, 2, 3, 4  # rank numbers


def card_code(card: object) -> int:
    """A card's code, whether the view holds ints or ``Card`` objects (with ``.code``)."""
    code = getattr(card, "code", card)
    assert isinstance(code, int)
    return code


def suit(code: int) -> int:
    return code >> 3


def rank(code: int) -> int:
    return code & 7


def points(code: int) -> int:
    return POINTS[code & 7]


class Count:
    """What one seat can count from its view.

    ``out`` holds, with multiplicity, every card whose place the seat does not know for sure
    to be its own or its partner's: the other hands, the stock (the face-up card included, as
    someone will draw it) and the dead hand; an opponent's shown cards are in it too.
    """

    def __init__(self, view: View) -> None:
        prof = view.profile
        self.view = view
        self.prof = prof
        self.n = view.players
        self.seat = view.seat
        self.side = view.side(view.seat)
        self.trump = card_code(view.trump_card) >> 3
        self.ranks = prof.ranks_per_suit
        self.hand: Counter[int] = Counter(card_code(c) for c in view.hand)
        self.face_up = None if view.face_up is None else card_code(view.face_up)
        low = prof.exchange_card(self.trump)
        self.exchange_code = None if low is None else card_code(low)
        self.opponents = [p for p in range(self.n) if view.side(p) != self.side]
        self.partner = (self.seat + 2) % 4 if self.n == 4 else None
        played: Counter[int] = Counter(view.trick)
        for t in view.taken:
            played.update(t)
        self.out: Counter[int] = Counter()
        for c in self.deck():
            left = prof.copies - self.hand[c] - played[c]
            if self.partner is not None:
                left -= view.known[self.partner].count(c)
            if left > 0:
                self.out[c] = left
        # A closed stock keeps its face-up card to the end: nobody will hold it.
        self.held: Counter[int] = Counter(self.out)
        if view.closed_by is not None and self.face_up is not None:
            self.held[self.face_up] -= 1
            self.held = +self.held
        self._excluded = {p: view.excluded(p) for p in self.opponents}
        # Two players, no stock, no dead hand: every card out is in the opponent's hand.
        self.all_known = (
            self.n == 2 and view.stock_size == 0 and view.aside_size == 0
            and sum(self.out.values()) == view.hand_sizes[self.opponents[0]]
        )

    def deck(self) -> list[int]:
        return [s * 8 + r for s in range(4) for r in range(self.ranks)]

    # --- who may hold what -------------------------------------------------------------------
    def may_hold(self, player: int, c: int) -> bool:
        """Whether ``player`` (an opponent) may hold ``c``: it is out and the strict-phase
        facts do not exclude it (nor a closed stock's face-up card)."""
        if not self.held[c]:
            return False
        if c in self.view.known[player]:
            return True
        return not (self._excluded[player][suit(c)] >> rank(c) & 1)

    def threat(self, c: int) -> bool:
        """Whether some opponent may hold ``c``."""
        return any(self.may_hold(p, c) for p in self.opponents)

    def higher_out(self, c: int) -> bool:
        """Whether an opponent may hold a card of ``c``'s suit that beats it."""
        s = suit(c)
        return any(self.threat(s * 8 + r) for r in range(rank(c)))

    def suit_out(self, s: int) -> list[int]:
        """The cards of suit ``s`` an opponent may hold (one entry per copy)."""
        return [c for c in range(s * 8, s * 8 + self.ranks) if self.threat(c)
                for _ in range(self.held[c])]

    def trumps_out(self) -> int:
        return len(self.suit_out(self.trump))

    def opp_hand(self) -> list[int]:
        """The opponent's hand, when every card is known (:attr:`all_known`)."""
        return sorted(self.out.elements())

    # --- the seat's own cards ---------------------------------------------------------------
    def mine(self, s: int) -> list[int]:
        """The seat's cards of suit ``s``, highest first."""
        return sorted(c for c in self.hand.elements() if suit(c) == s)

    def top_run(self, s: int) -> list[int]:
        """The seat's cards of suit ``s`` that no card an opponent may hold can beat in suit
        (its top cards down to the first card an opponent may have)."""
        run: list[int] = []
        for r in range(self.ranks):
            c = s * 8 + r
            if self.threat(c):
                break
            run += [c] * self.hand[c]
        return run

    def sure_tricks(self) -> list[int]:
        """Cards that win their trick for sure when the seat leads them one after the other in
        strict play: the top trumps; then, once they draw every trump an opponent may hold,
        the top cards of the side suits (an opponent without trumps must follow or discard)."""
        sure = self.top_run(self.trump)
        if len(sure) >= self.trumps_out():
            for s in range(4):
                if s != self.trump:
                    sure += self.top_run(s)
                    # A suit the opponents are out of: every card of it wins.
                    if not self.suit_out(s):
                        sure += [c for c in self.mine(s) if c not in sure]
        return sure

    def beats(self, c: int, best: int) -> bool:
        return beats(c, best, self.trump)

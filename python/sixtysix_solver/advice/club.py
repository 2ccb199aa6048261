"""The club player's rules: a rule-based choice of action from a seat's view
(``docs/arena.md``). :class:`~sixtysix_solver.agents.heuristic.HeuristicAgent` plays by them,
:class:`~sixtysix_solver.advice.opponents.HeuristicModel` predicts opponents with them and the
engine falls back on them.

>>> from sixtysix_solver import Game, View
>>> from sixtysix_solver.knowledge.legal import legal_actions
>>> v = View.from_game(Game.deal("schnapsen", seed=3))
>>> str(club_choice(v, legal_actions(v)))
'JD'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..knowledge.facts import rank_of, ranks_in_deck, suit_of
from ..knowledge.view import View
from ..rules.actions import Action, Kind
from ..rules.cards import POINTS, beats

__all__ = ["club_choice"]

_CLAIM = Action(Kind.CLAIM)
_CLOSE = Action(Kind.CLOSE)
_EXCHANGE = Action(Kind.EXCHANGE)
_PASS = Action(Kind.PASS)
_DRAW = Action(Kind.DRAW)
_ACE, _TEN, _KING, _QUEEN = 0, 1, 2, 3  # rank numbers


class _Table:
    """What the heuristic derives from a view: trumps, scores, the cards still in play outside
    the seat's hand, marriage pairs."""

    def __init__(self, view: View) -> None:
        prof = view.profile
        self.view = view
        self.prof = prof
        self.trump = view.trump_suit
        self.n = view.players
        self.side = view.side(view.seat)
        self.score = view.scores()[self.side]
        self.ranks = ranks_in_deck(prof)
        self.hand: Counter[int] = Counter(view.hand)
        played: Counter[int] = Counter(view.trick)
        for t in view.taken:
            played.update(t)
        # Cards still in play that the seat does not hold (other hands, stock, dead hand); a
        # partner's shown cards are no threat, so they are left out.
        self.threat: Counter[int] = Counter()
        for s in range(4):
            for r in range(self.ranks):
                c = s * 8 + r
                left = prof.copies - self.hand[c] - played[c]
                if left > 0:
                    self.threat[c] = left
        if self.n == 4:
            self.threat.subtract(Counter(view.known[(view.seat + 2) % 4]))
            self.threat = +self.threat
        married = set(view.married[view.seat])
        self.pairs = {
            s for s in range(4)
            if self.hand[s * 8 + _KING] and self.hand[s * 8 + _QUEEN]
            and s * 8 + _KING not in married and s * 8 + _QUEEN not in married
        } if prof.marriages != "none" else set()
        self.side_has_trick = any(
            view.taken[p] for p in range(self.n) if view.side(p) == self.side
        )

    # --- card facts ---------------------------------------------------------------------------
    def higher_out(self, c: int) -> bool:
        """Can a card still in play elsewhere beat ``c`` in its own suit?"""
        s = suit_of(c)
        return any(self.threat[s * 8 + r] > 0 for r in range(rank_of(c)))

    def trumps_out(self) -> int:
        return sum(self.threat[self.trump * 8 + r] for r in range(self.ranks))

    def marriage_value(self, suit: int) -> int:
        mp = self.prof.marriage_points
        return mp[1] if suit == self.trump else mp[0]

    def keep_value(self, c: int, leading: bool) -> int:
        """How much the seat wants to keep ``c`` (the lowest is led or thrown): its points, plus
        a premium for trumps, for half of a marriage, for the exchange trump while the exchange
        may still come, and (when leading) for a ten whose ace is still out."""
        s, r = suit_of(c), rank_of(c)
        value = POINTS[r]
        if s == self.trump:
            value += 30
        if s in self.pairs and r in (_KING, _QUEEN):
            value += 25
        prof, view = self.prof, self.view
        if (
            c == prof.exchange_card(self.trump)
            and view.stock_size >= prof.exchange_min_stock and view.closed_by is None
            and view.face_up is not None and rank_of(view.face_up) != r
        ):
            value += 10
        if leading and r == _TEN and self.threat[s * 8 + _ACE] > 0:
            value += 20  # a ten led under an ace that is still out is a gift
        return value

    def cheapest(self, cards: Sequence[int], leading: bool = False) -> int:
        return min(cards, key=lambda c: (self.keep_value(c, leading), c))

    # --- decisions --------------------------------------------------------------------------------
    def sure_to_close(self) -> bool:
        """A simple count: the seat's score plus the points of its sure winners (top trumps in
        sequence; side-suit tops once those trumps can draw every trump still out), one of the
        lowest cards captured under each, and marriages it can still declare, reach the
        target."""
        trump = self.trump
        sure = 0
        points = 0

        tops: set[int] = set()

        def run(suit: int) -> tuple[int, int]:
            n = pts = 0
            for r in range(self.ranks):
                c = suit * 8 + r
                if self.threat[c] > 0:
                    break
                if self.hand[c]:
                    tops.add(c)
                n += self.hand[c]
                pts += self.hand[c] * POINTS[r]
            return n, pts

        sure, points = run(trump)
        if sure >= self.trumps_out():
            for s in range(4):
                if s != trump:
                    n, pts = run(s)
                    sure += n
                    points += pts
        if not sure:
            return False
        points += sure * POINTS[self.ranks - 1]
        if self.prof.marriages == "any" and self.side_has_trick:
            # A marriage counts only if the king it must lead is itself a sure winner.
            points += sum(self.marriage_value(s) for s in self.pairs if s * 8 + _KING in tops)
        return self.score + points >= self.prof.target

    def lead(self, cards: Sequence[int]) -> int:
        view = self.view
        if not view.strict:
            return self.cheapest(cards, leading=True)
        # Strict play: draw trumps with a top trump, then cash the side-suit tops.
        trump = self.trump
        if self.trumps_out():
            tops = [c for c in cards if suit_of(c) == trump and not self.higher_out(c)]
            if tops:
                return min(tops)  # the highest: the lowest code
        voids: set[int] = set()
        for p in range(self.n):
            if view.side(p) != self.side:
                voids.update(view.void_suits(p))
        winners = [c for c in cards if suit_of(c) != trump and not self.higher_out(c)]
        if winners:
            return min(winners, key=lambda c: (suit_of(c) in voids, -POINTS[rank_of(c)], c))
        return self.cheapest(cards, leading=True)

    def follow(self, cards: Sequence[int]) -> int:
        view, trump = self.view, self.trump
        trick = list(view.trick)
        best, best_at = trick[0], 0
        for i, c in enumerate(trick[1:], 1):
            if self.beats(c, best):
                best, best_at = c, i
        best_player = (view.leader + best_at) % self.n
        last = len(trick) == self.n - 1
        winners = [c for c in cards if self.beats(c, best)]
        if self.n == 4 and view.side(best_player) == self.side:
            if last:  # the partner takes it: add points, but no trumps
                side_cards = [c for c in cards if suit_of(c) != trump] or list(cards)
                return max(side_cards, key=lambda c: (POINTS[rank_of(c)] - 25 * (
                    suit_of(c) in self.pairs and rank_of(c) in (_KING, _QUEEN)), -c))
            return self.cheapest(cards)
        if not winners:
            return self.cheapest(cards)
        if view.strict:
            # Win as cheaply as possible, in suit before trumping.
            return min(winners, key=lambda c: (suit_of(c) == trump and suit_of(best) != trump,
                                               POINTS[rank_of(c)], -c))
        # Open phase: a trick that reaches the target is always taken.
        in_trick = sum(POINTS[rank_of(c)] for c in trick)
        enough = [c for c in winners
                  if self.score + in_trick + POINTS[rank_of(c)] >= self.prof.target]
        if enough:
            return min(enough, key=lambda c: (suit_of(c) == trump, POINTS[rank_of(c)], c))
        in_suit = [c for c in winners if suit_of(c) == suit_of(best)
                   and not (suit_of(c) in self.pairs and rank_of(c) in (_KING, _QUEEN))]
        tens = [c for c in in_suit if rank_of(c) == _TEN and suit_of(c) != trump]
        if tens:
            return tens[0]  # a ten that wins is banked before an ace can catch it
        if POINTS[rank_of(best)] >= 10:  # an ace or a ten is worth taking
            if in_suit:
                return min(in_suit, key=lambda c: (POINTS[rank_of(c)], c))
            trumps = [c for c in winners if suit_of(c) == trump]
            if trumps:
                return self.cheapest(trumps)
        return self.cheapest(cards)

    def beats(self, c: int, best: int) -> bool:
        """Whether ``c`` beats ``best`` with this hand's trump (rules.cards.beats)."""
        return beats(c, best, self.trump)


def club_choice(view: View, legal: Sequence[Action]) -> Action:
    """The club player's action among ``legal`` for the seat to act of ``view``. Deterministic:

    * claims exactly when its side's score reaches the target (never a false claim);
    * exchanges the low trump whenever allowed;
    * closes when sure: its score plus its sure winners' points (top trumps, and side-suit
      tops once those trumps can draw every trump still out) reach the target;
    * declares the highest marriage (trumps first) when it scores;
    * leads low in the open phase, keeping trumps, marriage pairs and tens behind aces that
      are still out; in strict play draws trumps with top trumps, then cashes side-suit tops;
    * takes a led ace or ten (in suit if it can, else with its cheapest trump), banks a ten
      that wins, takes any trick that reaches the target, throws its least useful card
      otherwise; in strict play wins as cheaply as it can.
    """
    t = _Table(view)
    if _CLAIM in legal and t.score >= view.profile.target:
        return _CLAIM
    options = [a for a in legal if a != _CLAIM] or list(legal)
    if view.phase == "show":
        shows = [a for a in options if a.kind == Kind.SHOW]
        return _best_marriage(t, shows) if shows else options[0]
    if view.phase == "draw":
        if _CLOSE in options and t.sure_to_close():
            return _CLOSE
        return _DRAW if _DRAW in options else options[0]
    if _EXCHANGE in options:
        return _EXCHANGE
    if _CLOSE in options and t.sure_to_close():
        return _CLOSE
    marries = [a for a in options if a.kind == Kind.MARRY]
    scores_now = view.profile.marriage_before_trick != "zero" or t.side_has_trick
    if marries and scores_now:
        return _best_marriage(t, marries)
    plays = [a.arg for a in options if a.kind == Kind.PLAY]
    if not plays:  # e.g. the end phase short of the target
        return _PASS if _PASS in options else options[0]
    card = t.follow(plays) if view.trick else t.lead(plays)
    return Action(Kind.PLAY, card)


def _best_marriage(t: _Table, actions: Sequence[Action]) -> Action:
    return max(actions, key=lambda a: (t.marriage_value(a.arg), -a.arg))

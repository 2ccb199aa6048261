"""The club player: a rule-based choice of action from a seat's view that counts cards
(:mod:`~sixtysix_solver.advice.counting`), closes on a count of sure tricks, weighs taking
against ducking, keeps its trumps and plays a known endgame by exact count
(:mod:`~sixtysix_solver.advice.endgame`). Its rules are listed in ``docs/club-player.md``;
:class:`~sixtysix_solver.agents.heuristic.HeuristicAgent` plays by them (``heuristic``), and
today's simpler rules (:mod:`~sixtysix_solver.advice.club`) remain as ``heuristic:basic``.

>>> from sixtysix_solver import Game, View
>>> from sixtysix_solver.knowledge.legal import legal_actions
>>> v = View.from_game(Game.deal("schnapsen", seed=3))
>>> str(expert_choice(v, legal_actions(v)))
'JD'
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb

from ..knowledge.view import View
from ..rules.actions import Action, Kind
from .counting import KING, QUEEN, Count, points, rank, suit
from .endgame import counted_best

__all__ = ["expert_choice", "Expert"]

_CLAIM = Action(Kind.CLAIM)
_CLOSE = Action(Kind.CLOSE)
_EXCHANGE = Action(Kind.EXCHANGE)
_PASS = Action(Kind.PASS)
_DRAW = Action(Kind.DRAW)
_DECISIVE = 100.0  # a trick that ends the hand outweighs any card's future
_TEN_POINTS = 10  # aces and tens: the cards worth trumping
# The weights of the card values (Expert.keep), tuned in duplicate matches against
# heuristic:basic (docs/club-player.md).
TRUMP_KEEP = 12.0  # a trump wins a trick later: its points and about this much more
TOP_TRUMP_KEEP = 4.0  # ... more when no trump still out beats it
TOP_KEEP = 3.0  # a side card nothing out beats in suit: its points and this much
LOW_SHARE = 0.0  # a side card that can be beaten: this share of its points and a card, lost
MARRIAGE_SHARE = 0.6  # a marriage in hand: this share of its value rides on each half


class Expert:
    """The club player's judgement of one decision (see :func:`expert_choice`)."""

    def __init__(self, view: View) -> None:
        self.view = view
        self.count = c = Count(view)
        self.prof = view.profile
        self.trump = c.trump
        scores = view.scores()
        self.score = scores[c.side]
        self.opp_score = max((scores[view.side(p)] for p in c.opponents), default=0)
        self.has_trick = any(view.taken[p] for p in range(c.n) if view.side(p) == c.side)
        self.my_pending = sum(view.pending[p] for p in range(c.n) if view.side(p) == c.side)
        self.opp_has_trick = {view.side(p): bool(view.taken[p]) for p in c.opponents}
        married = set(view.married[view.seat])
        self.pairs = {
            s for s in range(4)
            if c.hand[s * 8 + KING] and c.hand[s * 8 + QUEEN]
            and s * 8 + KING not in married and s * 8 + QUEEN not in married
        } if self.prof.marriages != "none" else set()
        self.strict = view.strict

    # --- values -----------------------------------------------------------------------------
    def marriage_value(self, s: int) -> int:
        mp = self.prof.marriage_points
        return mp[1] if s == self.trump else mp[0]

    def can_marry_later(self) -> bool:
        """Whether a marriage may still be declared in a later turn of this hand."""
        m = self.prof.marriages
        return m != "none" and (m != "open" or not self.strict)

    def keep(self, x: int) -> float:
        """What holding ``x`` is worth for the rest of the hand beyond this trick: a trump or
        a top card will win a trick later (its points and a captured card); a card that can be
        beaten in suit will more likely be lost (half of its points and a card given); halves
        of marriages and the exchange trump carry a premium."""
        c, s, r, p = self.count, suit(x), rank(x), points(x)
        if s == self.trump:
            value = p + TRUMP_KEEP + (TOP_TRUMP_KEEP if not c.higher_out(x) else 0.0)
        elif not c.higher_out(x):
            value = p + TOP_KEEP
        else:
            value = -LOW_SHARE * (p + 4)
        if r in (KING, QUEEN) and self.can_marry_later():
            other = s * 8 + (QUEEN if r == KING else KING)
            if s in self.pairs:
                value += MARRIAGE_SHARE * self.marriage_value(s)
            elif c.out[other] and not any(other in self.view.known[p] for p in c.opponents):
                value += 0.15 * self.marriage_value(s)
        if x == c.exchange_code and self.exchange_open():
            value += 4.0
        return value

    def exchange_open(self) -> bool:
        v, prof, low, up = self.view, self.prof, self.count.exchange_code, self.count.face_up
        return (low is not None and v.closed_by is None
                and v.stock_size >= max(prof.exchange_min_stock, 1)
                and up is not None and rank(up) != rank(low))

    def reaches(self, gained: int) -> bool:
        """Whether taking a trick worth ``gained`` brings the seat's side to the target."""
        pend = 0 if self.has_trick else self.my_pending
        return self.score + gained + pend >= self.prof.target

    def opp_reaches(self, given: int) -> bool:
        v, c = self.view, self.count
        pend = max((v.pending[p] for p in c.opponents if not v.taken[p]), default=0)
        return self.opp_score + given + pend >= self.prof.target

    # --- closing ----------------------------------------------------------------------------
    def close_count(self) -> int:
        """The points the seat can be sure of after closing: its score, its sure tricks
        (:meth:`Count.sure_tricks`) with the cheapest cards an opponent could give to them, and
        the marriages it can still declare on its leads."""
        c = self.count
        sure = c.sure_tricks()
        if not sure:
            return self.score
        total = self.score + sum(points(x) for x in sure)
        cheap = sorted(points(x) for x in c.out.elements())
        total += sum(cheap[:len(sure)])
        if self.prof.marriages == "any":
            in_run = [s for s in self.pairs if s * 8 + KING in sure]
            rest = [self.marriage_value(s) for s in self.pairs if s not in in_run]
            total += sum(self.marriage_value(s) for s in in_run) + max(rest, default=0)
        if not self.has_trick and self.my_pending and sure:
            total += self.my_pending
        return total

    def should_close(self) -> bool:
        return self.close_count() >= self.prof.target

    # --- leads ------------------------------------------------------------------------------
    def p_holds_any(self, cards: Sequence[int], player: int) -> float:
        """The chance that ``player`` holds at least one of ``cards`` (each unseen card equally
        likely to be anywhere unseen)."""
        v, c = self.view, self.count
        if any(x in v.known[player] for x in cards):
            return 1.0
        # The face-up card lies in the stock: nobody holds it yet.
        up = 0 if c.face_up is None else 1
        hidden = sum(c.out.values()) - sum(len(v.known[p]) for p in c.opponents) - up
        size = v.hand_sizes[player] - len(v.known[player])
        k = sum(1 for x in cards if c.may_hold(player, x) and x != c.face_up)
        if hidden <= 0 or size <= 0 or k == 0:
            return 0.0
        size = min(size, hidden)
        return 1.0 - comb(hidden - k, size) / comb(hidden, size)

    def lead_value(self, x: int) -> float:
        """An open-phase lead's expected trick result for the seat minus the card's future."""
        c, s, p = self.count, suit(x), points(x)
        opp = c.opponents[0]
        higher = [y for y in c.suit_out(s) if rank(y) < rank(x)]
        p_cap = self.p_holds_any(higher, opp) if higher else 0.0
        avg_high = sum(points(y) for y in higher) / len(higher) if higher else 0.0
        taken = -(p + avg_high)
        if s != self.trump and p >= _TEN_POINTS:
            p_trump = self.p_holds_any(c.suit_out(self.trump), opp)
            kept = 0.6 * p_trump * -(p + 2) + (1 - 0.6 * p_trump) * (p + 1)
        else:
            kept = p + 1
        return p_cap * taken + (1 - p_cap) * kept - self.keep(x)

    def lead(self, cards: Sequence[int]) -> int:
        c = self.count
        if self.view.marriage_suit is not None:
            # After a marriage: the king when nothing can take it, else the queen.
            return max(cards, key=lambda x: (rank(x) == KING and self.sure_winner(x),
                                              rank(x) == QUEEN, -x))
        if not self.strict and c.n == 2:
            return max(cards, key=lambda x: (self.lead_value(x), -x))
        return self.strict_lead(cards)

    def strict_lead(self, cards: Sequence[int]) -> int:
        """Strict play (or partners, or three alone): run the sure tricks when they make the
        target; draw trumps with top trumps; cash side-suit tops in suits the opponents still
        follow; else lead the card least worth keeping."""
        c = self.count
        sure = [x for x in c.sure_tricks() if x in cards]
        if sure and self.close_count() >= self.prof.target:
            return sure[0]
        voids: set[int] = set()
        for p in c.opponents:
            voids.update(self.view.void_suits(p))
        trumps_out = c.trumps_out()
        top_trumps = [x for x in c.top_run(self.trump) if x in cards]
        if trumps_out and top_trumps and (self.strict or c.n > 2):
            return top_trumps[0]
        # A side-suit top wins unless an opponent may trump it: out of trumps, or following.
        tops = [x for x in cards if suit(x) != self.trump and not c.higher_out(x)
                and (not trumps_out or (suit(x) not in voids and c.suit_out(suit(x))))]
        if tops:
            return max(tops, key=lambda x: (points(x), -x))
        return min(cards, key=lambda x: (self.keep(x), x))

    # --- follows ----------------------------------------------------------------------------
    def follow(self, cards: Sequence[int]) -> int:
        v, c = self.view, self.count
        trick = list(v.trick)
        best_at = 0
        for i in range(1, len(trick)):
            if c.beats(trick[i], trick[best_at]):
                best_at = i
        best = trick[best_at]
        best_side = v.side((v.leader + best_at) % c.n)
        last = len(trick) == c.n - 1
        after = [(v.leader + i) % c.n for i in range(len(trick) + 1, c.n)]
        # Only partners still to play: a winning card keeps the trick for the side.
        safe_win = all(v.side(p) == c.side for p in after)
        in_trick = sum(points(x) for x in trick)
        if best_side == c.side:  # the partner holds the trick
            return self.support(cards, best, last)

        swing = self.face_up_swing()

        def value(x: int) -> float:
            if c.beats(x, best):
                hold = 1.0 if safe_win else self.holds_trick(x)
                gain = in_trick + points(x)
                win = gain + (_DECISIVE if self.reaches(gain) else 0.0) + self.lead_bonus()
                lose = -gain - (_DECISIVE if self.opp_reaches(gain) else 0.0) + swing
                return hold * win + (1 - hold) * lose - self.keep(x)
            given = in_trick + points(x)
            return (-given - (_DECISIVE if self.opp_reaches(given) and last else 0.0) + swing
                    - self.keep(x))

        return max(cards, key=lambda x: (value(x), -x))

    def face_up_swing(self) -> float:
        """On the last trick before the stock runs out the loser draws the face-up card: what
        that card is worth to the seat over an average unseen card (0 on other tricks)."""
        v, c = self.view, self.count
        if c.n != 2 or v.stock_size != 2 or v.closed_by is not None or c.face_up is None:
            return 0.0
        hidden = [y for y in c.out.elements() if y != c.face_up
                  and not any(y in v.known[p] for p in c.opponents)]
        if not hidden:
            return 0.0
        return self.keep(c.face_up) - sum(self.keep(y) for y in hidden) / len(hidden)

    def sure_winner(self, x: int) -> bool:
        """Whether ``x`` led now wins for sure in strict play: nothing out beats it in suit
        and, for a side card, no trump is out."""
        c = self.count
        return self.strict and not c.higher_out(x) and (
            suit(x) == self.trump or not c.trumps_out())

    def marriages_now(self, marries: Sequence[Action]) -> list[Action]:
        """The marriages to declare now. In strict play a marriage whose king cannot win is
        kept until the seat's sure tricks are cashed: leading its queen may give the lead away."""
        if not self.strict:
            return list(marries)
        safe = [a for a in marries if self.sure_winner(a.arg * 8 + KING)]
        pair_cards = {a.arg * 8 + r for a in marries for r in (KING, QUEEN)}
        others = [x for x in self.count.sure_tricks() if x not in pair_cards]
        return safe or ([] if others else list(marries))

    def holds_trick(self, x: int) -> float:
        """The chance that ``x`` still wins when players after the seat play to the trick."""
        c = self.count
        if suit(x) == self.trump:
            return 1.0 if not c.higher_out(x) else 0.6
        if c.higher_out(x):
            return 0.4
        return 0.8 if c.trumps_out() else 1.0

    def lead_bonus(self) -> float:
        """Winning the lead is worth a marriage the seat can then declare."""
        if not self.pairs:
            return 0.0
        return 0.5 * max(self.marriage_value(s) for s in self.pairs)

    def support(self, cards: Sequence[int], best: int, last: bool) -> int:
        """The partner holds the trick: add points when it is safe, else throw low; never
        take the trick from the partner when a card that does not is allowed."""
        c = self.count
        under = [x for x in cards if not c.beats(x, best)] or list(cards)
        safe = last or (suit(best) == self.trump and not c.higher_out(best)) or (
            suit(best) != self.trump and not c.higher_out(best) and not c.trumps_out())
        if safe:
            side_cards = [x for x in under if suit(x) != self.trump] or under
            return max(side_cards, key=lambda x: (points(x) - max(0.0, self.keep(x)), -x))
        return min(under, key=lambda x: (self.keep(x), x))



def expert_choice(view: View, legal: Sequence[Action]) -> Action:
    """The club player's action among ``legal`` for the seat to act of ``view``.
    Deterministic, and it sees nothing but the view:

    * claims exactly when its side's score reaches the target (never a false claim);
    * plays a fully known endgame (two players, stock gone) by exact count;
    * exchanges the low trump whenever allowed;
    * closes when its score, its sure tricks and the marriages it can still declare reach the
      target;
    * declares its best marriage when it scores (trumps first) and leads the queen;
    * leads and follows by weighing the trick's points against what each card is worth
      later (:meth:`Expert.keep`), takes any trick that reaches the target, never lets the
      opponent reach it when it can help it; in strict play draws trumps and cashes sure
      tricks; with a partner holding the trick it adds points or throws low.
    """
    t = Expert(view)
    if _CLAIM in legal and t.score >= view.profile.target:
        return _CLAIM
    options = [a for a in legal if a != _CLAIM] or list(legal)
    choice = _rules_choice(t, options)
    if view.phase in ("lead", "follow"):
        best = counted_best(view, t.count)
        if best and choice not in best:
            # Never the solver's false claim (a concession the default rule makes cheap).
            picks = [a for a in best if a in options]
            if picks:
                return picks[0]
    return choice


def _rules_choice(t: Expert, options: Sequence[Action]) -> Action:
    view = t.view
    if view.phase == "show":
        shows = [a for a in options if a.kind == Kind.SHOW]
        return _best_marriage(t, shows) if shows else options[0]
    if view.phase == "draw":
        if _CLOSE in options and t.should_close():
            return _CLOSE
        return _DRAW if _DRAW in options else options[0]
    if _EXCHANGE in options:
        return _EXCHANGE
    if _CLOSE in options and t.should_close():
        return _CLOSE
    marries = [a for a in options if a.kind == Kind.MARRY]
    scores_now = view.profile.marriage_before_trick != "zero" or t.has_trick
    marries = t.marriages_now(marries) if marries and scores_now else []
    if marries:
        return _best_marriage(t, marries)
    plays = [a.arg for a in options if a.kind == Kind.PLAY]
    if not plays:
        return _PASS if _PASS in options else options[0]
    card = t.follow(plays) if view.trick else t.lead(plays)
    return Action(Kind.PLAY, card)


def _best_marriage(t: Expert, actions: Sequence[Action]) -> Action:
    return max(actions, key=lambda a: (t.marriage_value(a.arg), -a.arg))


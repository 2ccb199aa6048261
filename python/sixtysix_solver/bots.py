"""Agents that play from a player's view only: one interface, a random bot, a rule-based club
player and the engine (PIMC or ISMCTS) at several strengths.

An :class:`Agent` is asked for an action with :meth:`Agent.act`, which accepts a
:class:`~sixtysix_solver.view.View` and nothing else: an agent never receives a
:class:`~sixtysix_solver.game.Game`, so it cannot see the hidden cards. The legal actions are
computed from the view itself (:func:`legal_actions`: legality depends only on public
information and the seat's own hand). Agents are deterministic for their seed;
:meth:`Agent.new_match` re-seeds one at the start of a match.

:class:`AgentSpec` names an agent in a few characters (``random``, ``heuristic``,
``engine:3``, ``engine:worlds=50``, ``ismcts:iterations=200``); a spec is a small frozen
dataclass, so it can be sent to another process and built into an agent there
(:mod:`sixtysix_solver.arena`).

>>> from sixtysix_solver import Game, View
>>> g = Game.deal("schnapsen", seed=3)
>>> bot = AgentSpec.parse("heuristic").build(seed=1)
>>> bot.name, str(bot.act(View.from_game(g)))
('heuristic', 'JD')
>>> bot.act(g)
Traceback (most recent call last):
...
sixtysix_solver.bots.AgentError: agents see a View only, got Game: build one with View.from_game(game, seat)
"""

from __future__ import annotations

import hashlib
import importlib
import math
import random
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, final

from .actions import Action, Kind
from .cards import POINTS, RANKS
from .errors import SearchLimitError, SixtySixError
from .facts import ranks_in_deck
from .view import View
from .worlds import Layout, first_layout

if TYPE_CHECKING:
    from .recommend import Recommendation, Utility

__all__ = [
    "AGENT_KINDS",
    "Agent",
    "AgentError",
    "AgentSpec",
    "EngineAgent",
    "HeuristicAgent",
    "ISMCTS_LEVELS",
    "PIMC_LEVELS",
    "RandomAgent",
    "derive_seed",
    "legal_actions",
]

# Engine strengths: worlds per decision (as ``sixtysix play --level``, without its time caps, so
# that a match is reproducible), and ISMCTS iterations of about the same cost per decision.
PIMC_LEVELS = {1: 5, 2: 25, 3: 100, 4: 300, 5: 1000}
ISMCTS_LEVELS = {1: 250, 2: 1250, 3: 5000, 4: 15000, 5: 50000}

_ACE, _TEN, _KING, _QUEEN = 0, 1, 2, 3
_CLAIM = Action(Kind.CLAIM)
_CLOSE = Action(Kind.CLOSE)
_EXCHANGE = Action(Kind.EXCHANGE)
_PASS = Action(Kind.PASS)
_DRAW = Action(Kind.DRAW)


class AgentError(SixtySixError):
    """A bad agent spec or argument, an agent given something other than a view, or an agent
    that chose an illegal action."""


def derive_seed(*parts: object) -> int:
    """A 63-bit seed from any parts (numbers, text): the same parts give the same seed in every
    process and on every platform (a hash, not Python's salted ``hash``)."""
    data = "\x1f".join(repr(p) for p in parts).encode()
    return int.from_bytes(hashlib.sha256(data).digest()[:8], "big") >> 1


def _check_seed(seed: object) -> int:
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**64:
        raise AgentError(f"seed must be an integer from 0 to 2**64-1, got {seed!r}")
    return seed


def _quick_layout(view: View) -> Layout:
    """The hidden cards dealt out in code order: every size and known card right, the revealed
    facts ignored. They only limit the other hands, never the seat's own legal actions, and
    honouring them can take :func:`~sixtysix_solver.worlds.first_layout` seconds."""
    unseen: list[int] = []
    public = view.public_cards()
    for s in range(4):
        for r in range(ranks_in_deck(view.profile)):
            unseen += [s * 8 + r] * (view.profile.copies - public[s * 8 + r])
    it = iter(unseen)
    hands = []
    for p in range(view.players):
        if p == view.seat:
            hands.append(view.hand)
        else:
            known = list(view.known[p])
            hands.append(tuple(sorted(known + [next(it) for _ in range(view.hand_sizes[p] -
                                                                       len(known))])))
    stock = [next(it) for _ in range(max(0, view.stock_size - 1))]
    if view.face_up is not None:
        stock.append(view.face_up)
    aside = tuple(sorted(next(it) for _ in range(view.aside_size)))
    return Layout(tuple(hands), tuple(stock), aside)


def legal_actions(view: View) -> list[Action]:
    """The legal actions of the seat to act, from its view alone: the actions of any deal of
    the hidden cards (they depend only on public information and the seat's own hand)."""
    if not isinstance(view, View):
        raise AgentError(f"expected a View, got {type(view).__name__}")
    if view.to_act is None:
        raise AgentError("the hand is over: there is nothing to decide")
    if view.to_act != view.seat:
        raise AgentError(f"it is seat {view.to_act}'s turn, not seat {view.seat}'s")
    try:
        world = _quick_layout(view).game(view)
    except (SixtySixError, StopIteration):  # pragma: no cover - a view no deal fits
        world = first_layout(view).game(view)
    return world.legal_actions()


# --- the interface ------------------------------------------------------------------------------
class Agent(ABC):
    """A player that sees only its own :class:`~sixtysix_solver.view.View`.

    Subclasses implement :meth:`choose` (the view and its legal actions in, one of those
    actions out) and may override :meth:`new_match` to reset state between matches. ``name``
    is the agent's spec text (``engine:3``), which the arena uses to tell agents apart.
    """

    name: str = "agent"

    def __init__(self, seed: int = 0) -> None:
        self.seed = _check_seed(seed)
        self.rng = random.Random(self.seed)

    @property
    @abstractmethod
    def spec(self) -> AgentSpec:
        """The spec that builds this agent (without its seed)."""

    def new_match(self, seed: int | None = None) -> None:
        """Start afresh: re-seed (with ``seed``, or the agent's own seed again) and forget
        anything remembered."""
        if seed is not None:
            self.seed = _check_seed(seed)
        self.rng = random.Random(self.seed)

    def reset(self) -> None:
        """Same as :meth:`new_match` with the agent's own seed."""
        self.new_match(None)

    @final
    def act(self, view: View) -> Action:
        """The agent's action for ``view``'s seat, which must be the seat to act. Only a
        :class:`View` is accepted (never a ``Game``: agents must not see hidden cards)."""
        if not isinstance(view, View):
            raise AgentError(
                f"agents see a View only, got {type(view).__name__}: build one with "
                "View.from_game(game, seat)"
            )
        legal = legal_actions(view)
        action = self.choose(view, legal)
        if action not in legal:
            raise AgentError(
                f"{self.name} chose {action}, which is not legal; legal: "
                + " ".join(str(a) for a in legal)
            )
        return action

    @abstractmethod
    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        """One of ``legal`` for the seat of ``view`` (the seat to act)."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name} seed={self.seed}>"


# --- random -------------------------------------------------------------------------------------
class RandomAgent(Agent):
    """Uniform over the legal actions (false claims and hopeless closes included).

    ``sensible=True``: the policy of :func:`sixtysix_solver.agents.random_action` instead,
    a claim exactly when it is true and closing only one time in ten, which is a tougher
    baseline than pure chance."""

    def __init__(self, seed: int = 0, *, sensible: bool = False) -> None:
        super().__init__(seed)
        if not isinstance(sensible, bool):
            raise AgentError(f"sensible must be true or false, got {sensible!r}")
        self.sensible = sensible
        self.name = str(self.spec)

    @property
    def spec(self) -> AgentSpec:
        return AgentSpec("random", (("sensible", True),) if self.sensible else ())

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        options = list(legal)
        if self.sensible:
            if _CLAIM in options:
                if view.scores()[view.side(view.seat)] >= view.profile.target:
                    return _CLAIM
                options = [a for a in options if a != _CLAIM] or options
            if _CLOSE in options and len(options) > 1 and self.rng.random() >= 0.1:
                options = [a for a in options if a != _CLOSE]
        return self.rng.choice(options)


# --- the club player ------------------------------------------------------------------------------
def _suit(code: int) -> int:
    return code >> 3


def _rank(code: int) -> int:
    return code & 7


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
        s = _suit(c)
        return any(self.threat[s * 8 + r] > 0 for r in range(_rank(c)))

    def trumps_out(self) -> int:
        return sum(self.threat[self.trump * 8 + r] for r in range(self.ranks))

    def marriage_value(self, suit: int) -> int:
        mp = self.prof.marriage_points
        return mp[1] if suit == self.trump else mp[0]

    def keep_value(self, c: int, leading: bool) -> int:
        """How much the seat wants to keep ``c`` (the lowest is led or thrown): its points, plus
        a premium for trumps, for half of a marriage, for the exchange trump while the exchange
        may still come, and (when leading) for a ten whose ace is still out."""
        s, r = _suit(c), _rank(c)
        value = POINTS[r]
        if s == self.trump:
            value += 30
        if s in self.pairs and r in (_KING, _QUEEN):
            value += 25
        prof, view = self.prof, self.view
        if (
            s == self.trump and prof.exchange_rank != "none"
            and r == RANKS.index(prof.exchange_rank)
            and view.stock_size >= prof.exchange_min_stock and view.closed_by is None
            and view.face_up is not None and _rank(view.face_up) != r
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
            tops = [c for c in cards if _suit(c) == trump and not self.higher_out(c)]
            if tops:
                return min(tops)  # the highest: the lowest code
        voids: set[int] = set()
        for p in range(self.n):
            if view.side(p) != self.side:
                voids.update(view.void_suits(p))
        winners = [c for c in cards if _suit(c) != trump and not self.higher_out(c)]
        if winners:
            return min(winners, key=lambda c: (_suit(c) in voids, -POINTS[_rank(c)], c))
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
                side_cards = [c for c in cards if _suit(c) != trump] or list(cards)
                return max(side_cards, key=lambda c: (POINTS[_rank(c)] - 25 * (
                    _suit(c) in self.pairs and _rank(c) in (_KING, _QUEEN)), -c))
            return self.cheapest(cards)
        if not winners:
            return self.cheapest(cards)
        if view.strict:
            # Win as cheaply as possible, in suit before trumping.
            return min(winners, key=lambda c: (_suit(c) == trump and _suit(best) != trump,
                                               POINTS[_rank(c)], -c))
        # Open phase: a trick that reaches the target is always taken.
        in_trick = sum(POINTS[_rank(c)] for c in trick)
        enough = [c for c in winners
                  if self.score + in_trick + POINTS[_rank(c)] >= self.prof.target]
        if enough:
            return min(enough, key=lambda c: (_suit(c) == trump, POINTS[_rank(c)], c))
        in_suit = [c for c in winners if _suit(c) == _suit(best)
                   and not (_suit(c) in self.pairs and _rank(c) in (_KING, _QUEEN))]
        tens = [c for c in in_suit if _rank(c) == _TEN and _suit(c) != trump]
        if tens:
            return tens[0]  # a ten that wins is banked before an ace can catch it
        if POINTS[_rank(best)] >= 10:  # an ace or a ten is worth taking
            if in_suit:
                return min(in_suit, key=lambda c: (POINTS[_rank(c)], c))
            trumps = [c for c in winners if _suit(c) == trump]
            if trumps:
                return self.cheapest(trumps)
        return self.cheapest(cards)

    def beats(self, c: int, best: int) -> bool:
        if _suit(c) == _suit(best):
            return _rank(c) < _rank(best)
        return _suit(c) == self.trump


class HeuristicAgent(Agent):
    """A rule-based bot that plays like a decent club player (``docs/arena.md``):

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

    It is deterministic (the seed is not used)."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.name = str(self.spec)

    @property
    def spec(self) -> AgentSpec:
        return AgentSpec("heuristic")

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        t = _Table(view)
        if _CLAIM in legal and t.score >= view.profile.target:
            return _CLAIM
        options = [a for a in legal if a != _CLAIM] or list(legal)
        if view.phase == "show":
            shows = [a for a in options if a.kind == Kind.SHOW]
            return self._best_marriage(t, shows) if shows else options[0]
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
            return self._best_marriage(t, marries)
        plays = [a.arg for a in options if a.kind == Kind.PLAY]
        if not plays:  # e.g. the end phase short of the target
            return _PASS if _PASS in options else options[0]
        card = t.follow(plays) if view.trick else t.lead(plays)
        return Action(Kind.PLAY, card)

    @staticmethod
    def _best_marriage(t: _Table, actions: Sequence[Action]) -> Action:
        return max(actions, key=lambda a: (t.marriage_value(a.arg), -a.arg))


# --- the engine -----------------------------------------------------------------------------------
class EngineAgent(Agent):
    """The engine from the seat's view: :func:`~sixtysix_solver.recommend.recommend` (PIMC,
    ``method="pimc"``) or :func:`~sixtysix_solver.ismcts.ismcts` (``method="ismcts"``).

    Strength: ``level`` 1-5 (:data:`PIMC_LEVELS` worlds or :data:`ISMCTS_LEVELS` iterations per
    decision), or ``worlds`` / ``iterations`` directly. ``time_limit`` caps each decision in
    seconds (the result then depends on the machine's speed: leave it out for reproducible
    matches). ``threads``: solver threads per decision (1 by default, so that parallel matches
    do not compete for cores). ``match=True`` (PIMC only): when the view carries the match
    score, choose the action most likely to win the match (``recommend``'s match-aware
    utility from the profile's match equity table) instead of the most game points; without a
    score or a table it falls back to game points. ``closewin=p`` (PIMC only): close only when
    closing wins the hand in at least a share ``p`` of the worlds, else take the best other
    action. PIMC solves every world with the cards known, so it overrates closing, after which
    the closer must play blind to the other hand; this is the club player's "close when sure".
    ``anchor=z`` (PIMC only): play the heuristic club player's choice unless the engine's best
    action beats it by more than ``z`` standard errors, paired over the worlds solved (exact
    figures need only be better). With few worlds, as at the early leads of a long hand under a
    time cap, the engine's ranking is mostly noise and the club player's rules do better.
    A decision with one legal action is not searched; each search is seeded from the agent's
    random stream, so the agent is deterministic for its seed."""

    def __init__(
        self,
        level: int | None = None,
        *,
        worlds: int | None = None,
        iterations: int | None = None,
        time_limit: float | None = None,
        method: str = "pimc",
        seed: int = 0,
        threads: int = 1,
        rollout: str = "solver",
        c: float = 0.7,
        match: bool = False,
        closewin: float | None = None,
        anchor: float | None = None,
    ) -> None:
        super().__init__(seed)
        if method not in ("pimc", "ismcts"):
            raise AgentError(f"method must be pimc or ismcts, got {method!r}")
        budget = worlds if method == "pimc" else iterations
        other = iterations if method == "pimc" else worlds
        if other is not None:
            raise AgentError(f"{method} takes {'worlds' if method == 'pimc' else 'iterations'}, "
                             f"not {'iterations' if method == 'pimc' else 'worlds'}")
        if level is not None and budget is not None:
            raise AgentError("give a level or a budget, not both")
        if level is not None:
            levels = PIMC_LEVELS if method == "pimc" else ISMCTS_LEVELS
            if level not in levels or isinstance(level, bool):
                raise AgentError(f"level must be 1 to 5, got {level!r}")
            budget = levels[level]
        if budget is None:
            budget = (PIMC_LEVELS if method == "pimc" else ISMCTS_LEVELS)[3]
            level = 3
        if not isinstance(budget, int) or isinstance(budget, bool) or budget < 1:
            name = "worlds" if method == "pimc" else "iterations"
            raise AgentError(f"{name} must be a positive integer, got {budget!r}")
        if time_limit is not None and (
            not isinstance(time_limit, (int, float)) or isinstance(time_limit, bool)
            or not time_limit > 0
        ):
            raise AgentError(f"time must be positive seconds, got {time_limit!r}")
        if not isinstance(threads, int) or isinstance(threads, bool) or not 1 <= threads <= 256:
            raise AgentError(f"threads must be 1 to 256, got {threads!r}")
        if rollout not in ("solver", "random"):
            raise AgentError(f"rollout must be solver or random, got {rollout!r}")
        if not isinstance(c, (int, float)) or isinstance(c, bool) or c < 0:
            raise AgentError(f"c must be a number >= 0, got {c!r}")
        if not isinstance(match, bool):
            raise AgentError(f"match must be true or false, got {match!r}")
        if match and method != "pimc":
            raise AgentError("match-aware choice is a PIMC (engine) option")
        if closewin is not None and (
            not isinstance(closewin, (int, float)) or isinstance(closewin, bool)
            or not 0 <= closewin <= 1
        ):
            raise AgentError(f"closewin must be a share from 0 to 1, got {closewin!r}")
        if closewin is not None and method != "pimc":
            raise AgentError("closewin is a PIMC (engine) option")
        if anchor is not None and (
            not isinstance(anchor, (int, float)) or isinstance(anchor, bool)
            or not 0 <= anchor < math.inf
        ):
            raise AgentError(f"anchor must be a number of standard errors >= 0, got {anchor!r}")
        if anchor is not None and method != "pimc":
            raise AgentError("anchor is a PIMC (engine) option")
        self.method = method
        self.level = level
        self.budget = budget
        self.time_limit = time_limit
        self.threads = threads
        self.rollout = rollout
        self.c = float(c)
        self.match = match
        self.closewin = None if closewin is None else float(closewin)
        self.anchor = None if anchor is None else float(anchor)
        self._fallback = HeuristicAgent()
        self.name = str(self.spec)

    @property
    def spec(self) -> AgentSpec:
        kind = "engine" if self.method == "pimc" else "ismcts"
        params: dict[str, Any] = {}
        if self.level is not None:
            params["level"] = self.level
        else:
            params["worlds" if self.method == "pimc" else "iterations"] = self.budget
        if self.time_limit is not None:
            params["time"] = self.time_limit
        if self.threads != 1:
            params["threads"] = self.threads
        if self.match:
            params["match"] = True
        if self.closewin is not None:
            params["closewin"] = self.closewin
        if self.anchor is not None:
            params["anchor"] = self.anchor
        if self.method == "ismcts":
            if self.rollout != "solver":
                params["rollout"] = self.rollout
            if self.c != 0.7:
                params["c"] = self.c
        return AgentSpec(kind, tuple(sorted(params.items())))

    def _utility(self, view: View) -> Utility | None:
        """The match-aware utility for this view, or None (game points)."""
        if not self.match or view.match is None or view.profile.sides != 2:
            return None
        from .recommend import match_utility

        try:
            return match_utility(view)
        except SixtySixError:  # no match equity table for this profile: game points
            return None

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        seed = self.rng.getrandbits(63)
        try:
            if self.method == "pimc":
                from .recommend import recommend

                from .recommend import _best

                utility = self._utility(view)
                rec = recommend(view, worlds=self.budget, seed=seed, time_limit=self.time_limit,
                                threads=self.threads, utility=utility)
                best = rec.best
                if self.closewin is not None and best.kind == Kind.CLOSE:
                    close = next(a for a in rec.actions if a.action == best)
                    others = [a for a in rec.actions if a.action.kind != Kind.CLOSE]
                    if close.win < self.closewin and others:
                        best = others[_best(others)].action  # recommend's own tie-breaks
                if self.anchor is not None:
                    club = self._fallback.choose(view, legal)
                    if club != best and not _ahead(rec, best, club, self.anchor, utility):
                        best = club
                return best
            try:  # written separately; imported only when asked for
                from .ismcts import ismcts
            except ImportError as err:  # pragma: no cover - the module is part of the package
                raise AgentError(f"ISMCTS is not available: {err}") from None
            return ismcts(view, iterations=self.budget, seed=seed, time_limit=self.time_limit,
                          rollout=self.rollout, c=self.c).best  # type: ignore[arg-type]
        except SearchLimitError:
            # The time ran out before one world was solved: play the club player's card.
            return self._fallback.choose(view, legal)


def _ahead(rec: Recommendation, a: Action, b: Action, z: float, utility: Utility | None) -> bool:
    """Does ``a`` beat ``b`` by more than ``z`` standard errors, paired over the same worlds?"""
    from .recommend import paired_difference

    mean, se = paired_difference(rec, a, b, utility)
    return mean > z * se


# --- specs ----------------------------------------------------------------------------------------
Param = int | float | bool | str

AGENT_KINDS: dict[str, tuple[str, ...]] = {
    "random": ("sensible",),
    "heuristic": (),
    "engine": ("level", "worlds", "time", "threads", "match", "closewin", "anchor"),
    "ismcts": ("level", "iterations", "time", "threads", "rollout", "c"),
    "custom": ("factory",),  # plus any keyword the factory takes
}
"""Agent kinds and the parameters each accepts in a spec."""


def _value(text: str) -> Param:
    low = text.lower()
    if low in ("true", "yes", "on"):
        return True
    if low in ("false", "no", "off"):
        return False
    for conv in (int, float):
        try:
            return conv(text)
        except ValueError:
            pass
    return text


def _fmt(v: Param) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


@dataclass(frozen=True)
class AgentSpec:
    """A picklable recipe for an agent: ``kind`` (:data:`AGENT_KINDS`) and ``params``
    (sorted ``(name, value)`` pairs). Text form: ``kind`` or ``kind:name=value,...``; a bare
    number is the level (``engine:3``). ``custom:factory=module.attr,...`` builds an agent of
    your own: ``module.attr(seed=..., **params)`` must return an :class:`Agent`.

    >>> s = AgentSpec.parse("engine:worlds=50")
    >>> s, str(s), str(AgentSpec.parse(" Engine:3 "))
    (AgentSpec.parse('engine:worlds=50'), 'engine:worlds=50', 'engine:3')
    >>> AgentSpec.parse("ismcts:iterations=200").build(seed=1).name
    'ismcts:iterations=200'
    >>> AgentSpec.parse("engine:depth=3")
    Traceback (most recent call last):
    ...
    sixtysix_solver.bots.AgentError: engine does not take depth; it takes: level, worlds, time, threads, match, closewin, anchor
    """

    kind: str
    params: tuple[tuple[str, Param], ...] = ()

    def __post_init__(self) -> None:
        if self.kind not in AGENT_KINDS:
            raise AgentError(
                f"unknown agent {self.kind!r}; known: {', '.join(AGENT_KINDS)}"
            )
        allowed = AGENT_KINDS[self.kind]
        names = [k for k, _ in self.params]
        if len(set(names)) != len(names):
            raise AgentError(f"{self.kind}: a parameter is given twice")
        for k, _ in self.params:
            if self.kind != "custom" and k not in allowed:
                raise AgentError(
                    f"{self.kind} does not take {k}; it takes: {', '.join(allowed) or 'nothing'}"
                )
        if self.kind == "custom" and "factory" not in names:
            raise AgentError("custom agents need factory=module.attr")
        object.__setattr__(self, "params", tuple(sorted(self.params)))

    @classmethod
    def parse(cls, text: str | AgentSpec) -> AgentSpec:
        """A spec from its text (an :class:`AgentSpec` is returned as it is)."""
        if isinstance(text, AgentSpec):
            return text
        if not isinstance(text, str) or not text.strip():
            raise AgentError(f"bad agent spec {text!r}: expected e.g. random, heuristic, "
                             "engine:3, engine:worlds=50, ismcts:iterations=200")
        kind, _, rest = text.strip().partition(":")
        params: list[tuple[str, Param]] = []
        for i, item in enumerate(x.strip() for x in rest.split(",") if x.strip()):
            name, eq, value = item.partition("=")
            if not eq:
                if i:
                    raise AgentError(f"bad agent spec {text!r}: {item!r} needs name=value")
                name, value = "level", item
            params.append((name.strip().lower(), _value(value.strip())))
        return cls(kind.strip().lower(), tuple(params))

    def __str__(self) -> str:
        if not self.params:
            return self.kind
        if len(self.params) == 1 and self.params[0][0] == "level":
            return f"{self.kind}:{_fmt(self.params[0][1])}"
        return f"{self.kind}:" + ",".join(f"{k}={_fmt(v)}" for k, v in self.params)

    def __repr__(self) -> str:
        return f"AgentSpec.parse({str(self)!r})"

    @property
    def name(self) -> str:
        return str(self)

    def build(self, seed: int = 0) -> Agent:
        """The agent, seeded."""
        p = dict(self.params)
        try:
            if self.kind == "random":
                return RandomAgent(seed, sensible=p.get("sensible", False))  # type: ignore[arg-type]
            if self.kind == "heuristic":
                return HeuristicAgent(seed)
            if self.kind in ("engine", "ismcts"):
                kw: dict[str, Any] = {
                    "method": "pimc" if self.kind == "engine" else "ismcts",
                    "seed": seed,
                    "time_limit": p.get("time"),
                    "threads": p.get("threads", 1),
                }
                for k in ("worlds", "iterations", "rollout", "c", "match", "closewin", "anchor"):
                    if k in p:
                        kw[k] = p[k]
                return EngineAgent(p.get("level"), **kw)  # type: ignore[arg-type]
        except TypeError as err:  # pragma: no cover - the params are checked above
            raise AgentError(f"{self}: {err}") from None
        return _build_custom(self, p, seed)


def _build_custom(spec: AgentSpec, params: dict[str, Param], seed: int) -> Agent:
    path = str(params.pop("factory"))
    module, _, attr = path.replace(":", ".").rpartition(".")
    try:
        factory = getattr(importlib.import_module(module), attr)
    except (ImportError, AttributeError, ValueError) as err:
        raise AgentError(f"custom agent: cannot import {path}: {err}") from None
    try:
        agent = factory(seed=seed, **params)
    except TypeError as err:
        raise AgentError(f"custom agent: {path}(seed=..., **params) failed: {err}") from None
    if not isinstance(agent, Agent):
        raise AgentError(f"custom agent: {path} returned {type(agent).__name__}, not an Agent")
    agent.name = str(spec)
    return agent

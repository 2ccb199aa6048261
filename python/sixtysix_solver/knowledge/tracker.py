"""Follow one hand from one seat's side: the events a real front-end sees in, the seat's view out.

A front-end (a web or phone app, a bot in another language) knows its own cards, the trump
card and what everybody does; it does not know the other hands or the order of the stock.
:class:`HandTracker` turns those events into the seat's :class:`~sixtysix_solver.knowledge.view.View`,
the input of :func:`~sixtysix_solver.advice.recommend.recommend`.

**How.** The tracker keeps a *shadow* game: a complete deal consistent with everything seen so
far (the hidden cards dealt arbitrarily, seeded), with every event applied to it as an action.
The seat's view of the shadow is the seat's view of the real game whatever the hidden cards
are: hidden cards never appeared in an action, and the view keeps only what is public, the
seat's own hand and the facts revealed by the actions. When an event is not legal in the
shadow because a hidden card lies in the wrong place (the opponent plays a card the shadow put
in the stock, the seat draws a card the shadow gave the opponent), the shadow is *repaired*:
its start deal is rewritten by a permutation of the hidden cards (cards are followed by an id
from the deal on) so that the same actions replay legally and the event fits. First single
swaps are tried. A two-player hand started from a deal is then re-dealt exactly by a bipartite
matching of the cards seen to the places of the deal (:mod:`~sixtysix_solver.knowledge.matching`),
which also proves when no deal fits. Elsewhere, layouts of the current position are sampled
from the worlds of the view (:class:`~sixtysix_solver.knowledge.worlds.WorldSpace`, which obeys every
revealed fact) with the needed card placed where the event says. When no deal fits, the event
contradicts the history: :class:`ContradictionError`, and the tracker is left as it was.

Events: ``act(seat, action)`` for every action by anybody (the action notation of
:class:`~sixtysix_solver.rules.actions.Action`), and ``drew(card)`` for the card the seat drew from
the stock (the face-up card drawn last needs no event: everybody sees it).

>>> from sixtysix_solver.rules.game import Game
>>> from sixtysix_solver.knowledge.view import View, format_view
>>> real = Game.deal("schnapsen", seed=3)        # the real game: the tracker never sees it
>>> t = HandTracker("schnapsen", dealer=0, seat=0, hand=real.hand(0), trump_card=real.trump_card)
>>> format_view(t.view)
'schnapsen seat=0 dealer=0 turn=1:lead trump=QH hands=JCTCACKDJH/5 stock=10:QH'
>>> t.act(1, "JD"); t.act(0, "KD")     # seat 1 leads, seat 0 takes the trick; both draw
>>> t.pending_draw                     # which card did seat 0 draw?
True
>>> t.drew("KS")
>>> real.apply("JD"); real.apply("KD")
>>> t.view == View.from_game(real, 0)
True
>>> t.act(1, "AS")
Traceback (most recent call last):
...
sixtysix_solver.errors.IllegalActionError: it is seat 0's turn, not seat 1's
>>> t.act(0, "AC"); t.act(1, "KS")
Traceback (most recent call last):
...
sixtysix_solver.knowledge.tracker.ContradictionError: seat 1 cannot hold KS: it is in your hand
"""

from __future__ import annotations

import itertools
import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..rules.actions import Action, Kind
from ..rules.cards import Card, card_tuple
from ..errors import IllegalActionError, PositionError, SixtySixError
from .facts import Holds, Lack, could_exchange, lacked_codes, revealed_by_play
from ..rules.game import Game
from ..rules.profiles import Profile, get_profile
from .matching import KING, QUEEN, Infeasible, ShadowDeal, bipartite_matching, exact_deal
from .replay import Step, advance, fresh_deal
from .view import View
from .worlds import Layout, WorldSpace

__all__ = ["ContradictionError", "HandTracker"]

_SWAP_TRIES = 16  # single swaps tried before sampling layouts
_LAYOUT_TRIES = 200  # sampled layouts tried before declaring a contradiction
_REPAIR_SECONDS = 5.0  # and at most this long


class ContradictionError(IllegalActionError):
    """An event that no deal consistent with the history allows (a card that was already
    played or lies in the seat's hand, a play that breaks what earlier plays revealed, ...)."""


CardLike = Card | str | int


def _code(card: CardLike) -> int:
    if isinstance(card, Card):
        return card.code
    if isinstance(card, int) and not isinstance(card, bool):
        return Card.from_code(card).code
    if isinstance(card, str):
        return Card.parse(card).code
    raise SixtySixError(f"expected a card, got {card!r}")


def _text(code: int) -> str:
    return str(Card.from_code(code))


@dataclass
class _Replay:
    """A shadow game with its cards followed by id (an id is a place in the start deal).

    ``codes[id]`` is the card of each id; ``hands``, ``stock`` (top first) and ``aside`` hold
    the ids where they lie now; ``revealed`` are ids in hands whose card everybody knows,
    ``married`` ids used in a marriage; ``arrival[id]`` when the id came into its hand (the
    number of actions applied then; 0: dealt), ``shown_at[id]`` when its card was shown (a
    marriage), ``pinned`` the shown ids whose card came in face up (an exchange, the last
    draw: they hold that card for good); ``forbid[id]`` the cards that id cannot be without
    making an earlier play illegal (strict play reveals what a hand lacked at that moment, so
    the constraint belongs to the ids in the hand then, not to the hand now); ``skips``: the
    ids in a player's hand each time it skipped a chance to exchange (``exchange_lost``);
    ``steps`` every action applied, with the positions around it."""

    codes: list[int]
    game: Game
    fields: dict[str, Any]
    hands: list[list[int]]
    stock: list[int]
    aside: list[int]
    revealed: set[int] = field(default_factory=set)
    married: set[int] = field(default_factory=set)
    forbid: dict[int, set[int]] = field(default_factory=dict)
    skips: list[tuple[int, tuple[int, ...]]] = field(default_factory=list)
    draws: list[int] = field(default_factory=list)
    arrival: dict[int, int] = field(default_factory=dict)
    shown_at: dict[int, int] = field(default_factory=dict)
    pinned: set[int] = field(default_factory=set)
    drawn_by_seat: list[int] = field(default_factory=list)  # ids the seat got in the last step
    steps: list[Step] = field(default_factory=list)

    def copy(self) -> _Replay:
        return _Replay(
            list(self.codes), self.game.clone(), self.fields, [list(h) for h in self.hands],
            list(self.stock), list(self.aside), set(self.revealed), set(self.married),
            {k: set(v) for k, v in self.forbid.items()}, list(self.skips), list(self.draws),
            dict(self.arrival), dict(self.shown_at), set(self.pinned), list(self.drawn_by_seat),
            list(self.steps),
        )


class HandTracker:
    """One hand followed from ``seat``'s side; :attr:`view` is always that seat's view.

    Start with the deal as the seat sees it: ``profile``, ``dealer``, ``seat``, the seat's
    ``hand`` and the ``trump_card`` (the face-up stock card; without a stock the dealer's
    shown card), optionally the ``match`` score (per side) and the ``carry``. ``seed`` seeds the
    shadow deal and its repairs (the views do not depend on it). :meth:`from_game` and
    :meth:`from_view` start from a position or a view instead.
    """

    def __init__(
        self,
        profile: str | Profile,
        *,
        dealer: int,
        seat: int,
        hand: Sequence[CardLike],
        trump_card: CardLike,
        match: Sequence[int] | None = None,
        carry: int = 0,
        seed: int = 0,
    ) -> None:
        prof = get_profile(profile)
        n = prof.players
        for name, v in (("dealer", dealer), ("seat", seat)):
            if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v < n:
                raise SixtySixError(f"{name} must be a seat from 0 to {n - 1}, got {v!r}")
        if not isinstance(carry, int) or isinstance(carry, bool) or carry < 0:
            raise SixtySixError(f"carry must be a non-negative integer, got {carry!r}")
        mine = [_code(c) for c in hand]
        trump = _code(trump_card)
        if len(mine) != prof.hand_size:
            raise PositionError(
                f"the hand must hold {prof.hand_size} cards in {prof.name}, got {len(mine)}"
            )
        pool = Counter(
            {s * 8 + r: prof.copies for s in range(4) for r in range(prof.ranks_per_suit)}
        )
        for c in mine + [trump]:
            if c not in pool:
                raise PositionError(f"{_text(c)} is not in this profile's deck")
        want = Counter(mine)
        if prof.stock_size > 0 or dealer != seat:
            want[trump] += 1  # the trump card lies face up, or in another (the dealer's) hand
        elif trump not in want:
            raise PositionError(
                f"the trump card {_text(trump)} is the dealer's shown card: it must be in your "
                "hand (you are the dealer)"
            )
        for c, k in want.items():
            if k > pool[c]:
                raise PositionError(f"{_text(c)} appears more often than the deck holds it")
        pool.subtract(want)
        rng = random.Random(seed)
        rest = sorted(pool.elements())
        rng.shuffle(rest)
        hands: list[list[int]] = []
        for p in range(n):
            if p == seat:
                hands.append(list(mine))
            elif p == dealer and prof.stock_size == 0:
                hands.append([trump] + [rest.pop() for _ in range(prof.hand_size - 1)])
            else:
                hands.append([rest.pop() for _ in range(prof.hand_size)])
        aside = [rest.pop() for _ in range(prof.aside)]
        stock = rest + ([trump] if prof.stock_size > 0 else [])
        start = Game.from_deal(
            prof, dealer=dealer, hands=[[Card.from_code(c) for c in h] for h in hands],
            stock=[Card.from_code(c) for c in stock], aside=[Card.from_code(c) for c in aside],
            trump_card=Card.from_code(trump), carry=carry,
        )
        self._setup(prof, seat, start.start_fields, True, hands, stock, aside, [], match, rng)

    # --- other starts -------------------------------------------------------------------------
    @classmethod
    def from_game(cls, game: Game, seat: int, *, seed: int = 0) -> HandTracker:
        """Follow ``game`` (a position, with or without history) from ``seat``'s side. Its
        hidden cards are only a first guess: later events may move them, as in any shadow."""
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < game.players:
            raise SixtySixError(f"seat must be a seat from 0 to {game.players - 1}, got {seat!r}")
        f = game.start_fields
        self = cls.__new__(cls)
        self._setup(
            game.profile, seat, f, fresh_deal(game), [list(h) for h in f["hands"]],
            list(f["stock"]), list(f["aside"]), game.actions,
            game.match_score, random.Random(seed),
        )
        return self

    @classmethod
    def from_view(cls, view: View, *, seed: int = 0) -> HandTracker:
        """Follow a hand from a view (a front-end that joins mid-hand). The view's revealed
        facts are kept (a fact about a player who draws later is widened by one card per
        draw, which stays true but may be less tight than a full history would give)."""
        if not isinstance(view, View):
            raise SixtySixError(f"expected a View, got {type(view).__name__}")
        rng = random.Random(seed)
        try:
            lay = next(WorldSpace(view).stream(rng.randrange(2**32)))
        except PositionError:
            raise PositionError("no deal fits this view") from None
        start = lay.game(view)
        self = cls.__new__(cls)
        self._setup(
            view.profile, view.seat, start.start_fields, False,
            [list(h) for h in lay.hands], list(lay.stock), list(lay.aside), [], view.match, rng,
            base=view,
        )
        return self

    def _setup(
        self, prof: Profile, seat: int, start: dict[str, Any], fresh: bool,
        hands: list[list[int]], stock: list[int], aside: list[int], actions: Sequence[Action],
        match: Sequence[int] | None, rng: random.Random, base: View | None = None,
    ) -> None:
        self.profile = prof
        self.seat = seat
        if match is not None:
            m = tuple(match)
            if len(m) != prof.sides or not all(
                isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in m
            ):
                raise SixtySixError(
                    f"a match score is {prof.sides} non-negative integers (one per side), "
                    f"got {match!r}"
                )
            match = m
        self.match: tuple[int, ...] | None = None if match is None else tuple(match)
        self._base = base  # the starting view, whose facts stay in force
        self._start = start
        self._fresh = fresh
        self._rng = rng
        # Ids: the start's hands in seat order, then the stock (top first), then the dead hand.
        self._hand_ids: list[list[int]] = []
        codes: list[int] = []
        for h in hands:
            self._hand_ids.append(list(range(len(codes), len(codes) + len(h))))
            codes.extend(h)
        self._stock_ids = list(range(len(codes), len(codes) + len(stock)))
        codes.extend(stock)
        self._aside_ids = list(range(len(codes), len(codes) + len(aside)))
        codes.extend(aside)
        self._actions: list[Action] = list(actions)
        self._rep = self._replay(codes, self._actions)
        self._pending: int | None = None  # the id of a face-down card the seat drew, unnamed
        self._view: View | None = None

    # --- replaying ----------------------------------------------------------------------------
    def _build(self, codes: list[int]) -> _Replay:
        """The start position with these cards (the fields of a deal are recomputed by the
        core, so a fresh deal's phase follows its cards: four-hand-24's show phase)."""
        prof = self.profile
        hands = [[codes[i] for i in ids] for ids in self._hand_ids]
        stock = [codes[i] for i in self._stock_ids]
        aside = [codes[i] for i in self._aside_ids]
        if self._base is not None:  # facts of the starting view bind the start's hands
            for lk in self._base.lacks:
                if lk.count_in(hands[lk.player]) > lk.at_most:
                    raise IllegalActionError("the start breaks a fact of the starting view")
            for h in self._base.holds:
                if not h.satisfied_by(hands[h.player]):
                    raise IllegalActionError("the start breaks a fact of the starting view")
        if self._fresh:
            game = Game.from_deal(
                prof, dealer=self._start["dealer"],
                hands=[[Card.from_code(c) for c in h] for h in hands],
                stock=[Card.from_code(c) for c in stock],
                aside=[Card.from_code(c) for c in aside],
                trump_card=Card.from_code(self._start["trump_card"]), carry=self._start["carry"],
            )
        else:
            f = dict(self._start)
            f["hands"], f["stock"], f["aside"] = hands, stock, aside
            game = Game.from_fields(prof, f)
        game.match_score = self.match
        rep = _Replay(
            list(codes), game, game.fields(), [list(h) for h in self._hand_ids],
            list(self._stock_ids), list(self._aside_ids), draws=[0] * prof.players,
            arrival={i: 0 for i in range(len(codes))},
        )
        f0 = rep.fields
        for p in range(prof.players):
            for key, into in (("known", rep.revealed), ("married", rep.married)):
                for c in f0[key][p]:
                    ids = [i for i in rep.hands[p] if codes[i] == c and i not in into]
                    if ids:
                        into.add(ids[0])
                        rep.shown_at[ids[0]] = 0
        return rep

    def _step(self, rep: _Replay, a: Action) -> None:
        """Apply one action to a replay, following the ids (raises IllegalActionError)."""
        prof, n = self.profile, self.profile.players
        st = advance(rep.game, a, rep.fields)  # raises before anything changed when illegal
        before, after, p = st.before, st.after, st.actor
        skip = (
            prof.exchange_lost_if_skipped and p != self.seat
            and a.kind in (Kind.PLAY, Kind.CLOSE, Kind.MARRY) and could_exchange(prof, before, p)
        )
        now = len(rep.game.actions)
        trump = before["trump_card"] >> 3
        if skip:
            rep.skips.append((p, tuple(rep.hands[p])))
        if a.kind == Kind.PLAY:
            code = a.arg
            ids = [i for i in rep.hands[p] if rep.codes[i] == code]
            shown = [i for i in ids if i in rep.revealed or i in rep.married]
            pid = (shown or ids)[0]
            rep.hands[p].remove(pid)
            rep.revealed.discard(pid)
            if p != self.seat and before["trick"] and st.strict:
                lead = before["leader"]
                trick = [((lead + i) % n, c) for i, c in enumerate(before["trick"])]
                masks = revealed_by_play(prof, trump, trick, p, code)
                if any(masks):
                    lacking = lacked_codes(masks)
                    for i in rep.hands[p]:
                        rep.forbid.setdefault(i, set()).update(lacking)
        elif a.kind == Kind.EXCHANGE:
            lid = [i for i in rep.hands[p] if rep.codes[i] == prof.exchange_card(trump)][0]
            fid = rep.stock[-1]
            rep.hands[p].remove(lid)
            rep.hands[p].append(fid)
            rep.stock[-1] = lid
            rep.revealed.discard(lid)
            rep.revealed.add(fid)
            rep.pinned.add(fid)
            rep.arrival[fid] = now
        elif a.kind in (Kind.MARRY, Kind.SHOW):
            for code in (a.arg * 8 + KING, a.arg * 8 + QUEEN):
                free = [i for i in rep.hands[p] if rep.codes[i] == code and i not in rep.married]
                # (as the core: a copy already seen is the one shown)
                i = ([j for j in free if j in rep.revealed] or free)[0]
                rep.married.add(i)
                rep.revealed.add(i)
                rep.shown_at[i] = now
        rep.drawn_by_seat = []
        for q, _ in st.drawn:  # both players drew: winner, then loser
            i = rep.stock.pop(0)
            rep.hands[q].append(i)
            rep.draws[q] += 1
            rep.arrival[i] = now
            if not rep.stock:
                rep.revealed.add(i)  # the face-up card, seen by all
                rep.pinned.add(i)
            if q == self.seat:
                rep.drawn_by_seat.append(i)
        rep.fields = after
        rep.steps.append(st)
        if __debug__:  # the ids must follow the core's cards exactly
            for q in range(n):
                assert Counter(rep.codes[i] for i in rep.hands[q]) == Counter(after["hands"][q])
                assert len([i for i in rep.hands[q] if i in rep.revealed]) == len(after["known"][q])
            assert [rep.codes[i] for i in rep.stock] == list(after["stock"])

    def _replay(self, codes: list[int], actions: Sequence[Action]) -> _Replay:
        rep = self._build(codes)
        for a in actions:
            self._step(rep, a)
        return rep

    # --- reading ------------------------------------------------------------------------------
    @property
    def view(self) -> View:
        """The seat's view now (equal to ``View.from_game(real, seat)`` for the real game).

        Raises :class:`~sixtysix_solver.errors.IllegalActionError` while a drawn card is
        awaited (:attr:`pending_draw`). In four-hand-24, between the end of a trick and the
        next event, whether the leader's partner shows a marriage first depends on a hand the
        seat cannot see; the view then shows the shadow's guess (:attr:`phase_certain`)."""
        if self._pending is not None:
            raise IllegalActionError(
                "waiting for the card you drew from the stock: send drew <card> first"
            )
        if self._view is None:
            self._view = self._view_of(self._rep)
        return self._view

    def _view_of(self, rep: _Replay) -> View:
        v = View.from_game(rep.game, self.seat)
        base = self._base
        if base is None or not (base.lacks or base.holds):
            return v
        # Facts of the starting view stay true of the cards held then; a player who drew since
        # may have drawn one card of the set per draw.
        lacks = [Lack(lk.player, lk.masks, lk.at_most + rep.draws[lk.player])
                 for lk in base.lacks]
        public = v.public_cards()
        holds: list[Holds] = []
        for h in base.holds:
            cards = {c for opt in h.options for c in opt}
            if all(public[c] - v.known[h.player].count(c) <= 0 for c in cards):
                holds.append(h)
        return replace(v, lacks=v.lacks + tuple(lacks), holds=v.holds + tuple(holds))

    @property
    def pending_draw(self) -> bool:
        """Whether the seat drew a face-down card that it has not named yet (:meth:`drew`)."""
        return self._pending is not None

    @property
    def phase_certain(self) -> bool:
        """False only in four-hand-24 at the start of a lead whose show phase (the leader's
        partner holding a marriage) the seat cannot see yet."""
        return not self._uncertain()

    @property
    def to_act(self) -> int | None:
        return self._rep.game.to_act

    @property
    def is_over(self) -> bool:
        return self._rep.game.is_over

    @property
    def actions(self) -> list[Action]:
        """Every action so far, in order."""
        return list(self._actions)

    def shadow_deal(self) -> ShadowDeal:
        """What the exact re-deal (:func:`~sixtysix_solver.knowledge.matching.exact_deal`) reads
        of the shadow: the places of its start deal, their cards, and its replay so far."""
        rep = self._rep
        return ShadowDeal(
            profile=self.profile, seat=self.seat, fresh=self._fresh and self._base is None,
            codes=tuple(rep.codes), hand_ids=tuple(tuple(h) for h in self._hand_ids),
            stock_ids=tuple(self._stock_ids), aside_ids=tuple(self._aside_ids),
            trump_card=int(self._start["trump_card"]), steps=tuple(rep.steps), now=rep.fields,
            strict=rep.game.strict,
        )

    def shadow(self) -> Game:
        """A copy of the shadow game: one complete deal consistent with everything seen."""
        g = self._rep.game.clone()
        g.match_score = self.match
        return g

    def legal_actions(self) -> list[Action]:
        """The seat's legal actions when it is to act (else an empty list)."""
        if self._pending is not None or self._rep.game.to_act != self.seat:
            return []
        return self._rep.game.legal_actions()

    # --- events -------------------------------------------------------------------------------
    def act(self, seat: int, action: Action | str) -> None:
        """Seat ``seat`` took ``action`` (any seat, the tracker's own included).

        Raises :class:`~sixtysix_solver.errors.IllegalActionError` when it is not that
        seat's turn or the action is not legal whatever the hidden cards are, and
        :class:`ContradictionError` when no deal consistent with the history allows it. On
        any error the tracker is unchanged."""
        n = self.profile.players
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n:
            raise SixtySixError(f"seat must be a seat from 0 to {n - 1}, got {seat!r}")
        a = Action.parse(action) if isinstance(action, str) else action
        if not isinstance(a, Action):
            raise SixtySixError(f"expected an action, got {action!r}")
        if self._pending is not None:
            raise IllegalActionError(
                "waiting for the card you drew from the stock: send drew <card> first"
            )
        rep = self._rep
        g = rep.game
        if g.is_over:
            raise IllegalActionError(f"{a} is not legal: the hand is over")

        def fits(r: _Replay) -> bool:
            return r.game.to_act == seat and r.game.is_legal(a)

        if fits(rep):
            new = rep.copy()
            self._step(new, a)
            self._commit(new.codes, new, a)
            return
        uncertain = self._uncertain()
        if not uncertain:
            if g.to_act != seat:
                raise IllegalActionError(f"it is seat {g.to_act}'s turn, not seat {seat}'s")
            kinds = (Kind.PLAY, Kind.MARRY, Kind.SHOW) + (
                (Kind.EXCHANGE,) if self.profile.exchange_rank != "none" else ()
            )
            hidden_matters = seat != self.seat and a.kind in kinds
            if not hidden_matters:
                g.apply(a)  # raises the engine's message naming the legal actions
        need = self._needs(rep, seat, a)
        lacks: list[Lack] = []
        f = rep.fields
        if a.kind == Kind.PLAY and f["trick"] and g.strict and not uncertain:
            lead = f["leader"]
            trick = [((lead + i) % n, c) for i, c in enumerate(f["trick"])]
            masks = revealed_by_play(self.profile, f["trump_card"] >> 3, trick, seat, a.arg)
            if any(masks):
                lacks.append(Lack(seat, masks))
        backup = 1 if uncertain and self._actions else 0
        codes, fixed = self._repair(
            what=f"seat {seat} {'playing' if a.kind == Kind.PLAY else 'taking'} {a}",
            need=need, lacks=lacks, check=fits, backup=backup,
            exchanger=seat if a.kind == Kind.EXCHANGE else None, swaps=not uncertain,
            event=(seat, a),
        )
        self._step(fixed, a)
        self._commit(codes, fixed, a)

    def drew(self, card: CardLike) -> None:
        """The seat drew ``card`` from the stock (after the action that made it draw).

        Only a face-down card needs naming; naming the face-up card the seat just took is
        accepted as a confirmation. Raises :class:`ContradictionError` when the card cannot
        have been in the stock, :class:`~sixtysix_solver.errors.IllegalActionError` when no
        draw is awaited."""
        c = _code(card)
        rep = self._rep
        pid = self._pending
        if pid is None:
            last = rep.drawn_by_seat
            if last and rep.codes[last[-1]] == c and last[-1] in rep.revealed:
                return  # the face-up card, which the tracker placed already
            raise IllegalActionError(
                f"no draw is awaited: drew {_text(c)} must follow the action after which you "
                "drew a face-down card"
            )
        if rep.codes[pid] != c:
            where = self._public_place(rep, c, pid)
            if where:
                raise ContradictionError(f"you cannot have drawn {_text(c)}: {where}")
            codes, rep = self._repair(
                what=f"drawing {_text(c)}", need=[], lacks=[], check=lambda r: True, backup=0,
                exchanger=None, swaps=True, pending=(pid, c),
            )
        else:
            codes = rep.codes
        self._pending = None
        self._commit(codes, rep, None)

    def expect_turn(self, seat: int) -> None:
        """The real game says ``seat`` is to act now. Only four-hand-24 may need this (see
        :attr:`phase_certain`): the shadow is repaired if needed; elsewhere it only checks."""
        g = self._rep.game
        if self._pending is not None:
            raise IllegalActionError(
                "waiting for the card you drew from the stock: send drew <card> first"
            )
        if g.to_act == seat:
            return
        if g.to_act is None:
            raise IllegalActionError("the hand is over: nobody is to act")
        if not self._uncertain():
            raise IllegalActionError(f"it is seat {g.to_act}'s turn, not seat {seat}'s")
        codes, rep = self._repair(
            what=f"seat {seat} to act", need=[], lacks=[],
            check=lambda r: r.game.to_act == seat, backup=1 if self._actions else 0,
            exchanger=None, swaps=False,
        )
        self._commit(codes, rep, None)

    # --- helpers for events -------------------------------------------------------------------
    def _commit(self, codes: list[int], rep: _Replay, action: Action | None) -> None:
        """Make a checked replay current (after the event when ``action`` is given)."""
        if action is not None:
            self._actions.append(action)
            pend = [i for i in rep.drawn_by_seat if i not in rep.revealed]
            self._pending = pend[0] if pend else None
        rep.codes = list(codes)
        self._rep = rep
        self._view = None

    def _uncertain(self) -> bool:
        prof = self.profile
        if not prof.marriage_by_partner:
            return False
        f = self._rep.fields
        if f["trick"] or f["turn_step"] or f["phase"] not in ("lead", "show"):
            return False
        if (f["leader"] + 2) % prof.players == self.seat:
            return False  # the seat sees its own marriages
        if not self._actions:
            return self._fresh
        return self._actions[-1].kind == Kind.PLAY  # a trick has just ended

    def _needs(self, rep: _Replay, seat: int, a: Action) -> list[tuple[int, int]]:
        """The cards the action needs in ``seat``'s hand that the shadow does not put there."""
        if seat == self.seat:
            return []
        hand = rep.hands[seat]
        if a.kind == Kind.PLAY:
            want = [a.arg]
        elif a.kind == Kind.EXCHANGE and (
            low := self.profile.exchange_card(rep.fields["trump_card"] >> 3)
        ) is not None:
            want = [low]
        elif a.kind in (Kind.MARRY, Kind.SHOW):
            want = [a.arg * 8 + KING, a.arg * 8 + QUEEN]
        else:
            return []
        out = []
        for c in want:
            have = [i for i in hand if rep.codes[i] == c
                    and (a.kind == Kind.PLAY or i not in rep.married)]
            if not have:
                where = self._public_place(rep, c, None, seat)
                if where:
                    raise ContradictionError(f"seat {seat} cannot hold {_text(c)}: {where}")
                out.append((seat, c))
        return out

    def _public_place(
        self, rep: _Replay, c: int, pending: int | None, holder: int | None = None,
    ) -> str:
        """Where every copy of card ``c`` is known to lie ('' if some copy is unseen)."""
        f = rep.fields
        places: list[str] = []
        for i in rep.hands[self.seat]:
            if rep.codes[i] == c and i != pending:
                places.append("it is in your hand")
        for p in range(self.profile.players):
            for t in f["taken"][p]:
                if t == c:
                    places.append(f"it was played (taken by seat {p})")
            if p not in (self.seat, holder):
                for i in rep.hands[p]:
                    if rep.codes[i] == c and i in rep.revealed:
                        places.append(f"it is known to be in seat {p}'s hand")
        if c in f["trick"]:
            places.append("it is in the trick")
        if f["stock"] and f["stock"][-1] == c:
            places.append("it lies face up under the stock")
        if len(places) >= self.profile.copies:
            return "; ".join(places)
        return ""

    def _hidden_ids(self, rep: _Replay) -> list[int]:
        out = list(rep.stock[:-1]) + list(rep.aside)
        for p in range(self.profile.players):
            if p != self.seat:
                out += [i for i in rep.hands[p] if i not in rep.revealed]
        return out

    def _repair(
        self, *, what: str, need: list[tuple[int, int]], lacks: list[Lack],
        check: Callable[[_Replay], bool], backup: int, exchanger: int | None, swaps: bool,
        pending: tuple[int, int] | None = None, event: tuple[int, Action] | None = None,
    ) -> tuple[list[int], _Replay]:
        """A new start deal (and its replay up to now) in which ``check`` holds (``event``:
        the action being fitted, ``pending``: the seat's draw being named).

        First single swaps of hidden cards (``swaps``). Then, in a two-player deal, the exact
        re-deal of :mod:`~sixtysix_solver.knowledge.matching`: a bipartite matching of the cards
        seen to the places of the deal, which also proves a contradiction. Elsewhere (or should
        the engine's replay refuse that deal), the sampled layouts of :meth:`_repair_from`.
        Where no layout of the view ``backup`` actions ago fits, the shadow's own earlier
        choices may leave the event no room: which id of a hand played a card (a card drawn
        later may be the only one that could have been played), which card a hidden draw was.
        Then layouts from 1, 2, 4 and 8 actions further back are tried, judged by the replay
        alone (an action replays legally only where the facts it reveals hold)."""
        if swaps and backup == 0:
            got = self._swaps(self._rep, need, check, pending)
            if got is not None:
                return got
        if backup == 0:
            exact = exact_deal(self.shadow_deal(), event, pending, self._rng)
            if isinstance(exact, Infeasible):
                raise ContradictionError(f"{what} contradicts what was seen so far")
            if exact is not None:
                fixed = self._attempt(exact, check)
                if fixed is not None:
                    return fixed
                if event is not None:
                    self._refuse_publicly(exact, *event)
        try:
            return self._repair_from(
                what=what, need=need, lacks=lacks, check=check, backup=backup,
                exchanger=exchanger, pending=pending,
            )
        except ContradictionError:
            pass
        # From further back the replay also draws the seat's own cards again: they must come
        # out as the seat saw them (its hand now, and the card it is drawing).
        pid, c = pending if pending is not None else (-1, -1)
        rep = self._rep
        mine = Counter(rep.codes[i] for i in rep.hands[self.seat] if i != pid)

        def full(r: _Replay) -> bool:
            return (check(r) and (pid < 0 or r.codes[pid] == c)
                    and Counter(r.codes[i] for i in r.hands[self.seat] if i != pid) == mine)

        for more in (1, 2, 4, 8):
            if backup + more > len(self._actions):
                break
            try:
                return self._repair_from(
                    what=what, need=[], lacks=[], check=full, backup=backup + more,
                    exchanger=exchanger,
                )
            except ContradictionError:
                pass
        raise ContradictionError(f"{what} contradicts what was seen so far")

    def _refuse_publicly(self, codes: list[int], seat: int, a: Action) -> None:
        """The exact deal replays the history but the engine refuses the event on it: no deal
        would take it, the event breaks a rule anybody can check (a play in the draw phase,
        an exchange after a close). Raise the engine's reason, without the legal actions of
        the shadow's stand-in hand."""
        try:
            rep = self._replay(codes, self._actions)
        except (IllegalActionError, PositionError):
            return  # (the model missed something: the sampled repairs judge)
        if rep.game.to_act != seat:
            return
        try:
            rep.game.apply(a)
        except IllegalActionError as e:
            reason = str(e).split("; legal:")[0]
            raise IllegalActionError(f"{reason}, whatever the hidden cards are") from None

    def _repair_from(
        self, *, what: str, need: list[tuple[int, int]], lacks: list[Lack],
        check: Callable[[_Replay], bool], backup: int, exchanger: int | None,
        pending: tuple[int, int] | None = None,
    ) -> tuple[list[int], _Replay]:
        """A new start deal (and its replay up to now) in which ``check`` holds: sampled
        layouts of the view ``backup`` actions ago."""
        rep = self._rep
        t0 = time.perf_counter()
        k = len(self._actions) - backup
        base = rep if backup == 0 else self._replay(rep.codes, self._actions[:k])
        try:
            view = self._view_of(base)
            if backup == 0 and self._uncertain():
                # At the deal the only facts are the shadow's guess about the show phase.
                view = replace(view, lacks=(), holds=())
            if pending is not None:
                pid, c = pending
                hand: list[int] = list(view.hand)
                hand.remove(base.codes[pid])
                view = replace(view, hand=card_tuple(hand + [c]))
            if need:
                known: list[list[int]] = [list(x) for x in view.known]
                for p, c in need:
                    known[p].append(c)
                view = replace(view, known=tuple(card_tuple(x) for x in known))
            if lacks:
                view = replace(view, lacks=view.lacks + tuple(lacks))
            space = WorldSpace(view, stock_order=False)
            stream = space.stream(self._rng.randrange(2**32))
        except SixtySixError:
            raise ContradictionError(f"{what} contradicts what was seen so far") from None
        forbid = {i: set(s) for i, s in base.forbid.items()}
        low = self.profile.exchange_card(base.fields["trump_card"] >> 3)
        if exchanger is not None and low is not None:
            for p, ids in base.skips:
                if p == exchanger:
                    for i in ids:
                        forbid.setdefault(i, set()).add(low)
        for lay in itertools.islice(stream, _LAYOUT_TRIES):
            if time.perf_counter() - t0 > _REPAIR_SECONDS:
                break
            codes = self._relabel(base, lay, forbid)
            fixed = None if codes is None else self._attempt(codes, check)
            if fixed is not None:
                return fixed
        raise ContradictionError(f"{what} contradicts what was seen so far")

    def _swaps(
        self, rep: _Replay, need: list[tuple[int, int]], check: Callable[[_Replay], bool],
        pending: tuple[int, int] | None,
    ) -> tuple[list[int], _Replay] | None:
        """Cheap repairs: swap each needed card with a hidden card of the place it must be."""
        hidden = self._hidden_ids(rep)
        moves: list[tuple[list[int], list[int]]] = []  # per need: sources, targets
        if pending is not None:
            pid, c = pending
            moves.append(([i for i in hidden if rep.codes[i] == c], [pid]))
        needed = {c for _, c in need}
        for p, c in need:
            targets = [
                i for i in rep.hands[p]
                if i not in rep.revealed and i not in rep.married and rep.codes[i] not in needed
            ]
            moves.append(([i for i in hidden if rep.codes[i] == c and i not in rep.hands[p]],
                          targets))
        if not moves or any(not s or not t for s, t in moves):
            return None
        tried: set[tuple[tuple[int, int], ...]] = set()
        for _ in range(_SWAP_TRIES):
            pairs: list[tuple[int, int]] = []
            used: set[int] = set()
            for sources, targets in moves:
                s = self._rng.choice([i for i in sources if i not in used] or [-1])
                t = self._rng.choice([i for i in targets if i not in used] or [-1])
                if s < 0 or t < 0:
                    break
                used.update((s, t))
                pairs.append((s, t))
            key = tuple(sorted(pairs))
            if len(pairs) != len(moves) or key in tried:
                continue
            tried.add(key)
            codes = list(rep.codes)
            for s, t in pairs:
                codes[s], codes[t] = codes[t], codes[s]
            fixed = self._attempt(codes, check)
            if fixed is not None:
                return fixed
        return None

    def _attempt(
        self, codes: list[int], check: Callable[[_Replay], bool],
    ) -> tuple[list[int], _Replay] | None:
        """The shadow dealt ``codes``, if every action replays on it and ``check`` holds."""
        try:
            new = self._replay(codes, self._actions)
        except (IllegalActionError, PositionError):
            return None
        return (codes, new) if check(new) else None

    def _relabel(
        self, rep: _Replay, lay: Layout, forbid: dict[int, set[int]],
    ) -> list[int] | None:
        """The start deal that puts ``lay``'s cards where the replay's ids lie now (``None``
        if earlier plays forbid every such assignment)."""
        codes = list(rep.codes)
        if len(rep.stock) != len(lay.stock):
            return None
        hidden = list(lay.stock[:-1])
        self._rng.shuffle(hidden)  # any order fits: nothing is known about the stock's order
        for i, c in zip(rep.stock, hidden + list(lay.stock[-1:])):
            codes[i] = c
        got = _match(rep.aside, list(lay.aside), rep.codes, {}, self._rng)
        if got is None:
            return None
        _update(codes, got)
        single = self.profile.copies == 1
        for p in range(self.profile.players):
            target = Counter(lay.hands[p])
            free: list[int] = []
            extra: dict[int, set[int]] = {}
            for i in rep.hands[p]:
                if p != self.seat and i in rep.revealed and (i in rep.pinned or not single):
                    if target[rep.codes[i]] <= 0:
                        return None  # a card that came in face up stays where it is
                    target[rep.codes[i]] -= 1
                else:
                    free.append(i)
            if p != self.seat:
                # A card shown in a marriage may move to any id that was in the hand then.
                for i in free:
                    if i in rep.revealed:
                        for j in free:
                            if rep.arrival.get(j, 0) > rep.shown_at.get(i, 0):
                                extra.setdefault(j, set()).add(rep.codes[i])
                for j, codes_ in forbid.items():
                    extra.setdefault(j, set()).update(codes_)
            got = _match(free, list(target.elements()), rep.codes, extra, self._rng)
            if got is None:
                return None
            _update(codes, got)
        return codes


def _update(codes: list[int], got: dict[int, int]) -> None:
    for i, c in got.items():
        codes[i] = c


def _match(
    ids: list[int], targets: list[int], current: list[int], forbid: dict[int, set[int]],
    rng: random.Random,
) -> dict[int, int] | None:
    """Assign the cards ``targets`` to ``ids`` (one each), no id getting a card it is
    forbidden, keeping each id's current card where possible (a bipartite matching)."""
    n = len(ids)
    if n != len(targets):
        return None
    adj = [[t for t in range(n) if targets[t] not in forbid.get(i, ())] for i in ids]
    prefer = [[t for t in row if targets[t] == current[i]] for i, row in zip(ids, adj)]
    got = bipartite_matching(adj, prefer, n, rng)
    if got is None:
        return None
    return {ids[k]: targets[got[k]] for k in range(n)}

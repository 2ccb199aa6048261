"""One replay of a hand's history: each action with the positions around it, what the actions
revealed about the hands a seat cannot see, and whether a game started from a deal as the
engine makes it.

:func:`advance` applies one action and returns its :class:`Step` (who acted, the fields before
and after, whether strict play applied, who drew which card). :class:`FactLog` gathers, step by
step, what the actions revealed about every player, and gives the facts a seat knows
(:meth:`FactLog.facts`). A :class:`Walk` is the two together over a game's history.
:meth:`View.from_game <sixtysix_solver.knowledge.view.View.from_game>` (through
:func:`history_facts`), the :class:`~sixtysix_solver.knowledge.history.History` and the
:class:`~sixtysix_solver.knowledge.tracker.HandTracker` read hands through this module.

>>> g = Game.deal("schnapsen", seed=3)
>>> for a in ["JD", "KD"]:
...     g.apply(a)
>>> w = Walk(g)
>>> [(s.actor, str(s.action), s.strict, s.drawn) for s in w.steps]
[(1, 'JD', False, ()), (0, 'KD', False, ((0, 26), (1, 2)))]
>>> w.facts(0, g.fields())
((), ())
"""

from __future__ import annotations

import threading
from collections import Counter, OrderedDict
from collections.abc import Callable, Hashable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from ..errors import IllegalActionError, PositionError, SixtySixError
from ..rules.actions import Action, Kind
from ..rules.cards import Card
from ..rules.game import Game
from ..rules.profiles import Profile
from .facts import (
    Holds, Lack, Masks, normal_masks, normalize_holds, normalize_lacks, rank_of,
    revealed_by_play, suit_of, union_masks,
)

__all__ = ["FactLog", "KeptWalks", "Step", "Walk", "advance", "fresh_deal", "history_facts",
           "start_key"]


def fresh_deal(game: Game) -> bool:
    """Whether the game's start position is a deal as the engine makes it (nothing played or
    declared, and dealing the same cards gives the same position)."""
    f = game.start_fields
    if f["trick"] or any(f["taken"]) or any(any(d) for d in f["declared"]):
        return False
    try:
        dealt = Game.from_deal(
            game.profile, dealer=f["dealer"],
            hands=[[Card.from_code(c) for c in h] for h in f["hands"]],
            stock=[Card.from_code(c) for c in f["stock"]],
            aside=[Card.from_code(c) for c in f["aside"]],
            trump_card=Card.from_code(f["trump_card"]), carry=f["carry"],
        )
    except SixtySixError:
        return False
    return dealt.fields() == f


@dataclass(frozen=True)
class Step:
    """One action of a hand: ``actor`` took ``action``; ``before`` and ``after`` are the
    position's fields around it (shared between readers: never change them); ``strict``:
    strict play applied when it was taken; ``drawn``: (player, card) for each card drawn from
    the stock after it, in the order drawn (the trick's winner first)."""

    actor: int
    action: Action
    before: dict[str, Any]
    after: dict[str, Any]
    strict: bool
    drawn: tuple[tuple[int, int], ...]

    @property
    def face_up(self) -> tuple[int, int] | None:
        """(player, card) when the face-up card under the stock was drawn (the stock's last
        card, which everybody sees), else ``None``."""
        if self.drawn and not self.after["stock"]:
            return self.drawn[-1]
        return None


def advance(game: Game, action: Action, before: dict[str, Any] | None = None) -> Step:
    """Apply ``action`` to ``game`` and return its step (``before``: the game's fields now,
    when the caller has them). An illegal action raises
    :class:`~sixtysix_solver.errors.IllegalActionError` and leaves the game as it was."""
    if before is None:
        before = game.fields()
    p = game.to_act
    if p is None:
        raise IllegalActionError(f"{action} is not legal: the hand is over")
    strict = game.strict
    game.apply(action)  # raises before anything changed when illegal
    after = game.fields()
    stock = before["stock"]
    drawn: tuple[tuple[int, int], ...] = ()
    gone = len(stock) - len(after["stock"])
    if gone > 0:
        n = game.players
        first = after["last_trick_winner"]
        drawn = tuple(((first + i) % n, stock[i]) for i in range(gone))
    return Step(p, action, before, after, strict, drawn)


class FactLog:
    """What a hand's actions revealed about every player's hand so far (``docs/views.md``:
    *Revealed facts*), fed one :class:`Step` at a time (:meth:`add`); :meth:`facts` gives what
    one seat knows of the others. ``fresh``: the hand started at a fresh deal (in
    four-hand-24 its phase tells about the partner's marriages)."""

    def __init__(self, prof: Profile, start: dict[str, Any], fresh: bool) -> None:
        n = prof.players
        self.profile = prof
        self.trump = suit_of(int(start["trump_card"]))
        low = prof.exchange_card(self.trump)
        self.low = -1 if low is None else low
        self.draws = [0] * n
        # Per player: revealed card sets with the number of that player's draws before them.
        self.reveals: list[list[tuple[Masks, int]]] = [[] for _ in range(n)]
        self.exits: list[list[int]] = [[] for _ in range(n)]  # release of each card that left
        self.fixed: list[Counter[int]] = [Counter() for _ in range(n)]  # came by a known route
        self.fixed_slot = [-1] * n  # the draw (1-based) that brought the known face-up card
        self.played: list[list[int]] = [[] for _ in range(n)]
        # Marriage shows (marriage_by_partner): (player, plays so far, suits not yet used) when
        # the player could not show (no pair) or passed (a pair).
        self.no_pair: list[tuple[int, int, list[int]]] = []
        self.had_pair: list[tuple[int, int, list[int]]] = []
        if prof.marriage_by_partner and fresh:
            self._lead_started(start)

    def copy(self) -> FactLog:
        new = FactLog.__new__(FactLog)
        new.profile, new.trump, new.low = self.profile, self.trump, self.low
        new.draws = list(self.draws)
        new.reveals = [list(x) for x in self.reveals]
        new.exits = [list(x) for x in self.exits]
        new.fixed = [Counter(x) for x in self.fixed]
        new.fixed_slot = list(self.fixed_slot)
        new.played = [list(x) for x in self.played]
        new.no_pair = list(self.no_pair)
        new.had_pair = list(self.had_pair)
        return new

    def _release(self, p: int, code: int) -> int:
        r = 0
        for m, k in self.reveals[p]:
            if m[suit_of(code)] >> rank_of(code) & 1:
                r = max(r, k + 1)
        return r

    @staticmethod
    def _unused_suits(f: dict[str, Any], p: int) -> list[int]:
        married = set(f["married"][p])
        return [s for s in range(4) if s * 8 + 2 not in married and s * 8 + 3 not in married]

    def _lead_started(self, f: dict[str, Any]) -> None:
        """A lead begins with the phase ``f['phase']``: no show phase tells that the leader's
        partner holds no pair it could show."""
        prof = self.profile
        if not prof.marriage_by_partner or f["phase"] != "lead" or f["turn_step"]:
            return
        q = (f["leader"] + 2) % prof.players
        if prof.marriages == "none":
            return
        if prof.marriage_before_trick == "forbidden" and not (
            f["taken"][q] or f["taken"][f["leader"]]
        ):
            return
        self.no_pair.append((q, len(self.played[q]), self._unused_suits(f, q)))

    def add(self, step: Step) -> None:
        """Take in one more action."""
        prof, n = self.profile, self.profile.players
        f, g, p, action = step.before, step.after, step.actor, step.action
        if action.kind == Kind.PLAY:
            self.played[p].append(action.arg)
            code = action.arg
            if f["trick"] and step.strict:
                lead = f["leader"]
                trick = [((lead + i) % n, c) for i, c in enumerate(f["trick"])]
                m = revealed_by_play(prof, self.trump, trick, p, code)
                if any(m):
                    self.reveals[p].append((m, self.draws[p]))
            if self.fixed[p][code] > 0:
                self.fixed[p][code] -= 1
            else:
                self.exits[p].append(self._release(p, code))
        elif action.kind == Kind.EXCHANGE:
            self.exits[p].append(self._release(p, self.low))
            self.fixed[p][f["stock"][-1]] += 1
        elif action.kind == Kind.PASS and f["phase"] == "show":
            self.had_pair.append((p, len(self.played[p]), self._unused_suits(f, p)))
        if step.drawn:  # everybody drew
            for q in range(n):
                self.draws[q] += 1
            up = step.face_up
            if up is not None and n == 2:
                taker, card = up  # the trick's loser takes the face-up card
                self.fixed[taker][card] += 1
                self.fixed_slot[taker] = self.draws[taker]
        if action.kind == Kind.PLAY and len(f["trick"]) == n - 1 and not g["trick"]:
            self._lead_started(g)

    def facts(
        self, seat: int, now: dict[str, Any],
    ) -> tuple[tuple[Lack, ...], tuple[Holds, ...]]:
        """The facts revealed so far about the hands ``seat`` cannot see, as exact limits on
        the hands of ``now`` (the fields of the position reached; only ``seat``'s own hand
        and what is public are read)."""
        prof, n = self.profile, self.profile.players
        r = prof.ranks_per_suit
        sizes = [len(h) for h in now["hands"]]
        lacks: list[Lack] = []
        for p in range(n):
            if p == seat or not self.reveals[p]:
                continue
            m_draws = self.draws[p]
            known = Counter(now["known"][p])
            loose = known - self.fixed[p]  # known cards that came by an ordinary draw or the deal
            best: dict[Masks, int] = {}
            for a in range(1, m_draws + 2):
                union: Masks = (0, 0, 0, 0)
                for m, k in self.reveals[p]:
                    if k + 1 >= a:
                        union = union_masks(union, m)
                masks = normal_masks(union, r)
                if not any(masks):
                    continue
                slot = self.fixed_slot[p]
                slots = max(0, m_draws - a + 1) - (1 if a <= slot <= m_draws else 0)
                used = sum(1 for e in self.exits[p] if e >= a) + sum(
                    k for c, k in loose.items() if self._release(p, c) >= a
                )
                lk = Lack(p, masks)
                budget = slots - used + lk.count_in(known.elements())
                if budget < 0:  # pragma: no cover - a real history always fits
                    raise PositionError("the history contradicts itself")
                best[masks] = min(budget, best.get(masks, budget))
            lacks.extend(Lack(p, m, k) for m, k in best.items())

        # Marriage shows. A card is "elsewhere" when the seat can place it outside the
        # player's hand.
        away_of: dict[int, Counter[int]] = {}

        def elsewhere(p: int) -> Counter[int]:
            if p not in away_of:
                c: Counter[int] = Counter(now["hands"][seat])
                c.update(now["trick"])
                for q in range(n):
                    c.update(now["taken"][q])
                    if q not in (p, seat):
                        c.update(now["known"][q])
                away_of[p] = c
            return away_of[p]

        holds: list[Holds] = []
        for p, t, suits in self.no_pair:
            if p == seat:
                continue
            gone, away = Counter(self.played[p][t:]), elsewhere(p)
            for s in suits:
                rest = [c for c in (s * 8 + 2, s * 8 + 3) if not gone[c]]
                if rest and not any(away[c] - gone[c] > 0 for c in rest):
                    lacks.append(Lack.of_cards(p, rest, len(rest) - 1))
        for p, t, suits in self.had_pair:
            if p == seat:
                continue
            gone, away = Counter(self.played[p][t:]), elsewhere(p)
            options = []
            satisfied = False
            for s in suits:
                rest = [c for c in (s * 8 + 2, s * 8 + 3) if not gone[c]]
                if any(away[c] - gone[c] > 0 for c in rest):
                    continue  # that pair cannot have been in the hand
                if not (Counter(rest) - Counter(now["known"][p])):
                    satisfied = True
                options.append(tuple(sorted(rest)))
            if not satisfied:
                holds.append(Holds(p, tuple(options)))
        return normalize_lacks(lacks, prof, sizes), normalize_holds(holds)


class Walk:
    """One replay of a hand's history, extendable action by action: ``game`` the replay (the
    position reached), ``fields`` its fields, ``steps`` every action so far with the positions
    around it, ``log`` what they revealed. Built from a game (its start position and actions);
    ``fresh``: whether the start is a fresh deal, when the caller knows (else asked of
    :func:`fresh_deal` where it matters)."""

    def __init__(self, game: Game, fresh: bool | None = None, *, replay: bool = True) -> None:
        prof = game.profile
        start = game.start_fields
        if fresh is None:
            fresh = prof.marriage_by_partner and fresh_deal(game)
        self.profile = prof
        self.game = Game.from_fields(prof, start)
        self.fields: dict[str, Any] = self.game.fields()
        self.steps: list[Step] = []
        self.log = FactLog(prof, start, fresh)
        if replay:
            self.extend(game.actions)

    def step(self, action: Action) -> Step:
        """Replay one more action."""
        st = advance(self.game, action, self.fields)
        self.log.add(st)
        self.steps.append(st)
        self.fields = st.after
        return st

    def extend(self, actions: Sequence[Action]) -> None:
        for a in actions:
            self.step(a)

    def leads_to(self, actions: Sequence[Action]) -> bool:
        """Whether the actions replayed so far begin ``actions``."""
        return len(self.steps) <= len(actions) and all(
            s.action == a for s, a in zip(self.steps, actions)
        )

    def extend_to(self, actions: Sequence[Action]) -> None:
        """Replay the actions past those replayed so far (``actions``: the whole history)."""
        self.extend(actions[len(self.steps):])

    def facts(
        self, seat: int, now: dict[str, Any],
    ) -> tuple[tuple[Lack, ...], tuple[Holds, ...]]:
        """The facts ``seat`` knows so far (:meth:`FactLog.facts`)."""
        return self.log.facts(seat, now)


class Extendable(Protocol):
    """A walk of a hand, or what is read along one: :class:`KeptWalks` keeps these."""

    def leads_to(self, actions: Sequence[Action]) -> bool: ...

    def extend_to(self, actions: Sequence[Action]) -> None: ...


E = TypeVar("E", bound=Extendable)


class KeptWalks(Generic[E]):
    """The latest few walks (or what is read along them) by key, so that a hand followed
    decision by decision (an arena, a review, an advice engine) reads only its new actions
    instead of replaying the hand every time."""

    def __init__(self, size: int = 8) -> None:
        self._items: OrderedDict[Hashable, E] = OrderedDict()
        self._size = size
        self._lock = threading.Lock()

    @contextmanager
    def extended(
        self, key: Hashable, actions: Sequence[Action], new: Callable[[], E],
    ) -> Iterator[E]:
        """The walk kept under ``key`` (or ``new()``, where none leads to ``actions``) taken to
        the end of ``actions``; the caller reads it under the lock, before another thread
        extends it."""
        with self._lock:
            w = self._items.get(key)
            if w is None or not w.leads_to(actions):
                w = new()
            try:
                w.extend_to(actions)
            except BaseException:  # (a half-read action: read the hand again next time)
                self._items.pop(key, None)
                raise
            self._items[key] = w
            self._items.move_to_end(key)
            while len(self._items) > self._size:
                self._items.popitem(last=False)
            yield w


_WALKS: KeptWalks[Walk] = KeptWalks()


def start_key(game: Game) -> tuple[Any, ...]:
    """A hashable key of ``game``'s profile and start position (games that share it replay
    their common actions alike)."""
    return (game.profile, repr(game.start_fields))  # (the fields: ints, strings, lists)


def history_facts(
    game: Game, seat: int, now: dict[str, Any],
) -> tuple[tuple[Lack, ...], tuple[Holds, ...]]:
    """The facts revealed by ``game.actions`` about the other hands, as exact limits on the
    current hands (``docs/views.md``: *Revealed facts*).

    The walk is kept: asked again about the same hand a few actions on, it replays only the
    new actions."""
    actions = game.actions
    if not actions:
        return Walk(game, replay=False).facts(seat, now)
    with _WALKS.extended(start_key(game), actions, lambda: Walk(game, replay=False)) as w:
        return w.facts(seat, now)

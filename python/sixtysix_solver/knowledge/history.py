"""The public history of a hand from one seat's side: who did what, and what the seat drew.

A :class:`~sixtysix_solver.knowledge.view.View` says what a seat knows *now*; weighting worlds by how
likely the other players' choices were (:mod:`sixtysix_solver.advice.opponents`,
:mod:`sixtysix_solver.advice.pasts`) also needs *when* each card was shown, played or drawn. A
:class:`History` is that record, taken from a :class:`~sixtysix_solver.rules.game.Game` that started
at a fresh deal (a real game, or the shadow game of the engine's
:class:`~sixtysix_solver.knowledge.tracker.HandTracker`). Only what the seat sees is kept: the actions and
who made them, the seat's own cards and draws, the cards shown, played and drawn face up, and
the other players' views at their decisions with their own cards left out.

>>> from sixtysix_solver.rules.game import Game
>>> g = Game.deal("schnapsen", seed=3)
>>> for a in ["JD", "KD", "KS"]:
...     g.apply(a)
>>> h = History.from_game(g, 0)
>>> h.seat, [str(a) for a in h.actions], h.actors, [d.index for d in h.decisions]
(0, ['JD', 'KD', 'KS'], (1, 0, 0), [0])
>>> h.draws[0], h.gone[1], h.held[1]
(Draw(after=1, player=0, card=Card.parse('KS'), face_up=False), ((0, 12),), ((0, (12,)),))
>>> History.from_game(Game.from_fields("schnapsen", g.fields()), 0)
Traceback (most recent call last):
...
sixtysix_solver.knowledge.history.HistoryError: the game does not start at a fresh deal: its history is unknown
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..rules.actions import Action, Kind
from ..rules.cards import Card
from ..errors import SixtySixError
from .facts import FULL, Holds, Lack, could_exchange, union_masks
from ..rules.game import Game
from ..rules.profiles import Profile
from .replay import KeptWalks, Walk, fresh_deal, start_key
from .view import View, view_from_fields

__all__ = ["Decision", "Draw", "History", "HistoryError"]


class HistoryError(SixtySixError):
    """No usable history: a view alone, a game that did not start at a deal, or a history that
    does not lead to the position being advised on."""


@dataclass(frozen=True)
class Draw:
    """One card drawn from the stock: after action ``after`` (so held from action ``after + 1``
    on) by ``player``; ``card`` is the card when the seat can see it (its own draw, or the
    face-up card drawn last, ``face_up``), else ``None``."""

    after: int
    player: int
    card: Card | None
    face_up: bool


@dataclass(frozen=True)
class Decision:
    """Another player's decision: action ``index`` of the history, by ``player``.

    ``fields`` are the public fields of that moment (the hidden cards blanked: only the sizes
    of the hands, stock and dead hand are real); ``lacks``/``holds`` the facts the player had
    about the others (before they are normalised against its hand); ``could_exchange``: the
    public conditions of an exchange held (for ``exchange_lost_if_skipped``: skipping it while
    holding the low trump loses the right)."""

    index: int
    player: int
    action: Action
    fields: dict[str, Any]
    match: tuple[int, ...] | None
    lacks: tuple[Lack, ...]
    holds: tuple[Holds, ...]
    could_exchange: bool

    def view_with(self, profile: Profile, hand: Sequence[int], exchange_lost: bool = False) -> View:
        """The player's view at this decision had it held ``hand``."""
        f = dict(self.fields)
        hands = list(f["hands"])
        hands[self.player] = list(hand)
        f["hands"] = hands
        lost = list(f["exchange_lost"])
        lost[self.player] = int(exchange_lost)
        f["exchange_lost"] = lost
        base = view_from_fields(profile, f, self.player, self.match)
        return replace(base, lacks=self.lacks, holds=self.holds)


def _blank(f: dict[str, Any]) -> dict[str, Any]:
    """Public fields only: the hands, the stock below its face-up card and the dead hand
    become placeholders of the right sizes, every ``exchange_lost`` flag 0."""
    out = dict(f)
    out["hands"] = [[0] * len(h) for h in f["hands"]]
    out["stock"] = [f["stock"][-1]] * len(f["stock"]) if f["stock"] else []
    out["aside"] = [0] * len(f["aside"])
    out["exchange_lost"] = [0] * len(f["exchange_lost"])
    return out


@dataclass(frozen=True)
class History:
    """A hand's public history from ``seat``'s side (build it with :meth:`from_game`).

    ``actions``/``actors``: every action and who made it; ``start_hand``: the seat's dealt
    cards; ``draws``: every card drawn from the stock, in order; ``gone[p]``: (action index,
    card) for each card that left player ``p``'s hand (played, or given up in an exchange);
    ``held[p]``: (action index, cards) that ``p`` must have held at that action (cards shown or
    used then, and cards shown before and still in the hand); ``arrived[p]``: (time, card) for
    cards that came to ``p`` face up (the trump card by an exchange, the face-up card drawn
    last), held from action ``time`` on; ``decisions``: the other players' decisions."""

    profile: Profile
    seat: int
    actions: tuple[Action, ...]
    actors: tuple[int, ...]
    start_hand: tuple[int, ...]
    draws: tuple[Draw, ...]
    gone: tuple[tuple[tuple[int, int], ...], ...]
    held: tuple[tuple[tuple[int, tuple[int, ...]], ...], ...]
    arrived: tuple[tuple[tuple[int, int], ...], ...]
    decisions: tuple[Decision, ...]
    start_fields: dict[str, Any]  # public fields of the deal (hands, stock, aside blanked)
    view: View  # the seat's view at the end of the history
    voids: tuple[tuple[int, ...], ...] = ()

    @classmethod
    def from_game(cls, game: Game, seat: int | None = None) -> History:
        """The history of ``game`` seen from ``seat`` (default: the seat to act). The game
        must have started at a fresh deal; only what ``seat`` sees is read from it.

        The building is kept: asked again about the same hand a few actions on (an engine
        advising at every decision), only the new actions are read."""
        if not isinstance(game, Game):
            raise HistoryError(f"a history is read from a Game, got {type(game).__name__}")
        if seat is None:
            seat = game.to_act
            if seat is None:
                raise HistoryError("the hand is over: name the seat")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < game.players:
            raise HistoryError(f"seat must be 0..{game.players - 1}, got {seat!r}")
        actions = game.actions
        match = game.match_score
        start = game.start_fields
        key = (start_key(game), seat, None if match is None else tuple(match))

        def new() -> _Builder:
            if not fresh_deal(game):
                raise HistoryError(
                    "the game does not start at a fresh deal: its history is unknown"
                )
            return _Builder(game, seat)

        with _BUILDERS.extended(key, actions, new) as b:
            prof = game.profile
            start_public = dict(start)
            start_public["hands"] = [[] for _ in range(prof.players)]
            start_public["stock"] = []
            start_public["aside"] = []
            return cls(
                profile=prof,
                seat=seat,
                actions=tuple(actions),
                actors=tuple(b.actors),
                start_hand=tuple(sorted(start["hands"][seat])),
                draws=tuple(b.draws),
                gone=tuple(tuple(x) for x in b.gone),
                held=tuple(tuple(x) for x in b.held),
                arrived=tuple(tuple(x) for x in b.arrived),
                decisions=tuple(b.decisions),
                start_fields=start_public,
                view=View.from_game(game, seat),
                voids=_public_voids(b.walk),
            )

    def others(self) -> list[int]:
        """The players whose hidden cards and choices the history is about."""
        return [p for p in range(self.profile.players) if p != self.seat]


def _public_voids(walk: Walk) -> tuple[tuple[int, ...], ...]:
    """Per player, the suits the walk's public play showed it to lack (the facts another
    player holds about it, read with every hand hidden)."""
    n = walk.profile.players
    now = _blank(walk.fields)
    out = []
    for p in range(n):
        lacks, _ = walk.facts((p + 1) % n, now)
        masks = (0, 0, 0, 0)
        for lk in lacks:
            if lk.player == p and lk.at_most == 0:
                masks = union_masks(masks, lk.masks)
        out.append(tuple(s for s, m in enumerate(masks) if m == FULL))
    return tuple(out)


class _Builder:
    """A :class:`History` being read action by action from one walk of the hand (kept, so
    that the next decision of the same hand reads only the new actions)."""

    def __init__(self, game: Game, seat: int) -> None:
        prof = game.profile
        n = prof.players
        self.profile = prof
        self.seat = seat
        self.match = None if game.match_score is None else tuple(game.match_score)
        self.walk = Walk(game, fresh=True, replay=False)
        low = prof.exchange_card(int(game.start_fields["trump_card"]) >> 3)
        self.low = -1 if low is None else low
        self.actors: list[int] = []
        self.draws: list[Draw] = []
        self.gone: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        self.held: list[list[tuple[int, tuple[int, ...]]]] = [[] for _ in range(n)]
        self.arrived: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        self.decisions: list[Decision] = []

    def leads_to(self, actions: Sequence[Action]) -> bool:
        """Whether the actions read so far begin ``actions``."""
        return self.walk.leads_to(actions)

    def extend_to(self, actions: Sequence[Action]) -> None:
        """Read the actions past those read so far (``actions``: the whole history)."""
        for t in range(len(self.walk.steps), len(actions)):
            self._read(t, actions[t])

    def _read(self, t: int, action: Action) -> None:
        prof, n, seat, w = self.profile, self.profile.players, self.seat, self.walk
        f = w.fields
        p = w.game.to_act
        assert p is not None
        self.actors.append(p)
        if p != seat:
            # The facts p had about the others, without its own hand (which differs from
            # world to world): with marriage shows they are a little weaker for it.
            mine_out = dict(f)
            mine_out["hands"] = [[] if q == p else h for q, h in enumerate(f["hands"])]
            lacks, holds = w.facts(p, mine_out)
            public = _blank(f)
            self.decisions.append(Decision(
                t, p, action, public, self.match, lacks, holds, could_exchange(prof, public, p),
            ))
        used: Counter[int] = Counter()
        came: Counter[int] = Counter()
        if action.kind == Kind.PLAY:
            used[action.arg] += 1
            self.gone[p].append((t, action.arg))
        elif action.kind == Kind.EXCHANGE:
            used[self.low] += 1
            self.gone[p].append((t, self.low))
            came[f["stock"][-1]] += 1
            self.arrived[p].append((t + 1, f["stock"][-1]))
        st = w.step(action)
        g = st.after
        up = st.face_up
        for i, (q, card) in enumerate(st.drawn):
            face = up is not None and i == len(st.drawn) - 1
            if q == seat or face:
                self.draws.append(Draw(t, q, Card.from_code(card), face))
            else:
                self.draws.append(Draw(t, q, None, False))
            if face:
                self.arrived[q].append((t + 1, card))
                if q == p:
                    came[card] += 1
        for q in range(n):
            if q == seat:
                continue
            # Cards q must hold at action t: those shown before and still in the hand,
            # those it uses now, and those it shows now (not the ones that just came).
            before: Counter[int] = Counter(f["known"][q])
            need = before
            if q == p:
                after: Counter[int] = Counter(g["known"][q]) - came
                need = before | (after + used)
            if need:
                self.held[q].append((t, tuple(sorted(need.elements()))))


_BUILDERS: KeptWalks[_Builder] = KeptWalks()

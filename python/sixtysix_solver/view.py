"""A player's view of a hand in progress: everything one seat knows, and nothing more.

A :class:`View` holds the public part of a position (every card played, the cards shown in the
other hands, the stock's size and face-up card, scores, closing, marriages, who acts) plus the
seat's own hand and the facts that strict play revealed about the other hands (:class:`Lack`,
:mod:`sixtysix_solver.facts`). :mod:`sixtysix_solver.view_notation` writes and reads views (its
names, like those of ``facts``, can be imported from here too); :mod:`sixtysix_solver.worlds`
counts, enumerates and samples the deals that fit a view. ``docs/views.md`` describes the
notation and the rules behind the revealed facts.

>>> from sixtysix_solver.game import Game
>>> g = Game.deal("sixty-six", seed=1)
>>> v = View.from_game(g, 1)
>>> str(v)
'sixty-six seat=1 dealer=0 turn=1:lead trump=9H hands=6/TDAH9SJSQSKS stock=12:9H'
>>> View.from_notation(str(v)) == v
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from .actions import Kind
from .cards import POINTS, RANKS, Card
from .errors import NotationError, PositionError, SixtySixError
from .facts import (
    FULL, Holds, Lack, Masks, _normal_masks, _rank, _suit, _union, normalize_holds,
    normalize_lacks, ranks_in_deck, revealed_by_play, top_mask,
)
from .game import Game
from .profiles import Profile

if TYPE_CHECKING:  # at run time these come from __getattr__ (view_notation imports this module)
    from .view_notation import STEPS, VIEW_KEYS, format_view, parse_view

__all__ = [  # with the names re-exported from facts and view_notation
    "FULL", "Holds", "Lack", "View", "format_view", "normalize_holds", "normalize_lacks",
    "parse_view", "public_fields", "ranks_in_deck", "revealed_by_play", "top_mask",
]

PHASES = ("lead", "follow", "draw", "show", "end", "over")


def __getattr__(name: str) -> Any:
    """The notation names, from :mod:`~sixtysix_solver.view_notation` (which imports this
    module, so it is loaded on first use)."""
    if name in ("STEPS", "VIEW_KEYS", "format_view", "parse_view"):
        from . import view_notation

        return getattr(view_notation, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _sorted(codes: Iterable[int]) -> tuple[int, ...]:
    return tuple(sorted(codes))


# --- the view ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class View:
    """What the player at ``seat`` knows about a hand in progress.

    Cards are codes (``suit * 8 + rank``, see :mod:`sixtysix_solver.cards`); per-player values
    are tuples in seat order; ``None`` stands for nobody / no card. The fields mirror
    :meth:`Game.fields <sixtysix_solver.game.Game.fields>` with the hidden parts left out:
    the other hands appear only as ``hand_sizes`` and their ``known`` cards, the stock as
    ``stock_size`` and ``face_up``, the dead hand as ``aside_size``; ``exchange_lost`` is the
    seat's own flag (another player's right to exchange is not public). ``lacks`` and ``holds``
    are the facts that play revealed about the other hands.

    Build one with :meth:`from_game` or :func:`parse_view`; the constructor checks the shape
    only, :meth:`validate` checks that some deal fits.
    """

    profile: Profile
    seat: int
    dealer: int
    to_act: int | None
    phase: str
    leader: int
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    trump_card: int
    trick: tuple[int, ...]
    stock_size: int
    face_up: int | None
    aside_size: int
    taken: tuple[tuple[int, ...], ...]
    known: tuple[tuple[int, ...], ...]
    married: tuple[tuple[int, ...], ...]
    declared: tuple[tuple[int, int, int, int], ...]
    marriage_points: tuple[int, ...]
    pending: tuple[int, ...]
    bonus: tuple[int, ...]
    last_win: tuple[int, ...]
    last_trick_winner: int | None
    first_to_target: int | None
    closed_by: int | None
    close_opp_score: int
    close_opp_had_trick: bool
    exchanged_by: int | None
    exchange_lost: bool
    turn_step: int
    marriage_suit: int | None
    carry: int
    points: tuple[int, ...] = ()
    returns: tuple[int, ...] = ()
    carry_out: int = 0
    reason: str = "none"
    lacks: tuple[Lack, ...] = ()
    holds: tuple[Holds, ...] = ()
    match: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.profile, Profile):
            raise SixtySixError("a view needs a Profile")
        n = self.profile.players

        def seat_ok(v: int | None, name: str, none: bool = True) -> None:
            if v is None and none:
                return
            if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v < n:
                raise PositionError(f"{name} must be a seat from 0 to {n - 1}, got {v!r}")

        seat_ok(self.seat, "seat", False)
        seat_ok(self.dealer, "dealer", False)
        seat_ok(self.leader, "leader", False)
        for name in ("to_act", "last_trick_winner", "closed_by", "exchanged_by"):
            seat_ok(getattr(self, name), name)
        if self.phase not in PHASES:
            raise PositionError(f"phase must be one of {' '.join(PHASES)}, got {self.phase!r}")
        if (self.to_act is None) != (self.phase == "over"):
            raise PositionError("nobody acts exactly when the hand is over")
        for name in ("hand_sizes", "taken", "known", "married", "declared", "last_win",
                     "marriage_points", "pending", "bonus"):
            if len(getattr(self, name)) != n:
                raise PositionError(f"{name} needs one entry per player ({n})")
        if self.hand_sizes[self.seat] != len(self.hand):
            raise PositionError("hand_sizes must give the seat's own hand size")
        if self.stock_size and self.face_up is None:
            raise PositionError("a stock that holds cards shows its face-up card")
        if not self.stock_size and self.face_up is not None:
            raise PositionError("an empty stock has no face-up card")
        for lk in self.lacks:
            seat_ok(lk.player, "a lack's player", False)
            if lk.player == self.seat:
                raise PositionError("lacks describe the other players: the seat sees its hand")
            if lk.at_most < 0:
                raise PositionError("a lack's at_most cannot be negative")
        for h in self.holds:
            seat_ok(h.player, "a holds fact's player", False)
            if h.player == self.seat:
                raise PositionError("holds facts describe the other players")
        # Canonical forms: cards sorted by code, facts normalized.
        object.__setattr__(self, "hand", _sorted(self.hand))
        for name in ("taken", "known", "married"):
            object.__setattr__(self, name, tuple(_sorted(x) for x in getattr(self, name)))
        lacks = normalize_lacks(self.lacks, self.profile, self.hand_sizes)
        if lacks:  # drop facts about cards the seat already places elsewhere
            public = self.public_cards()
            copies = self.profile.copies
            lacks = tuple(
                lk for lk in lacks
                if any(
                    public[x] - self.known[lk.player].count(x) < copies
                    for x in lk.cards(self.profile)
                )
            )
        object.__setattr__(self, "lacks", lacks)
        object.__setattr__(self, "holds", normalize_holds(self.holds))

    # --- building ---------------------------------------------------------------------------
    @classmethod
    def from_game(cls, game: Game, seat: int | None = None) -> View:
        """The view of ``seat`` (default: the player to act) of ``game``'s current position.

        The revealed facts come from replaying ``game.start_fields`` and ``game.actions``: a
        game built from a position (no actions) has no history, so nothing is revealed (except,
        in four-hand-24, what the phase of a fresh deal tells about the partner's marriages)."""
        if seat is None:
            seat = game.to_act
            if seat is None:
                raise SixtySixError("the hand is over: name the seat whose view you want")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < game.players:
            raise SixtySixError(f"seat must be 0..{game.players - 1}, got {seat!r}")
        f = game.fields()
        view = _view_from_fields(game.profile, f, seat, getattr(game, "match_score", None))
        lacks, holds = _history_facts(game, seat, f)
        return replace(view, lacks=lacks, holds=holds)

    @classmethod
    def from_notation(cls, text: str) -> View:
        """Same as :func:`parse_view <sixtysix_solver.view_notation.parse_view>`."""
        from .view_notation import parse_view

        return parse_view(text)

    # --- derived ----------------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.profile.players

    @property
    def trump_suit(self) -> int:
        return _suit(self.trump_card)

    @property
    def strict(self) -> bool:
        """Whether strict play applies now (stock closed or exhausted, no stock, open_strict)."""
        return (
            self.profile.open_strict or self.stock_size == 0 or self.closed_by is not None
        )

    def side(self, player: int) -> int:
        return player % 2 if self.players == 4 else player

    def scores(self) -> list[int]:
        """Each side's score: card points taken + credited marriages + bonuses."""
        out = [0] * self.profile.sides
        for p in range(self.players):
            out[self.side(p)] += (
                sum(POINTS[_rank(c)] for c in self.taken[p])
                + self.marriage_points[p] + self.bonus[p]
            )
        return out

    def tricks_won(self) -> list[int]:
        return [len(t) // self.players for t in self.taken]

    def hand_cards(self) -> list[Card]:
        return [Card.from_code(c) for c in self.hand]

    def lacks_of(self, player: int) -> list[Lack]:
        """The facts known about one player's hand."""
        return [lk for lk in self.lacks if lk.player == player]

    def holds_of(self, player: int) -> list[Holds]:
        return [h for h in self.holds if h.player == player]

    def excluded(self, player: int) -> Masks:
        """Per suit, a rank mask of the cards ``player`` certainly does not hold."""
        m: Masks = (0, 0, 0, 0)
        for lk in self.lacks_of(player):
            if lk.at_most == 0:
                m = _union(m, lk.masks)
        return m

    def void_suits(self, player: int) -> list[int]:
        """The suits ``player`` certainly does not hold at all."""
        return [s for s, m in enumerate(self.excluded(player)) if m == FULL]

    def public_cards(self) -> Counter[int]:
        """Every card whose place the seat knows: own hand, cards shown in other hands, cards
        played (taken and in the trick) and the face-up stock card, with multiplicity."""
        c: Counter[int] = Counter(self.hand)
        for p in range(self.players):
            c.update(self.taken[p])
            if p != self.seat:
                c.update(self.known[p])
        c.update(self.trick)
        if self.face_up is not None:
            c[self.face_up] += 1
        return c

    def validate(self) -> View:
        """Check that at least one deal fits the view (raises :class:`PositionError`); the
        compiled core checks the public fields of that deal. Returns the view."""
        from .worlds import first_layout

        first_layout(self).game(self)
        return self

    def __str__(self) -> str:
        from .view_notation import format_view

        return format_view(self)

    def __repr__(self) -> str:
        from .view_notation import format_view

        try:
            return f"View.from_notation({format_view(self)!r})"
        except NotationError:
            return f"View(profile={self.profile!r}, seat={self.seat!r}, ...)"


def _none(v: int) -> int | None:
    return None if v < 0 else v


def _view_from_fields(
    profile: Profile, f: dict[str, Any], seat: int, match: Sequence[int] | None,
) -> View:
    if len(f["hands"]) != profile.players:
        raise PositionError("the fields do not match the profile's number of players")
    stock = list(f["stock"])
    return View(
        profile=profile,
        seat=seat,
        dealer=f["dealer"],
        to_act=_none(f["to_act"]),
        phase=f["phase"],
        leader=f["leader"],
        hand=_sorted(f["hands"][seat]),
        hand_sizes=tuple(len(h) for h in f["hands"]),
        trump_card=f["trump_card"],
        trick=tuple(f["trick"]),
        stock_size=len(stock),
        face_up=stock[-1] if stock else None,
        aside_size=len(f["aside"]),
        taken=tuple(_sorted(t) for t in f["taken"]),
        known=tuple(_sorted(k) for k in f["known"]),
        married=tuple(_sorted(m) for m in f["married"]),
        declared=tuple((d[0], d[1], d[2], d[3]) for d in f["declared"]),
        marriage_points=tuple(f["marriage_points"]),
        pending=tuple(f["pending"]),
        bonus=tuple(f["bonus"]),
        last_win=tuple(f["last_win"]),
        last_trick_winner=_none(f["last_trick_winner"]),
        first_to_target=_none(f["first_to_target"]),
        closed_by=_none(f["closed_by"]),
        close_opp_score=f["close_opp_score"],
        close_opp_had_trick=bool(f["close_opp_had_trick"]),
        exchanged_by=_none(f["exchanged_by"]),
        exchange_lost=bool(f["exchange_lost"][seat]),
        turn_step=f["turn_step"],
        marriage_suit=_none(f["marriage_suit"]),
        carry=f["carry"],
        points=tuple(f["points"]),
        returns=tuple(f["returns"]),
        carry_out=f["carry_out"],
        reason=f["reason"],
        match=None if match is None else tuple(match),
    )


def public_fields(view: View) -> dict[str, Any]:
    """Every field of :meth:`Game.fields` that the view knows; ``hands``, ``stock`` and
    ``aside`` are left to the caller (they hold the hidden cards), and the other players'
    ``exchange_lost`` flags are 0."""

    def seat(v: int | None) -> int:
        return -1 if v is None else v

    n = view.players
    return {
        "dealer": view.dealer,
        "to_act": seat(view.to_act),
        "leader": view.leader,
        "phase": view.phase,
        "known": [list(k) for k in view.known],
        "married": [list(m) for m in view.married],
        "taken": [list(t) for t in view.taken],
        "trick": list(view.trick),
        "trump_card": view.trump_card,
        "closed_by": seat(view.closed_by),
        "close_opp_score": view.close_opp_score,
        "close_opp_had_trick": view.close_opp_had_trick,
        "exchanged_by": seat(view.exchanged_by),
        "exchange_lost": [int(view.exchange_lost and p == view.seat) for p in range(n)],
        "turn_step": view.turn_step,
        "marriage_suit": seat(view.marriage_suit),
        "declared": [list(d) for d in view.declared],
        "marriage_points": list(view.marriage_points),
        "pending": list(view.pending),
        "bonus": list(view.bonus),
        "last_win": list(view.last_win),
        "last_trick_winner": seat(view.last_trick_winner),
        "first_to_target": seat(view.first_to_target),
        "carry": view.carry,
        "points": list(view.points),
        "returns": list(view.returns),
        "carry_out": view.carry_out,
        "reason": view.reason,
    }


# --- replaying the history ----------------------------------------------------------------------
def _fresh_deal(game: Game) -> bool:
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


def _history_facts(
    game: Game, seat: int, now: dict[str, Any],
) -> tuple[tuple[Lack, ...], tuple[Holds, ...]]:
    """The facts revealed by ``game.actions`` about the other hands, as exact limits on the
    current hands (``docs/views.md``: *Revealed facts*)."""
    prof = game.profile
    n = prof.players
    replay = Game.from_fields(prof, game.start_fields)
    trump = _suit(int(game.start_fields["trump_card"]))
    low = trump * 8 + RANKS.index(prof.exchange_rank) if prof.exchange_rank != "none" else -1
    draws = [0] * n
    # Per player: revealed card sets with the number of that player's draws before them.
    reveals: list[list[tuple[Masks, int]]] = [[] for _ in range(n)]
    exits: list[list[int]] = [[] for _ in range(n)]  # release of each card that left the hand
    fixed: list[Counter[int]] = [Counter() for _ in range(n)]  # cards that came by a known route
    fixed_slot = [-1] * n  # the draw (1-based) that brought the known face-up card
    played: list[list[int]] = [[] for _ in range(n)]
    # Marriage shows (marriage_by_partner): (player, plays so far, suits not yet used) when the
    # player could not show (no pair) or passed (a pair).
    no_pair: list[tuple[int, int, list[int]]] = []
    had_pair: list[tuple[int, int, list[int]]] = []

    def release(p: int, code: int) -> int:
        r = 0
        for m, k in reveals[p]:
            if m[_suit(code)] >> _rank(code) & 1:
                r = max(r, k + 1)
        return r

    def unused_suits(f: dict[str, Any], p: int) -> list[int]:
        married = set(f["married"][p])
        return [s for s in range(4) if s * 8 + 2 not in married and s * 8 + 3 not in married]

    def lead_started(f: dict[str, Any]) -> None:
        """A lead begins with the phase ``f['phase']``: no show phase tells that the leader's
        partner holds no pair it could show."""
        if not prof.marriage_by_partner or f["phase"] != "lead" or f["turn_step"]:
            return
        q = (f["leader"] + 2) % n
        if q == seat or prof.marriages == "none":
            return
        if prof.marriage_before_trick == "forbidden" and not (
            f["taken"][q] or f["taken"][f["leader"]]
        ):
            return
        no_pair.append((q, len(played[q]), unused_suits(f, q)))

    if prof.marriage_by_partner and _fresh_deal(game):
        lead_started(game.start_fields)
    for action in game.actions:
        f = replay.fields()
        p = replay.to_act
        assert p is not None
        if action.kind == Kind.PLAY:
            played[p].append(action.arg)
        if p != seat:
            if action.kind == Kind.PLAY:
                code = action.arg
                if f["trick"] and replay.strict:
                    lead = f["leader"]
                    trick = [((lead + i) % n, c) for i, c in enumerate(f["trick"])]
                    m = revealed_by_play(prof, trump, trick, p, code)
                    if any(m):
                        reveals[p].append((m, draws[p]))
                if fixed[p][code] > 0:
                    fixed[p][code] -= 1
                else:
                    exits[p].append(release(p, code))
            elif action.kind == Kind.EXCHANGE:
                exits[p].append(release(p, low))
                fixed[p][f["stock"][-1]] += 1
            elif action.kind == Kind.PASS and f["phase"] == "show":
                had_pair.append((p, len(played[p]), unused_suits(f, p)))
        stock_before = f["stock"]
        replay.apply(action)
        g = replay.fields()
        if len(g["stock"]) < len(stock_before):  # both players drew
            for q in range(n):
                draws[q] += 1
            if not g["stock"] and n == 2:
                loser = 1 - g["last_trick_winner"]
                if loser != seat:
                    fixed[loser][stock_before[-1]] += 1
                    fixed_slot[loser] = draws[loser]
        if action.kind == Kind.PLAY and len(f["trick"]) == n - 1 and not g["trick"]:
            lead_started(g)

    r = ranks_in_deck(prof)
    sizes = [len(h) for h in now["hands"]]
    lacks: list[Lack] = []
    for p in range(n):
        if p == seat or not reveals[p]:
            continue
        m_draws = draws[p]
        known = Counter(now["known"][p])
        loose = known - fixed[p]  # known cards that came in by an ordinary draw or the deal
        best: dict[Masks, int] = {}
        for a in range(1, m_draws + 2):
            union: Masks = (0, 0, 0, 0)
            for m, k in reveals[p]:
                if k + 1 >= a:
                    union = _union(union, m)
            masks = _normal_masks(union, r)
            if not any(masks):
                continue
            slots = max(0, m_draws - a + 1) - (1 if a <= fixed_slot[p] <= m_draws else 0)
            used = sum(1 for e in exits[p] if e >= a) + sum(
                k for c, k in loose.items() if release(p, c) >= a
            )
            lk = Lack(p, masks)
            budget = slots - used + lk.count_in(known.elements())
            if budget < 0:  # pragma: no cover - a real history always fits
                raise PositionError("the history contradicts itself")
            best[masks] = min(budget, best.get(masks, budget))
        lacks.extend(Lack(p, m, k) for m, k in best.items())

    # Marriage shows. A card is "elsewhere" when the seat can place it outside the player's hand.
    def elsewhere(p: int) -> Counter[int]:
        c: Counter[int] = Counter(now["hands"][seat])
        c.update(now["trick"])
        for q in range(n):
            c.update(now["taken"][q])
            if q not in (p, seat):
                c.update(now["known"][q])
        return c

    holds: list[Holds] = []
    for p, t, suits in no_pair:
        gone, away = Counter(played[p][t:]), elsewhere(p)
        for s in suits:
            rest = [c for c in (s * 8 + 2, s * 8 + 3) if not gone[c]]
            if rest and not any(away[c] - gone[c] > 0 for c in rest):
                lacks.append(Lack.of_cards(p, rest, len(rest) - 1))
    for p, t, suits in had_pair:
        gone, away = Counter(played[p][t:]), elsewhere(p)
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

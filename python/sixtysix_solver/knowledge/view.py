"""A player's view of a hand in progress: everything one seat knows, and nothing more.

A :class:`View` holds the public part of a position (every card played, the cards shown in the
other hands, the stock's size and face-up card, scores, closing, marriages, who acts) plus the
seat's own hand and the facts that strict play revealed about the other hands (:class:`Lack`,
:mod:`sixtysix_solver.knowledge.facts`). :mod:`sixtysix_solver.knowledge.view_text` writes and reads views (its
names, like those of ``facts``, can be imported from here too); :mod:`sixtysix_solver.knowledge.worlds`
counts, enumerates and samples the deals that fit a view. ``docs/views.md`` describes the
notation and the rules behind the revealed facts.

>>> from sixtysix_solver.rules.game import Game
>>> g = Game.deal("sixty-six", seed=1)
>>> v = View.from_game(g, 1)
>>> format_view(v)
'sixty-six seat=1 dealer=0 turn=1:lead trump=9H hands=6/TDAH9SJSQSKS stock=12:9H'
>>> View.from_notation(format_view(v)) == v
True
>>> print(v)
sixty-six, dealer 0, player 1 to lead
trump 9H, stock 12, 9H face up
  player 0: ?? ?? ?? ?? ?? ??
> player 1 (you): TD AH 9S JS QS KS
trick: -
score 0/0, tricks 0/0
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, fields, replace
from typing import Any

from ..rules.board import Board, format_board, hand_order
from ..rules.cards import POINTS, Card, card_tuple
from ..errors import NotationError, PositionError, SixtySixError
from .facts import (
    FULL, Holds, Lack, Masks, rank_of, suit_of, union_masks, normalize_holds,
    normalize_lacks,
)
from ..rules.game import Game
from ..rules.position_text import PHASES
from ..rules.profiles import Profile
from ..rules.schema import JsonMixin, expect_keys, get_str
from ..rules.svg import board_svg
from .replay import history_facts
from .view_text import format_view_fields, parse_view_fields

__all__ = ["PHASES", "View", "format_view", "public_fields", "view_from_fields"]

VIEW_FORMAT = "sixtysix-view"



def _sorted(codes: Iterable[int]) -> tuple[Card, ...]:
    return card_tuple(sorted(codes))


# --- the view ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class View(JsonMixin):
    """What the player at ``seat`` knows about a hand in progress.

    Cards are :class:`Card <sixtysix_solver.rules.cards.Card>` objects, as in a game (each is also
    its code, ``suit * 8 + rank``; the constructor takes codes too); per-player values are
    tuples in seat order; ``None`` stands for nobody / no card. The fields mirror
    :meth:`Game.fields <sixtysix_solver.rules.game.Game.fields>` with the hidden parts left out:
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
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    trump_card: Card
    trick: tuple[Card, ...]
    stock_size: int
    face_up: Card | None
    aside_size: int
    taken: tuple[tuple[Card, ...], ...]
    known: tuple[tuple[Card, ...], ...]
    married: tuple[tuple[Card, ...], ...]
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
        # Canonical forms: cards as Cards sorted by code, facts normalized.
        object.__setattr__(self, "hand", _sorted(self.hand))
        for name in ("taken", "known", "married"):
            object.__setattr__(self, name, tuple(_sorted(x) for x in getattr(self, name)))
        object.__setattr__(self, "trick", card_tuple(self.trick))
        object.__setattr__(self, "trump_card", Card.from_code(self.trump_card))
        if self.face_up is not None:
            object.__setattr__(self, "face_up", Card.from_code(self.face_up))
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
        view = view_from_fields(game.profile, f, seat, game.match_score)
        lacks, holds = history_facts(game, seat, f)
        return replace(view, lacks=lacks, holds=holds)

    @classmethod
    def from_notation(cls, text: str) -> View:
        """A view from its notation (``docs/views.md``), its shape checked; text that cannot be
        read raises :class:`NotationError`. :func:`parse_view
        <sixtysix_solver.knowledge.worlds.parse_view>` also checks that some deal fits."""
        fields = parse_view_fields(text)
        try:
            return cls(**fields)
        except PositionError as e:
            raise PositionError(f"{e} (in the view {text!r})") from None

    # --- JSON -----------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """``format``, ``version`` and the ``view`` in its notation, which holds every field
        (``docs/schema.md``).

        >>> v = View.from_game(Game.deal("schnapsen", seed=2))
        >>> v.to_dict()["view"] == format_view(v), View.from_json(v.to_json()) == v
        (True, True)
        """
        return {"format": VIEW_FORMAT, "version": 1, "view": format_view(self)}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> View:
        d = expect_keys(d, ("format", "version", "view"), "view JSON")
        if d["format"] != VIEW_FORMAT or d["version"] != 1:
            raise NotationError(f"view JSON: expected format {VIEW_FORMAT!r} version 1")
        return cls.from_notation(get_str(d, "view"))

    # --- derived ----------------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.profile.players

    @property
    def trump_suit(self) -> int:
        return suit_of(self.trump_card)

    @property
    def strict(self) -> bool:
        """Whether strict play applies now (stock closed or exhausted, no stock, open_strict)."""
        return (
            self.profile.open_strict or self.stock_size == 0 or self.closed_by is not None
        )

    def side(self, player: int) -> int:
        return self.profile.side(player)

    def scores(self) -> list[int]:
        """Each side's score: card points taken + credited marriages + bonuses."""
        out = [0] * self.profile.sides
        for p in range(self.players):
            out[self.side(p)] += (
                sum(POINTS[rank_of(c)] for c in self.taken[p])
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
                m = union_masks(m, lk.masks)
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

    # --- display ----------------------------------------------------------------------------
    def board(self) -> Board:
        """What a display shows: the seat's hand, the other hands face down but for their
        known cards (see :mod:`sixtysix_solver.rules.board`)."""
        hands = []
        for p in range(self.players):
            if p == self.seat:
                hands.append(hand_order([Card.from_code(c) for c in self.hand]))
            else:
                shown: list[Card | None] = [Card.from_code(c) for c in self.known[p]]
                hands.append(hand_order(shown + [None] * (self.hand_sizes[p] - len(shown))))
        return Board(
            profile=self.profile.name,
            players=self.players,
            dealer=self.dealer,
            seat=self.seat,
            to_act=self.to_act,
            phase=self.phase,
            hands=tuple(hands),
            trick=tuple(Card.from_code(c) for c in self.trick),
            trick_leader=self.leader,
            trump_card=Card.from_code(self.trump_card),
            stock_size=self.stock_size,
            face_up=None if self.face_up is None else Card.from_code(self.face_up),
            closed_by=self.closed_by,
            scores=tuple(self.scores()),
            tricks=tuple(self.tricks_won()),
            match_score=self.match,
            points=self.points,
            reason=self.reason,
        )

    def __str__(self) -> str:
        return format_board(self.board())

    def _repr_svg_(self) -> str:
        """The seat's table drawn as SVG, for notebooks."""
        return board_svg(self)

    def _repr_html_(self) -> str:
        return f'<div class="sixtysix-board">{board_svg(self)}</div>'

    def __repr__(self) -> str:
        try:
            return f"View.from_notation({format_view(self)!r})"
        except NotationError:
            return f"View(profile={self.profile!r}, seat={self.seat!r}, ...)"


def _none(v: int) -> int | None:
    return None if v < 0 else v


def view_from_fields(
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
        trump_card=Card.from_code(f["trump_card"]),
        trick=card_tuple(f["trick"]),
        stock_size=len(stock),
        face_up=Card.from_code(stock[-1]) if stock else None,
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


def format_view(view: View) -> str:
    """The one-line notation of a view (``docs/views.md``): canonical, so that
    ``format_view(parse_view(text)) == text`` for every text this function writes."""
    return format_view_fields({f.name: getattr(view, f.name) for f in fields(view)})

"""The state API: one hand of any profile, backed by the compiled core.

>>> g = Game.deal("sixty-six", seed=7)
>>> g.to_act, g.phase, len(g.hand(1)), len(g.stock), str(g.trump_card)
(1, 'lead', 6, 12, 'QH')
>>> [str(a) for a in g.legal_actions()]
['KC', 'JC', 'QD', 'JD', '9D', 'AH', 'close']
>>> g.apply("AH"); g.apply("TS"); g.phase, g.to_act
('draw', 1)
>>> g.undo(), g.phase
(Action.parse('TS'), 'follow')
>>> g.apply("close")
Traceback (most recent call last):
...
sixtysix_solver.errors.IllegalActionError: close is not legal for player 0 (phase follow); legal: AD TD AS TS KS JS
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .. import _core
from .actions import Action
from .board import Board, format_board, hand_order
from .cards import Card, codes, from_codes
from ..errors import IllegalActionError, NotationError, SixtySixError
from .position_text import fields_from_json, fields_to_dict, format_fields, parse_fields
from .profiles import Profile, get_profile
from .schema import JsonMixin, expect_keys, get_actions, get_int, get_ints, get_str
from .svg import board_svg

ActionLike = Action | str | int
GAME_FORMAT = "sixtysix-game"


@dataclass(frozen=True)
class HandResult(JsonMixin):
    """How a finished hand was scored.

    ``points``: game points received per side (sides are players, except partners with four
    players: side = seat % 2). ``returns``: zero-sum result per player. ``carry_out``: points a
    drawn hand passes on to the next hand's winner. ``reason``: how the hand ended.
    """

    points: tuple[int, ...]
    returns: tuple[int, ...]
    carry_out: int
    reason: str

    @property
    def winner(self) -> int | None:
        """The side that scored, or ``None`` when nobody did (or everybody but one did)."""
        scored = [s for s, p in enumerate(self.points) if p > 0]
        return scored[0] if len(scored) == 1 else None

    def to_dict(self) -> dict[str, Any]:
        """``points``, ``returns``, ``carry_out``, ``reason`` (``docs/schema.md``)."""
        return {"points": list(self.points), "returns": list(self.returns),
                "carry_out": self.carry_out, "reason": self.reason}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> HandResult:
        d = expect_keys(d, ("points", "returns", "carry_out", "reason"), "a hand result")
        return cls(get_ints(d, "points"), get_ints(d, "returns"), get_int(d, "carry_out"),
                   get_str(d, "reason"))


def _replay(
    profile: Profile, start: dict[str, Any], actions: list[int], match: tuple[int, ...] | None,
) -> Game:
    """A game rebuilt from its start position and actions (what a pickled game holds)."""
    game = Game.from_fields(profile, start)
    for code in actions:
        game.apply(code)
    game.match_score = match
    return game


def _rules(profile: Profile) -> _core.RuleSet:
    return _core.RuleSet(profile.knobs())


def _check_seat(value: int, players: int, name: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < players:
        raise SixtySixError(f"{name} must be a seat from 0 to {players - 1}, got {value!r}")
    return value


class Game(JsonMixin):
    """One hand in progress: who acts, legal actions, apply and undo, the result.

    Build it with :meth:`deal` (seeded), :meth:`from_deal` (explicit cards) or
    :meth:`from_position` (the position notation).
    """

    def __init__(self, profile: Profile, state: _core.State, start: dict[str, Any]) -> None:
        self.profile = profile
        self._state = state
        self._start = start  # fields of the starting position, for records
        self._history: list[_core.State] = []
        self._actions: list[Action] = []
        #: The match score per side before this hand (``None``: not part of a match); the
        #: notations write it, match-aware advice reads it.
        self.match_score: tuple[int, ...] | None = None

    # --- construction -------------------------------------------------------------------
    @classmethod
    def deal(
        cls, profile: str | Profile = "sixty-six", *, seed: int, dealer: int = 0, carry: int = 0,
    ) -> Game:
        """A seeded deal: the same seed and profile always give the same cards."""
        prof = get_profile(profile)
        if not isinstance(seed, int) or not 0 <= seed < 2**64:
            raise SixtySixError(f"seed must be an integer from 0 to 2**64-1, got {seed!r}")
        rules = _rules(prof)
        _check_seat(dealer, prof.players, "dealer")
        d = _core.seeded_deal(rules, dealer, seed)
        state = _core.State.from_deal(
            rules, dealer, d["hands"], d["stock"], d["aside"], d["trump_card"], carry
        )
        return cls(prof, state, state.fields())

    @classmethod
    def from_deal(
        cls,
        profile: str | Profile,
        *,
        dealer: int,
        hands: Sequence[Sequence[Card | str]],
        stock: Sequence[Card | str] = (),
        aside: Sequence[Card | str] = (),
        trump_card: Card | str | None = None,
        carry: int = 0,
    ) -> Game:
        """An explicit deal. ``stock`` is top first with the face-up trump card last; without a
        stock, ``trump_card`` is the dealer's shown card (default: the dealer's last card)."""
        prof = get_profile(profile)
        rules = _rules(prof)

        def cc(cards: Sequence[Card | str]) -> list[int]:
            return codes(Card.parse(c) if isinstance(c, str) else c for c in cards)

        tc = -1
        if trump_card is not None:
            tc = (Card.parse(trump_card) if isinstance(trump_card, str) else trump_card).code
        elif prof.stock_size == 0 and len(hands) > dealer >= 0:
            tc = cc(hands[dealer])[-1] if hands[dealer] else -1
        state = _core.State.from_deal(
            rules, dealer, [cc(h) for h in hands], cc(stock), cc(aside), tc, carry
        )
        return cls(prof, state, state.fields())

    @classmethod
    def from_fields(cls, profile: str | Profile, fields: dict[str, Any]) -> Game:
        """A position from every field (see ``docs/notation.md``); validated by the core."""
        prof = get_profile(profile)
        state = _core.State.from_fields(_rules(prof), fields)
        return cls(prof, state, state.fields())

    # --- the state API --------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.profile.players

    @property
    def to_act(self) -> int | None:
        """The seat to act, or ``None`` when the hand is over."""
        p = self._state.to_act
        return None if p < 0 else p

    @property
    def phase(self) -> str:
        """``lead``, ``follow``, ``draw``, ``show``, ``end`` or ``over`` (docs/rules-model.md)."""
        return self._state.phase

    @property
    def is_over(self) -> bool:
        return self._state.over

    @property
    def strict(self) -> bool:
        """Whether strict play (follow, head, trump) applies now."""
        return self._state.strict

    def legal_action_codes(self) -> list[int]:
        return self._state.legal_actions()

    def legal_actions(self) -> list[Action]:
        return [Action.from_code(c) for c in self._state.legal_actions()]

    def parse_action(self, action: ActionLike) -> Action:
        """Text, code or :class:`Action` to an :class:`Action` (legality is not checked)."""
        if isinstance(action, Action):
            return action
        if isinstance(action, int) and not isinstance(action, bool):
            return Action.from_code(action)
        if isinstance(action, str):
            return Action.parse(action)
        raise NotationError(f"bad action {action!r}: expected text, a code or an Action")

    def is_legal(self, action: ActionLike) -> bool:
        try:
            a = self.parse_action(action)
        except NotationError:
            return False
        return self._state.is_legal(a.code)

    def apply(self, action: ActionLike) -> None:
        """Play an action; raises :class:`IllegalActionError` (naming the legal ones) if it
        is not legal now."""
        a = self.parse_action(action)
        if not self._state.is_legal(a.code):
            if self.is_over:
                raise IllegalActionError(f"{a} is not legal: the hand is over")
            legal = " ".join(str(x) for x in self.legal_actions())
            raise IllegalActionError(
                f"{a} is not legal for player {self.to_act} (phase {self.phase}); legal: {legal}"
            )
        # Saved states are never changed again: apply to a fresh copy (clones share history).
        self._history.append(self._state)
        self._state = self._state.copy()
        self._state.apply(a.code)
        self._actions.append(a)

    def undo(self) -> Action:
        """Take back the last action and return it."""
        if not self._history:
            raise IllegalActionError("nothing to undo: no action was applied to this game")
        self._state = self._history.pop()
        return self._actions.pop()

    def clone(self) -> Game:
        """An independent game at the same position with the same history (``undo`` works on
        it); applying actions to one never changes the other."""
        g = Game(self.profile, self._state.copy(), self._start)
        g._history = list(self._history)  # saved states are never changed again: shared
        g._actions = list(self._actions)
        g.match_score = self.match_score
        return g

    # --- copying, pickling, comparing -----------------------------------------------------
    # A game is mutable (apply, undo): shallow and deep copies are both independent clones (a
    # copy that shared the compiled state would change the original), and it is unhashable.
    def __copy__(self) -> Game:
        return self.clone()

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        return self.clone()

    def __reduce__(self) -> tuple[Any, ...]:
        # The compiled state does not pickle: the start position and the actions do, and
        # replaying them rebuilds the position and the history that undo and views need.
        return (_replay, (self.profile, self._start, [a.code for a in self._actions],
                          self.match_score))

    def __eq__(self, other: object) -> bool:
        """Equal games: the same profile, start position, actions and match score, hence the
        same position *and history* (a view's revealed facts and ``undo`` depend on the
        history). :meth:`same_position` compares positions only."""
        if not isinstance(other, Game):
            return NotImplemented
        return (self.profile == other.profile and self._actions == other._actions
                and self._start == other._start and self.match_score == other.match_score)

    __hash__ = None  # type: ignore[assignment]  # mutable

    # --- JSON ---------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The game as JSON-ready data (``docs/schema.md``): its ``start`` position and the
        ``actions`` since (what :meth:`from_dict` replays, history included), and the current
        ``position`` for readers; both positions in the position JSON (``docs/notation.md``).

        >>> g = Game.deal("schnapsen", seed=1); g.apply(g.legal_actions()[0])
        >>> Game.from_json(g.to_json()) == g
        True
        """
        return {
            "format": GAME_FORMAT,
            "version": 1,
            "start": fields_to_dict(self.profile, self._start, self.match_score),
            "actions": [str(a) for a in self._actions],
            "position": fields_to_dict(self.profile, self.fields(), self.match_score),
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Game:
        d = expect_keys(d, ("format", "version", "start", "actions", "position"), "game JSON")
        if d["format"] != GAME_FORMAT or d["version"] != 1:
            raise NotationError(f"game JSON: expected format {GAME_FORMAT!r} version 1")
        profile, start, match = fields_from_json(d["start"])
        game = _replay(profile, start, [a.code for a in get_actions(d, "actions")], match)
        if fields_from_json(d["position"]) != (profile, game.fields(), match):
            raise NotationError("game JSON: the actions do not lead to its position")
        return game

    def same_position(self, other: Game) -> bool:
        """Whether ``other`` stands at the same position (profile, every field, match score),
        however each got there.

        >>> a = Game.deal("schnapsen", seed=2); a.apply(a.legal_actions()[0])
        >>> b = eval(repr(a))  # the position only: no history
        >>> a == b, a.same_position(b), a == a.clone()
        (False, True, True)
        """
        return (self.profile == other.profile and self.match_score == other.match_score
                and self.fields() == other.fields())

    @property
    def core(self) -> _core.State:
        """The compiled core's state of the current position: the handle that the solver and
        the world pool take. Treat it as read-only (apply actions through the game)."""
        return self._state

    @property
    def actions(self) -> list[Action]:
        """Every action applied since the start position, in order."""
        return list(self._actions)

    @property
    def start_fields(self) -> dict[str, Any]:
        return dict(self._start)

    # --- what is on the table ----------------------------------------------------------------
    def fields(self) -> dict[str, Any]:
        """Every field of the position (the basis of the notation and JSON)."""
        return self._state.fields()

    def fields_cards(self, key: str, player: int | None = None) -> list[Card]:
        """The cards of one card field (``hands``, ``known``, ``taken``, ``stock``, ``aside``...),
        for one player where the field is per player."""
        value = self.fields()[key]
        if player is not None:
            _check_seat(player, self.players, "player")
            value = value[player]
        return from_codes(value)

    def hand(self, player: int) -> list[Card]:
        _check_seat(player, self.players, "player")
        return from_codes(self.fields()["hands"][player])

    @property
    def hands(self) -> list[list[Card]]:
        return [from_codes(h) for h in self.fields()["hands"]]

    @property
    def stock(self) -> list[Card]:
        """The stock, top first; the last card is the face-up one."""
        return from_codes(self.fields()["stock"])

    @property
    def trick(self) -> list[Card]:
        return from_codes(self.fields()["trick"])

    @property
    def trump_suit(self) -> int:
        return int(self.fields()["trump_card"]) >> 3

    @property
    def trump_card(self) -> Card:
        return Card.from_code(self.fields()["trump_card"])

    def scores(self) -> list[int]:
        """Each side's score: card points taken + credited marriages + bonuses."""
        return self._state.scores()

    def tricks_won(self) -> list[int]:
        return [len(t) // self.players for t in self.fields()["taken"]]

    @property
    def result(self) -> HandResult | None:
        if not self.is_over:
            return None
        f = self.fields()
        return HandResult(tuple(f["points"]), tuple(f["returns"]), f["carry_out"], f["reason"])

    def perft(self, depth: int) -> int:
        """Distinct action sequences of length ``depth`` (a finished hand is one leaf)."""
        if not isinstance(depth, int) or not 0 <= depth <= 64:
            raise SixtySixError(f"perft depth must be 0..64, got {depth!r}")
        return self._state.perft(depth)

    # --- display --------------------------------------------------------------------------
    def board(self) -> Board:
        """What a display shows: every hand open (see :mod:`sixtysix_solver.rules.board`)."""
        f = self.fields()
        stock = f["stock"]
        return Board(
            profile=self.profile.name,
            players=self.players,
            dealer=f["dealer"],
            seat=None,
            to_act=self.to_act,
            phase=f["phase"],
            hands=tuple(hand_order(list(from_codes(h))) for h in f["hands"]),
            trick=tuple(from_codes(f["trick"])),
            trick_leader=f["leader"],
            trump_card=Card.from_code(f["trump_card"]),
            stock_size=len(stock),
            face_up=Card.from_code(stock[-1]) if stock else None,
            closed_by=None if f["closed_by"] < 0 else f["closed_by"],
            scores=tuple(self.scores()),
            tricks=tuple(self.tricks_won()),
            match_score=self.match_score,
            points=tuple(f["points"]),
            reason=f["reason"],
        )

    def __str__(self) -> str:
        """The table as a few lines (``repr`` gives the position notation).

        >>> print(Game.deal("schnapsen", seed=3))
        schnapsen, dealer 0, player 1 to lead
        trump QH, stock 10, QH face up
          player 0: JC TC AC KD JH
        > player 1: JD AD KH TH JS
        trick: -
        score 0/0, tricks 0/0
        """
        return format_board(self.board())

    def _repr_svg_(self) -> str:
        """The table drawn as SVG, for notebooks (:func:`sixtysix_solver.rules.svg.board_svg`)."""
        return board_svg(self)

    def _repr_html_(self) -> str:
        return f'<div class="sixtysix-board">{board_svg(self)}</div>'

    def __repr__(self) -> str:
        return f"Game.from_position({format_fields(self.profile, self.fields(), self.match_score)!r})"

    @classmethod
    def from_position(cls, text: str) -> Game:
        """The game at the position written in ``text`` (the position notation,
        ``docs/notation.md``), ``match_score`` set from its ``match=`` token. Raises
        :class:`NotationError` for text that cannot be read and :class:`PositionError` for a
        position that cannot happen."""
        profile, fields, match = parse_fields(text)
        game = cls.from_fields(profile, fields)
        game.match_score = match
        return game

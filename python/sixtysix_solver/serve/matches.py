"""Matches against the engine, kept in the server's memory: the human's seat sees its view,
the engine (:class:`~sixtysix_solver.agents.engine.EngineAgent` at the chosen level) plays
every other seat from its own view, and the match is a game record at every moment.

>>> m = Match.new("schnapsen", level=1, seat=0, seed=5)
>>> s = m.state()
>>> s["board"]["seat"], s["level"], s["match"], s["hand_no"]
(0, 1, [0, 0], 1)
>>> m.record().startswith("sixtysix-record 1")
True
"""

from __future__ import annotations

import itertools
import random
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from ..agents.base import act_in_game
from ..agents.engine import LEVEL_TIME, PIMC_LEVELS, EngineAgent
from ..errors import IllegalActionError
from ..knowledge.view import View
from ..notation.record import format_match_record
from ..rules.actions import Action, Kind
from ..rules.game import Game
from ..rules.profiles import Profile, get_profile
from .boards import view_board
from .setup import RequestError

__all__ = ["Match", "Matches", "check_action_text"]

_ids = itertools.count(1)


@dataclass
class Match:
    """One match: the hands so far (the last one in play), the match score per side."""

    id: str
    profile: Profile
    level: int
    seat: int
    seed: int
    rng: random.Random
    engine: EngineAgent
    games: list[Game] = field(default_factory=list)
    score: list[int] = field(default_factory=lambda: [0, 0])
    dealer: int = 0
    carry: int = 0
    events: list[dict[str, Any]] = field(default_factory=list)
    last_trick: dict[str, Any] | None = None
    lock: threading.Lock = field(default_factory=threading.Lock)

    @classmethod
    def new(cls, profile: str, level: int, seat: int, seed: int) -> Match:
        prof = get_profile(profile)
        if level not in PIMC_LEVELS:
            raise RequestError(f"level must be 1 to 5, got {level}")
        if not 0 <= seat < prof.players:
            raise RequestError(f"seat must be 0 to {prof.players - 1}, got {seat}")
        rng = random.Random(seed)
        m = cls(f"m{next(_ids)}", prof, level, seat, seed, rng,
                EngineAgent(level, seed=rng.randrange(2**32)))
        m.score = [0] * prof.sides
        m.dealer = prof.players - 1 if seat == 0 else 0
        m._deal()
        return m

    @property
    def game(self) -> Game:
        return self.games[-1]

    @property
    def side(self) -> int:
        return self.profile.side(self.seat)

    @property
    def winner(self) -> int | None:
        """The side that has won the match (``None``: play on)."""
        return self.profile.match_winner(self.score)

    @property
    def over(self) -> bool:
        return self.winner is not None

    def _deal(self) -> None:
        g = Game.deal(self.profile, seed=self.rng.randrange(2**32), dealer=self.dealer,
                      carry=self.carry)
        g.match_score = tuple(self.score)
        self.games.append(g)
        self.events = []
        self.last_trick = None

    def _apply(self, seat: int, action: Action) -> None:
        g = self.game
        before = [str(c) for c in g.trick]
        g.apply(action)
        self.events.append({"seat": seat, "action": str(action)})
        if action.kind == Kind.PLAY and not g.trick and before:
            winner = View.from_game(g, self.seat).last_trick_winner
            self.last_trick = {"cards": before + [str(action.card)], "winner": winner}
        if g.is_over:
            r = g.result
            assert r is not None
            self.score = [m + x for m, x in zip(self.score, r.points)]
            self.carry = r.carry_out

    def act(self, action: str) -> None:
        """The human's action (notation); refused unless it is the human's turn and legal."""
        g = self.game
        if g.is_over:
            raise IllegalActionError("the hand is over: deal the next hand")
        if g.to_act != self.seat:
            raise IllegalActionError(f"it is seat {g.to_act}'s turn, not yours")
        a = g.parse_action(action)
        if not g.is_legal(a):
            legal = " ".join(str(x) for x in g.legal_actions())
            raise IllegalActionError(f"{a} is not legal now; legal: {legal}")
        self._apply(self.seat, a)

    def engine_turns(self) -> None:
        """The engine plays every other seat until the human is to act or the hand ends (in a
        worker thread: each decision takes up to the level's time cap)."""
        g = self.game
        while not g.is_over and g.to_act != self.seat:
            p = g.to_act
            assert p is not None
            self._apply(p, act_in_game(self.engine, g, p))

    def next_hand(self) -> None:
        if not self.game.is_over:
            raise IllegalActionError("the hand is still in play")
        if self.over:
            raise IllegalActionError("the match is over: start a new one")
        self.dealer = (self.dealer + 1) % self.profile.players
        self._deal()

    def hint_limits(self) -> tuple[int, float]:
        """The hint's worlds and seconds: the engine's own at level 3 or above."""
        lv = max(self.level, 3)
        return PIMC_LEVELS[lv], LEVEL_TIME[lv]

    def record(self) -> str:
        return format_match_record(self.games) + "\n"

    def state(self) -> dict[str, Any]:
        g = self.game
        view = View.from_game(g, self.seat)
        r = g.result
        return {
            "id": self.id,
            "profile": self.profile.name,
            "level": self.level,
            "seat": self.seat,
            "side": self.side,
            "hand_no": len(self.games),
            "match": list(self.score),
            "match_target": self.profile.match_target,
            "board": view_board(view),
            "your_turn": g.to_act == self.seat,
            "legal": [str(a) for a in g.legal_actions()] if g.to_act == self.seat else [],
            "events": list(self.events),
            "last_trick": self.last_trick,
            "hand_over": g.is_over,
            "hand_result": None if r is None else {"points": list(r.points),
                                                   "reason": r.reason, "winner": r.winner},
            "match_over": self.over,
            "match_winner": self.winner,
            "you_won": self.winner == self.side,
        }


class Matches:
    """The matches in play, the oldest forgotten beyond ``keep``."""

    def __init__(self, keep: int = 64) -> None:
        self.keep = keep
        self._lock = threading.Lock()
        self._matches: OrderedDict[str, Match] = OrderedDict()

    def add(self, m: Match) -> Match:
        with self._lock:
            self._matches[m.id] = m
            while len(self._matches) > self.keep:
                self._matches.popitem(last=False)
        return m

    def get(self, ident: str) -> Match:
        with self._lock:
            m = self._matches.get(ident)
        if m is None:
            raise LookupError(f"no match {ident!r} (matches are kept in memory: it may have "
                              "ended with a restart)")
        return m

    def __len__(self) -> int:
        with self._lock:
            return len(self._matches)


def check_action_text(value: object) -> str:
    if not isinstance(value, str) or not value.strip():
        raise RequestError("action must be an action's notation, like \"KH\", \"close\" or "
                           "\"marry-H\"")
    return value


"""From what the user clicked or pasted to a position the engine accepts.

A clicked set-up names the profile, the seat to act, the dealer, the seat's cards, the trump
card, the cards of the trick, the cards each player took, the cards seen in the other hands and
the marriages each declared (suit letters); everything else follows: the marriages' points and
their cards still in hand, the dealer's shown trump card where there is no stock,
the other hands as many cards as the seat's (one fewer for a player who already played to the
trick), the stock what is left. It is written as a view
(``docs/views.md``) and read back by the engine, so an impossible set-up is refused with the
engine's own message.

>>> s = Setup.from_json({"profile": "schnapsen", "seat": 1, "dealer": 0, "trump": "QH",
...     "hand": ["AH", "TH", "KS", "QS", "JC"]})
>>> s.view_text()
'schnapsen seat=1 dealer=0 turn=1:lead trump=QH hands=5/JCTHAHQSKS stock=10:QH'
>>> Setup.from_json({"profile": "schnapsen", "trump": "QH", "hand": ["AH", "AH"]}).view()
Traceback (most recent call last):
...
sixtysix_solver.errors.PositionError: AH appears more often than the deck holds it
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..errors import NotationError, SixtySixError
from ..knowledge.view import View, format_view
from ..knowledge.worlds import parse_view
from ..notation.position import parse_position
from ..notation.record import RECORD_FORMAT, parse_match_record
from ..rules.cards import Card, format_cards
from ..rules.game import Game
from ..rules.profiles import Profile, get_profile

__all__ = ["Parsed", "RequestError", "Setup", "get_bool", "get_int", "get_str", "parse_input"]


class RequestError(SixtySixError):
    """A request to the web API that names a missing or mistyped field."""


def get_str(data: Mapping[str, Any], key: str, default: str | None = None) -> str:
    value = data.get(key, default)
    if not isinstance(value, str):
        raise RequestError(f"{key} must be a string" + ("" if default is not None
                                                          else " (it is required)"))
    return value


def get_int(data: Mapping[str, Any], key: str, default: int, low: int = 0,
            high: int = 2**63 - 1) -> int:
    value = data.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise RequestError(f"{key} must be an integer from {low} to {high}, got {value!r}")
    return value


def get_bool(data: Mapping[str, Any], key: str, default: bool) -> bool:
    value = data.get(key, default)
    if not isinstance(value, bool):
        raise RequestError(f"{key} must be true or false, got {value!r}")
    return value


def _cards(data: Mapping[str, Any], key: str) -> list[Card]:
    value = data.get(key, [])
    if isinstance(value, str):
        value = value.split()
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise RequestError(f"{key} must be a list of cards like [\"KH\", \"TS\"]")
    return [Card.parse(c) for c in value]


def _text(cards: list[Card], keep_order: bool = False) -> str:
    return format_cards(cards, keep_order=keep_order).replace(" ", "") or "-"


@dataclass(frozen=True)
class Setup:
    """A hand set up by clicking (see the module's docstring); ``seat`` is the seat to act."""

    profile: Profile
    seat: int
    dealer: int
    hand: list[Card]
    trump: Card
    trick: list[Card]
    taken: list[list[Card]]
    marriages: list[str]
    match: tuple[int, int] | None
    seen: tuple[tuple[Card, ...], ...] = ()
    phase: str | None = None  # None: lead, or follow when the trick holds a card

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Setup:
        profile = get_profile(get_str(data, "profile", "sixty-six"))
        n = profile.players
        seat = get_int(data, "seat", 0, 0, n - 1)
        dealer = get_int(data, "dealer", 0, 0, n - 1)
        taken_raw = data.get("taken", [[] for _ in range(n)])
        if not isinstance(taken_raw, list) or len(taken_raw) != n:
            raise RequestError(f"taken must be a list of {n} card lists, one per player")
        taken = [_cards({"taken": t}, "taken") for t in taken_raw]
        seen_raw = data.get("seen", [[] for _ in range(n)])
        if not isinstance(seen_raw, list) or len(seen_raw) != n:
            raise RequestError(f"seen must be a list of {n} card lists, one per player")
        seen = tuple(tuple(_cards({"seen": t}, "seen")) for t in seen_raw)
        if seen[seat]:
            raise RequestError("seen lists the cards seen in the other hands: your own cards "
                               "go in hand")
        mp = data.get("marriages", [""] * n)
        if (not isinstance(mp, list) or len(mp) != n
                or not all(isinstance(x, str) and set(x.upper()) <= set("CDHS ") for x in mp)):
            raise RequestError(f"marriages must be {n} strings of suit letters (C D H S), one "
                               "per player, like [\"\", \"H\"]")
        mp = [x.upper().replace(" ", "") for x in mp]
        match_raw = data.get("match")
        match: tuple[int, int] | None = None
        if match_raw is not None:
            if (not isinstance(match_raw, list) or len(match_raw) != 2 or not all(
                    isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in match_raw)):
                raise RequestError("match must be two match scores, side 0 first, like [3, 5]")
            match = (match_raw[0], match_raw[1])
        trump = _cards({"trump": [get_str(data, "trump")]}, "trump")[0]
        return cls(profile, seat, dealer, _cards(data, "hand"), trump, _cards(data, "trick"),
                   taken, list(mp), match, seen, _phase(data))

    def view_text(self) -> str:
        """The set-up in the view notation (not yet checked by the engine)."""
        p, n = self.profile, self.profile.players
        if len(self.trick) >= n:
            raise RequestError(f"a trick in progress holds at most {n - 1} cards")
        played = {(self.seat - k) % n for k in range(1, len(self.trick) + 1)}
        sizes = [len(self.hand) - (q in played) for q in range(n)]
        tokens = [
            p.name + (f"[{','.join(f'{k}={_knob(v)}' for k, v in p.overrides)}]"
                      if p.overrides else ""),
            f"seat={self.seat}", f"dealer={self.dealer}",
            f"turn={self.seat}:{self.phase or ('follow' if self.trick else 'lead')}",
            f"trump={self.trump}",
            "hands=" + "/".join(_text(self.hand) if q == self.seat else str(sizes[q])
                                for q in range(n)),
        ]
        if self.trick:
            leader = (self.seat - len(self.trick)) % n
            tokens.append(f"trick={leader}:{_text(self.trick, keep_order=True)}")
        taken = sum(len(t) for t in self.taken)
        if p.stock_size:
            stock = p.deck_size - sum(sizes) - taken - len(self.trick)
            tokens.append(f"stock={stock}:{self.trump}" if stock > 0 else "stock=0")
        elif p.players == 3:
            tokens.append(f"aside={p.deck_size - sum(sizes) - taken - len(self.trick) }")
        if taken:
            tokens.append("taken=" + "/".join(_text(t) for t in self.taken))
            tokens.append("last_win=" + "/".join(str(w) for w in self._last_win()))
        tokens += self._shown_tokens()
        if self.match is not None:
            tokens.append(f"match={self.match[0]}/{self.match[1]}")
        return " ".join(tokens)

    def _shown_tokens(self) -> list[str]:
        """``declared`` and ``marriage_points``; ``married`` for a marriage's king and queen not
        played yet; ``known`` for the cards seen in another hand: those listed, a marriage's
        cards, and without a stock the dealer's trump card (shown at the deal)."""
        p, n = self.profile, self.profile.players
        low, high = p.marriage_points
        played = {c for t in self.taken for c in t} | set(self.trick)
        known: list[list[Card]] = [list(k) for k in self.seen] or [[] for _ in range(n)]
        married: list[list[Card]] = [[] for _ in range(n)]
        points = []
        for q, suits in enumerate(self.marriages):
            points.append(sum(high if s == "CDHS"[self.trump.suit] else low for s in suits))
            for s in suits:
                for rank in "KQ":
                    c = Card.parse(rank + s)
                    if c in played:
                        continue
                    married[q].append(c)
                    if q != self.seat and c not in known[q]:
                        known[q].append(c)
        if (not p.stock_size and self.dealer != self.seat and self.trump not in played
                and self.trump not in known[self.dealer]):
            known[self.dealer].append(self.trump)
        out = []
        if any(self.marriages):
            out += ["declared=" + "/".join(m or "-" for m in self.marriages),
                    "marriage_points=" + "/".join(map(str, points))]
        if any(known):
            out.append("known=" + "/".join(_text(k) for k in known))
        if any(married):
            out.append("married=" + "/".join(_text(m) for m in married))
        return out

    def _last_win(self) -> list[int]:
        """The number of each player's latest trick: the leader of the trick in progress won
        the latest; the others' tricks are taken to be the earliest ones."""
        n = self.profile.players
        tricks = [len(t) // n for t in self.taken]
        played = sum(tricks)
        leader = (self.seat - len(self.trick)) % n
        out = [t for t in tricks]
        if tricks[leader]:
            out[leader] = played
        return out

    def view(self) -> View:
        """The set-up read back and checked by the engine (its error when no deal fits)."""
        return parse_view(self.view_text())


def _phase(data: Mapping[str, Any]) -> str | None:
    phase = data.get("phase")
    if phase is not None and phase not in ("lead", "follow", "draw", "show"):
        raise RequestError(f"phase must be lead, follow, draw or show, got {phase!r}")
    return phase


def _knob(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return ":".join(map(str, value))
    return str(value)


@dataclass(frozen=True)
class Parsed:
    """Pasted text read: ``kind`` is ``view``, ``position`` or ``record``; ``view`` is what the
    player to act knows (``None`` when the hand is over); ``games`` the record's hands (a
    position is one game with no history)."""

    kind: str
    view: View | None
    games: list[Game]


def parse_input(text: str) -> Parsed:
    """A view, a position or a game record, told apart by their form."""
    text = text.strip()
    if not text:
        raise NotationError("empty input: paste a view, a position or a game record")
    if text.startswith(RECORD_FORMAT) or text.startswith("start "):
        games = parse_match_record(text)
        last = games[-1]
        return Parsed("record", None if last.to_act is None else View.from_game(last), games)
    if " seat=" in f" {text}":
        return Parsed("view", parse_view(text), [])
    game = parse_position(text)
    return Parsed("position", None if game.to_act is None else View.from_game(game), [game])


def canonical(view: View) -> str:
    return format_view(view)

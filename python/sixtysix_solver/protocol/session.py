"""The engine protocol: a line protocol on standard input and output, in the spirit of chess
engines' UCI, so that any front-end (a web or phone app, a bot in another language) can embed
the advice engine. ``docs/protocol.md`` documents every command and reply.

:class:`Engine` reads one line at a time (:meth:`Engine.handle`) and writes lines through a
callable, so it runs in-process as well as behind ``sixtysix engine`` (:func:`run_stdio`).
Searches run in a background thread with a ``threading.Event`` to stop them; everything the
client sends is answered by at most a few lines, and a bad line by exactly one ``error`` line:
no input can crash or block the engine.

>>> out = []
>>> e = Engine(out.append)
>>> for line in ["isready", "setoption name worlds value 20", "frobnicate",
...              "newhand dealer 0 seat 1 hand TDAH9SJSQSKS trump 9H", "d"]:
...     e.handle(line)
>>> print("\\n".join(out))
readyok
error unknown command 'frobnicate' (try: sse isready setoption newmatch newhand played drew view position go stop close? d record quit)
view sixty-six seat=1 dealer=0 turn=1:lead trump=9H hands=6/TDAH9SJSQSKS stock=12:9H
legal TD AH KS QS JS 9S close marry-S
"""

from __future__ import annotations

import os
import re
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, BinaryIO, TypeVar

from .._version import __version__
from ..rules.actions import Action
from ..rules.cards import Card
from ..advice.closing import ClosingAnalysis, analyse_closing
from ..errors import SearchLimitError, SixtySixError
from ..knowledge.history import HistoryError
from ..notation.position import parse_position
from ..rules.position_text import format_profile, parse_card_list, parse_profile
from ..advice.opponents import (
    ImplausibleHistoryError,
    model_name,
    parse_opponent_model,
    weighting_for,
)
from ..rules.profiles import PROFILES, Profile
from ..notation.record import RECORD_HEADER, format_record
from ..advice.recommend import Recommendation, Utility, match_utility, recommend, stock_in_play
from ..knowledge.tracker import HandTracker
from ..knowledge.view import View
from ..knowledge.view import format_view
from ..knowledge.worlds import parse_view
from ..knowledge.worlds import DEFAULT_LIMIT, WorldSpace

_R = TypeVar("_R")

__all__ = ["Engine", "MAX_LINE", "engine_record", "read_lines", "run_stdio"]

NAME = "sixtysix_solver"
MAX_LINE = 64 * 1024  # longer lines are dropped with an error: memory stays bounded
MAX_WORLDS = 10_000_000
MAX_MOVETIME = 86_400_000  # one day, in milliseconds
COMMANDS = (
    "sse", "isready", "setoption", "newmatch", "newhand", "played", "drew", "view",
    "position", "go", "stop", "close?", "d", "record", "quit",
)


class ProtocolError(SixtySixError):
    """A line the protocol cannot accept (malformed, out of order, or unknown)."""


@dataclass
class Options:
    """The engine's settings (``setoption``)."""

    profile: Profile = field(default_factory=lambda: PROFILES["sixty-six"])
    threads: int = field(default_factory=lambda: os.cpu_count() or 1)
    worlds: int = 1000
    movetime: int = 0  # milliseconds per search; 0: no limit
    matchaware: bool = True
    seed: int = 0
    recordfile: str | None = None  # every finished hand is appended here
    opponentmodel: str = "none"  # weight worlds by the other players' past actions


def _int(text: str, what: str, lo: int, hi: int) -> int:
    if not re.fullmatch(r"[+-]?[0-9]{1,19}", text, re.ASCII):
        raise ProtocolError(f"{what} must be an integer, got {_show(text)}")
    v = int(text)
    if not lo <= v <= hi:
        raise ProtocolError(f"{what} must be from {lo} to {hi}, got {v}")
    return v


def _show(text: str, limit: int = 40) -> str:
    """Client text quoted for an error line: ASCII only, one line, bounded."""
    t = text if len(text) <= limit else text[:limit] + "..."
    return ascii(t)


def _cards(tokens: Sequence[str], what: str) -> list[int]:
    text = "".join(tokens).replace(",", "")
    if not text:
        raise ProtocolError(f"{what} needs cards, such as 9CQCKD or 9C QC KD")
    return parse_card_list(text, what)


RECORD_NOTE = [
    "# written by the sixtysix engine protocol: every hand is seen from the engine's seat.",
    "# That seat's cards, the trump card and every action are real; the other hands and the",
    "# stock order are stand-ins consistent with all that seat saw: review that seat only.",
]


def _hand_block(tracker: HandTracker) -> list[str]:
    """One hand's record block (``start``, ``actions``, ``result``) after a comment naming
    the seat whose view it is."""
    block = format_record(tracker.shadow()).split("\n")[1:]
    return [f"# seen by seat {tracker.seat}: the other hands and the stock are stand-ins"] + block


def engine_record(trackers: Sequence[HandTracker]) -> str:
    """The game record (:mod:`sixtysix_solver.notation.record`, one block per hand) of hands followed
    by :class:`~sixtysix_solver.knowledge.tracker.HandTracker`: each hand's shadow game, with comments
    saying that only the tracker's seat's view in it is real."""
    if not trackers:
        raise ProtocolError("no hand to record")
    lines = [RECORD_HEADER, *RECORD_NOTE]
    for t in trackers:
        lines += _hand_block(t)
    return "\n".join(lines)


@dataclass
class _Search:
    """One background search: its stop event, the latest figures and whether its answer was
    already sent (a ``stop`` answers at once with the figures so far)."""

    kind: str  # "go" or "close"
    stop: threading.Event
    infinite: bool
    legal: list[Action]
    thread: threading.Thread | None = None
    latest: Recommendation | None = None
    answered: bool = False
    lock: threading.Lock = field(default_factory=threading.Lock)


class Engine:
    """The protocol engine. ``write`` receives every output line (without its newline) and is
    called under a lock, from the reading thread or the search thread."""

    def __init__(self, write: Callable[[str], None]) -> None:
        self._write = write
        self._out_lock = threading.Lock()
        self.options = Options()
        self._tracker: HandTracker | None = None
        self._match: tuple[int, ...] | None = None
        self._carry = 0
        self._settled = False  # the finished hand's result was added to the match score
        self._hands: list[HandTracker] | None = None  # earlier hands of the match (newmatch)
        self._filed = False  # the current hand was appended to the record file
        self._search: _Search | None = None
        self.quit = False

    # --- output -----------------------------------------------------------------------------
    def send(self, line: str) -> None:
        with self._out_lock:
            self._write(line)

    def _error(self, msg: str) -> None:
        self.send("error " + " ".join(msg.split()))  # always a single line

    # --- input ------------------------------------------------------------------------------
    def handle(self, line: str) -> None:
        """Handle one line (without its newline). Never raises: a problem is one ``error``
        line, and the engine goes on."""
        try:
            self._dispatch(line)
        except SixtySixError as err:
            self._error(f"{self._word(line)}{err}")
        except Exception as err:  # noqa: BLE001 - no input may crash the engine
            self._error(f"{self._word(line)}internal error {type(err).__name__}: {err}")

    def handle_overlong(self) -> None:
        """Answer a line that was longer than :data:`MAX_LINE` bytes (and was dropped)."""
        self._error(f"line longer than {MAX_LINE} bytes ignored")

    @staticmethod
    def _word(line: str) -> str:
        """The command as a prefix for its error message ('' for an unknown command)."""
        parts = line.split()
        word = parts[0].lower() if parts else ""
        if word == "go" and parts[1:2] == ["close"]:
            return "go close: "
        known = set(COMMANDS) | {"hello", "uci", "show"}
        return f"{word}: " if word in known else ""

    def _dispatch(self, line: str) -> None:
        tokens = line.split()
        if not tokens:
            return
        cmd, args = tokens[0].lower(), tokens[1:]
        if cmd in ("sse", "hello", "uci"):
            return self._hello()
        if cmd == "isready":
            return self.send("readyok")
        if cmd == "quit":
            self._stop_search(answer=False)
            self.quit = True
            return
        if cmd == "stop":
            if args:
                raise ProtocolError("stop takes no arguments")
            if self._search is None or self._search.answered:
                raise ProtocolError("no search is running")
            return self._stop_search(answer=True)
        if cmd in ("d", "show"):
            return self._show_view()
        if cmd == "record":
            return self._record(args)
        if cmd == "setoption":
            return self._setoption(args)
        if cmd == "go" and args[:1] == ["close"]:
            cmd, args = "close?", args[1:]
        known = {"newmatch", "newhand", "played", "drew", "view", "position", "go", "close?"}
        if cmd not in known:
            raise ProtocolError(
                f"unknown command {_show(tokens[0])} (try: {' '.join(COMMANDS)})"
            ) from None
        if self._busy():
            raise ProtocolError("a search is running: send stop first")
        if cmd == "newmatch":
            return self._newmatch(args)
        if cmd == "newhand":
            return self._newhand(args)
        if cmd == "played":
            return self._played(args)
        if cmd == "drew":
            return self._drew(args)
        if cmd == "view":
            return self._set_view(line.split(None, 1)[1] if args else "")
        if cmd == "position":
            return self._set_position(args)
        if cmd == "go":
            return self._go(args)
        return self._close(args)

    def _hello(self) -> None:
        o = Options()
        self.send(f"id name {NAME}")
        self.send(f"id version {__version__}")
        for p in PROFILES.values():
            self.send(f"profile {p.name} players {p.players} cards {p.deck_size}")
        self.send(f"option name profile type string default {format_profile(o.profile)}")
        self.send(f"option name threads type spin default {o.threads} min 1 max 256")
        self.send(f"option name worlds type spin default {o.worlds} min 1 max {MAX_WORLDS}")
        self.send(f"option name movetime type spin default {o.movetime} min 0 max {MAX_MOVETIME}")
        self.send("option name matchaware type check default true")
        self.send(f"option name seed type spin default {o.seed} min 0 max {2**63 - 1}")
        self.send("option name recordfile type string default none")
        self.send("option name opponentmodel type string default none")
        self.send("sseok")

    def _busy(self) -> bool:
        s = self._search
        return s is not None and not s.answered

    # --- settings ---------------------------------------------------------------------------
    def _setoption(self, args: list[str]) -> None:
        low = [a.lower() for a in args]
        if not low or low[0] != "name" or "value" not in low:
            raise ProtocolError("expected setoption name <name> value <value>")
        v = low.index("value")
        name = " ".join(low[1:v])
        value = " ".join(args[v + 1:])
        if not value:
            raise ProtocolError(f"option {_show(name)} needs a value")
        o = self.options
        if name == "profile":
            o.profile = parse_profile(value)  # takes effect at the next newhand
        elif name == "threads":
            o.threads = _int(value, "threads", 1, 256)
        elif name == "worlds":
            o.worlds = _int(value, "worlds", 1, MAX_WORLDS)
        elif name == "movetime":
            o.movetime = _int(value, "movetime", 0, MAX_MOVETIME)
        elif name == "matchaware":
            flag = value.lower()
            if flag not in ("on", "off", "true", "false", "1", "0", "yes", "no"):
                raise ProtocolError(f"matchaware must be on or off, got {_show(value)}")
            o.matchaware = flag in ("on", "true", "1", "yes")
        elif name == "seed":
            o.seed = _int(value, "seed", 0, 2**63 - 1)
        elif name == "recordfile":
            if value.lower() == "none":
                o.recordfile = None
                return
            try:
                with open(value, "a", encoding="utf-8"):
                    pass  # the file can be written (created if need be)
            except OSError as err:
                raise ProtocolError(
                    f"cannot write the record file {_show(value)}: {err.strerror}"
                ) from None
            o.recordfile = value
        elif name == "opponentmodel":
            try:
                model = parse_opponent_model(value)
            except SixtySixError as err:
                raise ProtocolError(str(err)) from None
            o.opponentmodel = "none" if model is None else model_name(model)
        else:
            raise ProtocolError(
                f"unknown option {_show(name)} (options: profile threads worlds movetime "
                "matchaware seed recordfile opponentmodel)"
            )

    # --- the hand ---------------------------------------------------------------------------
    def _settle(self) -> None:
        """Add a finished hand's result to the match score and carry (once)."""
        t = self._tracker
        if t is None or self._settled or not t.is_over:
            return
        res = t.shadow().result
        if res is None:  # pragma: no cover - a finished hand has a result
            return
        if self._match is not None and len(self._match) == len(res.points):
            self._match = tuple(a + b for a, b in zip(self._match, res.points))
        self._carry = res.carry_out
        self._settled = True

    def _newmatch(self, args: list[str]) -> None:
        if args:
            raise ProtocolError("newmatch takes no arguments")
        self._tracker = None
        self._match = (0,) * self.options.profile.sides
        self._carry = 0
        self._settled = False
        self._hands = []

    def _newhand(self, args: list[str]) -> None:
        keys = ("dealer", "seat", "hand", "trump", "match", "carry", "profile")
        got: dict[str, list[str]] = {}
        key: str | None = None
        for tok in args:
            low = tok.lower()
            if low in keys:
                if low in got:
                    raise ProtocolError(f"{low} is given twice")
                key = low
                got[key] = []
            elif key is None:
                raise ProtocolError(f"expected one of {' '.join(keys)}, got {_show(tok)}")
            else:
                got[key].append(tok)
        for k in ("dealer", "seat", "hand", "trump"):
            if k not in got:
                raise ProtocolError(
                    f"missing {k}: expected newhand dealer D seat S hand <cards> trump <card> "
                    "[match A B] [carry C]"
                )
        for k in ("dealer", "seat", "trump", "carry", "profile"):
            if k in got and len(got[k]) != 1:
                raise ProtocolError(f"{k} takes one value, got {len(got[k])}")
        prof = parse_profile(got["profile"][0]) if "profile" in got else self.options.profile
        n = prof.players
        dealer = _int(got["dealer"][0], "dealer", 0, n - 1)
        seat = _int(got["seat"][0], "seat", 0, n - 1)
        hand = _cards(got["hand"], "hand")
        trump = _cards(got["trump"], "trump")[0]
        self._settle()
        match = self._match
        if "match" in got:
            parts = [p for tok in got["match"] for p in re.split(r"[:/,]", tok) if p]
            if len(parts) != prof.sides:
                raise ProtocolError(f"match needs {prof.sides} scores (one per side)")
            match = tuple(_int(p, "a match score", 0, 10**6) for p in parts)
        if match is not None and len(match) != prof.sides:
            match = None  # a score kept from a match of another profile
        carry = _int(got["carry"][0], "carry", 0, 10**6) if "carry" in got else self._carry
        tracker = HandTracker(
            prof, dealer=dealer, seat=seat, hand=[Card.from_code(c) for c in hand],
            trump_card=Card.from_code(trump), match=match, carry=carry, seed=self.options.seed,
        )
        old = self._tracker
        if self._hands is not None and old is not None and old.actions:
            self._hands.append(old)  # the match record keeps every hand that was played
        self._tracker, self._match, self._settled = tracker, match, False
        self._filed = False

    def _need_tracker(self) -> HandTracker:
        if self._tracker is None:
            raise ProtocolError("no hand: send newhand (or view / position) first")
        return self._tracker

    def _played(self, args: list[str]) -> None:
        t = self._need_tracker()
        if len(args) < 2:
            raise ProtocolError("expected played <seat> <action>")
        seat = _int(args[0], "seat", 0, t.profile.players - 1)
        t.act(seat, Action.parse(" ".join(args[1:])))
        if t.is_over:
            self._file_hand(t)

    def _drew(self, args: list[str]) -> None:
        t = self._need_tracker()
        if len(args) == 2:
            seat = _int(args[0], "seat", 0, t.profile.players - 1)
            if seat != t.seat:
                # Only the face-up card can be seen in another hand: accept it as a
                # confirmation of what the tracker placed already.
                card = Card.parse(args[1]).code
                if not t.pending_draw and card in t.view.known[seat] and t.view.stock_size == 0:
                    return
                raise ProtocolError(
                    f"seat {seat} is not you: only the face-up card it took can be confirmed, "
                    "and it needs no event"
                )
            args = args[1:]
        if len(args) != 1:
            raise ProtocolError("expected drew <card>")
        t.drew(Card.parse(args[0]))

    def _set_view(self, text: str) -> None:
        if not text.strip():
            raise ProtocolError("expected view <view notation>")
        view = parse_view(text)
        self._tracker = HandTracker.from_view(view, seed=self.options.seed)
        self._match, self._settled = view.match, False
        self._hands, self._filed = None, False
        self._carry = view.carry

    def _set_position(self, args: list[str]) -> None:
        seat: int | None = None
        rest: list[str] = []
        for tok in args:
            if tok.lower().startswith("seat="):
                if seat is not None:
                    raise ProtocolError("seat= is given twice")
                seat = _int(tok[5:], "seat", 0, 3)
            else:
                rest.append(tok)
        if not rest:
            raise ProtocolError("expected position <position notation> [seat=S]")
        game = parse_position(" ".join(rest))
        if seat is None:
            if game.to_act is None:
                raise ProtocolError("the hand is over: name the seat with seat=S")
            seat = game.to_act
        if seat >= game.players:
            raise ProtocolError(f"seat must be a seat from 0 to {game.players - 1}, got {seat}")
        self._tracker = HandTracker.from_game(game, seat, seed=self.options.seed)
        self._match = game.match_score
        self._hands, self._filed = None, False
        self._carry, self._settled = game.start_fields["carry"], False

    def _show_view(self) -> None:
        t = self._need_tracker()
        if t.pending_draw:
            self.send("pending drew")
            return
        self.send(f"view {format_view(t.view)}")
        legal = t.legal_actions()
        if legal:
            self.send("legal " + " ".join(str(a) for a in legal))

    # --- game records --------------------------------------------------------------------------
    def _record(self, args: list[str]) -> None:
        """``record``: the hand (after ``newmatch``: every hand of the match so far) as a game
        record, one ``record <line>`` per line, then ``recordok``."""
        if args:
            raise ProtocolError("record takes no arguments")
        t = self._need_tracker()
        if t.pending_draw:
            raise ProtocolError("waiting for the card you drew: send drew <card> first")
        text = engine_record((self._hands or []) + [t])
        with self._out_lock:  # one block: search lines cannot come in between
            for line in text.split("\n"):
                self._write(f"record {line}")
            self._write("recordok")

    def _file_hand(self, t: HandTracker) -> None:
        """Append a finished hand to the record file (``setoption name recordfile``)."""
        path = self.options.recordfile
        if path is None or self._filed:
            return
        self._filed = True
        try:
            with open(path, "a+", encoding="utf-8") as f:
                f.seek(0, os.SEEK_END)
                head = [RECORD_HEADER, *RECORD_NOTE] if f.tell() == 0 else []
                f.write("\n".join(head + _hand_block(t)) + "\n")
        except OSError as err:
            self.send(f"info string cannot append the hand to the record file "
                      f"{_show(path)}: {err.strerror}")

    # --- searching --------------------------------------------------------------------------
    def _decision_view(self) -> tuple[HandTracker, View]:
        t = self._need_tracker()
        if t.pending_draw:
            raise ProtocolError("waiting for the card you drew: send drew <card> first")
        if t.is_over:
            raise ProtocolError("the hand is over: there is no decision (send newhand)")
        t.expect_turn(t.seat)  # four-hand-24: settles whether a show phase came first
        return t, t.view

    def _utility(self, view: View) -> Utility | None:
        if not self.options.matchaware or view.match is None or view.profile.sides != 2:
            return None
        try:
            return match_utility(view)
        except SixtySixError as err:
            self.send(f"info string match-aware choice unavailable ({err}); "
                      "maximising expected game points")
            return None

    def _weighting(self, t: HandTracker) -> dict[str, Any]:
        """The opponent model and the hand's history for a search (none when the option is
        off, or when the hand has no history: a hand joined from a view)."""
        try:
            return weighting_for(self.options.opponentmodel, t.shadow(), t.seat)
        except HistoryError as err:
            self.send(f"info string opponent model unavailable ({err}); worlds unweighted")
            return {}

    def _weighted(self, call: Callable[..., _R], weighting: dict[str, Any]) -> _R:
        """``call(**weighting)``; when the model rules out every world (the opponent played
        against the model), says so and searches unweighted worlds instead."""
        if not weighting:
            return call()
        try:
            return call(**weighting)
        except ImplausibleHistoryError as err:
            self.send(f"info string {err}; worlds unweighted")
            return call()

    def _go(self, args: list[str]) -> None:
        o = self.options
        worlds, movetime, infinite = o.worlds, o.movetime, False
        i = 0
        while i < len(args):
            word = args[i].lower()
            if word == "infinite":
                infinite = True
                i += 1
            elif word in ("worlds", "movetime") and i + 1 < len(args):
                if word == "worlds":
                    worlds = _int(args[i + 1], "worlds", 1, MAX_WORLDS)
                else:
                    movetime = _int(args[i + 1], "movetime", 0, MAX_MOVETIME)
                i += 2
            else:
                raise ProtocolError(
                    f"bad go argument {_show(args[i])}: expected worlds N, movetime MS, "
                    "infinite or close"
                )
        t, view = self._decision_view()
        legal = t.legal_actions()
        if infinite:
            worlds = MAX_WORLDS * 100
        space = WorldSpace(view, stock_order=stock_in_play(view))
        exact: bool | None = None if space.count <= DEFAULT_LIMIT else False
        utility = self._utility(view)
        weighting = self._weighting(t)
        search = _Search("go", threading.Event(), infinite, legal)
        seed, threads = o.seed, o.threads
        limit = movetime / 1000 if movetime and not infinite else None
        started = time.perf_counter()

        def progress(rec: Recommendation) -> None:
            search.latest = rec
            with search.lock:
                if search.answered:
                    return
                s = rec.stats(rec.best)
                self.send(
                    f"info worlds {rec.worlds} total {rec.total_worlds} "
                    f"time {int((time.perf_counter() - started) * 1000)} nodes {rec.nodes} "
                    f"best {rec.best} ev {s.mean:+.3f} pwin {s.win:.3f}"
                    + (f" utility {s.utility:.4f}" if utility is not None else "")
                )

        def work() -> None:
            rec: Recommendation | None = None
            try:
                rec = self._weighted(lambda **w: recommend(
                    view, worlds=worlds, seed=seed, exact=exact, time_limit=limit,
                    utility=utility, threads=threads, on_progress=progress, stop=search.stop,
                    **w), weighting)
            except SearchLimitError:
                try:  # the time ran out before one world: one world without a limit
                    rec = self._weighted(lambda **w: recommend(
                        view, worlds=1, seed=seed, exact=False, utility=utility,
                        threads=threads, **w), weighting)
                except SixtySixError as err:
                    self._error(f"go: {err}")
            except SixtySixError as err:
                self._error(f"go: {err}")
            except Exception as err:  # noqa: BLE001 - the thread must always answer
                self._error(f"go: internal error {type(err).__name__}: {err}")
            if rec is not None:
                search.latest = rec
            if infinite:
                search.stop.wait()
            self._answer(search)

        self._launch(search, work)

    def _close(self, args: list[str]) -> None:
        if args:
            raise ProtocolError("close? takes no arguments")
        o = self.options
        t, view = self._decision_view()
        if not any(str(a) == "close" for a in t.legal_actions()):
            raise ProtocolError("you may not close the stock now")
        search = _Search("close", threading.Event(), False, t.legal_actions())
        limit = o.movetime / 1000 if o.movetime else None
        worlds, seed, threads = min(o.worlds, 100_000), o.seed, o.threads
        weighting = self._weighting(t)

        def progress(part: str, rec: Recommendation) -> None:
            with search.lock:
                if search.answered:
                    return
                s = rec.actions[0] if part == "close now" else max(rec.actions, key=lambda x: x.mean)
                self.send(f"info part {part.replace(' ', '-')} worlds {rec.worlds} "
                          f"total {rec.total_worlds} ev {s.mean:+.3f} pwin {s.win:.3f}")

        def work() -> None:
            result: ClosingAnalysis | None = None
            try:
                result = self._weighted(lambda **w: analyse_closing(
                    view, worlds=worlds, seed=seed, time_limit=limit, threads=threads,
                    on_progress=progress, stop=search.stop, **w), weighting)
            except SixtySixError as err:
                self._error(f"close?: {err}")
            except Exception as err:  # noqa: BLE001
                self._error(f"close?: internal error {type(err).__name__}: {err}")
            with search.lock:
                if search.answered:
                    return
                search.answered = True
                if result is None:
                    self.send("verdict none")
                    return
                for opt in result.options:
                    self.send(
                        f"closeoption name {opt.name.replace(' ', '-')} "
                        f"line {' '.join(str(a) for a in opt.line)} ev {opt.mean:+.3f} "
                        f"pwin {opt.win:.3f} worlds {opt.worlds} total {opt.total_worlds} "
                        f"exact {'yes' if opt.exact else 'no'}"
                    )
                self.send(f"verdict {result.verdict.replace(' ', '-')}")

        self._launch(search, work)

    def _launch(self, search: _Search, work: Callable[[], None]) -> None:
        thread = threading.Thread(target=work, name="sixtysix-search", daemon=True)
        search.thread = thread
        self._search = search
        thread.start()

    def _answer(self, search: _Search) -> None:
        """Send the figures so far and ``bestmove`` (once per search)."""
        with search.lock:
            if search.answered:
                return
            search.answered = True
            rec = search.latest
            if rec is None:
                if search.kind == "close":
                    self.send("verdict none")
                    return
                # Stopped before one world was solved: a legal action, flagged as a guess.
                self.send("info string stopped before any world was solved: a guess")
                self.send(f"bestmove {search.legal[0]}" if search.legal else "bestmove none")
                return
            if search.kind == "close":
                self.send("info string stopped: the closing analysis is incomplete")
                self.send("verdict none")
                return
            for s in rec.ranked():
                ci = "" if s.ci is None else f" ci {s.ci[0]:+.3f} {s.ci[1]:+.3f}"
                self.send(f"info action {s.action} ev {s.mean:+.3f} pwin {s.win:.3f}{ci} "
                          f"utility {s.utility:.4f}")
            # answered by stop while the search was still running: say so
            stopped = "stop" if rec.stopped == "running" else rec.stopped
            weighted = ""
            if rec.opponent_model is not None:  # the effective number of weighted worlds
                weighted = f" model {rec.opponent_model} ess {rec.ess:.1f}"
            self.send(f"info worlds {rec.worlds} total {rec.total_worlds} "
                      f"exact {'yes' if rec.exact else 'no'} stopped {stopped}{weighted}")
            self.send(f"bestmove {rec.best}")

    def _stop_search(self, answer: bool) -> None:
        """Stop the running search; with ``answer``, reply at once with the figures so far
        (the search thread finishes its batch in the background and stays silent)."""
        s = self._search
        if s is None:
            return
        s.stop.set()
        if answer:
            self._answer(s)
        else:
            with s.lock:
                s.answered = True  # quitting: the search ends in silence

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the current search thread to end (for in-process use and tests)."""
        s = self._search
        if s is None or s.thread is None:
            return True
        s.thread.join(timeout)
        return not s.thread.is_alive()

    @property
    def searching(self) -> bool:
        """Whether a search thread is still running (answered or not)."""
        s = self._search
        return s is not None and s.thread is not None and s.thread.is_alive()


# --- reading bounded lines ----------------------------------------------------------------------
def read_lines(stream: BinaryIO, limit: int = MAX_LINE) -> Iterator[str | None]:
    """The lines of a byte stream, decoded leniently (UTF-8, bad bytes replaced), without
    their line ends; ``None`` stands for a line longer than ``limit`` bytes, which is skipped
    without ever being held whole in memory."""
    buf = bytearray()
    dropping = False
    read = getattr(stream, "read1", stream.read)
    while True:
        chunk = read(65536)
        if not chunk:
            break
        start = 0
        while True:
            nl = chunk.find(b"\n", start)
            end = len(chunk) if nl < 0 else nl
            if not dropping:
                buf += chunk[start:end]
                if len(buf) > limit:
                    dropping = True
                    buf.clear()
            if nl < 0:
                break
            if dropping:
                yield None
            else:
                yield buf.decode("utf-8", errors="replace").rstrip("\r")
            dropping = False
            buf.clear()
            start = nl + 1
    if dropping:
        yield None
    elif buf:
        yield buf.decode("utf-8", errors="replace").rstrip("\r")


def run_stdio(stdin: BinaryIO | None = None) -> int:
    """Run the engine on standard input and output until ``quit`` or the end of input."""
    src = stdin if stdin is not None else sys.stdin.buffer
    out = sys.stdout
    broken = threading.Event()

    def write(line: str) -> None:
        if broken.is_set():
            return
        try:
            out.write(line + "\n")
            out.flush()
        except (OSError, ValueError):  # the client went away
            broken.set()

    engine = Engine(write)
    for line in read_lines(src):
        if line is None:
            engine.handle_overlong()
        else:
            engine.handle(line)
        if engine.quit or broken.is_set():
            break
    engine._stop_search(answer=False)
    engine.wait(1.0)
    return 0

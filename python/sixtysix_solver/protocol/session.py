"""The engine protocol's session: a line protocol on standard input and output, in the spirit
of chess engines' UCI, so that any front-end (a web or phone app, a bot in another language) can
embed the advice engine. ``docs/protocol.md`` documents every command and reply.

:class:`ProtocolSession` reads one line at a time (:meth:`ProtocolSession.handle`) and writes
lines through a callable, so it runs in-process as well as behind ``sixtysix engine``
(:func:`~sixtysix_solver.protocol.stdio.run_stdio`). It holds the state (the options, the hand
and the match followed, the running search); the commands' arguments are parsed and checked in
:mod:`sixtysix_solver.protocol.commands`. Searches run in a background thread with a
``threading.Event`` to stop them; everything the client sends is answered by at most a few
lines, and a bad line by exactly one ``error`` line: no input can crash or block the session.

>>> out = []
>>> e = ProtocolSession(out.append)
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
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from ..advice.closing import ClosingAnalysis, analyse_closing
from ..advice.fallible import fallible_choice, fallible_margin, fallible_replies, whose_replies
from ..advice.follow import follow_choice, follow_stock
from ..advice.limits import SearchLimits
from ..advice.opponents import ImplausibleHistoryError, weighting_for
from ..advice.recommend import (
    Recommendation, close_when_sure, match_utility, recommend, stock_in_play,
)
from ..advice.stats import Utility
from ..errors import SixtySixError
from ..knowledge.history import HistoryError
from ..knowledge.tracker import HandTracker
from ..knowledge.view import View, format_view
from ..knowledge.worlds import DEFAULT_LIMIT, WorldSpace, parse_view
from ..notation.position import parse_position
from ..rules.actions import Action
from ..rules.cards import Card
from .commands import (
    COMMANDS,
    IGNORED,
    MAX_LINE,
    MAX_WORLDS,
    Options,
    ProtocolError,
    error_prefix,
    hello_lines,
    parse_go,
    parse_int,
    parse_newhand,
    parse_position_args,
    parse_setoption,
    quote,
    search_limits,
    set_option,
)
from .record import append_hand, confined_path, engine_record

_R = TypeVar("_R")

__all__ = ["ProtocolSession"]


@dataclass
class _Search:
    """One background search: its stop event, the latest figures and whether its answer was
    already sent (a ``stop`` answers at once with the figures so far)."""

    kind: str  # "go" or "close"
    stop: threading.Event
    infinite: bool
    legal: list[Action]
    closewin: float = 0.0  # go: bestmove closes only when closing wins this share of worlds
    thread: threading.Thread | None = None
    latest: Recommendation | None = None
    pick: Action | None = None  # go with fallible: the near-tie broken against the club
    margin: float = 0.0  # ... within this margin of the best
    replies: str = "club"  # ... against these replies (fallible.REPLIES)
    answered: bool = False
    lock: threading.Lock = field(default_factory=threading.Lock)


class ProtocolSession:
    """One client's session of the engine protocol. ``write`` receives every output line
    (without its newline) and is called under a lock, from the reading thread or the search
    thread."""

    def __init__(self, write: Callable[[str], None],
                 record_dir: str | os.PathLike[str] | None = None) -> None:
        self._write = write
        self.record_dir = record_dir  # record files go here only; None: no record files
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
            self._error(f"{error_prefix(line)}{err}")
        except Exception as err:  # noqa: BLE001 - no input may crash the engine
            self._error(f"{error_prefix(line)}internal error {type(err).__name__}: {err}")

    def handle_overlong(self) -> None:
        """Answer a line that was longer than :data:`MAX_LINE` bytes (and was dropped)."""
        self._error(f"line longer than {MAX_LINE} bytes ignored")

    def _dispatch(self, line: str) -> None:
        tokens = line.split()
        if not tokens:
            return
        cmd, args = tokens[0].lower(), tokens[1:]
        if cmd in ("sse", "hello", "uci"):
            return self._hello(uci=cmd == "uci")
        if cmd in IGNORED:
            return None
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
                f"unknown command {quote(tokens[0])} (try: {' '.join(COMMANDS)})"
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

    def _hello(self, uci: bool = False) -> None:
        with self._out_lock:  # one block: search lines cannot come in between
            for line in hello_lines(uci):
                self._write(line)

    def _setoption(self, args: list[str]) -> None:
        name, value = parse_setoption(args)
        if name != "recordfile":
            remark = set_option(self.options, name, value)
            if remark is not None:
                self.send(f"info string {remark}")
            return
        if value.lower() == "none":
            self.options.recordfile = None
            return
        path = confined_path(self.record_dir, value)
        try:
            with open(path, "a", encoding="utf-8"):
                pass  # the file can be written (created if need be)
        except OSError as err:
            raise ProtocolError(
                f"cannot write the record file {quote(value)}: {err.strerror}"
            ) from None
        self.options.recordfile = value

    def _busy(self) -> bool:
        s = self._search
        return s is not None and not s.answered

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
        nh = parse_newhand(args, self.options.profile)
        self._settle()
        match = nh.match if nh.match is not None else self._match
        if match is not None and len(match) != nh.profile.sides:
            match = None  # a score kept from a match of another profile
        carry = nh.carry if nh.carry is not None else self._carry
        tracker = HandTracker(
            nh.profile, dealer=nh.dealer, seat=nh.seat, hand=list(nh.hand), trump_card=nh.trump,
            match=match, carry=carry, seed=self.options.seed,
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
        seat = parse_int(args[0], "seat", 0, t.profile.players - 1)
        t.act(seat, Action.parse(" ".join(args[1:])))
        if t.is_over:
            self._file_hand(t)

    def _drew(self, args: list[str]) -> None:
        t = self._need_tracker()
        if len(args) == 2:
            seat = parse_int(args[0], "seat", 0, t.profile.players - 1)
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
        text, seat = parse_position_args(args)
        game = parse_position(text)
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
            append_hand(self.record_dir, path, t)
        except OSError as err:
            self.send(f"info string cannot append the hand to the record file "
                      f"{quote(path)}: {err.strerror}")
        except ProtocolError as err:
            self.send(f"info string cannot append the hand: {err}")

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
            if self.options.opponentmodel != "auto":  # asked for: say why it is not used
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
        req = parse_go(args, o)
        infinite = req.infinite
        t, view = self._decision_view()
        legal = t.legal_actions()
        club_card = None if infinite or len(legal) == 1 else (
            follow_choice(view, legal, o.follow, o.club))
        if club_card is not None:  # a playing rule: analysis (go infinite) searches anyway
            least = follow_stock(o.follow, view.profile)
            self.send(f"info string {club_card} is the {o.club} club player's answer to the "
                      f"lead (follow: {least} stock cards or more): not searched")
            self.send(f"bestmove {club_card}")
            return
        space = WorldSpace(view, stock_order=stock_in_play(view))
        exact: bool | None = None if space.count <= DEFAULT_LIMIT else False
        limits = search_limits(
            o, MAX_WORLDS * 100 if infinite else req.worlds, 0 if infinite else req.movetime,
            exact,
        )
        utility = self._utility(view)
        weighting = self._weighting(t)
        search = _Search("go", threading.Event(), infinite, legal, o.closewin / 100)
        started = time.perf_counter()

        def progress(rec: Recommendation) -> None:
            search.latest = rec
            with search.lock:
                if search.answered:
                    return
                s = rec.stats(rec.best)
                self.send(
                    f"info worlds {rec.worlds} total_worlds {rec.total_worlds} "
                    f"time {int((time.perf_counter() - started) * 1000)} nodes {rec.nodes} "
                    f"best {rec.best} ev {s.mean:+.3f} p_win {s.win:.3f}"
                    + (f" utility {s.utility:.4f}" if utility is not None else "")
                )

        def work() -> None:
            rec: Recommendation | None = None
            try:
                rec = self._weighted(lambda **w: recommend(
                    view, limits=limits, utility=utility, on_progress=progress,
                    stop=search.stop, **w), weighting)
            except SixtySixError as err:
                self._error(f"go: {err}")
            except Exception as err:  # noqa: BLE001 - the thread must always answer
                self._error(f"go: internal error {type(err).__name__}: {err}")
            if rec is not None:
                search.latest = rec
                margin = fallible_margin(
                    o.fallible if isinstance(o.fallible, str) else o.fallible / 100,
                    view.profile.name)
                if margin is not None and not infinite and not search.stop.is_set():
                    self._fallible(search, view, rec, limits, utility, started, margin)
            if infinite:
                search.stop.wait()
            self._answer(search)

        self._launch(search, work)

    def _fallible(self, search: _Search, view: View, rec: Recommendation, limits: SearchLimits,
                  utility: Utility | None, started: float, margin: float) -> None:
        """go with ``fallible``: PIMC's near-ties broken by the line against the club's replies
        (:func:`~sixtysix_solver.advice.fallible.fallible_choice`) in the movetime left."""
        base = close_when_sure(rec, search.closewin)
        until = None if limits.time_limit is None else started + limits.time_limit
        replies = fallible_replies(self.options.fallible, view.profile.name)
        try:
            pick = fallible_choice(view, rec, base, limits, margin, utility=utility,
                                   until=until, stop=search.stop, replies=replies)
        except SixtySixError as err:
            self._error(f"go: fallible: {err}")
            return
        if pick != base:
            search.pick = pick
            search.margin = margin
            search.replies = replies

    def _close(self, args: list[str]) -> None:
        if args:
            raise ProtocolError("close? takes no arguments")
        o = self.options
        t, view = self._decision_view()
        if not any(str(a) == "close" for a in t.legal_actions()):
            raise ProtocolError("you may not close the stock now")
        search = _Search("close", threading.Event(), False, t.legal_actions())
        limits: SearchLimits = search_limits(o, min(o.worlds, 100_000), o.movetime)
        weighting = self._weighting(t)

        def progress(part: str, rec: Recommendation) -> None:
            with search.lock:
                if search.answered:
                    return
                s = rec.actions[0] if part == "close now" else max(rec.actions, key=lambda x: x.mean)
                self.send(f"info part {part.replace(' ', '-')} worlds {rec.worlds} "
                          f"total_worlds {rec.total_worlds} ev {s.mean:+.3f} p_win {s.win:.3f}")

        def work() -> None:
            result: ClosingAnalysis | None = None
            try:
                result = self._weighted(lambda **w: analyse_closing(
                    view, limits=limits, on_progress=progress, stop=search.stop, **w), weighting)
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
                        f"p_win {opt.win:.3f} worlds {opt.worlds} total_worlds {opt.total_worlds} "
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
                ci = "" if s.ci is None else f" ev_ci95 {s.ci[0]:+.3f} {s.ci[1]:+.3f}"
                n = rec.worlds_of(s.action)  # fewer when the race left the action behind
                raced = f" worlds {n}" if n < rec.worlds else ""
                self.send(f"info action {s.action} ev {s.mean:+.3f} p_win {s.win:.3f}{ci}{raced} "
                          f"utility {s.utility:.4f}")
            # answered by stop while the search was still running: say so
            stopped = "stop" if rec.stopped == "running" else rec.stopped
            weighted = ""
            if rec.opponent_model is not None:  # the effective number of weighted worlds
                weighted = f" opponent_model {rec.opponent_model} ess {rec.ess:.1f}"
            self.send(f"info worlds {rec.worlds} total_worlds {rec.total_worlds} "
                      f"exact {'yes' if rec.exact else 'no'} stopped {stopped}{weighted}")
            best = close_when_sure(rec, search.closewin)
            if best != rec.best:  # PIMC overrates a close: played only when sure
                self.send(f"info string close wins the hand in {rec.stats(rec.best).win:.3f} of "
                          f"the worlds, less than closewin {search.closewin:.2f}: the best "
                          f"other action")
            if search.pick is not None:
                self.send(f"info string {search.pick} ranks within fallible "
                          f"{search.margin:.2f} of {best} and does better against "
                          f"{whose_replies(search.replies)}")
                best = search.pick
            self.send(f"bestmove {best}")

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

    def finish(self, timeout: float | None = None) -> None:
        """The end of the input: a running search finishes and answers (so that a piped
        ``... go`` prints its ``bestmove``); one that would never end (``go infinite``) is
        stopped and answers at once. Waits at most ``timeout`` seconds."""
        s = self._search
        if s is None or s.answered:
            return
        if s.infinite:  # answer with figures, not a guess: wait for the first batch
            deadline = None if timeout is None else time.monotonic() + timeout
            while s.latest is None and self.searching and (
                    deadline is None or time.monotonic() < deadline):
                time.sleep(0.01)
            self._stop_search(answer=True)
        self.wait(timeout)

    def shutdown(self) -> None:
        """Stop a running search without an answer (the client is leaving)."""
        self._stop_search(answer=False)

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

"""A Python client for the engine protocol (``docs/protocol.md``), in the manner of
python-chess's ``chess.engine.SimpleEngine``: :meth:`Engine.popen` starts ``sixtysix engine``
as a subprocess, the methods send commands and read the replies, and searches come back as
objects (:class:`Analysis`, :class:`Closing`). Every read has a timeout: an engine that dies or
stops answering raises :class:`EngineError` instead of hanging the caller.

>>> with Engine.popen() as engine:
...     engine.configure({"profile": "schnapsen", "threads": 1, "seed": 1})
...     engine.new_hand(seat=1, dealer=0, hand="TCJDQSTSAS", trump="TD")
...     result = engine.analyse(Limit(worlds=20))
>>> result.best, result.worlds, result.exact
('exchange', 20, False)
>>> result.actions[0].action, result.actions[0].ev, result.actions[0].p_win
('exchange', 0.1, 0.6)
"""

from __future__ import annotations

import os
import queue
import subprocess
import sys
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import TracebackType

from ..errors import SixtySixError
from ..rules.arguments import check_int, check_seconds
from .commands import MAX_MOVETIME, MAX_WORLDS

__all__ = ["ActionInfo", "Analysis", "Closing", "ClosingOption", "Engine", "EngineError",
           "Limit"]

DEFAULT_TIMEOUT = 60.0  # seconds without a line from the engine before it counts as dead


class EngineError(SixtySixError):
    """The engine refused a command (its ``error`` line is the message), died, or stopped
    answering within the timeout."""


@dataclass(frozen=True)
class Limit:
    """A search's budget: ``worlds`` (the most worlds), ``time`` (seconds); ``None`` takes the
    engine's option (``setoption``). The protocol has no node budget: a search's cost is set
    by its worlds and time."""

    worlds: int | None = None
    time: float | None = None

    def __post_init__(self) -> None:
        if self.worlds is not None:
            check_int("worlds", self.worlds, 1, MAX_WORLDS)
        if self.time is not None:
            check_seconds("time", self.time)
            if self.time * 1000 > MAX_MOVETIME:
                raise EngineError(f"time must be at most {MAX_MOVETIME // 1000} s, got {self.time}")

    def go_args(self) -> list[str]:
        """The arguments of ``go`` for this budget."""
        args = [] if self.worlds is None else ["worlds", str(self.worlds)]
        if self.time is not None:
            args += ["movetime", str(max(1, round(self.time * 1000)))]
        return args


@dataclass(frozen=True)
class ActionInfo:
    """One action's figures: expected game points for the seat's side, chance to win the
    hand, the 95% interval of ``ev`` (``None`` when every world was solved) and the value the
    choice maximised (``utility``: ``ev``, or the chance to win the match)."""

    action: str
    ev: float
    p_win: float
    ci: tuple[float, float] | None
    utility: float


@dataclass(frozen=True)
class Analysis:
    """The answer to ``go``: the best action, every action best first, the worlds solved of
    those that fit, whether that was all of them, why the search stopped (``done``,
    ``time``, ``stop``) and the engine's remarks (``info string`` lines)."""

    best: str
    actions: tuple[ActionInfo, ...]
    worlds: int
    total_worlds: int
    exact: bool
    stopped: str
    remarks: tuple[str, ...] = ()


@dataclass(frozen=True)
class ClosingOption:
    """One option of ``close?``: its name (``close-now``, ``close-after-drawing``, ``go-on``),
    its line of actions and figures."""

    name: str
    line: tuple[str, ...]
    ev: float
    p_win: float
    worlds: int
    total_worlds: int
    exact: bool


@dataclass(frozen=True)
class Closing:
    """The answer to ``close?``: every option and the verdict (``close``, ``continue``,
    ``either``, ``too-close-to-call``, or ``none`` when it was stopped)."""

    options: tuple[ClosingOption, ...]
    verdict: str
    remarks: tuple[str, ...] = ()


def _pairs(words: Sequence[str]) -> dict[str, list[str]]:
    """``key value`` words of a reply (``ev_ci95`` takes two values, ``line`` the rest up to the
    next known key)."""
    out: dict[str, list[str]] = {}
    i = 0
    while i < len(words):
        key = words[i]
        n = 2 if key == "ev_ci95" else 1
        if key == "line":
            j = i + 1
            while j < len(words) and words[j] not in ("ev", "p_win"):
                j += 1
            out[key] = list(words[i + 1:j])
            i = j
            continue
        out[key] = list(words[i + 1:i + 1 + n])
        i += 1 + n
    return out


def _num(d: dict[str, list[str]], *keys: str) -> float:
    for k in keys:
        if k in d and d[k]:
            return float(d[k][0])
    raise EngineError(f"the engine's reply lacks {keys[0]}")


class Engine:
    """A running ``sixtysix engine`` (start one with :meth:`popen`; use it as a context
    manager, or call :meth:`quit`). One command at a time: not for several threads at once."""

    def __init__(self, proc: subprocess.Popen[bytes], timeout: float = DEFAULT_TIMEOUT) -> None:
        self.proc = proc
        self.timeout = check_seconds("timeout", timeout)
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._searching = False
        self.id: dict[str, str] = {}
        self.options: dict[str, str] = {}  # name -> default, from the handshake
        threading.Thread(target=self._pump, name="sixtysix-engine-reader", daemon=True).start()

    @classmethod
    def popen(cls, command: Sequence[str] | None = None, *, timeout: float = DEFAULT_TIMEOUT,
              cwd: str | os.PathLike[str] | None = None,
              env: Mapping[str, str] | None = None) -> Engine:
        """Start the engine (default: this Python's ``-m sixtysix_solver engine``) and shake
        hands (``sse``). ``timeout``: seconds to wait for any line before the engine counts
        as dead."""
        argv = list(command) if command is not None else [
            sys.executable, "-m", "sixtysix_solver", "engine"]
        try:
            proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                    stderr=subprocess.DEVNULL, cwd=cwd,
                                    env=None if env is None else dict(env))
        except OSError as err:
            raise EngineError(f"cannot start the engine {argv[0]!r}: {err.strerror}") from None
        engine = cls(proc, timeout)
        try:
            engine._handshake()
        except BaseException:
            engine.quit()
            raise
        return engine

    # --- lines ---------------------------------------------------------------------------------
    def _pump(self) -> None:
        assert self.proc.stdout is not None
        for raw in self.proc.stdout:
            self._lines.put(raw.decode("utf-8", "replace").rstrip("\r\n"))
        self._lines.put(None)

    def _send(self, line: str) -> None:
        if "\n" in line or "\r" in line:
            raise EngineError("a command is one line")
        try:
            assert self.proc.stdin is not None
            self.proc.stdin.write(line.encode("utf-8") + b"\n")
            self.proc.stdin.flush()
        except (OSError, ValueError):
            raise EngineError(self._dead_message()) from None

    def _dead_message(self) -> str:
        try:
            code = self.proc.wait(1.0)
        except subprocess.TimeoutExpired:
            return "the engine closed its input"
        return f"the engine exited (status {code})"

    def _read(self) -> str:
        try:
            line = self._lines.get(timeout=self.timeout)
        except queue.Empty:
            raise EngineError(f"the engine did not answer within {self.timeout:g} s") from None
        if line is None:
            self._lines.put(None)  # every later read sees the end too
            raise EngineError(self._dead_message())
        return line

    def _until(self, *ends: str) -> list[str]:
        """Lines up to the first that starts with one of ``ends`` (included) or ``error``."""
        out: list[str] = []
        while True:
            line = self._read()
            out.append(line)
            if line.startswith(ends) or line.startswith("error"):
                return out

    def _command(self, line: str) -> list[str]:
        """Send a command that has no reply of its own and synchronise (``isready``); an
        ``error`` line becomes :class:`EngineError`; other lines (remarks) are returned."""
        if self._searching:
            raise EngineError("a search is running: stop it first")
        self._send(line)
        self._send("isready")
        lines = self._until("readyok")
        while lines[-1].startswith("error"):  # the error, then readyok still to come
            error = lines[-1]
            rest = self._until("readyok")
            if not rest[-1].startswith("error"):
                raise EngineError(error[len("error "):])
            lines = rest
        return lines[:-1]

    def _handshake(self) -> None:
        self._send("sse")
        for line in self._until("sseok"):
            words = line.split()
            if words[:1] == ["id"] and len(words) >= 3:
                self.id[words[1]] = " ".join(words[2:])
            elif words[:2] == ["option", "name"] and "default" in words:
                self.options[words[2]] = " ".join(words[words.index("default") + 1:][:1])
            elif line.startswith("error"):
                raise EngineError(f"not a sixtysix engine: {line}")

    # --- settings and the hand -----------------------------------------------------------------
    def configure(self, options: Mapping[str, object]) -> None:
        """Set options (``setoption``): ``profile``, ``threads``, ``worlds``, ``movetime``,
        ``matchaware``, ``seed``, ``recordfile``, ``opponentmodel``, ``closewin``, ``others``,
        ``fallible``."""
        for name, value in options.items():
            if name not in self.options:
                raise EngineError(f"unknown option {name!r}; the engine has "
                                  f"{', '.join(self.options)}")
            text = ("true" if value else "false") if isinstance(value, bool) else str(value)
            self._command(f"setoption name {name} value {text}")

    def new_match(self) -> None:
        """Start a match: the engine keeps the score over the hands."""
        self._command("newmatch")

    def new_hand(self, *, seat: int, hand: str | Sequence[object], trump: object,
                 dealer: int = 0, match: Sequence[int] | None = None,
                 carry: int | None = None, profile: str | None = None) -> None:
        """A new hand as the engine's seat sees it at the deal (``newhand``): its cards
        (``"AH TH KS"``, run together, or a list of cards), the trump card, the dealer."""
        cards = hand if isinstance(hand, str) else " ".join(str(c) for c in hand)
        parts = [f"newhand dealer {dealer} seat {seat} hand {cards} trump {trump}"]
        if match is not None:
            parts.append("match " + " ".join(str(m) for m in match))
        if carry is not None:
            parts.append(f"carry {carry}")
        if profile is not None:
            parts.append(f"profile {profile}")
        self._command(" ".join(parts))

    def played(self, seat: int, action: object) -> None:
        """Seat ``seat`` took ``action`` (every action at the table, the engine's own too)."""
        self._command(f"played {seat} {action}")

    def drew(self, card: object) -> None:
        """The card the engine's seat drew face down."""
        self._command(f"drew {card}")

    def view(self, text: str) -> None:
        """Join a hand in progress from a view in its notation."""
        self._command(f"view {text}")

    def position(self, text: str, seat: int | None = None) -> None:
        """Follow a position (every card placed) from ``seat`` (default: the seat to act)."""
        self._command(f"position {text}" + ("" if seat is None else f" seat={seat}"))

    def show(self) -> tuple[str, tuple[str, ...]]:
        """The engine's view in its notation and its seat's legal actions (``d``)."""
        if self._searching:
            raise EngineError("a search is running: stop it first")
        self._send("d")
        lines = self._until("view", "pending")
        if lines[-1].startswith("error"):
            raise EngineError(lines[-1][len("error "):])
        if lines[-1].startswith("pending"):
            raise EngineError("the engine waits for the card its seat drew (drew)")
        self._send("isready")
        rest = self._until("readyok")[:-1]
        legal = tuple(w for ln in rest if ln.startswith("legal ") for w in ln.split()[1:])
        return lines[-1][len("view "):], legal

    # --- searching -----------------------------------------------------------------------------
    def analyse(self, limit: Limit | None = None) -> Analysis:
        """Search the engine's seat's best action (``go``) within ``limit`` and return every
        action's figures."""
        self.start(limit, infinite=False)
        return self._result()

    def play(self, limit: Limit | None = None) -> str:
        """The best action within ``limit``, in the action notation (``"AS"``, ``"close"``)."""
        return self.analyse(limit).best

    def start(self, limit: Limit | None = None, *, infinite: bool = True) -> None:
        """Start a search without waiting for it (``go infinite`` by default: it runs until
        :meth:`stop`)."""
        if self._searching:
            raise EngineError("a search is running: stop it first")
        if limit is not None and not isinstance(limit, Limit):
            raise EngineError(f"limit must be a Limit, got {type(limit).__name__}")
        args = (limit or Limit()).go_args() + (["infinite"] if infinite else [])
        self._send(" ".join(["go", *args]))
        self._searching = True

    def stop(self) -> Analysis:
        """Stop the running search and return its figures so far."""
        if not self._searching:
            raise EngineError("no search is running")
        self._send("stop")
        return self._result()

    def _result(self) -> Analysis:
        try:
            lines = self._until("bestmove")
        finally:
            self._searching = False
        if lines[-1].startswith("error"):
            raise EngineError(lines[-1][len("error "):])
        actions: list[ActionInfo] = []
        summary: dict[str, list[str]] = {}
        remarks = []
        for line in lines:
            words = line.split()
            if words[:2] == ["info", "action"]:
                d = _pairs(words[1:])
                ci = d.get("ev_ci95")
                actions.append(ActionInfo(
                    d["action"][0], _num(d, "ev"), _num(d, "p_win"),
                    None if not ci else (float(ci[0]), float(ci[1])), _num(d, "utility")))
            elif words[:2] == ["info", "worlds"] and "stopped" in words:
                summary = _pairs(words[1:])
            elif words[:2] == ["info", "string"]:
                remarks.append(" ".join(words[2:]))
        best = lines[-1].split()[1] if len(lines[-1].split()) > 1 else "none"
        if not summary:  # stopped before one world: a guess
            return Analysis(best, tuple(actions), 0, 0, False, "stop", tuple(remarks))
        return Analysis(best, tuple(actions), int(_num(summary, "worlds")),
                        int(_num(summary, "total_worlds")), summary.get("exact") == ["yes"],
                        summary.get("stopped", ["?"])[0], tuple(remarks))

    def should_close(self) -> Closing:
        """Whether the engine's seat should close the stock now (``close?``)."""
        if self._searching:
            raise EngineError("a search is running: stop it first")
        self._send("close?")
        lines = self._until("verdict")
        if lines[-1].startswith("error"):
            raise EngineError(lines[-1][len("error "):])
        options = []
        for line in lines:
            words = line.split()
            if words[:1] == ["closeoption"]:
                d = _pairs(words[1:])
                options.append(ClosingOption(
                    d["name"][0], tuple(d.get("line", [])), _num(d, "ev"),
                    _num(d, "p_win"), int(_num(d, "worlds")), int(_num(d, "total_worlds")),
                    d.get("exact") == ["yes"]))
        remarks = tuple(" ".join(ln.split()[2:]) for ln in lines if ln.startswith("info string"))
        return Closing(tuple(options), lines[-1].split()[1], remarks)

    # --- the end -------------------------------------------------------------------------------
    def quit(self, timeout: float = 10.0) -> int:
        """Ask the engine to quit and wait for it (killed after ``timeout`` seconds); the
        exit status. Safe to call more than once."""
        if self.proc.poll() is None:
            try:
                self._send("quit")
            except EngineError:
                pass
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        for f in (self.proc.stdin, self.proc.stdout):
            if f is not None:
                try:
                    f.close()
                except OSError:
                    pass
        return self.proc.returncode

    def __enter__(self) -> Engine:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.quit()

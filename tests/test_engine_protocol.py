"""The engine protocol (docs/protocol.md), driven through the real ``sixtysix engine`` process.

Every read has a timeout, so a hang fails the test instead of hanging the suite. Small world
budgets keep the hands fast.
"""

from __future__ import annotations

import os
import queue
import random
import shutil
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from sixtysix_solver import Game
from sixtysix_solver.agents import random_action
from sixtysix_solver.engine import MAX_LINE, Engine, read_lines
from sixtysix_solver.notation import format_card_list, format_position

TIMEOUT = 30.0


def _command() -> list[str]:
    exe = Path(sys.executable).parent / "sixtysix"
    if exe.exists():
        return [str(exe), "engine"]
    found = shutil.which("sixtysix")
    if found:
        return [found, "engine"]
    return [sys.executable, "-c", "from sixtysix_solver.cli import main; main()", "engine"]


class EngineProcess:
    """The engine behind pipes; a reader thread queues its output lines."""

    def __init__(self) -> None:
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        self.proc = subprocess.Popen(
            _command(), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            env=env,
        )
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.errors: list[str] = []
        threading.Thread(target=self._pump, daemon=True).start()

    def _pump(self) -> None:
        assert self.proc.stdout is not None
        for raw in self.proc.stdout:
            self.lines.put(raw.decode("utf-8", "replace").rstrip("\n"))
        self.lines.put(None)

    def send(self, line: str | bytes) -> None:
        assert self.proc.stdin is not None
        data = line if isinstance(line, bytes) else line.encode()
        self.proc.stdin.write(data + b"\n")
        self.proc.stdin.flush()

    def read(self, timeout: float = TIMEOUT) -> str:
        try:
            line = self.lines.get(timeout=timeout)
        except queue.Empty:
            raise AssertionError(f"no output from the engine within {timeout} s") from None
        if line is None:
            raise AssertionError("the engine closed its output")
        if line.startswith("error"):
            self.errors.append(line)
        return line

    def until(self, prefix: str, timeout: float = TIMEOUT) -> list[str]:
        """Every line up to and including the first that starts with ``prefix``."""
        deadline = time.monotonic() + timeout
        out = []
        while True:
            line = self.read(max(0.01, deadline - time.monotonic()))
            out.append(line)
            if line.startswith(prefix):
                return out

    def sync(self) -> list[str]:
        """Lines answered before ``readyok`` (``isready`` is answered in order)."""
        self.send("isready")
        return self.until("readyok")[:-1]

    def close(self) -> None:
        if self.proc.poll() is None:
            try:
                self.send("quit")
                self.proc.wait(10)
            except (OSError, subprocess.TimeoutExpired):
                self.proc.kill()
                self.proc.wait(10)
        for f in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            if f is not None:
                f.close()


@pytest.fixture
def engine() -> Iterator[EngineProcess]:
    e = EngineProcess()
    try:
        yield e
    finally:
        e.close()


def test_handshake(engine: EngineProcess) -> None:
    engine.send("sse")
    lines = engine.until("sseok", timeout=60)
    assert lines[0] == "id name sixtysix_solver"
    assert lines[1].startswith("id version ")
    assert "profile schnapsen players 2 cards 20" in lines
    names = {ln.split()[2] for ln in lines if ln.startswith("option name ")}
    assert names == {"profile", "threads", "worlds", "movetime", "matchaware", "seed"}
    engine.send("isready")
    assert engine.read() == "readyok"
    assert not engine.errors


def _play_hand(engine: EngineProcess, profile: str, seed: int, seat: int) -> int:
    """One whole hand: the engine's bestmove is played in a real game whenever the engine's
    seat is to act; the others play seeded random moves, sent as events. Returns the number
    of the engine's decisions."""
    rng = random.Random(seed)
    real = Game.deal(profile, seed=seed, dealer=seed % 2)
    dealer = real.fields()["dealer"]
    engine.send(f"setoption name profile value {profile}")
    engine.send("newhand dealer {} seat {} hand {} trump {}".format(
        dealer, seat, format_card_list([c.code for c in real.hand(seat)]), real.trump_card))
    assert engine.sync() == []
    decisions = 0
    while not real.is_over:
        p = real.to_act
        assert p is not None
        if p == seat:
            engine.send("go")
            lines = engine.until("bestmove")
            assert any(ln.startswith("info worlds") for ln in lines), lines
            move = lines[-1].split()[1]
            assert real.is_legal(move), (lines, format_position(real))
            decisions += 1
            action = move
        else:
            action = str(random_action(real, rng))  # claims only when true
        before = Counter(real.hand(seat))
        stock = real.stock
        real.apply(action)
        engine.send(f"played {p} {action}")
        gained = list((Counter(real.hand(seat)) - before).elements())
        drew = len(real.stock) < len(stock)  # an exchange also brings a card, face up
        if drew and not (len(stock) == 2 and gained[0] == stock[-1]):
            engine.send(f"drew {gained[0]}")  # a face-down card: only the seat knows it
        assert engine.sync() == [], format_position(real)
    engine.send("d")
    view = engine.until("view")[-1]
    assert "turn=-:over" in view
    return decisions


@pytest.mark.parametrize("profile,seed,seat", [
    ("schnapsen", 11, 0), ("sixty-six", 5, 1), ("four-hand-24", 5, 1), ("three-hand", 4, 0),
])
def test_full_hands(engine: EngineProcess, profile: str, seed: int, seat: int) -> None:
    engine.send("setoption name worlds value 6")
    engine.send("setoption name movetime value 400")
    engine.send("setoption name threads value 2")
    engine.send("setoption name seed value 7")
    assert _play_hand(engine, profile, seed, seat) > 0
    assert not engine.errors


def test_stop_answers_quickly(engine: EngineProcess) -> None:
    engine.send("setoption name profile value sixty-six")
    real = Game.deal("sixty-six", seed=2)
    engine.send(f"newhand dealer 0 seat 1 hand {format_card_list([c.code for c in real.hand(1)])} "
                f"trump {real.trump_card}")
    engine.send("go infinite")
    engine.until("info worlds")
    engine.send("go")  # one search at a time
    assert engine.read().startswith("error go: a search is running")
    engine.send("stop")
    t0 = time.monotonic()
    lines = engine.until("bestmove", timeout=10)
    assert time.monotonic() - t0 < 2.0
    assert real.is_legal(lines[-1].split()[1])
    engine.send("stop")  # nothing to stop any more
    assert engine.read().startswith("error stop: no search is running")
    assert engine.sync() == []


def test_close_analysis(engine: EngineProcess) -> None:
    real = Game.deal("schnapsen", seed=4)
    engine.send("setoption name profile value schnapsen")
    engine.send("setoption name worlds value 8")
    engine.send(f"newhand dealer 0 seat 1 hand {format_card_list([c.code for c in real.hand(1)])} "
                f"trump {real.trump_card}")
    engine.send("close?")
    lines = engine.until("verdict")
    assert lines[-1].split()[1] in ("close", "continue", "either", "too-close-to-call")
    assert any(ln.startswith("closeoption name close-now") for ln in lines)
    assert not engine.errors


def test_garbage_then_ready(engine: EngineProcess) -> None:
    rng = random.Random(66)
    bad = [
        "played 1 KH", "drew AS", "go", "stop", "frobnicate", "newhand", "newhand seat 9",
        "newhand dealer 0 seat 1 hand XX trump 9H", "setoption name worlds value -3",
        "setoption name nonsense value 1", "setoption", "view sixty-six", "position garbage",
        "go worlds", "go worlds many", "d", "close?",
        "newhand dealer 0 seat 1 hand TDAH9SJSQSKS trump TD",  # the trump card in the hand
        "\x00\x01\x02", "é" * 30, "played", "played x y",
    ]
    for line in bad:
        engine.send(line)
    answers = engine.sync()
    assert len(answers) == len(bad), answers
    assert all(a.startswith("error ") for a in answers), answers
    # Random bytes (no newline inside), huge lines, a valid hand and then wrong events.
    for _ in range(30):
        engine.send(bytes(rng.randrange(256) for _ in range(rng.randrange(1, 80))).replace(b"\n", b""))
    engine.send(b"x" * (MAX_LINE + 10))
    engine.send(b"go " + b"9" * (5 * MAX_LINE))
    engine.send("newhand dealer 0 seat 1 hand TDAH9SJSQSKS trump 9H")
    engine.send("played 0 AS")    # not seat 0's turn
    engine.send("played 1 AC")    # not in seat 1's hand
    engine.send("drew KD")        # nothing drawn
    engine.send("played 1 marry-C")  # seat 1 holds no club king
    for ln in engine.sync():
        assert ln.startswith("error ") or ln.startswith(("view", "legal", "id ", "profile",
                                                         "option", "sseok", "readyok",
                                                         "pending")), ln
    engine.send("played 1 AH")
    engine.send("played 0 KH")
    assert engine.sync() == []
    engine.send("isready")
    assert engine.read(10) == "readyok"
    assert engine.proc.poll() is None


def test_end_of_input_exits() -> None:
    e = EngineProcess()
    try:
        assert e.proc.stdin is not None
        e.send("isready")
        assert e.read() == "readyok"
        e.proc.stdin.close()
        assert e.proc.wait(TIMEOUT) == 0
    finally:
        if e.proc.poll() is None:
            e.proc.kill()


# --- in-process: the same engine class ----------------------------------------------------------
def test_in_process_errors_name_the_problem() -> None:
    out: list[str] = []
    e = Engine(out.append)
    for line in ["newhand dealer 0 seat 1 hand TDAH9SJSQSKS trump 9H", "played 0 AS",
                 "played 1 9H", "go worlds 0", "played 1 AH", "played 0 9H", "played 0 TH",
                 "played 0 draw", "drew JS", "frobnicate"]:
        e.handle(line)
    assert out == [
        "error played: it is seat 1's turn, not seat 0's",
        "error played: 9H is not legal for player 1 (phase lead); legal: TD AH KS QS JS 9S "
        "close marry-S",
        "error go: worlds must be from 1 to 10000000, got 0",
        "error played: seat 0 cannot hold 9H: it lies face up under the stock",
        "error played: it is seat 1's turn, not seat 0's",  # seat 1 took the trick
        "error drew: no draw is awaited: drew JS must follow the action after which you drew "
        "a face-down card",
        "error unknown command 'frobnicate' (try: sse isready setoption newmatch newhand played "
        "drew view position go stop close? d quit)",
    ]


def test_in_process_search_and_match() -> None:
    out: list[str] = []
    e = Engine(out.append)
    e.handle("setoption name profile value schnapsen")
    e.handle("newmatch")
    real = Game.deal("schnapsen", seed=1)
    e.handle(f"newhand dealer 0 seat 1 hand {format_card_list([c.code for c in real.hand(1)])} "
             f"trump {real.trump_card} match 5 6")
    e.handle("go worlds 4")
    assert e.wait(TIMEOUT)
    assert out[-1].startswith("bestmove ") and real.is_legal(out[-1].split()[1])
    assert any(" utility " in ln for ln in out if ln.startswith("info worlds"))


def test_read_lines_bounds_memory() -> None:
    import io

    data = b"a\n" + b"b" * 100 + b"\nc\r\n" + b"\xff\xfe\n" + b"d" * 50
    assert list(read_lines(io.BytesIO(data), limit=10)) == ["a", None, "c", "\ufffd\ufffd", None]

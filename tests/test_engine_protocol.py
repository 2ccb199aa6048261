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

from typing import Any

import pytest

from sixtysix_solver import Action, Game
from sixtysix_solver.rules.random_play import random_action
from sixtysix_solver.knowledge.legal import legal_actions
from sixtysix_solver.protocol.session import ProtocolSession
from sixtysix_solver.protocol.stdio import MAX_LINE, read_lines
from sixtysix_solver.rules.position_text import format_card_list
from sixtysix_solver.notation.position import format_position
from sixtysix_solver.notation.record import parse_match_record
from sixtysix_solver.play.review import review_match
from sixtysix_solver.knowledge.view import View

TIMEOUT = 30.0


def _command() -> list[str]:
    exe = Path(sys.executable).parent / "sixtysix"
    if exe.exists():
        return [str(exe), "engine"]
    found = shutil.which("sixtysix")
    if found:
        return [found, "engine"]
    return [sys.executable, "-c", "from sixtysix_solver.cli.main import main; main()", "engine"]


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

    def until(self, prefix: str | tuple[str, ...], timeout: float = TIMEOUT) -> list[str]:
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
    assert names == {"profile", "threads", "worlds", "movetime", "matchaware", "seed",
                     "recordfile", "opponentmodel", "closewin", "others", "fallible",
                     "follow", "club"}
    engine.send("isready")
    assert engine.read() == "readyok"
    assert not engine.errors


def _play_hand(
    engine: EngineProcess, profile: str, seed: int, seat: int,
) -> list[tuple[View, str]]:
    """One whole hand: the engine's bestmove is played in a real game whenever the engine's
    seat is to act; the others play seeded random moves, sent as events. Returns the engine's
    decisions: the seat's real view and the action it took."""
    rng = random.Random(seed)
    real = Game.deal(profile, seed=seed, dealer=seed % 2)
    dealer = real.fields()["dealer"]
    engine.send(f"setoption name profile value {profile}")
    engine.send("newhand dealer {} seat {} hand {} trump {}".format(
        dealer, seat, format_card_list([c.code for c in real.hand(seat)]), real.trump_card))
    assert engine.sync() == []
    decisions: list[tuple[View, str]] = []
    while not real.is_over:
        p = real.to_act
        assert p is not None
        if p == seat:
            engine.send("go")
            lines = engine.until("bestmove")
            # searched, or (follow) the club player's answer to an early lead
            assert any(ln.startswith("info worlds") or ln.endswith("not searched")
                       for ln in lines), lines
            move = lines[-1].split()[1]
            assert real.is_legal(move), (lines, format_position(real))
            decisions.append((View.from_game(real, seat), move))
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
    assert len(_play_hand(engine, profile, seed, seat)) > 0
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
        "setoption name threads value many", "setoption", "view sixty-six", "position garbage",
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
    e = ProtocolSession(out.append)
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
        "drew view position go stop close? d record quit)",
    ]


def test_in_process_opponent_model() -> None:
    """The option is checked when set; a hand joined from a view has no history, so the
    search says so and leaves its worlds unweighted."""
    out: list[str] = []
    e = ProtocolSession(out.append)
    for line in ["setoption name opponentmodel value heuristic:1.5",
                 "setoption name opponentmodel value psychic",
                 "setoption name opponentmodel value heuristic:0.25",
                 "setoption name threads value 1",
                 "view schnapsen seat=1 dealer=0 turn=1:lead trump=QH hands=5/JDADKHTHQS "
                 "stock=6:QH taken=-/TCKDJSKS last_win=0/2",
                 "go worlds 4"]:
        e.handle(line)
    assert e.wait(TIMEOUT)
    assert out[:2] == [
        "error setoption: eps must be a number from 0 to 1, got 1.5",
        "error setoption: unknown opponent model 'psychic': expected none, uniform, "
        "heuristic[:EPS] or expert[:EPS]",
    ]
    assert out[2] == ("info string opponent model unavailable (the game does not start at a "
                      "fresh deal: its history is unknown); worlds unweighted")
    assert out[-2].startswith("info worlds 4 ") and "ess" not in out[-2]
    assert e.options.opponentmodel == "heuristic:0.25"


def test_opponent_model_auto_weighs_mariage_piquet_only() -> None:
    """``auto``, the default, weighs the worlds by the basic club model (eps 0.1) in
    mariage-piquet, which the hand's history allows, and leaves sixty-six's unweighted; a hand
    joined from a view is searched unweighted without a word about the model."""
    for name, weighted in (("mariage-piquet", True), ("sixty-six", False)):
        real = Game.deal(name, seed=3)
        out: list[str] = []
        e = ProtocolSession(out.append)
        assert e.options.opponentmodel == "auto"
        for line in [f"setoption name profile value {name}", "setoption name threads value 1",
                     f"newhand dealer 0 seat 1 hand "
                     f"{format_card_list([c.code for c in real.hand(1)])} trump {real.trump_card}"]:
            e.handle(line)
        seat = real.to_act
        assert seat is not None
        if seat == 0:  # the opponent leads: the seat answers
            a = real.legal_actions()[0]
            real.apply(a)
            e.handle(f"played 0 {a}")
        e.handle("go worlds 4")
        assert e.wait(TIMEOUT)
        info = [ln for ln in out if ln.startswith("info worlds")][-1]
        assert ("opponent_model heuristic:0.1" in info) == weighted, (name, out)
        assert not any("unavailable" in ln or ln.startswith("error") for ln in out), out
    out = []
    e = ProtocolSession(out.append)
    for line in ["setoption name profile value mariage-piquet", "setoption name threads value 1",
                 "setoption name opponentmodel value none", "setoption name opponentmodel value auto"]:
        e.handle(line)
    assert e.options.opponentmodel == "auto" and out == []


def test_a_model_that_rules_out_every_world_falls_back_to_unweighted_worlds() -> None:
    from sixtysix_solver.advice.opponents import ImplausibleHistoryError

    out: list[str] = []
    e = ProtocolSession(out.append)
    calls: list[dict[str, object]] = []

    def search(**weighting: object) -> str:
        calls.append(weighting)
        if weighting:
            raise ImplausibleHistoryError("the opponent model m rules out every world")
        return "answer"

    assert e._weighted(search, {"opponent_model": "m"}) == "answer"
    assert calls == [{"opponent_model": "m"}, {}]
    assert out == ["info string the opponent model m rules out every world; worlds unweighted"]
    assert e._weighted(search, {}) == "answer" and len(out) == 1  # no model: one plain call


def test_in_process_search_and_match() -> None:
    out: list[str] = []
    e = ProtocolSession(out.append)
    e.handle("setoption name profile value schnapsen")
    e.handle("newmatch")
    real = Game.deal("schnapsen", seed=1)
    e.handle(f"newhand dealer 0 seat 1 hand {format_card_list([c.code for c in real.hand(1)])} "
             f"trump {real.trump_card} match 5 6")
    e.handle("go worlds 4")
    assert e.wait(TIMEOUT)
    assert out[-1].startswith("bestmove ") and real.is_legal(out[-1].split()[1])
    assert any(" utility " in ln for ln in out if ln.startswith("info worlds"))


def test_go_closes_only_when_sure(monkeypatch: pytest.MonkeyPatch) -> None:
    """``bestmove`` closes only when closing wins the hand in at least ``closewin`` percent of
    the worlds (80 by default, the engine agents' rule); the figures still rank the close
    first, and an ``info string`` says why another action is played."""
    import dataclasses

    from sixtysix_solver.advice.recommend import CLOSEWIN
    from sixtysix_solver.protocol import session as session_mod

    real = session_mod.recommend
    close = Action.parse("close")
    win = [0.5]

    def rigged(v: Any, **kw: Any) -> Any:  # the figures say: close, winning in win[0]
        r = real(v, **kw)
        acts = tuple(dataclasses.replace(a, mean=2.5, utility=2.5, win=win[0])
                     if a.action == close else a for a in r.actions)
        return dataclasses.replace(r, actions=acts, best=close)

    monkeypatch.setattr(session_mod, "recommend", rigged)
    out: list[str] = []
    e = ProtocolSession(out.append)
    assert e.options.closewin == round(100 * CLOSEWIN) == 80

    def go() -> list[str]:
        out.clear()
        e.handle("go worlds 4")
        assert e.wait(TIMEOUT)
        return out[:]

    for line in ["setoption name threads value 1", "setoption name fallible value off",
                 "newhand dealer 0 seat 1 hand TDAH9SJSQSKS trump 9H"]:
        e.handle(line)
    lines = go()
    ranked = [ln.split()[2] for ln in lines if ln.startswith("info action ")]
    assert ranked[0] == "close"  # the figures are recommend's
    assert lines[-2] == ("info string close wins the hand in 0.500 of the worlds, less than "
                         "closewin 0.80: the best other action")
    assert lines[-1].startswith("bestmove ") and lines[-1] != "bestmove close"
    assert lines[-1].split()[1] == ranked[1]  # the best of the others
    win[0] = 0.85
    assert go()[-1] == "bestmove close"
    e.handle("setoption name closewin value 90")
    assert go()[-1] != "bestmove close"
    e.handle("setoption name closewin value 0")  # off: the figures' best
    win[0] = 0.1
    assert go()[-1] == "bestmove close"
    out.clear()
    for bad in ("101", "-1", "0.5"):
        e.handle(f"setoption name closewin value {bad}")
    assert out == ["error setoption: closewin must be from 0 to 100, got 101",
                   "error setoption: closewin must be from 0 to 100, got -1",
                   "error setoption: closewin must be an integer, got '0.5'"]
    assert e.options.closewin == 0


def test_others_reaches_the_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """``setoption name others``: how a three-hand world takes the other two, passed to
    recommend's limits (``auto`` by default); a bad value is an error and changes nothing."""
    from sixtysix_solver.protocol import session as session_mod

    real = session_mod.recommend
    seen: list[str] = []

    def spy(v: Any, **kw: Any) -> Any:
        seen.append(kw["limits"].others)
        return real(v, **kw)

    monkeypatch.setattr(session_mod, "recommend", spy)
    out: list[str] = []
    e = ProtocolSession(out.append)
    assert e.options.others == "auto"
    g = Game.deal("three-hand", seed=4)
    seat = g.to_act
    assert seat is not None
    hand = format_card_list([c.code for c in g.hand(seat)])
    for line in ["setoption name threads value 1", "setoption name profile value three-hand",
                 f"newhand dealer {g.fields()['dealer']} seat {seat} hand {hand} "
                 f"trump {g.trump_card}"]:
        e.handle(line)
    for value in ("auto", "Paranoid", "club"):
        e.handle(f"setoption name others value {value}")
        e.handle("go worlds 4")
        assert e.wait(TIMEOUT)
    assert seen == ["auto", "paranoid", "club"]
    out.clear()
    e.handle("setoption name others value friendly")
    assert out == ["error setoption: others must be one of auto, paranoid, maxn, club, "
                   "expert, got 'friendly'"]
    assert e.options.others == "club"


def test_fallible_breaks_go_ties_against_the_club() -> None:
    """``setoption name fallible``: go's near-ties broken by the line against the club's
    replies (``auto``, the default, in sixty-six against the full club player's, whom the 9 of
    spades does not fool; a margin asked for against the basic rules', who fall for it); the
    answer says so; bad values change nothing."""
    lost = ("sixty-six dealer=0 turn=0:lead trump=KD hands=KCAD9HJHAH9S/KDTDKHTHKSTS stock=- "
            "taken=9CJCQCTCJDQDQHJS/AC9DQSAS known=-/KDKH married=-/KH declared=-/H "
            "marriage_points=0/20 last_win=6/5")  # every lead loses against open cards
    out: list[str] = []
    e = ProtocolSession(out.append)
    assert e.options.fallible == "auto"
    e.handle("setoption name threads value 1")
    e.handle(f"position {lost}")
    e.handle("go worlds 8")
    assert e.wait(TIMEOUT)
    assert out[-1] == "bestmove AD"
    out.clear()
    e.handle("setoption name fallible value 0")
    e.handle("go worlds 8")
    assert e.wait(TIMEOUT)
    assert out[-1] == "bestmove 9S"
    assert out[-2] == ("info string 9S ranks within fallible 0.00 of AD and does better against "
                       "the basic club player's replies")
    out.clear()
    for bad in ("301", "-2", "0.5", "sometimes"):
        e.handle(f"setoption name fallible value {bad}")
    what = "fallible (auto, off or hundredths)"
    assert out == [f"error setoption: {what} must be from -1 to 300, got 301",
                   f"error setoption: {what} must be from -1 to 300, got -2",
                   f"error setoption: {what} must be an integer, got '0.5'",
                   f"error setoption: {what} must be an integer, got 'sometimes'"]
    assert e.options.fallible == 0
    for value, want in (("-1", "off"), ("OFF", "off"), ("auto", "auto")):
        e.handle(f"setoption name fallible value {value}")
        assert e.options.fallible == want


def test_fallible_auto_breaks_near_ties_in_mariage_piquet() -> None:
    """``fallible auto`` (the default) breaks go's near-ties within 0.05 in mariage-piquet
    (FALLIBLE_AUTO); ``off`` leaves PIMC's answer."""
    lost = ("mariage-piquet dealer=0 turn=1:lead trump=TC hands=8C9CTC7D8DQDAD8H/"
            "JCAC7H9HJHTHAH8S stock=- taken=7C9DJDKDTDQHKH7S9SQS/QCKCJSKSTSAS known=TC/- "
            "last_win=7/8")  # every lead loses against open cards
    answers = {}
    for setting in ("auto", "off"):
        out: list[str] = []
        e = ProtocolSession(out.append)
        e.handle("setoption name threads value 1")
        e.handle(f"setoption name fallible value {setting}")
        e.handle(f"position {lost}")
        e.handle("go worlds 8")
        assert e.wait(TIMEOUT)
        answers[setting] = out
    auto, off = answers["auto"][-1], answers["off"][-1]
    assert auto.startswith("bestmove ") and off.startswith("bestmove ") and auto != off
    pick, base = auto.split()[1], off.split()[1]
    assert answers["auto"][-2] == (f"info string {pick} ranks within fallible 0.05 of {base} and "
                                   "does better against the basic club player's replies")
    assert not any("fallible" in line for line in answers["off"])


def test_fallible_auto_in_sixty_six_plays_against_the_full_club_player() -> None:
    """``fallible auto`` in sixty-six breaks go's near-ties against the full club player's
    replies (FALLIBLE_AUTO_REPLIES), and the answer says whose (a seeded club hand's position)."""
    pos = ("sixty-six dealer=0 turn=1:lead trump=JS hands=TCQDQSKSTSAS/KCACKDQHTHAH stock=9SJS "
           "taken=JDAD9HKH/9CJCQC9DTDJH last_win=3/5")
    answers = {}
    for setting in ("auto", "off"):
        out: list[str] = []
        e = ProtocolSession(out.append)
        for line in ("setoption name threads value 1", f"setoption name fallible value {setting}",
                     f"position {pos}", "go worlds 8"):
            e.handle(line)
        assert e.wait(TIMEOUT)
        answers[setting] = out
    assert answers["off"][-1] == "bestmove AC"
    assert answers["auto"][-2:] == [
        "info string KD ranks within fallible 0.05 of AC and does better against the full club "
        "player's replies", "bestmove KD"]


def test_follow_answers_an_early_lead_by_the_club_players_card() -> None:
    """``setoption name follow``/``club``: go answers a lead in the open phase with at least
    that many stock cards by the club player's card, unsearched (``auto``, the default: 6 in
    sixty-six, off elsewhere); leads, a short stock, other profiles and analysis (go
    infinite) are searched; bad values change nothing."""
    from sixtysix_solver.advice.opponents import MODEL_RULES
    g = Game.deal("sixty-six", seed=1)
    lead = format_position(g)
    g.apply(g.legal_actions()[0])
    answer = format_position(g)
    view = View.from_game(g)
    s = Game.deal("schnapsen", seed=1)
    s.apply(s.legal_actions()[0])
    out: list[str] = []
    e = ProtocolSession(out.append)
    assert (e.options.follow, e.options.club) == ("auto", "expert")
    e.handle("setoption name threads value 1")
    e.handle(f"position {answer}")
    e.handle("go worlds 4")
    assert e.wait(TIMEOUT)
    card = MODEL_RULES["expert"](view, g.legal_actions())
    assert out == [f"info string {card} is the expert club player's answer to the lead "
                   "(follow: 6 stock cards or more): not searched", f"bestmove {card}"]
    out.clear()
    e.handle("setoption name club value basic")
    e.handle("setoption name follow value 12")
    e.handle("go worlds 4")
    assert e.wait(TIMEOUT)
    assert out[-1] == f"bestmove {MODEL_RULES['basic'](view, g.legal_actions())}"
    for setting, searched in (("follow value 13", True), ("follow value OFF", True),
                              ("follow value auto", False)):
        out.clear()
        e.handle(f"setoption name {setting}")
        e.handle("go worlds 4")
        assert e.wait(TIMEOUT)
        assert any(x.startswith("info worlds") for x in out) == searched, setting
    out.clear()
    e.handle("go infinite")
    time.sleep(0.2)
    e.handle("stop")
    assert e.wait(TIMEOUT)
    assert any(x.startswith("info worlds") for x in out)  # analysis searches
    for position in (lead, format_position(s)):  # a lead; an answer in schnapsen (auto: off)
        out.clear()
        e.handle(f"position {position}")
        e.handle("go worlds 4")
        assert e.wait(TIMEOUT)
        assert any(x.startswith("info worlds") for x in out) and out[-1].startswith("bestmove")
    out.clear()
    for bad in ("setoption name follow value 101", "setoption name follow value -1",
                "setoption name follow value sometimes", "setoption name club value friendly"):
        e.handle(bad)
    assert out == [
        "error setoption: follow (auto, off or stock cards) must be from 0 to 100, got 101",
        "error setoption: follow (auto, off or stock cards) must be from 0 to 100, got -1",
        "error setoption: follow (auto, off or stock cards) must be an integer, got 'sometimes'",
        "error setoption: club must be one of expert, basic, got 'friendly'"]
    assert (e.options.follow, e.options.club) == ("auto", "basic")


def test_read_lines_bounds_memory() -> None:
    import io

    data = b"a\n" + b"b" * 100 + b"\nc\r\n" + b"\xff\xfe\n" + b"d" * 50
    assert list(read_lines(io.BytesIO(data), limit=10)) == ["a", None, "c", "\ufffd\ufffd", None]


# --- game records from the protocol -------------------------------------------------------------
def _record(lines: list[str]) -> str:
    assert lines[-1] == "recordok", lines
    assert all(ln.startswith("record ") for ln in lines[:-1]), lines
    return "\n".join(ln[len("record "):] for ln in lines[:-1])


@pytest.mark.parametrize("profile,seed,seat", [("schnapsen", 3, 0), ("four-hand-24", 2, 3)])
def test_record_reviews_every_decision(
    engine: EngineProcess, profile: str, seed: int, seat: int,
) -> None:
    """A hand played through the protocol, then its record: reviewing the engine's seat finds
    every decision that had a choice, with the action taken and the seat's real view."""
    for line in ("threads 1", "worlds 4", "seed 3"):
        engine.send(f"setoption name {line.split()[0]} value {line.split()[1]}")
    decisions = _play_hand(engine, profile, seed, seat)
    engine.send("record")
    text = _record(engine.until("recordok"))
    assert "stand-ins" in text.splitlines()[3]
    games = parse_match_record(text)
    assert len(games) == 1 and games[0].is_over
    # The seat's view at each of its decisions in the record is its real view.
    replay = Game.from_fields(games[0].profile, games[0].start_fields)
    seen = []
    for action in games[0].actions:
        if replay.to_act == seat:
            seen.append((View.from_game(replay, seat), str(action)))
        replay.apply(action)
    assert seen == decisions
    reviewed = review_match(games, seat, worlds=3, seed=0, threads=1)
    chosen = [(v, a) for v, a in decisions if len(legal_actions(v)) > 1]
    assert chosen
    assert [str(d.taken.action) for d in reviewed] == [a for _, a in chosen]
    assert not engine.errors


def _random_hand(e: ProtocolSession, profile: str, seed: int, seat: int, out: list[str]) -> Game:
    """A whole hand of seeded random moves (no search), sent to an in-process engine."""
    rng = random.Random(seed)
    real = Game.deal(profile, seed=seed, dealer=seed % 2)
    e.handle("newhand dealer {} seat {} hand {} trump {}".format(
        real.fields()["dealer"], seat, format_card_list([c.code for c in real.hand(seat)]),
        real.trump_card))
    while not real.is_over:
        p = real.to_act
        assert p is not None
        action = str(random_action(real, rng))
        before, stock = Counter(real.hand(seat)), real.stock
        real.apply(action)
        e.handle(f"played {p} {action}")
        gained = list((Counter(real.hand(seat)) - before).elements())
        if len(real.stock) < len(stock) and not (len(stock) == 2 and gained[0] == stock[-1]):
            e.handle(f"drew {gained[0]}")
    assert not [ln for ln in out if ln.startswith("error")], out
    return real


def test_match_record_and_record_file(tmp_path: Path) -> None:
    """After newmatch, record gives every hand of the match; recordfile gets each finished
    hand; sixtysix review reads both and reviews the seat's decisions in every hand."""
    from typer.testing import CliRunner

    from sixtysix_solver.cli.main import app

    out: list[str] = []
    e = ProtocolSession(out.append, record_dir=tmp_path)
    path = tmp_path / "hands.txt"
    for line in ["setoption name profile value schnapsen", "setoption name recordfile value hands.txt",
                 "newmatch"]:
        e.handle(line)
    e.handle("record")
    assert out == ["error record: no hand: send newhand (or view / position) first"]
    out.clear()
    reals = [_random_hand(e, "schnapsen", seed, 1, out) for seed in (4, 5)]
    e.handle("newhand dealer 0 seat 1 hand TDAHKHQHJS trump 9H")  # not in schnapsen's deck
    e.handle("newhand dealer 0 seat 1 hand TDAHKHQHJS trump JH")  # a third hand, not played yet
    assert len(out) == 1 and out.pop().startswith("error newhand: ")
    e.handle("record")
    text = _record(out)
    games = parse_match_record(text)
    assert len(games) == 3 and games[2].actions == []
    assert [g.result for g in games[:2]] == [r.result for r in reals]
    scores = [getattr(g, "match_score", None) for g in games]
    r0, r1 = reals[0].result, reals[1].result
    assert r0 is not None and r1 is not None
    assert scores == [(0, 0), r0.points, tuple(a + b for a, b in zip(r0.points, r1.points))]
    filed = path.read_text(encoding="utf-8")
    assert filed.startswith("sixtysix-record 1\n#")
    assert len(parse_match_record(filed)) == 2  # finished hands only
    runner = CliRunner()
    res = runner.invoke(app, ["review", str(path), "--seat", "1", "--worlds", "2", "--json"])
    assert res.exit_code == 0, res.output
    import json

    data = json.loads(res.output)
    want = 0
    for g in games[:2]:
        replay = Game.from_fields(g.profile, g.start_fields)
        for a in g.actions:
            want += replay.to_act == 1 and len(replay.legal_actions()) > 1
            replay.apply(a)
    assert data["hands"] == 2 and len(data["decisions"]) == want > 0
    out.clear()
    e.handle("setoption name recordfile value none")
    e.handle("setoption name recordfile value no/such/dir.txt")
    assert len(out) == 1 and out[0].startswith("error setoption: cannot write the record file")


def test_record_files_stay_in_the_record_directory(tmp_path: Path) -> None:
    """recordfile writes only inside the directory chosen at start (--record-dir): no record
    files without one, and no path that leaves it (.., absolute, a symbolic link)."""
    out: list[str] = []
    ProtocolSession(out.append).handle("setoption name recordfile value hands.txt")
    assert out == ["error setoption: records are off: start the engine with --record-dir DIR "
                   "to write record files"]
    inside, outside = tmp_path / "records", tmp_path / "elsewhere"
    inside.mkdir()
    outside.mkdir()
    (inside / "link").symlink_to(outside)
    (inside / "file-link.txt").symlink_to(outside / "victim.txt")
    (inside / "sub").mkdir()
    out.clear()
    e = ProtocolSession(out.append, record_dir=inside)
    for name in ["../elsewhere/x.txt", str(outside / "x.txt"), "link/x.txt", "file-link.txt",
                 "sub/../../x.txt", "~/x.txt", "."]:
        e.handle(f"setoption name recordfile value {name}")
    assert len(out) == 7 and all(ln.startswith("error setoption: ") for ln in out), out
    assert list(outside.iterdir()) == [] and not (tmp_path / "x.txt").exists()
    out.clear()
    for name in ["ok.txt", "sub/ok.txt", "sub/../ok2.txt"]:
        e.handle(f"setoption name recordfile value {name}")
    assert out == [] and e.options.recordfile == "sub/../ok2.txt"
    assert {p.name for p in inside.rglob("ok*.txt")} == {"ok.txt", "ok2.txt"}
    # A link swapped in after the option was set: the hand is not appended there.
    (inside / "ok.txt").unlink()
    (inside / "ok.txt").symlink_to(outside / "victim.txt")
    e.handle("setoption name recordfile value none")
    e.handle("setoption name profile value schnapsen")
    e.options.recordfile = "ok.txt"
    _random_hand(e, "schnapsen", 4, 1, out)
    assert list(outside.iterdir()) == []
    assert out[-1].startswith("info string cannot append the hand: the record file 'ok.txt' is "
                              "outside the record directory")


def test_uci_courtesy(engine: EngineProcess) -> None:
    """A UCI front-end's handshake and courtesy commands get answers, not errors."""
    engine.send("uci")
    lines = engine.until("uciok")
    assert lines[0].startswith("id name sixtysix_solver") and lines[1].startswith("id author")
    assert any(ln.startswith("option name worlds type spin") for ln in lines)
    assert any(ln.startswith("info string") and "docs/protocol.md" in ln for ln in lines)
    for line in ["ucinewgame", "debug on", "register later", "ponderhit",
                 "setoption name Hash value 16"]:
        engine.send(line)
    assert engine.sync() == ["info string unknown option 'hash' ignored (options: profile "
                             "threads worlds movetime matchaware seed recordfile opponentmodel "
                             "closewin others fallible follow club)"]
    assert not engine.errors


@pytest.mark.parametrize("go", ["go worlds 3", "go infinite"])
def test_end_of_input_during_go_answers(go: str) -> None:
    """``printf '...go' | sixtysix engine``: the search finishes (an infinite one is stopped
    after its first figures) and bestmove is printed before the engine exits."""
    script = ("setoption name profile value schnapsen\nsetoption name threads value 1\n"
              f"newhand dealer 0 seat 1 hand TCJDQSTSAS trump TD\n{go}\n")
    proc = subprocess.run(_command(), input=script.encode(), capture_output=True,
                          timeout=TIMEOUT * 2)
    lines = proc.stdout.decode().splitlines()
    assert proc.returncode == 0, proc.stderr
    assert lines[-1].startswith("bestmove ") and lines[-1] != "bestmove none", lines
    assert any(ln.startswith("info worlds") and " stopped " in ln for ln in lines), lines


# --- the sessions of docs/protocol.md, replayed ---------------------------------------------------
# A session is a ```text block whose first line starts with "> ": "> " lines are sent to a fresh
# engine, "< " lines are the engine's replies ("*" matches any one word), "<+ " matches one or
# more reply lines (progress lines, whose number depends on timing) and "#" lines are comments.
ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "docs" / "protocol.md", ROOT / "README.md"]
_WAIT = ("bestmove", "verdict", "error")


def doc_sessions(text: str) -> list[tuple[int, list[str]]]:
    """The session blocks of a page: the line number of each, and its lines."""
    out: list[tuple[int, list[str]]] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        if lines[i].strip() == "```text":
            j = i + 1
            while lines[j].strip() != "```":
                j += 1
            block = lines[i + 1:j]
            if block and block[0].startswith("> "):
                out.append((i + 2, block))
            i = j
        i += 1
    return out


def _steps(block: list[str]) -> list[tuple[str, list[str]]]:
    """The client lines of a session, each with the reply patterns that follow it."""
    steps: list[tuple[str, list[str]]] = []
    for line in block:
        if line.startswith("> "):
            steps.append((line[2:], []))
        elif line.startswith(("< ", "<+ ")):
            steps[-1][1].append(line)
        elif line.strip() and not line.startswith("#"):
            raise AssertionError(f"not a session line: {line!r}")
    return steps


def _same(pattern: str, line: str) -> bool:
    p, w = pattern.split(), line.split()
    return len(p) == len(w) and all(a in ("*", b) for a, b in zip(p, w))


def matches(patterns: list[str], lines: list[str]) -> bool:
    """Whether the reply ``lines`` fit the session's ``patterns`` (``<+``: one or more)."""

    def fit(i: int, j: int) -> bool:
        if i == len(patterns):
            return j == len(lines)
        plus = patterns[i].startswith("<+ ")
        pat = patterns[i][3:] if plus else patterns[i][2:]
        if not plus:
            return j < len(lines) and _same(pat, lines[j]) and fit(i + 1, j + 1)
        k = j
        while k < len(lines) and _same(pat, lines[k]):
            k += 1
            if fit(i + 1, k):
                return True
        return False

    return fit(0, 0)


def replay(block: list[str]) -> list[tuple[str, list[str]]]:
    """Send a session's client lines to a fresh engine: every client line with its replies
    (a search's until its answer; everything until ``readyok`` of an ``isready`` sent after)."""
    e = EngineProcess()
    got: list[tuple[str, list[str]]] = []
    try:
        for line, _ in _steps(block):
            e.send(line)
            if line.split()[:1] == ["quit"]:
                assert e.proc.wait(TIMEOUT) == 0
                got.append((line, []))
                break
            words = [w.lower() for w in line.split()]
            if words == ["isready"]:
                got.append((line, e.until("readyok")))
                continue
            wait = words[:1] in (["go"], ["close?"]) and "infinite" not in words
            lines = e.until(_WAIT) if wait else []
            got.append((line, lines + e.sync()))
    finally:
        e.close()
    return got


def normalise(lines: list[str]) -> list[str]:
    """Engine replies as a session writes them: the version, the default thread count and the
    progress lines (how many, and their figures, depend on timing) as wildcards."""
    out: list[str] = []
    for line in lines:
        w = line.split()
        if w[:2] == ["id", "version"]:
            w[2:] = ["*"]
        elif w[:3] == ["option", "name", "threads"]:
            w[6] = "*"
        elif w[:2] == ["info", "worlds"] and "time" in w or w[:2] == ["info", "part"]:
            # words at odd places are names; a value is kept after "part" and "total" only
            w = w[:2] + [x if p % 2 or w[p - 1] in ("part", "total") else "*"
                         for p, x in enumerate(w[2:], 2)]
            text = "<+ " + " ".join(w)
            if not out or out[-1] != text:
                out.append(text)
            continue
        out.append("< " + " ".join(w))
    return out


@pytest.mark.parametrize("block", [
    pytest.param(block, id=f"{page.name}:{start}")
    for page in PAGES for start, block in doc_sessions(page.read_text(encoding="utf-8"))
])
def test_protocol_doc_sessions(block: list[str]) -> None:
    """Every example session of docs/protocol.md and README.md is what the engine answers
    (``python tests/test_engine_protocol.py`` prints the pages as the engine plays them)."""
    steps = _steps(block)
    got = replay(block)
    assert len(got) == len(steps)
    for (line, want), (_, lines) in zip(steps, got):
        assert matches(want, lines), (line, want, lines)


def test_session_matcher() -> None:
    pats = ["<+ info worlds * total 5", "< bestmove *"]
    assert matches(pats, ["info worlds 1 total 5", "info worlds 2 total 5", "bestmove AS"])
    assert not matches(pats, ["bestmove AS"])
    assert not matches(pats, ["info worlds 1 total 6", "bestmove AS"])
    assert not matches(pats, ["info worlds 1 total 5", "bestmove AS", "readyok"])
    assert not matches(["< readyok"], [])
    assert len(doc_sessions(PAGES[0].read_text(encoding="utf-8"))) >= 5


def regenerate(text: str) -> str:
    """The page with every session's replies as the engine gives them now (client lines and
    comments kept)."""
    lines = text.splitlines()
    for start, block in reversed(doc_sessions(text)):
        answers = iter(replay(block))
        new: list[str] = []
        for line in block:
            if line.startswith("> "):
                new.append(line)
                new.extend(normalise(next(answers)[1]))
            elif not line.startswith("<"):
                new.append(line)
        lines[start - 1:start - 1 + len(block)] = new
    return "\n".join(lines) + "\n"


if __name__ == "__main__":  # python tests/test_engine_protocol.py [--write]: redo the sessions
    for path in PAGES:
        page = regenerate(path.read_text(encoding="utf-8"))
        if sys.argv[1:] == ["--write"]:
            path.write_text(page, encoding="utf-8")
        else:
            print(page, end="")

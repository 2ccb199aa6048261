"""The Python client of the engine protocol (sixtysix_solver.protocol.client) against a real
``sixtysix engine`` subprocess, with small budgets; a dead or silent engine raises
EngineError instead of hanging."""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator

import pytest

from sixtysix_solver import Game
from sixtysix_solver.errors import SixtySixError
from sixtysix_solver.protocol.client import Engine, EngineError, Limit
from sixtysix_solver.rules.position_text import format_card_list


@pytest.fixture(scope="module")
def engine() -> Iterator[Engine]:
    with Engine.popen(timeout=60) as e:
        yield e


def test_handshake_and_options(engine: Engine) -> None:
    assert engine.id["name"] == "sixtysix_solver"
    assert {"profile", "worlds", "seed", "threads"} <= set(engine.options)
    with pytest.raises(EngineError, match="unknown option 'speed'"):
        engine.configure({"speed": 3})
    with pytest.raises(EngineError, match="worlds must be from 1"):
        engine.configure({"worlds": 0})


def test_analyse_play_and_the_hand(engine: Engine) -> None:
    engine.configure({"profile": "schnapsen", "threads": 1, "seed": 1, "matchaware": False})
    real = Game.deal("schnapsen", seed=4)
    hand = format_card_list([c.code for c in real.hand(1)])
    engine.new_hand(seat=1, dealer=0, hand=hand, trump=real.trump_card)
    view, legal = engine.show()
    assert view.startswith("schnapsen seat=1 dealer=0 turn=1:lead")
    assert set(legal) == {str(a) for a in real.legal_actions()}
    result = engine.analyse(Limit(worlds=6))
    assert result.worlds == 6 and not result.exact and result.stopped == "done"
    assert result.best == result.actions[0].action and real.is_legal(result.best)
    assert {a.action for a in result.actions} == set(legal)
    assert all(-3 <= a.ev <= 3 and 0 <= a.p_win <= 1 for a in result.actions)
    assert result.actions == tuple(sorted(result.actions, key=lambda a: -a.utility))
    move = engine.play(Limit(worlds=6))
    assert move == result.best  # the same seed and budget: the same answer
    engine.played(1, move)
    with pytest.raises(EngineError, match="it is seat 0's turn"):
        engine.played(1, move)
    with pytest.raises(EngineError, match="it is seat 0's turn|not your turn|turn"):
        engine.analyse(Limit(worlds=2))


def test_start_and_stop(engine: Engine) -> None:
    engine.configure({"profile": "sixty-six", "threads": 1})
    real = Game.deal("sixty-six", seed=2)
    engine.new_hand(seat=1, dealer=0, hand=[str(c) for c in real.hand(1)], trump=real.trump_card)
    engine.start()
    with pytest.raises(EngineError, match="a search is running"):
        engine.new_match()
    time.sleep(0.2)
    result = engine.stop()
    assert real.is_legal(result.best)
    with pytest.raises(EngineError, match="no search is running"):
        engine.stop()


def test_should_close(engine: Engine) -> None:
    engine.configure({"profile": "schnapsen", "worlds": 8})
    engine.view("schnapsen seat=0 dealer=0 turn=0:lead trump=QH hands=JCKCTCJHQS/5 stock=6:QH "
                "taken=JDKD/ACAD last_win=2/1")
    c = engine.should_close()
    assert c.verdict == "continue"
    assert [o.name for o in c.options] == ["close-now", "go-on"]
    assert c.options[0].line == ("close",) and c.options[0].exact


def test_limits_are_checked() -> None:
    for bad in ({"worlds": 0}, {"worlds": 1.5}, {"time": -1}, {"time": float("nan")},
                {"time": 10**9}):
        with pytest.raises(SixtySixError):
            Limit(**bad)  # type: ignore[arg-type]
    assert Limit(worlds=5, time=0.25).go_args() == ["worlds", "5", "movetime", "250"]


def test_a_dead_engine_raises_instead_of_hanging() -> None:
    # A program that shakes hands and then exits: the next command finds it dead.
    script = "print('id name fake'); print('sseok', flush=True)"
    e = Engine.popen([sys.executable, "-c", script], timeout=30)
    with pytest.raises(EngineError, match="exited|closed"):
        e.new_match()
    e.quit()


def test_a_silent_engine_times_out() -> None:
    script = "import time; print('sseok', flush=True); time.sleep(60)"
    e = Engine.popen([sys.executable, "-c", script], timeout=0.5)
    t0 = time.monotonic()
    with pytest.raises(EngineError, match="did not answer within 0.5 s"):
        e.new_match()
    assert time.monotonic() - t0 < 10
    assert e.quit(timeout=1) != 0  # killed


def test_a_missing_program() -> None:
    with pytest.raises(EngineError, match="cannot start the engine"):
        Engine.popen(["/no/such/engine"])

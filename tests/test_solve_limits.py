"""Searches under a budget: a node limit, a time limit, a cancel token or Ctrl-C ends them with
the bounds proven so far (never an error), and those bounds hold the exact value."""

from __future__ import annotations

import os
from collections.abc import Iterator
import random
import signal
import threading
import time

import numpy as np
import pytest
from sixtysix_solver import Game, _core
from sixtysix_solver.knowledge.view import View
from sixtysix_solver.knowledge.worlds import enumerate_layouts, layout_rows
from sixtysix_solver.rules.cancel import CancelToken
from sixtysix_solver.rules.random_play import random_action
from sixtysix_solver.rules.solve import Objective, Solver, SolveResult, solve_many

LIMITS = (1, 10, 100, 1000, 3000, 10_000, 30_000, 100_000)


def random_positions(profile: str, count: int, seed: int) -> list[Game]:
    rng = random.Random(seed)
    out: list[Game] = []
    while len(out) < count:
        g = Game.deal(profile, seed=rng.randrange(1 << 30))
        for _ in range(rng.randrange(0, 10)):
            if g.is_over:
                break
            g.apply(random_action(g, rng))
        if not g.is_over:
            out.append(g)
    return out


def assert_brackets(got: SolveResult, exact: SolveResult) -> None:
    assert exact.exact and exact.value is not None
    assert got.lower <= exact.value <= got.upper
    assert got.exact == (got.value is not None) == (got.lower == got.upper)
    assert got.exact or got.stopped is not None
    want = {av.action: av.value for av in exact.actions}
    assert {av.action for av in got.actions} == set(want)
    for av in got.actions:
        v = want[av.action]
        assert v is not None and av.lower <= v <= av.upper, (av, v)
        assert av.value == (v if av.exact else None)


@pytest.mark.parametrize(
    "profile, objective",
    [("sixty-six", "game_points"), ("schnapsen", "win"), ("sixty-six", "card_points"),
     ("four-hand", "game_points"), ("three-hand", "game_points")],
)
def test_bounds_hold_the_exact_value_under_node_limits(profile: str, objective: Objective) -> None:
    solver = Solver(8)
    for g in random_positions(profile, 4, seed=len(profile)):
        exact = solver.solve(g, objective=objective, pv=False)
        for limit in LIMITS:
            got = solver.solve(g, objective=objective, pv=False, node_limit=limit)
            assert_brackets(got, exact)


def test_limits_never_raise() -> None:
    g = Game.deal("sixty-six", seed=3)
    exact = Solver(8).solve(g)
    for kw in ({"node_limit": 1000}, {"time_limit": 1e-6}):
        r = Solver(8).solve(g, **kw)  # type: ignore[arg-type]
        assert not r.exact and r.value is None and r.pv == ()
        assert r.stopped in ("node limit reached", "time limit reached")
        assert_brackets(r, exact)
        assert set(r.best) <= set(g.legal_actions()) and r.best
    # A stopped search leaves the solver usable and exact.
    s = Solver(8)
    s.solve(g, node_limit=100)
    again = s.solve(g)
    assert (again.value, again.actions, again.pv, again.nodes) == (
        exact.value, exact.actions, exact.pv, exact.nodes)
    with pytest.raises(Exception, match="no exact value"):
        Solver(8).solve(g, node_limit=100).value_for_side(0)


def test_batch_bounds() -> None:
    games = random_positions("sixty-six", 6, seed=5) + [Game.deal("sixty-six", seed=3)]
    exact = solve_many(games)
    assert not exact.aborted.any() and (exact.lower == exact.upper).all()
    for limit in (1, 1000, 20_000):
        out = solve_many(games, node_limit=limit, threads=2)
        assert (out.lower <= exact.values).all() and (exact.values <= out.upper).all()
        assert (out.aborted == (out.lower != out.upper)).all()
        assert (out.values == np.where(out.aborted, 0, exact.values)).all()
    assert solve_many(games, node_limit=1000).aborted[-1]


def _cancel_after(token: CancelToken, seconds: float) -> None:
    threading.Timer(seconds, token.cancel).start()


def test_cancel_token_stops_a_long_solve() -> None:
    g = Game.deal("mariage", seed=1)  # minutes without a budget
    token = CancelToken()
    _cancel_after(token, 0.2)
    t0 = time.perf_counter()
    r = Solver(16).solve(g, cancel=token)
    assert time.perf_counter() - t0 < 5
    assert r.stopped == "cancelled" and r.lower <= r.upper and token.cancelled
    # A set token stops the next call at once; reset, it does not.
    assert Solver(8).solve(g, cancel=token, node_limit=10_000_000).stopped == "cancelled"
    token.reset()
    small = random_positions("schnapsen", 1, seed=2)[0]
    assert Solver(8).solve(small, cancel=token).exact


def test_cancel_token_stops_a_batch() -> None:
    games = [Game.deal("mariage", seed=s) for s in range(1, 5)]
    token = CancelToken()
    _cancel_after(token, 0.2)
    t0 = time.perf_counter()
    out = solve_many(games, threads=2, cancel=token)
    assert time.perf_counter() - t0 < 5
    assert out.aborted.all() and (out.lower < out.upper).all()


def test_cancel_token_stops_a_world_pool() -> None:
    g = Game.deal("sixty-six", seed=3)
    view = View.from_game(g, g.to_act)
    lays = list(enumerate_layouts(view, None, stock_order=False))[:6]
    rows = layout_rows(lays)
    base = lays[0].game(view)
    codes = [[a.code] for a in base.legal_actions()]
    pool = _core.WorldPool(1, 8)
    token = CancelToken()
    token.cancel()
    _, _, aborted = pool.solve(base.core, rows, codes, "game_points", 0, 0.0, True,
                               cancel=token.core)
    assert aborted.all()
    token.reset()
    _, _, aborted = pool.solve(base.core, rows[:1], codes, "game_points", 0, 0.0, True,
                                    cancel=token.core)
    assert not aborted.any()


@pytest.fixture
def python_sigint() -> Iterator[None]:
    """Python's usual Ctrl-C for one test, even where the run ignores SIGINT (a background job
    started without job control does, and its children inherit that)."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)


@pytest.mark.skipif(not hasattr(signal, "pthread_kill"), reason="POSIX signals")
def test_ctrl_c_stops_a_solve_and_raises_keyboard_interrupt(python_sigint: None) -> None:
    g = Game.deal("mariage", seed=1)
    main = threading.main_thread().ident
    assert main is not None and threading.current_thread() is threading.main_thread()
    threading.Timer(0.2, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
    t0 = time.perf_counter()
    with pytest.raises(KeyboardInterrupt):
        Solver(16).solve(g)
    assert time.perf_counter() - t0 < 5
    # Python's own handler is back: the next call runs as usual.
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    assert Solver(8).solve(random_positions("schnapsen", 1, seed=2)[0]).exact

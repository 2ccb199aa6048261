"""The solver's Python API: results, options, limits, threads, batch arrays and bad input."""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

from sixtysix_solver import Game, SixtySixError
from sixtysix_solver.rules.random_play import random_action
from sixtysix_solver.rules.solve import Solver, solve, solve_many


def position(profile: str, seed: int, moves: int) -> Game:
    g = Game.deal(profile, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if g.is_over:
            break
        g.apply(random_action(g, rng))
    return g


def live_positions(profile: str, count: int, moves: int) -> list[Game]:
    out = []
    seed = 0
    while len(out) < count:
        seed += 1
        g = position(profile, seed, moves)
        if not g.is_over:
            out.append(g)
    return out


@pytest.mark.parametrize("profile", ["sixty-six", "schnapsen", "four-hand", "three-hand"])
def test_result_is_consistent(profile: str) -> None:
    for g in live_positions(profile, 3, 14):
        r = solve(g)
        assert r.player == g.to_act
        assert {a.action for a in r.actions} == set(g.legal_actions())
        assert r.value == max(a.value for a in r.actions)
        assert r.best and all(a in g.legal_actions() for a in r.best)
        assert r.nodes > 0 and r.seconds >= 0
        # Following the principal variation ends the hand with the value.
        line = g.clone()
        for a in r.pv:
            line.apply(a)
        if r.objective == "game_points" and line.is_over:
            result = line.result
            assert result is not None
            assert result.returns[r.player] == r.value


def test_value_only_matches_full_solve() -> None:
    for g in live_positions("schnapsen", 4, 8):
        full = solve(g)
        bare = solve(g, actions=False, pv=False)
        assert bare.value == full.value and bare.actions == () and bare.pv == ()


def test_value_for_side_is_zero_sum() -> None:
    g = live_positions("four-hand", 1, 10)[0]
    r = solve(g)
    assert r.value_for_side(r.side) == r.value == -r.value_for_side(1 - r.side)
    with pytest.raises(SixtySixError, match="side must be 0 or 1"):
        r.value_for_side(2)
    three = live_positions("three-hand", 1, 10)[0]
    with pytest.raises(SixtySixError, match="two-sided"):
        solve(three).value_for_side(0)


def test_objectives_relate() -> None:
    for g in live_positions("sixty-six", 4, 16):
        gp = solve(g, objective="game_points", pv=False).value
        win = solve(g, objective="win", pv=False).value
        assert win == (gp > 0) - (gp < 0)
        cp = solve(g, objective="card_points", pv=False).value
        assert 0 <= cp <= 250


def test_limits_give_bounds() -> None:
    # (tests/test_solve_limits.py checks the bounds against exact solves)
    g = Game.deal("sixty-six", seed=3)
    r = solve(g, node_limit=1000)
    assert (r.exact, r.value, r.stopped) == (False, None, "node limit reached")
    assert Solver(8).solve(g, time_limit=1e-6).stopped == "time limit reached"
    # A stopped search leaves the solver usable and exact.
    small = live_positions("sixty-six", 1, 20)[0]
    s = Solver(8)
    s.solve(g, node_limit=100)
    assert s.solve(small).value == solve(small).value


@pytest.mark.parametrize(
    "kwargs, match",
    [
        ({"objective": "points"}, "unknown objective"),
        ({"node_limit": 0}, "node_limit"),
        ({"node_limit": 1.5}, "node_limit"),
        ({"time_limit": -1}, "time_limit"),
    ],
)
def test_bad_options(kwargs: dict[str, object], match: str) -> None:
    g = Game.deal("schnapsen", seed=1)
    with pytest.raises(SixtySixError, match=match):
        solve(g, **kwargs)


def test_bad_solver_and_batch_arguments() -> None:
    with pytest.raises(SixtySixError, match="tt_mib"):
        Solver(0)
    g = Game.deal("schnapsen", seed=1)
    with pytest.raises(SixtySixError, match="threads"):
        solve_many([g], threads=0)
    with pytest.raises(SixtySixError, match=r"games\[1\] must be a Game"):
        solve_many([g, "schnapsen"])  # type: ignore[list-item]
    over = position("schnapsen", 1, 200)
    assert over.is_over
    with pytest.raises(SixtySixError, match="over"):
        solve(over)


def test_batch_matches_single_solves_for_any_thread_count() -> None:
    games = live_positions("schnapsen", 12, 6) + live_positions("four-hand", 4, 12)
    single = [solve(g, actions=False, pv=False) for g in games]
    for threads in (1, 2, 3):
        out = solve_many(games, threads=threads)
        assert out.values.dtype == np.int16 and out.nodes.dtype == np.uint64
        assert out.values.tolist() == [r.value for r in single]
        assert not out.aborted.any()
        # Every root starts from an empty table: node counts do not depend on the threads.
        assert out.nodes.tolist() == [r.nodes for r in single]


def test_batch_limit_marks_aborted() -> None:
    games = [Game.deal("sixty-six", seed=3), live_positions("sixty-six", 1, 20)[0]]
    out = solve_many(games, node_limit=500)
    assert out.aborted.tolist() == [True, False]
    assert out.values[0] == 0 and out.lower[0] < out.upper[0]
    assert out.lower[1] == out.upper[1] == out.values[1]


def test_parallel_python_threads_agree() -> None:
    games = live_positions("sixty-six", 8, 12)
    expected = [solve(g, pv=False).value for g in games]
    with ThreadPoolExecutor(max_workers=4) as pool:
        got = list(pool.map(lambda g: solve(g, pv=False).value, games))
    assert got == expected
    shared = Solver(8)  # one solver shared by threads: calls wait for each other
    with ThreadPoolExecutor(max_workers=4) as pool:
        got = list(pool.map(lambda g: shared.solve(g, pv=False).value, games))
    assert got == expected


def test_same_position_same_answer() -> None:
    g = live_positions("sixty-six", 1, 8)[0]
    a, b = solve(g), Solver(16).solve(g)
    assert (a.value, a.actions, a.pv, a.nodes) == (b.value, b.actions, b.pv, b.nodes)

"""Node counts of a recommendation are reproducible: the same seed and thread count give the
same count on every run, after any earlier call, on a kept or a fresh pool; with one thread
also however the run is split into batches (values never depend on any of it)."""

from __future__ import annotations

import random
import sys
from typing import Any

import numpy as np
import pytest
from helpers import bench_module

from sixtysix_solver import Game, _core
from sixtysix_solver.advice.recommend import Recommendation, recommend
from sixtysix_solver.knowledge.view import View
from sixtysix_solver.knowledge.worlds import WorldSpace, first_layout

# (the package's `recommend` attribute is the function: the module itself)
R = sys.modules["sixtysix_solver.advice.recommend"]


def _bench_recommend() -> Any:
    return bench_module("recommend")


def short_stock(seed: int) -> View:
    """The benchmark's leader's view once the sixty-six stock holds at most 6 cards (the first
    seeded game from ``seed`` on that gets there): worlds of tens of thousands of nodes."""
    bench = _bench_recommend()
    for s in range(seed * 1000, seed * 1000 + 50):
        view = bench.short_stock(s)
        if view is not None:
            return view  # type: ignore[no-any-return]
    raise AssertionError("no position found")


def _figures(rec: Recommendation) -> tuple[object, ...]:
    return tuple((str(s.action), s.mean, s.win) for s in rec.actions)


@pytest.mark.parametrize("threads", [1, 2])
def test_pool_split_into_calls_and_kept_between_runs(threads: int) -> None:
    view = short_stock(1)
    rows, _ = R._Source(WorldSpace(view, stock_order=True), False, 7).take(48)
    base = first_layout(view).game(view)
    codes = [[a.code] for a in base.legal_actions()]

    def run(pool: Any, splits: list[int]) -> tuple[np.ndarray, np.ndarray]:
        vals, nodes = [], []
        for a, b in zip([0, *splits], [*splits, len(rows)]):
            v, n, aborted = pool.solve(
                base._state, rows[a:b], codes, "game_points", 0, 0.0, True, 0.0,
            )
            assert not aborted.any()
            vals.append(v)
            nodes.append(n)
        return np.concatenate(vals), np.concatenate(nodes)

    fresh_v, fresh_n = run(_core.WorldPool(threads, 16), [10, 30])
    kept = _core.WorldPool(threads, 16)
    run(kept, [5])  # an earlier run of the same worlds...
    kept.new_generation()
    other, _ = R._Source(WorldSpace(view, stock_order=True), False, 8).take(20)
    kept.solve(base._state, other, codes, "game_points", 0, 0.0, True, 0.0)  # ...and of others
    kept.new_generation()
    v, n = run(kept, [10, 30])
    assert (v == fresh_v).all()
    assert n.tolist() == fresh_n.tolist()
    one_v, _ = run(_core.WorldPool(1, 16), [])
    assert (v == one_v).all()  # threads split lines and worlds; values never depend on it
    if threads == 1:  # one thread: the split into calls does not matter either
        for splits in ([], [1], [1, 2, 3, 47], list(range(1, 48))):
            v, n = run(_core.WorldPool(1, 16), splits)
            assert (v == fresh_v).all()
            assert n.tolist() == fresh_n.tolist(), splits


# One thread, or several with tables of their own (a run that may stop once the best action
# is clear): the same node counts on every run.
@pytest.mark.parametrize("threads, clear", [(1, False), (1, True), (2, True)])
def test_recommend_nodes_do_not_depend_on_earlier_calls(threads: int, clear: bool) -> None:
    view, other = short_stock(2), short_stock(3)

    def run(v: View, worlds: int, seed: int) -> Recommendation:
        return recommend(v, worlds=worlds, seed=seed, threads=threads, exact=False,
                         stop_when_clear=clear)

    first = run(view, 40, 5)
    run(other, 25, 9)
    run(view, 17, 5)
    again = run(view, 40, 5)
    R._POOLS.clear()  # a fresh pool
    fresh = run(view, 40, 5)
    assert _figures(first) == _figures(again) == _figures(fresh)
    assert first.nodes == again.nodes == fresh.nodes


def test_shared_table_threads_give_the_one_thread_values_in_every_world() -> None:
    # Several threads share one table (their node counts vary from run to run): every world's
    # value of every action is still the one thread's, run after run.
    for n in (1, 5):
        view = short_stock(n)
        one = recommend(view, worlds=60, seed=3, threads=1, exact=False)
        for _ in range(3):
            two = recommend(view, worlds=60, seed=3, threads=2, exact=False)
            assert _figures(two) == _figures(one)
            assert np.array_equal(two.values, one.values)


def test_shared_pool_values_match_tables_of_their_own() -> None:
    view = short_stock(6)
    rows, _ = R._Source(WorldSpace(view, stock_order=True), False, 2).take(64)
    base = first_layout(view).game(view)
    codes = [[a.code] for a in base.legal_actions()]

    def values(pool: Any, share_table: bool = True) -> np.ndarray:
        v, n, aborted = pool.solve(base._state, rows, codes, "game_points", 0, 0.0, share_table, 0.0)
        assert not aborted.any() and (n > 0).all()
        return np.asarray(v)

    want = values(_core.WorldPool(1, 16))
    shared = _core.WorldPool(2, 8, True)
    for _ in range(4):  # kept across generations, as recommend() keeps it
        assert np.array_equal(values(shared), want)
        shared.new_generation()
    # Without a table kept across worlds a shared table would be cleared under the other
    # thread: such a call runs on one thread, with the same values.
    assert np.array_equal(values(shared, share_table=False), want)


def test_recommend_nodes_do_not_depend_on_batches_with_one_thread(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    view = short_stock(4)
    recs = []
    for batch_nodes in (1, 50_000, 10**12):  # a world a batch .. all in the second batch
        monkeypatch.setattr(R, "_BATCH_NODES", batch_nodes)
        recs.append(recommend(view, worlds=40, seed=11, threads=1, exact=False))
    assert len({_figures(r) for r in recs}) == 1
    assert len({r.nodes for r in recs}) == 1, [r.nodes for r in recs]


@pytest.mark.parametrize("stripes", [2, 3])
def test_striped_source_hands_out_every_world_once_each_thread_continuing_its_run(
    stripes: int,
) -> None:
    # A first-lead schnapsen view counted without the stock order: a few hundred worlds.
    view = View.from_game(Game.deal("schnapsen", seed=4), 0)
    space = WorldSpace(view, stock_order=False)
    plain, _ = R._Source(space, True, 0, shuffle=False).take(space.count)
    src = R._Source(space, True, 0, shuffle=False, stripes=stripes)
    index = {bytes(r): i for i, r in enumerate(plain)}
    runs = [len(plain) * t // stripes for t in range(stripes + 1)]
    last = [runs[t] - 1 for t in range(stripes)]  # the last world each run handed out
    seen: list[int] = []
    rng = random.Random(stripes)
    while src.left():
        n = rng.choice([1, 2, 3, 7, 50, 97])
        rows, weights = src.take(n)
        assert 0 < len(rows) <= n and len(weights) == len(rows)
        got = [index[bytes(r)] for r in rows]
        seen.extend(got)
        if len(rows) == n and all(last[t] + n < runs[t + 1] for t in range(stripes)):
            # Share t of the batch, as the pool cuts it, goes on where run t stopped.
            for t in range(stripes):
                share = got[n * t // stripes:n * (t + 1) // stripes]
                assert share == list(range(last[t] + 1, last[t] + 1 + len(share)))
        for i in got:
            t = max(k for k in range(stripes) if runs[k] <= i)
            last[t] = max(last[t], i)
    assert sorted(seen) == list(range(len(plain)))

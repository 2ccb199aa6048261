"""pytest-benchmark timings of the solver (not part of the default test run).

    python -m pytest bench/ --benchmark-enable             # time them
    python -m pytest bench/                                # run each once, as a smoke test

The positions are the ones ``bench/solve.py`` uses (see there for what each measures).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from solve import signature, signature_positions, strict_positions  # noqa: E402

from sixtysix_solver import Game  # noqa: E402
from sixtysix_solver.rules.solve import BatchResult, Solver, solve_many  # noqa: E402

Benchmark = Any  # the pytest-benchmark fixture


@pytest.fixture(scope="module")
def strict_sixty_six() -> list[Game]:
    return strict_positions(["sixty-six"], 5000)


def test_strict_batch_throughput(benchmark: Benchmark, strict_sixty_six: list[Game]) -> None:
    """(a) 5,000 strict-phase sixty-six positions in one solve_many call on one thread."""
    result: BatchResult = benchmark(solve_many, strict_sixty_six, threads=1)
    assert not result.aborted.any()
    benchmark.extra_info["positions"] = len(strict_sixty_six)
    benchmark.extra_info["nodes"] = int(result.nodes.sum())


def _solve_deals(name: str, seeds: range, solver: Solver, limit: float | None = None) -> int:
    nodes = 0
    for seed in seeds:
        game = Game.deal(name, seed=seed)
        nodes += solver.solve(game, actions=False, pv=False, time_limit=limit).nodes
    return nodes


@pytest.mark.parametrize(("name", "seeds"), [("schnapsen", 10), ("four-hand", 10)])
def test_whole_deals(benchmark: Benchmark, name: str, seeds: int) -> None:
    """(b) whole deals from the first lead, value only, one after the other."""
    solver = Solver(64)
    nodes = benchmark.pedantic(
        _solve_deals, args=(name, range(1, seeds + 1), solver), rounds=3, iterations=1
    )
    benchmark.extra_info["deals"] = seeds
    benchmark.extra_info["nodes"] = nodes


def test_whole_deal_sixty_six(benchmark: Benchmark) -> None:
    """(b) one sixty-six deal (seed 1), value only."""
    solver = Solver(64)
    nodes = benchmark.pedantic(
        _solve_deals, args=("sixty-six", range(1, 2), solver, 60.0), rounds=1, iterations=1
    )
    benchmark.extra_info["nodes"] = nodes


def test_signature_does_not_depend_on_threads(benchmark: Benchmark) -> None:
    """(d) the node-count signature: threads 1, 2, 1, 2 give the same node counts."""
    games = signature_positions(100)
    runs = benchmark.pedantic(signature, args=(games,), rounds=1, iterations=1)
    assert len({(total, digest) for _, total, digest in runs}) == 1, runs

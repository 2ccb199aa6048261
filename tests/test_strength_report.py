"""docs/strength.md says what the committed arena results hold: its tables are computed from
bench/strength/*.jsonl by bench/strength.py, never typed in."""

from __future__ import annotations

from pathlib import Path

from helpers import bench_module
from sixtysix_solver.rules.profiles import get_profile
from sixtysix_solver.play.arena import load_results

ROOT = Path(__file__).resolve().parents[1]


def _strength():  # type: ignore[no-untyped-def]
    return bench_module("strength")


def test_the_page_holds_the_tables_of_the_results_files() -> None:
    st = _strength()
    text = (ROOT / "docs" / "strength.md").read_text()
    block = text.split(st.BEGIN, 1)[1].split(st.END, 1)[0]
    assert block.strip() == st.report().strip(), "run: python bench/strength.py --report"


def test_every_run_is_complete_and_of_its_own_agents() -> None:
    st = _strength()
    for run in st.RUNS:
        assert run.path.exists(), f"{run.name}: no results (python bench/strength.py --run)"
        recs = load_results(run.path)
        names = {st._canon(a) for a in run.agents}
        pairs = len(run.agents) * (len(run.agents) - 1) // 2
        prof = get_profile(run.profile)
        legs = prof.players if prof.sides == prof.players > 2 else 2  # A in every seat, or swapped
        assert len(recs) == legs * run.matches * pairs, run.name
        assert all({r.a, r.b} <= names and r.profile == run.profile and r.seed == run.seed
                   for r in recs), run.name
        assert len({r.key for r in recs}) == len(recs), f"{run.name}: a match twice"

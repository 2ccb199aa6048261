"""docs/strength.md says what the committed arena results hold: its tables are computed from
bench/strength/*.jsonl by bench/strength.py, never typed in."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from sixtysix_solver.rules.profiles import get_profile
from sixtysix_solver.play.arena import load_results

ROOT = Path(__file__).resolve().parents[1]


def _strength():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("strength", ROOT / "bench" / "strength.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules["strength"] = mod  # its dataclasses look their module up there
    spec.loader.exec_module(mod)
    return mod


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

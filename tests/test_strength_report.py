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
        assert not st.drifted(run), f"{run.name}: its specs no longer say what played"


def test_a_run_whose_defaults_changed_is_caught(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    # A record says what each agent played with; where a default has changed since, the spec
    # no longer says it, and the run is named until it is relabelled.
    from sixtysix_solver.agents import AgentSpec
    from sixtysix_solver.play.results import HandRecord, MatchResult

    st = _strength()
    monkeypatch.setattr(st, "RESULTS", tmp_path)
    spec = "engine:threads=1,time=1,worlds=1000"
    now = AgentSpec.parse(spec).build().settings("mariage-piquet")
    hand = HandRecord(1, 0, 0, 3, 0, "claim")
    run = st.Run("fake", "mariage-piquet", (spec, "heuristic"), 1, 1, "a test")

    def write(played: str) -> None:
        rec = MatchResult(spec, "heuristic", "mariage-piquet", "", 1, 0, False, (0,), (7, 0),
                          "a", (hand,), settings=(played, "heuristic"))
        run.path.write_text((rec.to_json() + "\n") * 2)  # two matches: one line a spec

    write(now)
    assert st.drifted(run) == []
    write(now.replace("fallible=0.05", "fallible=false"))  # made before fallible=auto
    assert st.drifted(run) == [f"{spec} (played {now.replace('fallible=0.05', 'fallible=false')};"
                               f" today {now})"]

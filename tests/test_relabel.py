"""bench/relabel.py: after a default changes, the earlier runs' engine specs name the old
setting, in results and forks files, and nowhere else."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import pytest

from helpers import bench_module
from sixtysix_solver.agents import AgentSpec

PROFILE = "schnapsen"


def _record(a: str, b: str, profile: str = PROFILE, settings: list[str] | None = None) -> str:
    d = {"format": "sixtysix-arena", "version": 1, "a": a, "b": b, "profile": profile,
         "seed": 1, "index": 0, "winner": "a", "hands": [[1, 1, 0, 2, 0, "claim"]]}
    if settings is not None:
        d["settings"] = settings
    return json.dumps(d, separators=(",", ":")) + "\n"


def _dirs(tmp_path: Path) -> tuple[Path, Path]:
    results, forks = tmp_path / "strength", tmp_path / "forks"
    results.mkdir()
    forks.mkdir()
    return results, forks


def test_engine_specs_of_the_profile_name_the_old_setting(tmp_path: Path) -> None:
    rl = bench_module("relabel")
    results, forks = _dirs(tmp_path)
    played = AgentSpec.parse("engine:time=1,fallible=off").build().settings(PROFILE)
    (results / "r.jsonl").write_text(
        _record("engine:time=1", "heuristic")
        + _record("engine:time=1", "heuristic", settings=[played, "heuristic"])
        + _record("engine:fallible=0.05,time=1", "heuristic")  # names it: left as it is
        + _record("engine:time=1", "heuristic", profile="sixty-six"))  # another profile
    (forks / "f.jsonl").write_text(json.dumps(
        {"a": "engine:time=1", "b": "engine:time=1,fallible=0.05", "opponent": "heuristic",
         "profile": PROFILE, "seed": 1}) + "\n")
    rep = rl.relabel(PROFILE, "fallible=off", results=results, forks=forks)
    recs = [json.loads(x) for x in (results / "r.jsonl").read_text().splitlines()]
    assert [r["a"] for r in recs] == ["engine:fallible=false,time=1"] * 2 + [
        "engine:fallible=0.05,time=1", "engine:time=1"]
    assert all(r["b"] == "heuristic" for r in recs)
    assert rep.skipped == {"heuristic"} and not rep.refused
    fork = json.loads((forks / "f.jsonl").read_text())
    assert (fork["a"], fork["b"]) == ("engine:time=1,fallible=off", "engine:time=1,fallible=0.05")
    assert rep.records == 3 and len(rep.files) == 2


def test_a_record_whose_settings_disagree_is_refused(tmp_path: Path) -> None:
    rl = bench_module("relabel")
    results, forks = _dirs(tmp_path)
    played = AgentSpec.parse("engine:time=1,fallible=0.05").build().settings(PROFILE)
    text = _record("engine:time=1", "heuristic", settings=[played, "heuristic"])
    (results / "r.jsonl").write_text(text)
    rep = rl.relabel(PROFILE, "fallible=off", results=results, forks=forks)
    assert (results / "r.jsonl").read_text() == text  # not what played: unchanged
    assert len(rep.refused) == 1 and "fallible=0.05" in rep.refused[0]


def test_a_dry_run_writes_nothing_and_names_the_runs_to_edit(tmp_path: Path) -> None:
    rl = bench_module("relabel")
    results, forks = _dirs(tmp_path)
    text = _record("engine:time=1", "heuristic")
    (results / "r.jsonl").write_text(text)

    @dataclass
    class Run:
        name: str
        profile: str
        agents: tuple[str, ...]

    runs = [Run("x", PROFILE, ("engine:time=1", "heuristic")),
            Run("y", PROFILE, ("engine:time=1,fallible=off", "heuristic")),
            Run("z", "sixty-six", ("engine:time=1", "heuristic"))]
    rep = rl.relabel(PROFILE, "fallible=off", results=results, forks=forks, runs=runs,
                     write=False)
    assert (results / "r.jsonl").read_text() == text and rep.records == 1
    assert rep.runs == ["x: engine:time=1"]


@pytest.mark.parametrize("setting", ["fallible", "=off", "fallible=", "depth=3"])
def test_a_bad_setting_is_refused(tmp_path: Path, setting: str) -> None:
    rl = bench_module("relabel")
    results, forks = _dirs(tmp_path)
    with pytest.raises(ValueError):
        rl.relabel(PROFILE, setting, results=results, forks=forks)

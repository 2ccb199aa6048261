"""Relabel recorded runs after a default changed: the specs of earlier runs name what played.

    python bench/relabel.py --profile sixty-six-jaques --add fallible=off --dry-run
    python bench/relabel.py --profile sixty-six-jaques --add fallible=off

When a profile's default changes (``fallible=auto`` turned on in sixty-six-jaques, say), an
engine spec recorded before, such as ``engine:time=1``, no longer says how that agent played.
Every engine spec of the profile that does not name the setting gets ``NAME=VALUE`` (the old
default) in:

* the results files of ``bench/strength/`` (records of the profile; the arena's canonical
  form, the same as ``AgentSpec`` gives);
* the forks files of ``bench/forks/`` (specs as typed, so the setting is appended).

The runs of ``bench/strength.py`` are specs in code (literals, f-strings, helpers), which
this script does not edit: it names the runs whose specs need the same change (edit them by
hand, then ``python bench/strength.py --list`` and ``tests/test_strength_report.py`` check
that every run's specs are its results' specs). A record that carries the settings it played
with (``settings``, since the thirty-second session) is relabelled only if the new spec gives
exactly those settings with today's defaults: relabel after changing the default, not before.
Non-engine agents (``heuristic``, ``custom:...``) are left alone and listed.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from sixtysix_solver.agents import AgentSpec

HERE = Path(__file__).resolve().parent


class RunLike(Protocol):
    """What this script reads of ``bench/strength.py``'s ``Run``."""

    @property
    def name(self) -> str: ...
    @property
    def profile(self) -> str: ...
    @property
    def agents(self) -> tuple[str, ...]: ...


@dataclass
class Report:
    """What a relabel changed (or would change): files by path, records, and what it left."""

    files: dict[str, int] = field(default_factory=dict)  # path -> records changed
    runs: list[str] = field(default_factory=list)  # strength.py runs whose specs need the edit
    skipped: set[str] = field(default_factory=set)  # specs of the profile not relabelled
    refused: list[str] = field(default_factory=list)  # records whose settings disagree

    @property
    def records(self) -> int:
        return sum(self.files.values())


def _names(spec: str) -> set[str]:
    return {k for k, _ in AgentSpec.parse(spec).params}


def relabelled(spec: str, name: str, value: str) -> str | None:
    """``spec`` naming ``name=value``, or None when it is no engine spec or names ``name``
    already (in its canonical form: a setting at its default is not named)."""
    try:
        parsed = AgentSpec.parse(spec)
    except ValueError:
        return None
    if parsed.kind != "engine" or name in _names(spec):
        return None
    return f"{spec},{name}={value}"


def _settings_agree(new_spec: str, played: str, profile: str) -> bool:
    return bool(AgentSpec.parse(new_spec).build().settings(profile) == played)


def _rewrite(path: Path, record: Callable[[dict[str, Any]], bool], report: Report,
             write: bool, separators: tuple[str, str]) -> None:
    """Rewrite the JSON-lines file ``path``: ``record`` changes a record in place and says
    whether it did; the lines it leaves are kept byte for byte."""
    out, changed = [], 0
    for line in path.read_text().splitlines(keepends=True):
        rec = json.loads(line)
        if record(rec):
            changed += 1
            line = json.dumps(rec, separators=separators) + "\n"
        out.append(line)
    if changed:
        report.files[str(path)] = changed
        if write:
            path.write_text("".join(out))


def relabel_results(paths: Iterable[Path], profile: str, name: str, value: str,
                    report: Report, write: bool) -> None:
    """Results files (canonical specs, the arena's compact JSON): every record of
    ``profile``."""
    for path in paths:
        def record(rec: dict[str, Any], path: Path = path) -> bool:
            if rec.get("profile") != profile:
                return False
            settings, touched = rec.get("settings"), False
            for i, key in enumerate(("a", "b")):
                new = relabelled(rec[key], name, value)
                if new is None:
                    if AgentSpec.parse(rec[key]).kind != "engine":
                        report.skipped.add(rec[key])
                    continue
                new = str(AgentSpec.parse(new))
                if settings and not _settings_agree(new, settings[i], profile):
                    report.refused.append(f"{path.name}: {rec[key]} played {settings[i]}")
                    continue
                rec[key], touched = new, True
            return touched

        _rewrite(path, record, report, write, (",", ":"))


def relabel_forks(paths: Iterable[Path], profile: str, name: str, value: str, report: Report,
                  write: bool) -> None:
    """Forks files (specs as typed, ``json.dumps``' default spacing): every record of
    ``profile``."""
    def record(rec: dict[str, Any]) -> bool:
        if rec.get("profile") != profile:
            return False
        news = {k: relabelled(rec[k], name, value) for k in ("a", "b", "opponent")}
        rec.update({k: v for k, v in news.items() if v is not None})
        return any(v is not None for v in news.values())

    for path in paths:
        _rewrite(path, record, report, write, (", ", ": "))


def runs_to_edit(runs: Iterable[RunLike], profile: str, name: str) -> list[str]:
    """The runs of ``profile`` (``bench/strength.py``'s ``Run``) with an engine spec that does
    not name ``name``."""
    out = []
    for run in runs:
        if run.profile != profile:
            continue
        specs = [s for s in run.agents
                 if AgentSpec.parse(s).kind == "engine" and name not in _names(s)]
        out += [f"{run.name}: {s}" for s in specs]
    return out


def relabel(profile: str, setting: str, *, results: Path = HERE / "strength",
            forks: Path = HERE / "forks", runs: Iterable[RunLike] = (),
            write: bool = True) -> Report:
    """Relabel the results and forks files of ``profile`` with ``setting`` (``NAME=VALUE``)."""
    name, eq, value = setting.partition("=")
    if not eq or not name or not value:
        raise ValueError(f"--add takes NAME=VALUE, got {setting!r}")
    AgentSpec.parse(f"engine:{name}={value}")  # a setting the engine takes
    report = Report()
    relabel_results(sorted(results.glob("*.jsonl")), profile, name, value, report, write)
    relabel_forks(sorted(forks.glob("*.jsonl")), profile, name, value, report, write)
    report.runs = runs_to_edit(runs, profile, name)
    return report


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--profile", required=True)
    ap.add_argument("--add", required=True, metavar="NAME=VALUE",
                    help="the setting the earlier runs played with (the old default)")
    ap.add_argument("--dry-run", action="store_true", help="say what would change")
    args = ap.parse_args(argv)
    sys.path.insert(0, str(HERE))
    import strength

    report = relabel(args.profile, args.add, runs=strength.RUNS, write=not args.dry_run)
    verb = "would change" if args.dry_run else "changed"
    for path, n in report.files.items():
        print(f"{verb} {n} records in {Path(path).relative_to(HERE.parent)}")
    print(f"{report.records} records in {len(report.files)} files")
    for spec in sorted(report.skipped):
        print(f"left alone (not an engine spec): {spec}")
    for line in report.refused:
        print(f"refused (the new spec does not give what played): {line}")
    if report.runs:
        print("edit these specs in bench/strength.py to name the setting:")
        print("\n".join(f"  {r}" for r in report.runs))
    return 1 if report.refused else 0


if __name__ == "__main__":
    raise SystemExit(main())

"""One meaning per short flag across every ``sixtysix`` command, and the old long names that
were renamed still work (hidden)."""

from __future__ import annotations

import os
import subprocess
import sys
from collections import defaultdict

import typer.main
from typer.testing import CliRunner

from sixtysix_solver.cli.main import app

# The one meaning of each short flag (the parameter it sets), as docs/cli.md lists them.
MEANING = {"-p": "profile", "-s": "seed", "-w": "worlds", "-t": "threads", "-j": "workers",
           "-n": "matches", "-o": "objective", "-l": "level"}
# Where --seed is not the seed of a deal (recommend, close, review: the worlds' seed), it has
# no short flag.
DEAL_SEED = {"solve", "deal", "random-game", "perft", "play", "arena"}


def short_flags() -> dict[str, set[tuple[str, str]]]:
    group = typer.main.get_command(app)
    assert isinstance(group, typer.core.TyperGroup)
    out: dict[str, set[tuple[str, str]]] = defaultdict(set)
    for name, cmd in group.commands.items():
        for p in cmd.params:
            for opt in [*p.opts, *p.secondary_opts]:
                if opt.startswith("-") and not opt.startswith("--"):
                    out[opt].add((name, p.name or ""))
    return out


def test_every_short_flag_has_one_meaning() -> None:
    flags = short_flags()
    assert set(flags) <= set(MEANING), set(flags) - set(MEANING)
    for flag, uses in flags.items():
        assert {param for _, param in uses} == {MEANING[flag]}, (flag, uses)
    assert {cmd for cmd, _ in flags["-s"]} <= DEAL_SEED
    assert len(flags["-p"]) >= 8 and len(flags["-w"]) >= 3  # the table is not empty


def test_renamed_long_flags_still_work(tmp_path: object) -> None:
    runner = CliRunner()
    help_text = runner.invoke(app, ["play", "--help"]).stdout
    assert "--record" in help_text and "--save" not in help_text  # the old name is hidden
    res = runner.invoke(app, ["arena", "random", "heuristic", "-p", "schnapsen", "-n", "1",
                              "--workers", "1", "--json"])
    assert res.exit_code == 0, res.output


def test_piped_tables_do_not_wrap() -> None:
    """Piped into another program (no terminal, no COLUMNS), a table keeps each row on one
    line, however long its cells."""
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    code = "import sys; from sixtysix_solver.cli.main import main; sys.argv = sys.argv[1:]; main()"
    proc = subprocess.run([sys.executable, "-c", code, "sixtysix", "profiles"],
                          capture_output=True, text=True, env=env, timeout=120)
    assert proc.returncode == 0, proc.stderr
    rows = [ln for ln in proc.stdout.splitlines() if ln.startswith("│")]
    from sixtysix_solver.rules.profiles import PROFILES

    assert len(rows) == len(PROFILES)  # one line per profile: no cell wrapped
    assert max(len(ln) for ln in proc.stdout.splitlines()) > 100

"""Every ``$ sixtysix ...`` example in README.md and docs/*.md prints what the page shows.

A page shows a command in a ``text`` block: the line ``$ sixtysix ...`` and then its output.
The test runs the command (100 columns) and compares the output with the page,
figures that depend on the machine's speed masked (times, milliseconds per decision); node
counts and values are deterministic and compared as they are. After a change that moves them,
``python tests/test_doc_commands.py --update`` rewrites the pages' outputs.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
BLOCK = re.compile(r"```text\n(\$ sixtysix .*?)```", re.S)
COMMAND = re.compile(r"^\$ (sixtysix .*)$", re.M)
# Figures that depend on the machine's speed, not on the engine's answers.
TIMING = [
    (re.compile(r"time: [0-9.]+ s"), "time: * s"),
    # advice's worlds share tables across threads: the node count varies a little run to run
    (re.compile(r"^(best: .*nodes: )[0-9,]+", re.M), r"\1*"),
    (re.compile(r"(│ ms / decision\s+│)[^│]*│[^│]*│"), r"\1 * │ * │"),
]


def _segments(block: str) -> list[tuple[str, str]]:
    """The (command, output) pairs of one text block (a blank line may end an output)."""
    starts = list(COMMAND.finditer(block))
    return [
        (m.group(1), block[m.end() + 1:(starts[k + 1].start() if k + 1 < len(starts) else len(block))])
        for k, m in enumerate(starts)
    ]


def examples() -> list[tuple[Path, str, str]]:
    return [
        (page, command, shown)
        for page in PAGES
        for m in BLOCK.finditer(page.read_text(encoding="utf-8"))
        for command, shown in _segments(m.group(1))
    ]


def run(command: str) -> str:
    argv = shlex.split(command)
    env = dict(os.environ, COLUMNS="100", LINES="50", NO_COLOR="1", TERM="dumb")
    code = "import sys; from sixtysix_solver.cli.main import main; sys.argv = sys.argv[1:]; main()"
    proc = subprocess.run([sys.executable, "-c", code, *argv], capture_output=True, text=True,
                          env=env, cwd=ROOT, timeout=600)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return proc.stdout


def masked(text: str) -> str:
    for pattern, repl in TIMING:
        text = pattern.sub(repl, text)
    return "\n".join(line.rstrip() for line in text.strip("\n").splitlines())


@pytest.mark.parametrize(
    ("page", "command", "shown"), examples(),
    ids=[f"{p.name}:{c[9:40]}" for p, c, _ in examples()],
)
def test_the_page_shows_what_the_command_prints(page: Path, command: str, shown: str) -> None:
    assert masked(run(command)) == masked(shown)


def test_the_pages_have_examples() -> None:
    # README's main commands at least: recommend, close, solve, arena.
    commands = [c.split()[1] for p, c, _ in examples() if p.name == "README.md"]
    assert {"recommend", "close", "solve", "arena"} <= set(commands)


def update() -> None:
    """Rewrite every example's output on its page with what the command prints now."""
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        def block(m: re.Match[str]) -> str:
            parts = [f"$ {c}\n" + "\n".join(x.rstrip() for x in run(c).splitlines()) + "\n"
                     for c, _ in _segments(m.group(1))]
            return "```text\n" + "\n".join(parts) + "```"

        new = BLOCK.sub(block, text)
        if new != text:
            page.write_text(new, encoding="utf-8")
            print(f"updated {page.relative_to(ROOT)}")


if __name__ == "__main__":
    if sys.argv[1:] == ["--update"]:
        update()
    else:
        sys.exit(pytest.main([__file__, "-q"]))

"""What every ``sixtysix`` command shares: the Typer app, the console, common options and the
one way to fail (one line on standard error, an exit status: :mod:`.exits`).

Short flags have one meaning in every command (``tests/test_cli_flags.py`` checks it):
``-p`` profile, ``-s`` the seed of the deal(s), ``-w`` worlds, ``-t`` solver threads, ``-j``
worker processes, ``-n`` matches, ``-o`` objective, ``-l`` level."""

from __future__ import annotations

import math
import os
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from .._version import __version__
from ..errors import SixtySixError
from .exits import EXIT_INPUT, EXIT_INTERRUPTED, CommandGroup, error_line

__all__ = [
    "DealerOpt", "ProfileOpt", "SeedOpt", "app", "check_time_limit", "console", "fail",
    "interrupted", "parse_override_options", "read_stdin",
]

app = typer.Typer(
    cls=CommandGroup,
    help="Rules engine and solver for Sixty-Six, Schnapsen and their family.",
    no_args_is_help=True,
    add_completion=True,
)


def _console_width() -> int | None:
    """Piped output (no terminal, no COLUMNS) is not wrapped: table cells stay whole for
    programs that read them; a terminal, or an explicit COLUMNS, sets the width as usual."""
    if "COLUMNS" in os.environ or sys.stdout.isatty():
        return None
    return 4096


console = Console(width=_console_width())

ProfileOpt = Annotated[str, typer.Option("--profile", "-p", help="Profile name (see `profiles`).")]
SeedOpt = Annotated[int, typer.Option("--seed", "-s", min=0, max=2**64 - 1,
                                      help="Seed of the deal.")]
DealerOpt = Annotated[int, typer.Option("--dealer", min=0, max=3, help="Dealer's seat.")]


def _show_version(value: bool) -> None:
    if value:
        typer.echo(f"sixtysix_solver {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[bool, typer.Option(
        "--version", is_eager=True, callback=_show_version, help="Print the version and exit.",
    )] = False,
) -> None:
    """Rules engine and solver for Sixty-Six, Schnapsen and their family."""


def fail(err: Exception | str, code: int = EXIT_INPUT) -> typer.Exit:
    """One line ``sixtysix: error: ...`` on standard error; raise the returned exit."""
    error_line(str(err))
    return typer.Exit(code)


def write_file(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` (the whole file), or fail with one line naming the file."""
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as err:
        raise fail(f"cannot write {path}: {err.strerror}") from None


def interrupted() -> typer.Exit:
    """Ctrl-C stopped a search: one line on standard error, exit status 130 (as shells use)."""
    typer.echo("interrupted", err=True)
    return typer.Exit(EXIT_INTERRUPTED)


def check_time_limit(time_limit: float | None) -> None:
    """``--time-limit``: none, or finite positive seconds."""
    if time_limit is not None and not (math.isfinite(time_limit) and time_limit > 0):
        raise SixtySixError(f"--time-limit must be positive seconds, got {time_limit}")


def read_stdin(what: str) -> str:
    """Standard input as text (``-`` for a file or a position), or a clear error."""
    try:
        return sys.stdin.read()
    except UnicodeDecodeError:
        raise SixtySixError(f"standard input is not UTF-8 text (expected {what})") from None


def parse_override_options(items: list[str]) -> dict[str, object]:
    """Knob overrides from repeated ``--set knob=value`` options."""
    from ..rules.profiles import parse_overrides

    return parse_overrides(",".join(items))

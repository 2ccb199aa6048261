"""What every ``sixtysix`` command shares: the Typer app, the console, common options and the
one way to fail (one line on standard error, an exit code)."""

from __future__ import annotations

from typing import Annotated, TYPE_CHECKING

import typer
from rich.console import Console
from rich.markup import escape

from ..errors import SixtySixError

if TYPE_CHECKING:  # imported where used, so that the command line starts fast
    pass

__all__ = [
    "DealerOpt", "ProfileOpt", "SeedOpt", "app", "check_time_limit", "console", "fail",
    "interrupted", "parse_override_options",
]

app = typer.Typer(
    help="Rules engine and solver for Sixty-Six, Schnapsen and their family.",
    no_args_is_help=True,
    add_completion=False,
)
console = Console()

ProfileOpt = Annotated[str, typer.Option("--profile", "-p", help="Profile name (see `profiles`).")]
SeedOpt = Annotated[int, typer.Option("--seed", "-s", min=0, help="Seed of the deal.")]
DealerOpt = Annotated[int, typer.Option("--dealer", min=0, help="Dealer's seat.")]


def fail(err: Exception | str, code: int = 2) -> typer.Exit:
    console.print(f"[red]error:[/red] {escape(str(err))}", soft_wrap=True)
    return typer.Exit(code)



def interrupted() -> typer.Exit:
    """Ctrl-C stopped a search: one line on standard error, exit status 130 (as shells use)."""
    typer.echo("interrupted", err=True)
    return typer.Exit(130)


def check_time_limit(time_limit: float | None) -> None:
    """``--time-limit``: none, or positive seconds."""
    if time_limit is not None and not time_limit > 0:
        raise SixtySixError(f"--time-limit must be positive seconds, got {time_limit}")


def parse_override_options(items: list[str]) -> dict[str, object]:
    """Knob overrides from repeated ``--set knob=value`` options."""
    from ..rules.profiles import parse_overrides

    return parse_overrides(",".join(items))

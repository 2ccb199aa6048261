"""``sixtysix solve``: every legal action's exact value with open cards, the best ones, the
principal variation, nodes and time."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from enum import Enum
from typing import Annotated, TYPE_CHECKING

import typer
from rich.markup import escape
from rich.table import Table

from ..errors import SixtySixError
from .common import (
    DealerOpt, app, check_time_limit, console, fail, interrupted, parse_override_options,
)

if TYPE_CHECKING:  # imported where used, so that the command line starts fast
    from ..rules.actions import Action
    from ..rules.game import Game


@contextmanager
def _progress(show: bool) -> Iterator[None]:
    """A spinner and the time so far on a terminal's standard error while a solve runs (the
    solve releases the GIL, so the spinner's thread keeps it moving); nothing when piped."""
    if not show or not sys.stderr.isatty():
        yield
        return
    from rich.console import Console
    from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    with Progress(SpinnerColumn(), TextColumn("solving (Ctrl-C stops)"), TimeElapsedColumn(),
                  console=Console(stderr=True), transient=True) as bar:
        bar.add_task("solve", total=None)
        yield


class ObjectiveName(str, Enum):
    """The solver's objectives (see :mod:`sixtysix_solver.rules.solve`)."""

    game_points = "game_points"
    win = "win"
    card_points = "card_points"


def _solve_input(
    position: str | None, profile: str | None, seed: int | None, dealer: int,
    set_: list[str] | None,
) -> Game:
    """The game to solve: a position in notation, or a fresh seeded deal."""
    from ..rules.game import Game
    from ..rules.profiles import get_profile

    from ..notation.position import parse_position

    if position is not None:
        if seed is not None or profile is not None or set_:
            raise SixtySixError(
                "give either a position or --seed (with --profile/--set) for a fresh deal, "
                "not both"
            )
        if position == "-":  # the position on standard input (for pipes and programs)
            position = sys.stdin.read()
        if not position.strip():
            raise SixtySixError("empty position: expected notation such as "
                                "'schnapsen dealer=0 turn=1:lead trump=QH hands=... stock=...'")
        return parse_position(position)
    if seed is None:
        raise SixtySixError(
            "nothing to solve: give a position (in quotes) or --seed S [--profile P] for a deal"
        )
    prof = get_profile(profile or "sixty-six", **parse_override_options(set_ or []))
    return Game.deal(prof, seed=seed, dealer=dealer)


def _seats_line(game: Game, actions: tuple[Action, ...]) -> list[tuple[int, str]]:
    """The actions of a line with the seat that plays each (``seat:action``)."""
    replay = game.clone()
    out: list[tuple[int, str]] = []
    for a in actions:
        seat = replay.to_act
        if seat is None or not replay.is_legal(a):  # cannot happen for a solver line
            break
        replay.apply(a)
        out.append((seat, str(a)))
    return out


@app.command()
def solve(
    position: Annotated[
        str | None,
        typer.Argument(help="A position in the one-line notation (docs/notation.md), quoted; "
                      "- reads it from standard input."),
    ] = None,
    profile: Annotated[
        str | None, typer.Option("--profile", "-p", help="Profile of a fresh deal (with --seed).")
    ] = None,
    seed: Annotated[
        int | None, typer.Option("--seed", "-s", min=0, help="Solve this seeded deal.")
    ] = None,
    dealer: DealerOpt = 0,
    set_: Annotated[
        list[str] | None, typer.Option("--set", help="Knob override for a fresh deal.")
    ] = None,
    objective: Annotated[
        ObjectiveName, typer.Option("--objective", "-o", help="What the values measure.")
    ] = ObjectiveName.game_points,
    tt_mib: Annotated[
        int, typer.Option("--tt-mib", min=1, max=65536, help="Transposition table size, MiB.")
    ] = 64,
    node_limit: Annotated[
        int | None, typer.Option("--node-limit", min=1,
                                 help="Stop after about this many nodes: the bounds proven so far.")
    ] = None,
    time_limit: Annotated[
        float | None, typer.Option("--time-limit",
                                   help="Stop after this many seconds: the bounds proven so far.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
) -> None:
    """Solve a position exactly (open cards): every legal action's value for the side to act,
    the best actions, the principal variation, nodes and time. A limit that stops the search
    first gives the bounds proven so far (lo..hi); Ctrl-C stops it (exit status 130)."""
    from ..notation.position import format_position
    from ..rules.solve import Solver

    try:
        check_time_limit(time_limit)
        game = _solve_input(position, profile, seed, dealer, set_)
        if game.is_over:
            raise SixtySixError("the hand is over: there is nothing to solve")
        text = format_position(game)
        with _progress(not as_json):
            result = Solver(tt_mib).solve(
                game, objective=objective.value, actions=True, pv=True,
                node_limit=node_limit, time_limit=time_limit,
            )
    except KeyboardInterrupt:
        raise interrupted() from None
    except SixtySixError as err:
        raise fail(err) from None

    bounds = {av.action.code: (av.lower, av.upper) for av in result.actions}
    legal = game.legal_actions()
    best = {a.code for a in result.best}
    # Best first, then by value (bounds: lower, then upper), then in the order of the legal actions.
    order = sorted(legal, key=lambda a: (-bounds[a.code][0], -bounds[a.code][1])
                   if a.code in bounds else (1 << 30, 0))
    line = _seats_line(game, result.pv)
    if game.players == 4:
        who = f"side {result.side} (player {result.player} to act, and partner)"
    elif game.players == 3:
        who = f"player {result.player} (to act) against the other two"
    else:
        who = f"player {result.player} (to act)"

    if as_json:
        # The schema's SolveResult (docs/schema.md), and who plays each action of the pv.
        data = {"position": text, **result.to_dict(), "pv_seats": [seat for seat, _ in line]}
        data["actions"] = sorted(data["actions"], key=lambda a: (-a["lower"], -a["upper"]))
        typer.echo(json.dumps(data))
        return

    console.print(f"position: {escape(text)}", soft_wrap=True)
    console.print(
        f"objective: {result.objective}; values for {who}, higher is better"
    )
    table = Table("action", "value", "best")
    for a in order:
        mark = "*" if a.code in best else ""
        lo, hi = bounds.get(a.code, (None, None))
        shown = "-" if lo is None else str(lo) if lo == hi else f"{lo}..{hi}"
        table.add_row(str(a), shown, mark, style="bold" if mark else None)
    console.print(table)
    if any(a.code not in bounds for a in legal):
        console.print("-: claims are ignored under card_points (every card is played)")
    console.print(
        "principal variation: " + (" ".join(f"{seat}:{act}" for seat, act in line) or "-"),
        soft_wrap=True,
    )
    shown = str(result.value) if result.exact else f"{result.lower}..{result.upper}"
    console.print(
        f"value: {shown}   nodes: {result.nodes}   time: {result.seconds:.3f} s"
    )
    if result.stopped:
        console.print(f"{result.stopped}: the bounds proven so far "
                      "(raise --node-limit or --time-limit)")

"""The ``sixtysix`` command line: profiles, seeded deals, random games, perft, exact solves
(advice for a hidden-card view: :mod:`sixtysix_solver.cli_advice`)."""

from __future__ import annotations

import json
import random
import sys
import time
from enum import Enum
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from . import __version__
from .actions import Action
from .agents import random_action
from .cards import format_cards
from .errors import SearchLimitError, SixtySixError
from .game import Game
from .profiles import PROFILES, get_profile, parse_overrides

app = typer.Typer(
    help="Rules engine and solver for Sixty-Six, Schnapsen and their family.",
    no_args_is_help=True,
    add_completion=False,
)
console = Console()

ProfileOpt = Annotated[str, typer.Option("--profile", "-p", help="Profile name (see `profiles`).")]
SeedOpt = Annotated[int, typer.Option("--seed", "-s", min=0, help="Seed of the deal.")]
DealerOpt = Annotated[int, typer.Option("--dealer", min=0, help="Dealer's seat.")]


def _fail(err: Exception | str, code: int = 2) -> typer.Exit:
    console.print(f"[red]error:[/red] {escape(str(err))}", soft_wrap=True)
    return typer.Exit(code)


@app.command()
def version() -> None:
    """Print the version."""
    console.print(f"sixtysix_solver {__version__}")


@app.command()
def profiles() -> None:
    """List every rule profile with a one-line description."""
    table = Table("profile", "players", "cards", "description", "seeds")
    for p in PROFILES.values():
        table.add_row(p.name, str(p.players), str(p.deck_size), p.description, p.seeds)
    console.print(table)


@app.command()
def profile(
    name: Annotated[str, typer.Argument(help="Profile name.")],
    set_: Annotated[
        list[str] | None, typer.Option("--set", help="Override a knob: --set target=100.")
    ] = None,
) -> None:
    """Show every knob of one profile (with optional overrides, validated)."""
    try:
        prof = get_profile(name, **_parse_overrides(set_ or []))
    except SixtySixError as err:
        raise _fail(err) from None
    table = Table("knob", "value", title=f"{prof.name}: {prof.description}")
    for key, value in prof.knobs().items():
        table.add_row(key, str(value))
    table.add_row("stock_size (derived)", str(prof.stock_size))
    console.print(table)


def _parse_overrides(items: list[str]) -> dict[str, object]:
    return parse_overrides(",".join(items))


def _show_game(game: Game) -> None:
    f = game.fields()
    table = Table("seat", "hand", "known to all", "tricks", "score", title=f"{game.profile.name}")
    scores = game.scores()
    for p, hand in enumerate(game.hands):
        side = p % 2 if game.players == 4 else p
        table.add_row(
            f"{p}{' (dealer)' if p == f['dealer'] else ''}",
            format_cards(hand),
            format_cards(game.fields_cards("known", p)),
            str(game.tricks_won()[p]),
            str(scores[side]),
        )
    console.print(table)
    console.print(f"trump card: {game.trump_card}   stock (top first): "
                  f"{format_cards(game.stock, keep_order=True)}")
    if f["aside"]:
        console.print(f"dead hand: {format_cards(game.fields_cards('aside'))}")


@app.command()
def deal(
    profile: ProfileOpt = "sixty-six", seed: SeedOpt = 1, dealer: DealerOpt = 0
) -> None:
    """Show a seeded deal and its position notation."""
    from .notation import format_position

    try:
        game = Game.deal(profile, seed=seed, dealer=dealer)
    except SixtySixError as err:
        raise _fail(err) from None
    _show_game(game)
    console.print(f"to act: player {game.to_act}")
    console.print(f"position: {escape(format_position(game))}", soft_wrap=True)


@app.command("random-game")
def random_game(
    profile: ProfileOpt = "sixty-six",
    seed: SeedOpt = 1,
    dealer: DealerOpt = 0,
    uniform: Annotated[
        bool, typer.Option(help="Pick uniformly among all legal actions, false claims included.")
    ] = False,
    record: Annotated[
        Path | None, typer.Option(help="Write the game record to this file.")
    ] = None,
) -> None:
    """Play one seeded random legal hand and print every action and the result."""
    try:
        game = Game.deal(profile, seed=seed, dealer=dealer)
    except SixtySixError as err:
        raise _fail(err) from None
    rng = random.Random(seed)
    _show_game(game)
    while not game.is_over:
        p, phase = game.to_act, game.phase
        a = random_action(game, rng, uniform=uniform)
        game.apply(a)
        console.print(f"  player {p} ({phase}): [bold]{a}[/bold]")
    res = game.result
    assert res is not None
    console.print(f"scores {game.scores()}  tricks {game.tricks_won()}")
    console.print(
        f"result: {res.reason}; game points per side {list(res.points)}; carry {res.carry_out}"
    )
    if record is not None:
        from .record import format_record

        record.write_text(format_record(game), encoding="utf-8")
        console.print(f"record written to {record}")


@app.command()
def perft(
    depth: Annotated[int, typer.Argument(min=0, max=64, help="Number of actions.")],
    profile: ProfileOpt = "sixty-six",
    seed: SeedOpt = 1,
    dealer: DealerOpt = 0,
) -> None:
    """Count the action sequences of a given length from a seeded deal (and time it)."""
    try:
        game = Game.deal(profile, seed=seed, dealer=dealer)
    except SixtySixError as err:
        raise _fail(err) from None
    t0 = time.perf_counter()
    n = game.perft(depth)
    dt = time.perf_counter() - t0
    console.print(f"perft({depth}) = {n}   ({dt:.3f} s)")


class ObjectiveName(str, Enum):
    """The solver's objectives (see :mod:`sixtysix_solver.solve`)."""

    game_points = "game_points"
    win = "win"
    card_points = "card_points"


def _solve_input(
    position: str | None, profile: str | None, seed: int | None, dealer: int,
    set_: list[str] | None,
) -> Game:
    """The game to solve: a position in notation, or a fresh seeded deal."""
    from .notation import parse_position

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
    prof = get_profile(profile or "sixty-six", **_parse_overrides(set_ or []))
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
        int | None, typer.Option("--node-limit", min=1, help="Give up after this many nodes.")
    ] = None,
    time_limit: Annotated[
        float | None, typer.Option("--time-limit", help="Give up after this many seconds.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
) -> None:
    """Solve a position exactly (open cards): every legal action's value for the side to act,
    the best actions, the principal variation, nodes and time."""
    from .notation import format_position
    from .solve import Solver

    try:
        if time_limit is not None and not time_limit > 0:
            raise SixtySixError(f"--time-limit must be positive seconds, got {time_limit}")
        game = _solve_input(position, profile, seed, dealer, set_)
        if game.is_over:
            raise SixtySixError("the hand is over: there is nothing to solve")
        text = format_position(game)
        result = Solver(tt_mib).solve(
            game, objective=objective.value, actions=True, pv=True,
            node_limit=node_limit, time_limit=time_limit,
        )
    except SearchLimitError as err:
        raise _fail(f"{err}: no exact value (raise --node-limit or --time-limit)", 3) from None
    except SixtySixError as err:
        raise _fail(err) from None

    values = {av.action.code: av.value for av in result.actions}
    legal = game.legal_actions()
    best = {a.code for a in result.best}
    # Best first, then by value, then in the order of the legal actions.
    order = sorted(legal, key=lambda a: (-values[a.code] if a.code in values else 1 << 30))
    line = _seats_line(game, result.pv)
    if game.players == 4:
        who = f"side {result.side} (player {result.player} to act, and partner)"
    elif game.players == 3:
        who = f"player {result.player} (to act) against the other two"
    else:
        who = f"player {result.player} (to act)"

    if as_json:
        data = {
            "position": text,
            "objective": result.objective,
            "player": result.player,
            "side": result.side,
            "value": result.value,
            "actions": [
                {"action": str(a), "value": values.get(a.code), "best": a.code in best}
                for a in order
            ],
            "best": [str(a) for a in result.best],
            "pv": [{"seat": seat, "action": act} for seat, act in line],
            "nodes": result.nodes,
            "seconds": result.seconds,
        }
        typer.echo(json.dumps(data))
        return

    console.print(f"position: {escape(text)}", soft_wrap=True)
    console.print(
        f"objective: {result.objective}; values for {who}, higher is better"
    )
    table = Table("action", "value", "best")
    for a in order:
        v = values.get(a.code)
        mark = "*" if a.code in best else ""
        shown = "-" if v is None else str(v)
        table.add_row(str(a), shown, mark, style="bold" if mark else None)
    console.print(table)
    if any(a.code not in values for a in legal):
        console.print("-: claims are ignored under card_points (every card is played)")
    console.print(
        "principal variation: " + (" ".join(f"{seat}:{act}" for seat, act in line) or "-"),
        soft_wrap=True,
    )
    console.print(
        f"value: {result.value}   nodes: {result.nodes}   time: {result.seconds:.3f} s"
    )


def main() -> None:
    app()


# `recommend` and `close` live in their own module, which adds them to `app`.
from . import cli_advice  # noqa: E402, F401
from . import cli_play  # noqa: E402, F401
from . import cli_arena  # noqa: E402, F401
from . import cli_engine  # noqa: E402, F401


if __name__ == "__main__":
    main()

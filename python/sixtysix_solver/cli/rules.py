"""``sixtysix version``, ``profiles``, ``profile``, ``deal``, ``random-game`` and ``perft``: the
rules without search."""

from __future__ import annotations

import random
import time
from enum import Enum
from pathlib import Path
from typing import Annotated, TYPE_CHECKING

import typer
from rich.markup import escape
from rich.table import Table

from .._version import __version__
from ..errors import SixtySixError

from .common import (
    DealerOpt, ProfileOpt, SeedOpt, app, console, fail, parse_override_options, write_file,
)

if TYPE_CHECKING:  # imported where used, so that the command line starts fast
    from ..rules.game import Game


@app.command()
def version() -> None:
    """Print the version."""
    console.print(f"sixtysix_solver {__version__}")


@app.command()
def profiles() -> None:
    """List every rule profile with a one-line description."""
    from ..rules.profiles import PROFILES

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
    from ..rules.profiles import get_profile

    try:
        prof = get_profile(name, **parse_override_options(set_ or []))
    except SixtySixError as err:
        raise fail(err) from None
    table = Table("knob", "value", title=f"{prof.name}: {prof.description}")
    for key, value in prof.knobs().items():
        table.add_row(key, str(value))
    table.add_row("stock_size (derived)", str(prof.stock_size))
    console.print(table)


def _show_game(game: Game) -> None:
    from ..rules.cards import format_cards

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
    from ..rules.game import Game

    from ..notation.position import format_position

    try:
        game = Game.deal(profile, seed=seed, dealer=dealer)
    except SixtySixError as err:
        raise fail(err) from None
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
    from ..rules.game import Game
    from ..rules.random_play import random_action

    try:
        game = Game.deal(profile, seed=seed, dealer=dealer)
    except SixtySixError as err:
        raise fail(err) from None
    if record is not None:
        write_file(record, "")  # fail now, not after the hand, when the file cannot be written
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
        from ..notation.record import format_record

        write_file(record, format_record(game))
        console.print(f"record written to {record}")


@app.command()
def perft(
    depth: Annotated[int, typer.Argument(min=0, max=64, help="Number of actions.")],
    profile: ProfileOpt = "sixty-six",
    seed: SeedOpt = 1,
    dealer: DealerOpt = 0,
) -> None:
    """Count the action sequences of a given length from a seeded deal (and time it)."""
    from ..rules.game import Game

    try:
        game = Game.deal(profile, seed=seed, dealer=dealer)
    except SixtySixError as err:
        raise fail(err) from None
    t0 = time.perf_counter()
    n = game.perft(depth)
    dt = time.perf_counter() - t0
    console.print(f"perft({depth}) = {n}   ({dt:.3f} s)")


class ObjectiveName(str, Enum):
    """The solver's objectives (see :mod:`sixtysix_solver.rules.solve`)."""

    game_points = "game_points"
    win = "win"
    card_points = "card_points"

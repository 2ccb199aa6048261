"""``sixtysix play`` (a match against the engine in the terminal) and ``sixtysix review`` (the
engine's verdict on every decision of one seat in a record)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from collections.abc import Sequence
from typing import Annotated, Any, TYPE_CHECKING

import typer
from rich.markup import escape
from rich.table import Table

from .common import app, console, fail, read_stdin, write_file
from ..errors import SixtySixError

if TYPE_CHECKING:  # imported where used, so that the command line starts fast
    from ..rules.actions import Action
    from ..rules.game import Game

if TYPE_CHECKING:  # imported where used, so that the command line starts fast
    from ..play.review import Decision
    from ..knowledge.view import View



def engine_move(game: Game, level: int, seed: int) -> Action:
    """The engine's choice for the player to act, from that player's view only: the arena's
    ``engine:LEVEL`` (its worlds, time cap and closing rule) on every core."""
    import os

    from ..agents.engine import EngineAgent
    from ..knowledge.view import View

    seat = game.to_act
    assert seat is not None
    agent = EngineAgent(level, seed=seed, threads=min(os.cpu_count() or 1, 256))
    return agent.act(View.from_game(game, seat))


def _card(code: int) -> str:
    from ..rules.cards import Card

    return str(Card.from_code(code))


def match_text(match: Sequence[int], you: int) -> str:
    """The match score, your side first: ``3:5`` with two sides, ``you 3, seat 1 5, seat 2 0``
    with three players."""
    if len(match) == 2:
        return f"{match[you]}:{match[1 - you]}"
    return ", ".join(("you" if s == you else f"seat {s}") + f" {m}" for s, m in enumerate(match))


def show(view: View, match: Sequence[int], target: int, you: int) -> None:
    """What the human seat knows: hand, trump, stock, trick, scores, match (``match``: one
    number per side)."""
    from ..rules.cards import Card, format_cards

    trump = _card(view.trump_card)
    stock = f"{view.stock_size} cards" + (
        f", face up {_card(view.face_up)}" if view.face_up is not None and view.stock_size else ""
    )
    if view.closed_by is not None:
        stock += f" (closed by seat {view.closed_by})"
    trick = " ".join(_card(c) for c in view.trick) or "-"
    scores = view.scores()
    stock_text = f"[bold]stock[/bold] {stock}   " if view.profile.stock_size else ""
    console.print(
        f"[bold]trump[/bold] {trump}   {stock_text}[bold]trick[/bold] {trick}   "
        f"[bold]points[/bold] " + " / ".join(str(s) for s in scores) +
        f"   [bold]match[/bold] {match_text(match, view.side(you))} (to {target})"
    )
    console.print(f"[bold]your hand[/bold] (seat {you}): "
                  f"{format_cards([Card.from_code(c) for c in view.hand])}")


def ask(game: Game, level: int, seed: int) -> Action | None:
    """The human's action (notation, or its number in the list); ``None`` to quit."""
    legal = game.legal_actions()
    while True:
        menu = "  ".join(f"{i}:{a}" for i, a in enumerate(legal, 1))
        text = typer.prompt(f"your move [{menu}] (hint, quit)").strip()
        if text.lower() in ("quit", "q", "exit"):
            return None
        if text.lower() in ("hint", "h", "?"):
            a = engine_move(game, max(level, 3), seed)
            console.print(f"hint: {a}")
            continue
        if text.isdigit() and 1 <= int(text) <= len(legal):
            return legal[int(text) - 1]
        try:
            return game.parse_action(text)
        except SixtySixError as e:
            console.print(f"[red]{escape(str(e))}[/red]")


@app.command()
def play(
    profile: Annotated[str, typer.Option("--profile", "-p", help="Profile name.")] = "sixty-six",
    level: Annotated[int, typer.Option("--level", "-l", min=1, max=5,
                                       help="Engine strength 1-5 (worlds per move).")] = 3,
    seat: Annotated[int, typer.Option("--seat", min=0, max=3, help="Your seat.")] = 0,
    seed: Annotated[int, typer.Option("--seed", "-s", min=0, max=2**64 - 1,
                                      help="Seed of the deals.")] = 0,
    record: Annotated[Path | None, typer.Option(
        "--record", help="Write the match record here (default sixtysix-match-SEED.txt).")
    ] = None,
    save: Annotated[Path | None, typer.Option("--save", hidden=True,
                                              help="The old name of --record.")] = None,
    watch: Annotated[bool, typer.Option("--watch", help="The engine plays your seat too.")] = False,
) -> None:
    """Play a match against the engine: your hand, trump, stock, trick, points and match score
    are shown; type an action (AS, 10H, close, marry-H, claim...) or its number."""
    from ..rules.game import Game
    from ..rules.profiles import get_profile

    from ..knowledge.view import View
    from ..notation.record import format_match_record
    from .narrate import narrate

    try:
        prof = get_profile(profile)
        if seat >= prof.players:
            raise SixtySixError(f"--seat must be below {prof.players}")
        if record is not None and save is not None:
            raise SixtySixError("give --record (or its old name --save), not both")
    except SixtySixError as err:
        raise fail(err) from None
    path = record or save or Path(f"sixtysix-match-{seed}.txt")
    write_file(path, "")  # fail now, not after the first hand, when the file cannot be written
    rng = random.Random(seed)
    you_side = prof.side(seat)
    match = [0] * prof.sides
    games: list[Game] = []
    dealer, carry = prof.players - 1 if seat == 0 else 0, 0
    target = prof.match_target
    while (winner := prof.match_winner(match)) is None:
        game = Game.deal(prof, seed=rng.randrange(2**32), dealer=dealer, carry=carry)
        game.match_score = tuple(match)
        games.append(game)
        console.rule(f"hand {len(games)}: seat {dealer} deals")
        while not game.is_over:
            p = game.to_act
            assert p is not None
            if p == seat and not watch:
                show(View.from_game(game, seat), match, target, seat)
                a = ask(game, level, rng.randrange(2**32))
                if a is None:
                    write_file(path, format_match_record(games) + "\n")
                    console.print(f"match saved to {path}")
                    raise typer.Exit(0)
            else:
                a = engine_move(game, level, rng.randrange(2**32))
                who = "you (engine)" if p == seat else f"seat {p}"
                console.print(f"{who}: {a}")
            before = game.clone()
            game.apply(a)
            for line in narrate(before, game, a, seat):
                console.print(line)
        r = game.result
        assert r is not None
        match = [m + x for m, x in zip(match, r.points)]
        carry = r.carry_out
        console.print(f"hand over ({r.reason}): game points {'/'.join(map(str, r.points))}; "
                      f"match {':'.join(map(str, match))}")
        write_file(path, format_match_record(games) + "\n")
        dealer = (dealer + 1) % prof.players
    won = winner == you_side
    verdict = ("you win" if won else "the engine wins" if prof.sides == 2
               else f"seat {winner} (the engine) wins")
    console.print(f"[bold]{verdict}[/bold] the match "
                  f"{match_text(match, you_side)}; record saved to {path}")


def _decision_json(d: Decision) -> dict[str, Any]:
    return {
        "hand": d.hand, "move": d.move, "seat": d.seat, "taken": str(d.taken.action),
        "taken_ev": d.taken.mean, "best": str(d.best.action), "best_ev": d.best.mean,
        "cost": d.cost, "taken_p_win": d.taken.win, "best_p_win": d.best.win,
        "worlds": d.worlds, "exact": d.exact,
    }


@app.command()
def review(
    record: Annotated[Path, typer.Argument(help="A game or match record (- for stdin).",
                                           allow_dash=True)],
    seat: Annotated[int, typer.Option("--seat", min=0, max=3, help="Whose decisions.")] = 0,
    worlds: Annotated[int, typer.Option("--worlds", "-w", min=1, max=10_000_000,
                                        help="Worlds per decision.")] = 200,
    seed: Annotated[int, typer.Option("--seed", min=-(2**63), max=2**63 - 1,
                                      help="Seed of the worlds.")] = 0,
    top: Annotated[int, typer.Option("--top", min=1, help="Mistakes in the summary.")] = 5,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Replay a record and judge every decision of one seat: the action taken against the best
    one (expected game points over the same worlds) and the cost, then the biggest mistakes."""
    from ..notation.record import parse_match_record
    from ..play.review import review_match, worst


    try:
        text = read_stdin("a game record") if str(record) == "-" else record.read_text(encoding="utf-8")
        games = parse_match_record(text)
        if seat >= games[0].players:
            raise SixtySixError(f"--seat must be below {games[0].players}")
        decisions = review_match(games, seat, worlds=worlds, seed=seed)
    except OSError as err:
        raise fail(f"cannot read {record}: {err.strerror}") from None
    except UnicodeDecodeError:
        raise fail(f"cannot read {record}: not UTF-8 text (expected a game record)") from None
    except SixtySixError as err:
        raise fail(err) from None
    bad = worst(decisions, top)
    total = sum(d.cost for d in decisions)
    if as_json:
        typer.echo(json.dumps({
            "seat": seat, "hands": len(games), "decisions": [_decision_json(d) for d in decisions],
            "total_cost": total, "worst": [_decision_json(d) for d in bad],
        }))
        return
    table = Table("hand", "move", "taken", "EV", "best", "best EV", "cost")
    for d in decisions:
        style = "red" if d.cost >= 0.1 else None
        table.add_row(str(d.hand + 1), str(d.move + 1), str(d.taken.action),
                      f"{d.taken.mean:+.2f}", str(d.best.action), f"{d.best.mean:+.2f}",
                      f"{d.cost:.2f}", style=style)
    console.print(table)
    console.print(f"seat {seat}: {len(decisions)} decisions in {len(games)} hand(s), "
                  f"{sum(d.was_best for d in decisions)} best; expected game points given away "
                  f"{total:.2f}")
    if bad:
        console.print("biggest mistakes: " + "; ".join(
            f"hand {d.hand + 1} move {d.move + 1}: {d.taken.action} instead of "
            f"{d.best.action} (-{d.cost:.2f})" for d in bad))

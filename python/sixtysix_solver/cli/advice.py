"""``sixtysix recommend`` and ``sixtysix close``: advice for the player to act from a view
(what that player knows), with a progress bar for long runs and ``--json`` for programs."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from enum import Enum
from typing import Annotated, Any, TYPE_CHECKING

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from .common import (
    DealerOpt, app, check_time_limit, console, fail, interrupted, parse_override_options,
    read_stdin,
)
from ..errors import SixtySixError
from .hand_input import HandOpt, SeatOpt, SeenOpt, TrumpOpt, read_hand

if TYPE_CHECKING:  # imported where used, so that the command line starts fast
    from ..rules.game import Game

if TYPE_CHECKING:  # imported where used, so that the command line starts fast
    from ..advice.recommend import ActionStats, Recommendation
    from ..knowledge.view import View

ViewArg = Annotated[
    str | None,
    typer.Argument(
        help="A view (docs/views.md) or a full position (docs/notation.md), quoted; - reads "
        "standard input."
    ),
]
ProfileOpt = Annotated[
    str | None, typer.Option("--profile", "-p", help="Profile of a seeded random game.")
]
DealOpt = Annotated[
    int | None,
    typer.Option("--deal", min=0, max=2**64 - 1,
                 help="Advise in a seeded random game (with --moves) instead."),
]
MovesOpt = Annotated[
    int, typer.Option("--moves", min=0, max=1000,
                      help="Random actions played before advising (--deal).")
]
SetOpt = Annotated[list[str] | None, typer.Option("--set", help="Knob override (--deal).")]
# (no -s: that is the seed of a deal elsewhere; here the deal's seed is --deal)
SeedOpt = Annotated[int, typer.Option("--seed", min=-(2**63), max=2**63 - 1,
                                      help="Seed of the worlds sampled.")]
ThreadsOpt = Annotated[
    int | None, typer.Option("--threads", "-t", min=1, max=256, help="Solver threads.")
]
TimeOpt = Annotated[
    float | None, typer.Option("--time-limit", help="Stop after this many seconds.")
]
MAX_WORLDS = 10_000_000  # as the engine protocol's worlds option
JsonOpt = Annotated[bool, typer.Option("--json", help="Print the result as JSON.")]


def read_position(
    text: str | None, profile: str | None, deal: int | None, moves: int, dealer: int,
    set_: list[str] | None,
) -> tuple[View, Game | None]:
    """The view to advise on (view or position notation, ``-``: standard input; or the player
    to act in a seeded random game) and, for a seeded random game (which has a history), the
    game."""
    from ..rules.game import Game
    from ..rules.profiles import get_profile
    from ..rules.random_play import random_action

    from ..knowledge.view import View

    from ..notation.position import parse_position
    from ..knowledge.worlds import parse_view

    if text is not None:
        if deal is not None or profile is not None or set_:
            raise SixtySixError("give either a view/position or --deal (with --profile), not both")
        if text == "-":
            text = read_stdin("a view or a position")
        text = text.strip()
        if not text:
            raise SixtySixError("empty input: expected a view or a position in notation")
        if " seat=" in f" {text}":
            return parse_view(text), None
        g = parse_position(text)
        if g.to_act is None:
            raise SixtySixError("the hand is over: there is no decision to advise on")
        return View.from_game(g, g.to_act), None
    if deal is None:
        raise SixtySixError(
            "nothing to advise on: give a view (in quotes) or --deal N [--profile P --moves K]"
        )
    game = Game.deal(get_profile(profile or "sixty-six", **parse_override_options(set_ or [])),
                     seed=deal, dealer=dealer)
    rng = random.Random(deal)
    for _ in range(moves):
        if game.is_over:
            break
        game.apply(random_action(game, rng))
    if game.to_act is None:
        raise SixtySixError(f"the hand ended within {moves} random actions: use fewer --moves")
    return View.from_game(game, game.to_act), game


def read_input(
    text: str | None, profile: str | None, deal: int | None, moves: int, dealer: int,
    set_: list[str] | None, hand: str | None, trump: str | None, seat: int | None,
    seen: str | None, as_json: bool,
) -> tuple[View, Game | None]:
    """:func:`read_position`, or with ``--hand`` the hand as the player saw it (and its
    history); says in one line what it understood of a ``--hand`` (on standard error under
    ``--json``, whose standard output is JSON only)."""
    if hand is None:
        if trump is not None or seat is not None or seen is not None:
            raise SixtySixError("--trump, --seat and --seen describe a --hand: give --hand too")
        return read_position(text, profile, deal, moves, dealer, set_)
    if text is not None or deal is not None:
        raise SixtySixError("give one of a view/position, --deal or --hand")
    tracker, line = read_hand(hand, trump, seat, dealer, seen, profile,
                              parse_override_options(set_ or []))
    if as_json:
        typer.echo(line, err=True)
    else:
        console.print(escape(line), soft_wrap=True)
    return tracker.view, tracker.shadow()


ModelOpt = Annotated[
    str | None,
    typer.Option("--opponent-model", help="Weight the worlds by how likely the other players' "
                 "actions were: uniform, heuristic[:EPS] or expert[:EPS] (needs --deal: a view or "
                 "position has no history)."),
]


def _weighting(model_text: str | None, game: Game | None) -> dict[str, Any]:
    from ..advice.opponents import parse_opponent_model, weighting_for

    if game is None and model_text is not None and parse_opponent_model(model_text) is not None:
        raise SixtySixError("--opponent-model needs the hand's history: use --deal (a view or "
                            "a position has none)")
    return {} if game is None else weighting_for(model_text, game)


@contextmanager
def progress_bar(
    enabled: bool, total: int,
) -> Iterator[Callable[[str, Recommendation], None]]:
    """A progress bar on standard error while worlds are solved (only on a terminal)."""
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    err = Console(stderr=True)
    if not enabled or not err.is_terminal:
        yield lambda part, rec: None
        return
    with Progress(
        TextColumn("{task.description}"), BarColumn(), TextColumn("{task.completed} worlds"),
        TextColumn("{task.fields[best]}"), TimeElapsedColumn(), console=err, transient=True,
    ) as bar:
        tasks: dict[str, Any] = {}

        def update(part: str, rec: Recommendation) -> None:
            if part not in tasks:
                tasks[part] = bar.add_task(part, total=min(total, rec.total_worlds), best="")
            bar.update(tasks[part], completed=rec.worlds, best=f"best so far: {rec.best}")

        yield update


def _ci(s: ActionStats) -> str:
    return "exact" if s.ci is None else f"{s.ci[0]:+.2f} .. {s.ci[1]:+.2f}"


def _dist(s: ActionStats) -> str:
    return " ".join(f"{v:+d}:{p:.1%}" for v, p in s.distribution)


class Replies(str, Enum):
    """The club player whose replies ``--fallible`` plays against."""

    basic = "basic"
    expert = "expert"


@app.command("recommend")
def recommend_cmd(
    view_text: ViewArg = None,
    profile: ProfileOpt = None,
    deal: DealOpt = None,
    moves: MovesOpt = 0,
    dealer: DealerOpt = 0,
    set_: SetOpt = None,
    hand: HandOpt = None,
    trump: TrumpOpt = None,
    seat: SeatOpt = None,
    seen: SeenOpt = None,
    worlds: Annotated[int, typer.Option("--worlds", "-w", min=1, max=MAX_WORLDS,
                                        help="Most worlds.")] = 1000,
    seed: SeedOpt = 0,
    exact: Annotated[
        bool | None,
        typer.Option("--exact/--sample", help="Solve every world / always sample "
                     "(default: every world when at most --worlds fit)."),
    ] = None,
    time_limit: TimeOpt = None,
    stop_when_clear: Annotated[
        bool, typer.Option("--stop-when-clear", help="Stop once one action is clearly best.")
    ] = False,
    race: Annotated[
        bool, typer.Option("--race/--no-race", help="Stop valuing an action once it is clearly "
                           "behind the best (--no-race: every action in every world).")
    ] = True,
    match: Annotated[
        str | None,
        typer.Option("--match", help="Match score A:B (side 0 first): maximise the chance to "
                     "win the match to 7 instead of expected game points."),
    ] = None,
    threads: ThreadsOpt = None,
    opponent_model: ModelOpt = None,
    fallible: Annotated[
        float | None,
        typer.Option("--fallible", min=0.0, help="Also name the action, within this margin of "
                     "the best, that does best against an opponent who does not see your cards "
                     "(the basic club player's replies; two-player games of one deck)."),
    ] = None,
    replies: Annotated[
        Replies,
        typer.Option("--replies", help="Whose replies --fallible plays against: the basic club "
                     "player's rules or the full club player's (heuristic)."),
    ] = Replies.basic,
    as_json: JsonOpt = False,
) -> None:
    """Recommend an action for the player to act: every legal action's expected game points,
    chance to win the hand, outcome distribution and 95% interval over the same worlds."""
    from ..advice.fallible import fallible_choice, fallible_replies, whose_replies
    from ..advice.limits import SearchLimits
    from ..advice.recommend import club_replies, match_utility, recommend
    from ..knowledge.view import format_view

    try:
        check_time_limit(time_limit)
        view, game = read_input(view_text, profile, deal, moves, dealer, set_, hand, trump,
                                seat, seen, as_json)
        weighting = _weighting(opponent_model, game)
        utility = None
        if match is not None:
            parts = match.split(":")
            if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
                raise SixtySixError(f"--match needs two scores like 3:5, got {match!r}")
            utility = match_utility(view, (int(parts[0]), int(parts[1])))
        limits = SearchLimits(worlds=worlds, seed=seed, exact=exact, time_limit=time_limit,
                              stop_when_clear=stop_when_clear, threads=threads, race=race)
        start = time.perf_counter()
        with progress_bar(not as_json, worlds) as bar:
            rec = recommend(view, limits=limits, utility=utility,
                            on_progress=lambda r: bar("worlds", r), **weighting)
        pick = None
        if fallible is not None:  # a second search, in what is left of --time-limit
            until = None if time_limit is None else start + time_limit
            pick = fallible_choice(view, rec, rec.best, limits, fallible, utility=utility,
                                   until=until, replies=fallible_replies(
                                       fallible, view.profile.name, replies.value))
    except KeyboardInterrupt:
        raise interrupted() from None
    except SixtySixError as err:
        raise fail(err) from None

    ranked = rec.ranked()
    if as_json:
        # The schema's Recommendation (docs/schema.md), its actions best first.
        typer.echo(json.dumps({
            "view": format_view(view),
            "criterion": "match" if utility is not None else "ev",
            **rec.to_dict(),
            "actions": [s.to_dict() for s in ranked],
            **({} if pick is None else {"fallible": str(pick)}),
        }))
        return
    console.print(f"view: {escape(format_view(view))}", soft_wrap=True)
    how = "every world (exact)" if rec.exact else f"{rec.worlds} sampled worlds"
    values = {  # how the figures were obtained (Recommendation.method)
        "horizon": f"estimated game points for the seat's side, each world searched "
                   f"{rec.depth}+ tricks ahead with open cards (exact where the hand ends or "
                   "the stock is closed or used up within the search)",
        "rule": "none: the budget ended before one world was valued, and the choice is the "
                "club player's",
    }.get(rec.method, "game points for the seat's side with open cards in each world")
    if rec.method == "exact" and club_replies(view, limits):
        values = ("game points for the seat with open cards in each world, the others playing "
                  "the basic club player's rules")
    console.print(f"seat {rec.seat} to act; {how} of {rec.total_worlds:,}; values: {values}")
    raced = rec.valued is not None  # some action was left behind by the race: say where
    if raced:
        console.print("worlds: how many worlds valued each action (one clearly behind the "
                      "best leaves the race early)")
    table = Table("action", "EV", "95% CI", "P(win)", *(["P(match)"] if utility else []),
                  "outcomes", *(["worlds"] if raced else []), "best")
    for s in ranked:
        mark = "*" if s.action == rec.best else ""
        row = [str(s.action), f"{s.mean:+.3f}", _ci(s), f"{s.win:.1%}"]
        if utility:
            row.append(f"{s.utility:.1%}")
        row.append(_dist(s))
        if raced:
            row.append(str(rec.worlds_of(s.action)))
        table.add_row(*row, mark, style="bold" if mark else None)
    console.print(table)
    console.print(
        f"best: {rec.best}   worlds: {rec.worlds}   stopped: {rec.stopped}   "
        f"nodes: {rec.nodes:,}   time: {rec.seconds:.2f} s"
    )
    if rec.opponent_model:
        console.print(f"worlds weighted by the opponent model {rec.opponent_model}: "
                      f"{rec.ess:.1f} effective worlds, {rec.ruled_out} ruled out")
    if pick is not None:
        whose = whose_replies(fallible_replies(fallible, view.profile.name, replies.value))
        console.print(f"against a fallible opponent (within {fallible:g} of the best, "
                      f"{whose}): {pick}")


@app.command("close")
def close_cmd(
    view_text: ViewArg = None,
    profile: ProfileOpt = None,
    deal: DealOpt = None,
    moves: MovesOpt = 0,
    dealer: DealerOpt = 0,
    set_: SetOpt = None,
    hand: HandOpt = None,
    trump: TrumpOpt = None,
    seat: SeatOpt = None,
    seen: SeenOpt = None,
    worlds: Annotated[
        int, typer.Option("--worlds", "-w", min=1, max=MAX_WORLDS,
                          help="Sampled worlds for going on.")
    ] = 200,
    close_worlds: Annotated[
        int, typer.Option("--close-worlds", min=1, max=MAX_WORLDS,
                          help="Most worlds for closing (exact when at most this many fit).")
    ] = 100_000,
    seed: SeedOpt = 0,
    time_limit: TimeOpt = None,
    threads: ThreadsOpt = None,
    opponent_model: ModelOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Does closing win? Closing now (and after drawing, where one may close before drawing)
    against going on, over the worlds that fit the view, with a verdict."""
    from ..advice.closing import analyse_closing
    from ..advice.limits import SearchLimits
    from ..knowledge.view import format_view

    try:
        check_time_limit(time_limit)
        view, game = read_input(view_text, profile, deal, moves, dealer, set_, hand, trump,
                                seat, seen, as_json)
        weighting = _weighting(opponent_model, game)
        limits = SearchLimits(worlds=worlds, seed=seed, time_limit=time_limit, threads=threads)
        with progress_bar(not as_json, max(worlds, close_worlds)) as bar:
            a = analyse_closing(view, limits=limits, close_worlds=close_worlds,
                                on_progress=bar, **weighting)
    except KeyboardInterrupt:
        raise interrupted() from None
    except SixtySixError as err:
        raise fail(err) from None
    if as_json:
        typer.echo(json.dumps({"view": format_view(view), **a.to_dict()}))
        return
    console.print(f"view: {escape(format_view(view))}", soft_wrap=True)
    table = Table("option", "line", "EV", "95% CI", "P(win)", "outcomes", "worlds")
    for o in a.options:
        table.add_row(
            o.name, " ".join(map(str, o.line)), f"{o.mean:+.3f}", _ci(o.stats), f"{o.win:.1%}",
            _dist(o.stats), f"{o.worlds:,}" + (" (all)" if o.exact else f" of {o.total_worlds:,}"),
        )
    console.print(table)
    console.print(f"verdict: [bold]{a.verdict}[/bold]   time: {a.seconds:.2f} s")


"""``sixtysix arena``: duplicate matches between agents (two, or a round robin with an Elo
table), in parallel, resumable through a results file (:mod:`sixtysix_solver.play.arena`)."""

from __future__ import annotations

import json
import math
import sys
from enum import Enum
from pathlib import Path
from typing import Annotated, TYPE_CHECKING

import typer
from rich.table import Table

from .common import app, console, fail, parse_override_options
from ..errors import SixtySixError

if TYPE_CHECKING:  # imported where used, so that the command line starts fast
    from ..play.stats import EloRow, PairSummary


class Unit(str, Enum):
    """What one game is for the Elo fit."""

    match = "match"
    hand = "hand"


def _pct(x: float) -> str:
    return "-" if math.isnan(x) else f"{100 * x:.1f}%"


def _iv(low: float, high: float, fmt: str = ".3f") -> str:
    """A 95% interval; with too few duplicate pairs it is unbounded, and says so."""
    if not (math.isfinite(low) and math.isfinite(high)):
        return "(n/a)"  # (rich would read square brackets as markup)
    if fmt == "%":
        return f"[{_pct(low)}, {_pct(high)}]"
    return f"[{low:{fmt}}, {high:{fmt}}]"


def _pair_table(s: PairSummary) -> Table:
    if s.solo:
        return _solo_table(s)
    prof = s.profile + (f" ({s.overrides})" if s.overrides else "")
    table = Table("", s.a, s.b, title=(
        f"{s.a} vs {s.b}: {prof}, {s.pairs} duplicate matches ({s.matches} played), "
        f"{s.hands} hands"), caption="95% confidence intervals, paired by duplicate deal"
        + ("; n/a: one pair gives no interval" if s.pairs < 2 else ""))
    table.add_row("game points / hand",
                  f"{s.a_points.value:.3f} {_iv(s.a_points.low, s.a_points.high)}",
                  f"{s.b_points.value:.3f} {_iv(s.b_points.low, s.b_points.high)}")
    table.add_row("net game points / hand",
                  f"{s.net.value:+.3f} {_iv(s.net.low, s.net.high, '+.3f')}", "")
    draws = f", {s.hand_draws} drawn" if s.hand_draws else ""
    table.add_row("hands won", f"{s.hand_wins} = {_pct(s.hand_score.value)} "
                  f"{_iv(s.hand_score.low, s.hand_score.high, '%')}{draws}",
                  str(s.hand_losses))
    table.add_row("matches won", f"{s.a_wins} = {_pct(s.match_score.value)} "
                  f"{_iv(s.match_score.low, s.match_score.high, '%')}", str(s.b_wins))
    w2, w1, w0 = s.pair_results
    table.add_row("duplicate pairs", f"{w2} won 2-0, {w1} split 1-1", f"{w0} won 2-0")
    table.add_row("ms / decision", f"{s.a_ms_per_move:.1f}", f"{s.b_ms_per_move:.1f}")
    return table


def _solo_table(s: PairSummary) -> Table:
    """A solo profile (three-hand): ``a`` in one seat against ``b`` in every other, one leg
    with ``a`` in each seat; ``b``'s figures are per seat, the baseline is one in ``legs``."""
    prof = s.profile + (f" ({s.overrides})" if s.overrides else "")
    n = s.legs
    even = f"equal strength: {_pct(s.baseline)}"
    table = Table("", f"{s.a} (1 seat)", f"{s.b} (per seat, {n - 1} seats)", title=(
        f"{s.a} vs {s.b}: {prof}, {s.pairs} duplicate sets ({s.matches} played: {s.a} in "
        f"each of {n} seats), {s.hands} hands"),
        caption=f"95% confidence intervals, clustered by duplicate set; net: {s.a}'s game "
        f"points less the mean of {s.b}'s seats; hands won: {s.a}'s share of the game points "
        f"(a shared hand in part, a drawn one 1/{n})"
        + ("; n/a: one set gives no interval" if s.pairs < 2 else ""))
    table.add_row("game points / hand",
                  f"{s.a_points.value:.3f} {_iv(s.a_points.low, s.a_points.high)}",
                  f"{s.b_points.value:.3f} {_iv(s.b_points.low, s.b_points.high)}")
    table.add_row("net game points / hand",
                  f"{s.net.value:+.3f} {_iv(s.net.low, s.net.high, '+.3f')}", "")
    more = "".join(f", {k} {what}" for k, what in ((s.hand_shared, "shared"),
                                                   (s.hand_draws, "drawn")) if k)
    table.add_row(f"hands won ({even})", f"{_pct(s.hand_score.value)} "
                  f"{_iv(s.hand_score.low, s.hand_score.high, '%')}: {s.hand_wins} alone{more}",
                  f"{s.hand_losses} alone")
    table.add_row(f"matches won ({even})", f"{s.a_wins} = {_pct(s.match_score.value)} "
                  f"{_iv(s.match_score.low, s.match_score.high, '%')}", str(s.b_wins))
    counts = s.pair_results  # sets by legs a won: all n first, none last

    def split(won: int) -> str:
        return f"{won}-{n - won}"

    table.add_row("duplicate sets (legs won)", ", ".join(
        f"{c} {'won' if 2 * (n - i) > n else 'lost'} {split(n - i)}"
        for i, c in enumerate(counts[:-1])), f"{counts[-1]} won {split(n)}")
    table.add_row("ms / decision", f"{s.a_ms_per_move:.1f}", f"{s.b_ms_per_move:.1f}")
    return table


def _elo_table(rows: tuple[EloRow, ...], unit: str) -> Table:
    table = Table("#", "agent", "Elo", "± SE", "95% CI", f"{unit}es" if unit == "match"
                  else f"{unit}s", "score", title="Elo (maximum likelihood, mean 0)")
    for i, r in enumerate(rows, 1):
        table.add_row(str(i), r.name, f"{r.rating:+.0f}", f"{r.se:.0f}",
                      _iv(r.low, r.high, "+.0f"), str(r.games), _pct(r.score))
    return table


@app.command("arena")
def arena_command(
    agents: Annotated[list[str], typer.Argument(
        help="Agent specs: random, random:sensible=true, heuristic, engine:3 (level 1-5), "
        "engine:worlds=50, ismcts:iterations=200, ismcts:2, custom:factory=module.attr.")],
    profile: Annotated[str, typer.Option("--profile", "-p", help="Profile name.")] = "sixty-six",
    set_: Annotated[list[str] | None, typer.Option("--set", help="Knob override.")] = None,
    matches: Annotated[int, typer.Option(
        "--matches", "-n", min=1, max=1_000_000,
        help="Duplicate matches per pairing (each is played twice, seats swapped; in "
        "three-hand once with the first agent in each seat).")] = 10,
    seed: Annotated[int, typer.Option("--seed", "-s", min=0, max=2**64 - 1,
                                      help="Seed of the deals.")] = 0,
    workers: Annotated[int | None, typer.Option(
        "--workers", "-j", min=1, max=256,
        help="Local processes (default: the cores; 1: this one).")
    ] = None,
    results: Annotated[Path | None, typer.Option(
        "--results", help="Append each finished match to this JSON-lines file; matches "
        "already in it are not played again.")] = None,
    round_robin_: Annotated[bool, typer.Option(
        "--round-robin", help="Every two of the agents, and an Elo table.")] = False,
    unit: Annotated[Unit, typer.Option("--elo-unit", help="Elo over matches or hands.")
                    ] = Unit.match,
    max_hands: Annotated[int, typer.Option("--max-hands", min=1, max=1_000_000,
                                           help="Give up on a match after this many hands.")
                         ] = 500,
    progress: Annotated[bool | None, typer.Option(
        "--progress/--no-progress", help="Progress bar on stderr (default: on a terminal).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the results as JSON.")] = False,
) -> None:
    """Matches to the profile's match target between agents on duplicate deals: each match is
    played twice with the seats swapped on the same deals. Two agents: their results with 95%
    intervals; --round-robin: every pairing and an Elo table. In three-hand the first agent
    plays one seat and the second the other two, each match once with the first in each seat
    (no round robin)."""
    from ..rules.profiles import get_profile

    from ..agents import AgentSpec
    from ..play.arena import round_robin, arena as run_arena

    show = sys.stderr.isatty() if progress is None else progress
    try:
        prof = get_profile(profile, **parse_override_options(set_ or []))
        specs = [AgentSpec.parse(a) for a in agents]
        if round_robin_:
            t = round_robin(specs, profile=prof, matches=matches, seed=seed, workers=workers,
                            results=results, progress=show, max_hands=max_hands,
                            unit=unit.value)
            pairs, elo_rows = t.pairs, t.elo
        else:
            if len(specs) != 2:
                raise SixtySixError(f"give two agents (got {len(specs)}), or --round-robin")
            pairs = (run_arena(specs[0], specs[1], profile=prof, matches=matches, seed=seed,
                               workers=workers, results=results, progress=show,
                               max_hands=max_hands),)
            elo_rows = ()
    except OSError as err:
        raise fail(f"cannot use {results}: {err.strerror}") from None
    except SixtySixError as err:
        raise fail(err) from None
    if as_json:
        out: dict[str, object] = {"profile": prof.name, "seed": seed, "matches": matches,
                                  "pairs": [p.as_dict() for p in pairs]}
        if round_robin_:
            out["elo"] = [r.as_dict() for r in elo_rows]
            out["elo_unit"] = unit.value
        typer.echo(json.dumps(out))
        return
    for p in pairs:
        console.print(_pair_table(p))
    if round_robin_:
        console.print(_elo_table(elo_rows, unit.value))

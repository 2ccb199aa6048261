"""A record reviewed for the board: every decision of one seat with its cost, labelled by the
drop in the chance to win the hand (as chess sites label moves), and the seat's view at each
decision so that the page can show the board there.

>>> label(0.04), label(0.12), label(0.25), label(0.5)
(None, 'inaccuracy', 'mistake', 'blunder')
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..advice.limits import SearchLimits
from ..knowledge.view import View, format_view
from ..notation.record import format_match_record
from ..play.review import Decision, review_game
from ..rules.game import Game
from .analysis import Budget, stats_json
from .boards import view_board
from .searches import Search
from .setup import RequestError

__all__ = ["LABELS", "label", "review"]

#: The smallest drop in P(win) that earns each label (checked from the worst down).
LABELS = (("blunder", 0.30), ("mistake", 0.20), ("inaccuracy", 0.10))


def label(drop: float) -> str | None:
    """The label of a decision that lowered the chance to win the hand by ``drop``."""
    for name, least in LABELS:
        if drop >= least:
            return name
    return None


class _Halted(Exception):
    """The review's search was halted between two decisions."""


@dataclass(frozen=True)
class _Where:
    game: Game
    view: View


def _decision_json(d: Decision, where: _Where) -> dict[str, Any]:
    drop = max(0.0, d.best.win - d.taken.win)
    return {
        "hand": d.hand, "move": d.move, "seat": d.seat,
        "taken": str(d.taken.action), "best": str(d.best.action),
        "taken_ev": round(d.taken.mean, 6), "best_ev": round(d.best.mean, 6),
        "cost": round(d.cost, 6),
        "taken_p_win": round(d.taken.win, 6), "best_p_win": round(d.best.win, 6),
        "p_win_drop": round(drop, 6), "label": None if d.was_best else label(drop),
        "worlds": d.worlds, "exact": d.exact,
        "taken_stats": stats_json(d.taken), "best_stats": stats_json(d.best),
        "view": format_view(where.view), "board": view_board(where.view),
    }


def review(search: Search, games: list[Game], seat: int, budget: Budget) -> dict[str, Any]:
    """Review ``seat``'s decisions in every hand; each is reported as it is judged."""
    if not games:
        raise RequestError("the record holds no hand")
    if not 0 <= seat < games[0].players:
        raise RequestError(f"seat must be 0 to {games[0].players - 1}, got {seat}")
    limits = SearchLimits(worlds=budget.worlds, time_limit=budget.seconds, seed=budget.seed,
                          threads=1)
    out: list[dict[str, Any]] = []
    for h, game in enumerate(games):
        replay = Game.from_fields(game.profile, game.start_fields)
        replay.match_score = game.match_score
        moves = [replay.clone()]
        for a in game.actions:
            replay.apply(a)
            moves.append(replay.clone())

        def seen(d: Decision, moves: list[Game] = moves) -> None:
            where = _Where(moves[d.move], View.from_game(moves[d.move], seat))
            item = _decision_json(d, where)
            out.append(item)
            search.report("progress", {"decision": item, "done": len(out)})
            if search.stop.is_set():
                raise _Halted

        try:
            review_game(game, seat, limits=replace(limits, seed=budget.seed + 1000 * h), hand=h,
                        on_decision=seen)
        except _Halted:
            break
    return {
        "seat": seat,
        "hands": len(games),
        "record": format_match_record(games),
        "decisions": out,
        "total_cost": round(sum(d["cost"] for d in out), 6),
        "complete": not search.stop.is_set(),
        "stopped_by": search.stopped_by,
    }

"""Does closing win: the exact value of closing against a brute-force average over every
world, closing before and after drawing, the verdict, and bad input."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from sixtysix_solver.rules.actions import Action, Kind
from sixtysix_solver.advice.closing import ClosingOption, _verdict, analyse_closing
from sixtysix_solver.advice.limits import SearchLimits
from sixtysix_solver.errors import SixtySixError
from sixtysix_solver.rules.game import Game
from sixtysix_solver.advice.stats import ActionStats
from sixtysix_solver.rules.solve import Solver
from sixtysix_solver.knowledge.view import View
from sixtysix_solver.knowledge.worlds import enumerate_layouts

CLOSE = Action(Kind.CLOSE)


def decision(name: str, seed: int, phase: str, min_moves: int = 4) -> Game:
    """A seeded random game played (never closing) until the player to act may close, in
    ``phase`` ("lead": after drawing, "draw": before drawing)."""
    rng = random.Random(seed)
    for _ in range(200):
        g = Game.deal(name, seed=rng.randrange(2**32))
        while not g.is_over:
            legal = g.legal_actions()
            if len(g.actions) >= min_moves and g.phase == phase and CLOSE in legal:
                return g
            calm = [a for a in legal if a.kind not in (Kind.CLOSE, Kind.CLAIM)]
            g.apply(rng.choice(calm or legal))
    raise AssertionError("no position found")


@pytest.mark.parametrize("name,seed", [("schnapsen", 1), ("schnapsen", 2), ("sixty-six", 3),
                                       ("mariage", 4)])
def test_closing_now_is_the_exact_average_over_worlds(name: str, seed: int) -> None:
    g = decision(name, seed, "lead", min_moves=6 if name != "mariage" else 16)
    view = View.from_game(g, g.to_act)
    a = analyse_closing(view, worlds=4, seed=1)
    assert a.close.exact and a.close.line == (CLOSE,)
    solver = Solver(4)
    dist: dict[int, Fraction] = {}
    n = 0
    for lay in enumerate_layouts(view, None, stock_order=False):
        w = lay.game(view)
        w.apply(CLOSE)
        r = solver.solve(w, actions=False, pv=False)
        v = r.value if r.player == view.seat else -r.value  # after closing the closer leads
        dist[v] = dist.get(v, Fraction(0)) + 1
        n += 1
    assert a.close.worlds == a.close.total_worlds == n
    assert dict(a.close.stats.distribution) == pytest.approx(
        {v: float(c / n) for v, c in dist.items()}, abs=1e-12)
    assert a.close.mean == pytest.approx(float(sum(v * c for v, c in dist.items()) / n),
                                         abs=1e-12)
    assert a.go_on.line[0] in g.legal_actions() and CLOSE not in a.go_on.line


def test_close_before_drawing_also_values_closing_after_drawing() -> None:
    g = decision("sixty-six", 7, "draw")
    view = View.from_game(g, g.to_act)
    a = analyse_closing(view, worlds=6, seed=2)
    assert a.after_drawing is not None
    assert a.after_drawing.line == (Action(Kind.DRAW), CLOSE)
    assert [o.name for o in a.options] == ["close now", "close after drawing", "go on"]
    assert a.go_on.line == (Action(Kind.DRAW),)


def test_no_close_after_drawing_where_rules_forbid_closing_before() -> None:
    g = decision("schnapsen", 3, "lead")
    a = analyse_closing(g, worlds=4)
    assert a.after_drawing is None


def opt(mean: float, ci: tuple[float, float] | None) -> ClosingOption:
    s = ActionStats(CLOSE, mean, 0.5, ((0, 1.0),), ci, None, mean, (CLOSE,))
    return ClosingOption("x", (CLOSE,), s, 10, 10 if ci is None else 100, ci is None)


def test_verdicts() -> None:
    assert _verdict(opt(1.0, None), [opt(0.2, (0.0, 0.4))]) == "close"
    assert _verdict(opt(-1.0, None), [opt(0.2, (0.0, 0.4))]) == "continue"
    assert _verdict(opt(0.3, None), [opt(0.2, (0.0, 0.4))]) == "too close to call"
    assert _verdict(opt(0.3, None), [opt(0.3, None)]) == "either"
    assert _verdict(opt(0.5, None), [opt(0.2, (0.1, 0.3)), opt(0.6, (0.55, 0.65))]) == "continue"


def test_closing_needs_a_player_who_may_close() -> None:
    g = Game.deal("four-hand", seed=1)
    with pytest.raises(SixtySixError, match="may not close"):
        analyse_closing(g)
    g = Game.deal("schnapsen", seed=1)
    assert g.to_act is not None
    with pytest.raises(SixtySixError, match="turn"):
        analyse_closing(View.from_game(g, 1 - g.to_act))


def test_closing_takes_its_budget_as_search_limits() -> None:
    # limits= is the same budget as the keywords; the close part keeps its own world budget
    # and no time limit, and keywords given with limits replace its fields.
    g = decision("schnapsen", 1, "lead", min_moves=6)
    by_kw = analyse_closing(g, worlds=4, seed=1, threads=1)
    by_lim = analyse_closing(g, limits=SearchLimits(worlds=4, seed=1, threads=1, time_limit=60))
    mixed = analyse_closing(g, limits=SearchLimits(worlds=9, seed=5, threads=1), worlds=4, seed=1)
    for a in (by_lim, mixed):
        assert a.verdict == by_kw.verdict
        assert [o.stats for o in a.options] == [o.stats for o in by_kw.options]
    assert by_lim.close.exact and by_lim.go_on.worlds == 4

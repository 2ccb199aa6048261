"""Max^n (every side plays for itself, cpp/maxn.cpp) against the slow reference
(tests/reference/maxn.py) on the differential test's seeded positions, and through the world
pool (``objective="maxn"``): the same utilities, the side to act's at the root of each world."""

from __future__ import annotations

import pytest

from reference.bridge import reference_of
from reference.maxn import SCALE, solve as ref_maxn
from sixtysix_solver import Game, View, _core
from sixtysix_solver.errors import SixtySixError
from sixtysix_solver.knowledge.worlds import WorldSpace, layout_rows
from test_solver_differential import make_case

CASES = [(name, kind, k) for name, kinds in (
    ("three-hand", ("strict",)), ("sixty-six", ("strict", "open")), ("schnapsen", ("strict", "open")),
    ("four-hand-24", ("strict",)), ("double-deck", ("strict",))) for kind in kinds for k in range(40)]


@pytest.mark.parametrize("name,kind,k", CASES)
def test_maxn_matches_the_reference(name: str, kind: str, k: int) -> None:
    case = make_case(name, kind, k)
    ref = reference_of(case.game)
    want, want_actions = ref_maxn(ref)
    got = _core.maxn(case.game.core, tt_mib=1)
    assert got["scale"] == SCALE
    assert tuple(got["values"]) == want, case.describe()
    assert {a: tuple(v) for a, v in got["actions"]} == want_actions, case.describe()


def test_maxn_over_worlds_is_the_side_to_act_utility() -> None:
    # Two three-hand positions and a sixty-six one: worlds of the seat's view through the pool
    # (tables kept across worlds or not, two threads) against each world solved on its own.
    for name, k in (("three-hand", 3), ("three-hand", 8), ("sixty-six", 5)):
        g = make_case(name, "strict", k).game
        view = View.from_game(g)
        me = g.profile.side(g.to_act)
        layouts = WorldSpace(view).sample(10, seed=k)
        lines = [[a] for a in g.legal_action_codes()]
        for share in (False, True):
            pool = _core.WorldPool(2, 4)
            vals, _nodes, aborted = pool.solve(g.core, layout_rows(layouts), lines, "maxn", 0, 0.0, share)
            assert not aborted.any()
            for w, lay in enumerate(layouts):
                alone = {a: v[me] for a, v in _core.maxn(lay.game(view).core, tt_mib=1)["actions"]}
                assert list(vals[w]) == [alone[ln[0]] for ln in lines]


def test_maxn_limits_and_bad_input() -> None:
    g = Game.deal("three-hand", seed=1)
    # A limit or a cancel is not an error: the search says it stopped and gives no value.
    r = _core.maxn(g.core, node_limit=1000)
    assert "node limit" in r["stopped"] and r["values"] is None and r["actions"] == []
    assert r["nodes"] >= 1000
    token = _core.CancelToken()
    token.cancel()
    r = _core.maxn(g.core, cancel=token)
    assert "cancel" in r["stopped"] and r["values"] is None
    done = _core.maxn(g.core, tt_mib=1)
    assert done["stopped"] is None and len(done["values"]) == 3 and done["actions"]
    with pytest.raises(SixtySixError, match="tt_mib"):
        _core.maxn(g.core, tt_mib=0)

"""The seat's best line against the full club player's replies (cpp/reply_search.cpp with
ReplyModel::expert; ``SearchLimits.others="expert"``, the core objective ``"expert"``) against a
slow search that asks the core's full club player (checked against the Python player in
tests/test_expert_core.py) at every other turn, and plays both sides exactly once every card is
known, as that player counts its endgame."""

from __future__ import annotations

import random

import pytest
from sixtysix_solver import Game, View, _core, recommend
from sixtysix_solver.advice.club_pasts import view_facts
from sixtysix_solver.advice.fallible import fallible_choice, fallible_limits
from sixtysix_solver.advice.limits import SearchLimits
from sixtysix_solver.advice.recommend import reply_facts
from sixtysix_solver.agents import AgentError, AgentSpec
from sixtysix_solver.errors import SixtySixError
from sixtysix_solver.knowledge.worlds import WorldSpace, layout_of, layout_rows
from sixtysix_solver.rules.actions import Action, Kind
from test_club_replies import SCALE, club, public_voids, random_positions

# The profiles whose full club player the core has: two players, one deck.
EXPERT_PROFILES = ("sixty-six", "schnapsen", "mariage", "mariage-piquet", "schnapsen-jaques",
                   "sixty-six-jaques")

Facts = list[tuple[int, int]]


def public_facts(g: Game) -> Facts:
    """Per player, what the other player's view rules out of that player's hand."""
    return [view_facts(View.from_game(g, 1 - p), p) for p in range(2)]


def suit_cards(g: Game, voids: int) -> int:
    """The cards of the deck in the suits of ``voids`` (bit per suit)."""
    ranks = g.profile.ranks_per_suit
    return sum(1 << (s * 8 + r) for s in range(4) if voids >> s & 1 for r in range(ranks))


def facts_of(g: Game, root: Facts, root_stock: int) -> tuple[int, int]:
    """What the player to act takes as known of the other hand, as the core's model does: the
    root's facts while no card has been drawn since, and the voids play has revealed."""
    other = 1 - g.to_act
    voids = sum(1 << s for s in View.from_game(g, g.to_act).void_suits(other))
    excluded = 0
    if View.from_game(g, g.to_act).stock_size == root_stock:
        excluded, root_voids = root[other]
        voids |= root_voids
    return excluded | suit_cards(g, voids), voids


def utility(g: Game, me: int) -> int:
    r = g.result
    assert r is not None
    return int(r.returns[me]) * SCALE + min(max(g.scores()[me], 0), SCALE - 1)


def reference(g: Game, me: int, root: Facts, root_stock: int, left: int = -1) -> int:
    """The seat's utility from ``g``: its best action at its turns (a claim that wins at once)
    while ``left`` allows, the core's full club player's elsewhere; both exact (the seat's best,
    the other's worst for the seat) once the player to act knows every card."""
    while not g.is_over and not _core.expert_counts(g.core) and (g.to_act != me or left == 0):
        g.apply(Action.from_code(_core.expert_action(g.core, *facts_of(g, root, root_stock))))
    if g.is_over:
        return utility(g, me)
    counted = _core.expert_counts(g.core)
    values = []
    for a in g.legal_actions():
        c = g.clone()
        c.apply(a)
        u = reference(c, me, root, root_stock, left if counted or left < 0 else left - 1)
        if not counted and a.kind == Kind.CLAIM and u >= SCALE:
            return u
        values.append(u)
    return max(values) if not counted or g.to_act == me else min(values)


def expert_positions(seed: int) -> list[Game]:
    """Small ends of each two-player game of one deck: strict play, and some with the stock
    open (closes, exchanges, draws and marriages among the choices)."""
    return [random_positions(1, seed * 31 + i, 10 if name.startswith("schnapsen") else 8, name)[0]
            for i, name in enumerate(EXPERT_PROFILES)]


@pytest.mark.parametrize("seed", range(4))
def test_the_line_against_the_full_club_matches_the_slow_search(seed: int) -> None:
    for g in expert_positions(seed):
        me, root = g.to_act, public_facts(g)
        stock = View.from_game(g, me).stock_size
        lines = [[a] for a in g.legal_action_codes()]
        pool = _core.WorldPool(1, 4)
        for left in (-1, 0, 2):
            vals, _nodes, aborted = pool.solve(g.core, layout_rows([layout_of(g)]), lines,
                                               "expert", 0, 0.0, False, voids=public_voids(g),
                                               lookahead=left, facts=root)
            assert not aborted.any()
            for j, (code,) in enumerate(lines):
                c = g.clone()
                c.apply(Action.from_code(code))
                want = utility(c, me) if c.is_over else reference(c, me, root, stock, left)
                assert vals[0, j] == want, (left, code, g.fields())


def test_the_replies_differ_from_the_basic_club() -> None:
    # The objective is not the basic club's under another name.
    differ = 0
    for seed in range(4):
        for g in expert_positions(seed):
            lines = [[a] for a in g.legal_action_codes()]
            rows = layout_rows([layout_of(g)])
            pool = _core.WorldPool(1, 4)
            expert, _n, _a = pool.solve(g.core, rows, lines, "expert", 0, 0.0, False,
                                        voids=public_voids(g), facts=public_facts(g))
            basic, _n, _a = pool.solve(g.core, rows, lines, "club", 0, 0.0, False,
                                       voids=public_voids(g))
            differ += bool((expert != basic).any())
    assert differ >= 3


# Positions (profile, deal seed, plies of the club's play or, three times in ten, a random
# legal action from random.Random(seed)) where the history's facts change what the full club
# player replies, so that the line's value depends on them. (Found by a search over 3,000
# deals: where the stock is gone every card is known and the facts do not count.)
FACT_POSITIONS = (("mariage-piquet", 123159, 10), ("mariage", 329774, 6),
                  ("mariage-piquet", 298407, 8), ("mariage", 309634, 9))


def fact_position(profile: str, seed: int, plies: int) -> Game:
    g = Game.deal(profile, seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        g.apply(club(g) if rng.random() < 0.7 else rng.choice(g.legal_actions()))
    return g


@pytest.mark.parametrize("where", FACT_POSITIONS)
def test_the_historys_facts_shape_the_replies(where: tuple[str, int, int]) -> None:
    g = fact_position(*where)
    me, root = g.to_act, public_facts(g)
    stock = View.from_game(g, me).stock_size
    lines = [[a] for a in g.legal_action_codes()]
    rows = layout_rows([layout_of(g)])
    pool = _core.WorldPool(1, 4)
    blind, _n, _a = pool.solve(g.core, rows, lines, "expert", 0, 0.0, False,
                               voids=public_voids(g))
    for left in (-1, 0, 2):
        vals, _n, _a = pool.solve(g.core, rows, lines, "expert", 0, 0.0, False,
                                  voids=public_voids(g), lookahead=left, facts=root)
        if left == -1:
            assert (vals != blind).any()
        for j, (code,) in enumerate(lines):
            c = g.clone()
            c.apply(Action.from_code(code))
            want = utility(c, me) if c.is_over else reference(c, me, root, stock, left)
            assert vals[0, j] == want, (left, code)


def test_recommend_against_the_full_club() -> None:
    # others="expert" values the worlds against the full club player's replies; the same seed
    # gives the same figures, and three-hand and double-deck keep the plain game value.
    g = Game.deal("schnapsen", seed=5)
    view = View.from_game(g)
    lim = SearchLimits(worlds=12, seed=3, threads=1, others="expert", lookahead=1)
    a, b = recommend(view, limits=lim), recommend(view, limits=lim)
    assert [s.mean for s in a.actions] == [s.mean for s in b.actions]
    basic = recommend(view, limits=SearchLimits(worlds=12, seed=3, threads=1, others="club",
                                                 lookahead=1))
    assert [s.mean for s in a.actions] != [s.mean for s in basic.actions]
    assert reply_facts(view)[view.seat] == (0, 0)
    for name in ("three-hand", "double-deck"):
        v = View.from_game(Game.deal(name, seed=1))
        plain = recommend(v, limits=SearchLimits(worlds=4, seed=1, threads=1, others="paranoid",
                                                 method="horizon"))
        got = recommend(v, limits=SearchLimits(worlds=4, seed=1, threads=1, others="expert",
                                               method="horizon"))
        assert [s.mean for s in got.actions] == [s.mean for s in plain.actions], name


def test_fallible_takes_the_full_club_players_replies() -> None:
    g = Game.deal("sixty-six", seed=2)
    view = View.from_game(g)
    lim = SearchLimits(worlds=8, seed=1, threads=1)
    club = fallible_limits(view, lim)
    expert = fallible_limits(view, lim, "expert")
    assert club is not None and club.others == "club"
    assert expert is not None and expert.others == "expert" and expert.lookahead == 2
    assert fallible_limits(view, SearchLimits(others="expert"), "expert") is None
    with pytest.raises(SixtySixError, match="replies must be one of club, expert"):
        fallible_limits(view, lim, "paranoid")
    rec = recommend(view, limits=lim)
    pick = fallible_choice(view, rec, rec.best, lim, 10.0, replies="expert")
    assert pick in g.legal_actions()
    # The engine's club names the replies: club=expert, the full club player's.
    spec = AgentSpec.parse("engine:worlds=8,time=0,fallible=0.5,club=expert")
    agent = spec.build(seed=1)
    assert agent.act(view) in g.legal_actions()
    # others=expert plays against those replies in every world (an exploit of that player).
    exploit = AgentSpec.parse("engine:worlds=4,time=0,others=expert,lookahead=1").build(seed=1)
    assert exploit.limits.others == "expert"
    assert exploit.act(view) in g.legal_actions()
    with pytest.raises(AgentError, match="exploit"):
        AgentSpec.parse("engine:exploit=true,others=expert").build(seed=1)


def test_bad_facts_are_refused() -> None:
    g = random_positions(1, 3, 8, "sixty-six")[0]
    rows = layout_rows([layout_of(g)])
    lines = [[g.legal_action_codes()[0]]]
    pool = _core.WorldPool(1, 4)
    for facts, what in (([(0, 0)], "one \\(excluded, voids\\) pair per player"),
                        ([(1 << 40, 0), (0, 0)], "not in the deck"),
                        ([(0, 16), (0, 0)], "set of suits")):
        with pytest.raises(SixtySixError, match=what):
            pool.solve(g.core, rows, lines, "expert", 0, 0.0, False, facts=facts)
    with pytest.raises(SixtySixError, match="for the objective 'expert' only"):
        pool.solve(g.core, rows, lines, "club", 0, 0.0, False, facts=[(0, 0), (0, 0)])
    three = Game.deal("three-hand", seed=1)
    space = WorldSpace(View.from_game(three)).sample(1, seed=1)
    with pytest.raises(SixtySixError, match="two players and one deck"):
        pool.solve(three.core, layout_rows(space), [[three.legal_action_codes()[0]]], "expert",
                   0, 0.0, False)

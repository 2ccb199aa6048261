"""The basic club player's rules in the core (cpp/club.cpp) and the seat's best line against
them (cpp/reply_search.cpp, ``SearchLimits.others="club"``), against the Python rules
(advice/club.py) and a slow search over the seat's actions that asks them at every other
turn: in three-hand and in the two-player games of one deck, stock and all."""

from __future__ import annotations

import functools
import random
from dataclasses import replace

import pytest
from sixtysix_solver import Game, View, _core, format_position, recommend
from sixtysix_solver.advice.club import club_choice
from sixtysix_solver.advice.limits import SearchLimits
from sixtysix_solver.advice.recommend import known_voids
from sixtysix_solver.advice.opponents import UniformModel
from sixtysix_solver.errors import SixtySixError
from sixtysix_solver.knowledge.history import History
from sixtysix_solver.knowledge.legal import legal_actions
from sixtysix_solver.knowledge.worlds import WorldSpace, layout_rows
from sixtysix_solver.rules.actions import Action, Kind

SCALE = _core.MAXN_SCALE


def public_voids(g: Game) -> int:
    """Every player's voids as the others know them (bit player * 4 + suit)."""
    n = g.profile.players
    bits = 0
    for p in range(n):
        other = View.from_game(g, (p + 1) % n)
        for s in other.void_suits(p):
            bits |= 1 << (p * 4 + s)
    return bits


def club(g: Game) -> Action:
    view = View.from_game(g, g.to_act)
    return club_choice(view, legal_actions(view))


# The profiles whose club rules the core has: one copy of each card, nobody with a partner.
CLUB_PROFILES = ("three-hand", "sixty-six", "schnapsen", "mariage", "mariage-piquet",
                 "schnapsen-jaques", "sixty-six-jaques")
TWO_PLAYER = CLUB_PROFILES[1:]


def random_positions(count: int, seed: int, max_cards: int = 7,
                     profile: str = "three-hand") -> list[Game]:
    """Positions of seeded deals played at random (a club choice one time in two), with at
    most ``max_cards`` cards in the hand of the player to act; with a stock, at most
    ``max_cards`` cards in the hands and the stock together (its small ends, stock and all)."""
    rng = random.Random(seed)
    out: list[Game] = []
    while len(out) < count:
        g = Game.deal(profile, seed=rng.randrange(10**6),
                      dealer=rng.randrange(g_players(profile)))
        while not g.is_over:
            view = View.from_game(g, g.to_act)
            size = len(view.hand) if profile == "three-hand" else sum(view.hand_sizes) + view.stock_size
            if size <= max_cards and rng.random() < 0.3:
                out.append(g.clone())
            legal = g.legal_actions()
            g.apply(club(g) if rng.random() < 0.5 else rng.choice(legal))
    return out[:count]


def g_players(profile: str) -> int:
    return 3 if profile == "three-hand" else 2


@pytest.mark.parametrize("profile", CLUB_PROFILES)
def test_the_core_rules_choose_as_the_python_rules(profile: str) -> None:
    # Every decision of random-and-club deals (150 three-hand, 80 of the others): the core's
    # choice is the Python rules', exchanges, closes, draws and marriages included.
    rng = random.Random(7)
    checked = 0
    for _ in range(150 if profile == "three-hand" else 80):
        g = Game.deal(profile, seed=rng.randrange(10**6), dealer=rng.randrange(g_players(profile)))
        while not g.is_over:
            want = club(g)
            got = _core.club_action(g.core, public_voids(g))
            assert Action.from_code(got) == want, g.fields()
            checked += 1
            g.apply(want if rng.random() < 0.6 else rng.choice(g.legal_actions()))
    assert checked > (1000 if profile == "three-hand" else 500)


def reference_line(g: Game, me: int, left: int = -1) -> int:
    """The seat's utility (return * SCALE + its score) from ``g``: its best action at its turns
    (a claim that wins at once), the Python club's at the others'; with ``left`` >= 0, the seat
    too plays the club's action once it has chosen ``left`` more times."""
    while not g.is_over and (g.to_act != me or left == 0):
        g.apply(club(g))
    if g.is_over:
        r = g.result
        assert r is not None
        return int(r.returns[me]) * SCALE + min(max(g.scores()[me], 0), SCALE - 1)
    best: int | None = None
    for a in g.legal_actions():
        c = g.clone()
        c.apply(a)
        u = reference_line(c, me, left - 1 if left > 0 else left)
        if a.kind == Kind.CLAIM and u >= SCALE:
            return u
        best = u if best is None else max(best, u)
    assert best is not None
    return best


@pytest.mark.parametrize("seed", range(6))
def test_the_best_line_against_the_club_matches_the_slow_search(seed: int) -> None:
    for g in [*random_positions(8, seed, max_cards=4), *two_player_ends(seed)]:
        value, nodes = _core.club_reply(g.core, public_voids(g))
        assert value == reference_line(g.clone(), g.to_act), g.fields()
        assert nodes >= 1
        for left in (0, 1, 2):  # the seat planning only its next decisions with open cards
            short, _ = _core.club_reply(g.core, public_voids(g), lookahead=left)
            assert short == reference_line(g.clone(), g.to_act, left), (left, g.fields())
            assert short is not None and value is not None and short <= value  # less foresight


@functools.lru_cache(maxsize=None)
def two_player_ends(seed: int) -> tuple[Game, ...]:
    """Small ends of the two-player games, one position of each, some with the stock open
    (a close, an exchange, a draw or a marriage may be among the seat's choices)."""
    return tuple(random_positions(1, seed * 31 + i, 12 if name.startswith("schnapsen") else 9,
                                  name)[0] for i, name in enumerate(TWO_PLAYER))


def test_the_two_player_ends_hold_stock_decisions() -> None:
    # The slow search's positions reach the stock's decisions, not only strict play.
    kinds = {a.kind for seed in range(6) for g in two_player_ends(seed) for a in g.legal_actions()}
    stock_open = [g for seed in range(6) for g in two_player_ends(seed)
                  if View.from_game(g, g.to_act).stock_size > 0]
    assert len(stock_open) >= 3
    assert {Kind.CLOSE, Kind.PLAY} <= kinds


def test_less_lookahead_values_less() -> None:
    # Whole deals: the less the seat foresees, the less its best line can get, and it matters.
    values = []
    for seed in range(6):
        deal = Game.deal("three-hand", seed=seed)
        values.append([_core.club_reply(deal.core, 0, lookahead=k)[0] for k in (0, 1, 2, -1)])
    for row in values:
        assert row == sorted(row), row
    assert any(row[0] != row[-1] for row in values)


@pytest.mark.parametrize("profile", ["three-hand", "sixty-six", "mariage-piquet"])
def test_worlds_against_the_club_through_the_pool(profile: str) -> None:
    # The pool's "club" objective: each line's value in each world is the best line after it
    # (with two players the worlds order the stock too).
    for g in random_positions(3, 11, max_cards=4 if profile == "three-hand" else 8,
                              profile=profile):
        view = View.from_game(g, g.to_act)
        assert known_voids(view) == public_voids(g) & ~(0xF << (4 * g.to_act))
        layouts = WorldSpace(view).sample(6, seed=1)
        lines = [[a] for a in g.legal_action_codes()]
        pool = _core.WorldPool(2, 4)
        vals, _nodes, aborted = pool.solve(g.core, layout_rows(layouts), lines, "club", 0, 0.0,
                                           False, voids=public_voids(g))
        assert not aborted.any()
        short, _nodes, _aborted = pool.solve(g.core, layout_rows(layouts), lines, "club", 0, 0.0,
                                             False, voids=public_voids(g), lookahead=1)
        for w, lay in enumerate(layouts):
            for j, (code,) in enumerate(lines):
                c = lay.game(view)
                c.apply(Action.from_code(code))
                assert vals[w, j] == reference_line(c.clone(), g.to_act), (w, code)
                assert short[w, j] == reference_line(c, g.to_act, 1), (w, code)


def test_every_public_void_reaches_the_club_with_a_history() -> None:
    # A view holds no facts about its own seat's hand and leaves out a void its seat can tell
    # from its own cards, but the club players know every void that play showed: the hand's
    # history carries them all, and with it (an opponent model weighting the worlds) the
    # club's replies are valued with them.
    differ = 0
    for g in random_positions(30, 23, max_cards=4):
        seat = g.to_act
        view = View.from_game(g, seat)
        history = History.from_game(g, seat)
        played = set(view.public_cards()) - set(view.hand)
        for p in range(g.players):
            seen = set().union(*(View.from_game(g, q).void_suits(p)
                                 for q in range(g.players) if q != p))
            extra = set(history.voids[p]) - seen
            assert seen <= set(history.voids[p]), (p, format_position(g))
            # Only a suit all played can be left out of every view.
            assert all(all(s * 8 + r in played for r in range(6)) for s in extra)
        bits = known_voids(view, history)
        differ += bits != known_voids(view)
        rec = recommend(g, limits=SearchLimits(worlds=10_000, seed=1, threads=1),
                        opponent_model=UniformModel())
        layouts = list(WorldSpace(view).layouts())
        assert rec.exact and rec.worlds == len(layouts)
        lines = [[a] for a in g.legal_action_codes()]
        vals, _nodes, _aborted = _core.WorldPool(1, 4).solve(
            g.core, layout_rows(layouts), lines, "club", 0, 0.0, False, voids=bits)
        for j, (code,) in enumerate(lines):
            mean = sum(int(v) // SCALE for v in vals[:, j]) / len(layouts)
            assert rec.stats(Action.from_code(code)).mean == pytest.approx(mean), code
    assert differ >= 3  # the seat's own voids, or those its hand tells it


def test_recommend_against_the_club_and_bad_input() -> None:
    g = Game.deal("three-hand", seed=4)
    view = View.from_game(g, g.to_act)
    rec = recommend(view, limits=SearchLimits(worlds=8, seed=2, threads=1, others="club"))
    assert rec.worlds == 8 and rec.best in {s.action for s in rec.actions}
    for name in ("double-deck", "four-hand"):  # two copies of each card; partners
        with pytest.raises(SixtySixError, match="one copy of each card and no partners"):
            _core.club_action(Game.deal(name, seed=1).core, 0)
    with pytest.raises(SixtySixError, match="voids"):
        _core.club_action(g.core, 1 << 12)
    with pytest.raises(SixtySixError, match="voids"):
        _core.WorldPool(1, 1).solve(g.core, layout_rows(WorldSpace(view).sample(1, seed=1)),
                                    [[g.legal_action_codes()[0]]], "game_points", 0, 0.0, False,
                                    voids=1)
    deal = Game.deal("three-hand", seed=0)
    value, nodes = _core.club_reply(deal.core, 0)
    assert value is not None and nodes > 1024
    assert _core.club_reply(deal.core, 0, node_limit=100) == (None, 1024)  # stopped: no value
    for bad in (-2, 65):
        with pytest.raises(SixtySixError, match="lookahead"):
            _core.club_reply(deal.core, 0, lookahead=bad)
    with pytest.raises(SixtySixError, match="lookahead"):
        _core.WorldPool(1, 1).solve(g.core, layout_rows(WorldSpace(view).sample(1, seed=1)),
                                    [[g.legal_action_codes()[0]]], "game_points", 0, 0.0, False,
                                    lookahead=1)
    with pytest.raises(SixtySixError, match="lookahead"):
        SearchLimits(lookahead=-1)


def test_auto_is_the_club_with_three_alone_and_the_game_value_with_two_sides() -> None:
    """``others="auto"``, the default: three-hand worlds valued against the club's replies,
    every other profile by the plain game value (paranoid and maxn mean that with two sides;
    club does too where the core has no club rules: double-deck, the four-hand games)."""
    assert SearchLimits().others == "auto"
    cases = [("three-hand", 4, "club", "paranoid"), ("sixty-six", 3, "paranoid", "club"),
             ("four-hand", 2, "paranoid", "club")]
    for name, seed, same, other in cases:
        g = Game.deal(name, seed=seed)
        view = View.from_game(g, g.to_act)
        lim = SearchLimits(worlds=8, seed=2, threads=1)
        auto = recommend(view, limits=lim)
        twin = recommend(view, limits=replace(lim, others=same))
        assert [(s.action, s.mean, s.utility) for s in auto.actions] == \
            [(s.action, s.mean, s.utility) for s in twin.actions], name
        if name == "three-hand":  # the club's replies give other values than the paranoid
            alt = recommend(view, limits=replace(lim, others=other))
            assert [s.mean for s in alt.actions] != [s.mean for s in auto.actions]


def test_two_players_against_the_club_on_request() -> None:
    # others="club" with two players: exact worlds valued against the club's replies (where
    # the game value takes the horizon search), which differ from the game value; the seat's
    # lookahead bounds their cost from the first lead.
    g = Game.deal("mariage", seed=3)
    view = View.from_game(g, g.to_act)
    lim = SearchLimits(worlds=8, seed=2, threads=1)
    plain = recommend(view, limits=lim)
    club_rec = recommend(view, limits=replace(lim, others="club", lookahead=2))
    assert plain.method == "horizon" and club_rec.method == "exact"
    assert club_rec.worlds == 8 and club_rec.best in {s.action for s in club_rec.actions}
    assert [s.mean for s in club_rec.actions] != [s.mean for s in plain.actions]
    # Where the core has no club rules, "club" leaves the game value.
    for seed in range(3, 60):  # the club against itself to a small end
        dd = Game.deal("double-deck", seed=seed)
        while not dd.is_over and (len(dd.hand(dd.to_act)) > 4
                                  or not View.from_game(dd, dd.to_act).strict):
            dd.apply(club(dd))
        if not dd.is_over:
            break
    dview = View.from_game(dd, dd.to_act)
    a = recommend(dview, limits=replace(lim, method="exact", worlds=2))
    b = recommend(dview, limits=replace(lim, method="exact", worlds=2, others="club"))
    assert [s.mean for s in a.actions] == [s.mean for s in b.actions]

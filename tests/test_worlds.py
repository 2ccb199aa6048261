"""Worlds: exact counts (against brute force), enumeration that always contains the real deal,
uniform seeded sampling (a chi-square test), and the facts checked against every history."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Callable, Iterator

import pytest

from sixtysix_solver.rules.actions import Action, Kind
from sixtysix_solver.rules.random_play import random_action
from sixtysix_solver.rules.cards import Card
from sixtysix_solver.errors import PositionError, SixtySixError
from sixtysix_solver.rules.game import Game
from sixtysix_solver.rules.profiles import PROFILES, get_profile
from sixtysix_solver.rules.solve import solve
from sixtysix_solver.knowledge.view import View, format_view
from sixtysix_solver.knowledge.worlds import Layout, TooManyWorldsError, WorldSpace, count_worlds, enumerate_layouts, enumerate_worlds, is_consistent, layout_of, sample_layouts, sample_worlds

Key = tuple[tuple[tuple[int, ...], ...], tuple[int, ...], tuple[int, ...]]


def key(lay: Layout) -> Key:
    return lay.hands, lay.stock, lay.aside


def card_order(code: int) -> tuple[int, int]:
    return (code >> 3, -(code & 7))


def unordered(lay: Layout) -> Layout:
    """The layout with its hidden stock cards in canonical order (face-up card kept last)."""
    stock = tuple(sorted(lay.stock[:-1], key=card_order)) + lay.stock[-1:]
    return Layout(lay.hands, stock, lay.aside)


def positions(
    name: str, seed: int, accept: Callable[[Game], bool],
    act: Callable[[Game, random.Random], Action] = random_action,
) -> Iterator[Game]:
    """Every position of seeded random games that ``accept`` likes."""
    rng = random.Random(seed)
    while True:
        g = Game.deal(name, seed=rng.randrange(2**32))
        while True:
            if accept(g):
                yield g.clone()
            if g.is_over:
                break
            g.apply(act(g, rng))


def never_close(g: Game, rng: random.Random) -> Action:
    """A random player that neither closes nor claims while it can do something else, so that
    the long stock of the double deck runs out."""
    legal = g.legal_actions()
    calm = [a for a in legal if a.kind not in (Kind.CLOSE, Kind.CLAIM)]
    return rng.choice(calm or legal)


def hidden_count(g: Game, seat: int) -> int:
    f = g.fields()
    n = sum(len(h) - len(k) for p, (h, k) in enumerate(zip(f["hands"], f["known"])) if p != seat)
    return n + len(f["aside"]) + max(0, len(f["stock"]) - 1)


# --- counts -----------------------------------------------------------------------------------
def test_first_lead_of_sixty_six() -> None:
    v = View.from_game(Game.deal("sixty-six", seed=1))
    assert count_worlds(v, stock_order=False) == math.comb(17, 6) == 12376
    assert count_worlds(v) == 12376 * math.factorial(11)
    assert WorldSpace(v).weight == count_worlds(v)


def test_first_lead_of_the_table_games() -> None:
    v = View.from_game(Game.deal("four-hand", seed=2), 1)  # the dealer (0) shows the trump card
    assert count_worlds(v) == math.factorial(23) // (math.factorial(8) ** 2 * math.factorial(7))
    # Three-hand: 16 unseen cards (24 less 7 of one's own, less the dealer's shown trump) for
    # the dealer's 6 hidden cards, the other hand's 7 and the dead hand's 3.
    v = View.from_game(Game.deal("three-hand", seed=2), 1)
    assert count_worlds(v) == math.factorial(16) // (
        math.factorial(7) * math.factorial(6) * math.factorial(3)
    )


def brute_force(view: View, stock_order: bool) -> Counter[Key]:
    """Every layout by trying every ordering of the unseen physical cards, with the physical
    arrangements each stands for (independent of the counting programme)."""
    prof = view.profile
    ranks = {"9": 6, "J": 5, "7": 8}[prof.low_rank]
    unseen = Counter({s * 8 + r: prof.copies for s in range(4) for r in range(ranks)})
    unseen.subtract(view.hand)
    unseen.subtract(view.trick)
    for p in range(view.players):
        unseen.subtract(view.taken[p])
        if p != view.seat:
            unseen.subtract(view.known[p])
    if view.face_up is not None:
        unseen[view.face_up] -= 1
    pool = list(unseen.elements())
    others = [p for p in range(view.players) if p != view.seat]
    sizes = [view.hand_sizes[p] - len(view.known[p]) for p in others]
    sizes += [view.aside_size, max(0, view.stock_size - 1)]
    assert sum(sizes) == len(pool)
    seen: Counter[Key] = Counter()
    for perm in itertools.permutations(pool):
        parts, pos = [], 0
        for size in sizes:
            parts.append(perm[pos:pos + size])
            pos += size
        hands: list[tuple[int, ...]] = []
        for p in range(view.players):
            if p == view.seat:
                hands.append(view.hand)
            else:
                hands.append(tuple(sorted(view.known[p] + parts[others.index(p)])))
        if any(lk.count_in(hands[lk.player]) > lk.at_most for lk in view.lacks):
            continue
        if not all(h.satisfied_by(hands[h.player]) for h in view.holds):
            continue
        stock = parts[-1] if stock_order else tuple(sorted(parts[-1], key=card_order))
        if view.face_up is not None:
            stock += (view.face_up,)
        seen[(tuple(hands), stock, tuple(sorted(parts[-2])))] += 1
    unordered_sizes = sizes[:-1] + ([] if stock_order else [sizes[-1]])
    div = math.prod(math.factorial(k) for k in unordered_sizes)
    return Counter({k: v // div for k, v in seen.items()})


@pytest.mark.parametrize("name", sorted(PROFILES))
def test_counts_match_brute_force(name: str) -> None:
    """Small positions late in the hand: the exact count, the layouts and their weights."""
    done = 0
    rng = random.Random(name)
    act = never_close if name == "double-deck" else random_action
    for g in positions(
        name, 5, lambda g: 2 <= hidden_count(g, 0) <= 7 and rng.random() < 0.2, act
    ):
        seat = rng.randrange(g.players)
        if not 2 <= hidden_count(g, seat) <= 7:
            continue
        v = View.from_game(g, seat)
        for stock_order in (True, False):
            truth = brute_force(v, stock_order)
            space = WorldSpace(v, stock_order=stock_order)
            assert space.count == len(truth), format_view(v)
            assert space.weight == sum(truth.values())
            got = {key(lay): lay.weight for lay in space.layouts()}
            assert got == dict(truth)
            assert key(layout_of(g) if stock_order else unordered(layout_of(g))) in got
        done += 1
        if done == 4:
            break


def test_facts_with_budgets_match_brute_force() -> None:
    """Facts of every kind written by hand, including budgets, overlapping sets and pairs."""
    from sixtysix_solver.knowledge.worlds import parse_view

    g = next(positions("four-hand", 21, lambda g: len(g.fields()["hands"][0]) == 2
                       and g.phase == "lead"))
    v = View.from_game(g, 0)
    base = format_view(View(**{**v.__dict__, "lacks": (), "holds": ()}))
    unseen = sorted({x for p in (1, 2, 3) for x in g.fields()["hands"][p]} - set(v.known[1])
                    - set(v.known[2]) - set(v.known[3]))
    a, b, c, d = (str(Card.from_code(x)) for x in unseen[:4])
    cases = [
        "",
        " lacks=-/H/C/-",
        f" lacks=-/{a}{b}:1,{c}/{a}{b}{c}:1/-",
        f" lacks=-/CD:1/CD:2,{d}/-",
        f" has=-/{a}|{b}{c}/-/-",
        f" lacks=-/-/{a}/- has=-/{a}{b}|{c}/-/{a}|{d}",
        f" has=-/{a}|{b}/{c}|{d},{a}{b}/-",
    ]
    checked = 0
    for extra in cases:
        try:
            view = parse_view(base + extra)
        except PositionError:
            assert extra  # only a contradictory set of facts may fail
            continue
        truth = brute_force(view, True)
        assert count_worlds(view) == len(truth), extra
        assert {key(lay) for lay in enumerate_layouts(view)} == set(truth), extra
        assert {key(lay) for lay in sample_layouts(view, 30, seed=1)} <= set(truth)
        checked += 1
    assert checked >= 5


# --- enumeration and sampling ----------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(PROFILES))
def test_enumeration_contains_the_real_deal(name: str) -> None:
    rng = random.Random(name + "e")
    done = 0
    for g in positions(name, 7, lambda g: rng.random() < 0.25):
        seat = rng.randrange(g.players)
        v = View.from_game(g, seat)
        order = rng.random() < 0.5
        space = WorldSpace(v, stock_order=order)
        if space.count > 400:
            with pytest.raises(TooManyWorldsError, match="more than the limit"):
                space.layouts(limit=400)
            continue
        lays = list(space.layouts(limit=400))
        assert len(lays) == len(set(lays)) == space.count > 0
        true = layout_of(g) if order else unordered(layout_of(g))
        assert key(true) in {key(lay) for lay in lays}
        for lay in lays[:25]:
            assert is_consistent(v, lay)
            assert is_consistent(v, lay.game(v))
        done += 1
        if done == 12:
            break


@pytest.mark.parametrize("name", sorted(PROFILES))
def test_sampled_worlds_fit_the_view(name: str) -> None:
    rng = random.Random(name + "s")
    done = 0
    for g in positions(name, 9, lambda g: rng.random() < 0.15):
        seat = rng.randrange(g.players)
        v = View.from_game(g, seat)
        worlds = sample_worlds(v, 8, seed=done, stock_order=done % 2 == 0)
        for w in worlds:
            assert is_consistent(v, w)
            f = w.fields()
            assert f["hands"][seat] == list(v.hand)
            for p in range(g.players):
                assert len(f["hands"][p]) == v.hand_sizes[p]
            for lk in v.lacks:
                assert lk.count_in(f["hands"][lk.player]) <= lk.at_most
            if done % 2:
                hidden = f["stock"][:-1]
                assert hidden == sorted(hidden, key=card_order)
        again = sample_worlds(v, 8, seed=done, stock_order=done % 2 == 0)
        assert [w.fields() for w in again] == [w.fields() for w in worlds]
        done += 1
        if done == 10:
            break


def test_same_seed_same_worlds() -> None:
    v = View.from_game(Game.deal("sixty-six", seed=12))
    a = sample_layouts(v, 50, seed=3)
    assert a == sample_layouts(v, 50, seed=3)
    assert a != sample_layouts(v, 50, seed=4)
    assert sample_layouts(v, 0, seed=3) == []
    assert [key(x) for x in a[:5]] == [key(x) for x in WorldSpace(v).sample(5, seed=3)]


def test_a_world_can_be_solved() -> None:
    g = next(positions("schnapsen", 3, lambda g: len(g.fields()["stock"]) == 0
                       and g.phase == "lead" and len(g.hand(0)) == 3))
    v = View.from_game(g)
    for w in enumerate_worlds(v, 50):
        assert w.to_act == v.to_act
        result = solve(w)
        assert result.player == v.to_act and result.best


def test_errors() -> None:
    v = View.from_game(Game.deal("sixty-six", seed=1))
    with pytest.raises(TooManyWorldsError) as e:
        enumerate_worlds(v, 1000)
    assert isinstance(e.value, SixtySixError) and "stock_order=False" in str(e.value)
    with pytest.raises(TooManyWorldsError, match="12376 worlds"):
        enumerate_layouts(v, 1000, stock_order=False)
    with pytest.raises(SixtySixError, match="limit"):
        enumerate_layouts(v, -1)
    with pytest.raises(SixtySixError, match="n must"):
        sample_worlds(v, -2, seed=1)
    with pytest.raises(SixtySixError, match="seed"):
        sample_worlds(v, 2, seed="x")  # type: ignore[arg-type]
    with pytest.raises(SixtySixError, match="needs a View"):
        WorldSpace("sixty-six")  # type: ignore[arg-type]


# --- uniformity -------------------------------------------------------------------------------
CHI2_999 = {  # 99.9% points of the chi-square distribution, by degrees of freedom
    1: 10.828, 2: 13.816, 3: 16.266, 4: 18.467, 5: 20.515, 6: 22.458, 7: 24.322, 8: 26.124,
    9: 27.877, 10: 29.588, 11: 31.264, 12: 32.909, 13: 34.528, 14: 36.123, 15: 37.697,
    16: 39.252, 17: 40.790, 18: 42.312, 19: 43.820, 20: 45.315, 25: 52.620, 30: 59.703,
    40: 73.402, 50: 86.661,
}


def chi2_sf(x: float, df: int) -> float:
    """P(X > x) for a chi-square variable (series of the regularized lower gamma function)."""
    a, y = df / 2, x / 2
    term = total = 1 / a
    k = 0
    while term > 1e-16 * total:
        k += 1
        term *= y / (a + k)
        total += term
    return 1 - total * math.exp(-y + a * math.log(y) - math.lgamma(a))


def test_chi_square_table() -> None:
    for df, x in CHI2_999.items():
        assert abs(chi2_sf(x, df) - 0.001) < 2e-5


def chi_square(space: WorldSpace, draws: int, seed: int) -> tuple[float, int]:
    expected = {key(lay): lay.weight for lay in space.layouts(limit=200)}
    total = sum(expected.values())
    seen = Counter(key(lay) for lay in space.sample(draws, seed=seed))
    assert set(seen) <= set(expected)
    stat = sum(
        (seen[k] - draws * w / total) ** 2 / (draws * w / total) for k, w in expected.items()
    )
    return stat, len(expected) - 1


def _uniform_cases() -> Iterator[tuple[str, WorldSpace]]:
    wanted = {
        "sixty-six": (True, 8, 60), "four-hand": (False, 8, 60), "mariage-piquet": (True, 6, 60),
        "double-deck": (False, 8, 60), "four-hand-24": (False, 6, 60),
    }
    for name, (order, lo, hi) in wanted.items():
        rng = random.Random(name + "u")
        for g in positions(name, 11, lambda g: rng.random() < 0.3):
            seat = rng.randrange(g.players)
            space = WorldSpace(View.from_game(g, seat), stock_order=order)
            if lo <= space.count <= hi and (
                name != "double-deck" or len({lay.weight for lay in space.layouts()}) > 1
            ):
                yield name, space
                break


def test_sampler_is_uniform() -> None:
    """Deterministic (fixed seeds): the chi-square statistic of 150 draws per world stays below
    the 99.9% point; with two decks the expected counts follow the layouts' weights."""
    names = []
    for name, space in _uniform_cases():
        draws = 150 * space.count
        stat, df = chi_square(space, draws, seed=2024)
        critical = CHI2_999.get(df)
        assert chi2_sf(stat, df) > 0.001, (name, stat, df)
        if critical is not None:
            assert stat < critical
        names.append(name)
    assert len(names) == 5


# --- the facts against every history -----------------------------------------------------------
def history_check(start: Game, actions: list[Action], seat: int) -> tuple[int, int]:
    """Replay the actions from every deal of ``start`` that the seat cannot tell apart from the
    real one (same own cards at every step): the positions reached must be exactly the worlds
    of the seat's view, and each of those histories must give the seat the same view."""
    real = start.clone()
    own = []
    for a in actions:
        real.apply(a)
        own.append(real.fields()["hands"][seat])
    view = View.from_game(real, seat)
    start_view = View.from_game(start, seat)
    reached: set[Key] = set()
    views_checked = 0
    for lay in WorldSpace(start_view).layouts(limit=None):
        g = lay.game(start_view)
        fresh = Game.from_fields(start.profile, g.fields())
        ok = True
        for a, hand in zip(actions, own):
            if not g.is_legal(a):
                ok = False
                break
            g.apply(a)
            fresh.apply(a)
            if g.fields()["hands"][seat] != hand:
                ok = False
                break
        if ok:
            reached.add(key(layout_of(g)))
            if views_checked < 5:  # nothing hidden leaks into the view
                assert View.from_game(fresh, seat) == view
                views_checked += 1
    worlds = {key(lay) for lay in enumerate_layouts(view, None)}
    assert worlds == reached, format_view(view)
    return len(worlds), len(view.lacks) + len(view.holds)


def pass_always(g: Game, rng: random.Random) -> Action:
    return Action(Kind.PASS) if g.phase == "show" else random_action(g, rng)


@pytest.mark.parametrize(
    "name,ready",
    [
        ("schnapsen-jaques", lambda f: len(f["stock"]) == 4),
        ("mariage-piquet", lambda f: len(f["stock"]) == 4),
        ("sixty-six", lambda f: len(f["stock"]) == 4),
        ("sixty-six-jaques", lambda f: len(f["stock"]) == 4),
        ("schnapsen", lambda f: len(f["stock"]) == 4),
        ("mariage", lambda f: len(f["stock"]) == 4),
        ("double-deck", lambda f: len(f["stock"]) == 2),
        ("four-hand", lambda f: len(f["hands"][0]) == 3),
        ("four-hand-24", lambda f: len(f["hands"][0]) == 3),
        ("three-hand", lambda f: len(f["hands"][0]) == 2),
    ],
)
def test_facts_are_exact_against_every_history(
    name: str, ready: Callable[[dict[str, object]], bool],
) -> None:
    """From a position late in the hand, every deal the seat cannot tell from the real one is
    replayed: the worlds of the final view are exactly the positions these histories reach.
    This checks the revealed facts (voids, no trumps, no higher card, draws after an open-phase
    void, marriage shows) for being both true and complete."""
    rng = random.Random(name + "h")
    act = {"four-hand-24": pass_always, "double-deck": never_close}.get(name, random_action)
    done = facts = 0
    for g in positions(name, 13, lambda g: g.phase == "lead" and ready(g.fields()), act):
        start = Game.from_fields(g.profile, g.fields())
        seat = rng.randrange(g.players)
        actions: list[Action] = []
        h = start.clone()
        early = g.players == 2 and rng.random() < 0.7  # stop while the stock still hides cards
        for _ in range(rng.randrange(3, 13)):
            if h.is_over or (early and len(h.fields()["stock"]) == 2 and h.phase != "draw"):
                break
            a = act(h, rng)
            h.apply(a)
            actions.append(a)
        _, n_facts = history_check(start, actions, seat)
        facts += n_facts
        done += 1
        if done == 6:
            break
    assert done == 6


def test_open_strict_budget_needs_the_history() -> None:
    """Schnapsen-jaques: a void at the first trick, then draws. The fact keeps a budget for the
    drawn cards (a plain void would lose the real deal)."""
    for g in positions("schnapsen-jaques", 17, lambda g: len(g.fields()["stock"]) == 6
                       and g.phase == "lead"):
        v = View.from_game(g, 0)
        budgets = [lk for lk in v.lacks if lk.at_most > 0]
        if budgets:
            assert is_consistent(v, g)
            strict = View(**{**v.__dict__, "lacks": tuple(
                type(lk)(lk.player, lk.masks, 0) for lk in v.lacks)})
            if not is_consistent(strict, g):
                return  # the budget was needed to keep the real deal
    pytest.fail("no position where a budget mattered")


def test_profile_with_overrides() -> None:
    prof = get_profile("sixty-six", open_strict=True, target=70)
    g = Game.deal(prof, seed=8)
    rng = random.Random(8)
    for _ in range(7):
        g.apply(random_action(g, rng))
    v = View.from_game(g, 0)
    assert format_view(v).startswith("sixty-six[open_strict=true,target=70] ")
    assert is_consistent(v, g) and count_worlds(v) > 0

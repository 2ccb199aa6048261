"""Worlds: the placements of the hidden cards that fit a player's :class:`View`.

A *world* is a complete position: the other hands (their known cards plus hidden ones), the
stock in order (top first, the face-up card fixed last) and the dead hand. It is returned as a
:class:`~sixtysix_solver.rules.game.Game`, ready for :func:`sixtysix_solver.rules.solve.solve`, or in the
cheaper form of a :class:`Layout`. Counting groups the hidden cards by where they may lie and
runs a dynamic programme over the groups with multinomial coefficients, so it is exact and fast;
enumeration and sampling walk the same programme.

>>> from sixtysix_solver import Game, View
>>> v = View.from_game(Game.deal("sixty-six", seed=1), 1)
>>> count_worlds(v, stock_order=False), count_worlds(v) == 12376 * 39916800
(12376, True)
>>> [len(w.hand(0)) for w in sample_worlds(v, 3, seed=7)]
[6, 6, 6]
"""

from __future__ import annotations

import bisect
import itertools
import math
import random
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from ..errors import PositionError, SixtySixError
from ..rules.cards import Card
from ..rules.game import Game
from .facts import Lack, ranks_in_deck
from .view import View, public_fields

__all__ = [
    "Layout",
    "TooManyWorldsError",
    "check_view",
    "WorldSpace",
    "count_worlds",
    "enumerate_layouts",
    "enumerate_worlds",
    "first_layout",
    "is_consistent",
    "layout_of",
    "layout_rows",
    "parse_view",
    "sample_layouts",
    "sample_worlds",
]

DEFAULT_LIMIT = 100_000


class TooManyWorldsError(SixtySixError):
    """More worlds fit a view than an enumeration was allowed to produce."""


def _card_key(code: int) -> tuple[int, int]:
    """The canonical card order: suits C D H S, low to high within a suit."""
    return (code >> 3, -(code & 7))


@dataclass(frozen=True)
class Layout:
    """Where every card not yet played lies: every hand (sorted codes, the seat's own included),
    the stock (top first, the face-up card last) and the dead hand (sorted).

    ``weight`` is the number of arrangements of physical cards the layout stands for: 1, except
    with two decks, where swapping the two copies of a card that lie in different places (or
    at different stock positions) gives the same layout. Sampling draws layouts with probability
    proportional to their weight, which is the probability of the deal they stand for.
    """

    hands: tuple[tuple[int, ...], ...]
    stock: tuple[int, ...]
    aside: tuple[int, ...]
    weight: int = 1

    def fields(self, view: View) -> dict[str, Any]:
        """Every field of the position (for :meth:`Game.from_fields`)."""
        f = public_fields(view)
        f["hands"] = [list(h) for h in self.hands]
        f["stock"] = list(self.stock)
        f["aside"] = list(self.aside)
        return f

    def game(self, view: View) -> Game:
        """The world as a :class:`Game` (validated by the compiled core); its ``match_score``
        is the view's ``match``."""
        g = Game.from_fields(view.profile, self.fields(view))
        g.match_score = view.match
        return g


def layout_of(game: Game) -> Layout:
    """The layout of a complete position (the weight is left at 1)."""
    f = game.fields()
    return Layout(
        tuple(tuple(sorted(h)) for h in f["hands"]), tuple(f["stock"]), tuple(sorted(f["aside"])),
    )


def is_consistent(view: View, world: Game | Layout) -> bool:
    """Whether a complete position fits the view: the same public fields and own hand, the
    other hands of the right sizes holding their known cards, and every revealed fact obeyed.
    (Another player's ``exchange_lost`` flag is not public and is not compared.)"""
    lay = layout_of(world) if isinstance(world, Game) else world
    if isinstance(world, Game):
        if world.profile != view.profile:
            return False
        f = world.fields()
        expect = public_fields(view)
        for key, value in expect.items():
            if key == "exchange_lost":
                if bool(f[key][view.seat]) != view.exchange_lost:
                    return False
            elif key in ("known", "married", "taken"):
                if [sorted(x) for x in f[key]] != [sorted(x) for x in value]:
                    return False
            elif f[key] != value:
                return False
    n = view.players
    if len(lay.hands) != n or tuple(sorted(lay.hands[view.seat])) != view.hand:
        return False
    for p in range(n):
        if len(lay.hands[p]) != view.hand_sizes[p]:
            return False
        shown: Counter[int] = Counter(view.known[p])
        if shown - Counter(lay.hands[p]):
            return False
    if len(lay.stock) != view.stock_size or len(lay.aside) != view.aside_size:
        return False
    if view.face_up is not None and lay.stock[-1] != view.face_up:
        return False
    everything: Counter[int] = Counter(lay.stock) + Counter(lay.aside) + Counter(view.trick)
    for p in range(n):
        everything.update(lay.hands[p])
        everything.update(view.taken[p])
    if everything != _deck(view):
        return False
    for lk in view.lacks:
        if lk.count_in(lay.hands[lk.player]) > lk.at_most:
            return False
    return all(h.satisfied_by(lay.hands[h.player]) for h in view.holds)


def _deck(view: View) -> Counter[int]:
    r = ranks_in_deck(view.profile)
    return Counter({s * 8 + k: view.profile.copies for s in range(4) for k in range(r)})


# --- the counting programme ---------------------------------------------------------------------
_Comp = tuple[tuple[int, ...], int, tuple[int, ...], tuple[int, ...]]  # y, coefficient, load, use


@dataclass(frozen=True)
class _Group:
    codes: tuple[int, ...]  # in canonical order
    multiplicity: int  # copies of each code among the hidden cards
    allowed: tuple[int, ...]  # location indices
    members: tuple[bool, ...]  # per tracked lack: the group's cards are in its set


class _Programme:
    """The dynamic programme over groups, in one of two units: ``distinct`` counts different
    layouts (two identical cards are one unit), ``physical`` counts arrangements of physical
    cards (used for sampling: a uniform physical arrangement is a weight-proportional layout)."""

    def __init__(self, space: _Space, physical: bool) -> None:
        self.space = space
        self.physical = physical
        self.comps: list[list[_Comp]] = []
        self.units: list[list[tuple[int, ...]]] = []  # per group: per unit, the codes it places
        self.types: list[list[tuple[int, ...]]] = []  # per group: per type, the locations
        stock = space.stock_loc
        for g in space.groups:
            units: list[tuple[int, ...]]
            types: list[tuple[int, ...]]
            if physical or g.multiplicity == 1:
                units = [(c,) for c in g.codes for _ in range(g.multiplicity if physical else 1)]
                types = [(loc,) for loc in g.allowed]
                weights = [1] * len(types)
            else:  # two identical hidden cards per unit
                units = [(c, c) for c in g.codes]
                types = [(a, b) for i, a in enumerate(g.allowed) for b in g.allowed[i:]]
                weights = [
                    1 if (not space.stock_order or t == (stock, stock)) else 2 for t in types
                ]
            self.units.append(units)
            self.types.append(types)
            comps: list[_Comp] = []
            nloc = len(space.need)
            for y in _compositions(len(units), len(types)):
                coef = _multinomial(y)
                load = [0] * nloc
                for t, w, k in zip(types, weights, y):
                    if k:
                        coef *= w**k
                        for loc in t:
                            load[loc] += k
                use = tuple(
                    load[space.budget_loc[i]] if g.members[i] else 0
                    for i in range(len(space.budget))
                )
                comps.append((y, coef, tuple(load), use))
            self.comps.append(comps)
        self.memo: dict[tuple[int, tuple[int, ...], tuple[int, ...]], int] = {}
        self.choices: dict[
            tuple[int, tuple[int, ...], tuple[int, ...]], tuple[list[int], list[_Comp]]
        ] = {}

    def key(
        self, gi: int, need: tuple[int, ...], budget: tuple[int, ...],
    ) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
        """The memo key: facts whose groups are all placed no longer matter."""
        last = self.space.last_use
        if any(last[i] < gi and b for i, b in enumerate(budget)):
            budget = tuple(0 if last[i] < gi else b for i, b in enumerate(budget))
        return gi, need, budget

    def ways(self, gi: int, need: tuple[int, ...], budget: tuple[int, ...]) -> int:
        key = self.key(gi, need, budget)
        gi, need, budget = key
        got = self.memo.get(key)
        if got is not None:
            return got
        if gi == len(self.comps):
            total = 1 if not any(need) else 0
        else:
            total = 0
            for _, coef, load, use in self.comps[gi]:
                nxt = _step(need, budget, load, use)
                if nxt is not None:
                    total += coef * self.ways(gi + 1, nxt[0], nxt[1])
        self.memo[key] = total
        return total

    def start(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        return tuple(self.space.need), tuple(self.space.budget)

    def total(self) -> int:
        need, budget = self.start()
        return self.ways(0, need, budget)

    def choice_table(
        self, gi: int, need: tuple[int, ...], budget: tuple[int, ...],
    ) -> tuple[list[int], list[_Comp]]:
        key = self.key(gi, need, budget)
        gi, need, budget = key
        got = self.choices.get(key)
        if got is None:
            cum: list[int] = []
            comps: list[_Comp] = []
            acc = 0
            for comp in self.comps[gi]:
                nxt = _step(need, budget, comp[2], comp[3])
                if nxt is None:
                    continue
                w = comp[1] * self.ways(gi + 1, nxt[0], nxt[1])
                if w:
                    acc += w
                    cum.append(acc)
                    comps.append(comp)
            got = (cum, comps)
            self.choices[key] = got
        return got


def _step(
    need: tuple[int, ...], budget: tuple[int, ...], load: tuple[int, ...], use: tuple[int, ...],
) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    n2 = tuple(a - b for a, b in zip(need, load))
    if min(n2, default=0) < 0:
        return None
    b2 = tuple(a - b for a, b in zip(budget, use))
    if min(b2, default=0) < 0:
        return None
    return n2, b2


def _compositions(n: int, parts: int) -> Iterator[tuple[int, ...]]:
    if parts == 0:
        if n == 0:
            yield ()
        return
    if parts == 1:
        yield (n,)
        return
    for first in range(n, -1, -1):
        for rest in _compositions(n - first, parts - 1):
            yield (first,) + rest


def _multinomial(y: Sequence[int]) -> int:
    out, total = 1, 0
    for k in y:
        total += k
        out *= math.comb(total, k)
    return out


def _distinct_permutations(items: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """Every ordering of a multiset once, in lexicographic order of the canonical card key."""
    a = sorted(items, key=_card_key)
    keys = [_card_key(c) for c in a]
    n = len(a)
    while True:
        yield tuple(a)
        i = n - 2
        while i >= 0 and keys[i] >= keys[i + 1]:
            i -= 1
        if i < 0:
            return
        j = n - 1
        while keys[j] <= keys[i]:
            j -= 1
        a[i], a[j] = a[j], a[i]
        keys[i], keys[j] = keys[j], keys[i]
        a[i + 1:] = a[i + 1:][::-1]
        keys[i + 1:] = keys[i + 1:][::-1]


class _Space:
    """The worlds that obey the view's sizes, known cards and ``lacks`` (and ``extra`` lacks),
    ignoring its ``holds`` facts."""

    def __init__(self, view: View, stock_order: bool, extra: Sequence[Lack] = ()) -> None:
        self.view = view
        self.stock_order = bool(stock_order)
        n = view.players
        # Locations: the other hands, then the dead hand, then the stock.
        self.locs: list[tuple[str, int]] = [("hand", p) for p in range(n) if p != view.seat]
        need = [view.hand_sizes[p] - len(view.known[p]) for p in range(n) if p != view.seat]
        self.aside_loc = -1
        if view.aside_size or view.profile.aside:
            self.aside_loc = len(self.locs)
            self.locs.append(("aside", -1))
            need.append(view.aside_size)
        self.stock_loc = len(self.locs)
        self.locs.append(("stock", -1))
        self.stock_hidden = max(0, view.stock_size - 1)
        need.append(self.stock_hidden)
        if min(need) < 0:
            raise PositionError("a hand holds fewer cards than its known cards")
        self.need = need
        hand_loc = {p: i for i, (kind, p) in enumerate(self.locs) if kind == "hand"}

        pool = _deck(view)
        pool.subtract(view.public_cards())
        bad = sorted(c for c, k in pool.items() if k < 0)
        if bad:
            raise PositionError(
                f"{Card.from_code(bad[0])} appears more often than the deck holds it"
            )
        self.pool: Counter[int] = +pool
        if sum(self.pool.values()) != sum(need):
            raise PositionError(
                f"{sum(self.pool.values())} cards are unseen but the hidden places hold "
                f"{sum(need)}: the hand sizes, stock and cards played do not add up"
            )

        # Facts: those with nothing left to spend exclude cards from a hand; the others are
        # tracked by the programme.
        excluded: dict[int, list[Lack]] = {}
        self.budget: list[int] = []
        self.budget_loc: list[int] = []
        self.budget_lacks: list[Lack] = []
        self.impossible = False
        for lk in list(view.lacks) + list(extra):
            if lk.player == view.seat or lk.player not in hand_loc:
                continue
            hidden = lk.at_most - sum(1 for c in view.known[lk.player] if lk.holds(c))
            if hidden < 0:
                self.impossible = True
            elif hidden == 0:
                excluded.setdefault(lk.player, []).append(lk)
            elif hidden < need[hand_loc[lk.player]]:
                self.budget.append(hidden)
                self.budget_loc.append(hand_loc[lk.player])
                self.budget_lacks.append(lk)

        groups: dict[tuple[tuple[int, ...], tuple[bool, ...], int], list[int]] = {}
        for code in sorted(self.pool, key=_card_key):
            allowed = tuple(
                i for i, (kind, p) in enumerate(self.locs)
                if need[i] > 0 and not (
                    kind == "hand" and any(lk.holds(code) for lk in excluded.get(p, ()))
                )
            )
            members = tuple(
                lk.holds(code) and self.budget_loc[i] in allowed
                for i, lk in enumerate(self.budget_lacks)
            )
            groups.setdefault((allowed, members, self.pool[code]), []).append(code)
        # Groups that share a tracked fact come one after the other, so that the programme's
        # states stay few (a fact is forgotten once its last group is placed).
        order = sorted(groups, key=lambda k: (any(k[1]), [not b for b in k[1]]))
        self.groups = [_Group(tuple(groups[k]), k[2], k[0], k[1]) for k in order]
        self.last_use = [
            max((gi for gi, g in enumerate(self.groups) if g.members[i]), default=-1)
            for i in range(len(self.budget))
        ]
        if any(not g.allowed for g in self.groups):
            self.impossible = True
        self.doubled = sum(len(g.codes) for g in self.groups if g.multiplicity == 2)
        self._distinct: _Programme | None = None
        self._physical: _Programme | None = None

    # --- counts -----------------------------------------------------------------------------
    def _programme(self, physical: bool) -> _Programme:
        if physical:
            if self._physical is None:
                self._physical = _Programme(self, True)
            return self._physical
        if self._distinct is None:
            self._distinct = _Programme(self, False)
        return self._distinct

    @property
    def count(self) -> int:
        """The number of different worlds."""
        if self.impossible:
            return 0
        total = self._programme(False).total()
        if self.stock_order:
            total = total * math.factorial(self.stock_hidden) // 2**self.doubled
        return total

    @property
    def weight(self) -> int:
        """The number of arrangements of physical cards: the sum of the worlds' weights (equal
        to :attr:`count` with a single deck)."""
        if self.impossible:
            return 0
        if self.view.profile.copies == 1:
            return self.count
        total = self._programme(True).total()
        return total * (math.factorial(self.stock_hidden) if self.stock_order else 1)

    # --- building layouts ---------------------------------------------------------------------
    def _layout(self, placed: Sequence[Sequence[int]], stock: Sequence[int]) -> Layout:
        view = self.view
        hands: list[tuple[int, ...]] = []
        li = 0
        for p in range(view.players):
            if p == view.seat:
                hands.append(view.hand)
            else:
                hands.append(tuple(sorted(list(view.known[p]) + list(placed[li]))))
                li += 1
        aside = tuple(sorted(placed[self.aside_loc])) if self.aside_loc >= 0 else ()
        full = tuple(stock) + ((view.face_up,) if view.face_up is not None else ())
        weight = 1
        if self.doubled:
            where: dict[int, list[int]] = {}
            for i, cards in enumerate(placed):
                for c in cards:
                    where.setdefault(c, []).append(i)
            for locs in where.values():
                if len(locs) == 2 and (
                    locs[0] != locs[1] or (self.stock_order and locs[0] == self.stock_loc)
                ):
                    weight *= 2
        return Layout(tuple(hands), full, aside, weight)

    def walk(self) -> Iterator[Layout]:
        """Every world once, as layouts, in a fixed order."""
        if self.impossible:
            return
        prog = self._programme(False)
        nloc = len(self.locs)
        placed: list[list[int]] = [[] for _ in range(nloc)]

        def rec(gi: int, need: tuple[int, ...], budget: tuple[int, ...]) -> Iterator[Layout]:
            if gi == len(prog.comps):
                stock = placed[self.stock_loc]
                if self.stock_order:
                    for order in _distinct_permutations(stock):
                        yield self._layout(placed, order)
                else:
                    yield self._layout(placed, sorted(stock, key=_card_key))
                return
            units, types = prog.units[gi], prog.types[gi]
            for y, _, load, use in prog.comps[gi]:
                nxt = _step(need, budget, load, use)
                if nxt is None or not prog.ways(gi + 1, nxt[0], nxt[1]):
                    continue
                for split in _splits(len(units), y):
                    for t, idx in zip(types, split):
                        for u in idx:
                            for loc, code in zip(t, units[u]):
                                placed[loc].append(code)
                    yield from rec(gi + 1, nxt[0], nxt[1])
                    for t, idx in zip(types, split):
                        for u in idx:
                            for loc in t:
                                placed[loc].pop()

        yield from rec(0, *prog.start())

    def sample_one(self, rng: random.Random) -> Layout:
        """One layout with probability proportional to its weight."""
        prog = self._programme(True)
        need, budget = prog.start()
        placed: list[list[int]] = [[] for _ in self.locs]
        for gi in range(len(prog.comps)):
            cum, comps = prog.choice_table(gi, need, budget)
            pick = bisect.bisect_right(cum, rng.randrange(cum[-1]))
            y, _, load, use = comps[pick]
            units = list(prog.units[gi])
            rng.shuffle(units)
            pos = 0
            for t, k in zip(prog.types[gi], y):
                for u in units[pos:pos + k]:
                    placed[t[0]].append(u[0])
                pos += k
            nxt = _step(need, budget, load, use)
            assert nxt is not None
            need, budget = prog.key(gi + 1, nxt[0], nxt[1])[1:]
        stock = placed[self.stock_loc]
        if self.stock_order:
            rng.shuffle(stock)
        else:
            stock.sort(key=_card_key)
        return self._layout(placed, stock)


def _splits(n: int, sizes: Sequence[int]) -> Iterator[list[tuple[int, ...]]]:
    """Every way to deal the units ``0..n-1`` into consecutive parts of the given sizes."""
    if not sizes:
        yield []
        return
    rest = list(range(n))

    def rec(i: int, left: list[int]) -> Iterator[list[tuple[int, ...]]]:
        if i == len(sizes) - 1:
            yield [tuple(left)]
            return
        for pick in itertools.combinations(left, sizes[i]):
            chosen = set(pick)
            for tail in rec(i + 1, [u for u in left if u not in chosen]):
                yield [pick] + tail

    yield from rec(0, rest)


class WorldSpace:
    """Every world of a view, counted once; enumerate or sample them without recounting.

    ``stock_order``: with ``True`` (the default) two worlds that differ only in the order of the
    stock are different worlds; with ``False`` the stock is a set and its hidden cards are
    placed in canonical order (suits C D H S, low to high), the face-up card still last. The
    order no longer matters once the stock is closed.

    The view's ``holds`` facts (four-hand-24 only) are counted by inclusion and exclusion over
    the facts, and enumerated and sampled by filtering the worlds that ignore them.
    """

    def __init__(self, view: View, *, stock_order: bool = True) -> None:
        if not isinstance(view, View):
            raise SixtySixError(f"a WorldSpace needs a View, got {type(view).__name__}")
        self.view = view
        self.stock_order = bool(stock_order)
        self._base = _Space(view, self.stock_order)
        self.holds = view.holds
        self._terms: list[tuple[int, _Space]] | None = None

    def _inclusion_exclusion(self) -> list[tuple[int, _Space]]:
        if self._terms is None:
            self._terms = [(1, self._base)]
            facts = list(self.holds)
            for k in range(1, len(facts) + 1):
                for subset in itertools.combinations(facts, k):
                    extra = [
                        Lack.of_cards(h.player, opt, len(opt) - 1)
                        for h in subset for opt in h.options
                    ]
                    self._terms.append(
                        ((-1) ** k, _Space(self.view, self.stock_order, extra))
                    )
        return self._terms

    @property
    def count(self) -> int:
        """The number of different worlds."""
        if not self.holds:
            return self._base.count
        return sum(sign * sp.count for sign, sp in self._inclusion_exclusion())

    @property
    def weight(self) -> int:
        """The number of arrangements of physical cards: the sum of the worlds' weights (equal
        to :attr:`count` with a single deck)."""
        if not self.holds:
            return self._base.weight
        return sum(sign * sp.weight for sign, sp in self._inclusion_exclusion())

    def _fits(self, lay: Layout) -> bool:
        return all(h.satisfied_by(lay.hands[h.player]) for h in self.holds)

    def layouts(self, limit: int | None = DEFAULT_LIMIT) -> Iterator[Layout]:
        """Every world once, as layouts, in a fixed order. Raises :class:`TooManyWorldsError`
        (before producing anything) when there are more than ``limit`` (``None``: no limit)."""
        if limit is not None:
            if not isinstance(limit, int) or isinstance(limit, bool) or limit < 0:
                raise SixtySixError(f"limit must be a non-negative integer, got {limit!r}")
            count = self.count
            if count > limit:
                raise TooManyWorldsError(
                    f"{count} worlds fit this view, more than the limit of {limit}"
                    + (" (stock_order=False counts far fewer)" if self.stock_order else "")
                )
        if not self.holds:
            return self._base.walk()
        return (lay for lay in self._base.walk() if self._fits(lay))

    def rows(self, limit: int | None = DEFAULT_LIMIT) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.float64]]:
        """Every world once as a row of card codes (every hand in seat order, the stock top
        first, the dead hand: the form the compiled core takes) and its weight. With two
        players, one deck, the stock as a set and no counted facts this is a vectorised walk
        over the combinations of the other hand (12,376 rows at sixty-six's first lead in a
        few milliseconds); otherwise the rows of :meth:`layouts`. Raises
        :class:`TooManyWorldsError` when there are more than ``limit``."""
        fast = self._fast_rows(limit)
        if fast is not None:
            return fast
        lays = list(self.layouts(limit))
        return layout_rows(lays), np.array([float(lay.weight) for lay in lays])

    def _fast_rows(
        self, limit: int | None,
    ) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.float64]] | None:
        sp, view = self._base, self.view
        if (self.holds or self.stock_order or sp.impossible or sp.budget or view.players != 2
                or sp.aside_loc >= 0 or view.profile.copies != 1):
            return None
        other = 1 - view.seat
        hand_loc = 0  # locations: the other hand, then the stock
        k = sp.need[hand_loc]
        may = [c for g in sp.groups if hand_loc in g.allowed for c in g.codes]
        forced = [c for g in sp.groups if hand_loc not in g.allowed for c in g.codes]
        count = math.comb(len(may), k)
        if limit is not None and count > limit:
            raise TooManyWorldsError(f"{count} worlds fit this view, more than the limit of {limit}")
        m = len(may)
        idx = np.fromiter(
            itertools.chain.from_iterable(itertools.combinations(range(m), k)),
            dtype=np.intp, count=count * k,
        ).reshape(count, k)
        chosen = np.zeros((count, m), dtype=bool)
        np.put_along_axis(chosen, idx, True, axis=1)
        rest = np.nonzero(~chosen)[1].reshape(count, m - k)
        codes = np.array(may, dtype=np.uint8)
        known = np.array(view.known[other], dtype=np.uint8)
        mine = np.array(view.hand, dtype=np.uint8)
        tail = np.array(forced + ([view.face_up] if view.face_up is not None else []),
                        dtype=np.uint8)
        parts = {
            view.seat: np.broadcast_to(mine, (count, len(mine))),
            other: np.hstack([np.broadcast_to(known, (count, len(known))), codes[idx]]),
        }
        rows = np.hstack([parts[0], parts[1], codes[rest], np.broadcast_to(tail, (count, len(tail)))])
        return np.ascontiguousarray(rows, dtype=np.uint8), np.ones(count)

    def sample(self, n: int, seed: int) -> list[Layout]:
        """``n`` layouts drawn independently, each with probability proportional to its
        weight (uniform over worlds with a single deck); the same seed gives the same
        layouts."""
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise SixtySixError(f"n must be a non-negative integer, got {n!r}")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise SixtySixError(f"seed must be an integer, got {seed!r}")
        return list(itertools.islice(self.stream(seed), n)) if n else []

    def stream(self, seed: int) -> Iterator[Layout]:
        """An endless stream of independent layouts (as :meth:`sample`: the first ``n`` are
        ``sample(n, seed)``), for callers that do not know in advance how many they need."""
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise SixtySixError(f"seed must be an integer, got {seed!r}")
        if self.weight == 0:
            raise PositionError("no deal fits this view: there is nothing to sample")
        return self._stream(random.Random(seed))

    def _stream(self, rng: random.Random) -> Iterator[Layout]:
        while True:
            lay = self._base.sample_one(rng)
            if not self.holds or self._fits(lay):
                yield lay


# --- the functions ------------------------------------------------------------------------------
def count_worlds(view: View, *, stock_order: bool = True) -> int:
    """The exact number of worlds that fit ``view`` (see :class:`WorldSpace`)."""
    return WorldSpace(view, stock_order=stock_order).count


def enumerate_layouts(
    view: View, limit: int | None = DEFAULT_LIMIT, *, stock_order: bool = True,
) -> Iterator[Layout]:
    """Every world once as a :class:`Layout`; :class:`TooManyWorldsError` if more than
    ``limit`` (``None``: no limit)."""
    return WorldSpace(view, stock_order=stock_order).layouts(limit)


def enumerate_worlds(
    view: View, limit: int | None = DEFAULT_LIMIT, *, stock_order: bool = True,
) -> Iterator[Game]:
    """Every world once as a :class:`Game`; :class:`TooManyWorldsError` if more than
    ``limit``. With two decks each world stands for :attr:`Layout.weight` deals: use
    :func:`enumerate_layouts` to read the weights."""
    layouts = enumerate_layouts(view, limit, stock_order=stock_order)
    return (lay.game(view) for lay in layouts)


def sample_layouts(
    view: View, n: int, seed: int, *, stock_order: bool = True,
) -> list[Layout]:
    """``n`` independent random worlds as layouts (see :meth:`WorldSpace.sample`)."""
    return WorldSpace(view, stock_order=stock_order).sample(n, seed)


def sample_worlds(view: View, n: int, seed: int, *, stock_order: bool = True) -> list[Game]:
    """``n`` independent random worlds as games: uniform over the worlds (with two decks,
    proportional to the deals they stand for); the same seed gives the same worlds."""
    return [lay.game(view) for lay in sample_layouts(view, n, seed, stock_order=stock_order)]


def layout_rows(layouts: Sequence[Layout]) -> npt.NDArray[np.uint8]:
    """Layouts as rows of card codes for the compiled core: every hand in seat order, the
    stock top first, the dead hand."""
    return np.array(
        [[c for h in lay.hands for c in h] + list(lay.stock) + list(lay.aside) for lay in layouts],
        dtype=np.uint8,
    ).reshape(len(layouts), -1)


def first_layout(view: View) -> Layout:
    """One world of the view (the first in enumeration order; with ``holds`` facts the first
    of a fixed seed's draws), or :class:`PositionError` if no deal fits it."""
    space = WorldSpace(view, stock_order=False)
    if space.count:
        if space.holds:
            # The walk places the hidden cards in canonical order, and can pass hundreds of
            # thousands of worlds before the shown pair lands in its holder's hand (40 s in a
            # four-hand-24 hand): a draw fits about one time in ten.
            return next(space._stream(random.Random(0)))
        for lay in space.layouts(None):
            return lay
    raise PositionError("no deal fits this view: the revealed facts, known cards and sizes "
                        "leave no place for some hidden card")


def check_view(view: View) -> View:
    """Check that at least one deal fits the view (raises :class:`PositionError`); the
    compiled core checks the public fields of that deal. Returns the view."""
    first_layout(view).game(view)
    return view


def parse_view(text: str) -> View:
    """A :class:`View` from its notation (``docs/views.md``). Text that cannot be read raises
    :class:`NotationError`; a view that no deal fits raises :class:`PositionError`.

    >>> from sixtysix_solver import format_view
    >>> v = parse_view("schnapsen seat=1 dealer=0 turn=1:lead trump=QH hands=5/JDADKHTHJS stock=10:QH")
    >>> format_view(v) == "schnapsen seat=1 dealer=0 turn=1:lead trump=QH hands=5/JDADKHTHJS stock=10:QH"
    True
    """
    return check_view(View.from_notation(text))

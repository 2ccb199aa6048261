"""The exact solver against the slow reference minimax (tests/reference/minimax.py).

Every position comes from a seeded random hand of a profile, stopped where the reference can
still search the whole tree in a few milliseconds. On each position the solver's value and the
value of every legal action must equal the reference's, for ``game_points`` always, plus
``win`` (every fourth position) and ``card_points`` (every fourth position); the principal
variation must be legal and end at the value. A fifth of the positions also go through
``solve_many`` with one and with two threads. Any disagreement is a bug until RULES.md
explains it.

Kinds of positions, per profile:

* strict (every profile; ``SIXTYSIX_SOLVER_POSITIONS``, default 600): the profile itself,
  played at random (each hand with its own taste for closing, exchanging, marrying, claiming
  and holding kings and queens back; one hand in twelve plays uniformly, false claims
  included) until the stock is gone or closed and few cards are left: 1-4 per hand with two
  players, up to 3 with three, up to 2 (and part of a third round) with four. Then 0-3 more
  actions, or up to 8 until a marriage is declared: a lead, mid-trick, the end (claim or
  pass) phase, pending marriage points, a closed stock, a claim available.
* open (profiles with a stock; half as many): the profile with hands of 1-3 cards (only
  ``hand_size`` changed, so the stock is long and the scores real), played at random until
  2 (with tiny hands up to 8) stock cards are left or the stock was closed, then 0-3 more
  actions: draws, the draw phase, exchanges, closings, marriages and claims at the end of
  the stock.
* full (schnapsen, schnapsen-jaques, sixty-six; ``SIXTYSIX_SOLVER_POSITIONS // 1000``, at
  least 2): the profile's own full hands with 2 stock cards left. Slow (seconds each).

Besides the built-in profiles, a few knob settings (``VARIANTS``, a quarter of the positions
each) reach the solver's rule-keyed cutoffs where no built-in profile does.

The generator must show each situation that a profile allows (``expected_features``) in
its first 2,000 strict and 1,000 open positions, so it cannot quietly stop producing them.
That check only generates positions (a fifth of the cost of checking one), so the default
run checks fewer positions against the reference than it looks at.

Position ``k`` of a profile depends only on (salt, profile, kind, k): a failure names what
rebuilds it, and ``python tests/test_solver_differential.py PROFILE KIND K [SALT]`` prints
that position with the solver's and the reference's answers. Failures are collected (the
test goes on) and reported together.

Environment:

* ``SIXTYSIX_SOLVER_POSITIONS``: strict positions per profile (default 600; open: half as
  many; full: one per thousand, at least 2).
* ``SIXTYSIX_SOLVER_SALT``: another seeded set of positions (default: empty).
* ``SIXTYSIX_SOLVER_SHARD``: ``I/N`` checks only the positions with ``k % N == I``, so N
  processes share one run.

The default run takes about two minutes on one core. The
large seeded run, 100,000 strict (and 50,000 open, 100 full) positions per profile, is two
processes, one per core, over the two halves of every profile's positions; run it before
resolving a change to the search or the rules, and give its counts in the issue::

    export SIXTYSIX_SOLVER_POSITIONS=100000
    SIXTYSIX_SOLVER_SHARD=0/2 python -m pytest -n0 tests/test_solver_differential.py -s > shard0.log &
    SIXTYSIX_SOLVER_SHARD=1/2 python -m pytest -n0 tests/test_solver_differential.py -s > shard1.log &
    wait

Each test prints its count, the situations its positions showed and every failure. Finer
shards (``c/20`` for c = 0..19, two at a time) give the same positions in pieces of a few
minutes; with the knob variants that is 1,500,300 positions, 85 minutes on two cores.
"""

from __future__ import annotations

import os
import random
import sys
import traceback
from collections import Counter
from dataclasses import dataclass

import numpy as np
import pytest

from reference.bridge import reference_of
from reference.rules_model import A_CLAIM, RefState
from reference.minimax import solve as ref_solve
from sixtysix_solver import PROFILES, Game, Profile, get_profile
from sixtysix_solver.rules.actions import Action, Kind
from sixtysix_solver.notation.position import format_position
from sixtysix_solver.rules.solve import Solver, solve_many

POSITIONS = int(os.environ.get("SIXTYSIX_SOLVER_POSITIONS", "600"))
SALT = os.environ.get("SIXTYSIX_SOLVER_SALT", "")
_shard = os.environ.get("SIXTYSIX_SOLVER_SHARD", "0/1").split("/")
SHARD, SHARDS = int(_shard[0]), int(_shard[1])
assert 0 <= SHARD < SHARDS, "SIXTYSIX_SOLVER_SHARD must be I/N with 0 <= I < N"

COUNTS = {
    "strict": POSITIONS,
    "open": POSITIONS // 2,
    "full": max(POSITIONS // 1000, 2),
}
# Positions generated (not solved) per kind for the situations check.
FEATURE_COUNTS = {"strict": 2000, "open": 1000}
# Knob settings beyond the built-in profiles that turn the solver's rule-keyed cutoffs on or
# off where no built-in profile does: claims on any turn with a false claim that is not paid
# by the receiver's score (the schneider race without `one_at_most`), closing stakes with
# claims paid by the loser's score, other natural ends. A quarter of the positions each.
VARIANTS: dict[str, Profile] = {
    "sixty-six/closing-stakes": get_profile("sixty-six", close_stakes="closing"),
    "sixty-six/last-trick": get_profile("sixty-six", natural_end="last_trick"),
    "schnapsen/opp2or3": get_profile("schnapsen", false_claim="opp2or3"),
    "schnapsen/first-to-target": get_profile("schnapsen", natural_end="first_to_target"),
}
ALL = {**PROFILES, **VARIANTS}
STOCK_PROFILES = [n for n, p in ALL.items() if p.stock_size > 0]
FULL_PROFILES = ["schnapsen", "schnapsen-jaques", "sixty-six"]

# Cards left in all hands together at the strict stop (drawn uniformly from the tuple).
STRICT_CARDS = {
    2: (0, 1, 2, 3, 4, 5, 5, 6, 6, 7, 7, 8, 8),
    3: (0, 1, 2, 3, 4, 5, 6, 6, 7, 7, 8, 8, 9, 9),
    4: (0, 1, 2, 3, 4, 5, 6, 7, 7, 8, 8, 8, 8, 9, 10, 11),
}
# Open kind: hand size of the variant, and the stock cards left at the stop for it.
OPEN_STOCK = {1: (2, 4, 8), 2: (2, 2, 4), 3: (2,)}


# --- positions -----------------------------------------------------------------------------


@dataclass
class Case:
    name: str  # profile name
    kind: str  # "strict", "open" or "full"
    k: int
    profile: Profile  # the profile, or its variant with smaller hands ("open")
    seed: int
    dealer: int
    carry: int
    game: Game

    @property
    def label(self) -> str:
        return f"{self.name} {self.kind} k={self.k} salt={SALT!r}"

    def describe(self) -> str:
        acts = " ".join(str(a) for a in self.game.actions)
        return (
            f"{self.label}: deal seed={self.seed} dealer={self.dealer} carry={self.carry} "
            f"profile={self.profile!r}\n  actions: {acts}\n  position: {format_position(self.game)}"
        )


class Style:
    """One hand's random player: how keen it is to close, exchange, marry and claim."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.uniform = rng.random() < 1 / 12
        self.close = rng.choice((0.0, 0.0, 0.01, 0.05, 0.2, 0.6))
        self.exchange = rng.choice((0.0, 0.3, 0.9, 1.0))
        self.marry = rng.choice((0.0, 0.3, 0.8, 1.0))
        self.claim = rng.choice((1.0, 1.0, 0.5, 0.0))
        self.keep_royals = rng.random() < 0.3  # hold kings and queens back: more marriages

    def pick(self, game: Game) -> int:
        rng = self.rng
        legal = game.legal_action_codes()
        if self.uniform or len(legal) == 1:
            return rng.choice(legal)
        kinds: dict[int, list[int]] = {}
        for a in legal:
            kinds.setdefault(a // 64, []).append(a)
        if Kind.CLAIM in kinds:
            p = game.to_act
            assert p is not None
            side = p % 2 if game.players == 4 else p
            if game.scores()[side] >= game.profile.target and rng.random() < self.claim:
                return A_CLAIM
            del kinds[Kind.CLAIM]
        for kind, p in ((Kind.EXCHANGE, self.exchange), (Kind.CLOSE, self.close),
                        (Kind.MARRY, self.marry), (Kind.SHOW, self.marry)):
            if kind in kinds:
                if rng.random() < p:
                    return rng.choice(kinds[kind])
                if len(kinds) > 1:
                    del kinds[kind]
        rest = [a for group in kinds.values() for a in group]
        if self.keep_royals:
            # Plays are codes 0-31 (suit * 8 + rank); ranks 2 and 3 are the king and queen.
            plain = [a for a in rest if not (a < 32 and a % 8 in (2, 3))]
            if plain and rng.random() < 0.9:
                return rng.choice(plain)
        return rng.choice(rest)


def make_case(name: str, kind: str, k: int) -> Case:
    """Position ``k`` of one kind for one profile (deterministic; tries deals until one
    reaches the stop)."""
    rng = random.Random(f"solver-differential|{SALT}|{name}|{kind}|{k}")
    base = ALL[name]
    while True:
        prof = base
        if kind == "open":
            prof = base.with_overrides(hand_size=rng.choice((1, 2, 2, 3, 3)))
        seed = rng.getrandbits(64)
        dealer = rng.randrange(prof.players)
        carry = rng.choice((0, 0, 1, 2)) if prof.draw_carry else 0
        game = Game.deal(prof, seed=seed, dealer=dealer, carry=carry)
        style = Style(rng)
        extra = rng.choice((0, 0, 0, 1, 2, 3))
        # Sometimes stop right after a marriage is declared (or shown) past the stop.
        after_marriage = kind != "full" and rng.random() < 0.3
        if after_marriage:
            extra = 8
        if kind == "strict":
            cards = rng.choice(STRICT_CARDS[prof.players])
        elif kind == "open":
            stock_left = rng.choice(OPEN_STOCK[prof.hand_size])
        else:
            stock_left = 2
        reached = False
        while not game.is_over:
            if reached and after_marriage and game.actions[-1].kind in (Kind.MARRY, Kind.SHOW):
                return Case(name, kind, k, prof, seed, dealer, carry, game)
            f = game.fields()
            if kind == "strict":
                stop = sum(map(len, f["hands"])) <= cards and (game.strict or f["phase"] == "end")
            else:  # a short stock left, or the stock was closed
                stop = len(f["stock"]) <= stock_left or f["closed_by"] >= 0
            if stop or reached:
                if after_marriage:
                    style.marry = 1.0
                reached = True
                if extra == 0:
                    return Case(name, kind, k, prof, seed, dealer, carry, game)
                extra -= 1
            game.apply(style.pick(game))


# --- checks --------------------------------------------------------------------------------


def objectives(k: int) -> tuple[str, ...]:
    return ("game_points",) + {1: ("win",), 3: ("card_points",)}.get(k % 4, ())


def check(case: Case, ref: RefState, solver: Solver, objective: str) -> tuple[int, str | None]:
    """The reference's value, and what went wrong (``None`` if the solver agrees)."""
    game = case.game
    value, per_action = ref_solve(ref, objective)
    ours = solver.solve(game, objective=objective, pv=True)  # type: ignore[arg-type]
    theirs = {av.action.code: av.value for av in ours.actions}
    problems = []
    if ours.value != value:
        problems.append(f"value: solver {ours.value}, reference {value}")
    if theirs != per_action:
        diff = {
            str(Action.from_code(a)): (theirs.get(a), per_action.get(a))
            for a in sorted(set(theirs) | set(per_action))
            if theirs.get(a) != per_action.get(a)
        }
        problems.append(f"action values differ (solver, reference): {diff}")
    if ours.player != game.to_act:
        problems.append(f"player {ours.player} is not the player to act {game.to_act}")
    if not problems:
        # The principal variation is legal and, played out, ends the hand at the value.
        replay = game.clone()
        try:
            for a in ours.pv:
                replay.apply(a)
        except Exception as e:  # noqa: BLE001 - reported below
            problems.append(f"principal variation not legal: {e}")
        else:
            res = replay.result
            if objective != "card_points" and res is not None:
                r = res.returns[game.to_act]  # type: ignore[index]
                got = r if objective == "game_points" else (r > 0) - (r < 0)
                if got != value:
                    problems.append(f"principal variation ends at {got}, not {value}")
    if not problems:
        return value, None
    return value, f"{objective}: " + "; ".join(problems)


def features(game: Game) -> set[str]:
    """What the position offers, for the coverage check."""
    f = game.fields()
    legal = {a // 64 for a in game.legal_action_codes()}
    out = {f"phase:{game.phase}"}
    if game.stock:
        out.add("stock:closed" if f["closed_by"] >= 0 else "stock:open")
    elif f["closed_by"] >= 0:
        out.add("stock:closed")
    if any(f["pending"]):
        out.add("pending marriage")
    if f["carry"]:
        out.add("carry")
    if f["marriage_suit"] >= 0:
        out.add("marriage declared")
    names = {Kind.CLAIM: "claim", Kind.EXCHANGE: "exchange", Kind.CLOSE: "close",
             Kind.MARRY: "marry", Kind.SHOW: "show", Kind.DRAW: "draw"}
    out.update(f"legal:{names[kd]}" for kd in legal if kd in names)
    p = game.to_act
    if Kind.CLAIM in legal and p is not None:
        side = p % 2 if game.players == 4 else p
        if game.scores()[side] >= game.profile.target:
            out.add("true claim")
    return out


def expected_features(prof: Profile, kind: str) -> set[str]:
    """Situations that the first FEATURE_COUNTS positions must show: all that the profile
    allows, less RARE."""
    out = {"phase:lead", "phase:follow"}
    if prof.claim != "none":
        out |= {"phase:end", "legal:claim", "true claim"}
    if prof.marriage_by_partner:
        out |= {"phase:show", "legal:show"}
    if prof.draw_carry:
        out.add("carry")
    if prof.marriages == "any" or (prof.marriages == "open" and kind == "open"):
        out |= {"legal:marry", "marriage declared"}
    if prof.marriages != "none" and prof.marriage_before_trick == "pending":
        out.add("pending marriage")
    if prof.close != "none":
        out.add("stock:closed")
    if kind == "open":
        out.add("stock:open")
        if prof.close != "none":
            out.add("legal:close")
        if prof.close == "lead_or_before_draw":
            out.add("phase:draw")
        if prof.exchange_rank != "none":
            out.add("legal:exchange")
    return out - RARE.get((prof.name, kind), set())


# Allowed but seen in fewer than 5 of the FEATURE_COUNTS positions (so another salt may show
# none): a side still without a trick late in the hand, a marriage in a hand of 1-3 cards of
# a big deck.
RARE: dict[tuple[str, str], set[str]] = {
    ("mariage-piquet", "strict"): {"pending marriage"},
    ("four-hand-24", "strict"): {"marriage declared"},
    ("double-deck", "strict"): {"pending marriage"},
    ("sixty-six", "open"): {"pending marriage"},
    ("schnapsen-jaques", "open"): {"pending marriage"},
    ("mariage", "open"): {"legal:exchange"},
    ("mariage-piquet", "open"): {"pending marriage"},
    ("double-deck", "open"): {"legal:exchange", "marriage declared", "pending marriage"},
}


def run(name: str, kind: str) -> None:
    """Check this shard's positions of one kind for one profile; report every failure."""
    count = COUNTS[kind] // (4 if name in VARIANTS else 1)
    solver = Solver(8)
    failures: list[str] = []
    batch: dict[str, list[tuple[Game, int, str]]] = {}
    seen: Counter[str] = Counter()
    checked = batched = 0

    def flush(objective: str) -> None:
        # The batch API (C++ threads) on a share of the positions, one and two threads.
        nonlocal batched
        items = batch.pop(objective, [])
        games = [g for g, _, _ in items]
        want = np.array([v for _, v, _ in items])
        for threads in (1, 2):
            out = solve_many(games, objective=objective, threads=threads)  # type: ignore[arg-type]
            if out.aborted.any():
                failures.append(f"solve_many {objective} threads={threads}: aborted without a limit")
            for i in np.flatnonzero(out.values != want):
                failures.append(
                    f"solve_many {objective} threads={threads} {items[i][2]}: "
                    f"{out.values[i]} != reference {want[i]}"
                )
        batched += len(items)

    for k in range(SHARD, count, SHARDS):
        case = None
        try:
            case = make_case(name, kind, k)
            seen.update(features(case.game))
            ref = reference_of(case.game)
            for objective in objectives(k):
                value, problem = check(case, ref, solver, objective)
                if problem:
                    failures.append(f"{case.describe()}\n  {problem}")
                if checked % 5 == 0:  # every fifth position that this run checks
                    batch.setdefault(objective, []).append((case.game, value, case.label))
                    if len(batch[objective]) == 400:
                        flush(objective)
        except Exception:  # noqa: BLE001 - every failure is reported at the end
            where = case.describe() if case else f"{name} {kind} k={k} salt={SALT!r}"
            failures.append(f"{where}\n  {traceback.format_exc()}")
        checked += 1
    for objective in list(batch):
        flush(objective)
    print(
        f"\n{name} {kind}: {checked} positions (shard {SHARD}/{SHARDS}, salt {SALT!r}), "
        f"{batched} solves also through solve_many, {len(failures)} failure(s); "
        f"situations: {dict(sorted(seen.items()))}"
    )
    for failure in failures:
        print(f"FAILURE {failure}")
    assert not failures, (
        f"{len(failures)} disagreement(s) in {checked} {kind} positions of {name}:\n"
        + "\n".join(failures[:20])
    )
    assert batched >= checked // 5


@pytest.mark.parametrize("name", list(ALL))
def test_strict_positions_match_reference(name: str) -> None:
    run(name, "strict")


@pytest.mark.parametrize("name", STOCK_PROFILES)
def test_late_open_positions_match_reference(name: str) -> None:
    run(name, "open")


@pytest.mark.parametrize("name", FULL_PROFILES)
def test_full_hand_open_positions_match_reference(name: str) -> None:
    run(name, "full")


@pytest.mark.parametrize(("name", "kind"), [(n, "strict") for n in PROFILES]
                         + [(n, "open") for n in STOCK_PROFILES if n in PROFILES])
def test_positions_show_every_situation(name: str, kind: str) -> None:
    """The generator reaches every situation a built-in profile allows (generating only:
    cheap). The knob variants get a quarter of the positions, too few for the rare ones."""
    count = FEATURE_COUNTS[kind]
    seen: Counter[str] = Counter()
    for k in range(count):
        seen.update(features(make_case(name, kind, k).game))
    missing = sorted(expected_features(ALL[name], kind) - set(seen))
    assert not missing, f"{name} {kind}: no position shows {missing} (of {count}): {seen}"


def test_positions_are_reproducible() -> None:
    a = make_case("sixty-six", "strict", 7)
    b = make_case("sixty-six", "strict", 7)
    assert a.describe() == b.describe()
    assert make_case("sixty-six", "strict", 8).describe() != a.describe()


def main(argv: list[str]) -> None:
    """``PROFILE KIND K [SALT]``: print one position and both sides' answers."""
    global SALT
    name, kind, k = argv[0], argv[1], int(argv[2])
    if len(argv) > 3:
        SALT = argv[3]
    case = make_case(name, kind, k)
    print(case.describe())
    ref = reference_of(case.game)
    for objective in objectives(k):
        ours = Solver(8).solve(case.game, objective=objective)  # type: ignore[arg-type]
        value, per_action = ref_solve(ref, objective)
        print(f"{objective}: solver {ours.value} "
              f"{ {str(av.action): av.value for av in ours.actions} }")
        print(f"{objective}: reference {value} "
              f"{ {str(Action.from_code(a)): v for a, v in per_action.items()} }")


if __name__ == "__main__":
    main(sys.argv[1:])

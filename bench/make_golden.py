"""Golden hard positions for the exact solver: tests/data/solver_golden.json.

    python bench/make_golden.py                  # pick and solve positions, compare with the file
    python bench/make_golden.py --write          # ... and rewrite the file (pick positions afresh)
    python bench/make_golden.py --values --write # keep the file's positions, recompute the values
                                                 # (only after a reviewed rule change)
    python bench/make_golden.py --write double-deck  # regenerate one profile's positions only

For every profile, seeded random games (``random_action``) give candidate positions: each
game's positions are solved (value only) from the end of the hand backwards until one needs
more than ``--value-cap`` nodes. Only positions with two or more legal actions count. From
the candidates, five per profile are kept, "hardest" meaning the most nodes for the value:

* ``most-nodes``: the hardest of all;
* ``unique-best``: the hardest where exactly one legal action reaches the value;
* ``decision``: the hardest where closing, the exchange, a marriage, a show or a claim is legal
  and matters (preferably as the only best action); four-hand has none of these and gets
  ``mid-trick-last`` instead, the hardest with one card to come in the trick;
* ``mid-trick``: the hardest with cards on the table (with three or four players, two or more);
* ``reference``: the hardest that the reference minimax (``tests/reference/minimax.py``) still
  solves within ``--ref-seconds`` on every objective stored (found by bisection over the
  candidates ordered by the cards still in play, then by nodes).

Every kept position is solved with every action's value within ``--action-cap`` nodes per
objective (a candidate that needs more is passed over, so the golden test stays fast):
``game_points``, plus ``win`` or ``card_points`` (the ``reference`` kind: both). The values are
cross-checked: ``solve_many`` (two threads) gives the same values; a solver with a 1 MiB table
(constant replacement) gives the same action values; in two-sided games each action's value
equals the solved value of the position after it; and the reference minimax is run on each
position and objective (for up to ``--ref-seconds``; 3 s for the hard kinds, which it rarely
finishes) and the file records which objectives it confirmed. Any disagreement stops the run.
"""

from __future__ import annotations

import argparse
import json
import random
import signal
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any, cast

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from reference.bridge import reference_of  # type: ignore[import-not-found]  # noqa: E402
from reference.minimax import solve as ref_solve  # type: ignore[import-not-found]  # noqa: E402

from sixtysix_solver import PROFILES, Action, Game, Kind  # noqa: E402
from sixtysix_solver.rules.random_play import random_action  # noqa: E402
from sixtysix_solver.notation.position import format_position, parse_position  # noqa: E402
from sixtysix_solver.rules.solve import Objective, Solver, solve_many  # noqa: E402

GOLDEN = ROOT / "tests" / "data" / "solver_golden.json"
FORMAT = "sixtysix-solver-golden"
VERSION = 1
OBJECTIVES: tuple[Objective, ...] = ("game_points", "win", "card_points")
# The objectives stored with each kind of position besides game_points (always stored).
EXTRA_OBJECTIVES: dict[str, tuple[Objective, ...]] = {
    "most-nodes": ("card_points",), "unique-best": ("win",), "decision": ("win",),
    "mid-trick-last": ("win",), "mid-trick": ("card_points",),
    "reference": ("win", "card_points"),
}
SPECIAL = (Kind.EXCHANGE, Kind.CLOSE, Kind.MARRY, Kind.SHOW, Kind.CLAIM)
TRIES = 80  # candidates given a full solve per kind, hardest first


@dataclass
class Candidate:
    game: Game  # with its history from the deal (the reference replays it)
    text: str
    nodes: int  # nodes of the value-only game_points solve

    @property
    def specials(self) -> set[Kind]:
        return {a.kind for a in self.game.legal_actions() if a.kind in SPECIAL}


@dataclass
class Solved:
    value: int
    actions: dict[str, int]
    nodes: int


@dataclass
class Entry:
    profile: str
    kind: str
    cand: Candidate
    values: dict[str, Solved] = field(default_factory=dict)
    reference: list[str] = field(default_factory=list)


class Budget(Exception):
    pass


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Raise :class:`Budget` in the block after ``seconds`` (the reference is pure Python)."""

    def handler(signum: int, frame: FrameType | None) -> None:
        raise Budget

    old = signal.signal(signal.SIGALRM, handler)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def candidates(name: str, games: int, value_cap: int, solver: Solver) -> list[Candidate]:
    """Positions of seeded random games, each solved (value only) within ``value_cap`` nodes."""
    prof = PROFILES[name]
    seen: dict[str, Candidate] = {}
    for seed in range(1, games + 1):
        rng = random.Random(f"golden {name} {seed}")
        carry = rng.choice((0, 0, 1)) if prof.draw_carry else 0
        game = Game.deal(prof, seed=seed, dealer=seed % prof.players, carry=carry)
        line: list[Game] = []
        while not game.is_over:
            line.append(game.clone())
            game.apply(random_action(game, rng, uniform=rng.random() < 0.05))
        for g in reversed(line):  # small to large; stop at the first one over the cap
            text = format_position(g)
            if text in seen:
                continue
            r = solver.solve(g, actions=False, pv=False, node_limit=value_cap)
            if not r.exact:  # the cap bound: bounds, not a value
                break
            seen[text] = Candidate(g, text, r.nodes)
    return sorted(seen.values(), key=lambda c: (-c.nodes, c.text))


def full_solve(game: Game, objective: Objective, cap: int, solver: Solver) -> Solved | None:
    r = solver.solve(game, objective=objective, actions=True, pv=False, node_limit=cap)
    if not r.exact or not all(av.exact for av in r.actions):
        return None
    assert r.value is not None
    return Solved(r.value, {str(av.action): av.value for av in r.actions}, r.nodes)


_REF_CACHE: dict[tuple[str, str], tuple[int, dict[str, int]] | None] = {}


def reference_values(
    c: Candidate, objective: str, seconds: float
) -> tuple[int, dict[str, int]] | None:
    """The reference minimax's value and action values, or ``None`` if it needs too long."""
    key = (c.text, objective)
    if key not in _REF_CACHE or (_REF_CACHE[key] is None and seconds > 0):
        out: tuple[int, dict[str, int]] | None = None
        if seconds > 0:
            try:
                with time_limit(seconds):
                    value, per_action = ref_solve(reference_of(c.game), objective)
                out = value, {str(Action.from_code(a)): v for a, v in per_action.items()}
            except Budget:
                pass
        _REF_CACHE[key] = out
    return _REF_CACHE[key]


def pick(
    name: str, cands: list[Candidate], cap: int, solver: Solver, ref_seconds: float
) -> list[Entry]:
    """The five positions of one profile (see the module docstring)."""
    prof = PROFILES[name]
    cands = [c for c in cands if len(c.game.legal_action_codes()) >= 2]
    chosen: list[Entry] = []
    used: set[str] = set()
    cache: dict[str, Solved | None] = {}

    def gp(c: Candidate) -> Solved | None:
        if c.text not in cache:
            cache[c.text] = full_solve(c.game, "game_points", cap, solver)
        return cache[c.text]

    def first(kind: str, ok: Any, pool: list[Candidate] | None = None) -> bool:
        tried = 0
        for c in pool if pool is not None else cands:
            if c.text in used:
                continue
            if tried >= TRIES:
                break
            tried += 1
            s = gp(c)
            if s is None or not ok(c, s):
                continue
            values = {"game_points": s}
            for obj in EXTRA_OBJECTIVES[kind]:
                extra = full_solve(c.game, obj, cap, solver)
                if extra is None:
                    break
                values[obj] = extra
            else:
                chosen.append(Entry(name, kind, c, values))
                used.add(c.text)
                return True
        return False

    def varied(s: Solved) -> bool:
        return len(set(s.actions.values())) > 1

    def unique(s: Solved) -> bool:
        return sum(v == s.value for v in s.actions.values()) == 1 and len(s.actions) >= 3

    def special_names(c: Candidate) -> list[str]:
        return [str(a) for a in c.game.legal_actions() if a.kind in SPECIAL]

    def special_best(c: Candidate, s: Solved) -> bool:  # a special action is the only best one
        best = [a for a, v in s.actions.items() if v == s.value]
        return len(best) == 1 and best[0] in special_names(c)

    def special_matters(c: Candidate, s: Solved) -> bool:  # a special action is worse
        return any(s.actions[a] != s.value for a in special_names(c))

    def trick(c: Candidate) -> int:
        return len(c.game.fields()["trick"])

    first("most-nodes", lambda c, s: True)
    first("unique-best", lambda c, s: unique(s))
    specials = [c for c in cands if c.specials]
    if specials:
        if not first("decision", special_best, specials):
            first("decision", special_matters, specials)
    elif prof.players > 2:  # no decisions: the last to play to a trick instead
        last = [c for c in cands if trick(c) == prof.players - 1]
        if not first("mid-trick-last", lambda c, s: varied(s), last):
            first("mid-trick-last", lambda c, s: True, last)
    mids = [c for c in cands if trick(c) >= (1 if prof.players == 2 else 2)]
    if not first("mid-trick", lambda c, s: varied(s), mids):
        first("mid-trick", lambda c, s: True, mids)

    def checkable(kind: str, pool: list[Candidate]) -> None:
        """The hardest of ``pool`` (hardest first) that the reference confirms in time."""
        pool = [c for c in pool if c.text not in used]
        if not pool:
            return

        def ok_all(c: Candidate) -> bool:  # every objective stored for the kind
            return all(reference_values(c, obj, ref_seconds) is not None
                       for obj in ("game_points",) + EXTRA_OBJECTIVES[kind])

        lo, hi = 0, len(pool) - 1  # assume: easier further on; find the first that is done
        if not ok_all(pool[hi]):
            return
        while lo < hi:
            mid = (lo + hi) // 2
            if ok_all(pool[mid]):
                hi = mid
            else:
                lo = mid + 1
        rest = pool[lo:lo + 30]
        if not first(kind, lambda c, s: varied(s) and ok_all(c), rest):
            first(kind, lambda c, s: ok_all(c), rest)

    # The reference's work grows with the cards still to play (a drawable stock included), which
    # the solver's nodes do not always follow (it may settle a long hand at once): by those first.
    def in_play(c: Candidate) -> int:
        f = c.game.fields()
        stock = len(f["stock"]) if f["closed_by"] < 0 else 0
        return sum(len(h) for h in f["hands"]) + stock

    checkable("reference", sorted(cands, key=lambda c: (-in_play(c), -c.nodes, c.text)))
    return chosen


def cross_check(entries: list[Entry], ref_seconds: float) -> None:
    """solve_many, child positions and the reference must agree with the stored values."""
    for obj in OBJECTIVES:
        group = [e for e in entries if obj in e.values]
        if not group:
            continue
        batch = solve_many([e.cand.game for e in group], objective=obj, threads=2)
        for e, v in zip(group, batch.values.tolist()):
            if v != e.values[obj].value:
                raise SystemExit(f"solve_many disagrees on {e.cand.text} ({obj}): {v}")
    tiny = Solver(1)
    for e in entries:
        for name, s in e.values.items():
            again = full_solve(e.cand.game, cast(Objective, name), 1 << 40, tiny)
            if again is None or (again.value, again.actions) != (s.value, s.actions):
                raise SystemExit(f"a 1 MiB table disagrees on {e.cand.text} ({name})")
    child_solver = Solver(64)
    for e in entries:
        game = e.cand.game
        if game.profile.sides != 2:
            continue
        me = game.to_act
        assert me is not None
        for name, s in e.values.items():
            obj = cast(Objective, name)
            if obj == "card_points":
                continue  # values are side scores, not zero-sum: no sign flip to check
            for act, v in s.actions.items():
                child = game.clone()
                child.apply(act)
                if child.is_over:
                    res = child.result
                    assert res is not None
                    r = res.returns[me]
                    got = (r > 0) - (r < 0) if obj == "win" else r
                else:
                    assert child.to_act is not None
                    cv = child_solver.solve(child, objective=obj, actions=False, pv=False).value
                    if game.players == 4:
                        same = child.to_act % 2 == me % 2
                    else:
                        same = child.to_act == me
                    got = cv if same else -cv
                if got != v:
                    raise SystemExit(
                        f"child check failed on {e.cand.text} ({obj}) {act}: {got} != {v}"
                    )
    for e in entries:
        for name, s in e.values.items():
            t0 = time.perf_counter()
            # Hard kinds rarely finish in the reference: a short try only.
            budget = ref_seconds if e.kind == "reference" else min(ref_seconds, 3.0)
            confirmed = reference_values(e.cand, name, budget)
            if confirmed is None:
                continue
            value, named = confirmed
            if value != s.value or named != s.actions:
                raise SystemExit(
                    f"the reference disagrees on {e.cand.text} ({name}): {value} {named} "
                    f"vs {s.value} {s.actions}"
                )
            e.reference.append(name)
            print(f"  reference confirms {e.profile}/{e.kind} {name} "
                  f"({time.perf_counter() - t0:.1f} s)", flush=True)


def to_json(entries: list[Entry]) -> dict[str, Any]:
    out = []
    for e in entries:
        g = e.cand.game
        out.append({
            "id": f"{e.profile}/{e.kind}",
            "kind": e.kind,
            "position": e.cand.text,
            "start": format_position(Game.from_fields(g.profile, g.start_fields)),
            "actions": " ".join(str(a) for a in g.actions) or "-",
            "cards": sum(len(h) for h in g.hands) + len(g.stock) + len(g.trick),
            "value_nodes": e.cand.nodes,
            "reference": e.reference,
            "values": {
                obj: {"value": s.value, "actions": s.actions} for obj, s in e.values.items()
            },
        })
    return {
        "format": FORMAT,
        "version": VERSION,
        "comment": (
            "Exact values (for the side to act) of hard positions, written by "
            "bench/make_golden.py and checked by tests/test_solver_golden.py. value_nodes "
            "(nodes of a value-only solve when generated) is informational; reference lists the "
            "objectives the reference minimax confirmed."
        ),
        "positions": out,
    }


def replay(entry: dict[str, Any]) -> Game:
    """A golden position rebuilt from its start position and actions (with the history)."""
    game = parse_position(entry["start"])
    for a in entry["actions"].split():
        if a != "-":
            game.apply(a)
    return game


def from_file(data: dict[str, Any]) -> list[Entry]:
    """The file's positions as entries, replayed from their start positions."""
    out = []
    for p in data["positions"]:
        g = replay(p)
        if format_position(g) != p["position"]:
            raise SystemExit(f"{p['id']}: the actions replay to {format_position(g)}")
        e = Entry(p["id"].split("/")[0], p["kind"], Candidate(g, p["position"], p["value_nodes"]))
        e.values = {obj: Solved(0, {}, 0) for obj in p["values"]}
        out.append(e)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--write", action="store_true", help="rewrite the golden file")
    ap.add_argument("--values", action="store_true",
                    help="keep the file's positions and recompute their values")
    ap.add_argument("--games", type=int, default=40, help="random games per profile")
    ap.add_argument("--value-cap", type=int, default=1_500_000,
                    help="node cap of a candidate's value-only solve")
    ap.add_argument("--action-cap", type=int, default=1_000_000,
                    help="node cap of a kept position's solve with every action, per objective")
    ap.add_argument("--ref-seconds", type=float, default=10.0,
                    help="time for the reference minimax per position and objective "
                    "(3 s at most for the hard kinds)")
    ap.add_argument("profiles", nargs="*", default=list(PROFILES))
    args = ap.parse_args()

    solver = Solver(64)
    t0 = time.perf_counter()
    entries: list[Entry] = []
    if args.values:
        data = json.loads(GOLDEN.read_text(encoding="utf-8"))
        entries = from_file(data)
        for e in entries:
            for name in list(e.values):
                s = full_solve(e.cand.game, cast(Objective, name), 1 << 40, solver)
                assert s is not None
                e.values[name] = s
    else:
        for name in args.profiles:
            cands = candidates(name, args.games, args.value_cap, solver)
            got = pick(name, cands, args.action_cap, solver, args.ref_seconds)
            print(f"{name:17} {len(cands):5d} candidates; kept "
                  + ", ".join(f"{e.kind} ({e.cand.nodes} nodes)" for e in got), flush=True)
            entries.extend(got)
    cross_check(entries, args.ref_seconds)
    data = to_json(entries)
    print(f"{len(entries)} positions, "
          f"{sum(len(e.reference) for e in entries)} of "
          f"{sum(len(e.values) for e in entries)} values confirmed by the reference, "
          f"{time.perf_counter() - t0:.0f} s")
    if args.write and set(args.profiles) != set(PROFILES) and not args.values:
        # Only some profiles regenerated: keep the file's positions of the others.
        old = json.loads(GOLDEN.read_text(encoding="utf-8"))["positions"]
        new: dict[str, list[dict[str, Any]]] = {}
        for p in data["positions"]:
            new.setdefault(p["id"].split("/")[0], []).append(p)
        merged: list[dict[str, Any]] = []
        for name in PROFILES:
            merged.extend(new[name] if name in new else
                          [p for p in old if p["id"].split("/")[0] == name])
        data["positions"] = merged
    if args.write:
        GOLDEN.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"wrote {GOLDEN}")
    elif GOLDEN.exists():
        old_pos = json.loads(GOLDEN.read_text(encoding="utf-8"))["positions"]
        mine = {p["id"].split("/")[0] for p in data["positions"]}
        same = [(p["position"], p["values"]) for p in old_pos if p["id"].split("/")[0] in mine] == [
            (p["position"], p["values"]) for p in data["positions"]
        ]
        print(f"{GOLDEN.name}: {'the same' if same else 'DIFFERENT positions or values'}")


if __name__ == "__main__":
    main()

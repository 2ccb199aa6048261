"""Solver benchmark: throughput, whole-deal solve times, speedup over the reference, and a
node-count signature that must not depend on the thread count.

    python bench/solve.py            # full run (a few minutes at most: sixty-six deals are capped)
    python bench/solve.py --quick    # a smaller run (well under a minute)
    python bench/solve.py --help     # the options (how many positions and deals, limits)

(a) strict-phase throughput: two-player positions with at most 6 cards in each hand in the strict
    phase (stock closed or exhausted), from seeded random games, solved by ``solve_many`` on one
    thread: solves per second (target >= 300,000/s).
(b) whole deals, open cards, from the first lead (value only): sixty-six, schnapsen, four-hand;
    median / p90 / max milliseconds and nodes per deal and nodes per second (targets: sixty-six
    median <= 20 ms and none over 1 s; schnapsen median <= 1 ms; four-hand median <= 5 ms).
    Sixty-six deals run under a time limit; a deal that hits it counts as aborted (and failed).
    One pass by default; ``--passes N`` keeps each deal's fastest of N passes over the deals,
    for a steadier reading on a machine whose speed drifts.
(c) speedup over the reference minimax (tests/reference/minimax.py) on a fixed set of small
    strict positions (6 cards in the larger hand), both timed in this run (the solver giving
    every action's value, as the reference does), with the values compared.
(d) node-count signature: total nodes over a fixed seeded set of positions, solved with threads=1,
    threads=2, and both again; the run exits with status 1 if the node counts or values differ.

Targets are goals of the optimisation work: a missed target is reported, not an error (use
``--fail-on-target`` to make it one).
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from sixtysix_solver import PROFILES, Game
from sixtysix_solver.rules.random_play import random_action
from sixtysix_solver.rules.solve import Objective, Solver, solve_many

ROOT = Path(__file__).resolve().parent.parent
TWO_PLAYER = [name for name, p in PROFILES.items() if p.players == 2]


# --- the machine ------------------------------------------------------------------------------
def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines():
            if line.lower().startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def machine() -> str:
    cores = os.cpu_count() or 0
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else cores
    load = " ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    return (
        f"{cpu_model()} ({platform.processor() or platform.machine()}), {cores} logical cores "
        f"({usable} usable), load average {load}; {platform.system()} {platform.release()}, "
        f"Python {platform.python_version()}"
    )


# --- positions --------------------------------------------------------------------------------
def strict_positions(profiles: Sequence[str], count: int, seed: int = 1) -> list[Game]:
    """``count`` distinct strict-phase positions (stock closed or exhausted, at most 6 cards in
    each hand, hand not over) from seeded random games of two-player ``profiles``, in turn."""
    out: list[Game] = []
    seen: set[tuple[str, str]] = set()
    rng = random.Random(f"bench strict {seed}")
    deal = 0
    while len(out) < count:
        deal += 1
        name = profiles[deal % len(profiles)]
        prof = PROFILES[name]
        game = Game.deal(prof, seed=deal, dealer=deal % 2)
        while not game.is_over and len(out) < count:
            f = game.fields()
            if (
                (f["closed_by"] >= 0 or not f["stock"])
                and game.strict
                and max(len(h) for h in f["hands"]) <= 6
            ):
                key = (name, repr(sorted(f.items())))
                if key not in seen:
                    seen.add(key)
                    out.append(game.clone())
            game.apply(random_action(game, rng, uniform=rng.random() < 0.1))
    return out


def signature_positions(count: int, max_nodes: int = 300_000) -> list[Game]:
    """A fixed mixed set: positions of seeded random games of every profile, stopped after a
    random number of actions, and a few whole deals of the cheaper profiles; only positions
    whose value takes at most ``max_nodes`` nodes are kept."""
    out: list[Game] = []
    rng = random.Random("bench signature")
    solver = Solver(16)

    def cheap(game: Game) -> bool:  # (a limit returns bounds: exact only when it did not bind)
        return solver.solve(game, actions=False, pv=False, node_limit=max_nodes).exact

    per = max(count // len(PROFILES), 1)
    for name, prof in PROFILES.items():
        seed = 0
        got = 0
        while got < per:
            seed += 1
            game = Game.deal(prof, seed=seed, dealer=seed % prof.players)
            stop = rng.randrange(6, 40)
            for _ in range(stop):
                if game.is_over:
                    break
                game.apply(random_action(game, rng))
            if not game.is_over and cheap(game):
                out.append(game)
                got += 1
    for name in ("schnapsen-jaques", "four-hand-24", "three-hand"):
        out.extend(g for g in (Game.deal(name, seed=s) for s in (1, 2, 3)) if cheap(g))
    return out


def small_positions(count: int) -> list[Game]:
    """Strict positions with 6 cards in the larger hand (the largest of the kind (a) measures),
    which the reference still solves in a fraction of a second."""
    out = [g for g in strict_positions(["sixty-six", "schnapsen", "mariage"], 12 * count, 7)
           if max(len(h) for h in g.hands) == 6]
    rng = random.Random("bench small")
    rng.shuffle(out)
    return out[:count]


# --- measurements -----------------------------------------------------------------------------
@dataclass
class Row:
    what: str
    result: str
    target: str = ""
    ok: bool | None = None  # None: no target


def throughput(games: list[Game], repeats: int) -> tuple[float, float, float]:
    """Best-of-``repeats`` solves/s and nodes/s of one ``solve_many`` call on one thread, and
    the mean nodes per position."""
    best = float("inf")
    nodes = 0
    for _ in range(repeats):
        t0 = time.perf_counter()
        batch = solve_many(games, threads=1)
        dt = time.perf_counter() - t0
        assert not batch.aborted.any()
        best = min(best, dt)
        nodes = int(batch.nodes.sum())
    return len(games) / best, nodes / best, nodes / len(games)


@dataclass
class DealStats:
    ms: list[float]  # every deal, aborted ones included (they ran to the limit)
    nodes: list[int | None]  # None: aborted

    def pct(self, q: float) -> float:
        xs = sorted(self.ms)
        return xs[min(len(xs) - 1, int(round(q * (len(xs) - 1))))]

    @property
    def aborted(self) -> int:
        return sum(n is None for n in self.nodes)

    @property
    def solved_nodes(self) -> list[int]:
        return [n for n in self.nodes if n is not None]

    def nodes_per_second(self) -> float | None:
        done = [(m, n) for m, n in zip(self.ms, self.nodes) if n is not None]
        seconds = sum(m for m, _ in done) / 1000
        return sum(n for _, n in done) / seconds if done and seconds > 0 else None


def whole_deals(
    name: str, deals: int, time_limit: float | None, solver: Solver, passes: int = 1
) -> DealStats:
    """Wall time and nodes of value-only solves of seeded deals from the first lead. With
    ``passes`` > 1 every deal is solved once in each of that many passes over the deals and
    keeps its fastest time (node counts do not depend on the pass); a deal that hit the time
    limit in every pass counts as aborted."""
    games = [Game.deal(name, seed=seed) for seed in range(1, deals + 1)]
    st = DealStats([float("inf")] * deals, [None] * deals)
    for _ in range(passes):
        for i, game in enumerate(games):
            t0 = time.perf_counter()
            r = solver.solve(game, actions=False, pv=False, time_limit=time_limit)
            nodes: int | None = r.nodes if r.exact else None  # not exact: the limit stopped it
            ms = (time.perf_counter() - t0) * 1000
            if nodes is not None and (st.nodes[i] is None or ms < st.ms[i]):
                st.ms[i], st.nodes[i] = ms, nodes
            elif st.nodes[i] is None:
                st.ms[i] = min(st.ms[i], ms)
    return st


def reference_speedup(games: list[Game]) -> tuple[float, float, float, int]:
    """Seconds of the reference and of the solver (every action's value, as the reference
    gives; wall time of the Python call, and the core's own time) over ``games``, and the
    number of disagreements."""
    sys.path.insert(0, str(ROOT / "tests"))
    from reference.bridge import reference_of  # type: ignore[import-not-found]
    from reference.minimax import solve as ref_solve  # type: ignore[import-not-found]

    refs = [reference_of(game) for game in games]
    t0 = time.perf_counter()
    expected = [ref_solve(ref, "game_points") for ref in refs]
    t_ref = time.perf_counter() - t0

    solver = Solver(16)
    for game in games:  # warm up: touch the table's pages once, outside the timing
        solver.solve(game, actions=True, pv=False)
    gc.collect()
    t0 = time.perf_counter()
    results = [solver.solve(game, actions=True, pv=False) for game in games]
    t_ours = time.perf_counter() - t0
    t_core = sum(r.seconds for r in results)

    wrong = 0
    for game, r, (value, per_action) in zip(games, results, expected):
        ours = {av.action.code: av.value for av in r.actions}
        if r.value != value or ours != per_action:
            wrong += 1
            print(f"  MISMATCH with the reference: {game!r}: {r.value} {value}")
    return t_ref, t_ours, t_core, wrong


def signature(
    games: list[Game], objective: Objective = "game_points"
) -> list[tuple[str, int, str]]:
    """(run, total nodes, digest of every value and node count) for threads 1, 2, 1, 2."""
    out = []
    for threads in (1, 2, 1, 2):
        batch = solve_many(games, objective=objective, threads=threads)
        digest = hashlib.sha256(
            batch.values.astype(np.int64).tobytes() + batch.nodes.astype(np.uint64).tobytes()
            + batch.aborted.astype(np.uint8).tobytes()
        ).hexdigest()[:16]
        out.append((f"threads={threads}", int(batch.nodes.sum()), digest))
    return out


# --- the run ----------------------------------------------------------------------------------
def fmt_rate(x: float) -> str:
    return f"{x:,.0f}"


def timed(label: str, fn: Callable[[], object]) -> None:
    t0 = time.perf_counter()
    fn()
    print(f"  {label} ({time.perf_counter() - t0:.1f} s)", flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--quick", action="store_true", help="a smaller run (well under a minute)")
    ap.add_argument("--strict", type=int, default=None, metavar="N",
                    help="strict-phase positions per throughput set (default 20000; quick 4000)")
    ap.add_argument("--repeats", type=int, default=3, help="throughput repeats (best is kept)")
    ap.add_argument("--sixty-six", type=int, default=None, metavar="N",
                    help="sixty-six whole deals (default 100; quick 3)")
    ap.add_argument("--schnapsen", type=int, default=None, metavar="N",
                    help="schnapsen whole deals (default 300; quick 30)")
    ap.add_argument("--four-hand", type=int, default=None, metavar="N",
                    help="four-hand whole deals (default 300; quick 30)")
    ap.add_argument("--time-limit", type=float, default=None, metavar="S",
                    help="time limit per sixty-six deal, seconds (default 5; quick 2)")
    ap.add_argument("--reference", type=int, default=None, metavar="N",
                    help="small positions for the reference speedup (default 40; quick 10)")
    ap.add_argument("--signature", type=int, default=None, metavar="N",
                    help="positions in the node-count signature set (default 300; quick 100)")
    ap.add_argument("--passes", type=int, default=1, metavar="N",
                    help="whole deals: passes over the deals, each deal's fastest kept (default 1)")
    ap.add_argument("--tt-mib", type=int, default=64, help="table size for whole deals, MiB")
    ap.add_argument("--fail-on-target", action="store_true",
                    help="exit with status 2 when a target is missed")
    args = ap.parse_args(argv)
    if args.passes < 1:
        ap.error("--passes must be at least 1")
    q = args.quick

    def opt(value: int | float | None, full: int | float, quick: int | float) -> int | float:
        return value if value is not None else (quick if q else full)

    n_strict = int(opt(args.strict, 20_000, 4_000))
    n66 = int(opt(args.sixty_six, 100, 3))
    n_schnapsen = int(opt(args.schnapsen, 300, 30))
    n_four = int(opt(args.four_hand, 300, 30))
    limit66 = float(opt(args.time_limit, 5.0, 2.0))
    n_ref = int(opt(args.reference, 40, 10))
    n_sig = int(opt(args.signature, 300, 100))

    print(f"machine: {machine()}")
    start = time.perf_counter()
    rows: list[Row] = []

    # (a) strict-phase throughput
    print("(a) strict-phase throughput, solve_many on one thread", flush=True)
    for label, profiles in (("sixty-six", ["sixty-six"]), ("schnapsen", ["schnapsen"]),
                            ("all 2-player", TWO_PLAYER)):
        if n_strict <= 0:
            break
        games = strict_positions(profiles, n_strict)
        cards = statistics.mean(sum(len(h) for h in g.hands) for g in games)
        rate, node_rate, per = throughput(games, args.repeats)
        print(f"  {label}: {len(games)} positions, {cards:.1f} cards in the hands on average, "
              f"{per:.0f} nodes each, {fmt_rate(node_rate)} nodes/s", flush=True)
        rows.append(Row(f"(a) strict {label}: solves/s", fmt_rate(rate), ">= 300,000",
                        rate >= 300_000))

    # (b) whole deals
    solver = Solver(args.tt_mib)
    targets = {"sixty-six": 20.0, "schnapsen": 1.0, "four-hand": 5.0}
    for name, deals, limit in (("schnapsen", n_schnapsen, None), ("four-hand", n_four, None),
                               ("sixty-six", n66, limit66)):
        if deals <= 0:
            continue
        print(f"(b) {name}: {deals} whole deals from the first lead"
              + (f", time limit {limit:g} s each" if limit else "")
              + (f", best of {args.passes} passes" if args.passes > 1 else ""), flush=True)
        st = whole_deals(name, deals, limit, solver, args.passes)
        med, p90, mx = st.pct(0.5), st.pct(0.9), max(st.ms)
        nps = st.nodes_per_second()
        solved = st.solved_nodes
        node_txt = (f"nodes median {statistics.median(solved):,.0f} max {max(solved):,}"
                    if solved else "no deal solved")
        print(f"  ms median {med:.1f} p90 {p90:.1f} max {mx:.1f}; {node_txt}; "
              f"{fmt_rate(nps) if nps else '-'} nodes/s; aborted {st.aborted}", flush=True)
        target = targets[name]
        ok = med <= target
        text = f"median <= {target:g} ms"
        if name == "sixty-six":
            ok = ok and mx <= 1000 and st.aborted == 0
            text += ", none > 1 s"
        abort_txt = f", {st.aborted} aborted" if st.aborted else ""
        rows.append(Row(
            f"(b) {name} whole deal ({deals})",
            f"median {med:.1f} / p90 {p90:.1f} / max {mx:.0f} ms{abort_txt}", text, ok,
        ))
        if nps:
            rows.append(Row(f"(b) {name} nodes/s", fmt_rate(nps)))

    # (c) speedup over the reference
    if n_ref > 0:
        print(f"(c) reference minimax against the solver on {n_ref} small positions", flush=True)
        small = small_positions(n_ref)
        t_ref, t_ours, t_core, wrong = reference_speedup(small)
        print(f"  reference {t_ref:.2f} s; solver {t_ours * 1000:.2f} ms through Python, "
              f"{t_core * 1000:.2f} ms in the core (every action's value); "
              f"{wrong} disagreements", flush=True)
        rows.append(Row(f"(c) speedup over the reference ({len(small)} positions)",
                        f"{t_ref / t_ours:,.0f}x (core {t_ref / t_core:,.0f}x)", "values agree",
                        wrong == 0))

    # (d) signature
    sig_ok = True
    if n_sig > 0:
        print("(d) node-count signature: threads=1, threads=2, then both again", flush=True)
        games = signature_positions(n_sig)
        runs = signature(games)
        for run, total, digest in runs:
            print(f"  {run}: {total:,} nodes over {len(games)} positions, digest {digest}")
        sig_ok = len({(t, d) for _, t, d in runs}) == 1
        rows.append(Row("(d) node-count signature", f"{runs[0][1]:,} nodes / {runs[0][2]}",
                        "same for threads 1, 2, 1, 2", sig_ok))

    print()
    w = max(len(r.what) for r in rows)
    wr = max(len(r.result) for r in rows)
    wt = max(len(r.target) for r in rows)
    print(f"{'measure':{w}}  {'result':>{wr}}  {'target':{wt}}  pass")
    for r in rows:
        mark = "" if r.ok is None else ("PASS" if r.ok else "FAIL")
        print(f"{r.what:{w}}  {r.result:>{wr}}  {r.target:{wt}}  {mark}")
    print(f"total {time.perf_counter() - start:.0f} s")
    if not sig_ok:
        print("error: the node-count signature depends on the thread count or the run")
        return 1
    if any(r.ok is False for r in rows) and args.fail_on_target:
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Two agents compared decision by decision: where they differ, play both choices out.

    python bench/forks.py --quick
    python bench/forks.py A B --opponent O --profile sixty-six --hands 100 --workers 2 \\
        --results bench/forks/NAME.jsonl

Match results need hundreds of matches to show a change of a few points, because almost every
decision of two close agents is the same and the cards decide most hands. This measure looks
only where the agents differ. On seeded deals agent ``A`` plays a hand against ``O`` (every
seat of the other side), and at each of ``A``'s decisions with a choice ``B`` is asked too, on
the same view and history. Where their actions differ the hand is *forked*: two copies of the
game, one with each action, are played to the end of the hand with ``B`` in ``A``'s seats and
``O`` in the others (fresh agents with the same seeds in both copies, so that only the action
differs). A fork's value is the net game points (A's side minus the other) with ``A``'s
action minus those with ``B``'s; the main hand goes on with ``A``'s action. Each fork is
recorded with the cards left in the stock, whether the draws were over (the stock closed or
gone: the strict phase, except in the profiles whose open phase is strict too) and the cards
already on the trick (0: a lead), so that ``--report`` can say where the gain or the loss
comes from.

The sum of a hand's fork values estimates how many net game points a hand ``A`` gains over
``B`` against ``O`` (the performance difference identity of reinforcement learning: following
``A``'s states and valuing each of its actions by ``B``'s continuation, the sum of the
advantages is V_A - V_B). It is unbiased however the agents' randomness and time limits make
them vary, for agents that carry nothing from one decision to the next but their seeds (an
agent that learns within a hand, like ``exploit``'s fit check, starts each fork afresh). With
``O = B`` that is ``A``'s net game points a hand head to head against ``B``.
Every deal is played twice, ``A`` on each side, and the interval (95%) is clustered by deal.

Single hands, no match score (each deal is hand 0 of a fresh match, dealers alternating
with the deal index): an agent that plays for the match (``match=true``) sees none. Results go
to a JSON-lines file, one line per (deal, side); a run with the same file skips the lines there.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from sixtysix_solver import get_profile
from sixtysix_solver.agents import Agent, AgentSpec, act_in_game
from sixtysix_solver.rules.game import Game
from sixtysix_solver.rules.seeds import derive_seed

sys.path.insert(0, str(Path(__file__).resolve().parent))
from headtohead import machine


@dataclass(frozen=True)
class Leg:
    """Deal ``index`` of the run seeded ``seed``, with ``A`` on ``side``."""

    a: str
    b: str
    opponent: str
    profile: str
    seed: int
    index: int
    side: int


def _agents(spec: str, other: str, prof: Any, side: int, seed: int, *tag: object) -> list[Agent]:
    """One agent a seat: ``spec`` on ``side``, ``other`` elsewhere, seeded by seat."""
    return [AgentSpec.parse(spec if prof.side(p) == side else other).build(
        seed=derive_seed(seed, "agent", *tag, p)) for p in range(prof.players)]


def _net(game: Game, side: int) -> int:
    r = game.result
    assert r is not None
    return r.points[side] - sum(p for s, p in enumerate(r.points) if s != side)


def _play_out(game: Game, agents: list[Agent]) -> None:
    """Play ``game`` to the end of the hand with ``agents`` (one a seat)."""
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        legal = game.legal_actions()
        game.apply(legal[0] if len(legal) == 1 else act_in_game(agents[seat], game, seat))


def play_leg(leg: Leg) -> dict[str, Any]:
    """Play one deal with ``A`` on ``leg.side``, forking where ``B`` would act otherwise."""
    t0 = time.perf_counter()
    prof = get_profile(leg.profile)
    deal_seed = derive_seed(leg.seed, "deal", leg.index, 0)
    game = Game.deal(prof, seed=deal_seed, dealer=leg.index % prof.players)
    # A and its shadow B get the same seeds, so that they sample the same worlds.
    main = _agents(leg.a, leg.opponent, prof, leg.side, leg.seed, leg.index, "main")
    shadow = _agents(leg.b, leg.opponent, prof, leg.side, leg.seed, leg.index, "main")
    forks: list[list[Any]] = []
    decisions = 0
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        legal = game.legal_actions()
        if len(legal) == 1:
            game.apply(legal[0])
            continue
        action = act_in_game(main[seat], game, seat)
        if prof.side(seat) == leg.side:
            decisions += 1
            other = act_in_game(shadow[seat], game, seat)
            if other != action:
                nets = []
                for choice in (action, other):
                    branch = game.clone()
                    branch.apply(choice)
                    _play_out(branch, _agents(leg.b, leg.opponent, prof, leg.side, leg.seed,
                                              leg.index, "fork", decisions))
                    nets.append(_net(branch, leg.side))
                forks.append([decisions, str(action), str(other), nets[0], nets[1],
                              len(game.stock), _draws_over(game), len(game.trick)])
        game.apply(action)
    return {"a": leg.a, "b": leg.b, "opponent": leg.opponent, "profile": leg.profile,
            "seed": leg.seed, "index": leg.index, "side": leg.side, "decisions": decisions,
            "forks": forks, "net": _net(game, leg.side),
            "seconds": round(time.perf_counter() - t0, 3)}


def _draws_over(game: Game) -> bool:
    """The stock closed or gone: where a fork counts as ``strict`` in the report."""
    return not game.stock or game.fields()["closed_by"] >= 0


def legs(a: str, b: str, opponent: str, profile: str, hands: int, seed: int) -> list[Leg]:
    prof = get_profile(profile)
    if prof.sides != 2:
        raise SystemExit(f"{profile}: forks need two sides (it has {prof.sides})")
    return [Leg(a, b, opponent, profile, seed, i, side) for i in range(hands) for side in (0, 1)]


def _key(r: dict[str, Any]) -> tuple[Any, ...]:
    return (r["a"], r["b"], r["opponent"], r["profile"], r["seed"], r["index"], r["side"])


def load(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


@dataclass(frozen=True)
class Summary:
    legs: int
    deals: int
    decisions: int
    forks: int
    better: int  # forks where A's action did better
    worse: int
    gain: float  # net game points a hand, A's actions over B's
    half_width: float  # of the 95% interval, clustered by deal
    net: float  # A's net game points a hand in the main line (against O)
    seconds: float

    def text(self) -> str:
        share = self.forks / self.decisions if self.decisions else 0.0
        return (f"{self.legs} hands ({self.deals} deals, A on each side), {self.decisions} "
                f"decisions of A, {self.forks} forks ({100 * share:.1f}%): A's action better in "
                f"{self.better}, worse in {self.worse}, the same in "
                f"{self.forks - self.better - self.worse}\n"
                f"A over B: {self.gain:+.3f} net game points a hand "
                f"[{self.gain - self.half_width:+.3f}, {self.gain + self.half_width:+.3f}]\n"
                f"A's net against the opponent in the main line: {self.net:+.3f} a hand; "
                f"{self.seconds:.1f} s a hand")


def summarize(rows: Sequence[dict[str, Any]]) -> Summary:
    """The rows' estimate, with its interval clustered by deal (both sides of a deal; a deal is
    its seed and index, so that the runs of several seeds pool)."""
    if not rows:
        raise SystemExit("no results to summarize")
    per: dict[tuple[int, int], float] = {}
    size: dict[tuple[int, int], int] = {}
    for r in rows:
        deal = (r["seed"], r["index"])
        per[deal] = per.get(deal, 0.0) + sum(f[3] - f[4] for f in r["forks"])
        size[deal] = size.get(deal, 0) + 1
    n = len(rows)
    gain = sum(per.values()) / n
    g = len(per)
    resid = [v - gain * size[d] for d, v in per.items()]
    se = math.sqrt(sum(x * x for x in resid) * g / (g - 1)) / n if g > 1 else float("inf")
    diffs = [f[3] - f[4] for r in rows for f in r["forks"]]
    return Summary(
        legs=n, deals=g, decisions=sum(r["decisions"] for r in rows), forks=len(diffs),
        better=sum(d > 0 for d in diffs), worse=sum(d < 0 for d in diffs), gain=gain,
        half_width=1.96 * se, net=sum(r["net"] for r in rows) / n,
        seconds=sum(r["seconds"] for r in rows) / n)


def by_stock(rows: Sequence[dict[str, Any]]) -> str:
    """The forks by the cards left in the stock when they were made (strict phase apart):
    how many, better / worse for A, and their net game points a hand of the run."""
    groups: dict[str, list[int]] = {}
    for r in rows:
        for f in r["forks"]:
            if len(f) < 7:
                continue  # recorded before the stock was
            groups.setdefault(_where(f, r), []).append(f[3] - f[4])
    return _table("forks by the stock left:", groups, len(rows))


def _where(fork: Sequence[Any], row: dict[str, Any]) -> str:
    # Runs before the 29th session recorded ``game.strict``, true from the first trick where
    # the open phase is strict (mariage-piquet): there a stock left means the draws went on
    # (a closed stock is then counted by its cards).
    over = fork[6] and not (fork[5] and _open_strict(row.get("profile")))
    return "strict" if over else f"stock {fork[5]:2d}"


def _open_strict(profile: Any) -> bool:
    try:
        return bool(get_profile(str(profile)).open_strict)
    except ValueError:
        return False


def _table(title: str, groups: dict[str, list[int]], hands: int) -> str:
    """One line a group of fork values: how many, better / worse for A, net a hand."""
    lines = [f"  {k}: {len(v)} forks, better {sum(d > 0 for d in v)}, worse "
             f"{sum(d < 0 for d in v)}, {sum(v) / hands:+.3f} a hand"
             for k, v in sorted(groups.items(), reverse=True)]
    return "\n".join([title, *lines]) if lines else ""


def decision_kind(fork: Sequence[Any]) -> str:
    """What a fork decided: ``close`` (either action closes), ``other`` (a marriage, an
    exchange, a claim), else ``lead`` or ``answer`` by the cards already on the trick."""
    actions = (str(fork[1]), str(fork[2]))
    if "close" in actions:
        return "close"
    if any(len(a) != 2 for a in actions):  # a card is two characters: AS, TH, 9C
        return "other"
    return "lead" if fork[7] == 0 else "answer"


def by_kind(rows: Sequence[dict[str, Any]]) -> str:
    """The forks by what they decided and the stock left (strict phase apart), as
    :func:`by_stock` counts them: where A's kind of decision gains or loses."""
    groups: dict[str, list[int]] = {}
    for r in rows:
        for f in r["forks"]:
            if len(f) < 8:
                continue  # recorded before the stock and the trick were
            groups.setdefault(f"{decision_kind(f):6} {_where(f, r)}", []).append(f[3] - f[4])
    return _table("forks by decision and stock:", groups, len(rows))


def run(todo: Sequence[Leg], path: Path | None, workers: int) -> list[dict[str, Any]]:
    done = load(path) if path else []
    have = {_key(r) for r in done}
    todo = [leg for leg in todo if _key(asdict(leg)) not in have]
    rows = list(done)
    if workers <= 1:
        results = (play_leg(leg) for leg in todo)
        for r in results:
            rows.append(_save(r, path))
    else:
        with ProcessPoolExecutor(workers) as pool:
            for fut in as_completed([pool.submit(play_leg, leg) for leg in todo]):
                rows.append(_save(fut.result(), path))
    return rows


def _save(row: dict[str, Any], path: Path | None) -> dict[str, Any]:
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a") as f:
            f.write(json.dumps(row) + "\n")
    print(f"deal {row['index']} side {row['side']}: {row['decisions']} decisions, "
          f"{len(row['forks'])} forks {[f[3] - f[4] for f in row['forks']]}, "
          f"{row['seconds']:.1f} s", flush=True)
    return row


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("a", nargs="?", default="engine:worlds=1000,time=1,threads=1,fallible=0.05")
    ap.add_argument("b", nargs="?", default="engine:worlds=1000,time=1,threads=1")
    ap.add_argument("--opponent", help="the other side's agent (default: B)")
    ap.add_argument("--profile", default="sixty-six")
    ap.add_argument("--hands", type=int, default=50, help="deals (each played with A on both sides)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--results", type=Path, nargs="+",
                    help="JSON-lines file (resumable); with --report, several are pooled")
    ap.add_argument("--report", action="store_true", help="summarize --results only")
    ap.add_argument("--by-kind", action="store_true",
                    help="with --report: the forks also by kind of decision (lead, answer, "
                    "close, other) and stock")
    ap.add_argument("--quick", action="store_true",
                    help="2 deals of schnapsen: 100-world PIMC against the same with fallible=0.05")
    args = ap.parse_args(argv)
    if args.quick:
        args.a = "engine:worlds=100,threads=1,fallible=0.05"
        args.b = "engine:worlds=100,threads=1"
        args.opponent, args.profile, args.hands = "heuristic", "schnapsen", 2
    opponent = args.opponent or args.b
    print(f"machine: {machine()}")
    if args.report:
        if args.results is None:
            raise SystemExit("--report needs --results")
        rows = [r for path in args.results for r in load(path)]
        for a, b, o, prof, seed in sorted({_key(r)[:5] for r in rows}):  # the file's, not defaults
            print(f"{prof}: A {a} | B {b} | opponent {o} | seed {seed}")
        print(summarize(rows).text())
        print(by_stock(rows))
        if args.by_kind:
            print(by_kind(rows))
        return 0
    print(f"{args.profile}: A {args.a} | B {args.b} | opponent {opponent} | seed {args.seed}")
    todo = legs(args.a, args.b, opponent, args.profile, args.hands, args.seed)
    if args.results is not None and len(args.results) > 1:
        raise SystemExit("a run writes one --results file")
    rows = run(todo, args.results[0] if args.results else None, args.workers)
    mine = {(leg.index, leg.side) for leg in todo}
    rows = [r for r in rows if (r["index"], r["side"]) in mine
            and (r["a"], r["b"], r["opponent"], r["profile"], r["seed"])
            == (args.a, args.b, opponent, args.profile, args.seed)]
    print(summarize(rows).text())
    print(by_stock(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

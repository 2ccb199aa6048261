"""Seeded fuzz of the notation parsers: positions (text and JSON), views and game records.

    python scripts/fuzz_notation.py                  # 4,000 inputs, seed 1
    python scripts/fuzz_notation.py --count 500 --seed 7

Valid texts come from seeded random games of every profile; each input is one of them mutated
(characters replaced, spans cut, doubled or swapped, numbers made huge or negative, two texts
spliced, JSON values replaced by other types) and handed to its parser. A parser must either
accept the input or raise the package's error type (``SixtySixError``); an accepted input is
then used (legal actions, a node-limited solve, a world count and sample for a view), so that
odd but valid positions reach the C++ core. Any other exception, or an input that takes longer
than ``--timeout`` seconds, is a finding: the run prints each one and exits with status 1.
``scripts/sanitize`` runs this against the core built with AddressSanitizer and UBSan.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import signal
import sys
import time
import traceback
from collections import Counter
from collections.abc import Callable
from typing import Any

from sixtysix_solver import (
    Game,
    SixtySixError,
    View,
    count_worlds,
    format_position,
    format_view,
    parse_position,
    parse_view,
    position_from_json,
    position_to_json,
    sample_worlds,
    solve,
)
from sixtysix_solver.notation.record import (
    format_match_record,
    format_record,
    parse_match_record,
    parse_record,
    record_from_json,
    record_to_json,
)
from sixtysix_solver.rules.profiles import PROFILES

CARD = re.compile(r"[AKQJT987][CDHS]")
# Characters the formats use, plus some they never do.
ALPHABET = "AKQJT987CDHS0123456789 =/:-_.,;|{}[]\"'\n\tabcdefghijklmnopqrstuvwxyz" + "\x00\u00e9\u2660\ufffd"
NUMBERS = ["-1", "0", "99", "65536", "4294967297", "-9223372036854775809", "1e9", "NaN", "1.5", ""]
JSON_VALUES: list[Any] = [None, True, -1, 0, 7, 2**40, -(2**70), 1.5, "", "XX", "AS", [], [[]], {}, ["AS", "AS"]]


class Timeout(Exception):
    """An input ran past the time limit."""


def corpus(rng: random.Random, games: int) -> dict[str, list[str]]:
    """Valid inputs for each parser, from seeded random games of every profile."""
    out: dict[str, list[str]] = {k: [] for k in ("position", "position_json", "record",
                                                  "record_json", "match_record", "view")}
    names = sorted(PROFILES)
    played: list[Game] = []
    for i in range(games):
        g = Game.deal(names[i % len(names)], seed=rng.randrange(2**32), dealer=0)
        for _ in range(rng.choice([0, 1, 3, 6, 10, 15, 25, 1000])):
            if g.is_over:
                break
            g.apply(rng.choice(g.legal_actions()))
        played.append(g)
        out["position"].append(format_position(g))
        out["position_json"].append(position_to_json(g))
        out["record"].append(format_record(g))
        out["record_json"].append(record_to_json(g))
        if not g.is_over:
            out["view"].append(format_view(View.from_game(g)))
    out["match_record"] = [format_match_record(played[i : i + 2]) for i in range(0, len(played) - 1, 2)
                           if played[i].is_over]
    return out


def swap_cards(rng: random.Random, text: str) -> str:
    """Two card names exchanged (or one replaced by another): the counts stay right, so many
    of these are odd but valid positions."""
    spots = [m.start() for m in CARD.finditer(text)]
    if not spots:
        return text
    a, b = rng.choice(spots), rng.choice(spots)
    ca, cb = text[a : a + 2], text[b : b + 2] if rng.random() < 0.8 else rng.choice("AKQJT987") + rng.choice("CDHS")
    chars = list(text)
    chars[a : a + 2], chars[b : b + 2] = cb, ca
    return "".join(chars)


def mutate_text(rng: random.Random, text: str, others: list[str]) -> str:
    """Card names swapped (half the time), else one to three random edits of a text."""
    if rng.random() < 0.5:
        return swap_cards(rng, text)
    for _ in range(rng.randint(1, 3)):
        n = len(text)
        i, j = sorted(rng.randrange(n + 1) for _ in range(2)) if n else (0, 0)
        op = rng.randrange(8)
        if op == 0 and n:  # replace characters
            text = text[:i] + "".join(rng.choice(ALPHABET) for _ in range(rng.randint(1, 3))) + text[i + 1 :]
        elif op == 1:  # cut a span
            text = text[:i] + text[j:]
        elif op == 2:  # double a span
            text = text[:j] + text[i:j] + text[j:]
        elif op == 3:  # a number somewhere
            text = text[:i] + rng.choice(NUMBERS) + text[j:]
        elif op == 4:  # splice with another text of the same kind
            other = rng.choice(others)
            text = text[:i] + other[rng.randrange(len(other) + 1) :]
        elif op == 5:  # swap two space-separated fields
            parts = text.split(" ")
            if len(parts) > 1:
                a, b = rng.randrange(len(parts)), rng.randrange(len(parts))
                parts[a], parts[b] = parts[b], parts[a]
            text = " ".join(parts)
        elif op == 6:  # truncate
            text = text[:i]
        else:  # a field's value emptied or changed
            k = text.find("=", i)
            if k >= 0:
                end = text.find(" ", k)
                end = len(text) if end < 0 else end
                text = text[: k + 1] + rng.choice(NUMBERS + ["-", "/", "x", "AS/AS"]) + text[end:]
    return text


def mutate_json(rng: random.Random, text: str, others: list[str]) -> str:
    """A JSON document with one value replaced or removed (or, at times, the text mutated)."""
    if rng.random() < 0.25:
        return mutate_text(rng, text, others)
    doc = json.loads(text)
    node: Any = doc
    for _ in range(rng.randint(1, 4)):  # walk down to a random container
        keys = list(node.keys()) if isinstance(node, dict) else list(range(len(node)))
        if not keys:
            break
        k = rng.choice(keys)
        if isinstance(node[k], (dict, list)) and rng.random() < 0.7:
            node = node[k]
            continue
        if isinstance(node, dict) and rng.random() < 0.3:
            del node[k]
        else:
            node[k] = rng.choice(JSON_VALUES)
        break
    return json.dumps(doc)


def use_game(g: Game) -> None:
    """Use an accepted position: its actions and a small solve reach the core."""
    g.legal_actions()
    if not g.is_over:
        solve(g, node_limit=2_000)


def use_games(games: list[Game]) -> None:
    for g in games:
        use_game(g)


def use_view(v: View, seed: int) -> None:
    """Use an accepted view: count and sample the deals that fit it."""
    if count_worlds(v) > 0:
        for world in sample_worlds(v, 2, seed):
            world.legal_actions()


def parsers(seed: int) -> dict[str, Callable[[str], object]]:
    return {
        "position": lambda t: use_game(parse_position(t)),
        "position_json": lambda t: use_game(position_from_json(t)),
        "record": lambda t: use_game(parse_record(t)),
        "record_json": lambda t: use_game(record_from_json(t)),
        "match_record": lambda t: use_games(parse_match_record(t)),
        "view": lambda t: use_view(parse_view(t), seed),
    }


def run(count: int, seed: int, timeout: float = 30.0, out: Any = sys.stdout) -> list[str]:
    """Fuzz ``count`` inputs; returns the findings (empty: every input accepted or cleanly
    rejected)."""
    rng = random.Random(seed)
    texts = corpus(rng, 60)
    kinds = sorted(k for k, v in texts.items() if v)
    parse = parsers(seed)
    findings: list[str] = []
    tally: Counter[tuple[str, str]] = Counter()
    use_alarm = hasattr(signal, "setitimer")

    def on_alarm(signum: int, frame: object) -> None:
        raise Timeout()

    if use_alarm:
        old = signal.signal(signal.SIGALRM, on_alarm)
    t0 = time.perf_counter()
    try:
        for i in range(count):
            kind = kinds[i % len(kinds)]
            base = rng.choice(texts[kind])
            mutate = mutate_json if kind.endswith("json") else mutate_text
            text = mutate(rng, base, texts[kind])
            if use_alarm:
                signal.setitimer(signal.ITIMER_REAL, timeout)
            try:
                parse[kind](text)
                tally[kind, "accepted"] += 1
            except SixtySixError:
                tally[kind, "rejected"] += 1
            except Timeout:
                findings.append(f"{kind}: no answer within {timeout:g} s for {text!r}")
            except Exception as e:  # noqa: BLE001 (anything else is what the fuzz looks for)
                where = traceback.extract_tb(e.__traceback__)[-1]
                findings.append(f"{kind}: {type(e).__name__}: {e} at {where.filename}:{where.lineno} "
                                f"for {text!r}")
            finally:
                if use_alarm:
                    signal.setitimer(signal.ITIMER_REAL, 0)
    finally:
        if use_alarm:
            signal.signal(signal.SIGALRM, old)
    for kind in kinds:
        print(f"  {kind:<13} {tally[kind, 'accepted']:>5} accepted {tally[kind, 'rejected']:>5} rejected",
              file=out)
    print(f"notation fuzz: {count} inputs, seed {seed}, {len(findings)} findings, "
          f"{time.perf_counter() - t0:.1f} s", file=out)
    for f in findings:
        print("  FINDING " + f, file=out)
    return findings


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", type=int, default=4000, help="inputs to try (default 4000)")
    ap.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    ap.add_argument("--timeout", type=float, default=30.0, help="seconds one input may take (default 30)")
    a = ap.parse_args()
    return 1 if run(a.count, a.seed, a.timeout) else 0


if __name__ == "__main__":
    sys.exit(main())

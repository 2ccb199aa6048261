"""Small helpers shared by several test files."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from sixtysix_solver import Game, _core
from sixtysix_solver.rules.random_play import random_action
from sixtysix_solver.rules.profiles import Profile, get_profile

# Two-hand strict endings searched over the cards alone (card_reach, race): one profile of each
# deck and set of follow rules, two decks included.
ENDING_PROFILES = ["sixty-six", "sixty-six-jaques", "schnapsen", "mariage", "double-deck"]


def ending_deck(profile: str) -> tuple[Profile, _core.RuleSet, list[int]]:
    """The profile, its core rules and its deck as card codes (suit * 8 + rank, 0 the ace), each
    code once per copy."""
    prof = get_profile(profile)
    ranks = {"9": 6, "J": 5, "7": 8}[prof.low_rank]
    deck = [s * 8 + r for s in range(4) for r in range(ranks)] * prof.copies
    return prof, _core.RuleSet(prof.knobs()), deck


def strict_replies(follower: tuple[int, ...], lead: int, trump: int, head: bool,
                   must_trump: bool) -> list[int]:
    """The follower's legal cards to `lead` in the strict phase (RULES.md): follow suit, beat
    the lead if `head` and able, else trump when void if `must_trump` and able."""
    same = [b for b in follower if b >> 3 == lead >> 3]
    above = [b for b in same if (b & 7) < (lead & 7)]
    trumps = [b for b in follower if b >> 3 == trump]
    if same:
        return above if head and above else same
    if must_trump and trumps:
        return trumps
    return list(follower)


def random_position(profile: str, seed: int, moves: int, *, dealer: int | None = None) -> Game:
    """A seeded deal played ``moves`` seeded random actions forward, stopping one action short
    of the end of the hand."""
    rng = random.Random(seed)
    g = Game.deal(profile, seed=seed) if dealer is None else Game.deal(profile, seed=seed,
                                                                        dealer=dealer)
    for _ in range(moves):
        nxt = g.clone()
        nxt.apply(random_action(nxt, rng))
        if nxt.is_over:
            break
        g = nxt
    return g


def assert_match_deals(hands: Sequence[Any], seed: int, index: int, prof: Profile) -> None:
    """A match's hands in the arena's order: hand k of match ``index`` is the deal of seed
    ``derive_seed(seed, "deal", index, k)``, the deal moves one seat on, and a drawn hand's
    carry passes to the next."""
    from sixtysix_solver.rules.seeds import derive_seed

    carry = 0
    for k, h in enumerate(hands):
        assert h.deal_seed == derive_seed(seed, "deal", index, k)
        assert h.dealer == (prof.players - 1 + k) % prof.players
        assert h.carry == carry
        carry = carry + prof.draw_carry if h.reason == "draw" else 0


def bench_module(name: str) -> Any:
    """The script ``bench/<name>.py`` as a module (registered under ``name``, where its
    dataclasses look their module up)."""
    import importlib.util
    import sys
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "bench" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


class RiggedRecommend:
    """Makes the engine agent's ``recommend`` answer with figures we choose: every action
    scores 0 in each world but ``favourite``, which scores ``diffs`` (one value a world);
    ``exact`` marks the figures as exact. Change the attributes between calls."""

    def __init__(self, monkeypatch: Any, favourite: Any, diffs: Sequence[int],
                 exact: bool = False) -> None:
        import dataclasses
        import importlib

        import numpy as np

        self.favourite, self.diffs, self.exact = favourite, list(diffs), exact
        engine = importlib.import_module("sixtysix_solver.agents.engine")
        real = engine.recommend

        def rigged(view: Any, **kw: Any) -> Any:
            r = real(view, **kw)
            cols = [s.action for s in r.actions]
            vals = np.zeros((len(self.diffs), len(cols)), dtype=np.int16)
            vals[:, cols.index(self.favourite)] = self.diffs
            return dataclasses.replace(r, values=vals, weights=np.ones(len(self.diffs)),
                                       best=self.favourite, exact=self.exact)

        monkeypatch.setattr(engine, "recommend", rigged)

"""rules/cards.py's ``beats`` is the core's trick rule (cpp/state.hpp): the two agree on every
pair of cards and every trump suit."""

from __future__ import annotations

import itertools

from sixtysix_solver import _core
from sixtysix_solver.rules.cards import Card, beats


def test_beats_agrees_with_the_core_on_every_pair() -> None:
    for a, b, trump in itertools.product(range(32), range(32), range(4)):
        assert beats(a, b, trump) == _core.beats(a, b, trump), (
            Card.from_code(a), Card.from_code(b), trump,
        )


def test_beats_examples() -> None:
    ac, tc, nine_h = (Card.parse(t).code for t in ("AC", "TC", "9H"))
    assert beats(ac, tc, 3) and not beats(tc, ac, 3)
    assert beats(nine_h, ac, 2) and not beats(nine_h, ac, 3)
    assert not beats(ac, ac, 0)  # identical cards (the double deck): the first played wins

"""Slow, obviously correct max^n over the reference rules (tests/reference/rules_model.py).

Every side plays for itself: at each turn the side to act takes the action whose outcome is
best for it, ties to the lowest action code. A side's utility at the end of a hand is its
return times ``SCALE`` plus its score (card points, marriages, bonuses): game points first,
its own points second. A side that can claim and win claims at once. No pruning;
memoisation on the complete reference state only.
"""

from __future__ import annotations

from reference.minimax import _key
from reference.rules_model import A_CLAIM, RefState

SCALE = 512


def utilities(s: RefState) -> tuple[int, ...]:
    """Every side's utility in a finished hand."""
    returns, scores = s.result()["returns"], s.scores()
    first = [next(p for p in range(s.prof.players) if s.side(p) == q) for q in range(len(scores))]
    return tuple(returns[first[q]] * SCALE + min(max(scores[q], 0), SCALE - 1)
                 for q in range(len(scores)))


def solve(root: RefState) -> tuple[tuple[int, ...], dict[int, tuple[int, ...]]]:
    """The utility vector of ``root`` and of each legal action."""
    memo: dict[str, tuple[int, ...]] = {}

    def value(s: RefState) -> tuple[int, ...]:
        if s.is_over():
            return utilities(s)
        k = _key(s)
        if k not in memo:
            me = s.side(s.to_act())
            if A_CLAIM in s.legal_actions():
                won = utilities(s.apply(A_CLAIM))
                if won[me] >= SCALE:
                    memo[k] = won
                    return won
            memo[k] = max(((value(c), a) for a, c in s.children()), key=lambda va: (va[0][me], -va[1]))[0]
        return memo[k]

    return value(root), {a: value(c) for a, c in root.children()}

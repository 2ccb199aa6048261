"""Slow, obviously correct minimax over the reference rules (tests/reference/rules_model.py).

No pruning, no move ordering, no claim shortcut: every legal action (false claims included) is
tried. Memoisation on the complete reference state only avoids recomputing identical
positions. Values are for the player to act's side (with three players: that player against
the other two), in the solver's objectives: ``game_points``, ``win`` or ``card_points``.

``card_points`` is the side's score once every card has been played, claims ignored: the end
phase (all cards played, a claim or pass to come) is terminal, worth the score once the hand
ends without a claim (with three hands that adds the dead hand to the score of the player
with most tricks).
"""

from __future__ import annotations

from reference.rules_model import A_CLAIM, A_PASS, RefState


def _key(s: RefState) -> str:
    """Every attribute of the state, by name (values are numbers, strings, None, the profile,
    and lists, tuples and dicts of those, whose ``repr`` tells them apart)."""
    return repr(s.__dict__)


def solve(root: RefState, objective: str = "game_points") -> tuple[int, dict[int, int]]:
    """The value of ``root`` and of each legal action, for the player to act at the root."""
    if objective not in ("game_points", "win", "card_points"):
        raise ValueError(f"unknown objective {objective!r}")
    player = root.to_act()
    team = root.side(player)
    memo: dict[str, int] = {}
    skip = (A_CLAIM,) if objective == "card_points" else ()

    def leaf(s: RefState) -> int:
        if objective == "card_points":
            return s.scores()[team]
        r = s.result()["returns"][player]
        return (r > 0) - (r < 0) if objective == "win" else r

    def value(s: RefState) -> int:
        if s.is_over():
            return leaf(s)
        if objective == "card_points" and s.phase() == "end":
            return s.apply(A_PASS).scores()[team]
        k = _key(s)
        if k not in memo:
            vals = [value(child) for _, child in s.children(skip)]
            memo[k] = max(vals) if s.side(s.to_act()) == team else min(vals)
        return memo[k]

    # The root's value by the same rules as every other position (under card_points an
    # end-phase root is terminal), and each action's value as the position it leads to.
    per_action = {a: value(child) for a, child in root.children(skip)}
    return value(root), per_action

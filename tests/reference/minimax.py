"""Slow, obviously correct minimax over the reference rules (tests/reference/engine.py).

No pruning, no move ordering, no claim shortcut: every legal action (false claims included) is
tried. Memoisation on the complete reference state only avoids recomputing identical
positions. Values are for the player to act's side (with three players: that player against
the other two), in the solver's objectives: ``game_points``, ``win`` or ``card_points``.
"""

from __future__ import annotations

from reference.engine import A_CLAIM, RefState


def _key(s: RefState) -> str:
    return repr(sorted((k, v) for k, v in s.__dict__.items() if k != "prof"))


def solve(root: RefState, objective: str = "game_points") -> tuple[int, dict[int, int]]:
    """The value of ``root`` and of each legal action, for the player to act at the root."""
    player = root.to_act()
    team = root.side(player)
    memo: dict[str, int] = {}

    def leaf(s: RefState) -> int:
        if objective == "card_points":
            return s.scores()[team]
        r = s.result()["returns"][player]
        return (r > 0) - (r < 0) if objective == "win" else r

    def actions(s: RefState) -> list[int]:
        acts = s.legal_actions()
        if objective == "card_points":
            acts = [a for a in acts if a != A_CLAIM]
        return acts

    def value(s: RefState) -> int:
        if s.is_over():
            return leaf(s)
        if objective == "card_points" and s.phase() == "end":
            return s.scores()[team]
        k = _key(s)
        if k not in memo:
            vals = [value(s.apply(a)) for a in actions(s)]
            memo[k] = max(vals) if s.side(s.to_act()) == team else min(vals)
        return memo[k]

    per_action = {a: value(root.apply(a)) for a in actions(root)}
    best = max(per_action.values()) if root.side(root.to_act()) == team else min(per_action.values())
    return best, per_action

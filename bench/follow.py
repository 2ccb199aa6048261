"""The club player's card when answering a lead early in the open phase, for bench/forks.py.

In sixty-six, where the heuristic's and PIMC's choices differ on the heuristic's own line of
play (``bench/forks/sixty-six-club-engine*.jsonl``, ``--report --by-kind``), the heuristic's
card was the better one in the early answers to a lead (12 to 6 cards in the stock), and
PIMC's was as good or better almost everywhere else. This is the engine with its ``follow``
option (``EngineAgent``: the club player's card while the seat answers a lead with at least
``stock`` cards in the stock), named as the fork runs of the twenty-seventh session name it:

    custom:factory=follow.follow                   # 1 s, 1,000 worlds, closing when sure
    custom:factory=follow.follow,stock=8,rule=basic

which is ``engine:worlds=1000,time=1,threads=1,club=expert,follow=6,fallible=off`` (and
``club=basic,follow=8``). Every other keyword goes to :class:`EngineAgent`.
"""

from __future__ import annotations

from typing import Any

from sixtysix_solver.agents.engine import EngineAgent


def follow(seed: int, *, worlds: int = 1000, time: float = 1.0, stock: int = 6,
           rule: str = "expert", **kw: Any) -> EngineAgent:
    # fallible off, as when this agent was measured (before fallible=auto in sixty-six)
    return EngineAgent(worlds=worlds, time_limit=time, seed=seed, club=rule, follow=int(stock),
                       **{"fallible": None, **kw})
